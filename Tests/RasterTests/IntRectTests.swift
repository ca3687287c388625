import Raster
import SeededRandom
import Testing

/// `IntRect.contains(_:)` against its definition: a rectangle, not empty, whose intersection with the other is itself.
@Suite struct IntRectTests {
    @Test func containsIsTheIntersectionBeingTheRectangleItself() {
        var random = SplitMix64(seed: 0x1C7A)
        var inside = 0, outside = 0
        for _ in 0..<4_000 {
            let outer = IntRect(x: random.below(20) - 10, y: random.below(20) - 10, width: random.below(12) - 2, height: random.below(12) - 2)
            // Near the outer rectangle, so edges meet and both answers come often.
            let inner = IntRect(x: outer.x + random.below(4) - 1, y: outer.y + random.below(4) - 1,
                                width: random.below(max(outer.width, 1) + 2) - 1, height: random.below(max(outer.height, 1) + 2) - 1)
            let expected = !inner.isEmpty && outer.intersection(inner) == inner
            #expect(outer.contains(inner) == expected, "\(outer) contains \(inner)")
            if expected { inside += 1 } else { outside += 1 }
        }
        #expect(inside > 150 && outside > 150)
        #expect(IntRect(x: 0, y: 0, width: 4, height: 4).contains(IntRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(!IntRect(x: 0, y: 0, width: 4, height: 4).contains(IntRect(x: 1, y: 1, width: 4, height: 2)))
        #expect(!IntRect(x: 0, y: 0, width: 4, height: 4).contains(.zero))
    }
}
