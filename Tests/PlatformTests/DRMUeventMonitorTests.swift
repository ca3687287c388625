import Glibc
import Testing
@testable import Platform

@Suite struct DRMUeventMonitorTests {
    /// The monitor must never block the loop: with nothing sent, draining returns at once.
    @Test func drainingWithNothingPendingReturnsAtOnceAndSaysNoHotplug() throws {
        let monitor = try #require(DRMUeventMonitor())
        defer { monitor.close() }
        #expect(monitor.fd >= 0)
        #expect(fcntl(monitor.fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(monitor.drain() == false)
    }
}
