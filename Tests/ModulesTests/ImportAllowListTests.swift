import Foundation
import Testing

/// The architecture as a test: what each module may import, and that Package.swift declares exactly
/// the modules each one imports (no dependency that is not used, none used that is not declared).
@Suite struct ImportAllowListTests {
    /// The pure core: no C module, no Glibc, no Foundation, and every arrow pointing down. The one C library
    /// beneath it is Arb, for the proved digits, reached only through the small module Arb under the brain.
    static let pureCore: [String: Set<String>] = [
        "CalculatorBrain": ["Arb"],
        "Arb": ["CArb"],
        "Raster": [],
        "TouchScripts": [],
        "Locales": [],
        "Grapher": ["Raster"],
        "Calculator": ["CalculatorBrain"],
        "ProgramGraphs": ["CalculatorBrain", "Grapher"],
        "EvdevInput": ["Raster"],
        "InputRecordings": ["EvdevInput", "Raster"],
        "TouchCalibration": ["EvdevInput", "Raster"],
        "Kiosk": ["Calculator", "CalculatorBrain", "Grapher", "Locales", "ProgramGraphs", "Raster", "TouchScripts"],
    ]
    /// Imports that are the system or the toolchain, not package targets.
    static let system: Set<String> = ["Glibc", "FoundationEssentials", "Foundation", "Testing", "XCTest", "Synchronization"]

    static let root = PackageManifest.root

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
        for target in try PackageManifest.load().targets where target.kind == .regular || target.kind == .executable {
            // The one C target (Modules/CConsoleRescue) has no Swift imports to compare.
            if target.path.hasPrefix("Modules/") { continue }
            let imported = try Self.imports(of: target.path).subtracting(Self.system)
            #expect(imported == target.dependencies, "\(target.name): declared \(target.dependencies.sorted()), imported \(imported.sorted())")
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

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func listing(of folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).map { "\(folder)/\($0)" }
    }
}
