import Raster

/// What the display loop needs from a screen: a buffer to draw into and a way to show it.
/// Sizes are the upright picture's: the screen's own, turned by the rotation it was opened with.
public protocol Display: AnyObject {
    var width: Int { get }
    var height: Int { get }
    var millimetres: ScreenMillimetres? { get }
    /// The buffer the next frame is drawn into; it already holds the frame on screen.
    var drawBuffer: PixelBuffer { get }
    /// Shows the draw buffer; `damage` is what changed since the frame on screen.
    func present(damage: [IntRect]) throws(PlatformError)
    /// An fd to poll for completion events, if any.
    var eventFD: Int32? { get }
    func handleEvents()
    /// True while a presented frame has not reached the screen yet.
    var isBusy: Bool { get }
    func close()
}
