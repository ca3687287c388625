/// An exhibit's keypad: some keys left out (calx.conf's `disable=`), the others closing the gaps.
///
/// No key changes its row, and the number block's keys (digits, point, the operations, =) keep their cells,
/// so the digits stay in their columns. Between those, the keys left in a row share the row's run of cells
/// in equal parts; a run with no key left goes to the block key beside it (before it, else after it), which
/// spans it; a row with no key left is dropped, and the rows left grow. Keys only grow, so they stay at least
/// as large as on the whole keypad.
/// The second page follows its keys: a key whose first-page partner is out moves up to the first page;
/// leaving 2nd out takes its page with it (sin⁻¹, cos⁻¹, tan⁻¹, ∛, x³, Rand); and 2nd goes where its page would
/// change nothing.
extension KeypadLayout {
    /// The keypad without `disabled`.
    public func without(_ disabled: Set<CalculatorKey>) -> KeypadLayout {
        guard !disabled.isEmpty else { return self }
        let pageKept = !disabled.contains(.secondPage)
        var pairs: [(key: CalculatorKey, secondKey: CalculatorKey)?] = cells.map { cell in
            let first = disabled.contains(cell.key) ? nil : cell.key
            let second = cell.secondKey != cell.key && pageKept && !disabled.contains(cell.secondKey) ? cell.secondKey : nil
            switch (first, second) {
            case let (f?, s?): return (f, s)
            case let (f?, nil): return (f, f)
            case let (nil, s?): return (s, s)
            case (nil, nil): return nil
            }
        }
        if !pairs.contains(where: { $0.map { $0.key != $0.secondKey } ?? false }) {
            pairs = pairs.map { $0?.key == .secondPage ? nil : $0 }
        }
        var kept: [Cell] = []
        var row = 0
        for r in 0..<rows {
            let line = Array(pairs[r * columns ..< (r + 1) * columns])
            let made = Self.cells(ofRow: line, at: row, fixed: block.rows.contains(r) ? block.columns : 0..<0)
            if !made.isEmpty {
                kept += made
                row += 1
            }
        }
        return KeypadLayout(columns: columns, rows: row, cells: kept, block: block)
    }

    /// One row's cells: the block's keys (`fixed` columns) in place, every other key sharing its run of columns.
    private static func cells(ofRow line: [(key: CalculatorKey, secondKey: CalculatorKey)?], at row: Int,
                              fixed: Range<Int>) -> [Cell] {
        // Each piece of the row: a block key, or a run of the columns between them with the keys left in it.
        var pieces: [(span: Range<Int>, keys: [(key: CalculatorKey, secondKey: CalculatorKey)])] = []
        var runStart: Int?
        for column in 0...line.count {
            let isFixed = column < line.count && fixed.contains(column) && line[column] != nil
            if column == line.count || isFixed {
                if let start = runStart {
                    pieces.append((start..<column, line[start..<column].compactMap { $0 }))
                    runStart = nil
                }
                if isFixed, let pair = line[column] { pieces.append((column..<column + 1, [pair])) }
            } else if runStart == nil {
                runStart = column
            }
        }
        // A run with no key left goes to the key before it, else the one after it.
        var index = 0
        while index < pieces.count {
            if pieces[index].keys.isEmpty && pieces.count > 1 {
                let span = pieces[index].span
                pieces.remove(at: index)
                if index > 0 {
                    pieces[index - 1].span = pieces[index - 1].span.lowerBound..<span.upperBound
                } else {
                    pieces[index].span = span.lowerBound..<pieces[index].span.upperBound
                }
            } else {
                index += 1
            }
        }
        return pieces.flatMap { piece in
            piece.keys.enumerated().map { part, pair in
                Cell(key: pair.key, secondKey: pair.secondKey, row: row, span: piece.span, part: part, parts: piece.keys.count)
            }
        }
    }

    /// The keys an exhibit's `disable=` can name: every key of the keypad's two pages.
    public static var disableable: [CalculatorKey] { CalculatorKey.all + CalculatorKey.screenOnly }

    /// What is wrong with leaving `disabled` out, if anything: a keypad needs a key to press.
    public static func problem(leavingOut disabled: Set<CalculatorKey>) -> String? {
        tall.without(disabled).cells.contains { !CalculatorKey.screenOnly.contains($0.key) } ? nil : "it leaves no key to press"
    }
}
