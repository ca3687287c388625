import Calculator
import Raster

/// How larger text grows the display strip: as far as the keypad under it keeps keys of 9 mm.
extension ScreenLayout {
    /// The strip's height at text scale 1: 22% of the calculator's column, from 64 to 300 px.
    static func naturalStripHeight(column: IntRect) -> Int {
        min(max(Int(Double(column.height) * 0.22), 64), 300)
    }

    /// The display strip's height in a calculator's column at a text scale: the natural height times the
    /// scale, at most half the column, and no taller than leaves the keypad's rows and columns 9 mm (49 px,
    /// 9 mm on a 7" 800x480 panel, where the screen's size is not known), whichever grid that keypad takes.
    /// Never less than the natural height: a keypad already under 9 mm keeps what it had.
    static func stripHeight(column: IntRect, textScale: Double, pixelsPerMillimetre ppmm: Double?) -> Int {
        let natural = naturalStripHeight(column: column)
        var height = min(Int(Double(natural) * textScale), column.height / 2)
        guard height > natural else { return natural }
        let unit = max(2, min(column.width, column.height) / 100), gap = max(2, unit)
        let least = Int((minimumKeyMillimetres * (ppmm ?? 5.4)).rounded(.up))
        let padWidth = column.width - 2 * unit
        // The grid turns from tall to wide as the keypad gets shorter, so the rows' height is not monotonic
        // in the strip's: every height down from the largest is tried (a few hundred at most).
        while height > natural {
            let padHeight = column.height - height - 2 * unit
            let grid = keypadGrid(width: padWidth, height: padHeight)
            let row = (padHeight + gap) / grid.rows - gap, key = (padWidth + gap) / grid.columns - gap
            if min(row, key) >= least { return height }
            height -= 1
        }
        return natural
    }

    /// The keypad's grid for its area: wide where it is at least 1.3 times as wide as tall.
    static func keypadGrid(width: Int, height: Int) -> KeypadLayout {
        width * 10 >= height * 13 ? .wide : .tall
    }
}
