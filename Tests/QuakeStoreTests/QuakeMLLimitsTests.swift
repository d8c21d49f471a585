import Foundation
@testable import QuakeStore
import Testing

/// QuakeML built to make the reader slow: the reader refuses it at once,
/// with one line saying what and where, and stores nothing of it.
@Suite struct QuakeMLLimitsTests {
    let folder = TemporaryFolder()

    /// The error as the user sees it, `answer: … at L:C`.
    func importError(_ text: String) throws -> String? {
        let catalog = try folder.catalog()
        defer { #expect((try? storedQuakes(catalog).isEmpty) == true, "nothing of a refused file is stored") }
        do {
            let report = try QuakeImporter(catalog: catalog).importData(Data(text.utf8), name: "answer")
            Issue.record("expected an error, got \(report.summaryLine)")
            return nil
        } catch let error as ImportError {
            return error.description
        }
    }

    /// `count` unknown elements nested in the ISC event, before its first child.
    static func nested(_ count: Int) -> String {
        QuakeMLTests.document(QuakeMLTests.iscEvent.replacingOccurrences(
            of: "<preferredOriginID>",
            with: String(repeating: "<x>", count: count) + String(repeating: "</x>", count: count) + "<preferredOriginID>"))
    }

    /// 100,000 nested unknown elements: each end tag copied the path of
    /// open elements, 61 s of CPU; now the 257th level ends the read.
    @Test func elementsNestedDeeperThan256AreRefusedAtOnce() throws {
        let text = Self.nested(100_000)
        #expect(text.utf8.count > 700_000)
        // quakeml, eventParameters and event are 3 levels: the 254th <x> is the 257th,
        // on line 5 after its two blanks, its ">" in column 2 + 254 × 3.
        #expect(try importError(text) == "answer: not well-formed QuakeML: elements nested deeper than 256 at 5:\(2 + 254 * 3)")
    }

    @Test func elementsNested256DeepAreRead() throws {
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importData(Data(Self.nested(253).utf8), name: "answer")
        #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 0 skipped")
        #expect(try storedQuakes(catalog)["isc:600516599"]?.place == "NEAR COAST OF PERU")
    }
}
