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

    /// The document with `doctype` on its own lines after the XML declaration.
    static func withDoctype(_ doctype: String, _ event: String) -> String {
        let text = QuakeMLTests.document(event)
        let firstLineEnd = text.firstIndex(of: "\n")!
        return String(text[...firstLineEnd]) + doctype + "\n" + text[text.index(after: firstLineEnd)...]
    }

    /// One 3,000-character entity referenced 400,000 times (1.3 MB) held the
    /// parse 31 s, and the place stored was empty (XMLParser drops the
    /// first text of each expansion). Entities are now refused before the
    /// parse: FDSN answers declare none.
    @Test func aDoctypeDeclaringEntitiesIsRefusedBeforeTheParse() throws {
        let wide = String(repeating: "NEAR COAST OF PERU ", count: 160)
        let references = String(repeating: "&w;", count: 400_000)
        let text = Self.withDoctype("<!DOCTYPE quakeml [\n  <!-- <!ENTITY in a comment> -->\n  <!ENTITY w \"\(wide)\">\n]>",
                                    QuakeMLTests.iscEvent.replacingOccurrences(of: "NEAR COAST OF PERU", with: references))
        #expect(text.utf8.count > 1_200_000)
        #expect(try importError(text) == "answer: the DOCTYPE declares the entity 'w'; QuakeML with entities is not read at 4:3")
        // A short one: its text was lost (A&foo;B read as AB).
        let short = Self.withDoctype("<!DOCTYPE quakeml [<!ENTITY foo 'COAST'>]>",
                                     QuakeMLTests.iscEvent.replacingOccurrences(of: "COAST", with: "&foo;"))
        #expect(try importError(short) == "answer: the DOCTYPE declares the entity 'foo'; QuakeML with entities is not read at 2:20")
    }

    /// An external entity's reference lost the text after it too (A&e;B read as A).
    @Test func anExternalEntityIsRefused() throws {
        let text = Self.withDoctype(#"<!DOCTYPE q:quakeml SYSTEM "q.dtd" [<!ENTITY % p SYSTEM "file:///etc/passwd"><!ENTITY e SYSTEM "file:///etc/hostname">]>"#,
                                    QuakeMLTests.iscEvent.replacingOccurrences(of: "COAST", with: "&e;"))
        #expect(try importError(text) == "answer: the DOCTYPE declares the external entity 'p'; external entities are not allowed at 2:37")
    }

    /// Foundation's XMLParser passes a missing public id or default value to
    /// strlen: the import died with SIGSEGV. Any declaration is refused.
    @Test func otherDeclarationsAreRefusedTheyCrashedTheParser() throws {
        for (declaration, keyword) in [(#"<!NOTATION n SYSTEM "x">"#, "NOTATION"), ("<!ATTLIST event note CDATA #IMPLIED>", "ATTLIST"),
                                       ("<!ELEMENT quakeml ANY>", "ELEMENT")] {
            let text = Self.withDoctype("<!DOCTYPE quakeml [<!-- a comment --> \(declaration)]>", QuakeMLTests.iscEvent)
            #expect(try importError(text) == "answer: the DOCTYPE declares <!\(keyword) …>; QuakeML with DTD declarations is not read at 2:39")
        }
    }

    /// A DOCTYPE that declares nothing is read as before (an external DTD is not loaded).
    @Test func aDoctypeWithoutDeclarationsIsRead() throws {
        let doctypes = [#"<!DOCTYPE quakeml SYSTEM "quakeml.dtd">"#, "<!DOCTYPE quakeml [ <!-- nothing --> ]>", "<!DOCTYPE quakeml>"]
        for (index, doctype) in doctypes.enumerated() {
            let catalog = try folder.catalog("\(index).sqlite")
            let report = try QuakeImporter(catalog: catalog).importData(Data(Self.withDoctype(doctype, QuakeMLTests.iscEvent).utf8),
                                                                        name: "answer")
            #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 0 skipped")
        }
    }
}
