import Kiosk
import Platform

/// The kiosk's state file on disk, through Platform's AtomicFile.
final class FileStateStorage: StateStorage {
    let file: AtomicFile
    init(path: String) { file = AtomicFile(path: path) }
    func load() throws -> [UInt8]? { try file.read() }
    func save(_ bytes: [UInt8]) throws { try file.write(bytes) }
    func setAside() throws -> String { try file.moveAside() }
}
