import CDRM
import Glibc
import Raster

/// What the display loop needs from a screen: a buffer to draw into and a way to show it.
/// Sizes are the upright picture's: the screen's own, turned by the rotation it was opened with.
public protocol Display: AnyObject {
    var width: Int { get }
    var height: Int { get }
    var millimetres: (width: Double, height: Double)? { get }
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

/// Display selection from the command line.
public struct DisplayRequest: Sendable {
    public var card: String?
    public var connector: String?
    public var mode: (width: Int, height: Int, refresh: Int?)?
    /// How the picture is turned on the screen; `mode` is the screen's own, unturned.
    public var rotation: ScreenRotation
    public init(card: String? = nil, connector: String? = nil, mode: (width: Int, height: Int, refresh: Int?)? = nil,
                rotation: ScreenRotation = .upright) {
        self.card = card; self.connector = connector; self.mode = mode; self.rotation = rotation
    }

    /// The largest width, height or refresh rate a mode may ask for.
    public static let largestMode = 16384

    /// "800x480" or "800x480@60": each number from 1 to `largestMode`; anything else is nil.
    public static func parseMode(_ text: String) -> (width: Int, height: Int, refresh: Int?)? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        func number(_ s: Substring) -> Int? { Int(s).flatMap { (1...largestMode).contains($0) ? $0 : nil } }
        guard size.count == 2, let w = number(size[0]), let h = number(size[1]) else { return nil }
        guard parts.count == 2 else { return (w, h, nil) }
        guard let r = number(parts[1]) else { return nil }
        return (w, h, r)
    }
}

/// A DRM dumb buffer mapped into memory, with its framebuffer id.
struct DumbBuffer {
    let handle: UInt32
    let fbID: UInt32
    let pitch: UInt32
    let size: UInt64
    let map: UnsafeMutableRawPointer

    static func make(fd: Int32, width: Int, height: Int) throws(PlatformError) -> DumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) == 0 else {
            throw PlatformError("drmModeCreateDumbBuffer", "\(width)x\(height)", errno: errno)
        }
        var fb: UInt32 = 0
        let handles: [UInt32] = [handle, 0, 0, 0], pitches: [UInt32] = [pitch, 0, 0, 0], offsets: [UInt32] = [0, 0, 0, 0]
        guard drmModeAddFB2(fd, UInt32(width), UInt32(height), calx_drm_format_xrgb8888(), handles, pitches, offsets, &fb, 0) == 0 else {
            let e = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw PlatformError("drmModeAddFB2", "\(width)x\(height)", errno: e)
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(fd, handle, &offset) == 0,
              let p = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)), p != MAP_FAILED else {
            let e = errno
            _ = drmModeRmFB(fd, fb); _ = drmModeDestroyDumbBuffer(fd, handle)
            throw PlatformError("mmap dumb buffer", "\(width)x\(height)", errno: e)
        }
        memset(p, 0, Int(size))
        return DumbBuffer(handle: handle, fbID: fb, pitch: pitch, size: size, map: p)
    }

    func destroy(fd: Int32) {
        munmap(map, Int(size))
        _ = drmModeRmFB(fd, fbID)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }
}

/// modeset-vsync style: two dumb buffers, SetCrtc once, then page flips with events. Upright, the
/// kiosk draws straight into the back buffer; turned, it draws into a shadow that present copies out.
public final class DRMDisplay: Display {
    public let fd: Int32
    public let cardPath: String
    public internal(set) var connectorName: String
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var millimetres: (width: Double, height: Double)?
    var connectorID: UInt32
    var crtcID: UInt32
    var mode: drmModeModeInfo
    /// What hotplug re-probes for: the flags' connector and mode.
    let request: DisplayRequest
    /// The mode last set up; kept while dark, so a returning screen can be compared with it.
    var shown: ScreenMode
    public internal(set) var isShowing = true
    let savedCrtc: UnsafeMutablePointer<drmModeCrtc>?
    var buffers: [DumbBuffer]
    var back = 0
    var modeSet = false
    var lastDamage: [IntRect] = []
    public internal(set) var isBusy = false
    public let rotation: ScreenRotation
    /// The upright picture when the screen is turned; nil when the kiosk draws into the scanout itself.
    var shadow: ShadowFrame?

    public var eventFD: Int32? { fd }

    public var drawBuffer: PixelBuffer { shadow?.picture.buffer ?? scanout(back) }

    func scanout(_ index: Int) -> PixelBuffer {
        let b = buffers[index]
        return PixelBuffer(base: b.map, width: Int(mode.hdisplay), height: Int(mode.vdisplay), strideBytes: Int(b.pitch))!
    }

    init(fd: Int32, cardPath: String, choice: ConnectorChoice, request: DisplayRequest) throws(PlatformError) {
        self.fd = fd
        self.cardPath = cardPath
        self.request = request
        shown = choice.screenMode
        connectorName = choice.name
        connectorID = choice.connectorID
        crtcID = choice.crtcID
        mode = choice.mode
        rotation = request.rotation
        (width, height, millimetres) = DRMDisplay.picture(on: choice, turned: request.rotation)
        savedCrtc = drmModeGetCrtc(fd, choice.crtcID)
        let screen = (width: Int(choice.mode.hdisplay), height: Int(choice.mode.vdisplay))
        let first = try DumbBuffer.make(fd: fd, width: screen.width, height: screen.height)
        do { buffers = [first, try DumbBuffer.make(fd: fd, width: screen.width, height: screen.height)] } catch {
            first.destroy(fd: fd); throw error
        }
        makeShadow()
    }

    /// The upright picture's size on `choice`'s screen: the mode's, turned.
    static func picture(on choice: ConnectorChoice, turned rotation: ScreenRotation)
        -> (width: Int, height: Int, millimetres: (width: Double, height: Double)?) {
        let size = rotation.turned(width: Int(choice.mode.hdisplay), height: Int(choice.mode.vdisplay))
        let mm = (width: Double(choice.mmWidth), height: Double(choice.mmHeight))
        let known = choice.mmWidth > 0 && choice.mmHeight > 0
        return (size.width, size.height, known ? (rotation.swapsAxes ? (mm.height, mm.width) : mm) : nil)
    }

    /// A fresh shadow for a turned screen, sized to the mode on the CRTC; every page lacks all of it.
    func makeShadow() {
        guard rotation != .upright else { return }
        shadow = ShadowFrame(scanoutWidth: Int(mode.hdisplay), scanoutHeight: Int(mode.vdisplay), rotation: rotation, pages: 2)
    }

    /// Opens `request.card`, else the first /dev/dri/card* with a connected connector.
    public static func open(_ request: DisplayRequest) throws(PlatformError) -> DRMDisplay {
        let cards = request.card.map { [$0] } ?? DRMProbe.cardPaths()
        guard !cards.isEmpty else { throw PlatformError("find DRM card", "/dev/dri/card*", errno: ENOENT) }
        var last = PlatformError("find connected connector", cards.joined(separator: " "), errno: ENODEV)
        for path in cards {
            let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { last = PlatformError("open", path, errno: errno); continue }
            do {
                let choice = try ConnectorChoice.pick(fd: fd, connector: request.connector, mode: request.mode)
                return try DRMDisplay(fd: fd, cardPath: path, choice: choice, request: request)
            } catch { last = error; Glibc.close(fd) }
        }
        throw last
    }

    public func present(damage: [IntRect]) throws(PlatformError) {
        shadow?.update(page: back, of: scanout(back), damage: damage)
        let b = buffers[back]
        if !modeSet {
            var connector = connectorID
            guard drmModeSetCrtc(fd, crtcID, b.fbID, 0, 0, &connector, 1, &mode) == 0 else {
                throw PlatformError("drmModeSetCrtc", connectorName, errno: errno)
            }
            modeSet = true
        } else {
            let me = Unmanaged.passUnretained(self).toOpaque()
            guard drmModePageFlip(fd, crtcID, b.fbID, calx_drm_page_flip_event(), me) == 0 else {
                throw PlatformError("drmModePageFlip", connectorName, errno: errno)
            }
            isBusy = true
        }
        // The new back buffer lags by one frame: bring it up to date with what was just shown.
        // (Turned, the shadow does that from the upright picture when the buffer is next drawn.)
        let front = scanout(back)
        back ^= 1
        if shadow == nil { copy(damage + lastDamage, from: front, to: scanout(back)) }
        lastDamage = []
    }

    func copy(_ rects: [IntRect], from source: PixelBuffer, to target: PixelBuffer) {
        for r in rects {
            let x0 = max(r.x, 0), x1 = min(r.x + r.width, target.width)
            guard x1 > x0 else { continue }
            for y in max(r.y, 0)..<max(max(r.y, 0), min(r.y + r.height, target.height)) {
                let s = source.row32(y), t = target.row32(y)
                t.baseAddress!.advanced(by: x0).update(from: s.baseAddress!.advanced(by: x0), count: x1 - x0)
            }
        }
    }

    public func handleEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, data in
            guard let data else { return }
            Unmanaged<DRMDisplay>.fromOpaque(data).takeUnretainedValue().isBusy = false
        }
        _ = drmHandleEvent(fd, &context)
    }

    /// Waits for a pending flip, puts the saved CRTC back, frees the buffers.
    public func close() {
        finishPendingFlip()
        if let saved = savedCrtc {
            var connector = connectorID
            var savedMode = saved.pointee.mode
            _ = drmModeSetCrtc(fd, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                               &connector, 1, &savedMode)
            drmModeFreeCrtc(saved)
        }
        for b in buffers { b.destroy(fd: fd) }
        buffers = []
        Glibc.close(fd)
    }
}
