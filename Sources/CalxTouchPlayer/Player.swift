import Platform

/// Plays expanded touch script steps on a touchscreen through a panel model: each pixel position becomes the
/// panel's raw reading, with its jitter, pressure and contact size. Where the panel samples while a finger
/// rests (`sampleMilliseconds` > 0, as resistive and most capacitive controllers do), the fingers down are
/// reported again at that interval through every wait, each sample with fresh noise, so taps and holds carry
/// the small movements a real panel's do.
struct Player {
    let screen: VirtualTouchscreen
    var panel: PanelModel
    let sampleMilliseconds: Int
    /// Where each finger down is, in picture pixels.
    private var fingers: [Int: (x: Int32, y: Int32)] = [:]
    private var lastSync = SystemClock.monotonic.seconds

    init(screen: VirtualTouchscreen, panel: PanelModel, sampleMilliseconds: Int) {
        self.screen = screen; self.panel = panel; self.sampleMilliseconds = sampleMilliseconds
    }

    mutating func play(_ step: TouchStep) throws(PlatformError) {
        switch step {
        case let .down(id, x, y):
            fingers[id] = (x, y)
            let raw = panel.raw(x: x, y: y)
            try screen.down(id, x: raw.x, y: raw.y, pressure: panel.pressure(), size: panel.size())
        case let .move(id, x, y):
            fingers[id] = (x, y)
            let raw = panel.raw(x: x, y: y)
            try screen.move(id, x: raw.x, y: raw.y, pressure: panel.pressure(), size: panel.size())
        case let .up(id):
            fingers[id] = nil
            try screen.up(id)
        case .sync: try sync()
        case let .wait(ms): try wait(milliseconds: ms)
        case let .say(text): say(text)
        case .awaitLine: awaitLine(timeoutMilliseconds: 60_000)
        }
    }

    private mutating func sync() throws(PlatformError) {
        let now = SystemClock.monotonic.seconds
        try screen.sync(elapsedMicroseconds: Int32(min((now - lastSync) * 1e6, 1e9)))
        lastSync = now
    }

    private mutating func wait(milliseconds: Int) throws(PlatformError) {
        var left = milliseconds
        while sampleMilliseconds > 0 && !fingers.isEmpty && left >= sampleMilliseconds {
            SystemClock.sleep(milliseconds: sampleMilliseconds)
            left -= sampleMilliseconds
            for (id, p) in fingers.sorted(by: { $0.key < $1.key }) {
                let raw = panel.raw(x: p.x, y: p.y)
                try screen.move(id, x: raw.x, y: raw.y, pressure: panel.pressure(), size: panel.size())
            }
            try sync()
        }
        SystemClock.sleep(milliseconds: left)
    }
}
