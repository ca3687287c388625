/// A libinput-style touch calibration matrix: the top two rows (a b c / d e f) of an affine map on
/// normalised device coordinates, as LIBINPUT_CALIBRATION_MATRIX and `--touch-calibration` write it.
public struct Calibration: Sendable, Equatable {
    public var a, b, c, d, e, f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    public static let identity = Calibration(1, 0, 0, 0, 1, 0)

    /// The six entries in libinput's order.
    public var entries: [Double] { [a, b, c, d, e, f] }

    public var isFinite: Bool { entries.allSatisfy(\.isFinite) }

    /// Where normalised point (x, y) goes.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }

    /// "a b c d e f", each as Swift prints a Double: for the log and `calx doctor`.
    public var text: String { entries.map { "\($0)" }.joined(separator: " ") }

    /// "a b c d e f" to six decimals, without trailing zeros ("1.1375 0 -0.069444 ..."): a calibration as a
    /// config file keeps it (a millionth of the screen is far below a pixel).
    public var settingText: String {
        entries.map { v in
            let r = (v * 1e6).rounded() / 1e6
            return r == r.rounded() ? String(Int(r)) : "\(r)"
        }.joined(separator: " ")
    }

    /// Why a calibration text was refused.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The largest matrix entry accepted: beyond it every touch lands off the screen.
    public static let largestEntry = 100.0

    /// Parses "a b c d e f" (spaces, tabs or commas), libinput's LIBINPUT_CALIBRATION_MATRIX format.
    /// Refuses anything but six finite numbers no larger than `largestEntry`, and a matrix whose
    /// 2x2 part is singular (all touches would land on one line or point).
    public static func parse(_ text: String) throws(ParseError) -> Calibration {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard words.count == 6 else { throw ParseError(description: "\(words.count) numbers, not 6") }
        var numbers: [Double] = []
        for word in words {
            guard let v = Double(word), v.isFinite else { throw ParseError(description: "'\(word)' is not a finite number") }
            guard abs(v) <= largestEntry else {
                throw ParseError(description: "\(word) is larger than \(Int(largestEntry))")
            }
            numbers.append(v)
        }
        let m = Calibration(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        guard abs(m.a * m.e - m.b * m.d) > 1e-6 else {
            throw ParseError(description: "singular (a·e − b·d = 0): every touch would land on one line")
        }
        return m
    }
}
