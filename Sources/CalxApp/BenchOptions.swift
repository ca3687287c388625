import Platform
import Raster

/// `calx bench`'s options, read as every other command reads its own: a bad one is named with what it takes
/// (the ranges `Usages.bench` lists), and options that do not go together say which goes with which.
struct BenchOptions {
    var runs = 15
    var frames = 20
    var kind: BenchFrame?
    var size: (Int, Int)?
    var copy: ScreenRotation?
    var attract: Double?

    static let runsAccepted = "runs of each frame, from 1 to 10000"
    static let framesAccepted = "frames of --frame or --copy, from 1 to 1000000"
    static let copyAccepted = "the turned copy's degrees: 0, 90, 180 or 270"
    static let attractAccepted = "seconds of the attract screen's loop, from 1 to 3600"
    static var frameAccepted: String { "one kind of frame: " + BenchFrame.allCases.map(\.rawValue).joined(separator: ", ") }

    init(_ arguments: [String]) throws(OptionProblem) {
        var reader = OptionReader(arguments)
        while let flag = reader.next() {
            switch flag {
            case "--runs":
                runs = try reader.value(of: flag, accepts: Self.runsAccepted) { Int($0).flatMap { (1...10_000).contains($0) ? $0 : nil } }
            case "--frames":
                frames = try reader.value(of: flag, accepts: Self.framesAccepted) { Int($0).flatMap { (1...1_000_000).contains($0) ? $0 : nil } }
            case "--frame": kind = try reader.value(of: flag, accepts: Self.frameAccepted) { BenchFrame(rawValue: $0) }
            case "--size": size = try reader.value(of: flag, accepts: ScreenSize.accepted, parseSize)
            case "--copy": copy = try reader.value(of: flag, accepts: Self.copyAccepted) { Int($0).flatMap(ScreenRotation.init(rawValue:)) }
            case "--attract":
                attract = try reader.value(of: flag, accepts: Self.attractAccepted) { Double($0).flatMap { (1...3600).contains($0) ? $0 : nil } }
            default: throw OptionProblem("unknown option \(flag.quotedForMessage)")
            }
        }
        let modes = [("--frame", kind != nil), ("--copy", copy != nil), ("--attract", attract != nil)].filter(\.1).map(\.0)
        if modes.count > 1 { throw OptionProblem("give one of --frame, --copy and --attract, not \(modes.joined(separator: " and "))") }
        if let mode = modes.first, size == nil { throw OptionProblem("\(mode) needs --size: \(ScreenSize.accepted)") }
        if modes.isEmpty, size != nil { throw OptionProblem("--size goes with --frame, --copy or --attract") }
    }
}
