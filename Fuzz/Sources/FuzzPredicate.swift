import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore

/// libFuzzer target: predicate text through the parser; what parses is also
/// printed back and parsed again (the browser edits a predicate through its
/// printed form), compiled to SQL and run on a small catalog, and evaluated
/// in memory, which must keep exactly the quakes the SQL selects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: input, as: UTF8.self)
    // Enough arguments for every %@ and %K, of every supported kind.
    let placeholders = text.utf8.indices.filter { i in
        text.utf8[i] == UInt8(ascii: "%") && text.utf8.index(after: i) < text.utf8.endIndex
            && [UInt8(ascii: "@"), UInt8(ascii: "K")].contains(text.utf8[text.utf8.index(after: i)])
    }.count
    let arguments = (0..<placeholders).map { Sample.arguments[$0 % Sample.arguments.count] }
    let predicate: QuakePredicate
    do {
        predicate = try QuakePredicate(format: text, arguments: arguments)
    } catch let error as QuakePredicate.ParseError {
        fuzzCheck(!error.message.isEmpty && error.line >= 1 && error.column >= 1, "error \(error)", input)
        fuzzCheck(error.caretLines(for: text).count == 2, "caret lines for \(error)", input)
        return 0
    } catch {
        fuzzCheck(false, "unexpected error type \(type(of: error)): \(error)", input)
        return 0
    }

    let printed = predicate.description
    do {
        let reparsed = try QuakePredicate(printed)
        fuzzCheck(reparsed.description == printed, "\(printed) prints back as \(reparsed.description)", input)
    } catch {
        fuzzCheck(false, "the printed form \(printed) does not parse: \(error)", input)
    }

    let kept = Sample.catalog.quakes.filter(predicate.evaluate).map(\.id).sorted()
    for lookups in [[], predicate.placeSearches] {
        let (sql, sqlArguments) = predicate.sql(placeLookups: lookups)
        do {
            let selected = try Sample.catalog.database.dbWriter.read { db in
                // Nested one level, as the browser's queries nest it.
                try String.fetchAll(db, sql: "SELECT id FROM quake WHERE id IS NOT NULL AND (\(sql)) ORDER BY id",
                                    arguments: sqlArguments)
            }
            fuzzCheck(selected == kept, "\(printed): SQL \(sql) selects \(selected), memory keeps \(kept)", input)
        } catch {
            fuzzCheck(false, "\(printed): SQL \(sql) fails: \(error)", input)
        }
    }
    _ = predicate.singlePlaceSearch
    return 0
}

enum Sample {
    /// Values for %@ and %K in turn.
    static let arguments: [any Sendable] = [
        "place", "alaska", 4.5, 6, Date(timeIntervalSince1970: 1_528_588_800), String?.none,
        ["ak", "us"], true, NSNull(), "magnitude", Float(2.5), Substring("Île"), Int8(-3), "day",
    ]

    /// A catalog of a few quakes with NULLs, accents, quotes and wildcards,
    /// made once per fuzzing process in a temporary folder.
    static let catalog: (database: QuakeCatalog, quakes: [Quake]) = {
        // libFuzzer often ends a process without running atexit handlers:
        // the folders of processes gone are removed here instead.
        let prefix = "quakes-fuzz-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        where name.hasPrefix(prefix) {
            if let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + name)
            }
        }
        let folder = NSTemporaryDirectory() + prefix + "\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "quakes-fuzz-\(getpid())") }
        let database = try! QuakeCatalog(path: folder + "/fuzz.sqlite")
        let features: [[String: Any]] = [
            feature("hv70264586", mag: 2.94, place: "5km SW of Volcano, Hawaii", felt: nil, alert: nil, depth: 1.46),
            feature("ak0001", mag: 4.7, place: "64km NNW of Talkeetna, Alaska", felt: 12, alert: "green", depth: 80),
            feature("zz-null-mag", mag: nil, place: "Île d'Oléron, France", felt: nil, alert: nil, depth: -1),
            feature("zz-ile-decomposed", mag: 2.2, place: "I\u{302}le Verte, Canada", felt: 1, alert: "Orange", depth: 0),
            feature("zz-zurich", mag: 0, place: "Zürich, Switzerland", felt: 0, alert: "red", depth: 12.5),
            feature("zz-specials", mag: -0.5, place: "50% of [Test]_area * ? \\ O'Brien \"Quote\"", felt: 3, alert: nil, depth: 700),
            feature("zz-strasse", mag: 5.9, place: "Straße, Germany", felt: nil, alert: "yellow", depth: 10),
            feature("zz-empty-place", mag: 1, place: "", felt: nil, alert: nil, depth: 3),
            feature("zz-tokyo", mag: 6.1, place: "🌋 東京都, Japan", felt: 250, alert: "red", depth: 33),
        ]
        let feed = try! JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features])
        let report = try! QuakeImporter(catalog: database).importData(feed, name: "fuzz sample")
        precondition(report.new == features.count, "sample not imported: \(report)")
        let quakes = try! database.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake ORDER BY id") }
        return (database, quakes)
    }()

    static func feature(_ id: String, mag: Double?, place: String, felt: Int?, alert: String?, depth: Double) -> [String: Any] {
        let time = 1_528_600_000_000 + id.utf8.reduce(Int64(0)) { $0 + Int64($1) } * 60_000
        let net = String(id.prefix(2))
        let properties: [String: Any] = [
            "mag": mag ?? NSNull(), "place": place, "time": time, "updated": time + 1000,
            "felt": felt ?? NSNull(), "alert": alert ?? NSNull(), "status": felt == nil ? "automatic" : "reviewed",
            "tsunami": felt == nil ? 0 : 1, "sig": Int((mag ?? 0) * 100), "net": net, "code": String(id.dropFirst(2)),
            "ids": ",\(id),", "magType": mag.map { $0 > 4 ? "mww" : "ml" } ?? "", "type": depth < 0 ? "quarry blast" : "earthquake",
            "title": "M \(mag.map { String($0) } ?? "?") - \(place)", "url": "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)",
        ]
        return ["type": "Feature", "id": id, "properties": properties,
                "geometry": ["type": "Point", "coordinates": [-150.5 + depth / 10, 19.25 + depth / 20, depth]]]
    }
}
