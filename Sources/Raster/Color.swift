/// A straight-alpha ARGB colour. Buffers store XRGB8888 (0x00RRGGBB), the DRM and cairo RGB24 layout.
public struct Color: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 0xRRGGBB, opaque.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// 0x00RRGGBB, alpha dropped.
    public var xrgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    public func withAlpha(_ alpha: UInt8) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
}
