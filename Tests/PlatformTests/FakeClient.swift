import Raster
@testable import Platform

/// The app behind the loop, reduced to a record of what the loop told it.
final class FakeClient: DisplayClient {
    let log: CallLog
    var needsRedraw = false
    init(log: CallLog) { self.log = log }
    func touches(_ contacts: [TouchContact], time: Double) { log.calls.append("touches \(contacts.count)") }
    func key(_ press: KeyPress, time: Double) {}
    func advance(to time: Double) {}
    var nextDeadline: Double? { nil }
    func draw(into buffer: PixelBuffer) -> [IntRect] { [] }
    func invalidate() { log.calls.append("invalidate") }
    func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        log.calls.append("resize \(width)x\(height)")
    }
    func quit() { log.calls.append("quit") }
}
