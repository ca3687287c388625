import CalculatorBrain

extension CalculatorController {
    /// Everything needed to bring the controller back after a restart: the programs (each trig step in the
    /// mode it was pressed in), M, the typed number, the mode of the keys to come and the history.
    public struct State: Codable, Equatable, Sendable {
        /// The current program.
        public var program: CalculatorBrain
        /// The earlier programs ⌫ can return to, oldest first.
        public var earlier: [CalculatorBrain]
        public var memory: [String: Double]?
        /// M exactly, when it was stored so (state format 8 on; older formats load it as a Double only).
        public var exactMemory: ExactValue?
        /// M as far as it was proved when stored from a computed result: its ball's decimal ends
        /// (`ProvedReal.storedText`; state format 9 on, older formats load M as its Double).
        public var provedMemory: String?
        /// A, its exact value and its proved ends, as M's (state format 10 on; nil is A's default, 1).
        public var parameter: Double?
        public var exactParameter: ExactValue?
        public var provedParameter: String?
        public var typing: String?
        public var angleMode: AngleMode
        public var history: CalculatorHistory

        public init(program: CalculatorBrain = CalculatorBrain(), earlier: [CalculatorBrain] = [], memory: [String: Double]? = nil,
                    exactMemory: ExactValue? = nil, provedMemory: String? = nil, parameter: Double? = nil,
                    exactParameter: ExactValue? = nil, provedParameter: String? = nil, typing: String? = nil,
                    angleMode: AngleMode = .radians, history: CalculatorHistory = CalculatorHistory()) {
            self.program = program
            self.earlier = earlier
            self.memory = memory
            self.exactMemory = exactMemory
            self.provedMemory = provedMemory
            self.parameter = parameter
            self.exactParameter = exactParameter
            self.provedParameter = provedParameter
            self.typing = typing
            self.angleMode = angleMode
            self.history = history
        }

        private enum CodingKeys: String, CodingKey { case program, earlier, memory, exactMemory, provedMemory, parameter, exactParameter, provedParameter
            case typing, angleMode, history
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            program = try c.decode(CalculatorBrain.self, forKey: .program)
            earlier = try c.decodeIfPresent([CalculatorBrain].self, forKey: .earlier) ?? []
            memory = try c.decodeIfPresent([String: Double].self, forKey: .memory)
            exactMemory = try c.decodeIfPresent(ExactValue.self, forKey: .exactMemory)
            provedMemory = try c.decodeIfPresent(String.self, forKey: .provedMemory)
            parameter = try c.decodeIfPresent(Double.self, forKey: .parameter)
            exactParameter = try c.decodeIfPresent(ExactValue.self, forKey: .exactParameter)
            provedParameter = try c.decodeIfPresent(String.self, forKey: .provedParameter)
            typing = try c.decodeIfPresent(String.self, forKey: .typing)
            angleMode = try c.decodeIfPresent(AngleMode.self, forKey: .angleMode) ?? .radians
            history = try c.decodeIfPresent(CalculatorHistory.self, forKey: .history) ?? CalculatorHistory()
        }

        /// A state of the formats before 7: one program since C, recorded by keys that recorded every step
        /// and read in one angle mode (`angleMode`, radians when absent). Its steps are read in that mode,
        /// the steps that changed nothing dropped and the program split where a new one starts, as the keys
        /// do now: what it shows does not change.
        public init(upgrading program: CalculatorBrain, memory: [String: Double]?, typing: String?, angleMode: AngleMode?,
                    history: CalculatorHistory?) throws(StateError) {
            let mode = angleMode ?? .radians
            let stack = try ProgramStack.replaying(program.program.map { $0.readIn(mode) }, variables: memory,
                                                   .droppingStepsThatChangeNothing)
            self.init(program: stack.current, earlier: stack.earlier, memory: memory, typing: typing, angleMode: mode,
                      history: history ?? CalculatorHistory())
        }
    }

    public var state: State {
        let m = variables?[Self.memoryName]
        let a = variables?[Self.parameterName]
        // A at its default is written as nothing, so a state without A is the same file as before A was.
        let aIsDefault = a == Self.parameterDefault.double && exactVariables[Self.parameterName] == Self.parameterDefault
        return State(program: brain, earlier: programs.earlier, memory: m.map { [Self.memoryName: $0] },
                     exactMemory: exactVariables[Self.memoryName], provedMemory: provedVariables[Self.memoryName]?.storedText,
                     parameter: aIsDefault ? nil : a, exactParameter: aIsDefault ? nil : exactVariables[Self.parameterName],
                     provedParameter: aIsDefault ? nil : provedVariables[Self.parameterName]?.storedText,
                     typing: typing, angleMode: angleMode, history: history)
    }

    /// Restores a state, refusing one the keys could not have made.
    public init(restoring state: State) throws(StateError) {
        if let typing = state.typing {
            guard TypedNumber.isWellFormed(typing) else {
                throw StateError(reason: "typed number '\(typing.prefix(20))' is not a number")
            }
        }
        if let memory = state.memory {
            guard memory.count == 1, let m = memory[Self.memoryName], m.isFinite else {
                throw StateError(reason: "memory holds something other than one finite M")
            }
        }
        if let exact = state.exactMemory {
            guard let m = state.memory?[Self.memoryName], exact.double.bitPattern == m.bitPattern else {
                throw StateError(reason: "exact M is not M")
            }
        }
        var provedVariables: [String: ProvedReal] = [:]
        if let text = state.provedMemory {
            provedVariables[Self.memoryName] = try Self.proved(text, of: Self.memoryName,
                                                               besideItsDouble: state.memory != nil && state.exactMemory == nil)
        }
        var variables = state.memory ?? [:]
        var exactVariables = state.exactMemory.map { [Self.memoryName: $0] } ?? [:]
        if let a = state.parameter {
            guard a.isFinite else { throw StateError(reason: "A is not finite") }
            variables[Self.parameterName] = a
            if let exact = state.exactParameter {
                guard exact.double.bitPattern == a.bitPattern else { throw StateError(reason: "exact A is not A") }
                exactVariables[Self.parameterName] = exact
            }
            if let text = state.provedParameter {
                provedVariables[Self.parameterName] = try Self.proved(text, of: Self.parameterName,
                                                                      besideItsDouble: state.exactParameter == nil)
            }
        } else {
            guard state.exactParameter == nil, state.provedParameter == nil else {
                throw StateError(reason: "exact or proved A without A")
            }
            // Before state format 10, and whenever A was never stored: A is 1.
            variables[Self.parameterName] = Self.parameterDefault.double
            exactVariables[Self.parameterName] = Self.parameterDefault
        }
        programs = try ProgramStack(validating: state.earlier, current: state.program, variables: variables,
                                    exactVariables: exactVariables, provedVariables: provedVariables)
        typing = state.typing
        angleMode = state.angleMode
        history = state.history
    }

    /// A variable's proved value as a state file writes it (`ProvedReal.storedText`): two decimal ends, kept only
    /// beside the variable's Double and never beside an exact value, which needs none.
    private static func proved(_ text: String, of name: String, besideItsDouble: Bool) throws(StateError) -> ProvedReal {
        guard besideItsDouble, text.utf8.count <= 200, let proved = ProvedReal(storedText: text) else {
            throw StateError(reason: "proved \(name) '\(text.prefix(40))' is not two decimal ends beside a stored \(name)")
        }
        return proved
    }

    public struct StateError: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { "calculator state: \(reason)" }
    }
}
