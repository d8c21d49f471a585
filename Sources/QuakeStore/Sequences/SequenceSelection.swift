import Foundation
import GRDB
import QuakeSeismology

/// The quakes of a selection as an analysis reads them: their ids and the
/// columns it needs (`EventColumns`), in time order, read in one pass of
/// the catalog with no `Quake` made. Quakes without a magnitude are left
/// out (no method can place them), and so are magnitudes outside
/// `MagnitudeCheck.range` an older version stored: the charts count both
/// as without a magnitude.
public struct SequenceSelection: Sendable {
    public var ids: [String]
    /// Each quake's row, to find its columns again in the table's order.
    public var rowids: [Int64] = []
    public var columns: EventColumns

    public var count: Int { ids.count }

    /// The quakes matching `condition` (SQL over `quake`'s columns, with its arguments).
    public static func read(_ db: Database, where condition: String, arguments: StatementArguments) throws -> SequenceSelection {
        var selection = SequenceSelection(ids: [], columns: EventColumns(times: [], latitudes: [], longitudes: [], depths: [], magnitudes: []))
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, time, latitude, longitude, depth, magnitude, rowid FROM quake
            WHERE (\(condition)) AND magnitude BETWEEN ? AND ? ORDER BY time, id
            """, arguments: arguments + [MagnitudeCheck.range.lowerBound, MagnitudeCheck.range.upperBound])
        while let row = try rows.next() {
            selection.ids.append(row[0])
            selection.columns.times.append(Double(row[1] as Int64) / 1000)
            selection.columns.latitudes.append(row[2])
            selection.columns.longitudes.append(row[3])
            selection.columns.depths.append(row[4])
            selection.columns.magnitudes.append(row[5])
            selection.rowids.append(row[6])
        }
        return selection
    }
}
