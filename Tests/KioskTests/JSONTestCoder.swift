import Foundation
import Kiosk
import Raster

/// The state file's payload as JSON, as calx writes it (calx's JSONStateCoder, which this test target
/// cannot import): the kiosk itself imports no Foundation and takes the format as a parameter.
struct JSONTestCoder: StateCoder {
    func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(value))
    }

    func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}

extension KioskApp {
    /// The tests' kiosk: the state in JSON, as calx keeps it.
    convenience init(width: Int, height: Int, millimetres: (width: Double, height: Double)? = nil,
                     theme: Theme = .light, glyphs: any GlyphSource, storage: any StateStorage,
                     model: (any CalculatorModel)? = nil) {
        if let model {
            self.init(width: width, height: height, millimetres: millimetres, theme: theme, glyphs: glyphs,
                      storage: storage, coder: JSONTestCoder(), model: model)
        } else {
            self.init(width: width, height: height, millimetres: millimetres, theme: theme, glyphs: glyphs,
                      storage: storage, coder: JSONTestCoder())
        }
    }
}
