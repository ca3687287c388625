import CalculatorBrain

/// M and A: storing the display in one of them (→M, →A), setting A from outside (`--set A=…`), and reading
/// either back by the display's rule.
extension CalculatorController {
    /// →M (→A) stores what is shown in M (A), exactly when it is known so, else as far as it is proved; an
    /// error (or a verdict, "Too close to zero to tell") shows no number, so the variable keeps its value.
    mutating func store(into name: String) {
        let value: Double, exact: ExactValue?, proved: ProvedReal?
        if let typing, let typed = Self.typedStep(typing) {
            proved = nil
            (value, exact) = switch typed {
            case .exactOperand(let number): (number.double, number)
            case .operand(let number): (number, nil)
            default: (0, nil)
            }
            self.typing = nil
        } else {
            typing = nil
            let readouts = programs.readouts
            guard error(readouts) == nil, let result = readouts.result, result.isFinite else {
                refusal = .nothingToStore
                return
            }
            (value, exact) = (result, programs.exactResult)
            proved = exact == nil ? programs.shownReal : nil
        }
        assign(value, exactly: exact, proved: proved, to: name)
    }

    /// Sets one variable (its Double, and its exact or proved value where it has one), keeping the others.
    private mutating func assign(_ value: Double, exactly exact: ExactValue?, proved: ProvedReal?, to name: String) {
        var kept = keptVariables(without: name)
        kept.values[name] = value
        if let exact { kept.exact[name] = exact }
        if let proved { kept.proved[name] = proved }
        programs.setVariables(kept.values, exactly: kept.exact, proved: kept.proved)
    }

    /// The variables but `name`, with their exact and proved values: what a store into `name` keeps.
    func keptVariables(without name: String)
        -> (values: [String: Double], exact: [String: ExactValue], proved: [String: ProvedReal]) {
        ((variables ?? [:]).filter { $0.key != name }, exactVariables.filter { $0.key != name },
         provedVariables.filter { $0.key != name })
    }

    /// Sets A to a number as the keys type it ("0.5", "-2", "1.5e3"), exactly where its digits are a decimal
    /// (`calx keys --set A=0.5`); false, changing nothing, for text the keys could not type.
    public mutating func setParameter(typed text: String) -> Bool {
        switch Self.typedStep(text) {
        case .exactOperand(let exact)?: setParameter(exact.double, exactly: exact)
        case .operand(let value)?: setParameter(value)
        default: return false
        }
        return true
    }

    /// Sets A (the slider, `setParameter(typed:)`): exactly when `exact` is given, else the Double.
    public mutating func setParameter(_ value: Double, exactly exact: ExactValue? = nil) {
        guard value.isFinite else { return }
        assign(value, exactly: exact, proved: nil, to: Self.parameterName)
    }

    /// A variable's digits by the display's rule, so they are those the display showed when → took them.
    func readout(of name: String) -> String? {
        if let exact = exactVariables[name] { return Self.provedText(.exactly(exact), maximumLength: displayLength) }
        if let proved = provedVariables[name] { return Self.provedText(proved.result, maximumLength: displayLength) }
        return variables?[name].map { Self.provedText(.written($0), maximumLength: displayLength) ?? CalculatorNumberFormat.string($0) }
    }
}
