import Calculator
import CalculatorBrain
import Raster

/// The strip of keys under the graph's title while the Tools key is on: first the three tools ("Value
/// at x", "Table", "∫ Integral"), then the chosen tool's own keys: a key back to that choice, named after
/// the tool, and one key a number the tool takes ("x = 2.5", "step 0.5", "from −1", "to 2"), which types it
/// again; it shows in the accent colour while its number is typed. As tall as the title strip, across the pane.
struct ToolBarView {
    struct Key: Equatable {
        var key: PaneKey
        var rect: IntRect
        var label: String
        /// Its number is being typed.
        var isLatched = false
    }

    /// The keys for the tools' state, left to right.
    static func keys(_ tools: GraphTools, layout: ScreenLayout) -> [Key] {
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
            let choices: [(PaneKey, String)] = [(.valueTool, "Value at x"), (.tableTool, "Table"), (.integralTool, "∫ Integral")]
            return zip(choices, row([nil, nil, nil])).map { Key(key: $0.0, rect: $1, label: $0.1) }
        }
        let typing = tools.entry?.field
        func field(_ key: PaneKey, _ f: GraphTools.Field, _ value: Double?) -> Key {
            let shown = typing == f ? "…" : value.map(CalculatorNumberFormat.string) ?? "?"
            let label = f == .x ? "x = " + shown : f.name + " " + shown
            return Key(key: key, rect: .zero, label: label, isLatched: typing == f)
        }
        let back: Key, fields: [Key]
        switch tool {
        case .value:
            back = Key(key: .toolChoice, rect: .zero, label: "Value")
            fields = [field(.editX, .x, tools.x)]
        case .table:
            back = Key(key: .toolChoice, rect: .zero, label: "Table")
            fields = [field(.editStep, .step, tools.table?.step)]
        case .integral:
            back = Key(key: .toolChoice, rect: .zero, label: "Integral")
            fields = [field(.editFrom, .from, tools.from), field(.editTo, .to, tools.to)]
        }
        let backWidth = max(layout.graphTitle.height * 2, layout.fitKey.width * 3 / 2)
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
        for key in keys(tools, layout: layout) {
            let colors = key.isLatched ? palette.accent : key.key == .toolChoice ? palette.command
                : tools.tool == nil ? palette.command : palette.function
            let rect = key.rect
            canvas.fillRounded(rect, pressed == key.key ? colors.pressed : colors.face, radius: Double(rect.height) / 5)
            var labelRect = rect.insetBy(dx: max(2, rect.height / 6), dy: 0)
            if key.key == .toolChoice {
                Icons.chevronLeft(in: &canvas, rect: rect, colors.text)
                labelRect = IntRect(x: rect.x + rect.height * 3 / 4, y: rect.y, width: rect.width - rect.height * 3 / 4 - 4, height: rect.height)
            }
            FittedText(key.label, glyphs: style.glyphs, maxPixelSize: rect.height / 2, width: labelRect.width, height: labelRect.height)
                .draw(in: &canvas, rect: labelRect, alignment: .center, colors.text)
        }
        canvas.fill(IntRect(x: bar.x, y: bar.maxY - 1, width: bar.width, height: 1), palette.grid)
    }
}

extension ScreenLayout {
    /// The tool bar's strip: under the graph's title, as tall as it, across the pane.
    var toolBar: IntRect {
        IntRect(x: graphPane.x, y: graphTitle.maxY, width: graphPane.width, height: graphTitle.height)
    }
}
