@testable import Kiosk
import Raster
import Testing
import Typeface

/// The exact form beside the number fits every layout with the real font, at a readable size: the forms
/// beside the widest numbers everywhere, and the longest form the screen shows (12 characters beside a minus)
/// beside a plain number on every screen at least 480 pixels wide. Where one does not fit it is left out, and
/// the number is drawn as if there were none (the longest form beside a 13-character number in portrait).
@Suite struct ExactFormFitTests {
    static let forms = ["1/3", "2√2", "π/4", "-√3/2", "-2√3/3", "-12345/678901"]
    static let numbers = ["0.333333", "-0.866025", "-1.234568e-10", "-123456789012"]

    @Test func theFormFitsBesideEveryNumberAtEverySize() throws {
        let font = try Typeface.default()
        for (w, h) in ScreenLayoutTests.sizes {
            let layout = ScreenLayout(width: w, height: h)
            let view = ReadoutView(layout: layout)
            let line = layout.displayLine, gap = layout.descriptionLine.height / 2
            let smallest = FittedText.readableMinimum(maxPixelSize: layout.descriptionLine.height * 3 / 4, pixelsPerMillimetre: nil)
            for form in Self.forms {
                for number in Self.numbers {
                    let content = ReadoutView.Content(description: "", display: number, exact: form)
                    let (shown, exact) = view.numberAndExactForm(content, line: line, smallest: smallest, glyphs: font)
                    guard let label = exact else {
                        #expect(form.count > 6 && (number.count > 9 || w < 480), "\(w)x\(h): \(form) beside \(number) left out")
                        #expect(shown.font.pixelSize == FittedText(number, glyphs: font, maxPixelSize: line.height * 4 / 5,
                                                                    width: line.width, height: line.height).font.pixelSize)
                        continue
                    }
                    #expect(shown.shown == number && label.shown == form + " ≈" && label.layout.missing.isEmpty)
                    #expect(shown.layout.width + Double(gap) + label.layout.width <= Double(line.width), "\(w)x\(h) \(form) \(number)")
                    #expect(label.font.pixelSize >= smallest, "\(w)x\(h) \(form): \(label.font.pixelSize)px")
                }
            }
            // With no form, the number is as it always was.
            let plain = view.numberAndExactForm(.init(description: "", display: "3", exact: nil), line: line, smallest: smallest, glyphs: font)
            #expect(plain.1 == nil && plain.0.font.pixelSize == FittedText("3", glyphs: font, maxPixelSize: line.height * 4 / 5,
                                                                             width: line.width, height: line.height).font.pixelSize)
        }
    }
}
