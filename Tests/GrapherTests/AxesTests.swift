import SeededRandom
import Foundation
import Grapher
import Raster
import Testing

@Suite struct AxesTests {
    @Test func numberLabelsReadLikeACalculator() {
        #expect(NumberLabel.format(0.1 + 0.2) == "0.3")
        #expect(NumberLabel.format(3 * 0.1) == "0.3")
        #expect(NumberLabel.format(2) == "2")
        #expect(NumberLabel.format(-5) == "−5")
        #expect(NumberLabel.format(0.0001) == "0.0001")
        #expect(NumberLabel.format(1e6) == "1e6")
        #expect(NumberLabel.format(2.5e-7) == "2.5e-7")
        #expect(NumberLabel.format(-3e12) == "−3e12")
        #expect(NumberLabel.format(123456.5) == "123456.5")
        #expect(NumberLabel.format(1.23456789) == "1.234568")
        #expect(NumberLabel.format(0) == "0")
        #expect(NumberLabel.format(-0.0) == "0")
    }

    @Test func ticksStepInOneTwoFiveAtLeastSixtyPixelsApart() {
        var rng = SplitMix64(state: 3)
        for _ in 0..<1000 {
            let scale = pow(10, Double.random(in: -9...9, using: &rng))
            let step = AxisTicks.step(pixelsPerUnit: scale)
            #expect(step * scale >= 60 * (1 - 1e-9))
            #expect(step * scale < 60 * 2.5 + 1e-6)
            let mantissa = step / pow(10, log10(step).rounded(.down))
            #expect([1.0, 2, 5].contains { abs(mantissa - $0) < 1e-9 })
        }
        let ticks = AxisTicks(lower: -8, upper: 8, pixelsPerUnit: 50)
        #expect(ticks.step == 2)
        #expect(ticks.values == [-8, -6, -4, -2, 0, 2, 4, 6, 8])
        // 0.1 steps are multiples, not sums: labels say 0.3, not 0.30000000000000004.
        let fine = AxisTicks(lower: 0, upper: 1, pixelsPerUnit: 600)
        #expect(fine.values.map { NumberLabel.format($0) }.contains("0.3"))
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool { a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY }

    @Test func labelsNeverOverlapEachOtherOrTheAxes() {
        let font = Font(source: BoxGlyphs(), pixelSize: 14)
        var rng = SplitMix64(state: 11)
        for _ in 0..<300 {
            let v = Viewport(originOffsetX: Double.random(in: -900...900, using: &rng),
                             originOffsetY: Double.random(in: -600...600, using: &rng),
                             pixelsPerUnitX: pow(10, Double.random(in: -9...9, using: &rng)),
                             pixelsPerUnitY: pow(10, Double.random(in: -9...9, using: &rng)))
            let axes = AxesLayout(viewport: v, plot: plot800, font: font)
            let labels = axes.xLabels + axes.yLabels
            for (i, a) in labels.enumerated() {
                for b in labels[(i + 1)...] { #expect(!overlaps(a.rect, b.rect), "\(a) \(b)") }
                #expect(!(a.rect.x <= axes.yAxisX && a.rect.maxX >= axes.yAxisX))
                #expect(!(a.rect.y <= axes.xAxisY && a.rect.maxY >= axes.xAxisY))
                #expect(a.rect.x >= plot800.x && a.rect.maxX <= plot800.maxX && a.rect.y >= 0 && a.rect.maxY <= 480)
                #expect(!a.text.contains("000000000"))
            }
        }
    }

    @Test func axesPinToTheNearestEdgeAndKeepTheirLabels() {
        let font = Font(source: BoxGlyphs(), pixelSize: 14)
        // Origin far right and below: the y axis sits at the right edge, the x axis at the bottom.
        let v = Viewport(originOffsetX: 5000, originOffsetY: 3000, pixelsPerUnit: 50)
        let axes = AxesLayout(viewport: v, plot: plot800, font: font)
        #expect(axes.yAxisX == 799.5 && axes.xAxisY == 479.5)
        #expect(axes.xLabels.count >= 5 && axes.yLabels.count >= 3)
        #expect(axes.yLabels.allSatisfy { $0.rect.maxX < 799.5 })
        #expect(axes.xLabels.allSatisfy { $0.rect.maxY < 479.5 })
        let w = AxesLayout(viewport: Viewport(originOffsetX: -5000, originOffsetY: -3000, pixelsPerUnit: 50), plot: plot800, font: font)
        #expect(w.yAxisX == 0.5 && w.xAxisY == 0.5)
        #expect(w.xLabels.count >= 5 && w.yLabels.count >= 3)
    }

    /// What a label says, as a number: in full, or the axis's reference label plus its offset ("+1e-7").
    private func reading(_ label: AxesLayout.Label, reference: AxesLayout.Label?) -> Double? {
        func number(_ text: String) -> Double? { Double(text.replacingOccurrences(of: "−", with: "-")) }
        guard let reference, reference != label else { return number(label.text) }
        guard label.text.hasPrefix("+") || label.text.hasPrefix("−"), let offset = number(label.text),
              let base = number(reference.text) else { return nil }
        return base + offset
    }

    /// Deep in, far out, anywhere the origin may be: an axis's labels are distinct, and each reads as the value
    /// of the tick it marks (within a thousandth of a step), written in full or as an offset from the one
    /// label of that axis written in full. Six fraction digits wrote "0.02" at every tick of a deep zoom.
    @Test func labelsAreDistinctAndAreTheNumbersTheyMarkAtEveryZoom() {
        let font = Font(source: BoxGlyphs(), pixelSize: 14)
        var rng = SplitMix64(state: 25)
        var offsets = 0
        for trial in 0..<3000 {
            let scaleX = pow(10, Double.random(in: -300...300, using: &rng)), scaleY = pow(10, Double.random(in: -300...300, using: &rng))
            // Offsets of every size up to the limit, the deep zoom (y near 0.02 at 1.2e9 pixels a unit) among them.
            func offset() -> Double { (rng.below(2) == 0 ? 1 : -1) * pow(10, Double.random(in: -1...13, using: &rng)) }
            let v = trial == 0 ? Viewport(originOffsetX: 0, originOffsetY: 2.4e7, pixelsPerUnit: 1.2e9)
                : Viewport(originOffsetX: offset(), originOffsetY: offset(), pixelsPerUnitX: scaleX, pixelsPerUnitY: scaleY)
            let axes = AxesLayout(viewport: v, plot: plot800, font: font)
            for (labels, scale) in [(axes.xLabels, v.pixelsPerUnitX), (axes.yLabels, v.pixelsPerUnitY)] {
                let step = AxisTicks.step(pixelsPerUnit: scale)
                #expect(Set(labels.map(\.text)).count == labels.count, "\(v): \(labels.map(\.text))")
                // Offsets ("+1e-7") only beside the one label written in full that they are offsets from.
                let references = labels.filter(\.isReference), reference = references.first
                #expect(references.count <= 1 && (reference != nil || !labels.contains { $0.text.hasPrefix("+") }), "\(labels.map(\.text))")
                if reference != nil { offsets += 1 }
                for label in labels {
                    let read = reading(label, reference: reference)
                    #expect(read.map { abs($0 - label.value) <= step * 1e-3 } == true,
                            "\(v): \(label.text) reads \(read ?? .nan), marks \(label.value) (step \(step))")
                }
            }
            if trial == 0 { #expect(axes.yLabels.count >= 5 && axes.yLabels.contains { $0.text == "0.02" }, "\(axes.yLabels.map(\.text))") }
        }
        #expect(offsets > 300, "axes written as offsets: \(offsets)")
    }
}

/// Issue 26: the grapher is told how its readers write numbers; it knows no locale.
@Suite struct NumberStyleTests {
    @Test func aDecimalCommaAndTheSemicolonBetweenCoordinates() {
        let comma = NumberLabel.Style(decimalSeparator: ",")
        #expect(NumberLabel.format(0.5, style: comma) == "0,5")
        #expect(NumberLabel.format(-2.5e-7, style: comma) == "−2,5e-7")
        #expect(NumberLabel.format(3, style: comma) == "3")
        #expect(comma.pair(0.5, -1.25) == "(0,5; −1,25)")
        #expect(NumberLabel.Style().pair(0.5, -1.25) == "(0.5, −1.25)")
        #expect(NumberLabel.format(.nan, style: NumberLabel.Style(undefined: "nicht definiert")) == "nicht definiert")
        #expect(NumberLabel.format(0.5, style: NumberLabel.Style()) == NumberLabel.format(0.5))
    }

    @Test func pointNamesDefaultToEnglish() {
        #expect(PointNames().name(of: .zero) == "zero")
        #expect(PointNames(zero: "Nullstelle").name(of: .zero) == "Nullstelle")
    }
}
