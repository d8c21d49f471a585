import Foundation
import QuakeStore

/// The quake fields of the query layer: each field a user can filter or sort
/// on, its column, its type, and how to read it from a `Quake`; and the
/// table they live in. Not the only file that knows quakes: `SectionKey`
/// names quake columns and the magnitude band, `QueryPlan` reads the
/// `quakePlace` and `quakeDay` count tables, the predicate compiler
/// `quakePlace`, `placeFolded` and `quake_matches`, `AggregateGroup` knows
/// times are epoch milliseconds, and `ResultsController` reads `quakeDay`
/// and `changedAt`. A second entity
/// would need its own of each, not only a second file like this one.
public struct QuakeField: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case text
        case number
        /// Epoch milliseconds in SQL; ISO 8601 strings and `Date`s in predicates.
        case time
    }

    /// The canonical name (`magnitude`), as predicates and `--sort` spell it.
    public let name: String
    public let aliases: [String]
    /// The SQL column filters compare.
    public let column: String
    /// The SQL column sorting uses (place sorts by its folded form).
    public let sortColumn: String
    public let kind: Kind
    public let isNullable: Bool
    public let isSortable: Bool
    /// The field as a typed key path, for `SortDescriptor<Quake>`; nil for
    /// a computed field (`DISTANCE(…)`), which no descriptor can name.
    public let keyPath: (PartialKeyPath<Quake> & Sendable)?
    /// For `DISTANCE(…)`: the point it measures from (the SQL plans a
    /// bounding box around it).
    public let distanceOrigin: GeoPoint?
    private let read: @Sendable (Quake) -> FieldValue
    private let makeDescriptor: (@Sendable (SortOrder) -> SortDescriptor<Quake>)?

    public var description: String { name }

    /// The column too: `DISTANCE()` names home, wherever home is.
    public static func == (a: QuakeField, b: QuakeField) -> Bool { a.name == b.name && a.column == b.column }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The field's value in a quake, as SQL holds it.
    public func value(of quake: Quake) -> FieldValue { read(quake) }

    /// The value `sortColumn` holds (place's folded form).
    public func sortValue(of quake: Quake) -> FieldValue {
        self == .place ? .text(quake.placeFolded) : read(quake)
    }

    public func sortDescriptor(_ order: SortOrder) -> SortDescriptor<Quake>? { makeDescriptor?(order) }

    // MARK: The fields

    private init(_ name: String, aliases: [String] = [], column: String? = nil, sortColumn: String? = nil,
                 kind: Kind, nullable: Bool = false, keyPath: PartialKeyPath<Quake> & Sendable,
                 descriptor: (@Sendable (SortOrder) -> SortDescriptor<Quake>)? = nil,
                 read: @escaping @Sendable (Quake) -> FieldValue) {
        self.name = name; self.aliases = aliases
        self.column = column ?? name; self.sortColumn = sortColumn ?? column ?? name
        self.kind = kind; self.isNullable = nullable; self.isSortable = descriptor != nil
        self.keyPath = keyPath; self.makeDescriptor = descriptor; self.read = read
        distanceOrigin = nil
    }

    /// A computed value (a number never NULL unless said): `expression` is its SQL.
    init(computed name: String, expression: String, distanceOrigin: GeoPoint?, sortable: Bool = true,
         kind: Kind = .number, nullable: Bool = false, read: @escaping @Sendable (Quake) -> FieldValue) {
        self.name = name; aliases = []
        column = expression; sortColumn = expression
        self.kind = kind; isNullable = nullable; isSortable = sortable
        keyPath = nil; makeDescriptor = nil; self.read = read
        self.distanceOrigin = distanceOrigin
    }

    public static let id = QuakeField("id", kind: .text, keyPath: \Quake.id) { .text($0.id) }
    public static let code = QuakeField("code", kind: .text, keyPath: \Quake.code) { .text($0.code) }
    public static let net = QuakeField("net", aliases: ["network"], kind: .text, keyPath: \Quake.net,
                                       descriptor: { SortDescriptor(\Quake.net, comparator: .lexical, order: $0) }) { .text($0.net) }
    public static let magnitude = QuakeField("magnitude", aliases: ["mag"], kind: .number, nullable: true, keyPath: \Quake.magnitude,
                                             descriptor: { SortDescriptor(\Quake.magnitude, order: $0) }) { .number($0.magnitude) }
    public static let magType = QuakeField("magType", kind: .text, keyPath: \Quake.magType) { .text($0.magType) }
    public static let place = QuakeField("place", sortColumn: "placeFolded", kind: .text, keyPath: \Quake.place,
                                         descriptor: { SortDescriptor(\Quake.place, comparator: .lexical, order: $0) }) { .text($0.place) }
    public static let time = QuakeField("time", kind: .time, keyPath: \Quake.time,
                                        descriptor: { SortDescriptor(\Quake.time, order: $0) }) { .number(Double($0.time.epochMilliseconds)) }
    public static let updated = QuakeField("updated", kind: .time, keyPath: \Quake.updated) { .number(Double($0.updated.epochMilliseconds)) }
    public static let day = QuakeField("day", kind: .text, keyPath: \Quake.day) { .text($0.day) }
    public static let depth = QuakeField("depth", kind: .number, keyPath: \Quake.depth,
                                         descriptor: { SortDescriptor(\Quake.depth, order: $0) }) { .number($0.depth) }
    public static let latitude = QuakeField("latitude", aliases: ["lat"], kind: .number, keyPath: \Quake.latitude,
                                            descriptor: { SortDescriptor(\Quake.latitude, order: $0) }) { .number($0.latitude) }
    public static let longitude = QuakeField("longitude", aliases: ["lon", "lng"], kind: .number, keyPath: \Quake.longitude,
                                             descriptor: { SortDescriptor(\Quake.longitude, order: $0) }) { .number($0.longitude) }
    public static let felt = QuakeField("felt", kind: .number, nullable: true, keyPath: \Quake.felt,
                                        descriptor: { SortDescriptor(\Quake.felt, order: $0) }) { .number($0.felt.map(Double.init)) }
    /// The Did You Feel It? and ShakeMap intensities (USGS GeoJSON), unknown elsewhere.
    public static let cdi = QuakeField("cdi", kind: .number, nullable: true, keyPath: \Quake.cdi,
                                       descriptor: { SortDescriptor(\Quake.cdi, order: $0) }) { .number($0.cdi) }
    public static let mmi = QuakeField("mmi", kind: .number, nullable: true, keyPath: \Quake.mmi,
                                       descriptor: { SortDescriptor(\Quake.mmi, order: $0) }) { .number($0.mmi) }
    public static let alert = QuakeField("alert", kind: .text, nullable: true, keyPath: \Quake.alert) { .text($0.alert) }
    public static let status = QuakeField("status", kind: .text, keyPath: \Quake.status,
                                          descriptor: { SortDescriptor(\Quake.status, comparator: .lexical, order: $0) }) { .text($0.status) }
    public static let tsunami = QuakeField("tsunami", kind: .number, nullable: true, keyPath: \Quake.tsunami) {
        .number($0.tsunami.map(Double.init))
    }
    public static let sig = QuakeField("sig", aliases: ["significance"], kind: .number, nullable: true, keyPath: \Quake.sig,
                                       descriptor: { SortDescriptor(\Quake.sig, order: $0) }) { .number($0.sig.map(Double.init)) }
    public static let type = QuakeField("type", kind: .text, keyPath: \Quake.type,
                                        descriptor: { SortDescriptor(\Quake.type, comparator: .lexical, order: $0) }) { .text($0.type) }
    /// Stored only where not derived (`Quake.title`): compared as read.
    public static let title = QuakeField("title", column: "quake_title(title, magnitude, type, place)", kind: .text,
                                         keyPath: \Quake.title) { .text($0.title) }
    public static let url = QuakeField("url", column: "quake_url(url, id)", kind: .text, keyPath: \Quake.url) { .text($0.url) }

    // The measurements (`Quake.measurementColumns`): filters, not sorts.
    public static let nst = QuakeField("nst", aliases: ["stations"], kind: .number, nullable: true, keyPath: \Quake.nst) {
        .number($0.nst.map(Double.init))
    }
    public static let gap = QuakeField("gap", kind: .number, nullable: true, keyPath: \Quake.gap) { .number($0.gap) }
    public static let dmin = QuakeField("dmin", kind: .number, nullable: true, keyPath: \Quake.dmin) { .number($0.dmin) }
    public static let rms = QuakeField("rms", kind: .number, nullable: true, keyPath: \Quake.rms) { .number($0.rms) }
    public static let horizontalError = QuakeField("horizontalError", kind: .number, nullable: true,
                                                   keyPath: \Quake.horizontalError) { .number($0.horizontalError) }
    public static let depthError = QuakeField("depthError", kind: .number, nullable: true, keyPath: \Quake.depthError) {
        .number($0.depthError)
    }
    public static let magError = QuakeField("magError", kind: .number, nullable: true, keyPath: \Quake.magError) { .number($0.magError) }
    public static let magNst = QuakeField("magNst", kind: .number, nullable: true, keyPath: \Quake.magNst) {
        .number($0.magNst.map(Double.init))
    }
    // FDSN text calls the sources Author and MagAuthor.
    public static let locationSource = QuakeField("locationSource", aliases: ["author"], kind: .text, nullable: true,
                                                  keyPath: \Quake.locationSource) { .text($0.locationSource) }
    public static let magSource = QuakeField("magSource", aliases: ["magauthor"], kind: .text, nullable: true,
                                             keyPath: \Quake.magSource) { .text($0.magSource) }
    public static let catalog = QuakeField("catalog", kind: .text, nullable: true, keyPath: \Quake.catalog) { .text($0.catalog) }
    public static let contributor = QuakeField("contributor", kind: .text, nullable: true, keyPath: \Quake.contributor) {
        .text($0.contributor)
    }
    public static let evaluationMode = QuakeField("evaluationMode", kind: .text, nullable: true, keyPath: \Quake.evaluationMode) {
        .text($0.evaluationMode)
    }
    public static let evaluationStatus = QuakeField("evaluationStatus", kind: .text, nullable: true,
                                                    keyPath: \Quake.evaluationStatus) { .text($0.evaluationStatus) }

    /// How many services reported the event: its row and its other
    /// origins (`OriginTable`), counted where it is asked for (a quake
    /// value read by the results' queries carries it).
    public static let origins = QuakeField(computed: "origins", expression: "(1 + (SELECT count(*) FROM origin WHERE origin.eventId = quake.id))",
                                           distanceOrigin: nil, sortable: false) { .number(Double($0.origins)) }

    /// The current declustering's verdict (`SequenceTable`): the quake's
    /// cluster, its role in it (`mainshock`, `foreshock`, `aftershock`) and
    /// its mainshock's id; NULL for a quake no method declustered.
    public static let cluster = QuakeField(computed: "cluster", expression: SequenceTable.currentValueSQL("cluster"),
                                           distanceOrigin: nil, sortable: false, nullable: true) {
        .number($0.cluster.map(Double.init))
    }
    public static let role = QuakeField(computed: "role", expression: SequenceTable.currentValueSQL("role"),
                                        distanceOrigin: nil, sortable: false, kind: .text, nullable: true) { .text($0.role) }
    public static let mainshock = QuakeField(computed: "mainshock", expression: SequenceTable.currentValueSQL("mainshock"),
                                             distanceOrigin: nil, sortable: false, kind: .text, nullable: true) {
        .text($0.mainshock)
    }
    /// The fields a declustering gives.
    public static let sequenceFields: [QuakeField] = [.cluster, .role, .mainshock]

    /// Every field, in the order error messages list them.
    public static let all: [QuakeField] = [
        .place, .magnitude, .time, .depth, .latitude, .longitude, .code, .net, .type, .status,
        .alert, .tsunami, .felt, .cdi, .mmi, .sig, .magType, .title, .day, .id, .updated, .url,
        .nst, .gap, .dmin, .rms, .horizontalError, .depthError, .magError, .magNst,
        .locationSource, .magSource, .catalog, .contributor, .evaluationMode, .evaluationStatus, .origins,
        .cluster, .role, .mainshock,
    ]

    public static let sortable = all.filter(\.isSortable)

    /// The table name the fields live in.
    public static let table = "quake"

    /// Looks a field up by name or alias, ignoring case.
    public static func named(_ name: String) -> QuakeField? {
        let lower = name.lowercased()
        return all.first { $0.name.lowercased() == lower || $0.aliases.contains(lower) }
    }

    /// The field a sort descriptor sorts by.
    public static func sortedBy(_ descriptor: SortDescriptor<Quake>) -> QuakeField? {
        guard let keyPath = descriptor.keyPath else { return nil }
        return sortable.first { $0.keyPath.map { $0 == keyPath } ?? false }
    }
}

/// A field's value as SQL sees it: text, a number, or NULL.
public enum FieldValue: Sendable, Hashable {
    case text(String?)
    case number(Double?)

    public var isNull: Bool {
        switch self {
        case .text(let t): t == nil
        case .number(let n): n == nil
        }
    }
}
