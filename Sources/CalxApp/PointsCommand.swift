import Calculator
#if canImport(Glibc)
import Glibc
#endif
import Kiosk

/// `calx points "TOKENS" [--from A] [--to B]`: the proved points of interest of every curve the
/// tokens graph (each press of the graph key adds one), one line each, sorted by x:
/// `KIND X Y` (zero, minimum, maximum, intersection), `zero-stretch A B` where a curve is proved 0 at every x
/// from A to B (√(M − M)), or `uncertain A B` for what was not decided.
func runPointsCommand(_ arguments: [String]) -> Int32 {
    var tokens: String?
    var range = (from: -10.0, to: 10.0)
    let keys: [CalculatorKey]
    var reader = OptionReader(arguments)
    let accepts = PointsRange.accepted
    let number: (String) -> Double? = { Double($0).flatMap { $0.isFinite && abs($0) <= 1e15 ? $0 : nil } }
    do throws(OptionProblem) {
        while let argument = reader.next() {
            switch argument {
            case "--from": range.from = try reader.value(of: argument, accepts: accepts, number)
            case "--to": range.to = try reader.value(of: argument, accepts: accepts, number)
            default: try KeyTokensArgument.take(argument, into: &tokens)
            }
        }
        guard range.from < range.to else { throw OptionProblem("--from must be below --to (got \(range.from.inMessage) and \(range.to.inMessage))") }
        keys = try KeyTokensArgument.parse(tokens ?? "", name: "TOKENS").get()
    } catch {
        printError("calx points: \(error.text)")
        return 2
    }
    var controller = CalculatorController()
    let graphs = keys.compactMap { controller.press($0) }
    guard !graphs.isEmpty else { printError("calx points: nothing graphed (press graph in TOKENS, e.g. \"M sin graph\")"); return 2 }
    let report = GraphPointsReport(graphs: graphs, from: range.from, to: range.to)
    var lines: [(x: Double, text: String)] = report.points.map {
        let y = $0.isZero ? "0" : significant($0.yLower / 2 + $0.yUpper / 2, containsZero: $0.yLower <= 0 && $0.yUpper >= 0)
        return ($0.x, "\($0.kind) \(significant($0.x, containsZero: false)) \(y)")
    }
    lines += report.zeroStretches.map { ($0.lower, "zero-stretch \(significant($0.lower, containsZero: false)) \(significant($0.upper, containsZero: false))") }
    lines += report.uncertain.map { ($0.lower, "uncertain \(significant($0.lower, containsZero: false)) \(significant($0.upper, containsZero: false))") }
    for line in lines.sorted(by: { $0.x < $1.x }) { printLine(line.text) }
    return 0
}

/// The x-range `calx points` searches.
enum PointsRange {
    static let accepted = "a finite number (at most 1e15 in size)"
}

/// Six significant digits, as %g, with no "-0"; an enclosure of a value that holds 0 prints 0.
private func significant(_ value: Double, containsZero: Bool) -> String {
    if containsZero || value == 0 { return "0" }
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var buffer = [CChar](repeating: 0, count: 32)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.6g", $0) }
    return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
