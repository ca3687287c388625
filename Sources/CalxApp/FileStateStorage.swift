import Kiosk
import Platform

/// The kiosk's state file on disk, through Platform's AtomicFile. Temp files of writes that never
/// finished are removed when it is opened, at start.
package final class FileStateStorage: StateStorage {
    package let file: AtomicFile
    package let removedTemporaries: [String]

    package init(file: AtomicFile) {
        self.file = file
        removedTemporaries = file.removeStaleTemporaries()
    }

    package convenience init(path: String) { self.init(file: AtomicFile(path: path)) }

    /// A transient failure becomes Kiosk's StateUnavailable, so the file is kept rather than set aside.
    package func load() throws -> [UInt8]? {
        do { return try file.read() } catch {
            if error.isTransient { throw StateUnavailable(error.description) }
            throw error
        }
    }

    /// Why the last save failed; nil after one that did not (`calx shot --state` exits 1 on it).
    package private(set) var lastSaveFailure: PlatformError?

    package func save(_ bytes: [UInt8]) throws {
        do { try file.write(bytes); lastSaveFailure = nil } catch {
            lastSaveFailure = error
            throw error
        }
    }
    package func setAside() throws -> String { try file.moveAside() }
}
