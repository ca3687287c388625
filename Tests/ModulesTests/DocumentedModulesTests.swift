import Foundation
import Testing

/// What the READMEs say of the module graph is what Package.swift declares: each module README's line
/// "Imports: …. Imported by: …." and the top README's module table and tree. Package.swift is read, not
/// restated here, so a changed manifest fails this until the documents follow it.
@Suite struct DocumentedModulesTests {
    static let root = PackageManifest.root

    /// Every module folder under Sources/ with a README, as (target, README path).
    static func moduleReadmes() throws -> [(PackageManifest.Target, String)] {
        let manifest = try PackageManifest.load()
        return try FileManager.default.contentsOfDirectory(atPath: "\(root)/Sources").sorted().map { folder in
            let target = try #require(manifest.targets.first { $0.path == "Sources/\(folder)" }, "Sources/\(folder) is no target")
            return (target, "\(root)/Sources/\(folder)/README.md")
        }
    }

    @Test func everyModuleReadmeNamesWhatItImportsAndWhatImportsIt() throws {
        let manifest = try PackageManifest.load()
        for (target, path) in try Self.moduleReadmes() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("Imports: ") }
            guard lines.count == 1, let stated = ImportsLine(lines[0]) else {
                Issue.record("\(path): wants one line \"Imports: A, B. Imported by: C.\" (\"nothing\" for none), has \(lines)")
                continue
            }
            #expect(stated.imports == target.dependencies,
                    "\(path) says \(target.name) imports \(stated.imports.sorted()); Package.swift: \(target.dependencies.sorted())")
            #expect(stated.importedBy == manifest.importers(of: target.name),
                    "\(path) says \(stated.importedBy.sorted()) import \(target.name); Package.swift: \(manifest.importers(of: target.name).sorted())")
            // The one line is the only statement of who imports the module: prose that says so goes stale unchecked.
            for line in text.split(separator: "\n") where line.range(of: #"\bimports? it\b"#, options: .regularExpression) != nil {
                Issue.record("\(path): \"\(line)\" says who imports \(target.name) outside its Imports line")
            }
        }
    }

    @Test func theReadmesModuleTableIsPackageSwift() throws {
        let manifest = try PackageManifest.load()
        let rows = try Self.moduleTable()
        var seen: Set<String> = []
        for row in rows {
            #expect(seen.insert(row.name).inserted, "README's module table lists \(row.name) twice")
            for test in row.tests where test.hasSuffix("Tests") {
                #expect(manifest[test]?.kind == .test, "README's module table: \(row.name) is tested by \(test), which is no test target")
            }
            guard let target = manifest[row.name] else {
                // A Modules/ folder that is not a target (StaticCXX: a linker search folder) says so.
                let isFolder = FileManager.default.fileExists(atPath: "\(Self.root)/Modules/\(row.name)")
                #expect(isFolder && row.importsCell.contains("not a target"),
                        "README's module table: \(row.name) is neither a target of Package.swift nor a Modules/ folder marked \"not a target\"")
                continue
            }
            if target.kind == .system {
                #expect(row.importsCell.contains(target.pkgConfig ?? "libc"),
                        "README's module table: \(row.name) reaches \(target.pkgConfig ?? "libc"), its row says \(row.importsCell)")
            } else {
                #expect(row.imports == target.dependencies,
                        "README's module table says \(row.name) imports \(row.imports.sorted()); Package.swift: \(target.dependencies.sorted())")
            }
        }
        let expected = Set(manifest.targets.filter { $0.kind != .test }.map(\.name))
            .union(try FileManager.default.contentsOfDirectory(atPath: "\(Self.root)/Modules"))
        #expect(seen == expected, "README's module table: missing \(expected.subtracting(seen).sorted()), extra \(seen.subtracting(expected).sorted())")
    }

    @Test func theReadmesTreeNamesEveryModuleUnderSources() throws {
        let readme = try String(contentsOfFile: "\(Self.root)/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## How it is built").dropFirst().first, "README has no \"## How it is built\"")
        let tree = try #require(section.components(separatedBy: "```").dropFirst().first, "\"How it is built\" has no tree")
        for (target, _) in try Self.moduleReadmes() {
            #expect(tree.range(of: #"\b\#(target.name)\b"#, options: .regularExpression) != nil, "README's tree leaves out \(target.name)")
        }
    }

    /// Scripts and documents named in any Markdown file are where it says (a moved script leaves no stale path).
    @Test func theDocumentsNameOnlyFilesThatExist() throws {
        let pattern = #"(?<![\w./])(scripts|deploy|docs|Tests/System)/[\w./-]+\.(sh|py|md|c|txt|supp|rules|service)\b"#
        let documents = Self.markdownDocuments()
        #expect(documents.contains("README.md") && documents.contains("docs/performance.md"))
        for document in documents {
            let text = try String(contentsOfFile: "\(Self.root)/\(document)", encoding: .utf8)
            let folder = (document as NSString).deletingLastPathComponent
            let regex = try NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let path = String(text[Range(match.range, in: text)!])
                // From the repository's root, or from the document's own folder (a relative link).
                let found = [path, "\(folder)/\(path)"].contains { FileManager.default.fileExists(atPath: "\(Self.root)/\($0)") }
                #expect(found, "\(document) names \(path), which is not there")
            }
        }
    }

    /// The Markdown files of the repository, as paths from its root. Hidden folders are not walked: `.build` holds
    /// thousands of files, and under scripts/test/arm64.sh the arm64 sysroot inside it has the host's /proc and /sys
    /// bound in, which no walk may read whole; `.git` holds no document.
    static func markdownDocuments() -> [String] {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        guard let walk = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var documents: [String] = []
        for case let url as URL in walk where url.pathExtension == "md" {
            documents.append(String(url.standardizedFileURL.path.dropFirst(rootURL.path.count + 1)))
        }
        return documents
    }

    // MARK: Reading the documents

    /// "Imports: A, B. Imported by: C." ("nothing" for none).
    struct ImportsLine {
        let imports: Set<String>, importedBy: Set<String>

        init?(_ line: Substring) {
            let parts = line.components(separatedBy: ". Imported by: ")
            guard parts.count == 2, parts[0].hasPrefix("Imports: "), parts[1].hasSuffix(".") else { return nil }
            imports = Self.names(parts[0].dropFirst("Imports: ".count))
            importedBy = Self.names(parts[1].dropLast())
        }

        static func names(_ list: Substring) -> Set<String> {
            list == "nothing" ? [] : Set(list.components(separatedBy: ", "))
        }
    }

    struct TableRow {
        let name: String, importsCell: String, imports: Set<String>, tests: [String]
    }

    /// The README table whose header begins `| module | imports | tested by |`.
    static func moduleTable() throws -> [TableRow] {
        let readme = try String(contentsOfFile: "\(root)/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| module | imports | tested by |") }, "README has no module table")
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // `Name`, or [`Name`](its README)
            let name = cells[0].split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? cells[0]
            let imports = cells[1] == "—" || cells[1].contains("not a target") ? [] : Set(cells[1].components(separatedBy: ", "))
            // Test targets, each perhaps followed by the suites that do it in parentheses.
            let tests = cells[2].replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
                .components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return TableRow(name: name, importsCell: cells[1], imports: imports, tests: tests)
        }
    }
}
