import Foundation

/// The id an event from an FDSN event service is stored under, so ids never
/// collide across services and USGS ComCat's events merge with the summary
/// feeds: a ComCat event keeps its bare id (`ci14517572`); an event of any
/// other service is `SERVICE:ID` (`ingv:863301`, `emsc:20240101_0000123`,
/// `isc:600516599`).
///
/// Which service a file comes from: `import --service NAME`, else QuakeML's
/// `publicID` host, else the FDSN text's Catalog (then Contributor, then
/// Author) column when it names a service; anything else is taken for ComCat, whose
/// Catalog column holds the contributing network (`hv`, `ci`, `us`).
public enum EventIdentity {
    /// The services quakes-tui knows by name, with their hosts and the
    /// names their catalogs go by in FDSN text answers.
    public static let services: [(name: String, hosts: [String], catalogs: [String])] = [
        ("usgs", ["earthquake.usgs.gov"], ["USGS", "COMCAT", "NEIC"]),
        // EMSC's QuakeML publicIDs name `eu.emsc` (`quakeml:eu.emsc/event/20240101_0000123`).
        ("emsc", ["www.seismicportal.eu", "seismicportal.eu", "eu.emsc"], ["EMSC", "EMSC-RTS"]),
        // SeisComP writes its agency's name backwards: GEOFON's publicIDs are
        // `smi:org.gfz-potsdam.de/geofon/gfz2021eomm`, GeoNet's `smi:nz.org.geonet/2016p858000`.
        ("gfz", ["geofon.gfz-potsdam.de", "geofon.gfz.de", "org.gfz-potsdam.de"], ["GFZ", "GEOFON"]),
        ("ingv", ["webservices.ingv.it"], ["INGV"]),
        ("isc", ["www.isc.ac.uk", "isc-mirror.iris.washington.edu"], ["ISC"]),
        ("geonet", ["service.geonet.org.nz", "nz.org.geonet"], ["GEONET", "GNS"]),
        ("iris", ["service.iris.edu"], ["IRIS"]),
    ]

    /// `usgs` for ComCat.
    public static let comCat = "usgs"

    /// The stored id of event `eventID` of `service` (a name from
    /// `services`, or any other lower-case name): bare for ComCat.
    public static func storedID(_ eventID: String, service: String) -> String {
        service == comCat ? eventID : "\(service):\(eventID)"
    }

    /// The service a stored id is of: the part before `:`, else ComCat.
    public static func provider(ofStoredID id: String) -> String {
        guard let colon = id.utf8.firstIndex(of: UInt8(ascii: ":")) else { return comCat }
        return String(id[..<colon])
    }

    /// Whether the stored id is of `provider`, without making a String.
    static func storedID(_ id: String, isOf provider: String) -> Bool {
        guard let colon = id.utf8.firstIndex(of: UInt8(ascii: ":")) else { return provider == comCat }
        return id.utf8[..<colon].elementsEqual(provider.utf8)
    }

    /// The service whose host a QuakeML `publicID` names
    /// (`quakeml:earthquake.usgs.gov/fdsnws/…`, `smi:webservices.ingv.it/…`),
    /// nil when the host is not a known service's.
    public static func service(fromPublicID publicID: String) -> String? {
        var rest = Substring(publicID)
        if let colon = rest.firstIndex(of: ":") { rest = rest[rest.index(after: colon)...] }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        let host = rest.prefix { $0 != "/" && $0 != "?" }.lowercased()
        return services.first { $0.hosts.contains(host) }?.name
    }

    /// The service an FDSN text row's Catalog or Contributor names, else
    /// one its Author names in a word of its own (INGV leaves Catalog and
    /// Contributor empty and writes `SURVEY-INGV`); nil when none names one
    /// (ComCat writes networks there).
    public static func service(catalog: String?, contributor: String?, author: String?) -> String? {
        for value in [catalog, contributor].compactMap({ $0?.trimmingCharacters(in: .whitespaces).uppercased() })
        where !value.isEmpty {
            if let found = services.first(where: { $0.catalogs.contains(value) }) { return found.name }
        }
        let words = (author ?? "").uppercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        return services.first { service in words.contains { service.catalogs.contains($0) } }?.name
    }

    /// `--service NAME`: a known service's name, any case.
    public static func knownService(_ name: String) -> String? {
        services.first { $0.name == name.lowercased() }?.name
    }
}
