import Calculator
import CalculatorBrain
import Kiosk
import Raster

/// The kiosk frames the benchmarks measure, on a screen showing tan(M): each kind prepares its input,
/// then `measuredDraw` is the frame itself (callgrind counts only that function: --toggle-collect).
/// The graph tools' last: a drag over the table of values, and the first frame of a new integral (its
/// area shaded, its first share of work proved).
enum BenchFrame: String, CaseIterable {
    case full, keyDown = "key-down", keyUp = "key-up", pan, pinch, tableDrag = "table-drag", integral
}

final class FrameBench {
    let app: KioskApp
    let image: PixelImage
    private var time = 10.0
    private var panX: Double?
    private var pinchSpread: Double?
    private var pinchFrames = 0
    private var tableY: Double?
    private var integrals = 0
    /// Where the benchmark's finger taps: found once, so the harness's own lookup is not in the key frames' count.
    private let keyCenter: (x: Double, y: Double)

    init(width: Int, height: Int, glyphs: any GlyphSource) {
        app = KioskApp(width: width, height: height, glyphs: glyphs, storage: MemoryStateStorage())
        image = PixelImage(width: width, height: height)
        app.showGraph(GraphRequest(program: [.variable("M"), .operation("tan")], angleMode: .radians, variable: "M")!)
        _ = app.draw(into: image.buffer)
        keyCenter = app.center(of: .digit(7)) ?? (0, 0)
    }

    /// Feeds the input that leads to one frame of `kind` (drawing any unmeasured frame in between).
    func prepare(_ kind: BenchFrame) {
        time += 0.016
        let key = keyCenter
        let plot = app.plotRect
        let cx = Double(plot.x + plot.width / 2), cy = Double(plot.y + plot.height / 2)
        switch kind {
        case .full:
            app.invalidate()
        case .keyDown:
            // The finger lands: the key shows pressed.
            touch(1, key.x, key.y, .up)
            app.handle(key: .clear, time: time)
            _ = app.draw(into: image.buffer)
            touch(1, key.x, key.y, .down)
        case .keyUp:
            // The finger lifts: the key lets go and the display strip shows the digit.
            app.handle(key: .clear, time: time)
            touch(1, key.x, key.y, .down)
            _ = app.draw(into: image.buffer)
            touch(1, key.x, key.y, .up)
        case .pan:
            if panX == nil {
                // Past the touch slop first, so every measured frame really pans.
                panX = cx + 30
                touch(2, cx, cy, .down)
                touch(2, panX!, cy, .move)
                _ = app.draw(into: image.buffer)
            }
            // Back and forth, so the graph stays near the origin however many frames run.
            panX! += (Int(time * 1000 / 16) / 40) % 2 == 0 ? 6 : -6
            touch(2, panX!, cy, .move)
        case .pinch:
            if pinchSpread == nil {
                pinchSpread = 100
                app.handle([TouchEvent(id: 3, x: cx - 50, y: cy, phase: .down, time: time),
                            TouchEvent(id: 4, x: cx + 50, y: cy, phase: .down, time: time)])
            }
            pinchFrames += 1
            pinchSpread! *= (pinchFrames / 30) % 2 == 0 ? 1.03 : 1 / 1.03
            let d = pinchSpread!
            app.handle([TouchEvent(id: 3, x: cx - d / 2, y: cy, phase: .move, time: time),
                        TouchEvent(id: 4, x: cx + d / 2, y: cy, phase: .move, time: time)])
        case .tableDrag:
            if tableY == nil {
                liftFingers()
                tapPaneKey(.tools)
                tapPaneKey(.tableTool)
                let plot = app.plotRect
                let x = Double(plot.x + plot.width / 2)
                tableY = Double(plot.y + plot.height / 2)
                touch(5, x, tableY!, .down)
                tableY! -= 30
                touch(5, x, tableY!, .move)
                _ = app.draw(into: image.buffer)
            }
            // Up and back down a little, as a finger reading the rows does.
            tableY! += (Int(time * 1000 / 16) / 20) % 2 == 0 ? -6 : 6
            touch(5, Double(app.plotRect.x + app.plotRect.width / 2), tableY!, .move)
        case .integral:
            if integrals == 0 {
                liftFingers()
                // From the table, back to the choice of tools; else the Tools key opens it.
                if app.paneKeys.contains(where: { $0.key == .toolChoice }) { tapPaneKey(.toolChoice) } else { tapPaneKey(.tools) }
                tapPaneKey(.integralTool)
                press("− 1 = 1 =")
                _ = app.draw(into: image.buffer)
            }
            // A new end each frame: the area shades afresh and its integral starts over.
            integrals += 1
            tapPaneKey(.editTo)
            press(integrals % 2 == 0 ? "1 =" : "0 . 5 =")
        }
    }

    /// The fingers the other kinds left down (a pan's, a pinch's, a drag's) lift.
    private func liftFingers() {
        for id in [2, 3, 4, 5] { touch(id, 0, 0, .up) }
    }

    private func tapPaneKey(_ key: PaneKey) {
        guard let r = app.paneKeys.first(where: { $0.key == key })?.rect else { return }
        touch(6, Double(r.x + r.width / 2), Double(r.y + r.height / 2), .down)
        touch(6, Double(r.x + r.width / 2), Double(r.y + r.height / 2), .up)
    }

    private func press(_ tokens: String) {
        for token in tokens.split(separator: " ") { app.handle(key: CalculatorKey(token: String(token))!, time: time) }
    }

    private func touch(_ id: Int, _ x: Double, _ y: Double, _ phase: TouchEvent.Phase) {
        app.handle([TouchEvent(id: id, x: x, y: y, phase: phase, time: time)])
    }

    /// One frame: the only code callgrind counts in `calx bench --frame`. Its damage, which the display presents.
    @inline(never)
    func measuredDraw() -> [IntRect] {
        app.draw(into: image.buffer)
    }
}

/// A whole frame's damage copied from the upright picture into a scanout page turned by `rotation`,
/// as the display does each frame: `measuredPresent` is what callgrind counts in `calx bench --copy`.
final class CopyBench {
    let picture: PixelImage
    let scanout: PixelImage
    let rotation: ScreenRotation

    init(width: Int, height: Int, rotation: ScreenRotation) {
        picture = PixelImage(width: width, height: height)
        let turned = rotation.turned(width: width, height: height)
        scanout = PixelImage(width: turned.width, height: turned.height)
        self.rotation = rotation
        var canvas = Canvas(buffer: picture.buffer)
        canvas.clear(Color(rgb: 0x1F5FD0))
    }

    @inline(never)
    func measuredPresent() -> Int {
        scanout.buffer.copyRotated(picture.buffer.bounds, from: picture.buffer, rotation: rotation).area
    }
}
