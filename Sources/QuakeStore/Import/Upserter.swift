import Foundation
import GRDB

/// Insert-or-update by USGS id with prepared statements (a Codable save per
/// row is several times slower). A row is replaced only by a newer `updated`;
/// an event listing another stored event's id in `ids` supersedes it.
struct Upserter {
    enum Outcome { case new, updated, unchanged }

    let db: Database
    let now: Int64
    let selectUpdated, selectAliasOwner, insert, update, deleteQuake, deleteAliases, insertAlias: Statement

    init(_ db: Database) throws {
        self.db = db
        // Numbered parameters: both statements take the id as ?1, the other
        // stored columns as ?2…?24 and changedAt (the import's clock) as ?25.
        let columns = Quake.storedColumns
        selectUpdated = try db.makeStatement(sql: "SELECT updated FROM quake WHERE id = ?")
        selectAliasOwner = try db.makeStatement(sql: "SELECT quakeId FROM quakeAlias WHERE alias = ?")
        insert = try db.makeStatement(sql: """
            INSERT INTO quake (\(columns.joined(separator: ", ")), changedAt)
            VALUES (\((1...columns.count + 1).map { "?\($0)" }.joined(separator: ", ")))
            """)
        update = try db.makeStatement(sql: """
            UPDATE quake SET \(columns.enumerated().dropFirst().map { "\($1) = ?\($0 + 1)" }.joined(separator: ", ")),
            changedAt = ?\(columns.count + 1) WHERE id = ?1
            """)
        now = Date().epochMilliseconds
        deleteQuake = try db.makeStatement(sql: "DELETE FROM quake WHERE id = ?")
        deleteAliases = try db.makeStatement(sql: "DELETE FROM quakeAlias WHERE quakeId = ?")
        insertAlias = try db.makeStatement(sql: "INSERT OR REPLACE INTO quakeAlias (alias, quakeId) VALUES (?, ?)")
    }

    func upsert(_ quake: Quake) throws -> Outcome {
        let stored = try Int64.fetchOne(selectUpdated, arguments: [quake.id])
        if stored == nil, let owner = try String.fetchOne(selectAliasOwner, arguments: [quake.id]), owner != quake.id {
            return .unchanged   // an old identity of an event stored under its newer id
        }
        let formerIDs = quake.formerIDs
        var superseded = false
        for former in formerIDs {
            try deleteQuake.execute(arguments: [former])
            if db.changesCount > 0 { superseded = true }
        }
        if let stored {
            guard quake.updated.epochMilliseconds > stored else { return superseded ? .updated : .unchanged }
            try execute(update, binding: quake)
            try writeAliases(quake.id, formerIDs, replacing: true)
            return .updated
        }
        try execute(insert, binding: quake)
        try writeAliases(quake.id, formerIDs, replacing: false)
        return superseded ? .updated : .new
    }

    /// Runs the insert or the update with the quake's values bound in place.
    private func execute(_ statement: Statement, binding quake: Quake) throws {
        statement.setUncheckedArguments(StatementArguments())   // resets, and tells GRDB the bindings are ours
        var binder = try quake.bindStoredValues(to: statement)
        try binder.bind(now)   // ?25, changedAt
        try statement.execute()
    }

    private func writeAliases(_ id: String, _ formerIDs: [String], replacing: Bool) throws {
        if replacing { try deleteAliases.execute(arguments: [id]) }
        for former in formerIDs { try insertAlias.execute(arguments: [former, id]) }
    }
}
