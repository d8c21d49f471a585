import GRDB

/// Where declustering results are kept, one set per method: `sequence`
/// holds each declustered quake's cluster, role and mainshock under the
/// method that decided them; `sequenceRun` says how each method was run
/// (its settings, the selection it read, when, how many quakes and
/// clusters) and which one is current: the one `cluster`, `role` and
/// `mainshock` read (the last run). Keyed by the quake's id, so an event's
/// membership follows it through updates; a deleted quake's rows go with it.
///
/// Since v12 a method's rows cover every quake of the catalog (a quake it
/// did not place has NULL cluster, role and mainshock), each with its
/// sequence section's rank (`sectionRank`: its mainshock's title's place
/// among the method's titles, `sequenceSection`) and its time: sequence
/// sections are then read in order from `sequence_section`, as day
/// sections are from `quake_day_time`, not sorted by a subquery a row.
public enum SequenceTable {
    /// The v10 migration.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sequence (quakeId TEXT NOT NULL, method TEXT NOT NULL, cluster INTEGER NOT NULL,
                                   role TEXT NOT NULL, mainshock TEXT NOT NULL,
                                   PRIMARY KEY (quakeId, method)) WITHOUT ROWID;
            \(v10ClusterIndexSQL)
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
        (SELECT \(joinedVerdictSQL) FROM sequence WHERE sequence.quakeId = quake.id AND sequence.method = \(currentMethodSQL))
        """
    static let verdictSeparator: Character = "\u{1F}"

    /// The verdict text of a `sequence` row (in `verdictSQL`, and of a row joined in).
    public static let joinedVerdictSQL = "sequence.cluster || char(31) || sequence.role || char(31) || sequence.mainshock"

    /// The row `sequence`'s section title (v12), from the kept titles.
    public static let sectionTitleSQL = """
        (SELECT title FROM sequenceSection WHERE sequenceSection.method = sequence.method AND sequenceSection.rank = sequence.sectionRank)
        """

    /// The index v10 to v13 found a method's clusters by; v14 finds them
    /// by their sections (`sectionClusterIndexSQL`).
    static let v10ClusterIndexSQL = """
        CREATE INDEX sequence_cluster ON sequence(method, cluster);
        """
    /// A declustering drops the indexes and builds them again after
    /// writing: a million verdicts in random mainshock order cost 3 s more
    /// through them than sorted once at the end.
    static let dropIndexesSQL = """
        DROP INDEX IF EXISTS sequence_mainshock; DROP INDEX IF EXISTS sequence_cluster; DROP INDEX IF EXISTS sequence_section;
        DROP INDEX IF EXISTS sequenceSection_cluster;
        """
    /// A cluster's section, found by its number (each cluster is one
    /// mainshock's, so one section): `cluster == N` and the increment's
    /// newest cluster. An index of a million verdicts by cluster cost each
    /// declustering 1.3–1.8 s; one of the sections' is a tenth as large.
    static let sectionClusterIndexSQL = "CREATE INDEX sequenceSection_cluster ON sequenceSection(method, cluster);"
    /// The v12 index sequence sections are read in order from (newest
    /// section first: the index backwards, NULL ranks, the quakes the
    /// method did not place, last).
    static let sectionIndexSQL = "CREATE INDEX sequence_section ON sequence(method, sectionRank, quakeTime, quakeId);"

    /// A deleted quake's rows go with it, and the counts kept of them.
    static let deleteTriggerSQL = """
        CREATE TRIGGER sequence_quakeDeleted AFTER DELETE ON quake BEGIN
            UPDATE sequenceRun SET rows = rows - 1
                WHERE method IN (SELECT method FROM sequence WHERE quakeId = old.id);
            UPDATE sequenceSection SET quakes = quakes - 1
                WHERE (method, rank) IN (SELECT method, sectionRank FROM sequence WHERE quakeId = old.id);
            DELETE FROM sequence WHERE quakeId = old.id;
        END;
        """

    /// The v12 migration: every quake a row under each method, each row
    /// its section's rank and its time, the sections' titles and counts
    /// kept (`sequenceSection`), the rows each method covers counted
    /// (`sequenceRun.rows`). Kept results are carried over as they are.
    static func addSections(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER sequence_quakeDeleted;
            \(dropIndexesSQL)
            CREATE TABLE sequenceSection (method TEXT NOT NULL, rank INTEGER NOT NULL, title TEXT NOT NULL,
                                          quakes INTEGER NOT NULL, PRIMARY KEY (method, rank)) WITHOUT ROWID;
            ALTER TABLE sequenceRun ADD COLUMN rows INTEGER NOT NULL DEFAULT 0;
            CREATE TEMP TABLE sectionOfMainshock AS
                SELECT method, mainshock, row_number() OVER (PARTITION BY method ORDER BY title) AS rank, title, quakes
                FROM (SELECT s.method, s.mainshock, \(titleSQL(of: "m", id: "s.mainshock")) AS title, count(*) AS quakes
                      FROM sequence AS s LEFT JOIN quake AS m ON m.id = s.mainshock GROUP BY s.method, s.mainshock);
            CREATE INDEX temp.sectionOfMainshock_key ON sectionOfMainshock(method, mainshock);
            INSERT INTO sequenceSection SELECT method, rank, title, quakes FROM sectionOfMainshock;
            CREATE TABLE sequenceNew (\(columnsSQL));
            INSERT INTO sequenceNew
                SELECT s.quakeId, s.method, s.cluster, s.role, s.mainshock, r.rank, q.time
                FROM sequence AS s JOIN quake AS q ON q.id = s.quakeId
                JOIN sectionOfMainshock AS r ON r.method = s.method AND r.mainshock = s.mainshock;
            DROP TABLE sectionOfMainshock;
            DROP TABLE sequence;
            ALTER TABLE sequenceNew RENAME TO sequence;
            """)
        for method in try String.fetchAll(db, sql: "SELECT method FROM sequenceRun") {
            try addUnplacedRows(method: method, db)
        }
        try db.execute(sql: """
            UPDATE sequenceRun SET rows = (SELECT count(*) FROM sequence WHERE sequence.method = sequenceRun.method);
            \(v10ClusterIndexSQL)
            \(sectionIndexSQL)
            \(deleteTriggerSQL)
            """)
    }

    /// The v14 migration: each section keeps its cluster's number, and
    /// clusters are found by it (`sectionClusterIndexSQL`), not by an index
    /// of every verdict.
    static func findClustersBySections(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX IF EXISTS sequence_cluster;
            ALTER TABLE sequenceSection ADD COLUMN cluster INTEGER;
            UPDATE sequenceSection SET cluster = (SELECT cluster FROM sequence
                WHERE sequence.method = sequenceSection.method AND sequence.sectionRank = sequenceSection.rank LIMIT 1);
            \(sectionClusterIndexSQL)
            """)
    }

    /// The v15 migration: a run an import left waiting to run again
    /// (`SequenceRun.isWaiting`), so that one cut short between the
    /// import's commit and its run is still run by the next import.
    static func addWaitingMarks(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE sequenceRun ADD COLUMN isWaiting INTEGER NOT NULL DEFAULT 0")
    }

    /// Gives every quake without a row under `method` one with no verdict
    /// (the quakes it did not place: no magnitude, outside its selection).
    /// Returns how many.
    @discardableResult
    static func addUnplacedRows(method: String, _ db: Database) throws -> Int {
        try db.execute(sql: """
            INSERT INTO sequence (quakeId, method, quakeTime) SELECT id, ?1, time FROM quake
            WHERE NOT EXISTS (SELECT 1 FROM sequence WHERE sequence.quakeId = quake.id AND sequence.method = ?1)
            """, arguments: [method])
        return db.changesCount
    }

    /// The v12 table's columns: the verdict NULL for a quake the method did not place.
    static let columnsSQL = """
        quakeId TEXT NOT NULL, method TEXT NOT NULL, cluster INTEGER, role TEXT, mainshock TEXT,
        sectionRank INTEGER, quakeTime INTEGER NOT NULL, PRIMARY KEY (quakeId, method)
        """

    /// A sequence's title from its mainshock's row `alias` (the columns
    /// NULL when it is gone: its id still names it).
    static func titleSQL(of alias: String, id: String) -> String {
        """
        coalesce(\(alias).day, '?') || ' M' || iif(\(alias).magnitude IS NULL, '?', printf('%.1f', \(alias).magnitude)) \
        || ' ' || coalesce(\(alias).place, '') || ' · ' || \(id)
        """
    }

    /// SQL selecting the quakes whose current `column` equals the next
    /// argument: the members listed by the index, then their rows by id,
    /// not a subquery for every quake (`mainshock == "…"`, `A` in the
    /// browser: 8 s to 0.05 s for a sequence at 1,000,000 quakes).
    /// A mainshock's members share its section: found by its own row's
    /// rank in `sequence_section` (an index of their own cost 0.6 s more
    /// to each declustering of 1,000,000 quakes).
    /// A cluster's members share its section too (v14): found by the
    /// section's rank, kept beside the cluster's number.
    public static func membersSQL(_ column: String) -> String {
        switch column {
        case "cluster":
            return "id IN (SELECT quakeId FROM sequence WHERE method = \(currentMethodSQL) AND sectionRank = \(sectionRankSQL(column, "?")))"
        case "mainshock": break
        default: return "id IN (SELECT quakeId FROM sequence WHERE method = \(currentMethodSQL) AND \(column) = ?)"
        }
        return """
            id IN (SELECT quakeId FROM sequence WHERE method = \(currentMethodSQL) AND (sectionRank, mainshock) = \
            (SELECT sectionRank, quakeId FROM sequence WHERE method = \(currentMethodSQL) AND quakeId = ?))
            """
    }

    /// SQL of how many quakes `membersSQL(column)` selects, from the kept
    /// count of their section (`sequenceSection.quakes`), with the same
    /// argument: a mainshock's members are its section's quakes (none when
    /// the quake is not a mainshock), a cluster's its section's. Counted
    /// through `quake_id`, the largest sequence of 1,000,000 generated
    /// quakes (108,694) took 0.8–1.0 s.
    public static func keptMembersSQL(_ column: String) -> String {
        "SELECT coalesce((SELECT quakes FROM sequenceSection WHERE method = \(currentMethodSQL) AND rank = \(sectionRankSQL(column, "?1"))), 0)"
    }

    /// SQL of the section rank of the members `membersSQL(column)` selects
    /// with `value` (as an SQL literal, not an argument: it joins the rows'
    /// source); nil for a value no literal can hold.
    public static func memberRankSQL(_ column: String, value: DatabaseValue) -> String? {
        switch value.storage {
        case .int64(let number): return sectionRankSQL(column, String(number))
        case .double(let number) where number.isFinite: return sectionRankSQL(column, "\(number)")
        case .string(let text) where !text.contains("\0"): return sectionRankSQL(column, "'" + text.replacingOccurrences(of: "'", with: "''") + "'")
        default: return nil
        }
    }

    /// The rank of the section of a mainshock's members (none when the
    /// quake is no mainshock), or of a cluster's.
    private static func sectionRankSQL(_ column: String, _ value: String) -> String {
        column == "cluster"
            ? "(SELECT rank FROM sequenceSection WHERE method = \(currentMethodSQL) AND cluster = \(value))"
            : "(SELECT sectionRank FROM sequence AS s WHERE s.method = \(currentMethodSQL) AND s.quakeId = \(value) AND s.mainshock = \(value))"
    }

    /// The current method's name, evaluated once a statement (uncorrelated).
    public static let currentMethodSQL = "(SELECT method FROM sequenceRun WHERE isCurrent = 1)"
}
