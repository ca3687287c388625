import Glibc

extension FileDescriptor {
    /// Everything up to the end of a stream (standard input, a pipe), refused once it passes `limit` bytes:
    /// a stream has no size to check first, so the cap is counted as it is read.
    public func readToEnd(limit: Int) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = try buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try read(into: raw) } }.get()
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else { throw SystemError("read", path, problem: "more than the \(limit) bytes allowed") }
            bytes += buffer[0..<n]
        }
    }
}
