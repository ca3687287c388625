import Calculator
import Locales
import Raster

/// The keys in the graph pane's title strip.
public enum PaneKey: String, CaseIterable, Sendable {
    case back, fit, reset
}

/// Where everything goes on a screen of a given size, computed from pixels and, when known, millimetres.
public struct ScreenLayout: Equatable, Sendable {
    public enum Mode: Sendable, Equatable {
        /// Calculator on the left, graph on the right.
        case split
        /// The graph is pushed over the calculator, with a back key.
        case stacked
    }

    public let width: Int
    public let height: Int
    public let mode: Mode
    public let calculator: IntRect
    /// Description, M readout and display: the only area a digit press repaints (besides its key).
    public let displayStrip: IntRect
    public let descriptionLine: IntRect
    public let memoryLine: IntRect
    public let displayLine: IntRect
    public let keypad: KeypadLayout
    /// The keypad's whole area: the history list covers it.
    public let keypadArea: IntRect
    /// Each row of keys across the whole keypad: the history list puts a result on each.
    public let keypadRows: [IntRect]
    /// Between two keys.
    public let keypadGap: Int
    /// Every key where it sits, row-major: its first-page key, its second-page key and its rect.
    public let keys: [KeyPlace]
    public let graphPane: IntRect
    /// Inside the graph pane, the strip that shows the graph's description.
    public let graphTitle: IntRect
    /// Stacked mode only.
    public let backKey: IntRect?
    /// At the right of the graph title: fit the y-range to the graph, and back to the default view.
    public let fitKey: IntRect
    public let resetKey: IntRect
    /// How far a finger may slide off a key and still activate it, in pixels.
    public let slop: Double
    public let pixelsPerMillimetre: Double?
    /// How much larger than usual text is drawn (1 to 2): the display strip and the graph's title strip grow
    /// with it, as far as the keys keep their 9 mm, and every view's text grows within its box.
    public let textScale: Double
    /// The language whose words the layout makes room for.
    public let locale: CalxLocale

    /// Keys are at least this big where the screen has room.
    public static let minimumKeyMillimetres = 9.0
    /// The text scales there are.
    public static let textScales: ClosedRange<Double> = 1...2

    public init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil, textScale: Double = 1,
                settings: LayoutSettings = LayoutSettings()) {
        let w = max(1, width), h = max(1, height)
        self.width = w
        self.height = h
        let scale = textScale.isNaN ? 1 : min(max(textScale, Self.textScales.lowerBound), Self.textScales.upperBound)
        self.textScale = scale
        var ppmm: Double?
        if let mm = millimetres, mm.width > 0, mm.height > 0 {
            ppmm = (Double(w) / mm.width + Double(h) / mm.height) / 2
        }
        // A size no screen has (a bogus EDID, a typo) is no size: 0.5 to 100 pixels per millimetre.
        if let p = ppmm, !(0.5...100).contains(p) { ppmm = nil }
        pixelsPerMillimetre = ppmm
        locale = settings.locale
        slop = max(6, (ppmm ?? 4) * 2.5)

        let wideEnough = w * 4 >= h * 5 && w >= 640
        var split = wideEnough
        if split, let ppmm {
            // Split only if the half-width keypad keeps keys of 9 mm, or nothing would.
            let halfKey = Double(w / 2) / Double(KeypadLayout.tall.columns)
            let fullKey = Double(w) / Double(KeypadLayout.wide.columns)
            if halfKey < Self.minimumKeyMillimetres * ppmm && fullKey >= Self.minimumKeyMillimetres * ppmm {
                split = false
            }
        }
        // Larger text wants a taller display strip: where the calculator's column beside the graph has no
        // room for it (the keys would fall under 9 mm) and the whole width has, the graph is pushed instead.
        if split && scale > 1 {
            let beside = Self.stripHeight(column: IntRect(x: 0, y: 0, width: w / 2, height: h), textScale: scale, pixelsPerMillimetre: ppmm)
            let alone = Self.stripHeight(column: IntRect(x: 0, y: 0, width: w, height: h), textScale: scale, pixelsPerMillimetre: ppmm)
            if alone > beside { split = false }
        }
        mode = split ? .split : .stacked
        let calc = split ? IntRect(x: 0, y: 0, width: w / 2, height: h) : IntRect(x: 0, y: 0, width: w, height: h)
        calculator = calc

        let unit = max(2, min(calc.width, calc.height) / 100)
        let stripHeight = Self.stripHeight(column: calc, textScale: scale, pixelsPerMillimetre: ppmm)
        let strip = IntRect(x: calc.x + unit, y: calc.y + unit, width: calc.width - 2 * unit, height: stripHeight - unit)
        displayStrip = strip
        // What the strip could not grow, the description takes from the number's line (the number is the
        // strip's largest text by far), up to two fifths of the strip.
        let shortfall = scale * Double(Self.naturalStripHeight(column: calc)) / Double(stripHeight)
        let descHeight = strip.height * min(Int((300 * shortfall).rounded()), 400) / 1000
        descriptionLine = IntRect(x: strip.x + unit * 2, y: strip.y + unit, width: strip.width - unit * 4, height: descHeight)
        // The M readout's quarter of the line grows with the text, to half of it.
        memoryLine = IntRect(x: strip.x + unit * 2, y: strip.y + unit, width: Int(Double(strip.width / 4) * min(scale, 2)), height: descHeight)
        displayLine = IntRect(x: strip.x + unit * 2, y: descriptionLine.maxY,
                              width: strip.width - unit * 4, height: strip.maxY - descriptionLine.maxY - unit)

        let pad = IntRect(x: calc.x + unit, y: strip.maxY + unit, width: calc.width - 2 * unit,
                          height: calc.maxY - strip.maxY - 2 * unit)
        let grid = Self.keypadGrid(width: pad.width, height: pad.height).without(settings.disabledKeys)
        keypad = grid
        keypadArea = pad
        let gap = max(2, unit)
        keypadRows = (0..<grid.rows).map { r in
            let y0 = pad.y + (pad.height + gap) * r / grid.rows
            let y1 = pad.y + (pad.height + gap) * (r + 1) / grid.rows - gap
            return IntRect(x: pad.x, y: y0, width: pad.width, height: y1 - y0)
        }
        keys = grid.cells.map { [keypadRows] cell in
            // The run of columns the key shares, then its part of the run; a whole keypad's key is its own column.
            let runX0 = pad.x + (pad.width + gap) * cell.span.lowerBound / grid.columns
            let runX1 = pad.x + (pad.width + gap) * cell.span.upperBound / grid.columns - gap
            let x0 = runX0 + (runX1 - runX0 + gap) * cell.part / cell.parts
            let x1 = runX0 + (runX1 - runX0 + gap) * (cell.part + 1) / cell.parts - gap
            let band = keypadRows[cell.row]
            return KeyPlace(key: cell.key, secondKey: cell.secondKey, rect: IntRect(x: x0, y: band.y, width: x1 - x0, height: band.height))
        }
        keypadGap = gap

        // The title strip grows with the text, to a fifth of the screen, and no further than leaves the curves'
        // titles a third of the pane beside its keys (Back 7/4 of the strip's height wide, Fit and Reset 5/4).
        let paneWidth = split ? w - calc.maxX : w
        let keysWidth = Double(paneWidth * 2 / 3 - 4 * unit) / (split ? 2.5 : 4.25)
        let naturalTitle = min(max(Int(Double(h) * 0.08), 30), 72)
        var titleHeight = max(naturalTitle, min(Int(Double(naturalTitle) * scale), h / 5, Int(keysWidth)))
        // The title strip holds keys: as tall as a key may be small, where the size is known.
        if let ppmm { titleHeight = max(titleHeight, min(Int(Self.minimumKeyMillimetres * ppmm), h / 6)) }
        let pane = split ? IntRect(x: calc.maxX, y: 0, width: w - calc.maxX, height: h) : IntRect(x: 0, y: 0, width: w, height: h)
        graphPane = pane
        let keyHeight = titleHeight - 2 * unit
        let keyWidth = max(titleHeight * 5 / 4, Int((ppmm ?? 0) * Self.minimumKeyMillimetres))
        let widths = PaneKeyWidths(pane: pane, unit: unit, keyHeight: keyHeight, smallest: keyWidth,
                                   smallestBack: max(titleHeight * 7 / 4, keyWidth), back: !split, locale: settings.locale,
                                   pixelsPerMillimetre: ppmm)
        backKey = split ? nil : IntRect(x: pane.x + unit, y: pane.y + unit, width: widths.back, height: keyHeight)
        resetKey = IntRect(x: pane.maxX - unit - widths.reset, y: pane.y + unit, width: widths.reset, height: keyHeight)
        fitKey = IntRect(x: resetKey.x - unit - widths.fit, y: pane.y + unit, width: widths.fit, height: keyHeight)
        graphTitle = IntRect(x: pane.x, y: pane.y, width: pane.width, height: titleHeight)
    }

    /// The width of the keypad's first `count` columns, the gaps between them included.
    public func keypadColumnsWidth(_ count: Int) -> Int {
        (keypadArea.width + keypadGap) * count / keypad.columns - keypadGap
    }

    /// The graph pane's key under a point, if any (the back key only where there is one).
    public func paneKey(atX x: Double, y: Double) -> PaneKey? {
        PaneKey.allCases.first { key in rect(of: key)?.covers(Point(x: x, y: y)) ?? false }
    }

    public func rect(of key: PaneKey) -> IntRect? {
        switch key {
        case .back: backKey
        case .fit: fitKey
        case .reset: resetKey
        }
    }

    /// The centre of a key, for scripts and tests that tap keys where they are laid out
    /// (a key of the second page is under 2nd: tap that first).
    public func center(of key: CalculatorKey) -> Point? {
        guard let r = (keys.first { $0.key == key } ?? keys.first { $0.secondKey == key })?.rect else { return nil }
        return Point(x: Double(r.x) + Double(r.width) / 2, y: Double(r.y) + Double(r.height) / 2)
    }
}

/// One key of the keypad where it sits: the key of the first page, the key the second page puts there
/// (the same where the page changes nothing), and its rect.
public struct KeyPlace: Equatable, Sendable {
    public let key: CalculatorKey
    public let secondKey: CalculatorKey
    public let rect: IntRect
}
