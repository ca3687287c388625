import Foundation
import Testing

/// The architecture as a test: what each module may import, and that Package.swift declares exactly
/// the modules each one imports (no dependency that is not used, none used that is not declared).
@Suite struct ImportAllowListTests {
    /// The pure core: no C module, no Glibc, no Foundation, and every arrow pointing down.
    static let pureCore: [String: Set<String>] = [
        "CalculatorBrain": [],
        "Raster": [],
        "TouchScripts": [],
        "Grapher": ["Raster"],
        "Calculator": ["CalculatorBrain"],
        "ProgramGraphs": ["CalculatorBrain", "Grapher"],
        "Kiosk": ["Calculator", "CalculatorBrain", "Grapher", "ProgramGraphs", "Raster", "TouchScripts"],
    ]
    /// Imports that are the system or the toolchain, not package targets.
    static let system: Set<String> = ["Glibc", "FoundationEssentials", "Foundation", "Testing", "XCTest", "Synchronization"]

    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) } // …/Tests/ModulesTests/this.swift
        return path
    }()

    @Test(arguments: pureCore.keys.sorted())
    func thePureCoreImportsOnlyItsAllowList(module: String) throws {
        let imports = try Self.imports(of: "Sources/\(module)")
        #expect(!imports.isEmpty || Self.pureCore[module]!.isEmpty)
        #expect(imports.isSubset(of: Self.pureCore[module]!), "\(module) imports \(imports.subtracting(Self.pureCore[module]!))")
    }

    @Test func grapherNeverMentionsACalculatorAndRasterNoWidget() throws {
        for (module, words) in [("Grapher", ["Calculator", "keypad"]), ("Raster", ["Kiosk", "keypad", "button", "widget"])] {
            for file in try Self.swiftFiles(in: "Sources/\(module)") {
                let text = try Self.read(file)
                for word in words { #expect(!text.contains(word), "\(file) mentions \(word)") }
            }
        }
    }

    @Test func packageDependenciesMatchTheImports() throws {
        let manifest = try Self.read("\(Self.root)/Package.swift")
        for (target, declared) in Self.declaredDependencies(manifest) {
            // The one C target (Modules/CConsoleRescue) has no Swift imports to compare.
            if target == "CConsoleRescue" { continue }
            let folder = ["calx": "Sources/calx", "CalxTouchPlayer": "Sources/CalxTouchPlayer", "GoldenImage": "Tests/GoldenImage",
                          "SeededRandom": "Tests/SeededRandom"][target] ?? "Sources/\(target)"
            let imported = try Self.imports(of: folder).subtracting(Self.system)
            #expect(imported == declared, "\(target): declared \(declared.sorted()), imported \(imported.sorted())")
        }
    }

    // MARK: Reading the sources

    static func swiftFiles(in folder: String) throws -> [String] {
        try listing(of: "\(root)/\(folder)").filter { $0.hasSuffix(".swift") }
    }

    static func imports(of folder: String) throws -> Set<String> {
        var modules: Set<String> = []
        for file in try swiftFiles(in: folder) {
            for line in try read(file).split(separator: "\n") {
                let words = line.split(separator: " ")
                if let i = words.firstIndex(of: "import"), i + 1 < words.count,
                   words[..<i].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" }) {
                    modules.insert(String(words[i + 1]))
                }
            }
        }
        return modules
    }

    /// Every `.target`/`.executableTarget` with its `dependencies: [...]`, from the manifest's text.
    static func declaredDependencies(_ manifest: String) -> [(String, Set<String>)] {
        var out: [(String, Set<String>)] = []
        for chunk in manifest.components(separatedBy: "Target(name: \"").dropFirst()
            + manifest.components(separatedBy: ".target(name: \"").dropFirst() {
            let name = String(chunk.prefix(while: { $0 != "\"" }))
            let body = chunk.prefix(while: { $0 != ")" })
            var deps: Set<String> = []
            if let open = body.range(of: "dependencies: [") {
                let list = body[open.upperBound...].prefix(while: { $0 != "]" })
                deps = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }.filter { !$0.isEmpty })
            }
            if !out.contains(where: { $0.0 == name }), !name.hasSuffix("Tests") { out.append((name, deps)) }
        }
        return out
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func listing(of folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).map { "\(folder)/\($0)" }
    }
}
