import Calculator
import CalculatorBrain
import Locales
import Raster

/// The strip of keys under the graph's title while the Tools key is on: first the three tools ("Value
/// at x", "Table", "∫ Integral"), then the chosen tool's own keys: a key back to that choice, named after
/// the tool, and one key a number the tool takes ("x = 2.5", "step 0.5", "from −1", "to 2"), which types it
/// again; it shows in the accent colour while its number is typed. As tall as the title strip, across the pane.
/// Its words and numbers are the locale's.
struct ToolBarView {
    struct Key: Equatable {
        var key: PaneKey
        var rect: IntRect
        var label: String
        /// Its number is being typed.
        var isLatched = false
    }

    /// The keys for the tools' state, left to right.
    /// (Where only the keys' places matter, as for a touch, the locale does not.)
    static func keys(_ tools: GraphTools, layout: ScreenLayout, locale: CalxLocale = .english) -> [Key] {
        let bar = layout.toolBar
        let unit = max(2, layout.fitKey.y - layout.graphPane.y)
        let height = layout.fitKey.height, y = bar.y + (bar.height - height) / 2
        func row(_ widths: [Int?]) -> [IntRect] {
            // Fixed widths as given, the rest shared by the others.
            let fixed = widths.compactMap { $0 }.reduce(0, +)
            let flexible = widths.filter { $0 == nil }.count
            let share = flexible == 0 ? 0 : max(0, bar.width - unit * (widths.count + 1) - fixed) / flexible
            var x = bar.x + unit, rects: [IntRect] = []
            for w in widths {
                let width = w ?? share
                rects.append(IntRect(x: x, y: y, width: width, height: height))
                x += width + unit
            }
            return rects
        }
        guard let tool = tools.tool else {
            let choices: [(PaneKey, String)] = [(.valueTool, locale[.valueAtXTool]), (.tableTool, locale[.tableTool]),
                                                (.integralTool, "∫ " + locale[.integralTool])]
            return zip(choices, row([nil, nil, nil])).map { Key(key: $0.0, rect: $1, label: $0.1) }
        }
        let typing = tools.entry?.field
        func field(_ key: PaneKey, _ f: GraphTools.Field, _ value: Double?) -> Key {
            let shown = typing == f ? "…" : value.map { locale.numbers(CalculatorNumberFormat.string($0)) } ?? "?"
            let label = f == .x ? "x = " + shown : f.name(locale) + " " + shown
            return Key(key: key, rect: .zero, label: label, isLatched: typing == f)
        }
        let back: Key, fields: [Key]
        switch tool {
        case .value:
            back = Key(key: .toolChoice, rect: .zero, label: locale[.valueTool])
            fields = [field(.editX, .x, tools.x)]
        case .table:
            back = Key(key: .toolChoice, rect: .zero, label: locale[.tableTool])
            fields = [field(.editStep, .step, tools.table?.step)]
        case .integral:
            back = Key(key: .toolChoice, rect: .zero, label: locale[.integralTool])
            fields = [field(.editFrom, .from, tools.from), field(.editTo, .to, tools.to)]
        }
        // Wide enough for the tool's name after the chevron, at the readable minimum, in any language.
        let readable = FittedText.readableMinimum(maxPixelSize: height / 2, pixelsPerMillimetre: layout.pixelsPerMillimetre)
        let backWidth = max(layout.graphTitle.height * 2, layout.fitKey.width * 3 / 2,
                            FittedText.estimatedWidth(back.label, pixelSize: readable) + PaneKey.backLabelStart(keyHeight: height) + 4)
        let rects = row([backWidth] + fields.map { _ in nil })
        return zip([back] + fields, rects).map { var k = $0; k.rect = $1; return k }
    }

    static func key(at p: Point, _ tools: GraphTools, layout: ScreenLayout) -> PaneKey? {
        guard tools.isOpen, layout.toolBar.covers(p) else { return nil }
        return keys(tools, layout: layout).first { $0.rect.covers(p) }?.key
    }

    static func rect(of key: PaneKey, _ tools: GraphTools, layout: ScreenLayout) -> IntRect? {
        guard tools.isOpen else { return nil }
        return keys(tools, layout: layout).first { $0.key == key }?.rect
    }

    static func draw(_ tools: GraphTools, pressed: PaneKey?, layout: ScreenLayout, style: ViewStyle, into canvas: inout Canvas) {
        let palette = style.palette, bar = layout.toolBar
        canvas.fill(bar, palette.graphFace)
        for key in keys(tools, layout: layout, locale: style.locale) {
            let colors = key.isLatched ? palette.accent : key.key == .toolChoice ? palette.command
                : tools.tool == nil ? palette.command : palette.function
            let rect = key.rect
            canvas.fillRounded(rect, pressed == key.key ? colors.pressed : colors.face, radius: Double(rect.height) / 5)
            if key.key == .toolChoice { Icons.chevronLeft(in: &canvas, rect: rect, colors.text) }
            label(of: key, layout: layout, style: style).draw(in: &canvas, rect: labelRect(of: key), alignment: .center, colors.text)
        }
        canvas.fill(IntRect(x: bar.x, y: bar.maxY - 1, width: bar.width, height: 1), palette.grid)
    }

    /// Where a key's words go: inside its face, after the chevron on the key back to the choice.
    static func labelRect(of key: Key) -> IntRect {
        GraphPaneView.labelRect(of: key.key == .toolChoice ? .back : key.key, in: key.rect)
    }

    /// A key's words, shrunk no smaller than the kiosk's readable minimum.
    static func label(of key: Key, layout: ScreenLayout, style: ViewStyle) -> FittedText {
        let room = labelRect(of: key), size = key.rect.height / 2
        return FittedText(key.label, glyphs: style.glyphs, maxPixelSize: size, width: room.width, height: room.height,
                          minPixelSize: FittedText.readableMinimum(maxPixelSize: size, pixelsPerMillimetre: layout.pixelsPerMillimetre))
    }
}

extension ScreenLayout {
    /// The tool bar's strip: under the graph's title, as tall as it, across the pane.
    var toolBar: IntRect {
        IntRect(x: graphPane.x, y: graphTitle.maxY, width: graphPane.width, height: graphTitle.height)
    }
}
