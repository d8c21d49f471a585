import Foundation

/// One agency's report of a quake, as association sees it: who reported it
/// (`source`, an agency's network code) under which id (`code`), both
/// lowercased (PDL's products write `US`/`C00053HG` for ComCat's
/// `usc00053hg`), when and where, and its magnitude.
public struct OriginReport: Sendable, Hashable {
    public var source: String
    public var code: String
    /// Epoch milliseconds.
    public var time: Int64
    public var latitude: Double
    public var longitude: Double
    public var magnitude: Double?

    public init(source: String, code: String, time: Int64, latitude: Double, longitude: Double, magnitude: Double? = nil) {
        self.init(lowercased: source.lowercased(), code: code.lowercased(), time: time, latitude: latitude, longitude: longitude,
                  magnitude: magnitude)
    }

    /// A source and code already in lower case (the catalog's stored ids):
    /// not copied again for every candidate.
    init(lowercased source: String, code: String, time: Int64, latitude: Double, longitude: Double, magnitude: Double?) {
        self.source = source; self.code = code; self.time = time
        self.latitude = latitude; self.longitude = longitude; self.magnitude = magnitude
    }
}

/// How close two origins must be to be reports of one event. The defaults
/// are USGS PDL's (`DefaultAssociator.java`): 16 s, and a box of ±0.9°
/// latitude by ±0.9°/cos(latitude) longitude (its "100 km": 100 / 111.12 km
/// a degree), no magnitude test. libcomcat adds ±0.5 magnitude; SEISAN's
/// windows grow with magnitude (`kilometresPerMagnitude`).
public struct AssociationWindows: Sendable, Hashable {
    public var seconds: Double
    /// The half-side of the box, in kilometres of 111.12 to the degree.
    public var kilometres: Double
    /// Nil: magnitudes are not compared (PDL).
    public var magnitude: Double?
    /// Kilometres the box grows per unit of the larger magnitude above 5
    /// (a great quake's agencies place it tens of kilometres apart); 0: fixed.
    public var kilometresPerMagnitude: Double

    public init(seconds: Double = 16, kilometres: Double = 100, magnitude: Double? = nil, kilometresPerMagnitude: Double = 0) {
        self.seconds = seconds; self.kilometres = kilometres; self.magnitude = magnitude
        self.kilometresPerMagnitude = kilometresPerMagnitude
    }

    public static let pdl = AssociationWindows()

    /// PDL's kilometres to the degree.
    public static let kilometresPerDegree = 111.12

    /// The box's half-side in degrees of latitude for two origins'
    /// magnitudes (the larger counts).
    public func degrees(_ a: Double?, _ b: Double?) -> Double {
        let largest = max(a ?? -.infinity, b ?? -.infinity)
        let growth = largest.isFinite ? kilometresPerMagnitude * max(0, largest - 5) : 0
        return (kilometres + growth) / Self.kilometresPerDegree
    }

    /// The widest box any pair can have, for a candidate query: the box
    /// at magnitude 10.
    public var widestDegrees: Double { degrees(10, nil) }
}

/// An event as association sees it: its preferred origin, and the
/// (source, code) of every origin it holds.
public struct AssociatedEvent: Sendable, Hashable {
    public var preferred: OriginReport
    public var origins: Set<OriginKey>

    public init(preferred: OriginReport, origins: Set<OriginKey>) {
        self.preferred = preferred
        self.origins = origins
    }

    public struct OriginKey: Sendable, Hashable {
        public var source: String
        public var code: String
        public init(source: String, code: String) { self.init(lowercased: source.lowercased(), code: code.lowercased()) }

        init(lowercased source: String, code: String) { self.source = source; self.code = code }
    }
}

/// Which event an incoming origin belongs to, by PDL's rules:
/// 1. an event already holding this source and code is its event;
/// 2. candidates are the events whose preferred origin is within the time
///    window and the box (latitude ±d, longitude ±d/cos(latitude) at the
///    incoming origin's latitude, any longitude within 1° of a pole; taken
///    the short way round 180°, where PDL's box stops), and within the
///    magnitude window when one is set;
/// 3. a candidate holding another origin of the same source is dropped
///    (one agency never reports one quake twice);
/// 4. of several, the nearest by √((Δlat/d)² + (Δlon/d)² + (Δt/window)²),
///    Δlon in plain degrees as PDL computes it.
public struct EventAssociator: Sendable {
    public var windows: AssociationWindows

    public init(windows: AssociationWindows = .pdl) { self.windows = windows }

    /// The index in `events` of the event `origin` joins, nil for a new event.
    public func event(for origin: OriginReport, among events: [AssociatedEvent]) -> Int? {
        let key = AssociatedEvent.OriginKey(lowercased: origin.source, code: origin.code)   // as the report holds them
        if let same = events.firstIndex(where: { $0.origins.contains(key) }) { return same }
        var best: (index: Int, distance: Double)?
        for (index, event) in events.enumerated() where isCandidate(event.preferred, for: origin) {
            guard !event.origins.contains(where: { $0.source == origin.source && $0.code != origin.code }) else { continue }
            let distance = normalisedDistance(event.preferred, origin)
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        return best?.index
    }

    /// Within the time window, the box and the magnitude window.
    public func isCandidate(_ preferred: OriginReport, for origin: OriginReport) -> Bool {
        guard abs(Double(preferred.time - origin.time)) <= windows.seconds * 1000 else { return false }
        let degrees = windows.degrees(preferred.magnitude, origin.magnitude)
        guard abs(preferred.latitude - origin.latitude) <= degrees else { return false }
        if abs(origin.latitude) < 89 {
            let across = degrees / cos(origin.latitude * .pi / 180)
            guard Self.longitudeDifference(preferred.longitude, origin.longitude) <= across else { return false }
        }
        if let window = windows.magnitude, let a = preferred.magnitude, let b = origin.magnitude, abs(a - b) > window {
            return false
        }
        return true
    }

    /// PDL's similarity: the smaller, the closer.
    public func normalisedDistance(_ a: OriginReport, _ b: OriginReport) -> Double {
        let degrees = windows.degrees(a.magnitude, b.magnitude)
        let dLat = (a.latitude - b.latitude) / degrees
        let dLon = Self.longitudeDifference(a.longitude, b.longitude) / degrees
        let dTime = Double(a.time - b.time) / (windows.seconds * 1000)
        return (dLat * dLat + dLon * dLon + dTime * dTime).squareRoot()
    }

    /// Degrees between two longitudes the short way round.
    static func longitudeDifference(_ a: Double, _ b: Double) -> Double {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference)
    }
}
