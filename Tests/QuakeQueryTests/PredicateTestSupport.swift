import Foundation
import GRDB
@testable import QuakeQuery
import QuakeStore
import TestSupport
import Testing

/// Events in the real USGS week feed, `Fixture.week`.
let weekFeedCount = 4711

/// A catalog built once per test process and only read afterwards, with
/// every quake it holds, sorted by id.
struct LoadedCatalog: Sendable {
    let database: QuakeCatalog
    let quakes: [Quake]

    /// Ids of the rows SQL selects for `predicate`, in id order.
    func sqlIDs(_ predicate: QuakePredicate) throws -> [String] {
        let (sql, arguments) = predicate.sql
        return try database.dbWriter.read { db in
            try Quake.fetchAll(db, sql: "SELECT * FROM quake WHERE \(sql) ORDER BY id", arguments: arguments)
        }.map(\.id)
    }

    /// Ids of the quakes `predicate.evaluate` keeps, in id order.
    func memoryIDs(_ predicate: QuakePredicate) -> [String] {
        quakes.filter(predicate.selects).map(\.id).sorted()
    }

    func tableExists(_ name: String) throws -> Bool {
        try database.dbWriter.read { db in try db.tableExists(name) }
    }
}

enum SharedCatalogs {
    /// Exactly the fixture: for counts checked against Python's reading of it.
    static let fixture: Result<LoadedCatalog, any Error> = Result { try load("fixture", extras: []) }

    /// The fixture plus `ExtraQuakes`: NULL magnitudes, non-ASCII places,
    /// quotes, wildcards and SQL in place names.
    static let oracle: Result<LoadedCatalog, any Error> = Result { try load("oracle", extras: ExtraQuakes.all) }

    /// The fixture plus quakes whose places are SQL injection attempts; a
    /// catalog of its own, so an injection that worked could not hurt others.
    static let injection: Result<LoadedCatalog, any Error> = Result { try load("injection", extras: ExtraQuakes.injections) }

    private static let root: String = {
        let path = NSTemporaryDirectory() + "quakequery-tests-\(getpid())-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: SharedCatalogs.root) }
        return path
    }()

    private static func load(_ name: String, extras: [[String: Any]]) throws -> LoadedCatalog {
        let database = try QuakeCatalog(path: root + "/\(name).sqlite")
        let importer = QuakeImporter(catalog: database)
        _ = try importer.importFile(at: Fixture.week)
        if !extras.isEmpty {
            let feed: [String: Any] = ["type": "FeatureCollection", "features": extras]
            let report = try importer.importData(try JSONSerialization.data(withJSONObject: feed), name: "\(name) extras")
            precondition(report.new == extras.count && report.skipped.isEmpty, "extras not imported: \(report)")
        }
        let quakes = try database.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake ORDER BY id") }
        return LoadedCatalog(database: database, quakes: quakes)
    }
}

/// Hand-made quakes, ids all starting `zz-` so they sort after the fixture's.
enum ExtraQuakes {
    static let dropTable = "'); DROP TABLE quake; --"
    static let orTrue = "%' OR 1=1 --"

    static var all: [[String: Any]] { [
        feature("zz-null-mag", mag: nil, place: "Île d'Oléron, France", felt: nil, alert: nil),
        feature("zz-ile-caps", mag: 3.3, place: "ÎLE-DE-FRANCE region", felt: 12, alert: "orange"),
        feature("zz-ile-decomposed", mag: 2.2, place: "I\u{302}le Verte, Canada", felt: 1, alert: nil),
        feature("zz-zurich", mag: 2.0, place: "Zürich, Switzerland", felt: 0, alert: "Green"),
        feature("zz-specials", mag: nil, place: "50% of [Test]_area * ? \\ slash", felt: 3, alert: nil),
        feature("zz-quotes", mag: -0.5, place: "O'Brien \"Quote\" Ridge", felt: nil, alert: "yellow"),
        feature("zz-inject-drop", mag: 1.0, place: dropTable, felt: nil, alert: nil),
        feature("zz-inject-or", mag: nil, place: orTrue, felt: nil, alert: "red"),
        feature("zz-sao-paulo", mag: 4.5, place: "São Paulo, Brazil", felt: 250, alert: "yellow"),
        feature("zz-strasse", mag: 1.1, place: "Straße, Germany", felt: nil, alert: nil),
        feature("zz-empty-place", mag: 0, place: "", felt: nil, alert: nil),
        feature("zz-kilauea", mag: nil, place: "🌋 Kīlauea summit, Hawaii", felt: 40, alert: "red"),
        feature("zz-tokyo", mag: 5.9, place: "東京都, Japan", felt: nil, alert: nil),
    ] }

    static var injections: [[String: Any]] { [
        feature("zz-inject-drop", mag: 1.0, place: dropTable, felt: nil, alert: nil),
        feature("zz-inject-or", mag: nil, place: orTrue, felt: nil, alert: "red"),
    ] }

    static func feature(_ id: String, mag: Double?, place: String, felt: Int?, alert: String?) -> [String: Any] {
        let time = 1_528_600_000_000 + id.utf8.reduce(Int64(0)) { $0 + Int64($1) } * 1000
        let properties: [String: Any] = [
            "mag": mag ?? NSNull(), "place": place, "time": time, "updated": time + 1000,
            "felt": felt ?? NSNull(), "alert": alert ?? NSNull(), "status": "reviewed", "tsunami": 0,
            "sig": 10, "net": "zz", "code": id, "ids": ",\(id),", "magType": "ml", "type": "earthquake",
            "title": "M \(mag.map { String($0) } ?? "?") - \(place)", "url": "https://example.invalid/\(id)",
        ]
        return ["type": "Feature", "id": id, "properties": properties,
                "geometry": ["type": "Point", "coordinates": [-150.5, 61.25, 12.5]]]
    }
}

/// Random predicate texts from a small grammar: a random key (name or alias,
/// in random case), an operator that suits it, a modifier, and a value drawn
/// from the catalog's real values or an edge value, joined with AND, OR, NOT.
struct PredicateGrammar: Sendable {
    private let numbers: [QuakeField: [String]]
    private let texts: [QuakeField: [String]]
    private let times: [String]

    init(quakes: [Quake]) {
        var numbers: [QuakeField: [String]] = [:], texts: [QuakeField: [String]] = [:]
        let sample = stride(from: 0, to: quakes.count, by: max(1, quakes.count / 120)).map { quakes[$0] }
            + quakes.filter { $0.id.hasPrefix("zz-") }
        for field in QuakeField.all {
            let values = sample.map(field.value)
            switch field.kind {
            case .number:
                numbers[field] = values.compactMap { if case .number(let n?) = $0 { "\(n)" } else { nil } }
                    + ["0", "-1", "1e3", "-0.5", "4.5", "2.94"]
            case .text:
                texts[field] = values.compactMap { if case .text(let t?) = $0 { t } else { nil } }
                    + ["", "Île", "ALASKA", "%", "[", "'); DROP TABLE quake; --", "green", "ak"]
            case .time:
                break
            }
        }
        self.numbers = numbers
        self.texts = texts
        times = sample.map { "\"\(ISOTime.string(epochMilliseconds: $0.time.epochMilliseconds))\"" }
            + ["\"2018-06-10\"", "\"2018-06-14T09:12\"", "1528588800000"]
    }

    func predicate(depth: Int, using rng: inout some RandomNumberGenerator) -> String {
        if depth == 0 || Int.random(in: 0..<10, using: &rng) < 3 { return condition(using: &rng) }
        let and = ["AND", "and", "&&"].randomElement(using: &rng)!, or = ["OR", "or", "||"].randomElement(using: &rng)!
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return "\(predicate(depth: depth - 1, using: &rng)) \(and) \(predicate(depth: depth - 1, using: &rng))"
        case 1: return "\(predicate(depth: depth - 1, using: &rng)) \(or) \(predicate(depth: depth - 1, using: &rng))"
        case 2: return "\(["NOT", "not", "!"].randomElement(using: &rng)!) (\(predicate(depth: depth - 1, using: &rng)))"
        default: return "(\(predicate(depth: depth - 1, using: &rng)))"
        }
    }

    private func condition(using rng: inout some RandomNumberGenerator) -> String {
        if Int.random(in: 0..<40, using: &rng) == 0 { return ["TRUEPREDICATE", "FALSEPREDICATE"].randomElement(using: &rng)! }
        if Int.random(in: 0..<8, using: &rng) == 0 { return distanceCondition(using: &rng) }
        // A quake value carries every field but `origins`, which SQL counts
        // (EventGroupingTests and OriginCommandTests check it).
        let field = QuakeField.all.filter { $0 != .origins }.randomElement(using: &rng)!
        var key = ([field.name] + field.aliases).randomElement(using: &rng)!
        if Bool.random(using: &rng) { key = key.uppercased() }
        let comparison = ["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>"].randomElement(using: &rng)!
        let nullTest = ["== NULL", "!= nil", "== nil", "!= NULL"].randomElement(using: &rng)!
        switch field.kind {
        case .number, .time:
            let values = field.kind == .time ? times : numbers[field]!
            func value() -> String { values.randomElement(using: &rng)! }
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: return "\(key) \(nullTest)"
            case 1: return "\(key) BETWEEN {\(value()), \(value())}"
            case 2: return "\(key) IN {\(value()), \(value())\(Bool.random(using: &rng) ? ", NULL" : "")}"
            case 3: return "\(value()) \(comparison) \(key)"
            default: return "\(key) \(comparison) \(value())"
            }
        case .text:
            let real = texts[field]!.randomElement(using: &rng)!
            let modifier = ["", "[c]", "[d]", "[cd]"].randomElement(using: &rng)!
            let part = Self.slice(of: real, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return "\(key) \(nullTest)"
            case 1: return "\(key) \(comparison)\(modifier) \(Self.quoted(real))"
            case 2: return "\(key) IN\(modifier) {\(Self.quoted(real)), \(Self.quoted(part)), NULL}"
            case 3: return "\(key) CONTAINS\(modifier) \(Self.quoted(part))"
            case 4: return "\(key) BEGINSWITH\(modifier) \(Self.quoted(part))"
            case 5: return "\(key) ENDSWITH\(modifier) \(Self.quoted(part))"
            case 6, 7:
                let pattern = String(part.map { Int.random(in: 0..<6, using: &rng) == 0 ? "?" : $0 })
                return "\(key) LIKE\(modifier) \(Self.quoted("*" + pattern + (Bool.random(using: &rng) ? "*" : "")))"
            default:
                let regex = ".*" + NSRegularExpression.escapedPattern(for: part) + [".*", "", "[a-z ,]*"].randomElement(using: &rng)!
                return "\(key) MATCHES\(modifier) \(Self.quoted(regex))"
            }
        }
    }

    /// `DISTANCE(…)` from a real epicentre, a place or an edge of the map,
    /// compared with a radius, or BETWEEN or IN radii.
    private func distanceCondition(using rng: inout some RandomNumberGenerator) -> String {
        let centre = [
            "DISTANCE(61.25, -150.5)", "DISTANCE(19.4, -155.3)", "DISTANCE(-17.8, 179.9)", "DISTANCE(89.9, 0)",
            "DISTANCE(0, -180)", "DISTANCE(\"Anchorage\")", "distance('hilo, us')", "DISTANCE(35.68, 139.69)",
        ].randomElement(using: &rng)!
        func radius() -> String { ["0", "5", "50", "100", "333.3", "2000", "9000", "20100"].randomElement(using: &rng)! }
        let comparison = ["<", "<=", ">", ">=", "==", "!="].randomElement(using: &rng)!
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return "\(centre) BETWEEN {\(radius()), \(radius())}"
        case 1: return "\(centre) IN {\(radius()), \(radius())}"
        case 2: return "\(radius()) \(comparison) \(centre)"
        default: return "\(centre) \(comparison) \(radius())"
        }
    }

    /// A random run of characters of `text`, maybe empty.
    static func slice(of text: String, using rng: inout some RandomNumberGenerator) -> String {
        let characters = Array(text)
        guard !characters.isEmpty else { return "" }
        let start = Int.random(in: 0..<characters.count, using: &rng)
        let length = Int.random(in: 0...min(8, characters.count - start), using: &rng)
        return String(characters[start..<start + length])
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension QuakePredicate {
    /// `evaluate` for an oracle: a test that cannot be answered is a recorded failure.
    func selects(_ quake: Quake) -> Bool {
        do { return try evaluate(quake) } catch {
            Issue.record(error)
            return false
        }
    }
}
