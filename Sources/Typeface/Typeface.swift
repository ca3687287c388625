import CFreeType
import Glibc
import Raster

/// A TrueType or OpenType face rasterized by FreeType into 8-bit coverage masks.
/// It is Raster's `GlyphSource`: nothing above it sees FreeType.
///
/// Glyphs are hinted (FreeType's default, as cairo does) with whole-pixel advances, so text
/// sits on the pixel grid and digits keep equal widths. Rasterized glyphs stay in a bounded
/// LRU cache keyed by scalar and pixel size. Not thread-safe: give each thread its own Typeface.
public final class Typeface: GlyphSource {
    public let path: String
    /// The face's family name, e.g. "DejaVu Sans".
    public let familyName: String
    /// Pixel sizes are clamped to this, so a silly size cannot allocate a giant bitmap.
    public static let maximumPixelSize = 1024

    private let library: FT_Library
    private let face: FT_Face
    /// The file FreeType reads the face from; released after the face (deinit runs first).
    private let file: FontFileStream
    private let hasKerning: Bool
    private var activePixelSize = 0
    private var glyphs: GlyphCache
    private var kernings: [KerningKey: Double] = [:]
    private var metricsBySize: [Int: FontMetrics] = [:]
    /// How many glyphs FreeType has rendered: tells tests whether the cache did its job.
    public private(set) var rasterizations = 0

    private struct KerningKey: Hashable {
        let left: UInt32
        let right: UInt32
        let pixelSize: Int32
    }
    private static let kerningCapacity = 4096

    /// Opens the font at `path`. A missing, unreadable or non-font file throws an error naming the path.
    public init(path: String, cacheCapacity: Int = 1024) throws(TypefaceError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missingFile(path: path) }
            throw .unusableFile(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unusableFile(path: path, reason: "not a regular file") }
        guard access(path, R_OK) == 0 else { throw .unusableFile(path: path, reason: String(cString: strerror(errno))) }

        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .libraryFailed(reason: freeTypeErrorText(initError)) }
        let file: FontFileStream
        do { file = try FontFileStream(path: path) } catch {
            FT_Done_FreeType(library)
            throw .unusableFile(path: path, reason: String(cString: strerror(error.errno)))
        }
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = file.record
        var face: FT_Face?
        let openError = FT_Open_Face(library, &arguments, 0, &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw .unusableFile(path: path, reason: freeTypeErrorText(openError))
        }
        guard (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .unusableFile(path: path, reason: "not a scalable (outline) font")
        }
        self.path = path
        self.library = library
        self.face = face
        self.file = file
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.hasKerning = (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0
        self.glyphs = GlyphCache(capacity: cacheCapacity)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// True when the face has a glyph for the scalar (not the .notdef box).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// The scalars of `text` the face cannot draw; the caller draws those another way.
    public func missingScalars(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !hasGlyph(for: $0) }
    }

    /// How many glyphs the cache holds now (at most its capacity).
    public var cachedGlyphCount: Int { glyphs.count }
    public var cacheCapacity: Int { glyphs.capacity }

    public func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
        let size = clampedSize(pixelSize)
        let key = GlyphKey(scalar: scalar.value, pixelSize: Int32(size))
        if let hit = glyphs.lookup(key) { return hit.glyph }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        let glyph = index == 0 ? nil : rasterize(glyphIndex: index, pixelSize: size)
        glyphs.insert(key, glyph: glyph, glyphIndex: index)
        return glyph
    }

    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double {
        guard hasKerning else { return 0 }
        let size = clampedSize(pixelSize)
        let key = KerningKey(left: left.value, right: right.value, pixelSize: Int32(size))
        if let known = kernings[key] { return known }
        let l = FT_Get_Char_Index(face, FT_ULong(left.value)), r = FT_Get_Char_Index(face, FT_ULong(right.value))
        var value = 0.0
        if l != 0, r != 0, select(pixelSize: size) {
            var delta = FT_Vector()
            if FT_Get_Kerning(face, l, r, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                value = Double(delta.x) / 64
            }
        }
        if kernings.count >= Self.kerningCapacity { kernings.removeAll(keepingCapacity: true) }
        kernings[key] = value
        return value
    }

    /// Ascent and descent (both positive, in pixels) and the line height, as FreeType scales them.
    public func metrics(pixelSize: Int) -> FontMetrics {
        let size = clampedSize(pixelSize)
        if let known = metricsBySize[size] { return known }
        guard select(pixelSize: size), let sizeRecord = face.pointee.size else {
            return FontMetrics(ascent: Double(size) * 0.8, descent: Double(size) * 0.2, lineHeight: Double(size))
        }
        let m = sizeRecord.pointee.metrics
        let metrics = FontMetrics(ascent: Double(m.ascender) / 64, descent: Double(-m.descender) / 64,
                                  lineHeight: Double(m.height) / 64)
        metricsBySize[size] = metrics
        return metrics
    }

    private func clampedSize(_ pixelSize: Int) -> Int { min(max(1, pixelSize), Self.maximumPixelSize) }

    private func select(pixelSize: Int) -> Bool {
        if activePixelSize == pixelSize { return true }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { activePixelSize = 0; return false }
        activePixelSize = pixelSize
        return true
    }

    /// Renders one glyph; nil if FreeType fails on it (a broken outline is drawn as nothing, not a crash).
    private func rasterize(glyphIndex: FT_UInt, pixelSize: Int) -> Glyph? {
        guard select(pixelSize: pixelSize),
              FT_Load_Glyph(face, glyphIndex, FT_Int32(FT_LOAD_DEFAULT) | FT_Int32(FT_LOAD_RENDER)) == 0,
              let slot = face.pointee.glyph else { return nil }
        rasterizations += 1
        let bitmap = slot.pointee.bitmap
        let mask = coverageMask(bitmap)
        return Glyph(mask: mask, bearingX: Int(slot.pointee.bitmap_left), bearingY: Int(slot.pointee.bitmap_top),
                     advance: Double(slot.pointee.advance.x) / 64)
    }
}

/// Copies a FreeType bitmap (8-bit gray or 1-bit mono, either row direction) into a coverage mask.
func coverageMask(_ bitmap: FT_Bitmap) -> GlyphMask {
    let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
    guard width > 0, height > 0, let source = bitmap.buffer else {
        return GlyphMask(width: 0, height: 0, coverage: [])
    }
    let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
    let levels = max(2, Int(bitmap.num_grays))
    var coverage = [UInt8](repeating: 0, count: width * height)
    coverage.withUnsafeMutableBufferPointer { out in
        for row in 0..<height {
            // A negative pitch means the rows run bottom-up in memory.
            let line = source + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
            let start = row * width
            if mono {
                for x in 0..<width { out[start + x] = (line[x >> 3] & (0x80 >> UInt8(x & 7))) != 0 ? 255 : 0 }
            } else if levels == 256 {
                for x in 0..<width { out[start + x] = line[x] }
            } else {
                for x in 0..<width { out[start + x] = UInt8(min(255, Int(line[x]) * 255 / (levels - 1))) }
            }
        }
    }
    return GlyphMask(width: width, height: height, coverage: coverage)
}
