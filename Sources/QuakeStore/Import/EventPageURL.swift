import Foundation

/// The web page of an FDSN service's event, for the services whose event
/// pages have a known address; empty for the others (the text and QuakeML
/// answers carry no page address).
public enum EventPageURL {
    /// USGS ComCat's page of an event (also the summary feeds' `url`).
    public static func comCat(_ id: String) -> String { comCatPrefix + id }
    static let comCatPrefix = "https://earthquake.usgs.gov/earthquakes/eventpage/"


    public static func of(_ eventID: String, service: String) -> String {
        let id = eventID.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "?", "/", "#"])) ?? eventID
        switch service {
        case EventIdentity.comCat: return comCat(id)
        case "emsc": return "https://www.seismicportal.eu/eventdetails.html?unid=\(id)"
        case "ingv": return "https://terremoti.ingv.it/event/\(id)"
        case "geonet": return "https://www.geonet.org.nz/earthquake/\(id)"
        default: return ""
        }
    }
}
