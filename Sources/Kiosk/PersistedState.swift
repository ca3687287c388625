import CalculatorBrain
import FoundationEssentials
import Grapher

/// Everything Calx keeps between runs, in one file:
///
///     calx-state 2
///     fnv1a64 <16 hex digits of the payload>
///     <payload: JSON>
///
/// The header names the format version; the checksum catches torn or edited files.
/// Version 1 (one scale for both axes) is still read, so an update loses no one's graph.
struct PersistedState: Codable, Equatable {
    struct GraphRecord: Codable, Equatable {
        var program: [String]
        var description: String
        var variable: String
    }
    /// The controller's own encoding of its state (program, M dictionary, typing).
    var calculator: String?
    var graph: GraphRecord?
    var viewport: Viewport
    var graphPushed: Bool

    static let formatVersion = 2
    static let magic = "calx-state"

    struct Unreadable: Error, CustomStringConvertible { var description: String }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let payload = Array(try encoder.encode(self))
        let header = "\(Self.magic) \(Self.formatVersion)\nfnv1a64 \(hex16(fnv1a64(payload)))\n"
        return Array(header.utf8) + payload
    }

    static func decode(_ bytes: [UInt8]) throws -> PersistedState {
        guard bytes.count < 16 << 20 else { throw Unreadable(description: "state file is too large") }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 10 && lines.count < 2 {
            lines.append(bytes[start..<i])
            start = i + 1
        }
        guard lines.count == 2 else { throw Unreadable(description: "state file has no header") }
        let first = String(decoding: lines[0], as: UTF8.self)
        guard first.hasPrefix(magic + " ") else { throw Unreadable(description: "not a Calx state file") }
        let version = first.dropFirst(magic.count + 1)
        guard version == "\(formatVersion)" || version == "1" else {
            throw Unreadable(description: "unsupported state format '\(first)'")
        }
        let payload = Array(bytes[start...])
        let sum = String(decoding: lines[1], as: UTF8.self)
        guard sum == "fnv1a64 \(hex16(fnv1a64(payload)))" else {
            throw Unreadable(description: "state file checksum mismatch")
        }
        do {
            if version == "1" { return try JSONDecoder().decode(PersistedStateVersion1.self, from: Data(payload)).upgraded }
            return try JSONDecoder().decode(PersistedState.self, from: Data(payload))
        } catch {
            throw Unreadable(description: "state file payload unreadable: \(error)")
        }
    }
}

/// Format 1: the same fields, with one scale for both axes.
private struct PersistedStateVersion1: Decodable {
    struct ViewportVersion1: Decodable {
        var originOffsetX: Double
        var originOffsetY: Double
        var pixelsPerUnit: Double
    }
    var calculator: String?
    var graph: PersistedState.GraphRecord?
    var viewport: ViewportVersion1
    var graphPushed: Bool

    var upgraded: PersistedState {
        PersistedState(calculator: calculator, graph: graph,
                       viewport: Viewport(originOffsetX: viewport.originOffsetX, originOffsetY: viewport.originOffsetY,
                                          pixelsPerUnit: viewport.pixelsPerUnit),
                       graphPushed: graphPushed)
    }
}

/// 64-bit FNV-1a: small, and enough to notice a torn or edited file.
func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
    return h
}

func hex16(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}
