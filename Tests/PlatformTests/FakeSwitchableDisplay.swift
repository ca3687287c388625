import Glibc
import Raster
@testable import Platform

/// A DRM-like display in memory: records the master and scanout calls; `probe` is what a
/// re-probe finds.
final class FakeSwitchableDisplay: SwitchableDisplay {
    let log: CallLog
    let image: PixelImage
    var width: Int
    var height: Int
    var millimetres: ScreenMillimetres?
    var isShowing = true
    var isBusy = false
    var shown: ScreenMode
    var probe: ScreenMode?
    /// How many of the next setMaster / dropMaster calls fail (EBUSY / EINVAL), as another process holding it would.
    var refuseSetMaster = 0
    var refuseDropMaster = 0

    init(log: CallLog, width: Int = 8, height: Int = 4) {
        self.log = log
        self.width = width; self.height = height
        image = PixelImage(width: width, height: height)
        shown = ScreenMode(connector: "HDMI-A-1", width: width, height: height, refresh: 60)
        probe = shown
    }

    var drawBuffer: PixelBuffer { image.buffer }
    func present(damage: [IntRect]) throws(PlatformError) { log.calls.append("present") }
    var eventFD: Int32? { nil }
    func handleEvents() {}
    func close() {}
    func finishPendingFlip() { log.calls.append("finishPendingFlip") }
    func dropMaster() throws(PlatformError) {
        log.calls.append("dropMaster")
        if refuseDropMaster > 0 { refuseDropMaster -= 1; throw PlatformError("drmDropMaster", "fake", errno: EINVAL) }
    }
    func setMaster() throws(PlatformError) {
        log.calls.append("setMaster")
        if refuseSetMaster > 0 { refuseSetMaster -= 1; throw PlatformError("drmSetMaster", "fake", errno: EBUSY) }
    }
    func restoreScanout() throws(PlatformError) { log.calls.append("restoreScanout") }
    func followConnectors() throws(PlatformError) -> HotplugPlan {
        log.calls.append("followConnectors")
        let plan = HotplugPlan.decide(shown: shown, isShowing: isShowing, probed: probe)
        switch plan {
        case .keep: break
        case .goDark: isShowing = false
        case .modeset(let mode, _):
            shown = mode; isShowing = true
            width = mode.width; height = mode.height
            millimetres = mode.millimetres
        }
        return plan
    }
}
