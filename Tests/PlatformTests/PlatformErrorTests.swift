import Platform
import Testing

@Suite struct PlatformErrorTests {
    @Test func describesTheCall() {
        #expect(PlatformError("open", "/dev/dri/card0", errno: 2).description == "open /dev/dri/card0: errno 2")
    }
}
