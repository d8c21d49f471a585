import Foundation

/// What the QuakeML reader keeps of one `event` element while it reads it,
/// and the quake it makes. Only the current event is held: the file is
/// never held as a tree.
struct QuakeMLEvent {
    struct Origin {
        var publicID = ""
        var time: (milliseconds: Int64, text: String)?
        var latitude, longitude: Double?
        /// Metres below sea level, as QuakeML gives depths.
        var depthMetres: Double?
        var evaluationMode = "", evaluationStatus = ""
        var agencyID = ""
        /// Metres, as QuakeML gives them.
        var depthUncertaintyMetres, horizontalUncertaintyMetres: Double?
        var standardError, azimuthalGap, minimumDistance: Double?
        var usedStationCount: Double?
    }

    struct Magnitude {
        var publicID = ""
        var value: Double?
        var type = ""
        var uncertainty, stationCount: Double?
        var agencyID = ""
    }

    var publicID = ""
    var preferredOriginID = "", preferredMagnitudeID = ""
    var type = ""
    var descriptions: [(text: String, type: String)] = []
    var origins: [Origin] = []
    var magnitudes: [Magnitude] = []
    var creationTime: (milliseconds: Int64, text: String)?
    var agencyID = ""

    /// The preferred origin, else the first (a preferred id that names no
    /// origin of the event falls back too).
    var origin: Origin? {
        origins.first { !preferredOriginID.isEmpty && $0.publicID == preferredOriginID } ?? origins.first
    }

    var magnitude: Magnitude? {
        magnitudes.first { !preferredMagnitudeID.isEmpty && $0.publicID == preferredMagnitudeID } ?? magnitudes.first
    }

    /// The place: the description services give as the event's name
    /// (USGS `earthquake name`, INGV and GFZ `region name`, EMSC, IRIS and
    /// ISC `Flinn-Engdahl region`), else the first.
    var place: String {
        for kind in ["earthquake name", "region name", "Flinn-Engdahl region"] {
            if let found = descriptions.first(where: { $0.type == kind }) { return found.text }
        }
        return descriptions.first?.text ?? ""
    }

    /// The event as a quake, or why it cannot be one. `service` is the one
    /// the caller was told, if any.
    func parsed(service givenService: String?) -> ParsedEvent {
        guard let eventID = QuakeMLIdentity.eventID(fromPublicID: publicID) else {
            return .skipped(reason: publicID.isEmpty ? "missing id" : "no event id in publicID \"\(publicID.prefix(80))\"")
        }
        let service = givenService ?? QuakeMLIdentity.service(fromPublicID: publicID)
        let id = EventIdentity.storedID(eventID, service: service)
        guard let origin else { return .skipped(reason: "missing origin") }
        guard let time = origin.time else { return .skipped(reason: "missing time") }
        if let problem = TimeCheck.problem("time", text: time.text, milliseconds: time.milliseconds)
            ?? creationTime.flatMap({ TimeCheck.problem("updated time", text: $0.text, milliseconds: $0.milliseconds) }) {
            return .skipped(reason: problem)
        }
        guard let latitude = origin.latitude, let longitude = origin.longitude else { return .skipped(reason: "missing coordinates") }
        let depth = (origin.depthMetres ?? 0) / 1000
        let magnitude = self.magnitude
        if let problem = CoordinateCheck.problem(longitude: longitude, latitude: latitude, depth: depth)
            ?? MagnitudeCheck.problem(magnitude?.value) {
            return .skipped(reason: problem)
        }
        let place = self.place
        var quake = Quake(
            id: id, code: eventID, net: (agencyID.isEmpty ? origin.agencyID : agencyID).lowercased(), ids: ",\(id),",
            magnitude: magnitude?.value, magType: magnitude?.type ?? "", place: place,
            time: Date(epochMilliseconds: time.milliseconds),
            updated: Date(epochMilliseconds: (creationTime ?? time).milliseconds),
            depth: depth, latitude: latitude, longitude: longitude,
            status: Self.status(mode: origin.evaluationMode, status: origin.evaluationStatus),
            type: type.isEmpty ? "earthquake" : type)   // title and url derived (`Quake.title`)
        measure(&quake, origin: origin, magnitude: magnitude)
        return .quake(quake)
    }

    /// The origin's and magnitude's quality, in USGS's CSV units:
    /// uncertainties in km, the gap in degrees, the minimum distance in
    /// degrees, the standard error (rms) in seconds.
    private func measure(_ quake: inout Quake, origin: Origin, magnitude: Magnitude?) {
        func known(_ text: String) -> String? { text.isEmpty ? nil : text }
        func count(_ value: Double?) -> Int? { value.flatMap { abs($0) < 9e15 ? Int(exactly: $0) : nil } }
        quake.horizontalError = origin.horizontalUncertaintyMetres.map { $0 / 1000 }
        quake.depthError = origin.depthUncertaintyMetres.map { $0 / 1000 }
        (quake.rms, quake.gap, quake.dmin) = (origin.standardError, origin.azimuthalGap, origin.minimumDistance)
        quake.nst = count(origin.usedStationCount)
        (quake.magError, quake.magNst) = (magnitude?.uncertainty, count(magnitude?.stationCount))
        (quake.locationSource, quake.magSource) = (known(origin.agencyID), magnitude.flatMap { known($0.agencyID) })
        (quake.evaluationMode, quake.evaluationStatus) = (known(origin.evaluationMode), known(origin.evaluationStatus))
    }

    /// ComCat's two statuses from QuakeML's evaluation mode and status: a
    /// manual origin, or one reviewed or final, is `reviewed`; anything
    /// else (automatic, preliminary, confirmed, none given) `automatic`.
    static func status(mode: String, status: String) -> String {
        mode == "manual" || status == "reviewed" || status == "final" ? "reviewed" : "automatic"
    }
}

/// An event's id and service from its QuakeML `publicID`.
enum QuakeMLIdentity {
    /// The `eventid=` query item when there is one (USGS
    /// `…/query?eventid=ci14517572&format=quakeml`, INGV `…?eventId=863301`),
    /// else the last path component, or what follows `=` in it (ISC
    /// `smi:ISC/evid=600516599`). Nil when the publicID is empty, and when
    /// it is a service's `…/query?…` naming no event (`eventid=` empty):
    /// the path's `query` names the service's endpoint, not the event, and
    /// every such event would be stored as the one quake `query`.
    static func eventID(fromPublicID publicID: String) -> String? {
        let parts = publicID.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].lowercased() == "eventid", !pair[1].isEmpty { return String(pair[1]) }
            }
            if parts[0].split(separator: "/").last == "query" { return nil }
        }
        guard var last = parts[0].split(separator: "/").last else { return nil }
        if let equals = last.lastIndex(of: "=") { last = last[last.index(after: equals)...] }
        if parts[0].split(separator: "/").count == 1, let colon = last.firstIndex(of: ":") {
            last = last[last.index(after: colon)...]   // `smi:12345`: the scheme is no part of the id
        }
        return last.isEmpty ? nil : String(last)
    }

    /// A known service by host (`EventIdentity`); any other host is named
    /// by its first label, lower-cased (`smi:ISC/…` → `isc`,
    /// `quakeml:eu.emsc/…` → `eu`), so its ids still never collide with
    /// ComCat's. Without a host at all: `unknown`.
    static func service(fromPublicID publicID: String) -> String {
        if let known = EventIdentity.service(fromPublicID: publicID) { return known }
        var rest = Substring(publicID)
        if let colon = rest.firstIndex(of: ":") { rest = rest[rest.index(after: colon)...] }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        let host = rest.prefix { $0 != "/" && $0 != "?" }
        guard rest.contains("/") || rest.contains("?"), let label = host.split(separator: ".").first else { return "unknown" }
        return label.lowercased()
    }
}
