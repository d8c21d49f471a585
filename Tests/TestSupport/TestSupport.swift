import Foundation
import QuakeStore

/// Paths to the real USGS feeds in Tests/Fixtures (their sources: Fixtures/README.md).
public enum Fixture {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    public static let week = path("all_week_2018-06-14.geojson")
    public static let day2014 = path("all_day_2014-04.geojson")
    public static let month2014 = path("4.5_month_2014-03-21.geojson")
    /// The week of `week` in ComCat's FDSN text layout (`format=text`: 13
    /// columns, UTC times without a zone letter, coordinates to 4 decimals),
    /// from /work/shared/data/fdsn/usgs_all_week_2018-06-14.txt, written from
    /// the same real USGS week; USGS data is public domain.
    public static let weekFDSNText = path("usgs_all_week_2018-06-14.txt")
    /// A real QuakeML answer of USGS ComCat's event service (see Fixtures/README.md).
    public static let quakeML2009 = path("usgs_2009-09-30.quakeml")
    /// The week of `week` as a USGS feed CSV (its 22 columns, USGS's order
    /// and forms), written from the GeoJSON's own number texts (see
    /// Fixtures/README.md).
    public static let weekCSV = path("usgs_all_week_2018-06-14.csv")

    public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The features of a fixture, parsed by Foundation: the oracle the
    /// importer's own reader is checked against.
    public static func features(_ path: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return root["features"] as! [[String: Any]]
    }
}

/// A fresh folder for one test, removed when the test ends.
public final class TemporaryFolder {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "quakes-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    public func write(_ name: String, _ contents: String) -> String {
        write(name, Data(contents.utf8))
    }

    @discardableResult
    public func write(_ name: String, _ contents: Data) -> String {
        _ = FileManager.default.createFile(atPath: file(name), contents: contents)
        return file(name)
    }

    /// A new, empty catalog in this folder.
    public func catalog(_ name: String = "quakes.sqlite") throws -> QuakeCatalog {
        try QuakeCatalog(path: file(name))
    }
}

/// What a run of the built binary did.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the built `quakes-tui` binary; returns its exit status and output.
public func runQuakesTUI(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = builtProduct("quakes-tui")
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read before waiting: a full pipe would block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// A product built next to the test bundle (`swift test` builds it first).
public func builtProduct(_ name: String) -> URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // The test binary may sit inside a .xctest bundle folder.
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
        folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent(name)
}

/// A catalog in `folder` holding the given feeds, plus GeoJSON text if any.
public func importedCatalog(_ folder: TemporaryFolder, feeds: [String], extraGeoJSON: String? = nil) throws -> QuakeCatalog {
    let catalog = try folder.catalog()
    let importer = QuakeImporter(catalog: catalog)
    for feed in feeds { _ = try importer.importFile(at: feed) }
    if let extraGeoJSON { _ = try importer.importData(Data(extraGeoJSON.utf8), name: "extra") }
    return catalog
}

/// A one-feature GeoJSON feed, for tests that need one particular quake.
/// `url`: its event page, ComCat's by default; any text, JSON-escaped.
public func singleQuakeFeed(id: String, place: String, magnitude: Double?, time: Int64,
                            latitude: Double = 35.68, longitude: Double = 139.77, depth: Double = 10,
                            url: String? = nil) -> String {
    let mag = magnitude.map { "\($0)" } ?? "null"
    let url = JSONText.string(url ?? "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)")
    let escaped = place.replacingOccurrences(of: "\"", with: "\\\"")
    return """
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"\(id)","properties":{"mag":\(mag),\
        "place":"\(escaped)","time":\(time),"updated":\(time),"net":"\(id.prefix(2))","code":"\(id.dropFirst(2))",\
        "ids":",\(id),","status":"reviewed","tsunami":0,"sig":100,"magType":"mb","type":"earthquake",\
        "title":"M \(magnitude.map { String(format: "%.1f", $0) } ?? "?") - \(escaped)","url":\(url)},\
        "geometry":{"type":"Point","coordinates":[\(longitude),\(latitude),\(depth)]}}]}
        """
}
