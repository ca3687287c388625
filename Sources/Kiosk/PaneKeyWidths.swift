import Locales
import Raster

/// How wide the graph pane's keys are: as wide as a key must be (9 mm where the size is known), and wider
/// where the locale's word would not fit at the kiosk's readable minimum; but never so wide that the curves'
/// titles keep less than a third of the strip. The words are measured by an estimate, not a font, so the
/// layout is the same with or without glyphs (`calx layout`, `calx keys --touch`); LocaleFitTests checks
/// with the real font that every word fits.
struct PaneKeyWidths {
    var back: Int
    var fit: Int
    var reset: Int

    /// An upper estimate of a word's width in ems for the kiosk's face (DejaVu Sans averages 0.57 on the pane's words).
    static let emsPerCharacter = 0.6

    init(pane: IntRect, unit: Int, keyHeight: Int, smallest: Int, smallestBack: Int, back hasBack: Bool,
         locale: CalxLocale, pixelsPerMillimetre: Double?) {
        let size = FittedText.readableMinimum(maxPixelSize: keyHeight / 2, pixelsPerMillimetre: pixelsPerMillimetre)
        func word(_ key: PaneKey) -> Int { FittedText.estimatedWidth(locale[key.text], pixelSize: size) }
        let insets = 2 * PaneKey.labelInset(keyHeight: keyHeight)
        let wanted = [hasBack ? max(smallestBack, word(.back) + PaneKey.backLabelStart(keyHeight: keyHeight) + 4) : 0,
                      max(smallest, word(.fit) + insets), max(smallest, word(.reset) + insets)]
        let least = [hasBack ? smallestBack : 0, smallest, smallest]
        // The titles keep a third of the strip: the keys and the gaps around them share the rest.
        let room = pane.width - pane.width / 3 - 2 * unit - (hasBack ? unit : 0)
        let extra = zip(wanted, least).map { $0 - $1 }.reduce(0, +)
        let spare = max(0, room - least.reduce(0, +))
        let widths = zip(wanted, least).map { want, low in extra <= spare ? want : low + (want - low) * spare / extra }
        back = widths[0]
        fit = widths[1]
        reset = widths[2]
    }
}
