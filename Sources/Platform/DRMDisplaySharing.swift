import CDRM
import Glibc
import Raster

extension ConnectorChoice {
    var screenMode: ScreenMode {
        ScreenMode(connector: name, width: Int(mode.hdisplay), height: Int(mode.vdisplay), refresh: Int(mode.vrefresh),
                   millimetres: mmWidth > 0 && mmHeight > 0
                       ? ScreenMillimetres(width: Double(mmWidth), height: Double(mmHeight)) : nil)
    }
}

/// VT switching and hotplug for the DRM display.
extension DRMDisplay: SwitchableDisplay {
    public func finishPendingFlip() {
        var tries = 0
        while isBusy && tries < 50 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if card.calls.poll(&p, 1, 20) > 0 { handleEvents() }
            tries += 1
        }
        // A flip whose event never came must not keep the loop from drawing for ever.
        isBusy = false
    }

    public func dropMaster() throws(PlatformError) {
        guard drmDropMaster(fd) == 0 else { throw PlatformError("drmDropMaster", cardPath, errno: errno) }
    }

    public func setMaster() throws(PlatformError) {
        guard drmSetMaster(fd) == 0 else { throw PlatformError("drmSetMaster", cardPath, errno: errno) }
    }

    public func restoreScanout() throws(PlatformError) {
        guard isShowing, buffers.count == 2 else { return }
        var connector = connectorID
        guard drmModeSetCrtc(fd, crtcID, buffers[back ^ 1].fbID, 0, 0, &connector, 1, &mode) == 0 else {
            throw PlatformError("drmModeSetCrtc", connectorName, errno: errno)
        }
        modeSet = true
    }

    public func followConnectors() throws(PlatformError) -> HotplugPlan {
        let probed = probeConnector()
        let plan = HotplugPlan.decide(shown: shown, isShowing: isShowing, probed: probed?.screenMode)
        switch plan {
        case .keep: break
        case .goDark: goDark()
        case .modeset:
            guard let probed else { break }
            do { try show(probed) } catch { goDark(); throw error }
        }
        return plan
    }

    /// The connector on screen if it is still there (a second screen plugged in does not steal the
    /// kiosk), else what the flags ask for, else the first connected one.
    func probeConnector() -> ConnectorChoice? {
        if request.connector == nil, let same = try? ConnectorChoice.pick(fd: fd, connector: connectorName, mode: request.mode) {
            return same
        }
        return try? ConnectorChoice.pick(fd: fd, connector: request.connector, mode: request.mode)
    }

    /// New buffers when the size changed (or there were none), then the mode on the CRTC.
    func show(_ choice: ConnectorChoice) throws(PlatformError) {
        finishPendingFlip()
        let newWidth = Int(choice.mode.hdisplay), newHeight = Int(choice.mode.vdisplay)
        // The scanout's size, not the picture's: a turned screen swaps the two.
        if buffers.count != 2 || newWidth != Int(mode.hdisplay) || newHeight != Int(mode.vdisplay) {
            freeBuffers()
            let first = try DumbBuffer.make(card: card, width: newWidth, height: newHeight)
            do { buffers = [first, try DumbBuffer.make(card: card, width: newWidth, height: newHeight)] } catch {
                first.destroy(card: card); throw error
            }
        }
        connectorName = choice.name
        connectorID = choice.connectorID
        crtcID = choice.crtcID
        mode = choice.mode
        (width, height, millimetres) = DRMDisplay.picture(on: choice, turned: rotation)
        // The same size again (a replug): keep the picture's memory, every page now lacking all of it.
        // A new one each time would leave the old one's pages resident in the allocator.
        if shadow.picture.width == width && shadow.picture.height == height {
            shadow.invalidate()
        } else {
            shadow = DRMDisplay.makeShadow(for: choice.mode, rotation: rotation)
        }
        shown = choice.screenMode
        back = 0
        isShowing = true
        try restoreScanout()
    }

    /// Nothing connected: switch the CRTC off, free the buffers and wait for a uevent.
    func goDark() {
        finishPendingFlip()
        _ = drmModeSetCrtc(fd, crtcID, 0, 0, 0, nil, 0, nil)
        freeBuffers()
        isShowing = false
        modeSet = false
    }

    func freeBuffers() {
        for b in buffers { b.destroy(card: card) }
        buffers = []
    }
}
