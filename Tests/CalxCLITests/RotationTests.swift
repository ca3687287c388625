import Testing

@Test func runHelpSaysWhichWayTheRotationTurns() throws {
    let r = try CalxBinary.run(["run", "--help"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("--rotate turns picture and touch together, clockwise"))
}

@Test func doctorPrintsTheRotationInEffect() throws {
    let r = try CalxBinary.run(["doctor", "--rotate", "270"])
    #expect(r.stdout.contains("rotation: 270° clockwise"), "\(r.stdout)")
    let bad = try CalxBinary.run(["doctor", "--rotate", "45"])
    #expect(bad.stdout.contains("rotation: MISSING '45'"))
    #expect(bad.status != 0)
    #expect(try CalxBinary.run(["doctor", "--frobnicate", "1"]).status == 2)
}

/// A turned screen is no longer refused: without a display the run fails for the display alone.
@Test func runWithRotationLooksForTheDisplay() throws {
    let r = try CalxBinary.run(["run", "--rotate", "90", "--card", "/nonexistent/card9", "--state", "/tmp/calx-rotate-test-state"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("no usable display"))
    #expect(!r.stderr.contains("not supported"))
}
