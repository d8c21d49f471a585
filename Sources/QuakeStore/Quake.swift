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
    /// Nil when the source does not say (CSV and FDSN text never do).
    public var tsunami: Int?
    public var sig: Int?
    public var type: String
    /// USGS's title, `M 2.9 - place` (`derivedTitle`), unless the source
    /// gave another; and the event's page, ComCat's for a ComCat id
    /// (`derivedURL`) unless the source gave another. Derived when read:
    /// stored as given only where they differ (`titleAsStored`), which
    /// spares most rows 90 of their 300 bytes (a fifth of opening a CSV).
    public var title: String {
        get { Self.title(stored: titleAsStored, magnitude: magnitude, type: type, place: place) }
        set { titleAsStored = Self.titleAsStored(newValue, magnitude: magnitude, type: type, place: place) }
    }
    public var url: String {
        get { Self.url(stored: urlAsStored, id: id) }
        set { urlAsStored = Self.urlAsStored(newValue, id: id) }
    }
    /// The stored `title` and `url` columns: empty where the value is derived.
    private(set) var titleAsStored: String
    private(set) var urlAsStored: String
    /// How the location and magnitude were measured, as USGS's CSV names
    /// them; nil when the source does not give them. QuakeML's
    /// uncertainties are converted to USGS's units (km), its agencies are
    /// the sources; FDSN text's Author and MagAuthor are the sources.
    public var nst: Int? = nil
    public var gap: Double? = nil
    public var dmin: Double? = nil
    public var rms: Double? = nil
    public var horizontalError: Double? = nil
    public var depthError: Double? = nil
    public var magError: Double? = nil
    public var magNst: Int? = nil
    public var locationSource: String? = nil
    public var magSource: String? = nil
    /// FDSN text's Catalog and Contributor.
    public var catalog: String? = nil
    public var contributor: String? = nil
    /// QuakeML's origin evaluation mode (`manual`, `automatic`) and status.
    public var evaluationMode: String? = nil
    public var evaluationStatus: String? = nil
    /// How many services reported the event, where the query that read it
    /// counted them (the results' rows: `QueryPlan`); else 1.
    public var origins = 1
    /// The current declustering's verdict (`SequenceTable`), where the query
    /// that read the quake asked for it (the results' rows); nil when the
    /// quake was not declustered.
    public var cluster: Int? = nil
    public var role: String? = nil
    public var mainshock: String? = nil
    /// Its sequence's title, as the sequence sections show it (`SequenceTable.sectionTitleSQL`).
    public var sequenceTitle: String? = nil
    /// Its sequence section's rank, which sequence sections sort by (v12).
    public var sequenceRank: Int? = nil

    public init(
        id: String, code: String = "", net: String = "", ids: String = "",
        magnitude: Double?, magType: String = "", place: String,
        time: Date, updated: Date, depth: Double, latitude: Double, longitude: Double,
        felt: Int? = nil, cdi: Double? = nil, mmi: Double? = nil, alert: String? = nil,
        status: String = "", tsunami: Int? = nil, sig: Int? = nil, type: String = "earthquake",
        title: String = "", url: String = "", measurements: Measurements = Measurements()
    ) {
        self.id = id; self.code = code; self.net = net; self.ids = ids
        (nst, gap, dmin, rms) = (measurements.nst, measurements.gap, measurements.dmin, measurements.rms)
        (horizontalError, depthError) = (measurements.horizontalError, measurements.depthError)
        (magError, magNst) = (measurements.magError, measurements.magNst)
        (locationSource, magSource) = (measurements.locationSource, measurements.magSource)
        self.magnitude = magnitude; self.magType = magType; self.place = place
        self.time = time; self.updated = updated; self.depth = depth
        self.latitude = latitude; self.longitude = longitude
        self.felt = felt; self.cdi = cdi; self.mmi = mmi; self.alert = alert
        self.status = status; self.tsunami = tsunami; self.sig = sig
        self.type = type
        titleAsStored = Self.titleAsStored(title, magnitude: magnitude, type: type, place: place)
        urlAsStored = Self.urlAsStored(url, id: id)
    }

    /// How the location and magnitude were measured, as a USGS CSV gives
    /// them: made with the quake, which a CSV row then needs no copy of
    /// (set one field at a time after, the quake was copied for it).
    public struct Measurements: Sendable {
        public var nst: Int?, gap: Double?, dmin: Double?, rms: Double?
        public var horizontalError: Double?, depthError: Double?, magError: Double?, magNst: Int?
        public var locationSource: String?, magSource: String?

        public init(nst: Int? = nil, gap: Double? = nil, dmin: Double? = nil, rms: Double? = nil,
                    horizontalError: Double? = nil, depthError: Double? = nil, magError: Double? = nil,
                    magNst: Int? = nil, locationSource: String? = nil, magSource: String? = nil) {
            self.nst = nst; self.gap = gap; self.dmin = dmin; self.rms = rms
            self.horizontalError = horizontalError; self.depthError = depthError
            self.magError = magError; self.magNst = magNst
            self.locationSource = locationSource; self.magSource = magSource
        }
    }

    /// UTC calendar day of the quake, `YYYY-MM-DD`: the stored `day` column.
    public var day: String { UTCDay.string(epochMilliseconds: time.epochMilliseconds) }

    /// The case- and diacritic-folded place: the stored `placeFolded` column.
    public var placeFolded: String { TextFolding.fold(place) }

    /// Other ids this event was known by (its `ids` list without itself).
    public var formerIDs: [String] {
        ids.split(separator: ",").map(String.init).filter { $0 != id }
    }

    /// Whether `ids` names an id other than `id`: a cheap test of `formerIDs`
    /// being non-empty, without splitting `ids` into Strings (most reports
    /// list only their own id, `,id,`).
    var listsFormerIDs: Bool {
        let list = ids.utf8, own = id.utf8
        if list.count == own.count + 2, list.first == UInt8(ascii: ","), list.last == UInt8(ascii: ","),
           list.dropFirst().dropLast().elementsEqual(own) {
            return false
        }
        return !formerIDs.isEmpty
    }

    /// A title as read from its stored column (`quake_title` in SQL too).
    static func title(stored: String, magnitude: Double?, type: String, place: String) -> String {
        stored.isEmpty ? derivedTitle(magnitude: magnitude, type: type, place: place) : stored
    }

    /// A page as read from its stored column (`quake_url` in SQL too).
    static func url(stored: String, id: String) -> String { stored.isEmpty ? derivedURL(id: id) : stored }

    /// The title of a quake whose source gives none, as USGS's feeds
    /// write them: `M 2.9 - place`, `M ? - place`, `M 1.8 Quarry Blast -
    /// place` (any type but earthquake named, each word capitalised).
    public static func derivedTitle(magnitude: Double?, type: String, place: String) -> String {
        titleHead(magnitude: magnitude, type: type) + place
    }

    /// The title before the place: `M 2.9 - `.
    private static func titleHead(magnitude: Double?, type: String) -> String {
        let named = type == "earthquake" || type.isEmpty ? "" : " " + type.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return "M " + (magnitude.map(MagnitudeText.tenths) ?? "?") + named + " - "
    }

    /// The page of a ComCat event (an id naming no other service); none for another's.
    public static func derivedURL(id: String) -> String {
        EventIdentity.storedID(id, isOf: EventIdentity.comCat) ? EventPageURL.comCat(id) : ""
    }

    /// Empty for a title that is (or reads as) the derived one.
    static func titleAsStored(_ title: String, magnitude: Double?, type: String, place: String) -> String {
        guard !title.isEmpty else { return "" }
        return bytes(of: title, are: titleHead(magnitude: magnitude, type: type), place) ? "" : title
    }

    /// Empty for the derived page (or none where none is derived).
    static func urlAsStored(_ url: String, id: String) -> String {
        guard !url.isEmpty, bytes(of: url, are: EventPageURL.comCatPrefix, id),
              EventIdentity.storedID(id, isOf: EventIdentity.comCat) else { return url }
        return ""
    }

    /// Whether `text` is `head` then `tail`, byte for byte, compared as
    /// memory: the UTF-8 views' generic comparisons took 7 % of reading a
    /// GeoJSON file, whose every title and page is compared.
    private static func bytes(of text: String, are head: String, _ tail: String) -> Bool {
        guard text.utf8.count == head.utf8.count + tail.utf8.count else { return false }
        var (text, head, tail) = (text, head, tail)   // `withUTF8` needs them mutable; a reader's are contiguous, not copied
        return text.withUTF8 { whole in
            head.withUTF8 { first in tail.withUTF8 { rest in same(whole, at: 0, first) && same(whole, at: first.count, rest) } }
        }
    }

    private static func same(_ whole: UnsafeBufferPointer<UInt8>, at offset: Int, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let wholeStart = whole.baseAddress, let partStart = part.baseAddress else { return part.isEmpty }
        return memcmp(wholeStart + offset, partStart, part.count) == 0
    }
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
            type: row["type"])
        titleAsStored = row["title"]; urlAsStored = row["url"]   // as stored: no need to compare again
        nst = row["nst"]; gap = row["gap"]; dmin = row["dmin"]; rms = row["rms"]
        horizontalError = row["horizontalError"]; depthError = row["depthError"]
        magError = row["magError"]; magNst = row["magNst"]
        locationSource = row["locationSource"]; magSource = row["magSource"]
        catalog = row["catalog"]; contributor = row["contributor"]
        evaluationMode = row["evaluationMode"]; evaluationStatus = row["evaluationStatus"]
        origins = row["origins"] ?? 1
        if let verdict: String = row["sequenceVerdict"] {
            let parts = verdict.split(separator: SequenceTable.verdictSeparator, maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3 { cluster = Int(parts[0]); role = String(parts[1]); mainshock = String(parts[2]) }
        }
        sequenceTitle = row["sequenceTitle"]
        sequenceRank = row["sequenceRank"]
    }

    /// The columns added by `Schema`'s v8 migration, in `storedColumns`
    /// order after the first 24.
    public static let measurementColumns = [
        "nst", "gap", "dmin", "rms", "horizontalError", "depthError", "magError", "magNst",
        "locationSource", "magSource", "catalog", "contributor", "evaluationMode", "evaluationStatus",
    ]

    /// Columns in the order `storedValues` gives them.
    public static let storedColumns = [
        "id", "code", "net", "ids", "magnitude", "magType", "place", "placeFolded",
        "time", "updated", "day", "depth", "latitude", "longitude", "felt", "cdi",
        "mmi", "alert", "status", "tsunami", "sig", "type", "title", "url",
    ] + measurementColumns

    /// Stored columns some sources never give, in groups: a CSV or FDSN
    /// text row has no event details, a feed's no provenance. A new row
    /// can be inserted without the groups it has nothing in (`InsertBatch`):
    /// SQLite stores NULL, and the row binds ten parameters fewer.
    struct StoredGroups: OptionSet {
        let rawValue: UInt8
        /// felt, cdi, mmi, alert, tsunami, sig: what USGS's event pages add.
        static let eventDetails = StoredGroups(rawValue: 1)
        /// catalog, contributor, evaluationMode, evaluationStatus: what FDSN services add.
        static let provenance = StoredGroups(rawValue: 2)
        static let all: StoredGroups = [.eventDetails, .provenance]

        static let eventDetailColumns: Set = ["felt", "cdi", "mmi", "alert", "tsunami", "sig"]
        static let provenanceColumns: Set = ["catalog", "contributor", "evaluationMode", "evaluationStatus"]

        /// `storedColumns` without the columns of the groups left out, in order.
        var storedColumns: [String] {
            Quake.storedColumns.filter { column in
                (contains(.eventDetails) || !Self.eventDetailColumns.contains(column))
                    && (contains(.provenance) || !Self.provenanceColumns.contains(column))
            }
        }
    }

    /// The groups this quake has a value in.
    var storedGroups: StoredGroups {
        var groups: StoredGroups = []
        if felt != nil || cdi != nil || mmi != nil || alert != nil || tsunami != nil || sig != nil {
            groups.insert(.eventDetails)
        }
        if catalog != nil || contributor != nil || evaluationMode != nil || evaluationStatus != nil {
            groups.insert(.provenance)
        }
        return groups
    }

    /// Binds the row as stored, derived columns included, to parameters
    /// `?1`…`?38` in `storedColumns` order, straight from the fields: boxing
    /// 24 `DatabaseValue`s into arguments for every row cost a fifth of an
    /// import. The statement must have been reset; texts are copied into
    /// `texts` when given (see `ParameterBinder`). Returns the binder, to
    /// bind any parameters that follow.
    @discardableResult
    func bindStoredValues(to statement: Statement, texts: TextArena? = nil,
                          derived: StoredDerivations? = nil) throws -> ParameterBinder {
        var binder = ParameterBinder(statement, texts: texts)
        try bindStoredValues(with: &binder, derived: derived)
        return binder
    }

    /// Binds the row as stored from the binder's next parameter on (a
    /// row of a statement of several, `InsertBatch`), the columns of
    /// `groups` only (`StoredGroups.storedColumns`).
    func bindStoredValues(with binder: inout ParameterBinder, derived: StoredDerivations? = nil,
                          groups: StoredGroups = .all) throws {
        let details = groups.contains(.eventDetails)
        let ms = time.epochMilliseconds
        try binder.bind(id); try binder.bind(code); try binder.bind(net); try binder.bind(ids)
        try binder.bind(magnitude); try binder.bind(magType); try binder.bind(place)
        if let derived {
            try binder.bind(derived.placeFolded); try binder.bind(ms)
            try binder.bind(updated.epochMilliseconds); try binder.bind(derived.day)
        } else {
            try binder.bind(placeFolded); try binder.bind(ms)
            try binder.bind(updated.epochMilliseconds); try binder.bind(Self.storedDay(epochMilliseconds: ms))
        }
        try binder.bind(depth)
        try binder.bind(latitude); try binder.bind(longitude)
        if details { try binder.bind(felt); try binder.bind(cdi); try binder.bind(mmi); try binder.bind(alert) }
        try binder.bind(status)
        if details { try binder.bind(tsunami); try binder.bind(sig) }
        try binder.bind(type); try binder.bind(titleAsStored); try binder.bind(urlAsStored)
        try binder.bind(nst); try binder.bind(gap); try binder.bind(dmin); try binder.bind(rms)
        try binder.bind(horizontalError); try binder.bind(depthError); try binder.bind(magError); try binder.bind(magNst)
        try binder.bind(locationSource); try binder.bind(magSource)
        if groups.contains(.provenance) {
            try binder.bind(catalog); try binder.bind(contributor); try binder.bind(evaluationMode); try binder.bind(evaluationStatus)
        }
    }

    /// What the catalog stores or asks of a quake beyond its fields,
    /// worked out once: an import's reader does, on its thread with time
    /// to spare, for the writer's (`ReadRow`).
    struct StoredDerivations: Sendable {
        var placeFolded: String
        var day: String
        var listsFormerIDs: Bool
    }

    var storedDerivations: StoredDerivations {
        StoredDerivations(placeFolded: placeFolded, day: Self.storedDay(epochMilliseconds: time.epochMilliseconds),
                          listsFormerIDs: listsFormerIDs)
    }

    /// `UTCDay.string`, written as its ten bytes for the years 0…9999 (every
    /// quake's): padding each part as a String took as long as the rest of
    /// a row's binding.
    static func storedDay(epochMilliseconds ms: Int64) -> String {
        let (year, month, day) = UTCDay.civil(fromDays: UTCDay.floorDiv(ms, 86_400_000))
        guard (0...9999).contains(year) else { return UTCDay.string(epochMilliseconds: ms) }
        return String(unsafeUninitializedCapacity: 10) { out in
            func write(_ value: Int64, digits: Int, at start: Int) {
                var rest = value
                for i in (start..<start + digits).reversed() {
                    out[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            write(year, digits: 4, at: 0)
            out[4] = UInt8(ascii: "-")
            write(month, digits: 2, at: 5)
            out[7] = UInt8(ascii: "-")
            write(day, digits: 2, at: 8)
            return 10
        }
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
