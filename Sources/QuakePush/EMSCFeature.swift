import Foundation
import QuakeStore

/// One event as EMSC writes it in GeoJSON: the Feature of a push message's
/// `data`, and of its FDSN service's `format=json` answer (the same shape:
/// properties `unid, time, lastupdate, lat, lon, depth, mag, magtype,
/// evtype, auth, source_id, source_catalog, flynn_region`, read by key:
/// their order differs between years). Both read through here, so a report
/// that came both ways is one row with one clock for `updated`.
public enum EMSCFeature {
    /// Why a Feature is no quake, in a few words.
    public struct Unreadable: Error, Equatable {
        public let reason: String
    }

    /// The service the events belong to: stored as `fetch --service emsc`
    /// stores the same event (`emsc:<unid>`).
    public static let service = "emsc"

    /// The Feature's quake: `updated` is its `lastupdate`.
    public static func quake(_ feature: [String: Any]) throws(Unreadable) -> Quake {
        guard let properties = feature["properties"] as? [String: Any] else {
            throw Unreadable(reason: "a Feature without properties")
        }
        func number(_ key: String) -> Double? { (properties[key] as? NSNumber)?.doubleValue }
        func text(_ key: String) -> String? { (properties[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        guard let unid = text("unid") ?? (feature["id"] as? String) else { throw Unreadable(reason: "no \"unid\"") }
        guard let timeText = text("time"), let time = ISOTime.epochMilliseconds(timeText) else {
            throw Unreadable(reason: "event \(unid): no ISO 8601 \"time\"")
        }
        guard let latitude = number("lat"), let longitude = number("lon"), (-90...90).contains(latitude),
              (-180...180).contains(longitude) else {
            throw Unreadable(reason: "event \(unid): no \"lat\" and \"lon\" within ±90 and ±180")
        }
        let updated = text("lastupdate").flatMap(ISOTime.epochMilliseconds) ?? time
        let magnitude = number("mag").flatMap { MagnitudeCheck.range.contains($0) ? $0 : nil }
        let place = text("flynn_region") ?? ""
        var quake = Quake(
            id: EventIdentity.storedID(unid, service: service), code: unid, net: service,
            ids: ",\(EventIdentity.storedID(unid, service: service)),", magnitude: magnitude,
            magType: text("magtype") ?? "", place: place,
            time: Date(epochMilliseconds: time), updated: Date(epochMilliseconds: max(updated, time)),
            depth: number("depth") ?? 0, latitude: latitude, longitude: longitude,
            type: eventType(text("evtype")),
            title: magnitude == nil ? place : "",   // with one, the derived title
            url: EventPageURL.of(unid, service: service))
        quake.locationSource = text("auth")
        quake.magSource = text("auth")
        quake.catalog = text("source_catalog")
        quake.contributor = "EMSC"
        return quake
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
