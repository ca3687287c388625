/// What a graph's tools mark on the plot, besides the trace: every shown curve's value at one x, and the
/// area between some curves and the x-axis over an interval, with each one's proved integral.
public struct PlotMarkings: Equatable {
    /// A line at this x, a dot where each shown curve crosses it and a box with their values.
    public var valueX: Double?
    public var area: PlotArea?

    public init(valueX: Double? = nil, area: PlotArea? = nil) {
        self.valueX = valueX
        self.area = area
    }

    public var isEmpty: Bool { valueX == nil && area == nil }
}

/// The area between curves and the x-axis from `from` to `to`: shaded in each curve's colour, its integral
/// proved a frame's share at a time (`ProvedIntegral`) and shown with its enclosure.
public struct PlotArea: Equatable {
    public var from: Double
    public var to: Double
    /// The curves it is for, by id, each as a function whose integral can be proved; the shown ones are
    /// shaded and integrated.
    public var functions: [Int: any IntegrableFunction]

    public init(from: Double, to: Double, functions: [Int: any IntegrableFunction]) {
        self.from = from
        self.to = to
        self.functions = functions
    }

    /// The same bounds for the same curves (a curve's id stands for its function, as a `GraphCurve`'s does).
    public static func == (a: PlotArea, b: PlotArea) -> Bool {
        a.from == b.from && a.to == b.to && a.functions.keys.sorted() == b.functions.keys.sorted()
    }
}

/// One curve's integral over the plot's area, as far as it is proved.
public struct AreaIntegral: Equatable, Sendable {
    public var curveID: Int
    /// The proved enclosure so far; nil while some piece proves nothing, and when uncertain.
    public var lower: Double?
    public var upper: Double?
    public var isFinished: Bool
    /// Finished with no number: a pole or an undefined stretch lies inside.
    public var isUncertain: Bool
}

/// The integrals a view runs for its `PlotArea`, one job a shown curve, a frame's share of work at a time.
struct AreaIntegrals {
    /// Enclosures each curve's integral may spend on screen: thirty frames of the points' share, a few
    /// thousand pieces at most (the command line's 2,000,000 make a few hundred thousand).
    static let budget = 60_000

    private(set) var area: PlotArea?
    private var jobs: [(id: Int, job: ProvedIntegral)] = []
    private(set) var readings: [AreaIntegral] = []

    var isRunning: Bool { jobs.contains { !$0.job.isFinished } }

    /// Starts again for a new area or a new set of shown curves.
    mutating func follow(_ area: PlotArea?, shown: [Int], budget: Int) {
        let ids = area.map { a in shown.filter { a.functions[$0] != nil } } ?? []
        guard area != self.area || ids != jobs.map(\.id) else { return }
        self.area = area
        jobs = []
        if let area {
            for id in ids {
                jobs.append((id, ProvedIntegral(function: area.functions[id]!, from: area.from, to: area.to,
                                                goal: 1e-7, relativeGoal: 1e-13, budget: budget)))
            }
        }
        readings = jobs.map { Self.reading($0.id, $0.job) }
    }

    /// Forgets every job (the functions changed under their ids).
    mutating func forget() {
        area = nil
        jobs = []
        readings = []
    }

    /// Gives the running jobs `work` enclosures between them; true when what they show changed.
    mutating func advance(work: Int) -> Bool {
        let running = jobs.indices.filter { !jobs[$0].job.isFinished }
        guard !running.isEmpty else { return false }
        let share = max(1, work / running.count)
        for i in running { jobs[i].job.advance(work: share) }
        let new = jobs.map { Self.reading($0.id, $0.job) }
        defer { readings = new }
        return new != readings
    }

    private static func reading(_ id: Int, _ job: ProvedIntegral) -> AreaIntegral {
        let e = job.enclosure
        return AreaIntegral(curveID: id, lower: e?.lower, upper: e?.upper, isFinished: job.isFinished, isUncertain: job.isUncertain)
    }
}
