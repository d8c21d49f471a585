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

    /// The list as bytes, and where each place's fields are in them: names
    /// are made into Strings only for the places asked for. Parsed into
    /// Swift values (a Place, a folded String and a dictionary entry
    /// each), the 34,006 places added 10.4 MB to the browsing bench's peak
    /// memory at the first `DISTANCE("Anchorage")`; kept this way, 5.7 MB.
    private let text: [UInt8]
    /// Every place, most populous first.
    private let entries: [Entry]
    /// Every place's folded name, one after another, in `entries`' order:
    /// place i's is `folded[foldedEnds[i - 1] ..< foldedEnds[i]]`.
    private let folded: [UInt8]
    private let foldedEnds: [Int32]
    /// Indexes into `entries` by folded name (bytes), then most populous first.
    private let byName: [Int32]
    /// Folded country name or code ─► the code.
    private let countries: [String: String]

    private struct Entry: Sendable {
        var nameStart: Int32
        var nameLength: Int16
        var countryLength: Int16
        var countryStart: Int32
        var point: GeoPoint
    }

    /// Names people use that GeoNames' English country names do not hold.
    private static let countryAliases = ["usa": "US", "uk": "GB"]

    /// How many places the list holds.
    public var count: Int { entries.count }

    /// The place at `index`, most populous first.
    public func place(at index: Int) -> Place {
        let entry = entries[index]
        return Place(name: string(entry.nameStart, Int(entry.nameLength)), countryCode: countryCode(at: index), point: entry.point)
    }

    /// The places inside a box, most populous first, at most `limit` (a
    /// map's town labels): latitudes `south…north`, longitudes `west…east`
    /// with `east` continued past 180 for a box across the antimeridian
    /// (170…190 holds Fiji's Suva at 178.4° and Samoa's Apia at
    /// −171.8°), edges included. Only the places returned get Strings.
    public func places(south: Double, north: Double, west: Double, east: Double, limit: Int) -> [Place] {
        var found: [Place] = []
        guard limit > 0 else { return found }
        for index in entries.indices {
            let point = entries[index].point
            guard point.latitude >= south, point.latitude <= north else { continue }
            let longitude = point.longitude < west ? point.longitude + 360 : point.longitude
            guard longitude >= west, longitude <= east else { continue }
            found.append(place(at: index))
            if found.count == limit { break }
        }
        return found
    }

    private func string(_ start: Int32, _ length: Int) -> String {
        String(decoding: text[Int(start) ..< Int(start) + length], as: UTF8.self)
    }

    /// The list in the resource's form (see Scripts/derive-gazetteer.sh):
    /// `name TAB latitude TAB longitude TAB country` lines, `=CODE TAB
    /// country name` lines, `#` comments.
    init(bytes: [UInt8]) throws {
        var entries: [Entry] = [], folded: [UInt8] = [], foldedEnds: [Int32] = []
        var countries = Self.countryAliases
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
            var fields: [Range<Int>] = []
            var fieldStart = lineStart
            for i in lineStart ... lineEnd where i == lineEnd || bytes[i] == UInt8(ascii: "\t") {
                fields.append(fieldStart ..< i)
                fieldStart = i + 1
            }
            func field(_ n: Int) -> String { String(decoding: bytes[fields[n]], as: UTF8.self) }
            if bytes[lineStart] == UInt8(ascii: "="), fields.count == 2 {
                let code = String(field(0).dropFirst())
                countries[TextFolding.fold(code)] = code
                countries[TextFolding.fold(field(1))] = code
                continue
            }
            guard fields.count == 4, let latitude = Double(field(1)), let longitude = Double(field(2)),
                  let point = GeoPoint(checkingLatitude: latitude, longitude: longitude),
                  fields[0].count <= Int(Int16.max), fields[3].count <= Int(Int16.max), lineEnd <= Int(Int32.max) else {
                let line = String(decoding: bytes[lineStart ..< lineEnd], as: UTF8.self)
                throw GazetteerError.unavailable("bad line: \(line.prefix(80))")
            }
            entries.append(Entry(nameStart: Int32(fields[0].lowerBound), nameLength: Int16(fields[0].count),
                                 countryLength: Int16(fields[3].count), countryStart: Int32(fields[3].lowerBound),
                                 point: point))
            folded.append(contentsOf: TextFolding.fold(field(0)).utf8)
            foldedEnds.append(Int32(folded.count))
        }
        text = bytes
        self.entries = entries
        self.folded = folded
        self.foldedEnds = foldedEnds
        self.countries = countries
        // Sorted by folded name, ties in list order (most populous first).
        byName = (0 ..< Int32(entries.count)).sorted { a, b in
            let x = Self.foldedName(Int(a), folded, foldedEnds), y = Self.foldedName(Int(b), folded, foldedEnds)
            return x == y ? a < b : x.lexicographicallyPrecedes(y)
        }
    }

    /// The bundled list, read once on first use.
    public static let bundled: Result<Gazetteer, GazetteerError> = loadBundled()

    private static func loadBundled() -> Result<Gazetteer, GazetteerError> {
        guard let url = BundledGazetteer.url, let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(.unavailable("\(BundledGazetteer.fileName) is missing"))
        }
        do { return .success(try Gazetteer(bytes: [UInt8](data))) } catch {
            return .failure(error as? GazetteerError ?? .unavailable("\(error)"))
        }
    }

    /// Place `index`'s folded name.
    private func foldedName(_ index: Int) -> ArraySlice<UInt8> { Self.foldedName(index, folded, foldedEnds) }

    private static func foldedName(_ index: Int, _ folded: [UInt8], _ ends: [Int32]) -> ArraySlice<UInt8> {
        folded[(index == 0 ? 0 : Int(ends[index - 1])) ..< Int(ends[index])]
    }

    /// Place `index`'s country code, without making its name.
    private func countryCode(at index: Int) -> String {
        string(entries[index].countryStart, Int(entries[index].countryLength))
    }

    /// The indexes of the places whose folded name is `name`, most populous first.
    private func indexes(named name: String) -> [Int] {
        let wanted = Array(TextFolding.fold(name).utf8)
        // The first position whose name is not below the wanted one.
        var low = 0, high = byName.count
        while low < high {
            let middle = (low + high) / 2
            if foldedName(Int(byName[middle])).lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        while low < byName.count, foldedName(Int(byName[low])).elementsEqual(wanted) {
            found.append(Int(byName[low]))
            low += 1
        }
        return found
    }

    /// The longest name `place(named:)` looks up, its country included: the
    /// list's longest name is 57 characters. Suggestions for an unknown name cost
    /// about 1 ms a character (an edit distance to each of 34,006 names):
    /// 16 s for a 16,000-character name, hours for a 50 MB `home`.
    public static let maximumNameLength = 200

    /// The place `text` names: a name, or a name, a comma and a country.
    public func place(named text: String) throws(GazetteerError) -> Place {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyName }
        let length = trimmed.count
        guard length <= Self.maximumNameLength else { throw .nameTooLong(length) }
        // A whole name first: some hold a comma (`Misato, Saitama`).
        if let first = indexes(named: trimmed).first { return place(at: first) }
        guard let comma = trimmed.lastIndex(of: ",") else {
            throw .unknownPlace(trimmed, closest: closestNames(to: trimmed, in: nil))
        }
        let name = trimmed[..<comma].trimmingCharacters(in: .whitespaces)
        let qualifier = trimmed[trimmed.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        guard let code = countries[TextFolding.fold(qualifier)] else { throw .unknownCountry(qualifier) }
        if let index = indexes(named: name).first(where: { countryCode(at: $0) == code }) {
            return place(at: index)
        }
        throw .unknownPlace(trimmed, closest: closestNames(to: name, in: code))
    }

    /// Up to three names nearest to `text` by edit distance (of their folded
    /// forms; the more populous first among equals), as `"Anchorage" (US)`.
    func closestNames(to text: String, in countryCode: String?, count: Int = 3) -> [String] {
        let wanted = Array(TextFolding.fold(text).unicodeScalars)
        var best: [(distance: Int, index: Int)] = []
        var seen: Set<ArraySlice<UInt8>> = []
        for index in entries.indices {
            if let countryCode, self.countryCode(at: index) != countryCode { continue }
            let name = foldedName(index)
            guard !seen.contains(name) else { continue }
            let limit = best.count < count ? Int.max : best[best.count - 1].distance
            let scalars = Array(String(decoding: name, as: UTF8.self).unicodeScalars)
            // The length difference alone already costs this much.
            guard abs(scalars.count - wanted.count) < limit else { continue }
            let distance = editDistance(wanted, scalars)
            guard distance < limit else { continue }
            seen.insert(name)
            best.append((distance, index))
            best.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
            if best.count > count { best.removeLast() }
        }
        return best.map { "\"\(place(at: $0.index).name)\" (\(place(at: $0.index).countryCode))" }
    }
}

/// Why a place could not be found.
public enum GazetteerError: Error, Equatable, CustomStringConvertible, Sendable {
    case emptyName
    /// Longer than `Gazetteer.maximumNameLength` characters: looked up, never suggested for.
    case nameTooLong(Int)
    case unknownPlace(String, closest: [String])
    case unknownCountry(String)
    /// The bundled list cannot be read (a broken installation).
    case unavailable(String)

    public var description: String {
        switch self {
        case .emptyName: "a place needs a name"
        case .nameTooLong(let length): "place name too long (\(length) characters; at most \(Gazetteer.maximumNameLength))"
        case .unknownPlace(let name, let closest):
            "unknown place \"\(name)\"" + (closest.isEmpty ? "" : "; closest: \(closest.joined(separator: ", "))")
        case .unknownCountry(let name):
            "unknown country \"\(name)\"; after the comma give a country's name or two-letter code (\"United States\", \"US\")"
        case .unavailable(let why): "the place list cannot be read: \(why)"
        }
    }
}
