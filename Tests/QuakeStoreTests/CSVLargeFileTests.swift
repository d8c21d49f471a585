import Foundation
@testable import QuakeStore
import Testing

/// CSV files larger than the slices the importer checks and gives back
/// (4 MiB to check UTF-8, 8 MiB steps behind the reader): every quake
/// still arrives whole, and errors past the pages given back still name
/// their line and column (read from the file again).
@Suite(.timeLimit(.minutes(10)))
struct CSVLargeFileTests {
    let folder = TemporaryFolder()
    static let rows = 70_000   // about 12 MB

    static let header = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
        + "horizontalError,depthError,magError,magNst,status,locationSource,magSource\n"

    /// Row `index`: its values follow from the index, so the test knows them.
    static func row(_ index: Int) -> String {
        let place = ["\"4km N of Île, \"\"Q\"\"\"", "東京", "\"two\nlines\""][index % 3]
        return "2020-01-01T00:00:\(String(format: "%02d", index % 60)).\(String(format: "%03d", index % 1000))Z,"
            + "\(Double(index % 1800) / 20 - 45),\(Double(index % 3600) / 10 - 180),\(index % 700),\(Double(index % 90) / 10),"
            + "ml,\(index % 90),\(index % 360),0.0\(index),0.\(index % 97),hv,hv\(index),,\(place),earthquake,"
            + "0.\(index % 89),0.\(index % 83),0.\(index % 79),\(index % 71),reviewed,hv,hv\n"
    }

    static func expected(_ index: Int) -> Quake {
        let place = ["4km N of Île, \"Q\"", "東京", "two\nlines"][index % 3]
        let ms: Int64 = 1_577_836_800_000 + Int64(index % 60) * 1000 + Int64(index % 1000)
        let mag = Double(index % 90) / 10
        var quake = Quake(id: "hv\(index)", code: "\(index)", net: "hv", ids: ",hv\(index),", magnitude: mag, magType: "ml",
                     place: place, time: Date(epochMilliseconds: ms), updated: Date(epochMilliseconds: ms),
                     depth: Double(index % 700), latitude: Double(index % 1800) / 20 - 45,
                     longitude: Double(index % 3600) / 10 - 180, status: "reviewed", type: "earthquake",
                     title: "M \(String(format: "%.1f", mag)) - \(place)",
                     url: "https://earthquake.usgs.gov/earthquakes/eventpage/hv\(index)")
        // The measurements as the row writes them (number texts read back as Double).
        quake.nst = index % 90
        quake.gap = Double(index % 360)
        quake.dmin = Double("0.0\(index)")
        quake.rms = Double("0.\(index % 97)")
        quake.horizontalError = Double("0.\(index % 89)")
        quake.depthError = Double("0.\(index % 83)")
        quake.magError = Double("0.\(index % 79)")
        quake.magNst = index % 71
        quake.locationSource = "hv"
        quake.magSource = "hv"
        return quake
    }

    static let text = header + (0..<rows).map(row).joined()

    @Test func everyRowOfALargeFileArrivesWhole() throws {
        #expect(Self.text.utf8.count > 10_000_000)
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: folder.write("large.csv", Self.text), name: "large.csv")
        #expect(report.summaryLine == "imported large.csv: \(Self.rows) new, 0 updated, 0 unchanged, 0 skipped")
        let stored = try storedQuakes(catalog)
        let wrong = (0..<Self.rows).filter { stored["hv\($0)"] != Self.expected($0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { (stored["hv\($0)"], Self.expected($0)) })")
    }

    @Test func errorsAtTheEndOfALargeFile() throws {
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        let ragged = folder.write("ragged.csv", Self.text + "1,2\n")
        #expect(throws: ImportError(name: "ragged.csv", message: "row has 2 fields, the header has 22",
                                    location: "line \(Self.rows + 2)")) {
            try importer.importFile(at: ragged, name: "ragged.csv")
        }
        let latin1 = folder.write("latin1.csv", Data((Self.text + "2020-01-01,1,2,3,4,ml,,,,,hv,x,,Caf").utf8)
                                  + Data([0xE9]) + Data(",earthquake,,,,,,,\n".utf8))   // é in Latin-1
        // Here lines count line ends, quoted or not: every third row holds one.
        let line = 2 + Self.rows + Self.rows / 3
        #expect(throws: ImportError(name: "latin1.csv", message: "not UTF-8 (invalid byte 0xE9)", location: "\(line):36")) {
            try importer.importFile(at: latin1, name: "latin1.csv")
        }
        #expect(try storedQuakes(catalog).isEmpty)
    }

    /// A character cut by a slice's end is checked whole; bad bytes there
    /// are found as in one piece.
    @Test func utf8IsCheckedAcrossSlices() {
        let slice = 4 << 20
        let cases: [[UInt8]] = [
            Array("東".utf8), Array("🌋".utf8), Array("é".utf8), [0xE6, 0x9D], [0x9D, 0xB1], [0xE6, 0x28, 0x80],
            [0x80, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x8C, 0x8B, 0x80], [0xED, 0xA0, 0x80], [0xC3],
        ]
        for bytes in cases {
            for shift in 0...5 {
                let input = [UInt8](repeating: UInt8(ascii: "a"), count: slice - shift) + bytes + Array("bc".utf8)
                let expected = String(validating: input, as: UTF8.self) != nil
                var checked: [Int] = []
                let valid = input.withUnsafeBufferPointer { UTF8Check.isUTF8($0) { checked.append($0) } }
                #expect(valid == expected, "\(bytes) at \(slice - shift)")
                if valid {
                    #expect(checked.last == input.count && checked.count == (input.count > slice ? 2 : 1), "\(checked)")
                    #expect(checked.allSatisfy { $0 == input.count || input[$0] & 0xC0 != 0x80 }, "cut at a character")
                }
            }
        }
    }
}
