import Testing

@Test func runWithoutDisplayExitsTwoNamingWhatItLookedFor() throws {
    let r = try CalxBinary.run(["run", "--card", "/nonexistent/card9", "--state", "/tmp/calx-run-test-state"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("/nonexistent/card9"))
    #expect(r.stderr.contains("no usable display"))
}

@Test func runRejectsBadFlags() throws {
    #expect(try CalxBinary.run(["run", "--rotate", "45"]).status == 2)
    #expect(try CalxBinary.run(["run", "--mode", "big"]).status == 2)
    #expect(try CalxBinary.run(["run", "--frobnicate", "1"]).stderr.contains("unknown option"))
}
