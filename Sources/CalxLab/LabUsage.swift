import CalxApp

/// How each of calx-lab's commands is used: `calx-lab COMMAND --help` prints one, `calx-lab --help` all, every
/// option with its range and default (CalxApp's `CommandUsage`, as calx's own commands).
enum LabUsages {
    static let seed = OptionUsage("--seed N", takes: "the seed, a whole number from 0 to \(UInt64.max)", default: "1")

    static let soak = CommandUsage(
        synopsis: "usage: calx-lab soak [--frames N] [--seed S] [--state-dir DIR] [--gate-cost]   (scripts/test/soak.sh)",
        summary: "Seeded random visitors at 60 frames a second of simulated time through the code calx run uses.",
        options: [
            OptionUsage("--frames N", takes: "frames to play, a whole number from 100 to \(longestSoak)", default: "20000"),
            seed,
            OptionUsage("--state-dir DIR", takes: "an existing directory for the state file's own directory", default: "/tmp"),
            OptionUsage("--gate-cost", takes: "also fail when the soaked kiosk's 99th-percentile frame cost exceeds a fresh one's by 10%",
                        default: "off"),
        ],
        notes: soakNotes)

    static let fuzz = CommandUsage(
        synopsis: "usage: calx-lab fuzz TARGET [--seed N] [--count N] [--case N] | --list | keys --session N [--seed N]"
            + "   (scripts/test/fuzz.sh)",
        summary: "Seeded random cases through what a visitor or a bad file can reach, each bounded in CPU time and output.",
        options: [
            OptionUsage("TARGET", takes: "one of \(FuzzTarget.all.map(\.name).joined(separator: ", "))", default: "required"),
            seed,
            OptionUsage("--count N", takes: "cases, a whole number from 1 to 100000000", default: "1000"),
            OptionUsage("--case N", takes: "only case N, a whole number from 0 (replays a failure)", default: "every case"),
            OptionUsage("--session N", takes: "for keys: one visitor session of N keys, from 1 to 100000000, against the reference",
                        default: "none"),
            OptionUsage("--list", takes: "prints the targets", default: "off"),
        ])

    static let benchKeys = CommandUsage(
        synopsis: "usage: calx-lab bench-keys [--seed N]",
        summary: "CPU time of each kind of key, 10³, 10⁴ and 10⁵ keys into a visitor session, and each kind's worst case.",
        options: [seed])

    static let byCommand: [(name: String, usage: CommandUsage)] = [("soak", soak), ("fuzz", fuzz), ("bench-keys", benchKeys)]

    static var synopses: String { byCommand.map(\.usage.synopsis).joined(separator: "\n") }
    static var all: String { byCommand.map(\.usage.text).joined(separator: "\n\n") }
}
