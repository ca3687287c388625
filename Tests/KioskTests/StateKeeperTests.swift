@testable import Kiosk
import Grapher
import Testing

/// The state keeper on its own, without a screen: the debounce, what a save writes, and an
/// unreadable file set aside.
@Suite struct StateKeeperTests {
    let state = PersistedState(calculator: nil, graph: nil, viewport: .standard, graphPushed: false)

    @Test func aChangeIsSavedOnlyAfterTheDebounce() throws {
        let storage = MemoryStateStorage()
        let keeper = StateKeeper(storage: storage, coder: calxStateCoder())
        #expect(keeper.saveDeadline == nil && !keeper.isSaveDue(at: 100))
        keeper.changed(at: 10)
        keeper.changed(at: 10.3)
        #expect(keeper.saveDeadline == 10.3 + StateKeeper.saveDelay)
        #expect(!keeper.isSaveDue(at: 10.7))
        #expect(keeper.isSaveDue(at: 10.8))
        keeper.save(state)
        #expect(keeper.saveDeadline == nil)
        let bytes = try #require(storage.bytes)
        #expect(try PersistedState.decode(bytes, by: calxStateCoder()) == state)
        #expect(keeper.load() == state && keeper.messages.isEmpty)
    }

    @Test func anUnreadableFileIsSetAsideAndSavingGoesOn() {
        let storage = MemoryStateStorage(bytes: Array("calx-state 3\nfnv1a64 0\n{}".utf8))
        let keeper = StateKeeper(storage: storage, coder: calxStateCoder())
        #expect(keeper.load() == nil)
        #expect(storage.setAsideCopies.count == 1 && keeper.messages.count == 2, "\(keeper.messages)")
        keeper.save(state)
        #expect(storage.bytes != nil, "nothing is left to protect: the next save writes")
    }

    @Test func aHeaderWithCRLFIsNamedWithItsCarriageReturnShown() throws {
        let file = Array("calx-state 6\r\nfnv1a64 0\r\n{}".utf8)
        // Caught by hand: Swift 6.0's Testing (the arm64 cross-build's) has no #require(throws:) that returns the error.
        do {
            _ = try PersistedState.decode(file, by: calxStateCoder())
            Issue.record("a CRLF header was read")
        } catch let error as PersistedState.Unreadable {
            #expect(error.description == #"unsupported state format "calx-state 6\r""#, "\(error.description)")
        }
    }

    @Test func aFileThatCannotBeReadNowIsNeverSavedOver() {
        let storage = FailingStorage(StateUnavailable("read state: Interrupted (errno 4)"))
        let keeper = StateKeeper(storage: storage, coder: calxStateCoder())
        #expect(keeper.load() == nil && keeper.savingDisabled)
        keeper.save(state)
        #expect(storage.saved.isEmpty && storage.setAsideCount == 0)
    }
}
