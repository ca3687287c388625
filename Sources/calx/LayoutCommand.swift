import Calculator
import Kiosk

/// `calx layout --size WxH`: where every key is and where the graph is drawn, one `LABEL X Y` line per key
/// (its centre) and `graph-area X Y W H`, so that touch scripts (the VM end-to-end test) tap keys by label.
func runLayoutCommand(_ arguments: [String]) -> Int32 {
    guard arguments.count == 2, arguments[0] == "--size", let (width, height) = parseSize(arguments[1]) else {
        printError("usage: calx layout --size WxH")
        return 2
    }
    let layout = ScreenLayout(width: width, height: height)
    for (index, key) in layout.keypad.keys.enumerated() {
        let r = layout.keyRects[index]
        print("\(key.label) \(Double(r.x) + Double(r.width) / 2) \(Double(r.y) + Double(r.height) / 2)")
    }
    // The plot below the graph's title: the whole pane in split mode, the pushed graph in stacked mode.
    let pane = layout.graphPane, top = layout.graphTitle.maxY
    print("graph-area \(pane.x) \(top) \(pane.width) \(pane.maxY - top)")
    return 0
}
