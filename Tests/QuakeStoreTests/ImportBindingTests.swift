import Foundation
import GRDB
@testable import QuakeStore
import Testing

/// What the importer binds is what the catalog stores: every text as given
/// (empty, outside ASCII, longer than the binder's text arena, cut at a
/// NUL as SQLite's C-string binding always cut it), every unknown as NULL,
/// the derived columns from the fields; in a bulk load, row by row, and
/// when a newer report replaces a row.
@Suite struct ImportBindingTests {
    /// Quake `n` of a varied set: texts of every kind in turn.
    static func quake(_ n: Int, updated: Int64 = 1_600_000_000_000, place: String? = nil) -> Quake {
        let places = ["10 km SSW of Volcano, Hawaii", "", "Île-de-France, 東京 🌋", "Łódź", "Tromsø"]
        var quake = Quake(
            id: "ak\(n)", code: "\(n)", net: n % 3 == 0 ? "" : "ak", ids: n % 4 == 0 ? ",ak\(n),us\(n)," : ",ak\(n),",
            magnitude: n % 5 == 0 ? nil : Double(n % 70) / 10, magType: "ml", place: place ?? places[n % places.count],
            time: Date(epochMilliseconds: 1_500_000_000_000 + Int64(n) * 60_000), updated: Date(epochMilliseconds: updated),
            depth: Double(n % 700), latitude: Double(n % 180) - 90, longitude: Double(n % 360) - 180,
            felt: n % 2 == 0 ? nil : n, cdi: nil, mmi: n % 2 == 0 ? 3.5 : nil, alert: n % 2 == 0 ? nil : "green",
            status: "reviewed", tsunami: n % 2 == 0 ? nil : 0, sig: n % 7 == 0 ? nil : n % 1000, type: "earthquake",
            title: "M \(n) - somewhere", url: "https://example.org/\(n)")
        quake.nst = n % 2 == 0 ? nil : n % 100
        quake.gap = n % 3 == 0 ? nil : 45.5
        quake.locationSource = n % 2 == 0 ? nil : "ak"
        quake.evaluationStatus = n % 2 == 0 ? "" : "reviewed"
        return quake
    }

    /// The quake as the catalog keeps it: texts end at a NUL.
    static func stored(_ quake: Quake) -> Quake {
        var quake = quake
        quake.place = String(quake.place.prefix { $0 != "\0" })
        return quake
    }

    static func derivedColumns(_ catalog: QuakeCatalog) throws -> [String: [String]] {
        try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT id, placeFolded, day, typeof(cdi), typeof(felt), changedAt > 0 FROM quake")
        }.reduce(into: [:]) { $0[$1[0]] = [$1[1], $1[2], $1[3], $1[4], String($1[5] as Bool)] }
    }

    /// Rows that give no event details and no provenance are inserted
    /// without those columns, until a row gives one: every row after it,
    /// and the rows bound before it, keep what they gave.
    @Test func aBulkLoadWidensItsColumnsWhenALaterRowGivesMore() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        var quakes = (0..<12_000).map { Self.quake($0) }
        for n in 0..<12_000 where n < 5_003 || (n >= 7_000 && n < 9_000) {
            (quakes[n].felt, quakes[n].cdi, quakes[n].mmi, quakes[n].alert, quakes[n].tsunami, quakes[n].sig) = (nil, nil, nil, nil, nil, nil)
            quakes[n].evaluationStatus = nil
        }
        quakes[3].evaluationStatus = nil   // the first rows: neither group
        quakes[6_001].evaluationStatus = nil
        quakes[6_001].catalog = "us"   // provenance only, after details came
        let report = try QuakeImporter(catalog: catalog).importQuakes(quakes, name: "made")
        #expect(report.summaryLine == "imported made: 12000 new, 0 updated, 0 unchanged, 0 skipped")
        let stored = try storedQuakes(catalog)
        #expect(stored.count == 12_000)
        for quake in quakes { #expect(stored[quake.id] == Self.stored(quake)) }
        #expect(stored["ak5003"]?.felt == 5_003 && stored["ak5003"]?.alert == "green")
        #expect(stored["ak6001"]?.catalog == "us")
        #expect(stored["ak7001"]?.felt == nil && stored["ak7001"]?.evaluationStatus == nil)
    }

    @Test func aBulkLoadStoresEveryValueAsGiven() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        var quakes = (0..<12_000).map { Self.quake($0) }
        quakes[7].place = "before\0after"
        quakes[9].place = String(repeating: "long ", count: 250_000)   // longer than the text arena
        let report = try QuakeImporter(catalog: catalog).importQuakes(quakes, name: "made")
        #expect(report.summaryLine == "imported made: 12000 new, 0 updated, 0 unchanged, 0 skipped")
        let stored = try storedQuakes(catalog)
        #expect(stored.count == 12_000)
        for quake in quakes { #expect(stored[quake.id] == Self.stored(quake)) }
        let derived = try Self.derivedColumns(catalog)
        #expect(derived["ak7"] == ["before", "2017-07-14", "null", "integer", "true"])
        #expect(derived["ak2"] == ["ile-de-france, 東京 🌋", "2017-07-14", "null", "null", "true"])
        #expect(derived["ak3"] == ["lodz", "2017-07-14", "null", "integer", "true"])
        #expect(derived["ak11995"] == ["10 km ssw of volcano, hawaii", "2017-07-22", "null", "integer", "true"])
    }

    @Test func rowByRowAndNewerReportsStoreEveryValueAsGiven() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        let first = (0..<50).map { Self.quake($0) }
        _ = try importer.importQuakes(first, name: "first")
        // Into a catalog that holds quakes: each id looked up, the newer
        // ones updated with other texts, the rest new.
        let newer = (25..<75).map { Self.quake($0, updated: 1_700_000_000_000, place: "Nouvelle-Calédonie \($0)") }
        let report = try importer.importQuakes(newer, name: "newer")
        #expect(report.summaryLine == "imported newer: 25 new, 25 updated, 0 unchanged, 0 skipped")
        let stored = try storedQuakes(catalog)
        for quake in first.prefix(25) + newer { #expect(stored[quake.id] == Self.stored(quake)) }
        #expect(try Self.derivedColumns(catalog)["ak30"]?.first == "nouvelle-caledonie 30")
    }

    @Test func theStoredDayIsUTCDaysText() {
        let edges: [Int64] = [0, -1, 86_399_999, 86_400_000, -86_400_000, 1_528_967_533_010,
                              -62_167_219_200_000, -62_167_219_200_001,          // 0000-01-01 and the ms before
                              253_402_300_799_999, 253_402_300_800_000]          // 9999-12-31's last ms and 10000-01-01
        let spread = stride(from: Int64(-70_000_000_000_000), to: 300_000_000_000_000, by: 185_000_000_033)
        for ms in edges + spread {
            #expect(Quake.storedDay(epochMilliseconds: ms) == UTCDay.string(epochMilliseconds: ms), "\(ms)")
        }
    }

    @Test func asciiTextFoldsAsLowercasedAndOtherTextAsBefore() {
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in [ascii, "10 km SSW of Volcano, Hawaii", "already lower", "", "Z@[`{"] {
            #expect(TextFolding.asciiLowercased(text) == text.lowercased())
            #expect(TextFolding.fold(text) == text.lowercased())
        }
        #expect(TextFolding.asciiLowercased("Île") == nil)
        #expect(TextFolding.fold("Île-de-FRANCE") == "ile-de-france")
        #expect(TextFolding.fold("ŁÓDŹ") == "lodz")
    }

    @Test func formerIDsAreListedOnlyWhenIdsNamesAnother() {
        let cases: [(id: String, ids: String)] = [
            ("ak1", ",ak1,"), ("ak1", ""), ("ak1", ",ak1,us1,"), ("ak1", ",us1,"), ("ak1", "ak1"), ("ak1", ",,ak1,,"),
            ("ak1", ",ak2,"), ("ak1", ",ak11,"), ("東", ",東,"), ("", ",,"), ("", ",x,"),
        ]
        for (id, ids) in cases {
            var quake = Self.quake(1)
            (quake.id, quake.ids) = (id, ids)
            #expect(quake.listsFormerIDs == !quake.formerIDs.isEmpty, "\(id) in \(ids)")
        }
    }
}
