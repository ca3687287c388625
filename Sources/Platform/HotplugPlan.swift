import Raster
/// What a connector shows: the facts a hotplug decision compares.
public struct ScreenMode: Sendable, Equatable {
    public var connector: String
    public var width: Int
    public var height: Int
    public var refresh: Int
    public var millimetres: ScreenMillimetres?

    public init(connector: String, width: Int, height: Int, refresh: Int, millimetres: ScreenMillimetres? = nil) {
        self.connector = connector; self.width = width; self.height = height
        self.refresh = refresh; self.millimetres = millimetres
    }

    /// What the layout depends on: a different refresh rate or connector needs no new layout.
    func sameLayout(as other: ScreenMode) -> Bool {
        width == other.width && height == other.height && millimetres == other.millimetres
    }
}

/// What to do after a DRM uevent, from what is on screen and what the re-probe found.
public enum HotplugPlan: Sendable, Equatable {
    /// Nothing that matters changed (another connector, a repeated event, still nothing connected).
    case keep
    /// Our connector went away: free the buffers and wait quietly for one to come back.
    case goDark
    /// Set `mode` up and redraw everything; `resize` when the client's layout must change too.
    case modeset(ScreenMode, resize: Bool)

    /// - Parameters:
    ///   - shown: the mode last set up, kept through a disconnection so a return can be compared.
    ///   - isShowing: whether it is on a connected connector now.
    ///   - probed: what the connector choice picks now, or nil when nothing usable is connected.
    public static func decide(shown: ScreenMode, isShowing: Bool, probed: ScreenMode?) -> HotplugPlan {
        guard let probed else { return isShowing ? .goDark : .keep }
        if isShowing && probed == shown { return .keep }
        return .modeset(probed, resize: !probed.sameLayout(as: shown))
    }
}
