import Kiosk
import Testing

@Suite struct StateStorageTests {
    @Test func memoryStorageKeepsWhatItSetsAside() throws {
        let storage = MemoryStateStorage(bytes: [1, 2, 3])
        #expect(try storage.setAside() == "memory#1")
        #expect(try storage.load() == nil)
        #expect(storage.setAsideCopies == [[1, 2, 3]])
    }
}

/// A storage whose load fails as the disk layer says: transient (the file may be fine) or not.
final class FailingStorage: StateStorage {
    let failure: any Error
    var saved: [[UInt8]] = []
    var setAsideCount = 0
    init(_ failure: any Error) { self.failure = failure }
    func load() throws -> [UInt8]? { throw failure }
    func save(_ bytes: [UInt8]) throws { saved.append(bytes) }
    func setAside() throws -> String { setAsideCount += 1; return "aside" }
}

struct PermanentFailure: Error {}

@Suite struct StateLoadFailureTests {
    /// An interrupted or refused read says nothing against the file: it stays, and is not saved over.
    @Test func aTransientFailureNeitherSetsTheStateAsideNorSavesOverIt() {
        let storage = FailingStorage(StateUnavailable("read state: Resource temporarily unavailable (errno 11)"))
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        app.saveNow()
        #expect(storage.setAsideCount == 0)
        #expect(storage.saved.isEmpty)
        #expect(app.takeMessages().contains { $0.contains("keeping it") })
    }

    @Test func aFileThatIsNoStateIsSetAsideAndReplaced() {
        let storage = FailingStorage(PermanentFailure())
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        app.saveNow()
        #expect(storage.setAsideCount == 1)
        #expect(storage.saved.count == 1)
    }
}
