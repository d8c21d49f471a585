import Foundation

/// One event of an FDSN text catalog, as Tests/Fixtures/fdsnws_server.py
/// serves it. Numbers keep the text they are written with, so a test can
/// compare the service's answer with the catalog line for line.
public struct CatalogEvent: Sendable, Equatable {
    public var id: String
    /// `2018-06-14T03:37:44.070` (UTC; 0–6 decimals, optional `Z`).
    public var timeText: String
    public var latitude: String
    public var longitude: String
    /// Kilometres; empty when unknown.
    public var depth: String
    public var magType: String
    /// Empty when unknown.
    public var magnitude: String
    public var place: String
    public var author: String
    /// The `Updated` column (ISO time); nil: the event's time.
    public var updatedText: String?

    public init(id: String, timeText: String, latitude: String, longitude: String, depth: String,
                magType: String = "ml", magnitude: String, place: String, author: String = "sy",
                updatedText: String? = nil) {
        self.id = id
        self.timeText = timeText
        self.latitude = latitude
        self.longitude = longitude
        self.depth = depth
        self.magType = magType
        self.magnitude = magnitude
        self.place = place
        self.author = author
        self.updatedText = updatedText
    }

    public var time: Date { FDSNCatalog.date(timeText)! }
    public var updated: Date { updatedText.flatMap(FDSNCatalog.date) ?? time }
    public var lat: Double { Double(latitude)! }
    public var lon: Double { Double(longitude)! }
    public var depthKm: Double? { Double(depth) }
    public var mag: Double? { Double(magnitude) }

    /// The event's line in the 13-column USGS layout.
    public var usgsLine: String {
        [id, timeText, latitude, longitude, depth, author, author, author, id, magType, magnitude, author, place]
            .joined(separator: "|")
    }
}

/// FDSN text catalogs for the fdsnws test server: written, read back, and
/// synthetic ones made from a seed.
public enum FDSNCatalog {
    public static let usgsHeader =
        "#EventID|Time|Latitude|Longitude|Depth/km|Author|Catalog|Contributor|ContributorID|MagType|Magnitude|MagAuthor|EventLocationName"

    /// Writes `events` in the USGS layout (plus an `Updated` column when
    /// any event has one) atomically: the server never reads half a file.
    public static func write(_ events: [CatalogEvent], to path: String) throws {
        let withUpdated = events.contains { $0.updatedText != nil }
        var text = usgsHeader + (withUpdated ? "|Updated" : "") + "\n"
        for event in events {
            text += event.usgsLine + (withUpdated ? "|" + (event.updatedText ?? event.timeText) : "") + "\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads a catalog by column name (`Depth/km` or `Depth/Km`, spaces
    /// around bars allowed): the oracle's view of what the server serves.
    public static func read(_ path: String) throws -> [CatalogEvent] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let header = lines.first, header.hasPrefix("#") else { throw ChildProcessError("no #header in \(path)") }
        let names = header.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return lines.dropFirst().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let row = Dictionary(zip(names, fields), uniquingKeysWith: { first, _ in first })
            return CatalogEvent(id: row["eventid"] ?? "", timeText: row["time"] ?? "", latitude: row["latitude"] ?? "",
                                longitude: row["longitude"] ?? "", depth: row["depth/km"] ?? "",
                                magType: row["magtype"] ?? "", magnitude: row["magnitude"] ?? "",
                                place: row["eventlocationname"] ?? "", author: row["author"] ?? "",
                                updatedText: row["updated"].flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    static let places = ["Somewhere", "Volcano, Hawaii", "Tōhoku, Japan", "四川省", "Île-de-France",
                         "Ciudad de México", "Reykjanes Ridge", "Smith & Sons' <Quarry>", "Ναύπλιο, Greece",
                         "South Sandwich Islands region"]
    static let directions = ["N", "NNE", "NE", "E", "SE", "S", "SW", "W", "NW", "WNW"]

    /// `count` events at pseudo-random times in [`from`, `to`] (whole
    /// milliseconds), ids `syn00001`… oldest first; magnitudes −0.5…7.5 in
    /// tenths, depths 0–700 km, positions worldwide; the same seed gives
    /// the same catalog.
    public static func synthetic(count: Int, from: Date, to: Date, seed: UInt64 = 1) -> [CatalogEvent] {
        var random = SplitMix64(seed: seed)
        let start = Int64((from.timeIntervalSince1970 * 1000).rounded())
        let span = UInt64(max(0, Int64((to.timeIntervalSince1970 * 1000).rounded()) - start)) + 1
        let times = (0..<count).map { _ in start + Int64(random.next() % span) }.sorted()
        return times.enumerated().map { index, millis in
            let place = places[Int(random.next() % UInt64(places.count))]
            return CatalogEvent(
                id: String(format: "syn%05d", index + 1),
                timeText: isoText(millis: millis),
                latitude: String(format: "%.4f", Double(Int64(random.next() % 1_800_001) - 900_000) / 10_000),
                longitude: String(format: "%.4f", Double(Int64(random.next() % 3_600_001) - 1_800_000) / 10_000),
                depth: String(format: "%.2f", Double(random.next() % 70_001) / 100),
                magnitude: String(format: "%.1f", Double(Int64(random.next() % 81) - 5) / 10),
                place: "\(1 + random.next() % 300) km \(directions[Int(random.next() % 10)]) of \(place)")
        }
    }

    /// `2018-06-14T03:37:44.070`: the USGS text layout's time.
    public static func isoText(millis: Int64) -> String {
        let seconds = millis.quotientAndRemainder(dividingBy: 1000)
        let (whole, ms) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000)
                                                : (seconds.quotient, seconds.remainder)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                        from: Date(timeIntervalSince1970: TimeInterval(whole)))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", c.year!, c.month!, c.day!, c.hour!, c.minute!,
                      c.second!, Int(ms))
    }

    /// The moment of an ISO time (0–6 decimals, optional `Z`) or date, UTC;
    /// microseconds kept exactly as whole and fractional parts.
    public static func date(_ text: String) -> Date? {
        var body = Substring(text)
        if body.hasSuffix("Z") { body = body.dropLast() }
        let parts = body.split(separator: "T", omittingEmptySubsequences: false)
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        guard day.count == 3, parts.count <= 2 else { return nil }
        var clock = [0, 0, 0], fraction = 0.0
        if parts.count == 2 {
            let secondsParts = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            clock = secondsParts[0].split(separator: ":").compactMap { Int($0) }
            if secondsParts.count == 2 { fraction = Double("0." + secondsParts[1]) ?? 0 }
            guard clock.count == 3 else { return nil }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1],
                                        second: clock[2])
        return calendar.date(from: components).map { $0.addingTimeInterval(fraction) }
    }
}

/// A small, seedable generator (SplitMix64): the same catalog, the same
/// random files, on every run.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 up to `bound` (exclusive).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
