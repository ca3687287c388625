import Glibc

extension AtomicFile {
    /// Puts the finished temp file at `path` when nothing is there or a regular file is; never over a
    /// device, a FIFO, a directory, a socket or a symbolic link (run as root, `calx shot --out /dev/full`
    /// once made /dev/full a regular file). Removes the temp file when it throws.
    ///
    /// No window between a look and the rename: a new path is taken with RENAME_NOREPLACE, which fails
    /// if anything appeared there; a regular file is swapped out with RENAME_EXCHANGE and looked at under
    /// the temp name it went to, and swapped back if it was no regular file after all. Only on a
    /// filesystem without renameat2's flags (EINVAL) is it an lstat, then a rename.
    func moveIntoPlace(_ temp: String) throws(SystemError) {
        var tempIsOurs = true
        do { try place(temp, tempIsOurs: &tempIsOurs) } catch {
            // Once a swap could not be undone, the temp name holds someone's device or FIFO: left there.
            if tempIsOurs { _ = calls.unlink(temp) }
            throw error
        }
    }

    private func place(_ temp: String, tempIsOurs: inout Bool) throws(SystemError) {
        // A path that keeps appearing and vanishing between the two renames gets a few tries.
        for _ in 0..<8 {
            if calls.renameat2(temp, path, RenameFlag.noReplace) == 0 { return }
            var failed = errno
            if failed == EINVAL || failed == ENOSYS { return try renameOverRegularFile(temp) }
            guard failed == EEXIST else { throw SystemError("rename", path, errno: failed) }
            guard let kind = Self.kind(of: path) else { continue }
            guard kind == S_IFREG else { throw refusal(kind) }
            if calls.renameat2(temp, path, RenameFlag.exchange) != 0 {
                failed = errno
                if failed == ENOENT { continue }
                if failed == EINVAL || failed == ENOSYS { return try renameOverRegularFile(temp) }
                throw SystemError("rename", path, errno: failed)
            }
            // `temp` now names what was at `path` an instant ago.
            guard let replaced = Self.kind(of: temp), replaced != S_IFREG else { _ = calls.unlink(temp); return }
            guard calls.renameat2(temp, path, RenameFlag.exchange) == 0 else {
                failed = errno
                tempIsOurs = false
                throw SystemError("put back", path, problem: "\(RegularFile.typeName(replaced)) is left at \(temp): "
                                    + String(cString: strerror(failed)))
            }
            throw refusal(replaced)
        }
        throw SystemError("rename", path, problem: "it kept changing under us")
    }

    /// Where renameat2's flags are missing: a race here needs another writer in the directory.
    private func renameOverRegularFile(_ temp: String) throws(SystemError) {
        if let kind = Self.kind(of: path), kind != S_IFREG { throw refusal(kind) }
        guard calls.rename(temp, path) == 0 else { throw SystemError("rename", path, errno: errno) }
    }

    private func refusal(_ kind: mode_t) -> SystemError {
        SystemError("replace", path, problem: "\(RegularFile.typeName(kind)), not a regular file, which is never replaced")
    }

    /// `st_mode & S_IFMT` of what is at `path` itself (a link is not followed); nil when nothing is.
    static func kind(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }
}
