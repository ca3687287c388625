import Glibc
import Testing
@testable import Platform

/// A device found under /dev/input as it appears is there before udevd has processed it: its udev properties
/// (a board's LIBINPUT_CALIBRATION_MATRIX) would be read missing. The VM's replay boot found a hot-plugged
/// panel taken with no calibration so.
@Suite struct InputDevicesUdevTests {
    @Test func aDeviceUdevHasNotProcessedWaitsForIt() {
        let devices = InputDevices(rotation: .upright, calibration: nil)
        var present = ["/nonexistent/event7"], processed = false
        var logged: [String] = []
        devices.paths = { present }
        devices.awaitsUdev = { _ in !processed }
        devices.log = { logged.append($0) }
        devices.rescan(screen: (800, 480), now: 100)
        #expect(devices.pending == ["/nonexistent/event7": 100])
        #expect(devices.retryDeadline == 100 + InputDevices.udevPatience)
        // Still waiting a moment later; udev done: no longer pending (opened, or, being no device, skipped).
        devices.rescan(screen: (800, 480), now: 101)
        #expect(devices.pending == ["/nonexistent/event7": 100])
        processed = true
        devices.rescan(screen: (800, 480), now: 101.5)
        #expect(devices.pending.isEmpty && devices.retryDeadline == nil)
        #expect(logged.isEmpty)
        // A device udev never processes is taken after the patience, and the log says so.
        processed = false
        present = ["/nonexistent/event8"]
        devices.rescan(screen: (800, 480), now: 200)
        #expect(devices.pending.keys.sorted() == ["/nonexistent/event8"])
        devices.rescan(screen: (800, 480), now: 200 + InputDevices.udevPatience)
        #expect(devices.pending.isEmpty)
        #expect(logged.count == 1 && logged[0].contains("udev has not processed it"))
        // One that goes away while pending is forgotten.
        present = ["/nonexistent/event9"]
        devices.rescan(screen: (800, 480), now: 300)
        present = []
        devices.rescan(screen: (800, 480), now: 300.1)
        #expect(devices.pending.isEmpty)
    }

    /// This machine runs no udevd: nothing is ever pending, so nothing waits (the VM e2e's initramfs is so too).
    @Test func withoutUdevdNothingIsPending() {
        #expect(!UdevProperty.isPending(path: "/dev/null") || access("/run/udev/control", F_OK) == 0)
        #expect(!UdevProperty.isPending(path: "/nonexistent"))
    }
}
