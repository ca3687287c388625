import Testing

/// The console and hotplug lines are reports, not requirements: they never make doctor fail alone.
@Test func doctorReportsTheConsoleAndHotplug() throws {
    let r = try CalxBinary.run(["doctor"])
    let lines = r.stdout.split(separator: "\n")
    let console = try #require(lines.first { $0.hasPrefix("console: ") })
    #expect(console.contains("VT") || console.contains("tty"))
    let hotplug = try #require(lines.first { $0.hasPrefix("hotplug: ") })
    #expect(!hotplug.contains("MISSING") && !console.contains("MISSING"))
}
