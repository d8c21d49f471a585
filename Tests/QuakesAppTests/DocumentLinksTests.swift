import Foundation
import Testing
import TestSupport

/// The documents link to each other and to files of the repository: every
/// relative link names a file that is there, and every `#anchor` a heading
/// of its document (GitHub's slugs). Links in code blocks are text.
@Suite struct DocumentLinksTests {
    static let documents = ["README.md", "CHANGELOG.md", "docs/GUIDE.md", "docs/ARCHITECTURE.md", "docs/PERFORMANCE.md",
                            "docs/KEYS.md", "Fuzz/README.md"]

    /// `[text](target)` and `![alt](target)` outside fenced code blocks.
    static func links(in text: String) -> [String] {
        var inFence = false
        var found: [String] = []
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            // Inline code is text too.
            let prose = line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
            let range = NSRange(prose.startIndex..., in: prose)
            for match in pattern.matches(in: prose, range: range) {
                found.append(String(prose[Range(match.range(at: 1), in: prose)!]))
            }
        }
        return found
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func slug(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
    }

    static func anchors(of file: URL) throws -> Set<String> {
        var inFence = false
        var anchors: Set<String> = []
        for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            anchors.insert(slug(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    @Test(arguments: documents)
    func everyLinkLeadsSomewhere(document: String) throws {
        let file = packageRoot.appendingPathComponent(document)
        let text = try String(contentsOf: file, encoding: .utf8)
        var broken: [String] = []
        for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(parts[0])
            guard FileManager.default.fileExists(atPath: target.path) else { broken.append(link); continue }
            if parts.count == 2, target.pathExtension == "md", !(try Self.anchors(of: target)).contains(parts[1]) {
                broken.append(link)
            }
        }
        #expect(broken == [], "\(document) links to what is not there")
    }

    @Test func linksAndAnchorsAreReadAsGitHubReadsThem() {
        #expect(Self.links(in: "see [the guide](docs/GUIDE.md#keys) and `[no](code)`\n```\n[no](fence)\n```")
                == ["docs/GUIDE.md#keys"])
        #expect(Self.slug("When things go wrong") == "when-things-go-wrong")
        #expect(Self.slug("`quakes-tui map [--db PATH]`") == "quakes-tui-map---db-path")
    }
}
