import BundledData
import Foundation
import QuakeStore

/// Places by name, for `DISTANCE("Anchorage")` and `home = "Tokyo"`: the
/// bundled GeoNames list (place data © GeoNames, CC BY 4.0), most populous
/// first. A name matches whatever its case and accents (`zurich` finds
/// Zürich); the most populous place of that name wins; `Springfield, US` or
/// `Springfield, United States` narrows it to a country.
public struct Gazetteer: Sendable {
    public struct Place: Sendable, Hashable {
        public var name: String
        public var countryCode: String
        public var point: GeoPoint
    }

    /// Every place, most populous first.
    public let places: [Place]
    /// Each place's name folded, as `places` orders them.
    private let foldedNames: [String]
    /// Folded name ─► indexes into `places`, most populous first.
    private let byName: [String: [Int]]
    /// Folded country name or code ─► the code.
    private let countries: [String: String]

    /// Names people use that GeoNames' English country names do not hold.
    private static let countryAliases = ["usa": "US", "uk": "GB"]

    /// The list in the resource's form (see Scripts/derive-gazetteer.sh).
    init(text: String) throws {
        var places: [Place] = [], foldedNames: [String] = [], byName: [String: [Int]] = [:]
        var countries = Self.countryAliases
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if line.hasPrefix("="), fields.count == 2 {
                let code = String(fields[0].dropFirst())
                countries[TextFolding.fold(code)] = code
                countries[TextFolding.fold(String(fields[1]))] = code
                continue
            }
            guard fields.count == 4, let latitude = Double(fields[1]), let longitude = Double(fields[2]),
                  let point = GeoPoint(checkingLatitude: latitude, longitude: longitude) else {
                throw GazetteerError.unavailable("bad line: \(line.prefix(80))")
            }
            let folded = TextFolding.fold(String(fields[0]))
            byName[folded, default: []].append(places.count)
            foldedNames.append(folded)
            places.append(Place(name: String(fields[0]), countryCode: String(fields[3]), point: point))
        }
        self.places = places
        self.foldedNames = foldedNames
        self.byName = byName
        self.countries = countries
    }

    /// The bundled list, read once on first use.
    public static let bundled: Result<Gazetteer, GazetteerError> = loadBundled()

    private static func loadBundled() -> Result<Gazetteer, GazetteerError> {
        guard let url = BundledGazetteer.url, let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(.unavailable("\(BundledGazetteer.fileName) is missing"))
        }
        do { return .success(try Gazetteer(text: String(decoding: data, as: UTF8.self))) } catch {
            return .failure(error as? GazetteerError ?? .unavailable("\(error)"))
        }
    }

    /// The place `text` names: a name, or a name, a comma and a country.
    public func place(named text: String) throws(GazetteerError) -> Place {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyName }
        // A whole name first: some hold a comma (`Misato, Saitama`).
        if let first = byName[TextFolding.fold(trimmed)]?.first { return places[first] }
        guard let comma = trimmed.lastIndex(of: ",") else {
            throw .unknownPlace(trimmed, closest: closestNames(to: trimmed, in: nil))
        }
        let name = trimmed[..<comma].trimmingCharacters(in: .whitespaces)
        let qualifier = trimmed[trimmed.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        guard let code = countries[TextFolding.fold(qualifier)] else { throw .unknownCountry(qualifier) }
        if let index = byName[TextFolding.fold(name)]?.first(where: { places[$0].countryCode == code }) {
            return places[index]
        }
        throw .unknownPlace(trimmed, closest: closestNames(to: name, in: code))
    }

    /// Up to three names nearest to `text` by edit distance (of their folded
    /// forms; the more populous first among equals), as `"Anchorage" (US)`.
    func closestNames(to text: String, in countryCode: String?, count: Int = 3) -> [String] {
        let wanted = Array(TextFolding.fold(text).unicodeScalars)
        var best: [(distance: Int, index: Int)] = []
        var seen: Set<String> = []
        for (index, place) in places.enumerated() where countryCode == nil || place.countryCode == countryCode {
            let folded = foldedNames[index]
            guard !seen.contains(folded) else { continue }
            let limit = best.count < count ? Int.max : best[best.count - 1].distance
            let scalars = Array(folded.unicodeScalars)
            // The length difference alone already costs this much.
            guard abs(scalars.count - wanted.count) < limit else { continue }
            let distance = editDistance(wanted, scalars)
            guard distance < limit else { continue }
            seen.insert(folded)
            best.append((distance, index))
            best.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
            if best.count > count { best.removeLast() }
        }
        return best.map { "\"\(places[$0.index].name)\" (\(places[$0.index].countryCode))" }
    }
}

/// Why a place could not be found.
public enum GazetteerError: Error, Equatable, CustomStringConvertible, Sendable {
    case emptyName
    case unknownPlace(String, closest: [String])
    case unknownCountry(String)
    /// The bundled list cannot be read (a broken installation).
    case unavailable(String)

    public var description: String {
        switch self {
        case .emptyName: "a place needs a name"
        case .unknownPlace(let name, let closest):
            "unknown place \"\(name)\"" + (closest.isEmpty ? "" : "; closest: \(closest.joined(separator: ", "))")
        case .unknownCountry(let name):
            "unknown country \"\(name)\"; after the comma give a country's name or two-letter code (\"United States\", \"US\")"
        case .unavailable(let why): "the place list cannot be read: \(why)"
        }
    }
}
