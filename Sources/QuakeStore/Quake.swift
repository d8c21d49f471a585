import Foundation
import GRDB

/// One earthquake of the catalog, as USGS describes it. `id` (the feature id)
/// is the identity; `code` alone collides across networks.
public struct Quake: Sendable, Hashable, Identifiable {
    public var id: String
    public var code: String
    public var net: String
    /// USGS's comma-wrapped list of every id this event has had (",ak1,us2,").
    public var ids: String
    public var magnitude: Double?
    public var magType: String
    public var place: String
    public var time: Date
    public var updated: Date
    public var depth: Double
    public var latitude: Double
    public var longitude: Double
    public var felt: Int?
    public var cdi: Double?
    public var mmi: Double?
    public var alert: String?
    public var status: String
    public var tsunami: Int
    public var sig: Int
    public var type: String
    public var title: String
    public var url: String

    public init(
        id: String, code: String = "", net: String = "", ids: String = "",
        magnitude: Double?, magType: String = "", place: String,
        time: Date, updated: Date, depth: Double, latitude: Double, longitude: Double,
        felt: Int? = nil, cdi: Double? = nil, mmi: Double? = nil, alert: String? = nil,
        status: String = "", tsunami: Int = 0, sig: Int = 0, type: String = "earthquake",
        title: String = "", url: String = ""
    ) {
        self.id = id; self.code = code; self.net = net; self.ids = ids
        self.magnitude = magnitude; self.magType = magType; self.place = place
        self.time = time; self.updated = updated; self.depth = depth
        self.latitude = latitude; self.longitude = longitude
        self.felt = felt; self.cdi = cdi; self.mmi = mmi; self.alert = alert
        self.status = status; self.tsunami = tsunami; self.sig = sig
        self.type = type; self.title = title; self.url = url
    }

    /// UTC calendar day of the quake, `YYYY-MM-DD`: the stored `day` column.
    public var day: String { UTCDay.string(epochMilliseconds: time.epochMilliseconds) }

    /// The case- and diacritic-folded place: the stored `placeFolded` column.
    public var placeFolded: String { TextFolding.fold(place) }

    /// Other ids this event was known by (its `ids` list without itself).
    public var formerIDs: [String] {
        ids.split(separator: ",").map(String.init).filter { $0 != id }
    }

    /// The title readers give a quake whose source has none, as USGS's
    /// feeds write them: `M 2.9 - place`, `M ? - place`; `magnitude` is
    /// its `%.1f` text.
    public static func title(magnitude: String?, place: String) -> String { "M " + (magnitude ?? "?") + " - " + place }
}

extension Quake: FetchableRecord {
    /// Decodes a row of the `quake` table; times are stored as epoch
    /// milliseconds, as USGS sends them.
    public init(row: Row) throws {
        self.init(
            id: row["id"], code: row["code"], net: row["net"], ids: row["ids"],
            magnitude: row["magnitude"], magType: row["magType"], place: row["place"],
            time: Date(epochMilliseconds: row["time"]),
            updated: Date(epochMilliseconds: row["updated"]),
            depth: row["depth"], latitude: row["latitude"], longitude: row["longitude"],
            felt: row["felt"], cdi: row["cdi"], mmi: row["mmi"], alert: row["alert"],
            status: row["status"], tsunami: row["tsunami"], sig: row["sig"],
            type: row["type"], title: row["title"], url: row["url"])
    }

    /// Columns in the order `storedValues` gives them.
    public static let storedColumns = [
        "id", "code", "net", "ids", "magnitude", "magType", "place", "placeFolded",
        "time", "updated", "day", "depth", "latitude", "longitude", "felt", "cdi",
        "mmi", "alert", "status", "tsunami", "sig", "type", "title", "url",
    ]

    /// Binds the row as stored, derived columns included, to parameters
    /// `?1`…`?24` in `storedColumns` order, straight from the fields: boxing
    /// 24 `DatabaseValue`s into arguments for every row cost a fifth of an
    /// import. The statement must have been reset. Returns the binder, to
    /// bind any parameters that follow.
    @discardableResult
    func bindStoredValues(to statement: Statement) throws -> ParameterBinder {
        let ms = time.epochMilliseconds
        var binder = ParameterBinder(statement)
        try binder.bind(id); try binder.bind(code); try binder.bind(net); try binder.bind(ids)
        try binder.bind(magnitude); try binder.bind(magType); try binder.bind(place)
        try binder.bind(TextFolding.fold(place)); try binder.bind(ms); try binder.bind(updated.epochMilliseconds)
        try binder.bind(UTCDay.string(epochMilliseconds: ms)); try binder.bind(depth)
        try binder.bind(latitude); try binder.bind(longitude); try binder.bind(felt); try binder.bind(cdi)
        try binder.bind(mmi); try binder.bind(alert); try binder.bind(status); try binder.bind(tsunami)
        try binder.bind(sig); try binder.bind(type); try binder.bind(title); try binder.bind(url)
        return binder
    }
}

extension Date {
    public init(epochMilliseconds ms: Int64) {
        self.init(timeIntervalSince1970: Double(ms) / 1000)
    }

    public var epochMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
