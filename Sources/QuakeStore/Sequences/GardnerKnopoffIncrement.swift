import Foundation
import GRDB
import QuakeSeismology

/// Places the few quakes an import added in a kept Gardner–Knopoff result
/// without running the method again, where that gives what a new run would
/// (a pushed quake at 1,000,000 quakes: milliseconds, not a 10 s run).
///
/// The method visits quakes by magnitude, largest first, and a visited free
/// quake opens a cluster taking the free quakes of its window. A new quake q
/// changes nothing that is visited before it, so:
/// - if an opener visited before q holds q in its window, the first such
///   opener takes q, and nothing else changes (q never opens, so takes none);
/// - else q opens a cluster; it takes nothing from the kept result when every
///   quake of its window visited after it already belongs to an opener
///   visited before q. Then q is a cluster of one.
/// Anything else (q would take quakes from later clusters), or a cluster
/// numbering that q would shift (clusters are numbered by their first quake
/// in time), or no room between two sections' ranks: `place` says no, and
/// the method runs again.
struct GardnerKnopoffIncrement {
    let method: GardnerKnopoffDeclustering
    let run: SequenceRun
    let db: Database

    /// A quake as the method reads it (radians), with what orders the visits.
    struct Epicentre {
        var id: String
        var timeMs: Int64
        var latitude: Double
        var longitude: Double
        var magnitude: Double
        var seconds: Double { Double(timeMs) / 1000 }

        /// Whether the method visits this quake before `other`: larger first,
        /// then the earlier (time, then id: the selection's order).
        func isVisited(before other: Epicentre) -> Bool {
            if magnitude != other.magnitude { return magnitude > other.magnitude }
            if timeMs != other.timeMs { return timeMs < other.timeMs }
            return id < other.id
        }

        /// Whether this quake comes before `other` in the selection's time order.
        func isEarlier(than other: Epicentre) -> Bool {
            timeMs != other.timeMs ? timeMs < other.timeMs : id < other.id
        }

        init(id: String, timeMs: Int64, latitudeDegrees: Double, longitudeDegrees: Double, magnitude: Double) {
            self.id = id; self.timeMs = timeMs; self.magnitude = magnitude
            latitude = latitudeDegrees * .pi / 180; longitude = longitudeDegrees * .pi / 180
        }
    }

    /// The spacing of section ranks a full run writes, so that a new
    /// section's rank fits between two (`SequenceRun.writeSections`).
    static let rankSpacing: Int64 = 1024

    /// A window's reach (ms) up to which its quakes are found by time; a
    /// longer one by magnitude (the openers) or latitude (what it takes).
    static let shortReach = 30.0 * 86_400_000

    /// Places the quakes `ids` (new rows without a row under this method);
    /// false when it cannot be done exactly (what it wrote is then replaced
    /// by the run that follows).
    func place(_ ids: [String]) throws -> Bool {
        var placed: [Epicentre] = []
        for id in ids {
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sequence WHERE quakeId = ? AND method = ?", arguments: [id, run.method]) == true {
                return false   // an updated quake, not a new one
            }
            let scoped = try Row.fetchOne(db, sql: """
                SELECT time, latitude, longitude, magnitude, (\(run.scope.sql)) AND magnitude BETWEEN ? AND ? FROM quake WHERE id = ?
                """, arguments: StatementArguments(run.scope.arguments)
                    + [MagnitudeCheck.range.lowerBound, MagnitudeCheck.range.upperBound, id])
            guard let scoped else { return false }
            if scoped[4] as Bool? == true {
                placed.append(Epicentre(id: id, timeMs: scoped[0], latitudeDegrees: scoped[1], longitudeDegrees: scoped[2], magnitude: scoped[3]))
            } else {
                try db.execute(sql: "INSERT INTO sequence (quakeId, method, quakeTime) VALUES (?, ?, ?)",
                               arguments: [id, run.method, scoped[0] as Int64])
                try db.execute(sql: "UPDATE sequenceRun SET rows = rows + 1 WHERE method = ?", arguments: [run.method])
            }
        }
        placed.sort { $0.isVisited(before: $1) }
        let unplaced = Set(placed.map(\.id))
        let largest = try Double.fetchOne(db, sql: "SELECT max(magnitude) FROM quake")
        for quake in placed {
            if let opener = try firstOpener(holding: quake, largest: largest) {
                guard try place(quake, in: opener) else { return false }
            } else {
                guard try opensAlone(quake, unplaced: unplaced), try placeAlone(quake) else { return false }
            }
        }
        return true
    }

    private struct Opener {
        var epicentre: Epicentre
        var cluster: Int64
        var rank: Int64
    }

    /// The opener visited first, before `quake`, whose window holds it;
    /// `largest`: the catalog's largest magnitude (no opener is larger).
    private func firstOpener(holding quake: Epicentre, largest: Double?) throws -> Opener? {
        guard let largest, largest >= quake.magnitude else { return nil }
        var found: Opener?
        var low = quake.magnitude
        while low <= largest {
            let high = min(low + 0.5, largest)
            let reach = method.longestReachSeconds(magnitudes: low...high) * 1000
            let band = method.window.distanceKm(magnitude: high) / GardnerKnopoffDeclustering.earthRadiusKm * 180 / .pi * (1 + 1e-6)
            // From the quakes, by time for a short reach, else by magnitude
            // (`+` keeps SQLite off the other indexes; left to itself it
            // read every row of the method: 2.8 s at 50,000 quakes).
            let (byTime, byMagnitude) = reach <= Self.shortReach ? ("q.time", "+q.magnitude") : ("+q.time", "q.magnitude")
            let rows = try Row.fetchCursor(db, sql: """
                SELECT q.id, q.time, q.latitude, q.longitude, q.magnitude, s.cluster, s.sectionRank
                FROM quake AS q CROSS JOIN sequence AS s ON s.quakeId = q.id AND s.method = ?
                WHERE \(byMagnitude) BETWEEN ? AND ? AND \(byTime) BETWEEN ? AND ? AND +q.latitude BETWEEN ? AND ?
                AND s.role = 'mainshock'
                """, arguments: [run.method, low, high, quake.timeMs - Int64(reach.rounded(.up)), quake.timeMs + Int64(reach.rounded(.up)),
                                 quake.latitude * 180 / .pi - band, quake.latitude * 180 / .pi + band])
            while let row = try rows.next() {
                let opener = Epicentre(id: row[0], timeMs: row[1], latitudeDegrees: row[2], longitudeDegrees: row[3], magnitude: row[4])
                guard opener.id != quake.id, opener.isVisited(before: quake), holds(opener, quake) else { continue }
                if found == nil || opener.isVisited(before: found!.epicentre) {
                    found = Opener(epicentre: opener, cluster: row[5], rank: row[6])
                }
            }
            low = high.nextUp
            if high == largest { break }
        }
        return found
    }

    private func holds(_ opener: Epicentre, _ other: Epicentre) -> Bool {
        method.windowHolds(magnitude: opener.magnitude, time: opener.seconds, latitude: opener.latitude, longitude: opener.longitude,
                           otherTime: other.seconds, otherLatitude: other.latitude, otherLongitude: other.longitude)
    }

    /// `quake` joins `opener`'s cluster, unless it would be the cluster's
    /// first quake in time (the clusters' numbers could then change).
    private func place(_ quake: Epicentre, in opener: Opener) throws -> Bool {
        let first = try Row.fetchOne(db, sql: """
            SELECT quakeTime, quakeId FROM sequence WHERE method = ? AND sectionRank = ? ORDER BY quakeTime, quakeId LIMIT 1
            """, arguments: [run.method, opener.rank])
        guard let first, quake.timeMs > first[0] as Int64 || (quake.timeMs == first[0] as Int64 && quake.id > first[1] as String) else {
            return false
        }
        let role: SequenceRole = quake.isEarlier(than: opener.epicentre) ? .foreshock : .aftershock
        try db.execute(sql: """
            INSERT INTO sequence (quakeId, method, cluster, role, mainshock, sectionRank, quakeTime) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [quake.id, run.method, opener.cluster, role.rawValue, opener.epicentre.id, opener.rank, quake.timeMs])
        try db.execute(sql: "UPDATE sequenceSection SET quakes = quakes + 1 WHERE method = ? AND rank = ?", arguments: [run.method, opener.rank])
        try db.execute(sql: "UPDATE sequenceRun SET quakes = quakes + 1, rows = rows + 1 WHERE method = ?", arguments: [run.method])
        return true
    }

    /// Whether `quake`, opening a cluster, takes nothing the kept result
    /// gave a later opener: every quake of its window visited after it
    /// belongs to an opener visited before it (or is new, `unplaced`, and
    /// is placed after it).
    private func opensAlone(_ quake: Epicentre, unplaced: Set<String>) throws -> Bool {
        let seconds = method.window.durationDays(magnitude: quake.magnitude, cutoffDays: method.timeCutoffDays) * 86_400
        let band = method.window.distanceKm(magnitude: quake.magnitude) / GardnerKnopoffDeclustering.earthRadiusKm * 180 / .pi * (1 + 1e-6)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT e.id, e.time, e.latitude, e.longitude, e.magnitude, s.quakeId IS NOT NULL, s.role, m.id, m.time, m.latitude, m.longitude,
                   m.magnitude
            FROM quake AS e LEFT JOIN sequence AS s ON s.quakeId = e.id AND s.method = ? LEFT JOIN quake AS m ON m.id = s.mainshock
            WHERE \(seconds * 1000 <= Self.shortReach ? "e.time" : "+e.time") BETWEEN ? AND ?
            AND \(seconds * 1000 <= Self.shortReach ? "+e.latitude" : "e.latitude") BETWEEN ? AND ? AND +e.magnitude IS NOT NULL
            """, arguments: [run.method, quake.timeMs - Int64((method.foreshockTimeFraction * seconds * 1000).rounded(.up)),
                             quake.timeMs + Int64((seconds * 1000).rounded(.up)),
                             quake.latitude * 180 / .pi - band, quake.latitude * 180 / .pi + band])
        while let row = try rows.next() {
            let other = Epicentre(id: row[0], timeMs: row[1], latitudeDegrees: row[2], longitudeDegrees: row[3], magnitude: row[4])
            guard other.id != quake.id, quake.isVisited(before: other), holds(quake, other) else { continue }
            guard row[5] as Bool else {
                if unplaced.contains(other.id) { continue }
                return false
            }
            guard let role = row[6] as String? else { continue }   // outside the method's selection
            guard role != SequenceRole.mainshock.rawValue, let mainshockID = row[7] as String?,
                  let time = row[8] as Int64?, let magnitude = row[11] as Double? else { return false }
            let opener = Epicentre(id: mainshockID, timeMs: time, latitudeDegrees: row[9], longitudeDegrees: row[10], magnitude: magnitude)
            if !opener.isVisited(before: quake) { return false }
        }
        return true
    }

    /// `quake` as a cluster of one: the next cluster number (when it is the
    /// latest first quake of any cluster) and a section of its own, ranked
    /// by its title between the kept ones.
    private func placeAlone(_ quake: Epicentre) throws -> Bool {
        let last = try Row.fetchOne(db, sql: """
            SELECT s.cluster, (SELECT min(quakeTime) FROM sequence WHERE method = ?1 AND sectionRank = s.rank)
            FROM sequenceSection AS s WHERE method = ?1 ORDER BY cluster DESC LIMIT 1
            """, arguments: [run.method])
        let lastCluster = last?[0] as Int64? ?? 0
        if let firstTime = last?[1] as Int64?, quake.timeMs <= firstTime { return false }
        let title = try String.fetchOne(db, sql: "SELECT \(SequenceTable.titleSQL(of: "m", id: "m.id")) FROM quake AS m WHERE id = ?",
                                        arguments: [quake.id]) ?? quake.id
        let below = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM sequenceSection WHERE method = ? AND title < ?", arguments: [run.method, title])
        let above = try Int64.fetchOne(db, sql: "SELECT min(rank) FROM sequenceSection WHERE method = ? AND title > ?", arguments: [run.method, title])
        let rank: Int64
        switch (below, above) {
        case let (low?, high?): guard high - low >= 2 else { return false }; rank = low + (high - low) / 2
        case let (low?, nil): rank = low + Self.rankSpacing
        case let (nil, high?): rank = high - Self.rankSpacing
        case (nil, nil): rank = Self.rankSpacing
        }
        try db.execute(sql: "INSERT INTO sequenceSection (method, rank, title, quakes, cluster) VALUES (?, ?, ?, 1, ?)",
                       arguments: [run.method, rank, title, lastCluster + 1])
        try db.execute(sql: """
            INSERT INTO sequence (quakeId, method, cluster, role, mainshock, sectionRank, quakeTime) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [quake.id, run.method, lastCluster + 1, SequenceRole.mainshock.rawValue, quake.id, rank, quake.timeMs])
        try db.execute(sql: "UPDATE sequenceRun SET quakes = quakes + 1, clusters = clusters + 1, rows = rows + 1 WHERE method = ?",
                       arguments: [run.method])
        return true
    }
}
