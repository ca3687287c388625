import Calculator
import Grapher
import Raster

/// The tools' part of the graph session: the Tools key and the tool bar's keys, and the keypad's keys while
/// a tool's number is typed. A number is typed in the calculator's display strip: on a stacked screen the
/// graph steps aside for it and comes back when it is done. A typed x off the view brings the view to it.
extension GraphSession {
    /// False when nothing changed: the Tools key does not open with nothing on the graph.
    mutating func pressTool(_ key: PaneKey, in plotFrame: Rect, calculator: CalculatorController.State) -> Bool {
        let start = entryMaker(calculator)
        switch key {
        case .tools:
            guard tools.isOpen || !curves.isEmpty else { return false }
            tools.toggle()
        case .valueTool: tools.choose(.value, view: viewport, plot: plotFrame, startEntry: start)
        case .tableTool: tools.choose(.table, view: viewport, plot: plotFrame, startEntry: start)
        case .integralTool: tools.choose(.integral, view: viewport, plot: plotFrame, startEntry: start)
        case .toolChoice: tools.showChoice()
        case .editX: tools.edit(.x, startEntry: start)
        case .editStep: tools.edit(.step, startEntry: start)
        case .editFrom: tools.edit(.from, startEntry: start)
        case .editTo: tools.edit(.to, startEntry: start)
        case .back, .fit, .reset: return false
        }
        tracePoint = nil
        // Typing needs the calculator's display strip.
        if tools.entry?.returnsToGraph == true { isPushed = false }
        return true
    }

    /// A keypad key while a tool's number is typed; `stacked` when the screen pushes the graph over the
    /// calculator (a screen turned to split while typing shows both: nothing to push back).
    mutating func typeTool(_ key: CalculatorKey, in plotFrame: Rect, calculator: CalculatorController.State, stacked: Bool) {
        guard let entry = tools.entry else { return }
        let outcome = tools.type(key, startEntry: entryMaker(calculator))
        if case .accepted(let value) = outcome, entry.field == .x { bringIntoView(value, in: plotFrame) }
        if tools.entry == nil && entry.returnsToGraph && stacked { isPushed = true }
    }

    /// Two fingers tapped on the plot while the integral is the tool: its bounds are the x under each finger.
    /// A number typed meanwhile gives way, and a graph that stepped aside for it comes back.
    mutating func spanIntegral(_ left: Point, _ right: Point, in plotFrame: Rect, stacked: Bool) -> Bool {
        let typing = tools.entry
        let from = viewport.worldX(forScreenX: left.x, in: plotFrame), to = viewport.worldX(forScreenX: right.x, in: plotFrame)
        guard tools.span(from: from, to: to) else { return false }
        if typing?.returnsToGraph == true && stacked { isPushed = true }
        return true
    }

    /// How an entry starts: with the calculator's M and angle mode; an entry that follows another (the
    /// integral's end after its start) goes back where the first would have.
    private func entryMaker(_ calculator: CalculatorController.State) -> (GraphTools.Field) -> NumberEntry {
        let returns = tools.entry?.returnsToGraph ?? isPushed
        return { NumberEntry(field: $0, memory: calculator.memory, parameter: calculator.parameter, angleMode: calculator.angleMode, returnsToGraph: returns) }
    }

    /// A typed x off the view: the view moves, at the same scale, to put it in the middle.
    private mutating func bringIntoView(_ x: Double, in plotFrame: Rect) {
        let sx = viewport.screenX(forWorldX: x, in: plotFrame)
        guard sx.isFinite, sx < plotFrame.x || sx > plotFrame.maxX else { return }
        viewport = viewport.panned(by: plotFrame.x + plotFrame.width / 2 - sx, 0)
    }
}
