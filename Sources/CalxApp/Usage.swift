import Kiosk
import Platform

/// One option as a command's usage lists it: how it is written, what it takes (its range), and its default.
package struct OptionUsage {
    package var flag: String
    package var takes: String
    /// "required", or what holds when the option is not given.
    package var byDefault: String

    package init(_ flag: String, takes: String, default byDefault: String) {
        self.flag = flag
        self.takes = takes
        self.byDefault = byDefault
    }
}

/// How one command is used: what `calx COMMAND --help` prints. Every option with its range and default.
package struct CommandUsage {
    package var synopsis: String
    package var summary: String
    package var options: [OptionUsage]
    package var notes: [String] = []

    package init(synopsis: String, summary: String, options: [OptionUsage], notes: [String] = []) {
        self.synopsis = synopsis
        self.summary = summary
        self.options = options
        self.notes = notes
    }

    /// The lines' width: what an 80-column terminal and a man page's pager show whole is less, but the options'
    /// ranges read better on long lines than broken small.
    static let lineWidth = 110

    package var text: String {
        let width = min(28, (options.map(\.flag.count).max() ?? 0) + 2)
        let indent = String(repeating: " ", count: 4 + width)
        var lines = [synopsis, summary]
        for option in options {
            let when = option.byDefault == "required" ? "required" : "default: \(option.byDefault)"
            var words = "\(option.takes) (\(when))".split(separator: " ").map(String.init)
            var line = "    " + option.flag
            if option.flag.count >= width {
                lines.append(line)
                line = indent
            } else {
                line += String(repeating: " ", count: width - option.flag.count)
            }
            line += words.removeFirst()
            for word in words {
                if line.count + 1 + word.count > Self.lineWidth {
                    lines.append(line)
                    line = indent + word
                } else {
                    line += " " + word
                }
            }
            lines.append(line)
        }
        return (lines + notes).joined(separator: "\n")
    }
}

/// Every command's usage. Where a refusal says what an option takes, it says what the usage says.
package enum Usages {
    static let locale = OptionUsage("--locale L", takes: "the language: \(LocaleArgument.accepted); de, fr and es write a decimal comma",
                                    default: "en")
    static let disable = OptionUsage("--disable \"KEYS\"", takes: "keys left out of the keypad, the rest closing the gaps: \(DisabledKeysArgument.accepted)",
                                     default: "none")
    static let theme = OptionUsage("--theme T", takes: RunOptions.accepted["theme"]!, default: "light")
    static let record = OptionUsage("--record FILE.yml", takes: "then played through the input path a live panel takes: a `libinput record` recording (format 1)",
                                    default: "none")
    static let recordRotate = OptionUsage("--rotate DEGREES", takes: "with --record, how the recorded panel was turned: 0, 90, 180 or 270", default: "0")
    static let recordCalibration = OptionUsage("--touch-calibration \"a b c d e f\"",
                                               takes: "with --record, over the recording's udev matrices: \(RunOptions.accepted["touch-calibration"]!)",
                                               default: "the recorded LIBINPUT_CALIBRATION_MATRIX, else none")
    static let idleReset = OptionUsage("--idle-reset SECONDS",
                                       takes: "after that long without a touch, a fresh start, \"Still there?\" counting down its last 10 s"
                                           + " (any touch keeps the session): \(RunOptions.accepted["idle-reset"]!)",
                                       default: "0, off")
    static let textScale = OptionUsage("--text-scale S", takes: "text that much larger, the layout making room and keys keeping 9 mm: "
                                           + textScaleAccepted, default: "1")
    static let idleAttract = OptionUsage("--idle-attract SECONDS",
                                         takes: "after that long without a touch, a demonstration and \"Touch to start\" in the locale"
                                             + " (its first touch presses nothing): \(RunOptions.accepted["idle-attract"]!)",
                                         default: "0, off")

    package static let run = CommandUsage(
        synopsis: "usage: calx [run] [OPTIONS]",
        summary: "The kiosk on the real display (DRM/KMS, else /dev/fb0) until SIGTERM, SIGINT or SIGHUP.",
        options: [
            OptionUsage("--card PATH", takes: RunOptions.accepted["card"]!, default: "the first card with a connected screen"),
            OptionUsage("--connector NAME", takes: RunOptions.accepted["connector"]!, default: "the first connected"),
            OptionUsage("--mode WxH[@Hz]", takes: "the panel's mode: \(RunOptions.accepted["mode"]!)", default: "the preferred mode"),
            OptionUsage("--rotate DEGREES", takes: RunOptions.accepted["rotate"]!, default: "0"),
            OptionUsage("--touch-calibration \"a b c d e f\"", takes: RunOptions.accepted["touch-calibration"]!,
                        default: "each touchscreen's udev LIBINPUT_CALIBRATION_MATRIX, else none"),
            OptionUsage("--state PATH", takes: RunOptions.accepted["state"]!,
                        default: "$STATE_DIRECTORY/state, else $XDG_STATE_HOME/calx/state, else ~/.local/state/calx/state"),
            theme, textScale, idleAttract, idleReset, locale, disable,
        ],
        notes: [
            "--rotate turns picture and touch together, clockwise: at 90 the picture's top runs down the panel's",
            "own right edge (for a panel mounted a quarter turn counter-clockwise). --mode is the panel's own size.",
            "Each option may also be a key=value line in /etc/calx.conf ($CALX_CONFIG if set): rotate=90,",
            "locale=de, theme=high-contrast, text-scale=1.5, disable=rand hist; flags win. A bad line is refused with its",
            "file and line.",
            "A single-touch panel with neither --touch-calibration nor a udev matrix is calibrated on the screen at",
            "the first start (`calx calibrate` does it again), kept as touch-calibration= in the calx.conf beside the state.",
        ])

    package static let keys = CommandUsage(
        synopsis: "usage: calx keys \"TOKENS\" [OPTIONS]",
        summary: "The calculator driven by key names; prints what the screen shows, in the locale.",
        options: [
            OptionUsage("TOKENS", takes: KeyTokensArgument.accepted + "; \"1,5\" under a decimal comma", default: "no keys"),
            OptionUsage("--touch FILE", takes: "then plays \(TouchScriptFile.accepted) on the screen", default: "none"),
            OptionUsage("--size WxH", takes: "the screen --touch or --record touches, \(ScreenSize.accepted)", default: "800x480"),
            record, recordRotate, recordCalibration, locale, disable, theme, textScale, idleAttract, setParameter,
        ],
        notes: [
            "--theme, --text-scale and --idle-attract are checked as calx run checks them, and change no line printed:",
            "--text-scale lays out the keys --touch or --record touch, and --idle-attract lets wait lines bring the",
            "attract screen.",
            "Every value after a colon is in the locale (none, unset, enabled, disabled and DEG too); the names before",
            "the colons are the same in every locale, for scripts. Under de, fr and es the decimal key is ',' and '.' is refused.",
        ])

    package static let shot = CommandUsage(
        synopsis: "usage: calx shot --size WxH --out FILE.png|- [OPTIONS]",
        summary: "One frame of the kiosk, headless, as a PNG.",
        options: [
            OptionUsage("--size WxH", takes: "the picture, \(ScreenSize.accepted)", default: "required"),
            OptionUsage("--out FILE.png|-", takes: OutputFile.accepted + ", not a terminal", default: "required"),
            theme,
            OptionUsage("--keys \"TOKENS\"", takes: "pressed first: \(KeyTokensArgument.accepted)", default: "none"),
            OptionUsage("--touch FILE", takes: "then played: \(TouchScriptFile.accepted)", default: "none"),
            record, recordRotate, recordCalibration,
            OptionUsage("--calibration STEP", takes: "the calibration screen instead of the kiosk: target, refused or check", default: "none"),
            OptionUsage("--state FILE", takes: "loaded first and saved after: a regular file or a new path (anything else, a link or a FIFO too, is refused and left as it is)", default: "none"),
            OptionUsage("--mm WxH", takes: "the screen's size in millimetres, each from 1 to 10000", default: "unknown"),
            textScale, idleAttract, idleReset, locale, disable, setParameter,
        ])

    package static let layout = CommandUsage(
        synopsis: "usage: calx layout --size WxH [OPTIONS]",
        summary: "Where every key and the graph pane sit: LABEL X Y per key centre, page2 LABEL X Y, graph-area X Y W H.",
        options: [OptionUsage("--size WxH", takes: "the screen, \(ScreenSize.accepted)", default: "required"), textScale, locale, disable,
                  OptionUsage("--calibration", takes: "the calibration screen's targets and buttons instead: targetN X Y, again/keep X Y W H",
                              default: "the kiosk's")])

    package static let points = CommandUsage(
        synopsis: "usage: calx points \"TOKENS\" [--from A] [--to B]",
        summary: "The proved zeros, extrema and intersections of the curves TOKENS graph: KIND X Y, or uncertain A B.",
        options: [
            OptionUsage("TOKENS", takes: KeyTokensArgument.accepted + ", graph among them", default: "required"),
            OptionUsage("--from A", takes: PointsRange.accepted + ", below --to", default: "-10"),
            OptionUsage("--to B", takes: PointsRange.accepted, default: "10"),
        ])

    static let setParameter = OptionUsage("--set A=VALUE", takes: ParameterSetting.accepted + ", before the keys", default: "A=1")

    static let graphTokens = OptionUsage("TOKENS", takes: KeyTokensArgument.accepted + ", graph among them", default: "required")

    package static let value = CommandUsage(
        synopsis: "usage: calx value \"TOKENS\" --at X",
        summary: "Each graphed curve's value at X, oldest first: value X Y, or value X undefined.",
        options: [graphTokens, OptionUsage("--at X", takes: "a finite number (at most 1e15 in size)", default: "required"), setParameter])

    package static let table = CommandUsage(
        synopsis: "usage: calx table \"TOKENS\" --from A --to B --step S",
        summary: "Rows X Y1 Y2 …, one column a curve, oldest first; at most 1,000 rows.",
        options: [
            graphTokens,
            OptionUsage("--from A", takes: "a finite number (at most 1e15 in size), at most --to", default: "required"),
            OptionUsage("--to B", takes: "a finite number (at most 1e15 in size)", default: "required"),
            OptionUsage("--step S", takes: "a number above 0 (at most 1e15)", default: "required"),
            setParameter,
        ])

    package static let integral = CommandUsage(
        synopsis: "usage: calx integral \"TOKENS\" --from A --to B",
        summary: "Each curve's integral, proved: integral VALUE LO HI (LO ≤ ∫ ≤ HI), or integral uncertain.",
        options: [
            graphTokens,
            OptionUsage("--from A", takes: "a finite number (at most 1e15 in size)", default: "required"),
            OptionUsage("--to B", takes: "a finite number (at most 1e15 in size)", default: "required"),
            setParameter,
        ],
        notes: [
            "Bounded: all curves together evaluate at most \(GraphIntegralReport.stepBudget) program steps (each enclosure walks",
            "its program), and a curve at most \(GraphIntegralReport.enclosureBudget) enclosures. Where that ends a curve's run before",
            "1e-7, it prints what was proved by then (wider bounds, or uncertain) and says so on standard error.",
        ])

    package static let doctor = CommandUsage(
        synopsis: "usage: calx doctor [run's OPTIONS] | --record FILE.yml|- [--seconds N]",
        summary: "What calx run would use on this machine (cards, connectors, inputs, font, config, state), and how to fix what is missing;"
            + " with --record, the touchscreens recorded in libinput's format (never keyboards), for a bug report.",
        options: run.options + [
            OptionUsage("--record FILE.yml|-", takes: "where the recording goes", default: "none"),
            OptionUsage("--seconds N", takes: "how long --record records: a whole number of seconds from 1 to 300", default: "30"),
        ])

    package static let calibrate = CommandUsage(
        synopsis: "usage: calx calibrate [run's OPTIONS]",
        summary: "The touchscreen calibrated on the screen (tap each cross, then Keep); writes touch-calibration= to calx.conf"
            + " (/etc/calx.conf, or $CALX_CONFIG) atomically. Stop the kiosk first.",
        options: run.options)

    package static let bench = CommandUsage(
        synopsis: "usage: calx bench [--runs N] | --frame KIND --size WxH [--frames N] | --copy DEGREES --size WxH [--frames N]"
            + " | --attract SECONDS --size WxH",
        summary: "Median frame times of the kiosk (callgrind counts: scripts/bench/frames.sh).",
        options: [
            OptionUsage("--runs N", takes: "runs of each frame, from 1 to 10000", default: "15"),
            OptionUsage("--frame KIND", takes: "one kind of frame, \(BenchFrame.allCases.map(\.rawValue).joined(separator: ", ")), with --size",
                        default: "every kind at 800x480 and 1920x1080"),
            OptionUsage("--copy DEGREES", takes: "the turned copy to the screen, 0, 90, 180 or 270, with --size", default: "none"),
            OptionUsage("--attract SECONDS", takes: "the attract screen's loop for that long, 1 to 3600, with --size: frames and pixels a second",
                        default: "none"),
            OptionUsage("--size WxH", takes: ScreenSize.accepted, default: "required with --frame, --copy or --attract"),
            OptionUsage("--frames N", takes: "frames of --frame or --copy, from 1 to 1000000", default: "20"),
        ])

    static let byCommand: [(name: String, usage: CommandUsage)] = [
        ("run", run), ("keys", keys), ("shot", shot), ("layout", layout), ("points", points), ("value", value), ("table", table),
        ("integral", integral), ("doctor", doctor), ("calibrate", calibrate), ("bench", bench),
    ]

    /// Each command's synopsis: what a refused command line prints.
    static var synopses: String {
        byCommand.map(\.usage.synopsis).joined(separator: "\n")
            .replacingUsagePrefixes() + "\n`calx COMMAND --help` lists a command's options with their ranges and defaults."
    }

    /// `calx --help`: every command, every option.
    static var all: String {
        byCommand.map(\.usage.text).joined(separator: "\n\n")
    }
}

extension String {
    /// "usage: calx …" lines after the first as "       calx …", as a usage block reads.
    fileprivate func replacingUsagePrefixes() -> String {
        split(separator: "\n").enumerated().map { $0.offset == 0 ? String($0.element) : "       " + $0.element.dropFirst(7) }
            .joined(separator: "\n")
    }
}
