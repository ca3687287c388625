import Foundation

/// Package.swift's targets, read from the manifest's text: each target's kind, folder and package
/// dependencies, so that tests compare the code and the documentation with the manifest as it stands
/// (nothing about the module graph is written twice). Reads literal lists only: a dependency list that is
/// not a literal is an error, never an empty list.
struct PackageManifest {
    enum Kind: String, CaseIterable {
        case regular = "target", executable = "executableTarget", test = "testTarget", system = "systemLibrary"
    }

    struct Target: Equatable {
        let name: String
        let kind: Kind
        /// The folder, relative to the package: `path:` or SwiftPM's default.
        let path: String
        /// The package targets it names in `dependencies:` (products of other packages left out).
        let dependencies: Set<String>
        /// A system library's pkg-config name.
        let pkgConfig: String?
    }

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    let targets: [Target]

    /// The package's own manifest: Tests/ModulesTests/this file, two folders up.
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static func load() throws -> PackageManifest {
        try PackageManifest(text: String(contentsOfFile: "\(root)/Package.swift", encoding: .utf8))
    }

    init(text: String) throws {
        let code = Self.withoutComments(text)
        var targets: [Target] = []
        var rest = code[...]
        while let (kind, call) = Self.nextTargetCall(in: &rest) {
            targets.append(try Self.target(kind, arguments: call))
        }
        self.targets = targets
    }

    subscript(name: String) -> Target? { targets.first { $0.name == name } }

    /// The targets, tests excluded, that name `name` among their dependencies.
    func importers(of name: String) -> Set<String> {
        Set(targets.filter { $0.kind != .test && $0.dependencies.contains(name) }.map(\.name))
    }

    // MARK: Reading the text

    /// The next `.KIND(…)` target declaration after `rest` starts, with its balanced arguments; `rest` moves past it,
    /// so the `.target(name:)` inside a dependency list is never taken for a declaration.
    private static func nextTargetCall(in rest: inout Substring) -> (Kind, Substring)? {
        var best: (Kind, Range<Substring.Index>)?
        for kind in Kind.allCases {
            if let found = rest.range(of: ".\(kind.rawValue)("), found.lowerBound < (best?.1.lowerBound ?? rest.endIndex) {
                best = (kind, found)
            }
        }
        guard let (kind, opening) = best, let end = closing(of: "(", ")", from: opening.upperBound, in: rest) else { return nil }
        let call = rest[opening.upperBound..<end]
        rest = rest[rest.index(after: end)...]
        return (kind, call)
    }

    private static func target(_ kind: Kind, arguments: Substring) throws -> Target {
        guard let name = stringArgument("name", in: arguments) else {
            throw Unreadable(description: "a .\(kind.rawValue) without a literal name: \(arguments.prefix(60))")
        }
        let folder = stringArgument("path", in: arguments) ?? (kind == .test ? "Tests/\(name)" : "Sources/\(name)")
        return Target(name: name, kind: kind, path: folder, dependencies: try dependencies(of: name, in: arguments),
                      pkgConfig: stringArgument("pkgConfig", in: arguments))
    }

    private static func dependencies(of target: String, in arguments: Substring) throws -> Set<String> {
        guard let label = arguments.range(of: "dependencies:") else { return [] }
        let after = arguments[label.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard after.first == "[", let end = closing(of: "[", "]", from: after.index(after: after.startIndex), in: after) else {
            throw Unreadable(description: "\(target): dependencies is not a literal list")
        }
        var names: Set<String> = []
        for item in splitTopLevel(after[after.index(after: after.startIndex)..<end]) {
            let item = item.trimmingCharacters(in: .whitespacesAndNewlines)
            if item.isEmpty { continue }
            if item.hasPrefix("\""), item.hasSuffix("\""), item.count >= 2 {
                names.insert(String(item.dropFirst().dropLast()))
            } else if item.hasPrefix(".target("), let name = stringArgument("name", in: item[...]) {
                names.insert(name)
            } else if item.hasPrefix(".byName("), let name = stringArgument("name", in: item[...]) {
                names.insert(name)
            } else if !item.hasPrefix(".product(") {
                throw Unreadable(description: "\(target): cannot read the dependency \(item)")
            }
        }
        return names
    }

    /// `label: "value"`, the first one in `text`.
    private static func stringArgument(_ label: String, in text: Substring) -> String? {
        guard let found = text.range(of: "\(label): \"") else { return nil }
        let value = text[found.upperBound...].prefix { $0 != "\"" }
        return String(value)
    }

    /// The index of the bracket that closes one opened just before `start`, skipping string literals.
    private static func closing(of open: Character, _ close: Character, from start: Substring.Index, in text: Substring) -> Substring.Index? {
        var depth = 1, inString = false, i = start
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" { inString.toggle() }
            else if !inString, c == open { depth += 1 }
            else if !inString, c == close { depth -= 1; if depth == 0 { return i } }
            i = text.index(after: i)
        }
        return nil
    }

    /// A list's items, split at its own commas (not those inside nested calls or strings).
    private static func splitTopLevel(_ list: Substring) -> [Substring] {
        var items: [Substring] = [], depth = 0, inString = false, start = list.startIndex
        for i in list.indices {
            switch list[i] {
            case "\"": inString.toggle()
            case "(", "[": if !inString { depth += 1 }
            case ")", "]": if !inString { depth -= 1 }
            case "," where !inString && depth == 0:
                items.append(list[start..<i]); start = list.index(after: i)
            default: break
            }
        }
        items.append(list[start...])
        return items
    }

    /// The manifest without its `//` comments (a comment may hold any bracket); string literals kept whole.
    private static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var inString = false, previous: Character = " "
            for i in line.indices {
                let c = line[i]
                if c == "\"" { inString.toggle() }
                if !inString, c == "/", previous == "/" { return line[..<line.index(before: i)] }
                previous = c
            }
            return line
        }.joined(separator: "\n")
    }
}
