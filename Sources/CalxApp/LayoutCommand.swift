import Calculator
import Kiosk

/// `calx layout --size WxH [--text-scale S]`: where every key and the graph pane sit on a screen of that size,
/// one `LABEL X Y` line per key centre, then `page2 LABEL X Y` for each key the second page puts in
/// another's place, then `graph-area X Y W H` and the pane's keys.
/// The VM end-to-end test taps through these, so its touches follow the real layout.
func runLayoutCommand(_ arguments: [String]) -> Int32 {
    var size: (Int, Int)?, textScale = 1.0
    var reader = OptionReader(arguments)
    do throws(OptionProblem) {
        while let flag = reader.next() {
            switch flag {
            case "--size": size = try reader.value(of: flag, accepts: ScreenSize.accepted, parseSize)
            case "--text-scale": textScale = try reader.value(of: flag, accepts: textScaleAccepted, parseTextScale)
            default: throw OptionProblem("unknown option \(flag.quotedForMessage)")
            }
        }
        guard size != nil else { throw OptionProblem("--size is required: \(ScreenSize.accepted)") }
    } catch {
        printError("calx layout: \(error.text)\nusage: calx layout --size WxH [--text-scale S]")
        return 2
    }
    guard let size else { return 2 }
    let layout = ScreenLayout(width: size.0, height: size.1, textScale: textScale)
    for key in layout.keypad.keys {
        guard let centre = layout.center(of: key) else { continue }
        print("\(key.label) \(Int(centre.x.rounded())) \(Int(centre.y.rounded()))")
    }
    for (first, second) in zip(layout.keypad.keys, layout.keypad.keys(secondPage: true)) where first != second {
        guard let centre = layout.center(of: first) else { continue }
        print("page2 \(second.label) \(Int(centre.x.rounded())) \(Int(centre.y.rounded()))")
    }
    let pane = layout.graphPane
    print("graph-area \(pane.x) \(pane.y) \(pane.width) \(pane.height)")
    for key in PaneKey.allCases { if let r = layout.rect(of: key) { print("\(key.rawValue) \(r.x + r.width / 2) \(r.y + r.height / 2)") } }
    return 0
}
