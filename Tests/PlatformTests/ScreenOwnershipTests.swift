import Testing
@testable import Platform

@Suite struct ScreenOwnershipTests {
    @Test func releaseFinishesTheFlipThenDropsMasterAndInputBeforeLettingGo() {
        var ownership = ScreenOwnership()
        #expect(ownership.handle(.release) == [.finishPendingFlip, .dropMaster, .releaseInput, .allowRelease])
        #expect(!ownership.isForeground)
    }

    @Test func acquireAnswersTheKernelThenTakesMasterAndRedrawsEverything() {
        var ownership = ScreenOwnership(isForeground: false)
        #expect(ownership.handle(.acquire) == [.acknowledgeAcquire, .setMaster, .restoreScanout, .retakeInput, .redrawAll])
        #expect(ownership.isForeground)
    }

    @Test func aRepeatedSignalOnlyAnswersTheKernel() {
        var away = ScreenOwnership(isForeground: false)
        #expect(away.handle(.release) == [.allowRelease])
        #expect(!away.isForeground)
        var here = ScreenOwnership()
        #expect(here.handle(.acquire) == [.acknowledgeAcquire])
        #expect(here.isForeground)
    }

    @Test func aRoundTripEndsWhereItStarted() {
        var ownership = ScreenOwnership()
        _ = ownership.handle(.release)
        _ = ownership.handle(.acquire)
        #expect(ownership == ScreenOwnership())
        #expect(ownership.handle(.release).contains(.dropMaster))
    }
}
