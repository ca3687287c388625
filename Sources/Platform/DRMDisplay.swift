import CDRM
import Glibc
import Raster

/// modeset-vsync style: two dumb buffers, SetCrtc once, then page flips with events. The kiosk draws
/// into a shadow in cached memory; present writes the damage, and what the back buffer missed while
/// it was on screen, into the back buffer (turned when the screen is), never reading a dumb buffer.
public final class DRMDisplay: Display {
    /// The card, open read-write; closed by `close()`.
    let card: FileDescriptor
    public var fd: Int32 { card.rawValue }
    public var cardPath: String { card.path }
    public internal(set) var connectorName: String
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var millimetres: ScreenMillimetres?
    var connectorID: UInt32
    var crtcID: UInt32
    var mode: drmModeModeInfo
    /// What hotplug re-probes for: the flags' connector and mode.
    let request: DisplayRequest
    /// The mode last set up; kept while dark, so a returning screen can be compared with it.
    var shown: ScreenMode
    public internal(set) var isShowing = true
    let savedCrtc: UnsafeMutablePointer<drmModeCrtc>?
    var buffers: [DumbBuffer]
    var back = 0
    var modeSet = false
    public internal(set) var isBusy = false
    public let rotation: ScreenRotation
    /// The upright picture, and what each dumb buffer lacks of it.
    var shadow: ShadowFrame

    public var eventFD: Int32? { fd }

    public var drawBuffer: PixelBuffer { shadow.picture.buffer }

    func scanout(_ index: Int) -> ScanoutPage {
        let b = buffers[index]
        return ScanoutPage(PixelBuffer(base: b.map, width: Int(mode.hdisplay), height: Int(mode.vdisplay), strideBytes: Int(b.pitch))!)
    }

    init(card: FileDescriptor, choice: ConnectorChoice, request: DisplayRequest) throws(PlatformError) {
        self.card = card
        self.request = request
        shown = choice.screenMode
        connectorName = choice.name
        connectorID = choice.connectorID
        crtcID = choice.crtcID
        mode = choice.mode
        rotation = request.rotation
        (width, height, millimetres) = DRMDisplay.picture(on: choice, turned: request.rotation)
        savedCrtc = drmModeGetCrtc(card.rawValue, choice.crtcID)
        let screen = (width: Int(choice.mode.hdisplay), height: Int(choice.mode.vdisplay))
        let first = try DumbBuffer.make(card: card, width: screen.width, height: screen.height)
        do { buffers = [first, try DumbBuffer.make(card: card, width: screen.width, height: screen.height)] } catch {
            first.destroy(card: card); throw error
        }
        shadow = DRMDisplay.makeShadow(for: choice.mode, rotation: request.rotation)
    }

    /// The upright picture's size on `choice`'s screen: the mode's, turned.
    static func picture(on choice: ConnectorChoice, turned rotation: ScreenRotation)
        -> (width: Int, height: Int, millimetres: ScreenMillimetres?) {
        let size = rotation.turned(width: Int(choice.mode.hdisplay), height: Int(choice.mode.vdisplay))
        return (size.width, size.height, choice.screenMode.millimetres?.turned(by: rotation))
    }

    /// A fresh shadow for `mode`'s screen; both dumb buffers lack all of it.
    static func makeShadow(for mode: drmModeModeInfo, rotation: ScreenRotation) -> ShadowFrame {
        ShadowFrame(scanoutWidth: Int(mode.hdisplay), scanoutHeight: Int(mode.vdisplay), rotation: rotation, pages: 2)
    }

    /// Opens `request.card`, else the first /dev/dri/card* with a connected connector.
    /// A card that fails a step is closed as the next one is tried.
    public static func open(_ request: DisplayRequest, calls: SystemCalls = .real) throws(PlatformError) -> DRMDisplay {
        let cards = request.card.map { [$0] } ?? DRMProbe.cardPaths()
        guard !cards.isEmpty else { throw PlatformError("find DRM card", "/dev/dri/card*", errno: ENOENT) }
        var last = PlatformError("find connected connector", cards.joined(separator: " "), errno: ENODEV)
        for path in cards {
            do {
                let card = try FileDescriptor.open(path, O_RDWR | O_CLOEXEC, calls: calls)
                let choice = try ConnectorChoice.pick(fd: card.rawValue, connector: request.connector, mode: request.mode)
                return try DRMDisplay(card: card, choice: choice, request: request)
            } catch { last = error }
        }
        throw last
    }

    public func present(damage: [IntRect]) throws(PlatformError) {
        shadow.update(page: back, of: scanout(back), damage: damage)
        let b = buffers[back]
        if !modeSet {
            var connector = connectorID
            guard drmModeSetCrtc(fd, crtcID, b.fbID, 0, 0, &connector, 1, &mode) == 0 else {
                throw PlatformError("drmModeSetCrtc", connectorName, errno: errno)
            }
            modeSet = true
        } else {
            let me = Unmanaged.passUnretained(self).toOpaque()
            guard drmModePageFlip(fd, crtcID, b.fbID, calx_drm_page_flip_event(), me) == 0 else {
                throw PlatformError("drmModePageFlip", connectorName, errno: errno)
            }
            isBusy = true
        }
        // The new back buffer lags by this frame's damage: the shadow brings it up to date from the
        // picture when it is next presented.
        back ^= 1
    }

    public func handleEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, data in
            guard let data else { return }
            Unmanaged<DRMDisplay>.fromOpaque(data).takeUnretainedValue().isBusy = false
        }
        _ = drmHandleEvent(fd, &context)
    }

    /// Waits for a pending flip, puts the saved CRTC back, frees the buffers.
    public func close() {
        finishPendingFlip()
        if let saved = savedCrtc {
            var connector = connectorID
            var savedMode = saved.pointee.mode
            _ = drmModeSetCrtc(fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                               &connector, 1, &savedMode)
            drmModeFreeCrtc(saved)
        }
        for b in buffers { b.destroy(card: card) }
        buffers = []
        try? card.close()
    }
}
