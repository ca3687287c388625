import Testing
@testable import Platform
import Raster

@Suite struct HotplugPlanTests {
    let panel = ScreenMode(connector: "HDMI-A-1", width: 800, height: 480, refresh: 60,
                           millimetres: ScreenMillimetres(width: 154, height: 86))

    @Test func ourScreenGoneGoesDark() {
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: nil) == .goDark)
    }

    @Test func stillNothingConnectedWaitsQuietly() {
        #expect(HotplugPlan.decide(shown: panel, isShowing: false, probed: nil) == .keep)
    }

    @Test func aRepeatedEventWithTheSameScreenChangesNothing() {
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: panel) == .keep)
    }

    @Test func theSameScreenBackIsSetUpAgainWithoutANewLayout() {
        #expect(HotplugPlan.decide(shown: panel, isShowing: false, probed: panel) == .modeset(panel, resize: false))
    }

    @Test func aDifferentSizeNeedsANewLayout() {
        var portrait = panel
        portrait.width = 480; portrait.height = 800
        #expect(HotplugPlan.decide(shown: panel, isShowing: false, probed: portrait) == .modeset(portrait, resize: true))
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: portrait) == .modeset(portrait, resize: true))
    }

    @Test func aDifferentPhysicalSizeNeedsANewLayout() {
        var bigger = panel
        bigger.millimetres = ScreenMillimetres(width: 520, height: 290)
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: bigger) == .modeset(bigger, resize: true))
        bigger.millimetres = nil
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: bigger) == .modeset(bigger, resize: true))
    }

    @Test func anotherRefreshOrConnectorIsAModesetOnTheSameLayout() {
        var faster = panel
        faster.refresh = 75
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: faster) == .modeset(faster, resize: false))
        var other = panel
        other.connector = "DSI-1"
        #expect(HotplugPlan.decide(shown: panel, isShowing: true, probed: other) == .modeset(other, resize: false))
    }
}
