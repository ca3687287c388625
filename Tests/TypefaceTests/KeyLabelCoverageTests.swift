import Raster
import Testing
import Typeface

/// Every label on a Calx key must come out as ink, not as a box. This list is the calculator's labels
/// (CalculatorKey, UnaryFunction, BinaryFunction) plus the bench keypad's.
let keyLabels = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "=", "C", "M", "→M", "⌫",
    "+", "−", "×", "÷", "xʸ", "√", "∛", "x²", "x³", "x⁻¹", "±", "%",
    "sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹", "ln", "log₁₀", "eˣ", "10ˣ", "π", "e", "Rand",
]

@Suite struct KeyLabelCoverageTests {
    @Test func dejaVuSansHasEveryKeyLabelScalar() throws {
        let face = try Typeface.default()
        let missing = keyLabels.flatMap { face.missingScalars(in: $0) }
        #expect(missing.isEmpty, "DejaVu Sans lacks \(missing.map { "U+" + String($0.value, radix: 16, uppercase: true) })")
    }

    @Test func everyLabelScalarRendersInkAtKeySize() throws {
        let face = try Typeface.default()
        for label in keyLabels {
            let layout = TextLayout(label, font: Font(source: face, pixelSize: 26))
            #expect(layout.missing.isEmpty, "\(label)")
            for placed in layout.placed {
                let ink = placed.glyph?.mask.coverage.reduce(0) { $0 + Int($1) } ?? 0
                #expect(ink > 255 * 3, "\(label): U+\(String(placed.scalar.value, radix: 16)) draws nothing")
            }
        }
    }

    @Test func graphEmojiIsTheOneLabelDrawnAsAnIcon() throws {
        // U+1F4C8 is in no installed font: the keypad draws it as vector strokes.
        #expect(try Typeface.default().missingScalars(in: "\u{1F4C8}") == ["\u{1F4C8}"])
    }
}
