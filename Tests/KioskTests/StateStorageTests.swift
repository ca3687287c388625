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
