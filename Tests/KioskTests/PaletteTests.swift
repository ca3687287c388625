@testable import Kiosk
import Raster
import Testing

@Suite struct PaletteTests {
    @Test(arguments: Theme.allCases) func everyTextMeetsWCAGAA(theme: Theme) {
        for pair in Palette(theme).textPairs {
            let ratio = contrastRatio(pair.text, pair.surface)
            #expect(ratio >= 4.5, "\(theme) \(pair.name): \(ratio)")
        }
    }

    /// WCAG 2.1's 1.4.11 asks 3:1 of graphics; the first four curves meet the 4.5:1 of text as well.
    @Test(arguments: Theme.allCases) func everyCurveColourStandsOutOnTheGraph(theme: Theme) {
        let p = Palette(theme)
        #expect(p.curves.count >= 6)
        #expect(p.curves.first == p.curve)
        #expect(Set(p.curves.map(\.xrgb)).count == p.curves.count)
        for (i, c) in p.curves.enumerated() {
            let ratio = contrastRatio(c, p.graphFace)
            print("\(theme) curve \(i) #\(String(c.xrgb, radix: 16)) on the graph: \(ratio):1")
            #expect(ratio >= 3, "\(theme) curve \(i): \(ratio)")
            if i < 4 { #expect(ratio >= 4.5, "\(theme) curve \(i): \(ratio)") }
        }
    }

    @Test func contrastOfBlackOnWhiteIsTwentyOne() {
        #expect(abs(contrastRatio(.black, .white) - 21) < 0.01)
        #expect(abs(contrastRatio(.white, .white) - 1) < 1e-9)
    }

    @Test func operationKeysAreColouredApartFromDigits() {
        for theme in Theme.allCases {
            let p = Palette(theme)
            #expect(p.operation.face != p.digit.face)
            #expect(p.function.face != p.digit.face)
            #expect(p.accent.face != p.disabled.face)
        }
    }
}
