import Foundation
import QuakeStore

/// Deterministic synthetic catalogs resampled from the bundled real feed:
/// each row takes a real event's place, net, type, magType and status, with
/// magnitude, coordinates and depth jittered, times spread over ten years
/// and unique ids. The same seed gives the same rows.
struct QuakeGenerator: Sequence {
    let templates: [Quake]
    let rows: Int
    let seed: UInt64
    /// Ten years ending at the newest template.
    static let span: Int64 = 10 * 365 * 86_400_000

    init(templates: [Quake], rows: Int, seed: UInt64) {
        self.templates = templates
        self.rows = rows
        self.seed = seed
    }

    var underestimatedCount: Int { rows }

    func makeIterator() -> AnyIterator<Quake> {
        var random = SplitMix64(seed: seed)
        var index = 0
        let end = (templates.map { $0.time.epochMilliseconds }.max() ?? 0)
        let templates = self.templates
        let rows = self.rows
        return AnyIterator {
            guard index < rows else { return nil }
            defer { index += 1 }
            let base = templates[Int(random.next() % UInt64(templates.count))]
            let time = end - Int64(random.next() % UInt64(Self.span))
            let id = "\(base.net)g\(String(index, radix: 36))"
            let magnitude = base.magnitude.map { Swift.max(-1, ($0 + random.unit() * 0.6 - 0.3) * 100).rounded() / 100 }
            let latitude = Swift.min(90, Swift.max(-90, base.latitude + random.unit() * 0.2 - 0.1))
            let longitude = Swift.min(180, Swift.max(-180, base.longitude + random.unit() * 0.2 - 0.1))
            let depth = Swift.max(-3, (base.depth + random.unit() * 4 - 2) * 100).rounded() / 100
            var quake = Quake(
                id: id, code: String(id.dropFirst(base.net.count)), net: base.net, ids: ",\(id),",
                magnitude: magnitude, magType: base.magType, place: base.place,
                time: Date(epochMilliseconds: time), updated: Date(epochMilliseconds: time + 60_000),
                depth: depth, latitude: latitude, longitude: longitude,
                felt: base.felt, cdi: base.cdi, mmi: base.mmi, alert: base.alert, status: base.status,
                tsunami: base.tsunami, sig: base.sig, type: base.type)   // title and url derived
            // What both generated files carry of USGS's measurements (the CSV
            // writes them in its columns, GeoJSON as properties).
            (quake.rms, quake.locationSource, quake.magSource) = (0.1, base.net, base.net)
            return quake
        }
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
