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
