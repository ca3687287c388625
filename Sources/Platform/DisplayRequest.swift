import Raster

/// A mode asked for by size, and by refresh rate when given ("800x480" or "800x480@60").
public struct RequestedMode: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refresh: Int?
    public init(width: Int, height: Int, refresh: Int? = nil) {
        self.width = width; self.height = height; self.refresh = refresh
    }
    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }
}

/// Display selection from the command line.
public struct DisplayRequest: Sendable {
    public var card: String?
    public var connector: String?
    public var mode: RequestedMode?
    /// How the picture is turned on the screen; `mode` is the screen's own, unturned.
    public var rotation: ScreenRotation
    public init(card: String? = nil, connector: String? = nil, mode: RequestedMode? = nil,
                rotation: ScreenRotation = .upright) {
        self.card = card; self.connector = connector; self.mode = mode; self.rotation = rotation
    }

    /// The largest width, height or refresh rate a mode may ask for.
    public static let largestMode = 16384

    /// "800x480" or "800x480@60": each number from 1 to `largestMode`; anything else is nil.
    public static func parseMode(_ text: String) -> RequestedMode? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        func number(_ s: Substring) -> Int? { Int(s).flatMap { (1...largestMode).contains($0) ? $0 : nil } }
        guard size.count == 2, let w = number(size[0]), let h = number(size[1]) else { return nil }
        guard parts.count == 2 else { return RequestedMode(width: w, height: h) }
        guard let r = number(parts[1]) else { return nil }
        return RequestedMode(width: w, height: h, refresh: r)
    }
}
