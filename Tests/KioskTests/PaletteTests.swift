import Calculator
@testable import Kiosk
import Raster
import Testing

@Suite struct PaletteTests {
    /// WCAG's AA (4.5:1) for every theme; high contrast meets AAA (7:1).
    @Test(arguments: Theme.allCases) func everyTextMeetsItsThemesLevel(theme: Theme) {
        let least = theme == .highContrast ? 7.0 : 4.5
        for pair in Palette(theme).textPairs {
            let ratio = contrastRatio(pair.text, pair.surface)
            #expect(ratio >= least, "\(theme) \(pair.name): \(ratio)")
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

    /// High contrast: a key's face, pressed or not, stands 3:1 off the surface around it (WCAG 1.4.11),
    /// so a key is seen as a key by its shape alone; the light and dark themes separate keys by colour.
    @Test func highContrastKeyFacesStandOutOnTheKeypad() {
        let p = Palette(.highContrast)
        #expect(p.keyFacePairs.count == 2 * KeyRole.allCases.count + 5)
        for pair in p.keyFacePairs {
            let ratio = contrastRatio(pair.face, pair.surface)
            #expect(ratio >= 3, "\(pair.name): \(ratio)")
        }
        // The light theme's white digits on its pale keypad do not: the check can fail.
        #expect(Palette(.light).keyFacePairs.contains { contrastRatio($0.face, $0.surface) < 3 })
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
            for role in KeyRole.allCases { #expect(p.keyColors(role).pressed != p.keyColors(role).face, "\(theme) \(role)") }
        }
    }

    @Test func themesAreNamedAsTheOptionsTakeThem() {
        #expect(Theme(rawValue: "high-contrast") == .highContrast)
        #expect(Theme.accepted == "light, dark or high-contrast")
    }
}
