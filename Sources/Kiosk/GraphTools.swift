import Calculator
import CalculatorBrain
import Grapher
import Raster

/// The graph's tools, behind the Tools key of its title strip: every shown curve's value at a typed x, a
/// table of values, and the proved integral between typed bounds. The tool bar under the title strip
/// offers the three, then shows the chosen tool's numbers as keys that type them again. Kept as the visitor
/// leaves it while the kiosk runs, not in the state file (as the trace is not).
struct GraphTools: Equatable {
    enum Tool: Equatable, Sendable { case value, table, integral }
    /// The numbers the tools take, each typed on the keypad.
    enum Field: Equatable, Sendable { case x, step, from, to }

    /// The tool bar shows: the choice of tools until one is chosen.
    private(set) var isOpen = false
    private(set) var tool: Tool?
    private(set) var x: Double?
    private(set) var table: TablePosition?
    private(set) var from: Double?
    private(set) var to: Double?
    /// A number being typed for a field.
    private(set) var entry: NumberEntry?

    /// The Tools key: opens the tool bar on the choice of tools, or closes it and the tool with it.
    mutating func toggle() {
        if isOpen { close() } else { isOpen = true }
    }

    mutating func close() {
        isOpen = false
        tool = nil
        entry = nil
    }

    /// The bar's first key in a tool: back to the choice.
    mutating func showChoice() {
        tool = nil
        entry = nil
    }

    /// A tool chosen on the bar. Value and the integral ask for their numbers at once (the ones given before
    /// stay until typed again); the table starts from the view, a step of the view's scale.
    mutating func choose(_ tool: Tool, view: Viewport, plot: Rect, startEntry: (Field) -> NumberEntry) {
        isOpen = true
        self.tool = tool
        entry = nil
        switch tool {
        case .value:
            if x == nil { entry = startEntry(.x) }
        case .table:
            table = TablePosition(view: view, plot: plot, step: table?.step)
        case .integral:
            if from == nil { entry = startEntry(.from) } else if to == nil { entry = startEntry(.to) }
        }
    }

    /// A field's key on the bar: type its number again.
    mutating func edit(_ field: Field, startEntry: (Field) -> NumberEntry) {
        entry = startEntry(field)
    }

    /// One key of the keypad while a number is typed: what became of the entry. The integral's end is
    /// asked for next when its start is typed first.
    mutating func type(_ key: CalculatorKey, startEntry: (Field) -> NumberEntry) -> NumberEntry.Outcome {
        guard var typing = entry else { return .cancelled }
        let outcome = typing.press(key)
        switch outcome {
        case .typing:
            entry = typing
        case .cancelled:
            entry = nil
        case .accepted(let value):
            entry = nil
            switch typing.field {
            case .x: x = value
            case .step: table = table?.stepped(value)
            case .from:
                from = value
                if to == nil { entry = startEntry(.to) }
            case .to: to = value
            }
        }
        return outcome
    }

    /// Both of the integral's bounds at once, from two fingers on the plot: a number being typed gives way.
    /// False when the integral is not the tool, or the span is empty.
    mutating func span(from a: Double, to b: Double) -> Bool {
        guard isOpen, tool == .integral, a.isFinite, b.isFinite, a < b else { return false }
        from = a
        to = b
        entry = nil
        return true
    }

    /// A drag over the table: it moves with the finger, `rowHeight` pixels a row.
    mutating func scrollTable(by dy: Double, rowHeight: Double) {
        guard let position = table, rowHeight > 0, dy.isFinite else { return }
        table = position.scrolled(by: -dy / rowHeight)
    }

    /// The same tools, the table's scroll aside: what the tool bar shows.
    var ignoringScroll: GraphTools {
        var t = self
        t.table?.firstRow = 0
        return t
    }

    /// The table shows in place of the plot.
    var showsTable: Bool { isOpen && tool == .table && table != nil }

    /// What the plot marks: the value's x, or the integral's area (its functions supplied by the plot).
    var valueX: Double? { isOpen && tool == .value ? x : nil }
    var area: (from: Double, to: Double)? {
        guard isOpen, tool == .integral, let from, let to else { return nil }
        return (from, to)
    }
}

/// Where a table of values stands: its rows are x = start + i · step, the visitor scrolled to `firstRow`
/// (fractional: a drag moves it by pixels).
struct TablePosition: Equatable {
    var start: Double
    var step: Double
    var firstRow: Double

    /// Rows reach this far either way: x stays a number, and the index an Int.
    static let rowLimit = 1_000_000.0

    /// From the view's left edge, rounded up to a whole step; the step is the view's at about 40 pixels a
    /// row of x (a tick's 1, 2 or 5 × 10ⁿ), or the one typed before.
    init(view: Viewport, plot: Rect, step typed: Double?) {
        let step = typed ?? AxisTicks.step(pixelsPerUnit: view.pixelsPerUnitX, minimumSpacing: 40)
        let left = view.worldX(forScreenX: plot.x, in: plot)
        let start = (left / step).rounded(.up) * step
        self.start = start.isFinite ? start : 0
        self.step = step
        firstRow = 0
    }

    /// The same first x, a new step (one that makes no rows is not taken).
    func stepped(_ step: Double) -> TablePosition {
        guard step.isFinite, step != 0, (start + step * Self.rowLimit).isFinite else { return self }
        var p = self
        p.start = x(row: Int(firstRow.rounded(.down)))
        p.step = abs(step)
        p.firstRow = 0
        return p.start.isFinite ? p : self
    }

    func scrolled(by rows: Double) -> TablePosition {
        var p = self
        p.firstRow = min(max(firstRow + rows, -Self.rowLimit), Self.rowLimit)
        return p
    }

    func x(row: Int) -> Double { ValueTableRows.x(row: row, from: start, step: step) }
}
