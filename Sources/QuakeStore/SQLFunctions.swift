import Foundation
import GRDB

/// SQL functions every catalog connection offers, for queries that SQLite's
/// ASCII-only `LIKE` and `lower()` cannot answer correctly:
/// `quake_fold(x)` (case and diacritics), `quake_foldcase(x)`,
/// `quake_folddiacritics(x)`, and `quake_matches(pattern, x, predicate)`,
/// true when the regular expression matches the whole of `x` (an error
/// naming `predicate` when the match is cut short); and
/// `quake_distance(latitude, longitude, pointLatitudeBits, pointLongitudeBits)`,
/// the great-circle kilometres to a point; `quake_title(title, magnitude,
/// type, place)` and `quake_url(url, id)`, a quake's title and page as read
/// (`Quake.title`: stored only where not derived).
enum SQLFunctions {
    static func register(in db: Database) {
        db.add(function: fold)
        db.add(function: foldCase)
        db.add(function: foldDiacritics)
        db.add(function: matches)
        db.add(function: distance)
        db.add(function: title)
        db.add(function: url)
    }

    static let title = DatabaseFunction("quake_title", argumentCount: 4, pure: true) { values in
        guard let stored = String.fromDatabaseValue(values[0]) else { return nil }
        return Quake.title(stored: stored, magnitude: Double.fromDatabaseValue(values[1]),
                           type: String.fromDatabaseValue(values[2]) ?? "", place: String.fromDatabaseValue(values[3]) ?? "")
    }

    static let url = DatabaseFunction("quake_url", argumentCount: 2, pure: true) { values in
        guard let stored = String.fromDatabaseValue(values[0]) else { return nil }
        return Quake.url(stored: stored, id: String.fromDatabaseValue(values[1]) ?? "")
    }

    private static func textFunction(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> DatabaseFunction {
        DatabaseFunction(name, argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map(transform)
        }
    }

    static let fold = textFunction("quake_fold", TextFolding.fold)
    static let foldCase = textFunction("quake_foldcase", TextFolding.foldCase)
    static let foldDiacritics = textFunction("quake_folddiacritics", TextFolding.foldDiacritics)

    /// A match cut short fails the query: with SQLite's interruption when
    /// the query was abandoned (so `StaleReadInterruption` ends it quietly),
    /// otherwise with a `RegexLimitError` naming the predicate.
    static let matches = DatabaseFunction("quake_matches", argumentCount: 3, pure: true) { values in
        guard let pattern = String.fromDatabaseValue(values[0]),
              let text = String.fromDatabaseValue(values[1]) else { return nil }
        do throws(RegexCache.Failure) {
            return try RegexCache.shared.wholeMatch(pattern, text)
        } catch {
            if error == .interrupted { throw DatabaseError(resultCode: .SQLITE_INTERRUPT) }
            let predicate = String.fromDatabaseValue(values[2]) ?? "MATCHES \(pattern)"
            throw RegexLimitError(predicate: predicate, subject: text, failure: error).databaseError
        }
    }

    /// The point comes as the bit patterns of its two Doubles (integers
    /// SQLite keeps exactly): a decimal literal would be read by SQLite's
    /// own conversion, which may round differently from Swift's, and the
    /// SQL would then disagree with the in-memory evaluation at the edges.
    /// It is written into the SQL rather than bound, so an ORDER BY or a
    /// keyset condition can repeat the expression without its arguments.
    static let distance = DatabaseFunction("quake_distance", argumentCount: 4, pure: true) { values in
        guard let latitude = Double.fromDatabaseValue(values[0]), let longitude = Double.fromDatabaseValue(values[1]),
              let latitudeBits = Int64.fromDatabaseValue(values[2]),
              let longitudeBits = Int64.fromDatabaseValue(values[3]) else { return nil }
        return GreatCircle.distanceKilometres(latitude, longitude, Double(bitPattern: UInt64(bitPattern: latitudeBits)),
                                              Double(bitPattern: UInt64(bitPattern: longitudeBits)))
    }
}
