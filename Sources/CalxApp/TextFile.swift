import Platform

/// A text file the user wrote (the config, a touch script): a regular file of at most `limit` bytes,
/// symbolic links followed. nil when it does not exist.
package func readTextFile(_ path: String, limit: Int = 1 << 20) throws(PlatformError) -> String? {
    try RegularFile(path: path, limit: limit).read().map { String(decoding: $0, as: UTF8.self) }
}
