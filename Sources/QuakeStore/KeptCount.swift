import GRDB

/// The SQL of a count table the catalog keeps (`quakePlace`, `quakeDay`,
/// the map cells, the magnitude tenths): a row per key with its number of
/// quakes, one more or one fewer per row a trigger sees, and an import's
/// own counts added at its commit.
enum KeptCount {
    /// One more quake under the key `values` (the table's key columns, in order).
    static func increment(_ table: String, _ values: String) -> String {
        "INSERT INTO \(table) VALUES (\(values), 1) ON CONFLICT DO UPDATE SET quakes = quakes + 1;"
    }

    /// One fewer under the key `match` selects; the row goes at none.
    static func decrement(_ table: String, where match: String) -> String {
        "UPDATE \(table) SET quakes = quakes - 1 WHERE \(match); DELETE FROM \(table) WHERE \(match) AND quakes <= 0;"
    }

    /// A statement adding a count to a key: `keyColumns` values, then the count.
    static func addition(_ table: String, keyColumns: Int, _ db: Database) throws -> Statement {
        let values = Array(repeating: "?", count: keyColumns + 1).joined(separator: ", ")
        return try db.makeStatement(sql: """
            INSERT INTO \(table) VALUES (\(values)) ON CONFLICT DO UPDATE SET quakes = quakes + excluded.quakes
            """)
    }
}
