import Foundation
@testable import QuakeStore
import Testing
import TestSupport

/// What a CSV reader made of a file: each row's index and parse, in order,
/// then its error if it stopped on one. Quakes are compared field by field
/// with Doubles by their bits (so -0.0 is not 0.0) and texts by their
/// UTF-8 bytes (so "é" is not "e\u{301}").
struct CSVReadOutcome: Equatable, CustomStringConvertible {
    enum Row: Equatable {
        case quake([String])
        case skipped(String)
    }

    var rows: [Row] = []
    var indices: [Int] = []
    var error: USGSCSVReader.LineError?

    static func exactFields(_ q: Quake) -> [String] {
        func text(_ s: String?) -> String { s.map { "\(Array($0.utf8))" } ?? "nil" }
        func bits(_ d: Double?) -> String { d.map { String($0.bitPattern, radix: 16) } ?? "nil" }
        return [text(q.id), text(q.code), text(q.net), text(q.ids), bits(q.magnitude), text(q.magType), text(q.place),
                bits(q.time.timeIntervalSinceReferenceDate), bits(q.updated.timeIntervalSinceReferenceDate),
                bits(q.depth), bits(q.latitude), bits(q.longitude), "\(String(describing: q.felt))", bits(q.cdi),
                bits(q.mmi), text(q.alert), text(q.status), "\(q.tsunami)", "\(q.sig)", text(q.type), text(q.title),
                text(q.url)]
    }

    mutating func take(_ index: Int, _ event: ParsedEvent) {
        indices.append(index)
        switch event {
        case .quake(let quake): rows.append(.quake(Self.exactFields(quake)))
        case .skipped(let reason): rows.append(.skipped(reason))
        }
    }

    /// The byte reader, over the bytes as the importer hands them.
    static func bytes(_ data: Data) -> CSVReadOutcome {
        var outcome = CSVReadOutcome()
        do {
            try data.withUnsafeBytes { raw in
                try USGSCSVReader.read(raw.bindMemory(to: UInt8.self)) { outcome.take($0, $1) }
            }
        } catch {
            outcome.error = error as? USGSCSVReader.LineError
        }
        return outcome
    }

    /// The reader before issue 14, over the file as a String.
    static func legacy(_ data: Data) -> CSVReadOutcome {
        var outcome = CSVReadOutcome()
        do {
            try LegacyUSGSCSVReader.read(String(decoding: data, as: UTF8.self)) { outcome.take($0, $1) }
        } catch {
            outcome.error = error as? USGSCSVReader.LineError
        }
        return outcome
    }

    var description: String {
        "\(rows.count) rows \(indices), error \(error.map { "\($0.message) at line \($0.line)" } ?? "none"): \(rows)"
    }
}

/// The byte reader against the reader it replaces (CSV.swift over a String):
/// the same rows, skips and errors, with the same lines, for every input.
@Suite struct CSVReaderDifferentialTests {
    static let header22 = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
        + "horizontalError,depthError,magError,magNst,status,locationSource,magSource"
    static let header11 = "time,latitude,longitude,depth,mag,magType,net,id,updated,place,type"

    static func row11(_ id: String, place: String = "Volcano", mag: String = "2.5", time: String = "2018-06-14T09:12:13.010Z") -> String {
        "\(time),19.39,-155.27,1.5,\(mag),ml,hv,\(id),,\(place),earthquake"
    }

    /// Files whose every line is an edge of the CSV syntax or of a value.
    static let edgeCases: [(String, String)] = [
        ("the 22 columns of a USGS feed", header22 + "\n"
            + #"2018-06-14T09:12:13.010Z,19.3939991,-155.2749939,1.46,2.94,ml,51,47,0.001866,0.33,hv,hv70264586,"#
            + #"2018-06-14T09:18:07.700Z,"5km SW of Volcano, Hawaii",earthquake,0.21,0.3,0.16,7,automatic,hv,hv"# + "\n"),
        ("quotes, commas and escaped quotes", header11 + "\n" + row11("hv1", place: #""He said ""no"", twice""#) + "\n"),
        ("a line end inside quotes", header11 + "\n" + row11("hv1", place: "\"two\nlines\"") + "\n" + row11("hv2", place: "x,") + "\n"),
        ("CRLF inside quotes and after", header11 + "\r\n" + row11("hv1", place: "\"a\r\nb\"") + "\r\n" + row11("hv2") + "\r\n"),
        ("lone CR line ends", header11 + "\r" + row11("hv1") + "\r" + row11("hv2") + "\r"),
        ("no final line end", header11 + "\n" + row11("hv1") + "\n" + row11("hv2")),
        ("no final line end after a quote", header11 + "\n" + row11("hv1", place: "\"Q\"")),
        ("a final CR after a quote", header11 + "\n" + row11("hv1", place: "\"Q\"") + "\r"),
        ("blank lines, also of CRLF and of an empty quote", header11 + "\n\n" + row11("hv1") + "\n\r\n\"\"\n" + row11("hv2") + "\n\n"),
        ("a quote inside an unquoted field", header11 + "\n" + row11("hv1", place: #"5" of "rain""#) + "\n"),
        ("text after a closing quote", header11 + "\n" + row11("hv1", place: #""a"b"c""#) + "\n"),
        ("a non-ASCII character after a closing quote", header11 + "\n" + row11("hv1", place: "\"a\"東b\"") + "\n"),
        ("an emoji after a closing quote", header11 + "\n" + row11("hv1", place: "\"a\"🌋b\",x") + "\n"),
        ("an escaped quote at the end of the input", header11 + "\n" + row11("hv1", place: #""ab"""#)),
        ("a quote cut off by the end of the input", header11 + "\n" + row11("hv1", place: "\"never closed\n,,,")),
        ("a quoted field cut off right after a doubled quote", header11 + "\n" + row11("hv1", place: "\"x\"\"")),
        ("non-ASCII and CJK places", header11 + "\n" + row11("hv1", place: "Île-de-France") + "\n"
            + row11("hv2", place: "\"東京都, 日本\"") + "\n" + row11("hv3", place: "e\u{301}🌋") + "\n"),
        ("NUL characters", header11 + "\n" + row11("h\0v1", place: "a\0b") + "\n" + row11("hv2", mag: "1\0") + "\n"),
        ("empty fields everywhere", header11 + "\n,,,,,,,,,,\n" + row11("") + "\n"),
        ("a trailing comma adds a field", header11 + "\n" + row11("hv1") + ",\n"),
        ("a trailing comma at the end of the input", header11 + "\n" + row11("hv1") + ","),
        ("too few fields after a two-line record", header11 + "\n" + row11("hv1", place: "\"a\nb\"") + "\nx,y\n"),
        ("too many fields after blank lines", header11 + "\n\n\n" + row11("hv1") + ",extra\n"),
        ("NaN words and non-finite numbers", header11 + "\n" + ["NaN", "nan", "-inf", "+Infinity", "INF", "1e999", "-1e999"]
            .enumerated().map { row11("hv\($0)", mag: $1) }.joined(separator: "\n") + "\n"),
        ("decimals of every shape", header11 + "\n" + ["4.", ".5", "-.5", "+1.5", "-0", "-0.0", "25e-1", "1E2", "0.000000000000001",
                                                        "123456789012345", "1234567890123456", "1.7976931348623157e308",
                                                        "-4.9e-324", "0.1234567890123456789", "0001.5"]
            .enumerated().map { row11("hv\($0)", mag: $1) }.joined(separator: "\n") + "\n"),
        ("a hexadecimal number", header11 + "\n" + row11("hv1", mag: "0x1p3") + "\n"),
        ("a number with a space", header11 + "\n" + row11("hv1", mag: " 1.5") + "\n"),
        ("a quoted number", header11 + "\n" + row11("hv1", mag: "\"1.5\"") + "\n"),
        ("a bad time", header11 + "\n" + row11("hv1", time: "2018-02-30") + "\n"),
        ("times of every form", header11 + "\n" + ["2018-06-14", "2018-06-14T09:12", "2018-06-14 09:12:13+02:00",
                                                   "2018-06-14T09:12:13.0109Z", "2018-06-14T09:12:13-0130",
                                                   "0000-12-31T23:59:59.999Z", "9999-12-31T23:30:00-01:00", "\"2018-06-14\""]
            .enumerated().map { row11("hv\($0)", time: $1) }.joined(separator: "\n") + "\n"),
        ("a long bad value is quoted to 40 characters", header11 + "\n"
            + row11("hv1", mag: String(repeating: "東", count: 50)) + "\n"),
        ("columns in another order, twice, and status", "type,id,place,status,mag,updated,net,magType,depth,longitude,latitude,time,mag\n"
            + "quarry blast,ci1,\"here\",reviewed,1.5,,ci,md,3,-116.5,33.5,2018-06-14T09:12:13Z,9\n"),
        ("a header with an empty first line", "\n" + header11 + "\n" + row11("hv1") + "\n"),
        ("a header only", header11),
        ("nothing at all (the importer calls it an empty file first)", ""),
        ("a missing column", "time,latitude,longitude,depth,mag,magType,net,id,updated,type\n"),
        ("a quoted header", header11.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ",") + "\n" + row11("hv1") + "\n"),
        ("the net is the whole id", header11 + "\n" + row11("hv") + "\n"),
        ("skipped rows", header11 + "\n" + row11("hv1", time: "") + "\n" + row11("", time: "") + "\n"
            + "2018-06-14T09:12:13Z,,,,,,,hv3,,,\n" + "2018-06-14T09:12:13Z,91,0,0,,,,hv4,,,\n"),
    ]

    @Test(arguments: edgeCases.indices)
    func edgeCaseReadsAsBefore(_ index: Int) {
        let (name, text) = Self.edgeCases[index]
        let data = Data(text.utf8)
        let legacy = CSVReadOutcome.legacy(data)
        #expect(CSVReadOutcome.bytes(data) == legacy, "\(name)")
        #expect(!legacy.rows.isEmpty || legacy.error != nil || name == "a header only", "\(name) reads something")
    }

    /// Random files from the pieces of the edge cases: the readers agree on
    /// every one (a seeded generator: the same files every run).
    @Test func generatedFilesReadAsBefore() {
        var random = SplitMix64(seed: 14)
        var disagreements = 0
        for file in 0..<3000 {
            let data = Data(Self.randomFile(&random).utf8)
            let legacy = CSVReadOutcome.legacy(data), bytes = CSVReadOutcome.bytes(data)
            if bytes != legacy {
                disagreements += 1
                if disagreements <= 3 {
                    Issue.record("file \(file) \(String(decoding: data, as: UTF8.self).debugDescription):\nnow \(bytes)\nwas \(legacy)")
                }
            }
        }
        #expect(disagreements == 0)
    }

    static let fieldPieces = [
        "", "hv", "hv1", "2018-06-14T09:12:13.010Z", "2018-06-14", "yesterday", "19.39", "-155.2749939", "1.46", "NaN", "-inf",
        "1e999", "0x1p3", "4.", ".5", "-0", "25e-1", "19.393171743304727", "1234567890123456", "abc", "\"\"", "\"a,b\"",
        "\"say \"\"hi\"\"\"", "\"two\nlines\"", "\"cr\r\nlf\"", "\"a\"b\"", "\"a\"東\"", "Île", "東京", "🌋", "x\"y", "a\0b",
        "\"2.5\"", " 1", "earthquake", "automatic",
    ]
    static let lineEnds = ["\n", "\r\n", "\r"]

    static func randomFile(_ random: inout SplitMix64) -> String {
        let names = header11.split(separator: ",").map(String.init) + ["status", "nst", "mag"]
        var header = random.below(4) == 0 ? names.shuffled(using: &random) : Array(names.prefix(11))
        if random.below(20) == 0 { header.remove(at: random.below(header.count)) }
        let lineEnd = lineEnds[random.below(lineEnds.count)]
        var text = header.joined(separator: ",") + lineEnd
        for _ in 0..<random.below(8) {
            if random.below(10) == 0 {
                text += random.below(2) == 0 ? lineEnd : "\"\"" + lineEnd
                continue
            }
            var fields = header.map { value(for: $0, &random) }
            if random.below(8) == 0 { fields.append("extra") }
            if random.below(8) == 0 { fields.removeLast() }
            text += fields.joined(separator: ",") + (random.below(5) == 0 ? lineEnds[random.below(3)] : lineEnd)
        }
        if random.below(3) == 0, let last = text.indices.last, text[last].isNewline { text.removeLast() }
        if random.below(15) == 0 { text += "\"unterminated," }
        return text
    }

    /// Mostly a value the column takes, now and then any piece.
    static func value(for column: String, _ random: inout SplitMix64) -> String {
        if random.below(6) == 0 { return fieldPieces[random.below(fieldPieces.count)] }
        switch column {
        case "time": return "2018-06-14T09:12:\(10 + random.below(50)).010Z"
        case "updated": return random.below(2) == 0 ? "" : "2018-06-14T09:20:00Z"
        case "latitude": return "19.\(random.below(1000))"
        case "longitude": return "-155.\(random.below(100_000))"
        case "depth": return "\(random.below(30)).5"
        case "mag": return random.below(10) == 0 ? "" : "\(random.below(8)).\(random.below(100))"
        case "id": return "hv\(random.below(1000))"
        case "net": return "hv"
        case "place": return ["Volcano", "\"5km SW of Volcano, Hawaii\"", "\"東京\nline\"", "Île"][random.below(4)]
        default: return "x"
        }
    }
}
