import Calculator
import CalculatorBrain
@testable import Kiosk
import Raster
import Testing
import Typeface

/// A controller that only shows a description: long text on the screen without typing it.
private final class DescriptionOnly: CalculatorModel {
    var description: String
    init(_ description: String) { self.description = description }
    func press(_ key: CalculatorKey) -> GraphRequest? { nil }
    var readouts: CalculatorController.Readouts {
        CalculatorController.Readouts(display: "0", description: description, isGraphEnabled: true)
    }
    var state: CalculatorController.State { CalculatorController.State(typing: nil) }
    func restore(_ state: CalculatorController.State) throws {}
}

/// The thirty-term title of the issue: M + sin(M) + sin(M) + …
private let longText = "M" + String(repeating: " + sin(M)", count: 29)

@Suite struct LongTextTests {
    @Test func longTextShrinksToTheReadableMinimumThenElides() throws {
        let font = try Typeface.default()
        for (width, height) in [(200, 30), (380, 30), (60, 20)] {
            let smallest = FittedText.readableMinimum(maxPixelSize: height * 3 / 4, pixelsPerMillimetre: nil)
            #expect(smallest == max(12, height * 3 / 8) || smallest == height * 3 / 4)
            for elision in [FittedText.Elision.leading, .middle, .trailing] {
                let t = FittedText(longText, glyphs: font, maxPixelSize: height * 3 / 4, width: width, height: height,
                                   minPixelSize: smallest, elision: elision)
                #expect(t.layout.width <= Double(width), "\(width): \(t.layout.width)")
                #expect(t.font.pixelSize >= smallest)
                #expect(t.shown.contains("…") && t.shown.count < longText.count)
                let kept = t.shown.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
                switch elision {
                case .leading: #expect(kept[0].isEmpty && longText.hasSuffix(kept[1]))
                case .trailing: #expect(longText.hasPrefix(kept[0]) && kept[1].isEmpty)
                case .middle: #expect(longText.hasPrefix(kept[0]) && longText.hasSuffix(kept[1]) && !kept[0].isEmpty)
                }
            }
        }
        // What fits is shown whole, at its natural size.
        let short = FittedText("sin(M)", glyphs: font, maxPixelSize: 22, width: 380, height: 30, minPixelSize: 12, elision: .middle)
        #expect(short.shown == "sin(M)" && short.font.pixelSize == 22)
    }

    @Test func theMinimumGrowsWithTheScreensMillimetres() {
        #expect(FittedText.readableMinimum(maxPixelSize: 22, pixelsPerMillimetre: nil) == 12)
        #expect(FittedText.readableMinimum(maxPixelSize: 40, pixelsPerMillimetre: nil) == 20)
        #expect(FittedText.readableMinimum(maxPixelSize: 40, pixelsPerMillimetre: 12) == 24)
        // Never above the box's own size.
        #expect(FittedText.readableMinimum(maxPixelSize: 9, pixelsPerMillimetre: 12) == 9)
    }

    /// Rows of `r` holding any pixel other than the background: the drawn text's height.
    func inkRows(_ image: PixelImage, _ r: IntRect, background: Color) -> Int {
        (r.y..<r.maxY).filter { y in (r.x..<r.maxX).contains { image.buffer.xrgb(x: $0, y: y) != background.xrgb } }.count
    }

    func pixels(_ image: PixelImage, _ r: IntRect) -> [UInt32] {
        var out: [UInt32] = []
        for y in max(0, r.y)..<min(image.buffer.height, r.maxY) {
            for x in max(0, r.x)..<min(image.buffer.width, r.maxX) { out.append(image.buffer.xrgb(x: x, y: y)) }
        }
        return out
    }

    /// A long title (a thirty-term program's, as long as a description gets) leaves the Back, Fit and Reset
    /// keys and the rest of the screen exactly as a short one does, at every screen size, in landscape and
    /// portrait. A title is its program's description, so the two programs differ; both graph y = 10⁹,
    /// off the screen, so that only their titles can change a pixel.
    @Test func aLongGraphTitleStaysInItsStrip() throws {
        let font = try Typeface.default()
        let sum: [ProgramStep] = (0..<29).flatMap { _ in [.operation("+"), .variable("M"), .operation("sin")] }
        let offScreen: [ProgramStep] = [.operation("×"), .operand(0), .operation("+"), .operand(1e9), .operation("=")]
        let short = try #require(GraphRequest(program: [.operand(1e9)], angleMode: .radians, variable: "M"))
        let long = try #require(GraphRequest(program: [.variable("M")] + sum + offScreen, angleMode: .radians, variable: "M"))
        #expect(long.description.count == DescriptionText.limit && long.description.hasPrefix("(M + sin(M) + sin(M)"))
        for (w, h) in ScreenLayoutTests.sizes {
            var images: [PixelImage] = []
            var app: KioskApp?
            for graph in [short, long] {
                let a = KioskApp(width: w, height: h, glyphs: font, storage: MemoryStateStorage(), model: DescriptionOnly(""))
                a.showGraph(graph)
                let image = PixelImage(width: w, height: h)
                _ = a.draw(into: image.buffer)
                images.append(image)
                app = a
            }
            let layout = app!.layout
            for key in [layout.toolsKey, layout.fitKey, layout.resetKey] + (app!.isGraphPushed ? [layout.backKey].compactMap { $0 } : []) {
                #expect(pixels(images[0], key) == pixels(images[1], key), "\(w)x\(h): the title spills onto \(key)")
            }
            let below = IntRect(x: 0, y: layout.graphTitle.maxY, width: w, height: h - layout.graphTitle.maxY)
            #expect(pixels(images[0], below) == pixels(images[1], below), "\(w)x\(h): the title spills below its strip")
            // Still readable: the text stands at least 8 px tall (a 12 px face's capitals and brackets).
            let textArea = IntRect(x: (app!.isGraphPushed ? layout.backKey?.maxX : nil) ?? layout.graphPane.x,
                                   y: layout.graphTitle.y + 2, width: 0, height: layout.graphTitle.height - 4)
            let between = IntRect(x: textArea.x + 2, y: textArea.y, width: layout.toolsKey.x - textArea.x - 4, height: textArea.height)
            #expect(inkRows(images[1], between, background: Palette(.light).graphFace) >= 8, "\(w)x\(h): the title shrank too far")
            if layout.mode == .split {
                let left = IntRect(x: 0, y: 0, width: layout.graphPane.x, height: h)
                #expect(pixels(images[0], left) == pixels(images[1], left), "\(w)x\(h): the title spills over the calculator")
            }
        }
    }

    /// A long description stays inside its line of the display strip.
    @Test func aLongDescriptionStaysInItsLine() throws {
        let font = try Typeface.default()
        for (w, h) in ScreenLayoutTests.sizes {
            var images: [PixelImage] = []
            var app: KioskApp?
            for text in ["", longText + " ="] {
                let a = KioskApp(width: w, height: h, glyphs: font, storage: MemoryStateStorage(), model: DescriptionOnly(text))
                let image = PixelImage(width: w, height: h)
                _ = a.draw(into: image.buffer)
                images.append(image)
                app = a
            }
            let line = app!.layout.descriptionLine
            var changedOutside = 0, changedInside = 0
            for y in 0..<h {
                for x in 0..<w where images[0].buffer.xrgb(x: x, y: y) != images[1].buffer.xrgb(x: x, y: y) {
                    if x >= line.x && x < line.maxX && y >= line.y && y < line.maxY { changedInside += 1 } else { changedOutside += 1 }
                }
            }
            #expect(changedOutside == 0, "\(w)x\(h): \(changedOutside) pixels drawn outside the description line")
            #expect(changedInside > 0)
            #expect(inkRows(images[1], line, background: Palette(.light).displayFace) >= 8, "\(w)x\(h): the description shrank too far")
        }
    }
}
