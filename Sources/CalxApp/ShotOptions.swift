import Calculator
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Locales
import Raster

/// `calx shot`'s options, each checked before anything is drawn: a refusal names the option and what it
/// accepts. The touch script is checked whole here too, so a bad line draws and saves nothing.
struct ShotOptions {
    var size = (0, 0)
    var theme = Theme.light
    var textScale = 1.0
    var keys: [CalculatorKey] = []
    var touch: CheckedTouchScript?
    var playback: RecordingPlayback?
    var calibration: CalibrationShot?
    var statePath: String?
    var out = OutputFile.standardOutput
    var millimetres: ScreenMillimetres?
    var idleReset: Double?
    var idleAttract: Double?
    var layout = LayoutSettings()
    /// `--set A=VALUE`: A before the keys.
    var parameter: ParameterSetting?

    static func parse(_ arguments: [String]) -> Result<ShotOptions, OptionProblem> {
        do throws(OptionProblem) { return .success(try read(arguments)) } catch { return .failure(error) }
    }

    private static func read(_ arguments: [String]) throws(OptionProblem) -> ShotOptions {
        var o = ShotOptions()
        var reader = OptionReader(arguments)
        var size: (Int, Int)?, out: String?, touchPath: String?, keys: String?
        var recordOptions = RecordingOptions()
        while let flag = reader.next() {
            switch flag {
            case "--size": size = try reader.value(of: flag, accepts: ScreenSize.accepted, parseSize)
            case ParameterSetting.flag:
                o.parameter = try reader.value(of: flag, accepts: ParameterSetting.accepted, ParameterSetting.init)
            case "--mm":
                o.millimetres = try reader.value(of: flag, accepts: "WxH in millimetres, each from 1 to 10000", parseMillimetres)
            case "--theme": o.theme = try reader.value(of: flag, accepts: Theme.accepted) { Theme(rawValue: $0) }
            case "--text-scale": o.textScale = try reader.value(of: flag, accepts: textScaleAccepted, parseTextScale)
            case "--keys": keys = try reader.value(of: flag, accepts: KeyTokensArgument.accepted)
            case "--locale": o.layout.locale = try reader.value(of: flag, accepts: LocaleArgument.accepted) { CalxLocale.named($0) }
            case "--disable":
                o.layout.disabledKeys = try DisabledKeysArgument.parse(try reader.value(of: flag, accepts: DisabledKeysArgument.accepted),
                                                                       name: flag).get()
            case "--touch": touchPath = try reader.path(of: flag, accepts: TouchScriptFile.accepted)
            case "--state": o.statePath = try reader.path(of: flag, accepts: "the path of a state file: a regular file (no link) or a new path")
            case "--idle-reset":
                o.idleReset = try reader.value(of: flag, accepts: "seconds from 0 (off) to \(Int(maximumIdleReset))", parseIdleReset)
            case "--idle-attract":
                o.idleAttract = try reader.value(of: flag, accepts: "seconds from 0 (off) to \(Int(maximumIdleReset))", parseIdleReset)
            case "--out": out = try reader.value(of: flag, accepts: "FILE.png: \(OutputFile.accepted)")
            case _ where RecordingOptions.flags.contains(flag): try recordOptions.take(flag, from: &reader)
            case "--calibration": o.calibration = try reader.value(of: flag, accepts: CalibrationShot.accepted) { CalibrationShot(rawValue: $0) }
            default: throw OptionProblem("unknown option \(flag.quotedForMessage)")
            }
        }
        guard let size else { throw OptionProblem("--size is required: \(ScreenSize.accepted)") }
        guard let out else { throw OptionProblem("--out is required: FILE.png, \(OutputFile.accepted)") }
        o.size = size
        // Read once every flag is: "1,5" is a number only where the locale writes a decimal comma.
        if let keys {
            o.keys = try KeyTokensArgument.parse(keys, name: "--keys", locale: o.layout.locale, disabled: o.layout.disabledKeys).get()
        }
        o.out = try OutputFile.checked(out, option: "--out").get()
        if let path = o.statePath {
            if let kind = unusableStateKind(path) { throw OptionProblem("--state \(path.quotedForMessage) is \(kind); give the path of a file") }
            if access(path, F_OK) != 0, let problem = missingDirectory(of: path) { throw OptionProblem("--state \(path.quotedForMessage): \(problem)") }
        }
        if touchPath != nil && recordOptions.path != nil { throw OptionProblem("give --touch or --record, not both") }
        if let touchPath { o.touch = try TouchScriptFile(path: touchPath, option: "--touch").checked().get() }
        o.playback = try recordOptions.checked()
        return o
    }
}
