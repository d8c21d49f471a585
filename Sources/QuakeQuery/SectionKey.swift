import QuakeStore

/// How results are grouped, like `SectionedFetchRequest`'s section
/// identifier: each section is a run of rows sharing one value.
public enum SectionKey: String, Sendable, Hashable, CaseIterable {
    case day
    /// Floor of the magnitude (M4 holds 4.0 to 4.99); unknown magnitudes are their own section.
    case magnitudeBand
    case network
    case type
    /// The current declustering's sequences: each quake under its
    /// mainshock (`SequenceTable`), titled by the mainshock's day,
    /// magnitude, place and id; quakes no method saw last.
    case sequence

    /// The SQL expression rows are grouped by.
    var sqlExpression: String {
        switch self {
        case .day: "day"
        case .magnitudeBand: Schema.magnitudeBandSQL
        case .network: "net"
        case .type: "type"
        case .sequence: "sequence.sectionRank"   // the sequence rows are joined in (`QueryPlan.sequenceJoin`)
        }
    }

    /// The field whose sort this section follows in direction.
    var field: QuakeField {
        switch self {
        case .day: .time
        case .magnitudeBand: .magnitude
        case .network: .net
        case .type: .type
        case .sequence: .time
        }
    }

    /// Newest days and biggest bands first unless the user sorts that
    /// column; names A to Z.
    var defaultAscending: Bool {
        switch self {
        case .day, .magnitudeBand, .sequence: false
        case .network, .type: true
        }
    }

    var isNullable: Bool { self == .magnitudeBand || self == .sequence }

    /// The section value of a quake, as `sqlExpression` computes it.
    public func value(of quake: Quake) -> FieldValue {
        switch self {
        case .day: .text(quake.day)
        case .magnitudeBand: .number(quake.magnitude.map(Self.magnitudeBand))
        case .network: .text(quake.net)
        case .type: .text(quake.type)
        case .sequence: .text(quake.sequenceTitle)
        }
    }

    /// The section's name as a user sees it: `2018-06-14`, `M4`, `hv`.
    public func title(for value: FieldValue) -> String {
        switch (self, value) {
        case (.magnitudeBand, .number(let band?)): "M" + Self.bandText(band)
        case (.magnitudeBand, _): "M unknown"
        case (.sequence, .text(nil)): "not declustered"
        case (_, .text(let text?)): text.isEmpty ? "(none)" : text
        case (_, .number(let n?)): String(n)
        default: "(none)"
        }
    }

    /// The band of a magnitude as `Schema.magnitudeBandSQL` computes it: the
    /// floor, except that SQLite's CAST saturates at the 64-bit integer
    /// limits, so a magnitude beyond ±2^63 (garbage a catalog made by an
    /// older version may hold) is in the band ±2^63, as a Double.
    static func magnitudeBand(_ magnitude: Double) -> Double {
        let limit = 0x1p63
        if magnitude >= limit { return limit }
        if magnitude <= -limit { return -limit }
        return magnitude.rounded(.down)
    }

    /// `4`, `-1`; a band too big for an Int (where `Int(_:)` would trap) in
    /// whole digits: `9223372036854775808`.
    private static func bandText(_ band: Double) -> String {
        if let whole = Int(exactly: band) { return String(whole) }
        return band.isFinite ? String(format: "%.0f", band) : "\(band)"
    }

    /// Words for the UI's section cycle and `--section`.
    public var label: String {
        switch self {
        case .day: "day"
        case .magnitudeBand: "magnitude band"
        case .network: "network"
        case .type: "type"
        case .sequence: "sequence"
        }
    }

    /// The `--section` value of this key (what `init(argument:)` reads back).
    public var argument: String {
        switch self {
        case .day: "day"
        case .magnitudeBand: "magnitude"
        case .network: "network"
        case .type: "type"
        case .sequence: "sequence"
        }
    }

    /// Parses `--section` values: day, magnitude (band, mag), network (net), type, sequence.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "day": self = .day
        case "magnitude", "magnitudeband", "band", "mag", "magnitude-band": self = .magnitudeBand
        case "network", "net": self = .network
        case "type": self = .type
        case "sequence", "mainshock": self = .sequence
        default: return nil
        }
    }
}
