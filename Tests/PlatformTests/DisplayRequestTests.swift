import Testing
@testable import Platform

@Suite struct DisplayRequestTests {
    /// "" and "@" once crashed `calx run` (SIGILL) before any display was opened.
    @Test(arguments: ["", "@", "x", "@60", "800x", "x480", "800x480@", "800x480@60@1", "0x480", "800x-1", "-800x480",
                      "800x480@0", "99999999999999999999x1", "16385x480", "800x480x3", "800 x 480", "８００x480"])
    func aModeThatIsNotWxHIsNil(text: String) {
        #expect(DisplayRequest.parseMode(text) == nil)
    }

    @Test func sizesAndRefresh() {
        #expect(DisplayRequest.parseMode("800x480").map { [$0.width, $0.height, $0.refresh ?? -1] } == [800, 480, -1])
        #expect(DisplayRequest.parseMode("1920x1080@60").map { [$0.width, $0.height, $0.refresh ?? -1] } == [1920, 1080, 60])
        #expect(DisplayRequest.parseMode("16384x16384@16384") != nil)
    }
}
