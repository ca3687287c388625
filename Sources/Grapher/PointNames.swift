/// The words the trace shows for the kinds of points of interest; the caller's language fills them in.
public struct PointNames: Sendable, Equatable {
    public var zero: String
    public var minimum: String
    public var maximum: String
    public var intersection: String

    public init(zero: String = "zero", minimum: String = "minimum", maximum: String = "maximum",
                intersection: String = "intersection") {
        self.zero = zero
        self.minimum = minimum
        self.maximum = maximum
        self.intersection = intersection
    }

    public func name(of kind: PointOfInterest.Kind) -> String {
        switch kind {
        case .zero: zero
        case .minimum: minimum
        case .maximum: maximum
        case .intersection: intersection
        }
    }
}
