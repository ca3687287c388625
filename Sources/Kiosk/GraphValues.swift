import Calculator
import ProgramGraphs

/// The curves' values at an x, oldest curve first: the value tool, the table, `calx value` and `calx table`.
/// Each program is compiled once; a value is the compiled program's, which is the calculator's to the bit.
public struct GraphValues {
    let functions: [ProgramFunction]

    public init(graphs: [GraphRequest]) {
        functions = graphs.map { ProgramFunction(expression: $0.plotted, variable: $0.variable) }
    }

    /// Each curve's value at x; nil where it is undefined there: a domain gap (NaN) or a pole (±∞).
    public func values(at x: Double) -> [Double?] {
        functions.map { GraphValues.defined($0.value(at: x)) }
    }

    /// A value that is a number, or nil: what is not one is never shown as one.
    static func defined(_ y: Double) -> Double? { y.isFinite ? y : nil }
}

/// The rows of a table of values: x = from + i · step, each computed from its index (never by adding the step
/// up, which would drift), for as long as x stays at or below `to`.
public enum ValueTableRows {
    /// The most rows `calx table` prints.
    public static let limit = 1_000

    /// x of row `index`.
    public static func x(row index: Int, from: Double, step: Double) -> Double {
        from + Double(index) * step
    }

    /// How many rows run from `from` to `to` (inclusive, allowing for the rounding of the step) by a
    /// positive step; nil when that is not a count (a step of 0 or less, `to` below `from`, not finite).
    public static func count(from: Double, to: Double, step: Double) -> Double? {
        guard from.isFinite, to.isFinite, step.isFinite, step > 0, to >= from else { return nil }
        let steps = ((to - from) / step * (1 + 1e-12)).rounded(.down)
        guard steps.isFinite else { return nil }
        return steps + 1
    }
}
