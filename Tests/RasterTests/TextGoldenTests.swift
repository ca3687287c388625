import GoldenImage
import Raster
import Testing
import Typeface

/// Text drawn through Canvas with the default face, at three sizes, compared with reference pictures.
@Suite struct TextGoldenTests {
    let face: Typeface
    init() throws { face = try Typeface.default() }

    @Test func textInThreeSizes() throws {
        let image = PixelImage(width: 520, height: 150)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(Color.white)
        let ink = Color(rgb: 0x141418)
        var baseline = 6.0
        for (size, text) in [(13, "Calx 0123456789 sin⁻¹ log₁₀ eˣ 10ˣ x⁻¹ → ⌫ ±"),
                             (26, "AVATAR 3.14159 √ ∛ π × ÷ −"),
                             (52, "x²+y³ = 42")] {
            let font = Font(source: face, pixelSize: size)
            let layout = TextLayout(text, font: font)
            #expect(layout.missing.isEmpty)
            baseline += layout.ascent
            canvas.draw(layout, x: 8, baseline: baseline, ink)
            baseline += layout.descent + 6
        }
        try assertMatchesGolden(image.buffer, named: "text_three_sizes", referencesDirectory: references(#filePath))
    }

    @Test func lightTextOnDarkKeysWithTranslucentInk() throws {
        let image = PixelImage(width: 300, height: 70)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(Color(rgb: 0x1C1E21))
        let font = Font(source: face, pixelSize: 26)
        let labels = ["sin", "x⁻¹", "→M", "÷"]
        for (i, label) in labels.enumerated() {
            let layout = TextLayout(label, font: font)
            let ink = try #require(layout.inkBounds)
            // Centre each label's ink in a 75 px cell, like a key.
            let x = Double(i * 75) + 37.5 - Double(ink.x) - Double(ink.width) / 2
            canvas.draw(layout, x: x.rounded(), baseline: 32, Color.white)
        }
        canvas.draw(TextLayout("half-transparent", font: Font(source: face, pixelSize: 18)),
                    x: 8, baseline: 60, Color(rgb: 0xFF9F0A).withAlpha(128))
        try assertMatchesGolden(image.buffer, named: "text_light_on_dark", referencesDirectory: references(#filePath))
    }

    @Test func textClippedAtTheCanvasEdges() throws {
        let image = PixelImage(width: 120, height: 40)
        var canvas = Canvas(buffer: image.buffer)
        canvas.clear(Color.white)
        let font = Font(source: face, pixelSize: 52)
        canvas.draw(TextLayout("Wg", font: font), x: -12, baseline: 30, Color.black)
        canvas.draw(TextLayout("8", font: font), x: 95, baseline: 50, Color(rgb: 0x1F5FD0))
        try assertMatchesGolden(image.buffer, named: "text_clipped", referencesDirectory: references(#filePath))
    }
}
