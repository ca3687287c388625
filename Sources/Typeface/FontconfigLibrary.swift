import CFreeType
import Glibc

/// The fontconfig functions `Typeface.fontconfigMatch` calls, from libfontconfig opened with dlopen(3) the
/// first time it is asked. DejaVu Sans is found at its fixed paths first (`Typeface.default()`), so a shot
/// or the kiosk on Debian never asks, and never loads fontconfig and expat: 184 kB of resident pages at
/// the 1080p shot when they were linked. The types are those of <fontconfig/fontconfig.h>.
struct FontconfigLibrary: @unchecked Sendable {
    typealias InitLoadConfigAndFonts = @convention(c) () -> OpaquePointer?
    typealias ConfigDestroy = @convention(c) (OpaquePointer?) -> Void
    typealias NameParse = @convention(c) (UnsafePointer<FcChar8>?) -> OpaquePointer?
    typealias PatternDestroy = @convention(c) (OpaquePointer?) -> Void
    typealias ConfigSubstitute = @convention(c) (OpaquePointer?, OpaquePointer?, FcMatchKind) -> FcBool
    typealias DefaultSubstitute = @convention(c) (OpaquePointer?) -> Void
    typealias FontMatch = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<FcResult>?) -> OpaquePointer?
    typealias PatternGetString = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32,
                                                 UnsafeMutablePointer<UnsafeMutablePointer<FcChar8>?>?) -> FcResult

    /// The soname of libfontconfig1.
    static let soname = "libfontconfig.so.1"

    let initLoadConfigAndFonts: InitLoadConfigAndFonts
    let configDestroy: ConfigDestroy
    let nameParse: NameParse
    let patternDestroy: PatternDestroy
    let configSubstitute: ConfigSubstitute
    let defaultSubstitute: DefaultSubstitute
    let fontMatch: FontMatch
    let patternGetString: PatternGetString

    /// Opened once, and kept for the life of the process; nil when the library or a function is missing.
    static let shared: FontconfigLibrary? = open()

    private static func open() -> FontconfigLibrary? {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func function<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let initLoad = function("FcInitLoadConfigAndFonts", as: InitLoadConfigAndFonts.self),
              let configDestroy = function("FcConfigDestroy", as: ConfigDestroy.self),
              let nameParse = function("FcNameParse", as: NameParse.self),
              let patternDestroy = function("FcPatternDestroy", as: PatternDestroy.self),
              let configSubstitute = function("FcConfigSubstitute", as: ConfigSubstitute.self),
              let defaultSubstitute = function("FcDefaultSubstitute", as: DefaultSubstitute.self),
              let fontMatch = function("FcFontMatch", as: FontMatch.self),
              let patternGetString = function("FcPatternGetString", as: PatternGetString.self)
        else { return nil }
        return FontconfigLibrary(initLoadConfigAndFonts: initLoad, configDestroy: configDestroy, nameParse: nameParse,
                                 patternDestroy: patternDestroy, configSubstitute: configSubstitute,
                                 defaultSubstitute: defaultSubstitute, fontMatch: fontMatch,
                                 patternGetString: patternGetString)
    }
}
