import CDRM
import Glibc

/// A connected connector, its mode and a CRTC that can drive it.
struct ConnectorChoice {
    var name: String
    var connectorID: UInt32
    var crtcID: UInt32
    var mode: drmModeModeInfo
    var mmWidth: UInt32
    var mmHeight: UInt32

    static func pick(fd: Int32, connector wanted: String?,
                     mode wantedMode: RequestedMode?) throws(PlatformError) -> ConnectorChoice {
        guard let res = drmModeGetResources(fd) else { throw PlatformError("drmModeGetResources", "fd \(fd)", errno: errno) }
        defer { drmModeFreeResources(res) }
        var seen: [String] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let conn = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(conn) }
            let name = DRMProbe.connectorName(conn.pointee)
            seen.append(name)
            guard conn.pointee.connection == DRM_MODE_CONNECTED, conn.pointee.count_modes > 0 else { continue }
            if let wanted, wanted != name { continue }
            guard let mode = chooseMode(conn.pointee, wantedMode) else {
                throw PlatformError("find mode", "\(name) has no \(wantedMode.map { "\($0.width)x\($0.height)" } ?? "")", errno: EINVAL)
            }
            guard let crtc = findCrtc(fd: fd, res: res.pointee, conn: conn.pointee) else {
                throw PlatformError("find CRTC", name, errno: ENODEV)
            }
            return ConnectorChoice(name: name, connectorID: conn.pointee.connector_id, crtcID: crtc, mode: mode,
                                   mmWidth: conn.pointee.mmWidth, mmHeight: conn.pointee.mmHeight)
        }
        throw PlatformError("find connected connector", wanted ?? "any (saw \(seen.joined(separator: ", ")))", errno: ENODEV)
    }

    static func chooseMode(_ c: drmModeConnector, _ wanted: RequestedMode?) -> drmModeModeInfo? {
        let modes = (0..<Int(c.count_modes)).map { c.modes[$0] }
        if let wanted {
            return modes.first { Int($0.hdisplay) == wanted.width && Int($0.vdisplay) == wanted.height
                && (wanted.refresh == nil || Int($0.vrefresh) == wanted.refresh) }
        }
        return modes.first { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 } ?? modes.first
    }

    static func findCrtc(fd: Int32, res: drmModeRes, conn: drmModeConnector) -> UInt32? {
        if let enc = drmModeGetEncoder(fd, conn.encoder_id) {
            defer { drmModeFreeEncoder(enc) }
            if enc.pointee.crtc_id != 0 { return enc.pointee.crtc_id }
        }
        for e in 0..<Int(conn.count_encoders) {
            guard let enc = drmModeGetEncoder(fd, conn.encoders[e]) else { continue }
            defer { drmModeFreeEncoder(enc) }
            for c in 0..<Int(res.count_crtcs) where enc.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                return res.crtcs[c]
            }
        }
        return nil
    }
}

/// Read-only looks at DRM devices, for `calx doctor` and card scanning.
public enum DRMProbe {
    public static func cardPaths() -> [String] {
        (0..<16).map { "/dev/dri/card\($0)" }.filter { access($0, F_OK) == 0 }
    }

    static func connectorName(_ c: drmModeConnector) -> String {
        let type = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
        return "\(type)-\(c.connector_type_id)"
    }

    /// One line per connector: name, state, modes, millimetres.
    public static func describe(card path: String) -> [String] {
        let card: FileDescriptor
        do { card = try FileDescriptor.open(path, O_RDWR | O_CLOEXEC) } catch {
            return ["\(path): cannot open (errno \(error.errno)); run as root or join group video"]
        }
        defer { try? card.close() }
        let fd = card.rawValue
        guard let res = drmModeGetResources(fd) else { return ["\(path): not a modesetting device"] }
        defer { drmModeFreeResources(res) }
        var lines = [dumbBufferLine(fd: fd, path: path)]
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let conn = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(conn) }
            let c = conn.pointee
            let state = c.connection == DRM_MODE_CONNECTED ? "connected" : "disconnected"
            let modes = (0..<min(Int(c.count_modes), 6)).map { "\(c.modes[$0].hdisplay)x\(c.modes[$0].vdisplay)@\(c.modes[$0].vrefresh)" }
            lines.append("\(path) \(connectorName(c)): \(state), \(c.mmWidth)x\(c.mmHeight) mm, modes \(modes.joined(separator: " "))")
        }
        return lines
    }

    /// Whether the driver prefers a shadow: its dumb buffers are slow to read (write-combined or
    /// uncached, as on vc4). Calx draws in a shadow and never reads them either way.
    static func dumbBufferLine(fd: Int32, path: String) -> String {
        var preferShadow: UInt64 = 0
        let known = drmGetCap(fd, UInt64(DRM_CAP_DUMB_PREFER_SHADOW), &preferShadow) == 0
        let value = known ? (preferShadow != 0 ? "1 (dumb buffers are slow to read)" : "0") : "unknown"
        return "\(path): DRM_CAP_DUMB_PREFER_SHADOW \(value); Calx draws in a shadow and only writes dumb buffers"
    }
}
