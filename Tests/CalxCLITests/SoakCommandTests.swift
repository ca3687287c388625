import Testing

@Suite struct SoakCommandTests {
    /// A short soak runs the whole path: 11 points, the fd and description criteria, saves that a relaunch reads.
    @Test func shortSoakReportsItsPointsAndCriteria() throws {
        let result = try CalxBinary.run(["soak", "--frames", "600", "--seed", "7"], lab: true)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(rows.count == 11)
        #expect(result.stdout.contains("calx-lab soak: open fds at points 0-10:") && result.stdout.contains(": pass\n"))
        #expect(result.stdout.contains("relaunched on the saved state: same calculator and graph"))
        #expect(result.stdout.contains("descriptions longer than the keys typed since C allow (64 + 24 a key): none: pass"))
        #expect(result.stdout.contains("played the same"))
        // RSS, its anonymous part and the C heap in use, each a number at every point.
        #expect(result.stdout.contains("rss-kB  anon-kB  heap-kB  fds"))
        #expect(rows.allSatisfy { $0.split(separator: " ").dropFirst(4).prefix(3).allSatisfy { Int($0).map { $0 > 0 } == true } })
        #expect(result.stdout.contains("calx-lab soak: of that, largest moves after warm-up (figures): anonymous "))
    }

    @Test func refusesTooFewFramesAndUnknownFlags() throws {
        #expect(try CalxBinary.run(["soak", "--frames", "5"], lab: true).status == 2)
        #expect(try CalxBinary.run(["soak", "--bogus"], lab: true).status == 2)
    }
}
