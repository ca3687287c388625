/// The picture sizes `calx shot`, `calx layout` and `calx bench` draw: every screen the layout is made
/// for (480x320 to 1920x1080) and some way past it both ways, each in either orientation. Larger would
/// only cost memory (8192x4608 took 156 MB and 3.9 s for one shot).
enum ScreenSize {
    /// The shorter side, and the longer.
    static let shorter = 240...2160
    static let longer = 320...3840

    /// For messages: what `--size` accepts.
    static let accepted = "WxH from \(longer.lowerBound)x\(shorter.lowerBound) to \(longer.upperBound)x\(shorter.upperBound), either way round"

    /// "800x480" → (800, 480); nil for anything else, or a size out of range.
    static func parse(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let w = Int(parts[0]), let h = Int(parts[1]),
              shorter.contains(min(w, h)), longer.contains(max(w, h)) else { return nil }
        return (w, h)
    }
}

/// `ScreenSize.parse`, under the name BenchCommand calls.
func parseSize(_ text: String) -> (Int, Int)? { ScreenSize.parse(text).map { ($0.width, $0.height) } }
