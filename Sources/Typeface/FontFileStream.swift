import CFreeType
import Glibc
import SystemFiles

/// A font file as a FreeType stream read at offsets (SystemFiles' `FileDescriptor`, pread), where
/// FT_New_Face would map the whole file. FreeType copies the tables it keeps (cmap, hmtx, loca, the
/// hinting programs) and reads a glyph's outline when it renders it. A mapping instead kept resident
/// every page a table or glyph ever touched, 64 kB at a time (the kernel's fault-around): 424 kB of
/// DejaVu Sans's 757 kB in a 1080p shot.
/// FreeType closes the file through `close` when it is done with the face (or fails to open it); the
/// record must outlive the face, so its owner frees it only after FT_Done_Face. The record points at
/// `file` unretained: this object keeps it alive, and closes it if FreeType never did.
final class FontFileStream {
    let record: UnsafeMutablePointer<FT_StreamRec>
    private let file: FileDescriptor

    /// Throws when the file cannot be opened or measured.
    init(path: String) throws(SystemError) {
        file = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)
        let size = try file.status().st_size
        record = .allocate(capacity: 1)
        record.initialize(to: FT_StreamRec())
        record.pointee.size = UInt(size)
        record.pointee.descriptor.pointer = Unmanaged.passUnretained(file).toOpaque()
        record.pointee.read = { stream, offset, buffer, count in
            guard let stream else { return 0 }
            // A count of 0 is a seek: FreeType's own stdio stream says 1 (failure) past the end, else 0.
            if count == 0 { return offset > stream.pointee.size ? 1 : 0 }
            guard let buffer, let file = FontFileStream.file(of: stream) else { return 0 }
            // An error or the end: FreeType sees a short read.
            let read = try? file.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(count)), at: Int(offset))
            return UInt(read ?? 0)
        }
        record.pointee.close = { stream in
            guard let stream else { return }
            try? FontFileStream.file(of: stream)?.close()
        }
    }

    private static func file(of stream: FT_Stream) -> FileDescriptor? {
        stream.pointee.descriptor.pointer.map { Unmanaged<FileDescriptor>.fromOpaque($0).takeUnretainedValue() }
    }

    deinit {
        record.deinitialize(count: 1)
        record.deallocate()
    }
}
