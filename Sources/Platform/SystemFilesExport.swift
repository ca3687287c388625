// Files, descriptors and the system-call seam are SystemFiles' (a module under Platform, Typeface and
// RasterPNG alike); Platform's callers get them with Platform, as before.
@_exported import SystemFiles

/// A failed system call or check, under the name Platform and its callers have always caught: SystemFiles'
/// error, which Typeface and RasterPNG meet too.
public typealias PlatformError = SystemError
