import CFreeType
import Glibc

/// A font file as a FreeType stream read with pread(2), where FT_New_Face would map the whole file.
/// FreeType copies the tables it keeps (cmap, hmtx, loca, the hinting programs) and reads a glyph's
/// outline when it renders it. A mapping instead kept resident every page a table or glyph ever touched,
/// 64 kB at a time (the kernel's fault-around): 424 kB of DejaVu Sans's 757 kB in a 1080p shot.
/// FreeType closes the file through `close` when it is done with the face (or fails to open it); the
/// record must outlive the face, so its owner frees it only after FT_Done_Face.
final class FontFileStream {
    let record: UnsafeMutablePointer<FT_StreamRec>

    /// nil with errno set when the file cannot be opened or measured.
    init?(path: String) {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let saved = errno
            Glibc.close(fd)
            errno = saved
            return nil
        }
        record = .allocate(capacity: 1)
        record.initialize(to: FT_StreamRec())
        record.pointee.size = UInt(info.st_size)
        record.pointee.descriptor.value = Int(fd)
        record.pointee.read = { stream, offset, buffer, count in
            guard let stream else { return 0 }
            // A count of 0 is a seek: FreeType's own stdio stream says 1 (failure) past the end, else 0.
            if count == 0 { return offset > stream.pointee.size ? 1 : 0 }
            guard let buffer else { return 0 }
            let fd = Int32(stream.pointee.descriptor.value)
            var done = 0
            while done < Int(count) {
                let n = pread(fd, buffer + done, Int(count) - done, off_t(Int(offset) + done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }          // an error or the end: FreeType sees a short read
                done += n
            }
            return UInt(done)
        }
        record.pointee.close = { stream in
            guard let stream, stream.pointee.descriptor.value >= 0 else { return }
            Glibc.close(Int32(stream.pointee.descriptor.value))
            stream.pointee.descriptor.value = -1
        }
    }

    deinit {
        // Closed already unless FreeType never took the stream.
        if record.pointee.descriptor.value >= 0 { Glibc.close(Int32(record.pointee.descriptor.value)) }
        record.deinitialize(count: 1)
        record.deallocate()
    }
}

private func retryingOnInterrupt(_ call: () -> Int32) -> Int32 {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
