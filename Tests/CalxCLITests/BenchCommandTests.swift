import Testing

/// `calx bench` with no --frame: a row for every kind of frame `--frame` takes. The graph tools' kinds
/// (table-drag, integral) had no name in its table, and the whole run trapped (the messages fuzz found it).
@Test func benchNamesEveryKindOfFrameInItsTable() throws {
    let r = try CalxBinary.run(["bench", "--runs", "1"])
    #expect(r.status == 0, "\(r.stderr)")
    for name in ["full frame", "key-press frame (down)", "key-press frame (up)", "pan frame", "pinch frame",
                 "table drag frame", "integral frame"] {
        for size in ["800x480", "1920x1080"] {
            #expect(r.stdout.split(separator: "\n").contains { $0.hasPrefix(name) && $0.contains(size) },
                    "\(name) at \(size): \(r.stdout)")
        }
    }
}
