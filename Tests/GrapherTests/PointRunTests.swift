@testable import Grapher
import Raster
import SeededRandom
import Testing

/// The assembly's run of points behaves as the array it replaced, through growth and removals.
@Suite struct PointRunTests {
    @Test func matchesAnArrayThroughRandomEdits() {
        var random = SplitMix64(seed: 27)
        let run = PointRun(capacity: 2)
        var array: [Point] = []
        for step in 0..<2_000 {
            switch random.below(8) {
            case 0 where !array.isEmpty:
                let n = random.below(array.count + 1)
                run.removeFirst(n)
                array.removeFirst(n)
            case 1 where step % 97 == 0:
                run.removeAll()
                array.removeAll()
            case 2 where !array.isEmpty:
                let p = Point(x: Double(step), y: -Double(step))
                run[0] = p
                array[0] = p
            default:
                let p = Point(x: Double(random.below(1000)) / 7, y: Double(step))
                run.append(p)
                array.append(p)
            }
            #expect(run.count == array.count)
            #expect(run.isEmpty == array.isEmpty)
            #expect(run.last == array.last)
            run.withUnsafeBufferPointer { #expect(Array($0) == array) }
        }
    }
}
