import Raster

/// Display selection from the command line.
public struct DisplayRequest: Sendable {
    public var card: String?
    public var connector: String?
    public var mode: (width: Int, height: Int, refresh: Int?)?
    /// How the picture is turned on the screen; `mode` is the screen's own, unturned.
    public var rotation: ScreenRotation
    public init(card: String? = nil, connector: String? = nil, mode: (width: Int, height: Int, refresh: Int?)? = nil,
                rotation: ScreenRotation = .upright) {
        self.card = card; self.connector = connector; self.mode = mode; self.rotation = rotation
    }

    /// The largest width, height or refresh rate a mode may ask for.
    public static let largestMode = 16384

    /// "800x480" or "800x480@60": each number from 1 to `largestMode`; anything else is nil.
    public static func parseMode(_ text: String) -> (width: Int, height: Int, refresh: Int?)? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        func number(_ s: Substring) -> Int? { Int(s).flatMap { (1...largestMode).contains($0) ? $0 : nil } }
        guard size.count == 2, let w = number(size[0]), let h = number(size[1]) else { return nil }
        guard parts.count == 2 else { return (w, h, nil) }
        guard let r = number(parts[1]) else { return nil }
        return (w, h, r)
    }
}
