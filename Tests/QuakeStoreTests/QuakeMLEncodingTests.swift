import Foundation
@testable import QuakeStore
import Testing

/// QuakeML in another encoding than UTF-8, as some services answer: read
/// from a UTF-8 copy, its declaration rewritten (libxml2 itself is never
/// switched to another encoding: see FuzzRegressionTests).
@Suite struct QuakeMLEncodingTests {
    let folder = TemporaryFolder()

    /// The ISC event declared in `encoding`, its place's bytes `place`.
    static func answer(encoding: String, place: [UInt8]) -> Data {
        let text = QuakeMLTests.document(QuakeMLTests.iscEvent.replacingOccurrences(of: "NEAR COAST OF PERU", with: "PLACE"))
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"\(encoding)\"")
        let parts = text.components(separatedBy: "PLACE")
        return Data(parts[0].utf8) + Data(place) + Data(parts[1].utf8)
    }

    /// Imported into a new catalog.
    func imported(_ data: Data) throws -> (ImportReport, [String: Quake]) {
        let catalog = try folder.catalog("\(UUID().uuidString).sqlite")
        let report = try QuakeImporter(catalog: catalog).importData(data, name: "answer")
        return (report, try storedQuakes(catalog))
    }

    /// It was refused: "the XML declares the encoding 'windows-1252'".
    @Test func aWindows1252AnswerIsRead() throws {
        // "Café – Zürich €" in windows-1252: é E9, – 96, ü FC, € 80.
        let place: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68, 0x20, 0x80]
        for encoding in ["windows-1252", "Windows-1252", "cp1252"] {
            let (report, stored) = try imported(Self.answer(encoding: encoding, place: place))
            #expect(report.summaryLine == "imported answer: 1 new, 0 updated, 0 unchanged, 0 skipped")
            #expect(stored["isc:600516599"]?.place == "Café – Zürich €")
        }
        let (_, latin1) = try imported(Self.answer(encoding: "ISO-8859-1", place: [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]))
        #expect(latin1["isc:600516599"]?.place == "Zürich")
        let (_, shiftJIS) = try imported(Self.answer(encoding: "Shift_JIS", place: [0x93, 0x8C, 0x8B, 0x9E]))
        #expect(shiftJIS["isc:600516599"]?.place == "東京")
    }

    @Test func bytesTheDeclaredEncodingDoesNotHaveAreRefused() throws {
        let catalog = try folder.catalog()
        #expect(throws: ImportError(name: "answer", message: "the bytes are not windows-1252, as the XML declares", location: "1:31")) {
            try QuakeImporter(catalog: catalog).importData(Self.answer(encoding: "windows-1252", place: [0x81]), name: "answer")
        }
    }

    /// Errors are placed in the file as it is, not in its copy.
    @Test func anErrorInATranscodedAnswerIsWhereItIs() throws {
        let text = QuakeMLTests.document(QuakeMLTests.iscEvent.replacingOccurrences(of: "<value>-12.25</value>", with: "<value>south</value>"))
        let catalog = try folder.catalog()
        for encoding in ["UTF-8", "windows-1252"] {
            let declared = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"\(encoding)\"")
            #expect(throws: ImportError(name: "answer", message: "latitude must be a number, found \"south\"", location: "16:78")) {
                try QuakeImporter(catalog: catalog).importData(Data(declared.utf8), name: "answer")
            }
        }
    }
}
