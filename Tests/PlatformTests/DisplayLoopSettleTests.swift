import Glibc
import Raster
import Testing
@testable import Platform

/// A screen whose flips complete only when the test says so: `completeFlip()` makes its event fd readable.
final class ManualFlipDisplay: Display {
    let width = 8, height = 8
    let millimetres: ScreenMillimetres? = nil
    let image = PixelImage(width: 8, height: 8)
    var drawBuffer: PixelBuffer { image.buffer }
    private(set) var isBusy = false
    let pipeFDs: [Int32]
    var journal: [String] = []

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        pipeFDs = fds
    }
    var eventFD: Int32? { pipeFDs[0] }

    func present(damage: [IntRect]) throws(PlatformError) { isBusy = true; journal.append("present") }
    func completeFlip() { var byte: UInt8 = 1; _ = write(pipeFDs[1], &byte, 1); journal.append("flip done") }
    func handleEvents() {
        var byte: UInt8 = 0
        while read(pipeFDs[0], &byte, 1) == 1 {}
        isBusy = false
        journal.append("flip seen")
    }
    func close() { for fd in pipeFDs { Glibc.close(fd) } }
}

/// Draws one frame, then lets its timer complete the flip once; stops the loop when told, or after 5 s.
final class OneFrameClient: DisplayClient {
    let display: ManualFlipDisplay
    let start = monotonicSeconds()
    var drawn = false
    var flipCompleted = false
    init(display: ManualFlipDisplay) { self.display = display }

    func touches(_ contacts: [TouchContact], time: Double) {}
    func key(_ press: KeyPress, time: Double) {}
    func advance(to time: Double) {
        if !flipCompleted && time >= start + 0.05 { flipCompleted = true; display.completeFlip() }
        if time >= start + 5 { raise(SIGTERM) }
    }
    var nextDeadline: Double? { flipCompleted ? start + 5 : start + 0.05 }
    var needsRedraw: Bool { !drawn }
    func draw(into buffer: PixelBuffer) -> [IntRect] { drawn = true; return [IntRect(x: 0, y: 0, width: 8, height: 8)] }
    func invalidate() {}
    func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {}
    func quit() { display.journal.append("quit") }
}

// The VM test takes its screendumps on "calx: settled": it must not come while a flip is still pending.
@Test func settleIsReportedOnlyAfterTheFlipCompleted() {
    let display = ManualFlipDisplay()
    let client = OneFrameClient(display: display)
    let loop = DisplayLoop(display: display, client: client, rotation: .upright, calibration: .identity)
    loop.inputs.paths = { [] }
    loop.log = { line in
        guard line == "settled" else { return }
        display.journal.append("settled")
        raise(SIGTERM)
    }
    // Blocked by the loop's init on this thread, so it waits in the signalfd.
    raise(DisplayLoop.settleSignal)
    let signal = loop.run()
    loop.close()
    display.close()
    #expect(signal == .signal(SIGTERM))
    #expect(display.journal == ["present", "flip done", "flip seen", "settled", "quit"])
}
