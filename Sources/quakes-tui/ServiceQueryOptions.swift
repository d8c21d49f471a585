import ArgumentParser
import Foundation
import QuakeFeed
import QuakeMap
import QuakeQuery
import QuakeStore

/// `fetch --service NAME|URL` and its query: the time range, magnitudes,
/// depths, a region or a circle, `--updated-after`, the format and the
/// request rate. Values are taken unconditionally: southern latitudes,
/// western longitudes and depths above sea level start with '-'.
struct ServiceQueryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An FDSN event service: \(FDSNService.names.joined(separator: ", ")), or any base URL "
                               + "ending in /fdsnws/event/1.", valueName: "name|url"),
            completion: .list(FDSNService.names))
    var service: String?

    @Option(help: ArgumentHelp("From this ISO date or time (UTC), or this long ago: 30d, 12h. Default: 30d.",
                               valueName: "time|age"))
    var start: String?

    @Option(help: ArgumentHelp("Up to this ISO date or time (UTC), or this long ago. Default: now, and sync goes on "
                               + "to each new now.", valueName: "time|age"))
    var end: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Events of this magnitude or more.", valueName: "m")) var minMagnitude: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Events of this magnitude or less.", valueName: "m")) var maxMagnitude: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Events this deep or deeper, in km.", valueName: "km")) var minDepth: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Events this deep or shallower, in km.", valueName: "km")) var maxDepth: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Events in this box, degrees; west above east crosses 180°.", valueName: "S,N,W,E"))
    var region: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Events within --radius of this point or place (Tokyo, 'Springfield, US').",
                               valueName: "lat,lon|place"))
    var near: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The radius around --near, in km.", valueName: "km")) var radius: Double?

    @Option(help: ArgumentHelp("Only events created or revised after this ISO time or age.", valueName: "time|age"))
    var updatedAfter: String?

    @Option(help: ArgumentHelp("text or quakeml. Default: text where the service answers it, else QuakeML.",
                               valueName: "format"),
            completion: .list(FDSNQuery.Format.allCases.map(\.rawValue)))
    var format: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many requests a second. Default: 2.", valueName: "n"))
    var maxRate: Double?

    /// Whether any of the query's options was given (they need --service).
    var anyQueryOption: Bool {
        [start, end, region, near, updatedAfter, format].contains { $0 != nil }
            || [minMagnitude, maxMagnitude, minDepth, maxDepth, radius, maxRate].contains { $0 != nil }
    }

    func validate() throws {
        guard let service else {
            if anyQueryOption { throw ValidationError("the query options need --service NAME|URL") }
            return
        }
        do { _ = try FDSNService(service) } catch { throw ValidationError("--service: \(error)") }
        _ = try resolved(now: Date())
        if let maxRate, !(0.01...100).contains(maxRate) { throw ValidationError("--max-rate must be between 0.01 and 100") }
    }

    /// What `fetch --service` asks: the service, the query, the range.
    struct Resolved {
        var service: FDSNService
        var query: FDSNQuery
        var start: Int64
        var end: Int64
        var endsNow: Bool
        var updatedAfter: Date?
        /// The query as written, one line: a second run of the same command
        /// finds its unfinished backfill by it.
        var request: String
    }

    func resolved(now: Date) throws -> Resolved {
        let service = try FDSNService(self.service ?? "usgs")
        var query = FDSNQuery(format: service.answersText ? .text : .quakeml)
        if let format {
            guard let chosen = FDSNQuery.Format(rawValue: format.lowercased()) else {
                throw ValidationError("--format must be text or quakeml, not '\(format)'")
            }
            query.format = chosen
        }
        query.minMagnitude = minMagnitude; query.maxMagnitude = maxMagnitude
        query.minDepth = minDepth; query.maxDepth = maxDepth
        for (name, value) in [("--min-magnitude", minMagnitude), ("--max-magnitude", maxMagnitude),
                              ("--min-depth", minDepth), ("--max-depth", maxDepth), ("--radius", radius)]
        where value?.isFinite == false {
            throw ValidationError("\(name) must be a number")
        }
        if let minMagnitude, let maxMagnitude, minMagnitude > maxMagnitude {
            throw ValidationError("--min-magnitude is above --max-magnitude")
        }
        if let minDepth, let maxDepth, minDepth > maxDepth { throw ValidationError("--min-depth is deeper than --max-depth") }
        if let region {
            do {
                let box = try MapRegion(argument: region)
                // The map counts a box across 180° to an east beyond 180;
                // fdsnws takes longitudes in −180…180, west above east.
                query.region = (box.south, box.north, box.west, box.crossesAntimeridian ? box.east - 360 : box.east)
            } catch { throw ValidationError("--region: \(error)") }
        }
        switch (near, radius) {
        case (let near?, let radius?):
            guard radius > 0, radius <= 20_016 else { throw ValidationError("--radius must be above 0 and at most 20016 km") }
            do {
                let home = try Home(parsing: near)
                query.near = (home.point.latitude, home.point.longitude, radius)
            } catch { throw ValidationError("--near: \(error)") }
        case (nil, nil): break
        default: throw ValidationError("--near and --radius go together")
        }
        if query.region != nil && query.near != nil { throw ValidationError("give --region or --near, not both") }
        let start = try Self.instant(self.start ?? "30d", option: "--start", now: now)
        let end = try end.map { try Self.instant($0, option: "--end", now: now) } ?? now.epochMilliseconds
        guard start < end else { throw ValidationError("--start must be before --end") }
        let updatedAfter = try self.updatedAfter.map { Date(epochMilliseconds: try Self.instant($0, option: "--updated-after", now: now)) }
        let written: [(String, String?)] = [
            ("start", self.start ?? "30d"), ("end", self.end), ("updated-after", self.updatedAfter),
            ("filters", query.filterText.isEmpty ? nil : query.filterText), ("format", query.format.rawValue),
        ]
        let request = written.compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: " ")
        return Resolved(service: service, query: query, start: start, end: end, endsNow: self.end == nil,
                        updatedAfter: updatedAfter, request: request)
    }

    /// An ISO date or time (UTC unless it says), or an age before `now`.
    static func instant(_ text: String, option: String, now: Date) throws -> Int64 {
        if let ms = ISOTime.epochMilliseconds(text.trimmingCharacters(in: .whitespaces)) { return ms }
        guard let seconds = try? RefreshInterval.seconds(parsing: text) else {
            throw ValidationError("\(option) must be an ISO date or time (2019-07-01, 2019-07-01T12:00) "
                                  + "or an age (30d, 12h), not '\(text)'")
        }
        return now.epochMilliseconds - Int64(seconds) * 1000
    }
}
