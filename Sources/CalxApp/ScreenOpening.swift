import Platform
import Raster

/// The screen `calx run` and `calx calibrate` draw on: the DRM card and connector `request` asks for (any
/// connected one by default), else /dev/fb0 when no card was named. nil when there is none, the reason printed
/// after `prefix` ("calx: ").
func openScreen(_ request: DisplayRequest, rotation: ScreenRotation, prefix: String) -> (display: any Display, name: String)? {
    do {
        let drm = try DRMDisplay.open(request)
        return (drm, "\(drm.cardPath) \(drm.connectorName)")
    } catch {
        let looked = request.card ?? "/dev/dri/card*"
        let drmProblem = "a DRM card at \(looked) with a connected connector"
            + (request.connector.map { " named \($0)" } ?? "") + " (\(error))"
        guard request.card == nil, let fb = try? FBDevDisplay(rotation: rotation) else {
            printError("\(prefix)no usable display: looked for \(drmProblem)"
                       + (request.card == nil ? ", then /dev/fb0 (32 or 16 bpp)" : "") + ". Try `calx doctor`.")
            return nil
        }
        return (fb, "\(fb.path) \(fb.summary)")
    }
}
