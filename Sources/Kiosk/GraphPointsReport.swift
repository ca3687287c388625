import Calculator
import Grapher
import ProgramGraphs

/// The proved points of interest of graphed programs (`calx points`): each program compiled with its
/// slope, curvature and zero witnesses, decided by Grapher's finder. calx reaches Grapher only through here.
public struct GraphPointsReport: Sendable {
    public struct Point: Sendable, Equatable {
        /// "zero", "minimum", "maximum" or "intersection".
        public var kind: String
        public var x: Double
        /// An enclosure of y at the point.
        public var yLower: Double
        public var yUpper: Double
        public var isZero: Bool { kind == PointOfInterest.Kind.zero.rawValue }
    }
    public var points: [Point]
    /// Stretches of x where a curve is proved 0 throughout (√(M − M)): zeros, but no isolated points.
    public var zeroStretches: [(lower: Double, upper: Double)]
    /// Stretches of x where a point may hide that the finder's budget could not decide.
    public var uncertain: [(lower: Double, upper: Double)]

    public init(graphs: [GraphRequest], from lower: Double, to upper: Double) {
        let curves: [any ProvableFunction] = graphs.map {
            ProvableProgramFunction(expression: $0.plotted, variable: $0.variable)
        }
        let report = PointsOfInterestFinder.find(curves: curves, from: lower, to: upper)
        points = report.points.map { Point(kind: $0.kind.rawValue, x: $0.x, yLower: $0.y.lower, yUpper: $0.y.upper) }
        zeroStretches = report.zeroStretches.map { (lower: $0.lower, upper: $0.upper) }
        uncertain = report.uncertain
    }
}
