import Calculator
import Kiosk
import Raster

/// The attract screen's loop as the display loop runs it: the app advanced to its next deadline, a frame
/// drawn whenever the picture changed. `measuredRun` is all callgrind counts (scripts/bench/frames.sh):
/// its instructions over the seconds it covers are the loop's cost a second.
final class AttractBench {
    let app: KioskApp
    let image: PixelImage
    private var time: Double

    init(width: Int, height: Int, glyphs: any GlyphSource) {
        app = KioskApp(width: width, height: height, glyphs: glyphs, storage: MemoryStateStorage())
        image = PixelImage(width: width, height: height)
        app.idleAttractSeconds = 5
        app.advance(to: 1)
        app.handle(key: .digit(7), time: 1)
        _ = app.draw(into: image.buffer)
        // The attract screen is up from 6 s.
        time = 6
        app.advance(to: time)
    }

    /// `seconds` of the attract screen from where the last run stopped: the frames drawn and the pixels
    /// they changed (what the display then copies to the screen).
    @inline(never)
    func measuredRun(seconds: Double) -> (frames: Int, damagedPixels: Int) {
        let end = time + seconds
        var frames = 0, pixels = 0
        while time < end {
            if app.needsRedraw {
                frames += 1
                for rect in app.draw(into: image.buffer) { pixels += rect.area }
            }
            time = min(app.nextDeadline ?? end, end)
            app.advance(to: time)
        }
        return (frames, pixels)
    }
}
