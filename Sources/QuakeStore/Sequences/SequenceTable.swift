import GRDB

/// Where declustering results are kept, one set per method: `sequence`
/// holds each declustered quake's cluster, role and mainshock under the
/// method that decided them; `sequenceRun` says how each method was run
/// (its settings, the selection it read, when, how many quakes and
/// clusters) and which one is current: the one `cluster`, `role` and
/// `mainshock` read (the last run). Keyed by the quake's id, so an event's
/// membership follows it through updates; a deleted quake's rows go with it.
public enum SequenceTable {
    /// The v10 migration.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sequence (quakeId TEXT NOT NULL, method TEXT NOT NULL, cluster INTEGER NOT NULL,
                                   role TEXT NOT NULL, mainshock TEXT NOT NULL,
                                   PRIMARY KEY (quakeId, method)) WITHOUT ROWID;
            \(indexesSQL)
            CREATE TABLE sequenceRun (method TEXT PRIMARY KEY NOT NULL, settings TEXT NOT NULL,
                                      scope TEXT NOT NULL, scopeSQL TEXT NOT NULL, scopeArguments TEXT NOT NULL,
                                      ranAt INTEGER NOT NULL, quakes INTEGER NOT NULL, clusters INTEGER NOT NULL,
                                      isCurrent INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
            CREATE TRIGGER sequence_quakeDeleted AFTER DELETE ON quake BEGIN
                DELETE FROM sequence WHERE quakeId = old.id;
            END;
            """)
    }

    /// SQL of the current method's value of `column` for the row `quake`
    /// (NULL when the quake was not declustered): what the `cluster`,
    /// `role` and `mainshock` fields compare, show and group by.
    public static func currentValueSQL(_ column: String) -> String {
        "(SELECT \(column) FROM sequence WHERE sequence.quakeId = quake.id AND sequence.method = \(currentMethodSQL))"
    }

    /// The row `quake`'s cluster, role and mainshock in one text, parted by
    /// `verdictSeparator` (`Quake(row:)` reads it): one index probe a row
    /// read instead of three (a page of rows at 1,000,000 quakes: about
    /// 0.6 ms less).
    public static let verdictSQL = """
        (SELECT cluster || char(31) || role || char(31) || mainshock FROM sequence         WHERE sequence.quakeId = quake.id AND sequence.method = \(currentMethodSQL))
        """
    static let verdictSeparator: Character = "\u{1F}"

    /// The title of the row `quake`'s sequence: its mainshock's day,
    /// magnitude, place and id (`2019-07-06 M7.1 Ridgecrest · ci38457511`),
    /// so sequences sort by their mainshock's day; NULL when not declustered.
    public static let mainshockTitleSQL = """
        (SELECT m.day || ' M' || iif(m.magnitude IS NULL, '?', printf('%.1f', m.magnitude)) || ' ' || m.place || ' · ' || m.id         FROM quake AS m WHERE m.id = \(currentValueSQL("mainshock")))
        """

    /// The indexes a method's members are found by (`membersSQL`). A
    /// declustering drops them and builds them again after writing: a
    /// million verdicts in random mainshock order cost 3 s more through
    /// them than sorted once at the end.
    static let indexesSQL = """
        CREATE INDEX sequence_mainshock ON sequence(method, mainshock);
        CREATE INDEX sequence_cluster ON sequence(method, cluster);
        """
    static let dropIndexesSQL = "DROP INDEX IF EXISTS sequence_mainshock; DROP INDEX IF EXISTS sequence_cluster;"

    /// SQL selecting the quakes whose current `column` equals the next
    /// argument: the members listed by the index, then their rows by id,
    /// not a subquery for every quake (`mainshock == "…"`, `A` in the
    /// browser: 8 s to 0.05 s for a sequence at 1,000,000 quakes).
    public static func membersSQL(_ column: String) -> String {
        "id IN (SELECT quakeId FROM sequence WHERE method = \(currentMethodSQL) AND \(column) = ?)"
    }

    /// The current method's name, evaluated once a statement (uncorrelated).
    static let currentMethodSQL = "(SELECT method FROM sequenceRun WHERE isCurrent = 1)"
}
