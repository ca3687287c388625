import Locales
import Raster

/// How wide the graph pane's keys are. The Tools key is an icon, the same in every language: square (as wide
/// as a key is tall, 9 mm where the size is known). Back, Fit and Reset each need room for their word at the
/// kiosk's readable minimum (and a square's at least); they are wider still, as wide as a key looks best,
/// where the strip has the room. The curves' titles keep a third of the strip; only where the words would not
/// fit otherwise (German at 320 px wide) do the titles lend them the Tools key's place. The words are measured
/// by an estimate, not a font, so the layout is the same with or without glyphs (`calx layout`, `calx keys
/// --touch`); LocaleFitTests checks with the real font that every word fits.
struct PaneKeyWidths {
    var back: Int
    var tools: Int
    var fit: Int
    var reset: Int

    /// An upper estimate of a word's width in ems for the kiosk's face (DejaVu Sans averages 0.57 on the pane's words).
    static let emsPerCharacter = 0.6

    init(pane: IntRect, unit: Int, keyHeight: Int, smallest: Int, smallestBack: Int, back hasBack: Bool,
         locale: CalxLocale, pixelsPerMillimetre: Double?) {
        let size = FittedText.readableMinimum(maxPixelSize: keyHeight / 2, pixelsPerMillimetre: pixelsPerMillimetre)
        func word(_ key: PaneKey) -> Int { FittedText.estimatedWidth(key.text.map { locale[$0] } ?? "", pixelSize: size) }
        let insets = 2 * PaneKey.labelInset(keyHeight: keyHeight)
        let square = max(keyHeight, Int(((pixelsPerMillimetre ?? 0) * ScreenLayout.minimumKeyMillimetres).rounded(.up)))
        tools = square
        let floor = [hasBack ? square : 0, square, square]
        let need = [hasBack ? max(square, word(.back) + PaneKey.backLabelStart(keyHeight: keyHeight) + 4) : 0,
                    max(square, word(.fit) + insets), max(square, word(.reset) + insets)]
        let nice = [hasBack ? max(smallestBack, need[0]) : 0, max(smallest, need[1]), max(smallest, need[2])]
        // The titles keep a third of the strip: the keys and the gaps around them share the rest.
        var room = pane.width - pane.width / 3 - 3 * unit - (hasBack ? unit : 0) - tools
        let needed = need.reduce(0, +)
        if needed > room { room += min(tools + unit, needed - room) }
        let widths = Self.share(room, from: needed <= room ? need : floor, to: needed <= room ? nice : need)
        back = widths[0]
        fit = widths[1]
        reset = widths[2]
    }

    /// Each width from `low` toward `high`, all of the way where `room` holds them, else each by the same part.
    static func share(_ room: Int, from low: [Int], to high: [Int]) -> [Int] {
        let extra = zip(high, low).map { $0 - $1 }.reduce(0, +)
        let spare = max(0, room - low.reduce(0, +))
        return zip(high, low).map { want, least in extra <= spare ? want : least + (want - least) * spare / extra }
    }
}
