import Foundation
import QuakeStore

/// One message of EMSC's push stream (seismicportal's websocket):
/// `{"action":"create"|"update","data":<GeoJSON Feature>}`, the Feature's
/// properties `unid, time, lastupdate, lat, lon, depth, mag, magtype,
/// evtype, auth, source_id, source_catalog, flynn_region` (read by key:
/// their order differs between years). The quake is stored as `fetch
/// --service emsc` stores the same event (`emsc:<unid>`), so the push and
/// the catch-up through the FDSN service meet in one row, and an update
/// (a newer `lastupdate`) replaces the older version.
public struct EMSCPushMessage: Sendable, Equatable {
    public enum Action: String, Sendable { case create, update }

    public let action: Action
    public let quake: Quake

    /// What is wrong with a message, said in one line.
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        public let reason: String
        public init(reason: String) { self.reason = reason }
        public var description: String { "not an EMSC message: \(reason)" }
    }

    /// The service the stream's events belong to.
    public static let service = "emsc"

    public init(text message: String) throws(Malformed) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any] else {
            throw Malformed(reason: "not a JSON object")
        }
        guard let actionName = object["action"] as? String, let action = Action(rawValue: actionName) else {
            throw Malformed(reason: "no \"action\" of create or update")
        }
        guard let data = object["data"] as? [String: Any], let properties = data["properties"] as? [String: Any] else {
            throw Malformed(reason: "no \"data\" feature with properties")
        }
        func number(_ key: String) -> Double? { (properties[key] as? NSNumber)?.doubleValue }
        func text(_ key: String) -> String? { (properties[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        guard let unid = text("unid") ?? (data["id"] as? String) else { throw Malformed(reason: "no \"unid\"") }
        guard let timeText = text("time"), let time = ISOTime.epochMilliseconds(timeText) else {
            throw Malformed(reason: "event \(unid): no ISO 8601 \"time\"")
        }
        guard let latitude = number("lat"), let longitude = number("lon"), (-90...90).contains(latitude),
              (-180...180).contains(longitude) else {
            throw Malformed(reason: "event \(unid): no \"lat\" and \"lon\" within ±90 and ±180")
        }
        let updated = text("lastupdate").flatMap(ISOTime.epochMilliseconds) ?? time
        let magnitude = number("mag").flatMap { MagnitudeCheck.range.contains($0) ? $0 : nil }
        let place = text("flynn_region") ?? ""
        var quake = Quake(
            id: EventIdentity.storedID(unid, service: Self.service), code: unid, net: Self.service,
            ids: ",\(EventIdentity.storedID(unid, service: Self.service)),", magnitude: magnitude,
            magType: text("magtype") ?? "", place: place,
            time: Date(epochMilliseconds: time), updated: Date(epochMilliseconds: max(updated, time)),
            depth: number("depth") ?? 0, latitude: latitude, longitude: longitude,
            type: Self.eventType(text("evtype")),
            title: magnitude == nil ? place : "",   // with one, the derived title
            url: EventPageURL.of(unid, service: Self.service))
        quake.locationSource = text("auth")
        quake.magSource = text("auth")
        quake.catalog = text("source_catalog")
        quake.contributor = "EMSC"
        self.action = action
        self.quake = quake
    }

    /// EMSC's event type codes (QuakeML's, abbreviated: `ke` known
    /// earthquake, `se` suspected, `qb` quarry blast…) as USGS names them.
    static func eventType(_ code: String?) -> String {
        switch code?.lowercased() {
        case nil, "ke", "se": "earthquake"
        case "ki", "si": "induced or triggered event"
        case "kr", "sr": "rock burst"
        case "qb", "sqb": "quarry blast"
        case "kx", "sx", "nx": "explosion"
        case "ls": "landslide"
        case let other?: other
        }
    }
}
