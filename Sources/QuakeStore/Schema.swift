import GRDB

/// The catalog's schema, created and evolved by one migrator. Every column a
/// user can sort by has an index ending in `id`, the tie-breaker, so any sort
/// order walks an index.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: quake catalog") { db in
            try db.create(table: "quake") { t in
                t.column("id", .text).notNull().unique()
                t.column("code", .text).notNull()
                t.column("net", .text).notNull()
                t.column("ids", .text).notNull()
                t.column("magnitude", .double)
                t.column("magType", .text).notNull()
                t.column("place", .text).notNull()
                t.column("placeFolded", .text).notNull()
                t.column("time", .integer).notNull()       // epoch ms, UTC
                t.column("updated", .integer).notNull()    // epoch ms, UTC
                t.column("day", .text).notNull()           // UTC YYYY-MM-DD
                t.column("depth", .double).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("felt", .integer)
                t.column("cdi", .double)
                t.column("mmi", .double)
                t.column("alert", .text)
                t.column("status", .text).notNull()
                t.column("tsunami", .integer).notNull()
                t.column("sig", .integer).notNull()
                t.column("type", .text).notNull()
                t.column("title", .text).notNull()
                t.column("url", .text).notNull()
            }
            for column in ["time", "magnitude", "placeFolded", "depth"] {
                try db.create(index: "quake_\(column)", on: "quake", columns: [column, "id"])
            }
            try db.create(index: "quake_day_time", on: "quake", columns: ["day", "time", "id"])

            // Former ids of events USGS re-associated under a new preferred id,
            // so an old id arriving later is recognised as the same quake.
            try db.create(table: "quakeAlias") { t in
                t.primaryKey("alias", .text)
                t.column("quakeId", .text).notNull()
                    .references("quake", column: "id", onDelete: .cascade)
            }
            try db.create(index: "quakeAlias_quakeId", on: "quakeAlias", columns: ["quakeId"])

            // Substring search over the folded place. Trigram cannot match
            // patterns under 3 characters: the query layer falls back to LIKE.
            try db.create(virtualTable: "quakeSearch", using: FTS5()) { t in
                t.tokenizer = FTS5TokenizerDescriptor(components: ["trigram"])
                t.synchronize(withTable: "quake")
                t.column("placeFolded")
            }

            // Small key-value facts about the catalog (seeding, last update).
            try db.create(table: "catalogInfo") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v2: change times") { db in
            // When an import last inserted or replaced the row (epoch ms, this
            // machine's clock): the browser marks rows changed while it is open.
            try db.alter(table: "quake") { t in t.add(column: "changedAt", .integer).notNull().defaults(to: 0) }
            try db.create(index: "quake_changedAt", on: "quake", columns: ["changedAt"])
        }
        return migrator
    }
}
