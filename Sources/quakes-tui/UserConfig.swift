import Foundation
import QuakeFeed
import QuakeQuery
import QuakeStore
import TOMLKit

/// `$XDG_CONFIG_HOME/quakes-tui/config.toml` (else `~/.config/…`): defaults
/// for the feed that `fetch` and the browser's refresh use. Flags win.
///
///     feed = "4.5_week"          # or: url = "https://…/my-region.geojson"
///     timeout = 30               # seconds without data before a fetch fails
///     refresh-every = "5m"       # the browser refreshes on this timer
///     max-download = "1 GB"      # the most a feed may be, sent or inflated
///     home = "Tokyo"             # or [35.68, 139.69]: where DISTANCE() measures from
///     alert = "magnitude >= 6"   # the browser's --alert: a bell and a banner for new matches
///     cell-aspect = 2.2          # a character cell's height over its width: the map's proportions
///     push = "emsc"              # the browser's --push: quakes pushed by EMSC's stream as they are published
///
///     [association]              # when two services' reports are one quake (defaults: USGS PDL's)
///     seconds = 16               # origin times at most this far apart
///     kilometres = 100           # epicentres inside a box this many km (of 111.12 a degree) each way
///     magnitude = 0.5            # and magnitudes this close (not compared unless set)
///     kilometres-per-magnitude = 20   # the box grows this much per magnitude unit above 5
///     preference = ["regional", "usgs", "emsc", "gfz", "isc", "ingv", "geonet", "iris"]   # whose origin speaks for the event
struct UserConfig: Equatable {
    var feed: String?
    var url: String?
    var timeout: Double?
    var refreshEvery: RefreshInterval?
    /// Bytes.
    var maxDownload: Int?
    var home: Home?
    /// The browser's alert predicate, as written (parsed by the browser, with the home).
    var alert: String?
    /// A character cell's height over its width (`MapFrame`); 2 when not given.
    var cellAspect: Double?
    /// The browser's push source (`emsc`).
    var push: String?
    /// `[association]`: how reports of one quake become one event.
    var association = AssociationPolicy()

    static let keys = ["feed", "url", "timeout", "refresh-every", "max-download", "home", "alert", "cell-aspect", "push", "association"]
    static let associationKeys = ["seconds", "kilometres", "magnitude", "kilometres-per-magnitude", "preference"]
    /// `cell-aspect`'s bounds: a terminal's cells are taller than wide, at most about thrice.
    static let cellAspectRange = 1.0...4.0
    /// `max-download`'s bounds: a feed is never smaller than a kilobyte,
    /// and more than a terabyte cannot be held in memory anyway.
    static let maxDownloadRange = 1_000...1_000_000_000_000

    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectory.path("XDG_CONFIG_HOME", orHome: ".config", environment: environment) + "/quakes-tui/config.toml"
    }

    /// The user's config, or an empty one when there is no file.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> UserConfig {
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return UserConfig() }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, message: "cannot read the file (or it is not UTF-8)")
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws -> UserConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, message: "\(error.source.begin.line):\(error.source.begin.column): \(error.description)")
        }
        var config = UserConfig()
        for key in table.keys {
            let value = table[key]!
            func fail(_ expected: String) -> ConfigError {
                ConfigError(path: path, message: "'\(key)' must be \(expected)")
            }
            switch key {
            case "feed":
                guard let string = value.string else { throw fail("a feed name such as \"all_day\"") }
                config.feed = string
            case "url":
                guard let string = value.string else { throw fail("a URL string") }
                config.url = string
            case "timeout":
                guard let seconds = value.double ?? value.int.map(Double.init), FeedOptions.timeoutRange.contains(seconds) else {
                    throw fail("a number of seconds between 1 and 86400")
                }
                config.timeout = seconds
            case "max-download":
                guard let bytes = size(value), maxDownloadRange.contains(bytes) else {
                    throw fail("a size between 1 kB and 1 TB, such as \"500 MB\" or \"2 GB\" (a bare number is MB)")
                }
                config.maxDownload = bytes
            case "refresh-every":
                guard let string = value.string else { throw fail("a duration such as \"5m\"") }
                do { config.refreshEvery = try RefreshInterval(parsing: string) } catch {
                    throw ConfigError(path: path, message: "'refresh-every': \(error)")
                }
            case "home":
                config.home = try home(value, path: path)
            case "alert":
                guard let string = value.string else { throw fail("a predicate such as \"magnitude >= 6\"") }
                config.alert = string
            case "push":
                guard let string = value.string, PushOptions.PushSource(rawValue: string) != nil else {
                    throw fail("a push source: \(PushOptions.PushSource.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                config.push = string
            case "cell-aspect":
                guard let aspect = value.double ?? value.int.map(Double.init), cellAspectRange.contains(aspect) else {
                    throw fail("a number between 1 and 4: a character cell's height over its width, such as 2")
                }
                config.cellAspect = aspect
            case "association":
                guard let association = value.table else { throw fail("a table: [association]") }
                config.association = try Self.association(association, path: path)
            default:
                throw ConfigError(path: path, message: "unknown key '\(key)'; keys are \(keys.joined(separator: ", "))")
            }
        }
        if config.feed != nil && config.url != nil {
            throw ConfigError(path: path, message: "give 'feed' or 'url', not both")
        }
        return config
    }
}

extension UserConfig {
    /// `[association]`'s windows and preference; keys not given keep PDL's defaults.
    private static func association(_ table: TOMLTable, path: String) throws -> AssociationPolicy {
        var policy = AssociationPolicy()
        for key in table.keys {
            let value = table[key]!
            func fail(_ expected: String) -> ConfigError {
                ConfigError(path: path, message: "'association.\(key)' must be \(expected)")
            }
            /// The value, a number within `range`, else the error saying what it must be.
            func number(_ range: ClosedRange<Double>, _ what: String) throws -> Double {
                guard let number = value.double ?? value.int.map(Double.init), range.contains(number) else {
                    throw fail("\(what) between \(JSONText.number(range.lowerBound)) and \(JSONText.number(range.upperBound))")
                }
                return number
            }
            switch key {
            case "seconds": policy.windows.seconds = try number(0.001...86_400, "a number of seconds")
            case "kilometres": policy.windows.kilometres = try number(0.001...5_000, "a number of kilometres")
            case "magnitude": policy.windows.magnitude = try number(0...10, "a magnitude difference")
            case "kilometres-per-magnitude": policy.windows.kilometresPerMagnitude = try number(0...1_000, "a number of kilometres")
            case "preference":
                guard let array = value.array, case let names = array.compactMap(\.string), names.count == array.count, !names.isEmpty else {
                    throw fail("a list of services, such as [\"usgs\", \"emsc\"]")
                }
                policy.preference.ranking = names.map { $0.lowercased() }
            default:
                throw ConfigError(path: path, message: "unknown key 'association.\(key)'; keys are \(associationKeys.joined(separator: ", "))")
            }
        }
        return policy
    }

    /// `home`: a place's name (`"Tokyo"`, `"Springfield, US"`) or `[latitude, longitude]`.
    private static func home(_ value: any TOMLValueConvertible, path: String) throws -> Home {
        let shape = "a place such as \"Tokyo\" or [latitude, longitude] such as [35.68, 139.69]"
        do {
            if let name = value.string { return try Home(parsing: name) }
            guard let array = value.array, array.count == 2,
                  let latitude = array[0].double ?? array[0].int.map(Double.init),
                  let longitude = array[1].double ?? array[1].int.map(Double.init) else {
                throw ConfigError(path: path, message: "'home' must be \(shape)")
            }
            return try Home(latitude: latitude, longitude: longitude)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(path: path, message: "'home': \(error)")
        }
    }

    /// `max-download`: a size with its unit ("500 MB"), or a bare number of megabytes.
    private static func size(_ value: any TOMLValueConvertible) -> Int? {
        if let text = value.string { return ByteCount.parse(text) }
        guard let megabytes = value.int, megabytes >= 0, megabytes <= Int.max / 1_000_000 else { return nil }
        return megabytes * 1_000_000
    }
}

struct ConfigError: Error, CustomStringConvertible {
    var path: String
    var message: String
    var description: String { "config \(path): \(message)" }
}
