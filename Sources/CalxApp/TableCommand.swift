import Calculator
import CalculatorBrain
import Kiosk

/// `calx table "TOKENS" --from A --to B --step S`: rows `X Y1 Y2 …`, x = A + i·S up to B, one column a
/// graphed curve, oldest first, as `calx value` writes them. At most 1,000 rows: more is refused.
func runTableCommand(_ arguments: [String]) -> Int32 {
    let read: GraphToolArguments
    let step = GraphToolArguments.Number(accepts: "a number above 0 (at most 1e15)") {
        Double($0).flatMap { $0.isFinite && $0 > 0 && $0 <= 1e15 ? $0 : nil }
    }
    let rows: Int
    do throws(OptionProblem) {
        read = try GraphToolArguments(arguments, flags: [("--from", .finite), ("--to", .finite), ("--step", step)])
        let from = read.numbers["--from"]!, to = read.numbers["--to"]!, s = read.numbers["--step"]!
        guard from <= to else { throw OptionProblem("--from must be at most --to (got \(from.inMessage) and \(to.inMessage))") }
        guard ValueTableRows.x(row: 1, from: from, step: s) != from, ValueTableRows.x(row: -1, from: to, step: s) != to else {
            throw OptionProblem("--step \(s.inMessage) is finer than the numbers near --from and --to can tell apart: a step above 0 that moves x")
        }
        let count = ValueTableRows.count(from: from, to: to, step: s)!
        guard count <= Double(ValueTableRows.limit) else {
            let written = count < 1e15 ? String(Int(count)) : CalculatorNumberFormat.string(count)
            throw OptionProblem("--from \(from.inMessage) --to \(to.inMessage) --step \(s.inMessage) makes \(written) rows; at most \(ValueTableRows.limit) rows"
                                + " (a larger --step or a shorter range)")
        }
        rows = Int(count)
    } catch {
        printError("calx table: \(error.text)")
        return 2
    }
    let values = GraphValues(graphs: read.graphs)
    for i in 0..<rows {
        let x = ValueTableRows.x(row: i, from: read.numbers["--from"]!, step: read.numbers["--step"]!)
        printLine(([CalculatorNumberFormat.string(x)] + values.values(at: x).map(GraphToolArguments.text)).joined(separator: " "))
    }
    return 0
}
