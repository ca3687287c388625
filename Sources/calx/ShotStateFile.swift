import Foundation
import Kiosk

/// The state file behind `--state` for `calx shot`.
/// Until Platform's FileStateStorage (temp file, fsync, rename, directory fsync) is on main,
/// this uses Foundation's atomic write (temp file and rename) and renames bad files aside.
func makeFileStateStorage(path: String) -> any StateStorage { ShotStateFile(path: path) }

final class ShotStateFile: StateStorage {
    let path: String
    init(path: String) { self.path = path }

    func load() throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func save(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    func setAside() throws -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        var target = "\(path).corrupt-\(stamp)"
        var n = 1
        while FileManager.default.fileExists(atPath: target) { target = "\(path).corrupt-\(stamp)-\(n)"; n += 1 }
        try FileManager.default.moveItem(atPath: path, toPath: target)
        return target
    }
}
