import Testing

/// A small seeded run of the fuzz targets over the platform's inputs (touch scripts, calx.conf, evdev
/// streams, libinput recordings) and over what calx prints of a stranger's bytes (messages): none may trap,
/// hang or fail. scripts/test/fuzz.sh runs them at scale.
@Test(arguments: [("touch", 300), ("config", 300), ("evdev", 150), ("record", 150), ("messages", 300)])
func platformFuzzTargetsRunClean(target: String, count: Int) throws {
    let r = try CalxBinary.run(["fuzz", target, "--seed", "7", "--count", "\(count)"], lab: true)
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stdout.contains("fuzz \(target): \(count) cases, seed 7, 0 failed"), "\(r.stdout)")
}
