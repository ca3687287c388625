import CalculatorBrain

/// A test-only reader of descriptions: ordinary precedence (one postfix ² ³ ⁻¹ % tightest, then xʸ to the
/// right, then a leading minus, then × ÷, then + −, all left to right), with M from `variables`; an angle in
/// degrees is marked where it is, "sin(30°)" and "sin⁻¹(0.5)°".
/// If a description reads as something else than the brain computed, this gives another value.
struct DescriptionReader {
    private let scalars: [Character]
    private var index = 0
    private let variables: [String: Double]

    /// The value `text` reads as, or nil when it does not parse.
    static func value(of text: String, variables: [String: Double]) -> Double? {
        var reader = DescriptionReader(scalars: Array(text), variables: variables)
        guard let value = reader.sum(), reader.index == reader.scalars.count else { return nil }
        return value
    }

    private init(scalars: [Character], variables: [String: Double]) {
        self.scalars = scalars
        self.variables = variables
    }

    private mutating func take(_ text: String) -> Bool {
        let characters = Array(text)
        guard index + characters.count <= scalars.count, Array(scalars[index..<index + characters.count]) == characters else {
            return false
        }
        index += characters.count
        return true
    }

    private mutating func sum() -> Double? {
        guard var value = product() else { return nil }
        while true {
            if take(" + ") { guard let rhs = product() else { return nil }; value = value + rhs }
            else if take(" − ") { guard let rhs = product() else { return nil }; value = value - rhs }
            else { return value }
        }
    }

    private mutating func product() -> Double? {
        guard var value = signed() else { return nil }
        while true {
            if take(" × ") { guard let rhs = signed() else { return nil }; value = value * rhs }
            else if take(" ÷ ") { guard let rhs = signed() else { return nil }; value = value / rhs }
            else { return value }
        }
    }

    private mutating func signed() -> Double? {
        if take("-") { return signed().map { -$0 } }
        return power()
    }

    private mutating func power() -> Double? {
        guard let base = postfixed() else { return nil }
        guard take("^") else { return base }
        guard let exponent = powerOperand() else { return nil }
        return BinaryFunction.power.apply(base, exponent)
    }

    /// The right of ^: itself a power (right to left), possibly negative.
    private mutating func powerOperand() -> Double? {
        if take("-") { return powerOperand().map { -$0 } }
        return power()
    }

    /// One postfix at most: "2²³" looks like 2 to the 23rd, so stacked postfixes do not read.
    private mutating func postfixed() -> Double? {
        guard let value = primary() else { return nil }
        if take("²") { return UnaryFunction.square.apply(value) }
        if take("³") { return UnaryFunction.cube.apply(value) }
        if take("⁻¹") { return UnaryFunction.reciprocal.apply(value) }
        if take("%") { return UnaryFunction.percent.apply(value) }
        return value
    }

    private mutating func primary() -> Double? {
        if take("(") {
            guard let value = sum(), take(")") else { return nil }
            return value
        }
        if take("e^(") { return call(.exponential) }
        if take("10^(") { return call(.powerOfTen) }
        // Longest names first: "sin⁻¹(" before "sin(".
        for function in UnaryFunction.keyFunctions.sorted(by: { $0.rawValue.count > $1.rawValue.count })
        where take(function.rawValue + "(") {
            return call(function)
        }
        if take("π") { return Double.pi }
        if take("e") { return 2.718281828459045 }
        if take("M") { return variables["M"] ?? 0 }
        return number()
    }

    /// The trig functions take "°" after their angle; the inverse ones after their ")".
    private mutating func call(_ function: UnaryFunction) -> Double? {
        guard let operand = sum() else { return nil }
        let degreesIn = [.sine, .cosine, .tangent].contains(function) && take("°")
        guard take(")") else { return nil }
        let degreesOut = [.arcSine, .arcCosine, .arcTangent].contains(function) && take("°")
        return function.inAngleMode(degreesIn || degreesOut ? .degrees : .radians).apply(operand)
    }

    private mutating func number() -> Double? {
        let start = index
        while index < scalars.count, scalars[index].isASCII && (scalars[index].isNumber || scalars[index] == ".") { index += 1 }
        guard index > start else { return nil }
        return Double(String(scalars[start..<index]))
    }
}
