import Kiosk

/// `calx integral "TOKENS" --from A --to B`: each graphed curve's integral from A to B, proved, one line a
/// curve, oldest first: `integral VALUE LO HI` with LO ≤ ∫ ≤ HI (VALUE to six significant digits, the bounds
/// written outward), or `integral uncertain` where a pole or an undefined stretch lies inside. Bounded:
/// at most 2,000,000 enclosures a curve (`GraphIntegralReport`).
func runIntegralCommand(_ arguments: [String]) -> Int32 {
    let read: GraphToolArguments
    do throws(OptionProblem) {
        read = try GraphToolArguments(arguments, flags: [("--from", .finite), ("--to", .finite)])
    } catch {
        printError("calx integral: \(error.text)")
        return 2
    }
    let report = GraphIntegralReport(graphs: read.graphs, from: read.numbers["--from"]!, to: read.numbers["--to"]!)
    for outcome in report.outcomes { printLine("integral " + outcome.text) }
    return 0
}
