import GRDB

/// The user's overrides of automatic grouping (`quakes-tui merge`, `split`),
/// kept in the catalog so later imports respect them: two origins kept
/// together whatever their distance, or apart however close.
enum OriginPairing {
    struct Partners {
        var together: [String] = []
        var apart: Set<String> = []
    }

    /// The origins paired with origin `id`.
    static func of(_ id: String, _ db: Database) throws -> Partners {
        var partners = Partners()
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT b, together FROM originPairing WHERE a = ?1 UNION ALL SELECT a, together FROM originPairing WHERE b = ?1
            """), arguments: [id])
        for row in rows {
            if row[1] as Bool { partners.together.append(row[0]) } else { partners.apart.insert(row[0]) }
        }
        partners.together.sort()
        return partners
    }

    /// Keeps `a` and `b` together (or apart), replacing any earlier pairing of the two.
    static func record(_ a: String, _ b: String, together: Bool, _ db: Database) throws {
        let (first, second) = a < b ? (a, b) : (b, a)
        try db.execute(sql: "INSERT OR REPLACE INTO originPairing (a, b, together) VALUES (?, ?, ?)",
                       arguments: [first, second, together])
    }
}
