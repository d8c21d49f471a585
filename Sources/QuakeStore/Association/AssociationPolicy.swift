import Foundation
import GRDB
import Synchronization

/// How reports of one quake from several services become one event: the
/// windows an origin must fall in to join an event (`EventAssociator`) and
/// which origin speaks for it (`OriginPreference`). The config file's
/// `[association]` table sets `configured` once, before any import.
public struct AssociationPolicy: Sendable, Hashable {
    public var windows: AssociationWindows
    public var preference: OriginPreference

    public init(windows: AssociationWindows = .pdl, preference: OriginPreference = OriginPreference()) {
        self.windows = windows
        self.preference = preference
    }

    private static let current = Mutex(AssociationPolicy())

    /// The policy every import of this process uses.
    public static var configured: AssociationPolicy {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

/// One origin as grouping reads it from the catalog: an event's own row
/// (an event of one origin) or a row of the `origin` table.
struct StoredOrigin: Hashable {
    var id: String
    var provider: String
    var time: Int64
    var latitude: Double
    var longitude: Double
    var magnitude: Double?
    var net: String
    var status: String
    var evaluationMode: String?
    var evaluationStatus: String?
    var updated: Int64

    /// The columns `init(row:)` reads, in order; the same in both tables.
    static let columns = "id, time, latitude, longitude, magnitude, net, status, evaluationMode, evaluationStatus, updated"

    init(_ row: StatementRows.Columns) {
        id = row.text(0); time = row.int64(1); latitude = row.double(2); longitude = row.double(3)
        magnitude = row.optionalDouble(4); net = row.text(5); status = row.text(6)
        evaluationMode = row.optionalText(7); evaluationStatus = row.optionalText(8); updated = row.int64(9)
        provider = EventIdentity.provider(ofStoredID: id)
    }

    /// A report not yet written.
    init(_ quake: Quake) {
        id = quake.id; time = quake.time.epochMilliseconds; latitude = quake.latitude; longitude = quake.longitude
        magnitude = quake.magnitude; net = quake.net; status = quake.status; evaluationMode = quake.evaluationMode
        evaluationStatus = quake.evaluationStatus; updated = quake.updated.epochMilliseconds
        provider = EventIdentity.provider(ofStoredID: id)
    }

    var report: OriginReport {
        // The catalog's own ids, compared with each other as stored.
        OriginReport(lowercased: provider, code: id, time: time, latitude: latitude, longitude: longitude, magnitude: magnitude)
    }
}
