import Kiosk

/// `calx integral "TOKENS" --from A --to B`: each graphed curve's integral from A to B, proved, one line a
/// curve, oldest first: `integral VALUE LO HI` with LO ≤ ∫ ≤ HI (VALUE to six significant digits, the bounds
/// written outward), or `integral uncertain` where a pole or an undefined stretch lies inside. Bounded by
/// `GraphIntegralReport`'s budgets, in program steps for all curves and in enclosures a curve; a curve its
/// budget cut short is named on standard error, so a script can tell a narrow answer from a rough one.
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
    for (index, outcome) in report.outcomes.enumerated() where report.cutShort[index] {
        printError("calx integral: curve \(index + 1): the work bound (\(GraphIntegralReport.stepBudget) program steps for all curves) "
                   + (outcome == .uncertain ? "ended the run with a piece that proved nothing yet, so no number"
                                            : "ended the run short of 1e-7: the bounds are what it proved by then"))
    }
    return 0
}
