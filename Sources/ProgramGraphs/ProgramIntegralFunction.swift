import CalculatorBrain
import Grapher

/// A frozen program as the grapher's integrable function: its integral over short pieces, proved by the
/// brain's `ProgramIntegrand` (Taylor forms on the program's symbolic derivatives). Built only when an
/// integral is asked for: its derivatives up to the fourth are compiled then, not for every curve drawn.
public struct ProgramIntegralFunction: IntegrableFunction {
    public let integrand: ProgramIntegrand

    public init(expression: Expression, variable: String) {
        integrand = ProgramIntegrand(expression, variable: variable)
    }

    public func integralEnclosure(from lower: Double, to upper: Double) -> IntegralEnclosure {
        let piece = integrand.piece(from: lower, to: upper)
        let status: IntegralEnclosure.Status
        switch piece.status {
        case .proved: status = .proved
        case .undefined: status = .undefined
        case .unproved: status = .unproved
        }
        return IntegralEnclosure(lower: piece.lower, upper: piece.upper, status: status)
    }

    public var enclosuresPerIntegralPiece: Int { integrand.enclosuresPerPiece }
}
