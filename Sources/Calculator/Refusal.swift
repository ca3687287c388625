/// Why a key did nothing: a value, worded by whoever shows it (the kiosk and `calx keys` in their locale).
public enum Refusal: Equatable, Hashable, Sendable {
    /// `ans` past the newest result kept.
    case noSuchHistoryEntry
    /// An operation with no number to act on.
    case numberFirst
    /// The program holds the most steps one may (`limit`): ⌫ or C.
    case tooManySteps(limit: Int)
    /// →M while an error shows: M keeps its value.
    case nothingToStore
    /// The graph key while an operation waits for its operand.
    case finishBeforeGraphing
    /// The graph key before any number.
    case nothingToGraph
    /// A digit past the most a typed number keeps (`limit`).
    case tooManyDigits(limit: Int)
    /// A digit past the most an exponent keeps (`limit`).
    case tooManyExponentDigits(limit: Int)
    /// An exponent whose number would be infinite.
    case exponentTooLarge
    /// An exponent whose number would be 0 when it is not.
    case exponentTooSmall
    /// The point after EE.
    case pointInExponent
    /// A second point in one number.
    case secondPoint
    /// A second EE in one number.
    case secondExponent
    /// ± on a typed 0.
    case zeroHasNoSign
    /// "(" right after a number: nothing joins them ("2 (" is no product here).
    case operationBeforeGroup
    /// ")" with no "(" open.
    case noOpenGroup
    /// "(" past the deepest nesting (`limit`).
    case tooManyGroups(limit: Int)
    /// The graph key inside an open "(".
    case closeGroupsBeforeGraphing

    /// Every refusal, with the limits the controller has: for the wording tables' tests.
    public static let all: [Refusal] = [
        .noSuchHistoryEntry, .numberFirst, .tooManySteps(limit: CalculatorController.maximumProgramLength), .nothingToStore,
        .finishBeforeGraphing, .nothingToGraph, .tooManyDigits(limit: TypedNumber.maximumDigits),
        .tooManyExponentDigits(limit: TypedNumber.maximumExponentDigits), .exponentTooLarge, .exponentTooSmall, .pointInExponent,
        .secondPoint, .secondExponent, .zeroHasNoSign, .operationBeforeGroup, .noOpenGroup,
        .tooManyGroups(limit: CalculatorController.maximumGroupDepth), .closeGroupsBeforeGraphing,
    ]
}
