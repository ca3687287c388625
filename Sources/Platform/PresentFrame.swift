import Raster

/// One frame of the display loop: when the screen can take a frame and the client has changed, the
/// client draws the change into the display's buffer and the display shows it. Returns whether it did.
/// `calx run`'s loop and `calx-lab soak` both draw through here.
@discardableResult
public func presentFrame(of client: any DisplayClient, on display: any Display) throws(PlatformError) -> Bool {
    guard !display.isBusy && client.needsRedraw else { return false }
    let damage = client.draw(into: display.drawBuffer)
    try display.present(damage: damage)
    return true
}
