import Calculator
import CalculatorBrain
@testable import Kiosk
import Locales
import Raster
import Testing
import Typeface

/// Every word of every locale fits its place at every supported size, as the kiosk's text fitting decides:
/// drawn no smaller than the place's readable minimum, it is shown whole (FittedText elides nothing).
@Suite struct LocaleFitTests {
    /// The layout tests' sizes (480x320 to 1920x1080, both ways round), and a 7" 800x480 panel whose size is known.
    static let screens: [(Int, Int, ScreenMillimetres?)] = ScreenLayoutTests.sizes.map { ($0.0, $0.1, nil) }
        + [(800, 480, ScreenMillimetres(width: 154, height: 86)), (480, 800, ScreenMillimetres(width: 86, height: 154))]

    struct Place {
        var name: String
        var text: FittedText
        var wanted: String
    }

    /// Each place a locale's word is drawn, with what is drawn there.
    static func places(_ locale: CalxLocale, _ w: Int, _ h: Int, _ mm: ScreenMillimetres?, glyphs: any GlyphSource) -> [Place] {
        let layout = ScreenLayout(width: w, height: h, millimetres: mm, settings: LayoutSettings(locale: locale))
        let style = ViewStyle(theme: .light, palette: Palette(.light), glyphs: glyphs, locale: locale)
        var places: [Place] = []
        for place in layout.keys {
            for key in Set([place.key, place.secondKey]) where key != .graph && key != .undo {
                places.append(Place(name: "key \(key.label)",
                                    text: KeypadView.label(of: key, in: place.rect, style: style, pixelsPerMillimetre: layout.pixelsPerMillimetre),
                                    wanted: drawableLabel(locale.label(of: key), glyphs: glyphs)))
            }
        }
        let pane = GraphPaneView(layout: layout)
        for key in PaneKey.allCases {
            guard let rect = layout.rect(of: key) else { continue }
            places.append(Place(name: "pane \(key)", text: pane.label(of: key, in: rect, style: style), wanted: locale[key.text]))
        }
        // Only beside the calculator: a graph pushed over it always has a curve.
        if layout.mode == .split {
            places.append(Place(name: "empty graph", text: pane.emptyTitle(pushed: false, style: style), wanted: locale[.emptyGraph]))
        }
        let history = HistoryView(layout: layout)
        places.append(Place(name: "history back", text: history.backLabel(style), wanted: locale[.backKey]))
        // Empty, every row showing, and the longest list scrolled to its end ("15–20 of 20"): the shortest
        // words at least are shown whole.
        let longest = CalculatorHistory.capacity
        for (count, first) in [(0, 0), (1, 0), (longest, history.lastFirst(entryCount: longest))] {
            let title = history.title(count: count, first: first, style), words = history.titleWords(count: count, first: first, locale: locale)
            places.append(Place(name: "history title (\(count) results)", text: title,
                                wanted: words.contains(title.shown) ? title.shown : words.last!))
        }
        let readout = ReadoutView(layout: layout)
        places.append(Place(name: "angle readout", text: readout.angleText(locale[.degreesReadout], glyphs: glyphs),
                            wanted: locale[.degreesReadout]))
        // Errors beside the angle readout, refusals beside the widest M readout: where they have least room.
        let numberLine = readout.angleReadout(locale[.degreesReadout], glyphs: glyphs).rest
        for error in CalculatorError.allCases {
            places.append(Place(name: "error \(error)", text: readout.errorText(locale.words(for: error), in: numberLine, glyphs: glyphs),
                                wanted: locale.words(for: error)))
        }
        let descriptionLine = readout.memoryReadout(locale.numbers("-1.234568e+15"), glyphs: glyphs).rest
        for refusal in Refusal.all {
            places.append(Place(name: "refusal \(refusal)",
                                text: readout.refusalText(locale.words(for: refusal), in: descriptionLine, glyphs: glyphs),
                                wanted: locale.words(for: refusal)))
        }
        // A kiosk left alone: the attract screen's banner and the countdown's lines (10 s: the widest count),
        // at the text scales the screens take.
        for scale in [1.0, 1.5, 2.0] {
            let attract = AttractView(width: w, height: h, textScale: scale)
            places.append(Place(name: "touch to start (text \(scale))", text: attract.bannerText(style), wanted: locale[.touchToStart]))
            let countdown = CountdownView(width: w, height: h, textScale: scale)
            let count = CountdownView.countWords(10, locale)
            for (name, text, rect) in [("still there", locale[.stillThere], countdown.title), ("countdown", count, countdown.count),
                                       ("touch to carry on", locale[.touchToCarryOn], countdown.hint)] {
                places.append(Place(name: "\(name) (text \(scale))", text: countdown.fitted(text, in: rect, glyphs: glyphs), wanted: text))
            }
        }
        return places
    }

    @Test(arguments: CalxLocale.identifiers) func everyWordFitsItsPlaceAtEverySize(identifier: String) throws {
        let locale = try #require(CalxLocale.named(identifier))
        let font = try Typeface.default()
        for (w, h, mm) in Self.screens {
            for place in Self.places(locale, w, h, mm, glyphs: font) {
                #expect(place.text.shown == place.wanted,
                        "\(identifier) \(w)x\(h)\(mm == nil ? "" : " (size known)"): \(place.name) '\(place.wanted)' elided to '\(place.text.shown)' at \(place.text.font.pixelSize) px")
                #expect(place.text.layout.missing.isEmpty, "\(identifier): the font lacks a glyph of '\(place.wanted)'")
            }
        }
    }

    /// The check can fail: a word too long for its place is found.
    @Test func aWordTooLongIsCaught() throws {
        let font = try Typeface.default()
        let layout = ScreenLayout(width: 480, height: 320)
        let style = ViewStyle(theme: .light, palette: Palette(.light), glyphs: font)
        let readout = ReadoutView(layout: layout)
        let long = readout.angleText("Gradmaßeinstellung aktiviert", glyphs: style.glyphs)
        #expect(long.shown != "Gradmaßeinstellung aktiviert")
    }
}
