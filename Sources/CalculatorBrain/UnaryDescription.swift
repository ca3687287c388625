extension ProgramWalker {
    /// How `function` applied to `operand` reads: its text, precedence and sign (node left for the caller).
    ///
    /// A trig step in degrees says so where the angle is: "sin(30°)", "cos((M + 1)°)"; an inverse one gives
    /// an angle, so the degree sign follows it: "sin⁻¹(0.5)°". A step keeps the mode it was pressed in, so
    /// its description does not change with the mode of the keys after it.
    static func describe(_ function: UnaryFunction, _ operand: Term) -> Term {
        func term(_ text: DescriptionText, _ precedence: Int, minus: Bool = false) -> Term {
            Term(text: text, node: operand.node, precedence: precedence, startsWithMinus: minus)
        }
        let needsGroup = operand.precedence != Precedence.atom || operand.startsWithMinus
        let grouped = needsGroup ? "(" + operand.text + ")" : operand.text
        switch function {
        case .square: return term(grouped + "²", Precedence.postfix)
        case .cube: return term(grouped + "³", Precedence.postfix)
        case .reciprocal: return term(grouped + "⁻¹", Precedence.postfix)
        case .percent: return term(grouped + "%", Precedence.postfix)
        case .negate: return term("-(" + operand.text + ")", Precedence.atom, minus: true)
        case .exponential: return term("e^(" + operand.text + ")", BinaryFunction.power.precedence)
        case .powerOfTen: return term("10^(" + operand.text + ")", BinaryFunction.power.precedence)
        case .sineDegrees, .cosineDegrees, .tangentDegrees:
            // A leading minus needs no group here: "-30°" and "-(M)°" read as the angle they are.
            let angle = operand.precedence != Precedence.atom ? "(" + operand.text + ")" : operand.text
            return term("\(function.keyFunction.rawValue)(" + angle + "°)", Precedence.atom)
        case .arcSineDegrees, .arcCosineDegrees, .arcTangentDegrees:
            return term("\(function.keyFunction.rawValue)(" + operand.text + ")°", Precedence.postfix)
        default: return term("\(function.rawValue)(" + operand.text + ")", Precedence.atom)
        }
    }
}
