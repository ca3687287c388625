import Calculator
import CalculatorBrain
import Kiosk

/// `calx value "TOKENS" --at X`: each graphed curve's value at X, one line a curve, oldest first:
/// `value X Y`, Y as the display writes numbers, or `undefined` at a pole or a domain gap.
func runValueCommand(_ arguments: [String]) -> Int32 {
    let read: GraphToolArguments
    do throws(OptionProblem) {
        read = try GraphToolArguments(arguments, flags: [("--at", .finite)])
    } catch {
        printError("calx value: \(error.text)")
        return 2
    }
    let x = read.numbers["--at"]!
    for y in GraphValues(graphs: read.graphs).values(at: x) {
        printLine("value \(CalculatorNumberFormat.string(x)) \(GraphToolArguments.text(y))")
    }
    return 0
}
