/// A display that shares its screen: with other VTs through DRM master, and with the connectors
/// that come and go. fbdev has neither (the loop just stops drawing while switched away).
public protocol SwitchableDisplay: Display {
    /// False while no connector is connected: there is no buffer to draw into.
    var isShowing: Bool { get }
    /// Waits (briefly) for a queued page flip to land.
    func finishPendingFlip()
    func dropMaster() throws(PlatformError)
    func setMaster() throws(PlatformError)
    /// Puts our mode and front buffer back on the CRTC, e.g. after another VT used it.
    func restoreScanout() throws(PlatformError)
    /// Re-probes the connectors and follows them (modeset or go dark); says what it did.
    func followConnectors() throws(PlatformError) -> HotplugPlan
}
