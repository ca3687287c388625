import Glibc
import Testing
@testable import Platform

@Suite struct UdevPropertyTests {
    /// A character device with no udev record (the machine's /dev/null) has no property, and no fd that is
    /// not a device is looked up at all.
    @Test func noPropertyWhereUdevHasNone() {
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        #expect(UdevProperty.value(CalibrationChoice.udevProperty, ofDeviceFD: null) == nil)
        #expect(UdevProperty.inputProperties(ofDeviceFD: null).isEmpty)
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        #expect(UdevProperty.value("ID_INPUT", ofDeviceFD: fds[0]) == nil)
        #expect(UdevProperty.inputProperties(ofDeviceFD: fds[0]).isEmpty)
        close(fds[0]); close(fds[1])
    }
}
