import Calculator
import SeededRandom
import Testing

/// Issue 26: an exhibit leaves keys out (`disable=`); the keypad closes the gaps.
@Suite struct KeypadDisabledTests {
    static let arrangements = [KeypadLayout.tall, .wide]

    func cell(_ key: CalculatorKey, in layout: KeypadLayout) -> KeypadLayout.Cell? { layout.cells.first { $0.key == key } }

    @Test func leavingNothingOutIsTheWholeKeypad() {
        for whole in Self.arrangements { #expect(whole.without([]) == whole) }
    }

    @Test func randAndHistGoAndGraphTakesTheirPlace() throws {
        let whole = KeypadLayout.tall, fewer = whole.without([.random, .historyList])
        #expect(!fewer.keys.contains(.historyList) && !fewer.secondKeys.contains(.random))
        #expect(fewer.rows == whole.rows && fewer.cells.count == whole.cells.count - 1)
        let graph = try #require(cell(.graph, in: fewer))
        #expect(graph.span == 4..<6 && graph.parts == 1, "\(graph)")
        // The number block keeps its cells: 7 stays over 4 and 1.
        for key: CalculatorKey in [.digit(7), .digit(4), .digit(1), .digit(0), .point, .equals, .binary(.add)] {
            #expect(cell(key, in: fewer)?.span == cell(key, in: whole)?.span && cell(key, in: fewer)?.row == cell(key, in: whole)?.row)
        }
    }

    @Test func aFunctionLeftOutLeavesItsInverseOnTheFirstPage() throws {
        let fewer = KeypadLayout.tall.without([.unary(.sine)])
        let arcSine = try #require(cell(.unary(.arcSine), in: fewer))
        #expect(arcSine.secondKey == .unary(.arcSine))
        #expect(fewer.keys.contains(.secondPage))
        // The five keys left in the first row share its six columns.
        let first = fewer.cells.filter { $0.row == 0 }
        #expect(first.count == 6 && first.allSatisfy { $0.span == 0..<6 || $0.parts == 1 })
    }

    @Test func leaving2ndOutTakesItsPageWithIt() {
        for whole in Self.arrangements {
            let fewer = whole.without([.secondPage])
            #expect(fewer.secondPageSwapCount == 0 && !fewer.keys.contains(.secondPage))
            for key in KeypadLayout.secondPageSwaps.values {
                #expect(!fewer.keys.contains(key))
            }
        }
    }

    @Test func secondGoesWhereItsPageWouldChangeNothing() {
        let fewer = KeypadLayout.wide.without(Set(KeypadLayout.secondPageSwaps.values))
        #expect(!fewer.keys.contains(.secondPage) && fewer.secondPageSwapCount == 0)
        #expect(fewer.keys.contains(.unary(.sine)) && fewer.keys.contains(.historyList))
    }

    @Test func aRowLeftEmptyIsDroppedAndTheOthersGrow() {
        let row: Set<CalculatorKey> = [.unary(.naturalLog), .unary(.commonLog), .unary(.exponential), .unary(.powerOfTen),
                                       .constant("π"), .constant("e")]
        let fewer = KeypadLayout.tall.without(row)
        #expect(fewer.rows == 6 && fewer.cells.count == 36)
        #expect(KeypadLayout.problem(leavingOut: row) == nil)
        #expect(KeypadLayout.problem(leavingOut: Set(KeypadLayout.disableable)) != nil)
    }

    /// Any keys left out, in either arrangement: every other key is on one page or the other once (but those
    /// of 2nd's page when 2nd is out), each row is tiled by its keys without gap or overlap, and the number
    /// block's keys keep their cells (widened only over a run of keys all left out beside them).
    @Test func anyKeysLeftOutLeaveAWholeKeypad() {
        var rng = SplitMix64(state: 26)
        let keys = KeypadLayout.disableable
        let secondPage = Set(KeypadLayout.secondPageSwaps.values)
        for _ in 0..<500 {
            var disabled: Set<CalculatorKey> = []
            for _ in 0..<Int(rng.next() % 30) { disabled.insert(keys[Int(rng.next() % UInt64(keys.count))]) }
            for whole in Self.arrangements {
                let fewer = whole.without(disabled)
                var expected = Set(keys).subtracting(disabled)
                if disabled.contains(.secondPage) { expected.subtract(secondPage) }
                let shown = Set(fewer.keys).union(fewer.secondKeys)
                #expect(shown.subtracting([.secondPage]) == expected.subtracting([.secondPage]), "\(disabled)")
                #expect(fewer.keys.count == Set(fewer.keys).count && fewer.secondKeys.count == Set(fewer.secondKeys).count)
                #expect(!fewer.keys.contains(.secondPage) || fewer.secondPageSwapCount > 0)
                for row in 0..<fewer.rows {
                    // Each key's share in 1/(columns × 420)ths of the row (420 = lcm of 1 ... 7): they tile it.
                    let unit = 420
                    let pieces = fewer.cells.filter { $0.row == row }.map { cell -> Range<Int> in
                        let width = (cell.span.upperBound - cell.span.lowerBound) * unit
                        let start = cell.span.lowerBound * unit + width * cell.part / cell.parts
                        return start..<(start + width / cell.parts)
                    }.sorted { $0.lowerBound < $1.lowerBound }
                    #expect(!pieces.isEmpty && pieces.first?.lowerBound == 0 && pieces.last?.upperBound == fewer.columns * unit)
                    for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.upperBound == b.lowerBound, "\(disabled) row \(row)") }
                }
                for key in [CalculatorKey.digit(1), .digit(5), .digit(9), .equals] where !disabled.contains(key) {
                    let before = whole.cells.first { $0.key == key }!, after = fewer.cells.first { $0.key == key }!
                    #expect(after.span.contains(before.span.lowerBound) && after.parts == 1, "\(disabled) \(key)")
                }
            }
        }
    }
}
