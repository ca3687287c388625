import Raster
import SeededRandom
import Testing

/// `IntRect.contains(_:)` against its definition: a rectangle, not empty, whose intersection with the other is itself.
@Suite struct IntRectTests {
    @Test func containsIsTheIntersectionBeingTheRectangleItself() {
        var random = SplitMix64(seed: 0x1C7A)
        var inside = 0
        for _ in 0..<20_000 {
            let outer = IntRect(x: random.below(20) - 10, y: random.below(20) - 10, width: random.below(25) - 2, height: random.below(25) - 2)
            let inner = IntRect(x: random.below(30) - 12, y: random.below(30) - 12, width: random.below(20) - 2, height: random.below(20) - 2)
            let expected = !inner.isEmpty && outer.intersection(inner) == inner
            #expect(outer.contains(inner) == expected, "\(outer) contains \(inner)")
            if expected { inside += 1 }
        }
        // Both answers are met often, edges shared included.
        #expect(inside > 1_000)
        #expect(IntRect(x: 0, y: 0, width: 4, height: 4).contains(IntRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(!IntRect(x: 0, y: 0, width: 4, height: 4).contains(IntRect(x: 1, y: 1, width: 4, height: 2)))
        #expect(!IntRect(x: 0, y: 0, width: 4, height: 4).contains(.zero))
    }
}
