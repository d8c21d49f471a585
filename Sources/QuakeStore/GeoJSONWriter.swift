import Foundation

/// Quakes as a USGS GeoJSON FeatureCollection, in pieces a caller streams:
/// `header`, a `feature` per quake (joined by `separator`), `footer`. Every
/// field the catalog stores is written, so importing the output gives back
/// the same quakes (ids with their aliases in `ids`, unknown values as null).
/// `list --format geojson`, the browser's export and the bench's generated
/// feeds all write through it.
public enum GeoJSONWriter {
    /// Between two features: one per line.
    public static let separator = ",\n"

    /// Closes the collection.
    public static func footer(isEmpty: Bool) -> String { isEmpty ? "]}\n" : "\n]}\n" }

    /// Opens the collection; `count` is the features that follow, when known.
    public static func header(title: String, count: Int?) -> String {
        let count = count.map { #","count":\#($0)"# } ?? ""
        return #"{"type":"FeatureCollection","metadata":{"title":\#(JSONText.string(title))\#(count)},"features":["# + "\n"
    }

    /// One feature, its properties in USGS's order. `extraProperties` (JSON
    /// members, each preceded by a comma) go after the stored ones: the
    /// bench's feeds carry USGS's unstored properties too, to be as large to
    /// import as real ones.
    public static func feature(_ q: Quake, extraProperties: String = "") -> String {
        let s = JSONText.string as (String) -> String
        let n = JSONText.number as (Double) -> String
        return #"{"type":"Feature","properties":{"mag":\#(JSONText.number(q.magnitude)),"place":\#(s(q.place)),"#
            + #""time":\#(q.time.epochMilliseconds),"updated":\#(q.updated.epochMilliseconds),"url":\#(s(q.url)),"#
            + #""felt":\#(JSONText.integer(q.felt)),"cdi":\#(JSONText.number(q.cdi)),"mmi":\#(JSONText.number(q.mmi)),"#
            + #""alert":\#(JSONText.string(q.alert)),"status":\#(s(q.status)),"#
            + #""tsunami":\#(JSONText.integer(q.tsunami)),"sig":\#(JSONText.integer(q.sig)),"#
            + #""net":\#(s(q.net)),"code":\#(s(q.code)),"ids":\#(s(q.ids)),"nst":\#(JSONText.integer(q.nst)),"#
            + #""dmin":\#(JSONText.number(q.dmin)),"rms":\#(JSONText.number(q.rms)),"gap":\#(JSONText.number(q.gap)),"#
            + #""magType":\#(s(q.magType)),"type":\#(s(q.type)),"title":\#(s(q.title))\#(knownExtras(q))\#(extraProperties)},"#
            + #""geometry":{"type":"Point","coordinates":[\#(n(q.longitude)),\#(n(q.latitude)),\#(n(q.depth))]},"#
            + #""id":\#(s(q.id))}"#
    }

    /// The stored fields USGS's GeoJSON has no property for (its CSV's
    /// errors and sources, FDSN text's catalog and contributor, QuakeML's
    /// evaluation), each as a member after USGS's properties, only when
    /// known: the reader takes an absent one as unknown. The current
    /// declustering's verdict (`cluster`, `role`, `mainshock`) goes last,
    /// when the quake has one; an import does not read it back (a verdict
    /// is the catalog's, made again by `decluster`).
    static func knownExtras(_ q: Quake) -> String {
        let numbers = [("horizontalError", q.horizontalError), ("depthError", q.depthError), ("magError", q.magError)]
        let texts = [("locationSource", q.locationSource), ("magSource", q.magSource), ("catalog", q.catalog),
                     ("contributor", q.contributor), ("evaluationMode", q.evaluationMode),
                     ("evaluationStatus", q.evaluationStatus)]
        var members = ""
        for case let (key, value?) in numbers { members += #","\#(key)":\#(JSONText.number(value))"# }
        if let magNst = q.magNst { members += #","magNst":\#(magNst)"# }
        for case let (key, value?) in texts { members += #","\#(key)":\#(JSONText.string(value))"# }
        if let cluster = q.cluster, let role = q.role, let mainshock = q.mainshock {
            members += #","cluster":\#(cluster),"role":\#(JSONText.string(role)),"mainshock":\#(JSONText.string(mainshock))"#
        }
        return members
    }

    /// Writes `quakes` to a new file at `path`, streaming (a megabyte at a
    /// time): the bench's generated feeds.
    public static func write(_ quakes: some Sequence<Quake>, count: Int?, title: String, to path: String,
                             extraProperties: (Quake) -> String = { _ in "" }) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var buffer = header(title: title, count: count)
        var first = true
        for quake in quakes {
            if !first { buffer += separator }
            first = false
            buffer += feature(quake, extraProperties: extraProperties(quake))
            if buffer.utf8.count > 1 << 20 { try handle.write(contentsOf: Data(buffer.utf8)); buffer = "" }
        }
        buffer += footer(isEmpty: first)
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}
