import Foundation
import XCTest

final class UsageTests: XCTestCase {
    /// Every option each command reads, as its parser spells it (issue 26: the usage lists every option).
    static let options: [String: [String]] = [
        "run": ["--card", "--connector", "--mode", "--rotate", "--touch-calibration", "--state", "--theme", "--text-scale",
                "--idle-attract", "--idle-reset", "--locale", "--disable"],
        "keys": ["--touch", "--size", "--locale", "--disable", "--theme", "--text-scale", "--idle-attract"],
        "shot": ["--size", "--out", "--theme", "--text-scale", "--keys", "--touch", "--state", "--mm", "--idle-reset", "--idle-attract",
                 "--locale", "--disable"],
        "layout": ["--size", "--text-scale", "--locale", "--disable"],
        "points": ["--from", "--to"],
        "doctor": ["--card", "--connector", "--mode", "--rotate", "--touch-calibration", "--state", "--theme", "--text-scale",
                   "--idle-attract", "--idle-reset", "--locale", "--disable"],
        "bench": ["--runs", "--frame", "--copy", "--attract", "--size", "--frames"],
    ]
    static let labOptions: [String: [String]] = [
        "soak": ["--frames", "--seed", "--state-dir", "--gate-cost"],
        "fuzz": ["--seed", "--count", "--case", "--session", "--list"],
        "bench-keys": ["--seed"],
    ]

    func testHelpPrintsEveryCommandsUsage() throws {
        for help in ["--help", "-h", "help"] {
            let result = try CalxBinary.run([help])
            XCTAssertEqual(result.status, 0)
            for command in Self.options.keys { XCTAssertTrue(result.stdout.contains("usage: calx \(command == "run" ? "[run]" : command)"), command) }
        }
    }

    /// `calx shot --help` once said "unknown option '--help'" and exited 2. Each command's usage lists each of
    /// its options with what it takes and its default (or that it is required).
    func testEveryCommandsHelpListsEachOptionWithItsRangeAndDefault() throws {
        for (command, flags) in Self.options {
            let result = try CalxBinary.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.stdout.contains("calx \(command == "run" ? "[run]" : command)"), result.stdout)
            for flag in flags { XCTAssertNotNil(Self.optionLine(flag, in: result.stdout), "\(command) --help lacks \(flag)") }
            // Every option line (the ones that start with a flag) says its default or that it is required.
            for entry in Self.entries(result.stdout) {
                XCTAssertTrue(entry.contains("(default: ") || entry.hasSuffix("(required)"), "\(command): \(entry)")
            }
        }
    }

    /// What the usage lists, the command reads: no listed flag is an unknown option.
    func testEveryListedOptionIsOneTheCommandReads() throws {
        for (command, flags) in Self.options where command != "bench" {
            for flag in flags {
                let arguments = command == "run" || command == "doctor" ? [command, "--card", "/nonexistent/card9", flag, "?"]
                                                                         : [command, flag, "?"]
                let result = try CalxBinary.run(arguments, environment: ["CALX_CONFIG": "/nonexistent/calx.conf"])
                XCTAssertFalse(result.stderr.contains("unknown option '\(flag)'"), "\(command) \(flag): \(result.stderr)")
            }
        }
    }

    func testTheLabsHelpToo() throws {
        let all = try CalxBinary.run(["--help"], lab: true)
        XCTAssertEqual(all.status, 0)
        for (command, flags) in Self.labOptions {
            XCTAssertTrue(all.stdout.contains("usage: calx-lab \(command)"), command)
            let result = try CalxBinary.run([command, "--help"], lab: true)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            for flag in flags { XCTAssertNotNil(Self.optionLine(flag, in: result.stdout), "calx-lab \(command) --help lacks \(flag)") }
            for entry in Self.entries(result.stdout) {
                XCTAssertTrue(entry.contains("(default: ") || entry.hasSuffix("(required)"), "\(command): \(entry)")
            }
        }
    }

    func testUnknownCommandExitsTwo() throws {
        let result = try CalxBinary.run(["frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("frobnicate"))
    }

    /// An option's line in a usage: four spaces, then the flag.
    static func optionLine(_ flag: String, in usage: String) -> String? {
        usage.split(separator: "\n").first { $0.hasPrefix("    \(flag) ") || $0 == "    \(flag)" }.map(String.init)
    }

    /// The option entries of a usage, each with its continuation lines joined.
    static func entries(_ usage: String) -> [String] {
        var entries: [String] = []
        for line in usage.split(separator: "\n") {
            if line.hasPrefix("    ") && !line.hasPrefix("     ") {
                entries.append(line.trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("     "), !entries.isEmpty {
                entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if !line.hasPrefix(" ") {
                // The summary and notes end the entries of one usage.
                continue
            }
        }
        return entries
    }
}
