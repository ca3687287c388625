import FoundationEssentials
import Kiosk
import Raster

/// The state file's payload as JSON: the kiosk frames the file and defines the state; calx picks the format.
/// Sorted keys make the same state the same bytes, so a save that changes nothing changes no byte; slashes
/// stay as they are, so an exact value reads "exact:1/3".
struct JSONStateCoder: StateCoder {
    func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}

extension KioskApp {
    /// The kiosk as calx runs it: the real controller, the state file's payload in JSON.
    package convenience init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil,
                     theme: Theme = .light, textScale: Double = 1, settings: LayoutSettings = LayoutSettings(),
                     glyphs: any GlyphSource, storage: any StateStorage) {
        self.init(width: width, height: height, millimetres: millimetres, theme: theme, textScale: textScale, settings: settings,
                  glyphs: glyphs, storage: storage, coder: JSONStateCoder())
    }
}
