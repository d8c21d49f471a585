import GRDB

/// The SQL of a count table the catalog keeps (`quakePlace`, `quakeDay`,
/// the map cells, the magnitude tenths): a row per key with its number of
/// quakes, one more or one fewer per row a trigger sees, and an import's
/// own counts added at its commit.
enum KeptCount {
    /// The insert, delete and update triggers `<name>_insert`, `_delete`,
    /// `_update` that keep a count: `add` and `remove` are a row's
    /// statements, given the row's prefix (`new.`, `old.`); an update of any
    /// of `columns` moves the row from its old count to its new one.
    static func triggers(_ name: String, columns: [String], add: (String) -> String, remove: (String) -> String) -> String {
        """
        CREATE TRIGGER \(name)_insert AFTER INSERT ON quake BEGIN
        \(add("new."))
        END;
        CREATE TRIGGER \(name)_delete AFTER DELETE ON quake BEGIN
        \(remove("old."))
        END;
        CREATE TRIGGER \(name)_update AFTER UPDATE OF \(columns.joined(separator: ", ")) ON quake
        WHEN \(columns.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")) BEGIN
        \(remove("old."))
        \(add("new."))
        END;
        """
    }

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
