import CalxApp
import SeededRandom

/// One kind of input to fuzz: how to make and run a case from a seeded generator.
struct FuzzTarget: Sendable {
    struct Outcome: Sendable {
        /// What the case printed or produced, in bytes: bounded per target.
        var outputBytes = 0
        /// Why the case is wrong, if it is.
        var problem: String?
    }

    let name: String
    /// A case still running after this long is a hang: the process names it and dies.
    let hangSeconds: UInt32
    let outputLimit: Int
    let run: @Sendable (inout SplitMix64) -> Outcome

    static let all: [FuzzTarget] = [.keys, .state, .touch, .config, .evdev, .record, .messages]
}
