/// What the calculator under test showed after a key, as text: what a visitor reads.
public struct ObservedReadouts: Sendable {
    public var display: String
    /// The number being typed, nil when none is.
    public var typing: String?
    /// Why the key was refused, nil when it was not (a math error is no refusal).
    public var refusal: String?
    /// The M readout, nil while M is unset.
    public var memory: String?
    public var isGraphEnabled: Bool

    public init(display: String, typing: String?, refusal: String?, memory: String?, isGraphEnabled: Bool) {
        self.display = display
        self.typing = typing
        self.refusal = refusal
        self.memory = memory
        self.isGraphEnabled = isGraphEnabled
    }
}

public enum Verdict: Equatable, Sendable {
    case agrees
    /// Nothing contradicts, but part of it could not be decided (a value within its bound of an error).
    case unsure
    case disagrees(String)
}

extension ReferenceCalculator {
    /// Whether `observed` is what the reference expects after the same keys. An `ans` the reference could
    /// not decide is settled first by the refusal `observed` shows (either is right); the rest is checked.
    public mutating func check(_ observed: ObservedReadouts) -> Verdict {
        if ansIsUndecided {
            settleAns(refused: observed.refusal != nil)
            // Its refusal was learned, not foreseen: at best this key is unsure.
            let verdict = check(observed)
            return verdict == .agrees ? .unsure : verdict
        }
        var unsure = false
        if let refused {
            if refused != (observed.refusal != nil) {
                return .disagrees("expected \(refused ? "a refusal" : "no refusal"), shown '\(observed.refusal ?? "none")'")
            }
        } else {
            unsure = true
        }
        if observed.typing != typing?.text {
            return .disagrees("typing '\(observed.typing ?? "none")', expected '\(typing?.text ?? "none")'")
        }
        if observed.isGraphEnabled != isGraphEnabled {
            return .disagrees("graph key \(observed.isGraphEnabled ? "enabled" : "disabled"), expected the other")
        }
        if typing == nil {
            switch shown {
            case nil:
                if observed.display != "0" { return .disagrees("display '\(observed.display)' before any number") }
            case let value?:
                switch Self.compare(observed.display, value) {
                case .disagrees(let why): return .disagrees("display: \(why)")
                case .unsure: unsure = true
                case .agrees: break
                }
            }
        }
        switch (memory, observed.memory) {
        case (nil, nil): break
        case (nil, let shown?): return .disagrees("M shows '\(shown)', expected unset")
        // →M of a value the reference cannot tell from an error: the calculator may have left M as it was.
        case (.unsure?, nil): unsure = true
        case (_?, nil): return .disagrees("M unset, expected a value")
        case (let value?, let shown?):
            switch Self.compare(shown, value) {
            case .disagrees(let why): return .disagrees("M: \(why)")
            case .unsure: unsure = true
            case .agrees: break
            }
        }
        return unsure ? .unsure : .agrees
    }

    /// A shown number against the reference's: equal within its bound and the last place the text keeps.
    /// Text that is no number is an error's name.
    static func compare(_ text: String, _ value: ReferenceValue) -> Verdict {
        // "≈0.33": only the digits shown are proved, so the tolerance is their own last place.
        let approximate = text.hasPrefix("≈")
        let digits = approximate ? String(text.dropFirst()) : text
        let shown = Double(digits)
        switch value {
        case .unsure: return .unsure
        case .error: return shown == nil ? .agrees : .disagrees("'\(text)' where an error was expected")
        case .number(let x, let bound, _):
            // The calculator proves its digits from the real numbers; where those may be 0 (∛2³ − 2) it shows
            // "Too close to zero to tell", which the reference's doubles cannot confirm or refute.
            guard let shown else {
                return abs(x) <= 2 * bound + 1e-15 * abs(x) ? .unsure : .disagrees("'\(text)' where \(x) was expected")
            }
            // And the last place of the Double the text reads back as: among the subnormals (3.05578e-317) that
            // place is a tenth of the text's own.
            let place = approximate ? max(halfLastPlace(digits), ownHalfLastPlace(digits)) : halfLastPlace(digits)
            let tolerance = bound + place * (1 + 1e-9) + 1e-15 * abs(x) + shown.ulp
            return abs(shown - x) <= tolerance ? .agrees : .disagrees("'\(text)' where \(x) ± \(bound) was expected")
        }
    }

    /// Half a unit in the last place a shown number keeps: 0 for "0" (only 0 shows so), 5e-7 in plain form
    /// (6 fraction digits), and in scientific form half the sixth digit after the mantissa's point, or the
    /// fifth when the exponent has three digits (trailing zeros are dropped, so the text's own digits do not say).
    /// Half a unit in the last nonzero digit a text writes ("0.33" 0.005, "3.3e-05" 5e-7, "544949476610" 5: the
    /// display drops trailing zeros, so a whole number's last zeros may be no proved digits).
    static func ownHalfLastPlace(_ text: String) -> Double {
        let e = text.firstIndex(of: "e")
        let mantissa = (e.map { text[..<$0] } ?? text[...]).filter { $0 != "-" }
        let exponent = e.flatMap { Int(text[text.index(after: $0)...]) } ?? 0
        let integerDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
        let digits = mantissa.filter { $0 != "." }
        guard let last = digits.lastIndex(where: { $0 != "0" }) else { return 0.5 }
        let place = integerDigits - 1 - digits.distance(from: digits.startIndex, to: last)
        return 0.5 * Double("1e\(exponent + place)")!
    }

    static func halfLastPlace(_ text: String) -> Double {
        if text == "0" { return 0 }
        // Plain form fills 12 characters where the digits go on: its last place follows the integer digits.
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else {
            let integerDigits = (text.firstIndex(of: ".") ?? text.endIndex).utf16Offset(in: text) - (text.hasPrefix("-") ? 1 : 0)
            return 0.5 * Double("1e-\(max(0, 12 - integerDigits - 1))")!
        }
        let digits = abs(exponent) >= 100 ? 5 : 6
        return 0.5 * Double("1e\(exponent - digits)")!
    }
}
