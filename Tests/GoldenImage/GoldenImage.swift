import Foundation
import Raster
import RasterPNG

/// Golden-picture comparison for tests, usable from Swift Testing and XCTest alike:
///
///     #expect(goldenMismatch(image.buffer, named: "text_sizes", referencesDirectory: references(#filePath)) == nil)
///     try assertMatchesGolden(image.buffer, named: "text_sizes", referencesDirectory: references(#filePath))
///
/// A reference is `<referencesDirectory>/<name>.png`. With `CALX_RECORD_GOLDEN=1` in the environment the
/// reference is (re)written and the check passes. Without it a missing reference fails, and a mismatch
/// writes `<name>.actual.png` and `<name>.diff.png` beside the reference and names them in the message.

/// The `References` directory next to the test file, from `#filePath`.
public func references(_ testFilePath: String) -> String {
    URL(fileURLWithPath: testFilePath).deletingLastPathComponent().appendingPathComponent("References").path
}

/// Why a picture did not match its reference; `message` names the files to look at.
public struct GoldenMismatch: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

/// What one golden check did.
public enum GoldenOutcome: Equatable, Sendable {
    case matched
    /// `CALX_RECORD_GOLDEN=1` was set and the reference at this path was written.
    case recorded(path: String)
    case mismatched(message: String)
}

/// Compares against the reference, throwing a `GoldenMismatch` whose message names the
/// `.actual.png` and `.diff.png` files. Recording counts as success.
public func assertMatchesGolden(_ buffer: PixelBuffer, named name: String, referencesDirectory: String,
                                tolerance: UInt8 = 2, maxDifferingPixels: Int = 0) throws(GoldenMismatch) {
    if case .mismatched(let message) = checkGolden(buffer, named: name, referencesDirectory: referencesDirectory,
                                                    tolerance: tolerance, maxDifferingPixels: maxDifferingPixels) {
        throw GoldenMismatch(message: message)
    }
}

/// nil when the picture matches (or was recorded); otherwise the failure message. For `#expect(... == nil)`.
public func goldenMismatch(_ buffer: PixelBuffer, named name: String, referencesDirectory: String,
                           tolerance: UInt8 = 2, maxDifferingPixels: Int = 0) -> String? {
    if case .mismatched(let message) = checkGolden(buffer, named: name, referencesDirectory: referencesDirectory,
                                                    tolerance: tolerance, maxDifferingPixels: maxDifferingPixels) {
        return message
    }
    return nil
}

/// True when the environment asks for references to be rewritten.
public var isRecordingGoldens: Bool { ProcessInfo.processInfo.environment["CALX_RECORD_GOLDEN"] == "1" }

/// The full check, with recording controlled by `record` (the environment by default).
public func checkGolden(_ buffer: PixelBuffer, named name: String, referencesDirectory: String,
                        tolerance: UInt8 = 2, maxDifferingPixels: Int = 0,
                        record: Bool = isRecordingGoldens) -> GoldenOutcome {
    let base = URL(fileURLWithPath: referencesDirectory).appendingPathComponent(name).path
    let referencePath = base + ".png", actualPath = base + ".actual.png", diffPath = base + ".diff.png"
    if record {
        do {
            try FileManager.default.createDirectory(atPath: referencesDirectory, withIntermediateDirectories: true)
            try PNGFile.write(buffer, path: referencePath)
        } catch {
            return .mismatched(message: "golden \(name): could not record \(referencePath): \(error)")
        }
        removeStale(actualPath, diffPath)
        return .recorded(path: referencePath)
    }
    guard FileManager.default.fileExists(atPath: referencePath) else {
        let wrote = writeQuietly(buffer, actualPath)
        return .mismatched(message: "golden \(name): no reference at \(referencePath)"
            + (wrote ? "; the picture drawn is at \(actualPath)" : "")
            + ". Run with CALX_RECORD_GOLDEN=1 to record it, then look at it.")
    }
    let reference: PixelImage
    do { reference = try PNGFile.read(path: referencePath) } catch {
        return .mismatched(message: "golden \(name): cannot read the reference: \(error)")
    }
    guard reference.width == buffer.width, reference.height == buffer.height else {
        let wrote = writeQuietly(buffer, actualPath)
        return .mismatched(message: "golden \(name): size \(buffer.width)x\(buffer.height) differs from the reference's "
            + "\(reference.width)x\(reference.height) (\(referencePath))" + (wrote ? "; actual: \(actualPath)" : ""))
    }
    let difference = GoldenDifference(buffer, reference.buffer, tolerance: tolerance)
    if difference.differingPixels <= maxDifferingPixels {
        removeStale(actualPath, diffPath)
        return .matched
    }
    let wroteActual = writeQuietly(buffer, actualPath)
    let diff = difference.picture(buffer, reference.buffer, tolerance: tolerance)
    let wroteDiff = writeQuietly(diff.buffer, diffPath)
    return .mismatched(message: "golden \(name): \(difference.differingPixels) of \(buffer.width * buffer.height) pixels "
        + "differ by more than \(tolerance) (allowed \(maxDifferingPixels)), largest channel difference "
        + "\(difference.largestChannelDifference), first at (\(difference.firstX), \(difference.firstY)). "
        + "Reference: \(referencePath)"
        + (wroteActual ? "; actual: \(actualPath)" : "; could not write the actual picture")
        + (wroteDiff ? "; diff: \(diffPath)" : "; could not write the diff picture"))
}

/// Per-channel comparison of two same-sized buffers.
public struct GoldenDifference: Equatable, Sendable {
    public private(set) var differingPixels = 0
    public private(set) var largestChannelDifference = 0
    public private(set) var firstX = -1
    public private(set) var firstY = -1

    public init(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: UInt8) {
        let w = min(a.width, b.width), h = min(a.height, b.height)
        for y in 0..<h {
            for x in 0..<w {
                let d = Self.channelDifference(a.xrgb(x: x, y: y), b.xrgb(x: x, y: y))
                largestChannelDifference = max(largestChannelDifference, d)
                if d > Int(tolerance) {
                    if differingPixels == 0 { firstX = x; firstY = y }
                    differingPixels += 1
                }
            }
        }
    }

    /// The largest of the three channel differences.
    static func channelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [0, 8, 16] {
            let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
            largest = max(largest, d)
        }
        return largest
    }

    /// The reference faded to light grey, with differing pixels in red (brighter for larger differences).
    public func picture(_ actual: PixelBuffer, _ reference: PixelBuffer, tolerance: UInt8) -> PixelImage {
        let w = min(actual.width, reference.width), h = min(actual.height, reference.height)
        let image = PixelImage(width: w, height: h)
        for y in 0..<h {
            let row = image.buffer.row32(y)
            for x in 0..<w {
                let p = actual.xrgb(x: x, y: y), q = reference.xrgb(x: x, y: y)
                let d = Self.channelDifference(p, q)
                if d > Int(tolerance) {
                    let red = UInt32(min(255, 128 + d))
                    row[x] = red << 16
                } else {
                    let luma = (((q >> 16) & 0xFF) * 77 + ((q >> 8) & 0xFF) * 150 + (q & 0xFF) * 29) >> 8
                    let faded = 192 + luma / 4
                    row[x] = faded << 16 | faded << 8 | faded
                }
            }
        }
        return image
    }
}

private func writeQuietly(_ buffer: PixelBuffer, _ path: String) -> Bool {
    guard buffer.width > 0, buffer.height > 0 else { return false }
    return (try? PNGFile.write(buffer, path: path)) != nil
}

private func removeStale(_ paths: String...) {
    for path in paths where FileManager.default.fileExists(atPath: path) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
