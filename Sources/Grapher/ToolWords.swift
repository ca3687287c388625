/// The words the tools' readouts on the plot use: the integral's bounds ("∫ from −1 to 2"), an integral
/// that cannot be proved, a slope that is not defined. The caller's language fills them in.
public struct ToolWords: Sendable, Equatable {
    public var from: String
    public var to: String
    public var integralUncertain: String
    public var slopeUndefined: String

    public init(from: String = "from", to: String = "to", integralUncertain: String = "uncertain: a pole or a gap inside",
                slopeUndefined: String = "dy/dx not defined") {
        self.from = from
        self.to = to
        self.integralUncertain = integralUncertain
        self.slopeUndefined = slopeUndefined
    }
}
