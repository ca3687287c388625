/// Where an instruction reads or writes a column of values.
enum CompiledSlot: Sendable, Equatable {
    /// The caller's xs.
    case input
    /// The caller's ys (only the last instruction writes it).
    case output
    /// A scratch column (constants live in scratch columns filled once per call).
    case register(Int)
}

enum CompiledInstruction: Sendable {
    case unary(UnaryFunction, CompiledSlot, into: CompiledSlot)
    case binary(BinaryFunction, CompiledSlot, CompiledSlot, into: CompiledSlot)
}

/// The bytecode as it runs: every slot is an index into one register file (0 the variable, 1 the answer,
/// then the scratch columns), so reading an operand needs no switch.
enum PointInstruction: Sendable {
    case unary(UnaryFunction, Int32, into: Int32)
    case binary(BinaryFunction, Int32, Int32, into: Int32)
}

/// Flat register bytecode for one folded expression, and the interpreters that run it at one point and
/// over columns of points. Only the bytecode, the register file it starts from and where the answer is
/// are kept: a graph's functions are copied with the view, and every array held costs a retain a copy.
@usableFromInline
struct CompiledCode: Sendable {
    private var instructions: [PointInstruction] = []
    /// The register file a run starts from: the scratch registers holding constants have them in place
    /// (the others are written before they are read).
    private var startingRegisters: [Double] = []
    /// Where the answer is: 1 unless no instruction writes it (a constant or the bare variable).
    private var resultIndex = 1
    /// The whole program when it is one function of the variable (sin M, tan M, √M): applied directly.
    private(set) var soleFunction: UnaryFunction?

    init(_ folded: Expression, variable: String) {
        var emitter = CompiledEmitter()
        let top = emitter.emit(folded)
        var emitted = emitter.instructions
        let result: CompiledSlot
        if case .register = top, !emitted.isEmpty, emitter.constants.allSatisfy({ .register($0.register) != top }) {
            // Retarget the last instruction at the caller's buffer: no final copy.
            switch emitted.removeLast() {
            case .unary(let f, let a, _): emitted.append(.unary(f, a, into: .output))
            case .binary(let f, let a, let b, _): emitted.append(.binary(f, a, b, into: .output))
            }
            result = .output
        } else {
            result = top
        }
        func index(_ slot: CompiledSlot) -> Int32 {
            switch slot {
            case .input: return 0
            case .output: return 1
            case .register(let r): return Int32(2 + r)
            }
        }
        instructions = emitted.map {
            switch $0 {
            case .unary(let f, let a, let d): .unary(f, index(a), into: index(d))
            case .binary(let f, let a, let b, let d): .binary(f, index(a), index(b), into: index(d))
            }
        }
        startingRegisters = [Double](repeating: 0, count: 2 + emitter.registerCount)
        for (register, value) in emitter.constants { startingRegisters[2 + register] = value }
        resultIndex = Int(index(result))
        if instructions.count == 1, case .unary(let f, 0, into: 1) = instructions[0], resultIndex == 1 {
            soleFunction = f
        }
    }

    /// Runs the bytecode at one point: a grapher's refinement asks for values one at a time, and the
    /// column machinery (a block of scratch, kernels over n) would cost more than the arithmetic.
    @usableFromInline
    func value(at x: Double) -> Double {
        if let f = soleFunction { return f.apply(x) }
        return registerValue(at: x)
    }

    /// `value(at:)` of a program of more than one function, through its register file (apart, so that a
    /// one-function program's path stays short).
    @inline(never)
    private func registerValue(at x: Double) -> Double {
        startingRegisters.withUnsafeBufferPointer { start in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: start.count) { registers in
                let base = registers.baseAddress!, count = start.count
                var i = 0
                while i < count { (base + i).initialize(to: start[i]); i += 1 }
                base[0] = x
                for instruction in instructions {
                    switch instruction {
                    case .unary(let f, let a, let d): base[Int(d)] = f.apply(base[Int(a)])
                    case .binary(let f, let a, let b, let d): base[Int(d)] = f.apply(base[Int(a)], base[Int(b)])
                    }
                }
                return base[resultIndex]
            }
        }
    }

    /// The functions the program applies to its bare variable (in the order first met, at most `limit`),
    /// whose values at a point `value(at:givenVariableFunctions:)` may be handed.
    func variableFunctions(limit: Int) -> [UnaryFunction] {
        var found: [UnaryFunction] = []
        for instruction in instructions {
            if case .unary(let f, 0, into: _) = instruction, !found.contains(f), found.count < limit { found.append(f) }
        }
        return found
    }

    /// `value(at:)` given `values[j]` = `functions[j].apply(x)` for functions of the bare variable: those
    /// instructions take the value handed, the same double, instead of computing it again.
    func value(at x: Double, givenVariableFunctions functions: UnsafeBufferPointer<UnaryFunction>,
               values: UnsafePointer<Double>) -> Double {
        if let f = soleFunction { return f.apply(x) }
        return startingRegisters.withUnsafeBufferPointer { start in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: start.count) { registers in
                let base = registers.baseAddress!, count = start.count
                var i = 0
                while i < count { (base + i).initialize(to: start[i]); i += 1 }
                base[0] = x
                for instruction in instructions {
                    switch instruction {
                    case .unary(let f, let a, let d):
                        if a == 0, let j = functions.firstIndex(of: f) {
                            base[Int(d)] = values[j]
                        } else {
                            base[Int(d)] = f.apply(base[Int(a)])
                        }
                    case .binary(let f, let a, let b, let d): base[Int(d)] = f.apply(base[Int(a)], base[Int(b)])
                    }
                }
                return base[resultIndex]
            }
        }
    }

    /// Runs the bytecode over n points, block by block.
    func run(_ xs: UnsafePointer<Double>, _ ys: UnsafeMutablePointer<Double>, _ n: Int, blockSize: Int) {
        let scratchColumns = startingRegisters.count - 2
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, scratchColumns * blockSize)) { scratch in
            let base = scratch.baseAddress!
            for r in 0..<scratchColumns {
                (base + r * blockSize).initialize(repeating: startingRegisters[2 + r], count: blockSize)
            }
            var start = 0
            while start < n {
                let count = min(blockSize, n - start)
                let x = UnsafeMutablePointer(mutating: xs + start)
                let y = ys + start
                @inline(__always) func column(_ index: Int32) -> UnsafeMutablePointer<Double> {
                    index == 0 ? x : index == 1 ? y : base + (Int(index) - 2) * blockSize
                }
                for instruction in instructions {
                    switch instruction {
                    case .unary(let f, let a, let d):
                        CompiledKernels.unary(f, column(a), column(d), count)
                    case .binary(let f, let a, let b, let d):
                        CompiledKernels.binary(f, column(a), column(b), column(d), count)
                    }
                }
                if resultIndex != 1 {
                    let source = column(Int32(resultIndex))
                    for i in 0..<count { y[i] = source[i] }
                }
                start += count
            }
        }
    }
}

/// Compiles a folded expression into slot bytecode (kept only while compiling).
private struct CompiledEmitter {
    var instructions: [CompiledInstruction] = []
    /// Scratch columns holding one constant each.
    var constants: [(register: Int, value: Double)] = []
    var registerCount = 0

    /// One instruction per operation node, in the nodes' order (operands first, the order
    /// `Expression.value(using:)` computes in). A scratch column is freed after the last node
    /// that reads it, so a shared node is computed once and kept while anyone still needs it.
    mutating func emit(_ folded: Expression) -> CompiledSlot {
        let nodes = folded.nodes
        var lastUse = [Int](repeating: -1, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            switch node {
            case .unary(_, let a): lastUse[a] = index
            case .binary(_, let a, let b): lastUse[a] = index; lastUse[b] = index
            case .constant, .variable: break
            }
        }
        var slots: [CompiledSlot] = []
        slots.reserveCapacity(nodes.count)
        var free: [Int] = []
        func release(_ operand: Int, at index: Int) {
            if lastUse[operand] == index, case .register(let r) = slots[operand],
               !constants.contains(where: { $0.register == r }) {
                free.append(r)
            }
        }
        for (index, node) in nodes.enumerated() {
            switch node {
            case .constant(let value):
                registerCount += 1
                constants.append((registerCount - 1, value))
                slots.append(.register(registerCount - 1))
            case .variable:
                slots.append(.input) // folding left only the free variable
            case .unary(let function, let a):
                release(a, at: index)
                let d = allocate(&free)
                instructions.append(.unary(function, slots[a], into: .register(d)))
                slots.append(.register(d))
            case .binary(let function, let a, let b):
                release(a, at: index)
                if b != a { release(b, at: index) }
                let d = allocate(&free)
                instructions.append(.binary(function, slots[a], slots[b], into: .register(d)))
                slots.append(.register(d))
            }
        }
        return slots[slots.count - 1]
    }

    private mutating func allocate(_ free: inout [Int]) -> Int {
        if let reused = free.popLast() { return reused }
        registerCount += 1
        return registerCount - 1
    }

}
