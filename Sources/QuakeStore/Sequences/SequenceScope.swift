import Foundation
import GRDB

/// The selection a declustering read: the predicate as the user wrote it,
/// and as SQL with its arguments, kept with the run so the same selection
/// is declustered again when quakes arrive (the text alone would need the
/// query language and the home `DISTANCE` measured from at that time).
public struct SequenceScope: Sendable, Equatable {
    /// The predicate's text; empty for every quake.
    public var text: String
    public var sql: String
    public var arguments: [DatabaseValue]

    public init(text: String, sql: String, arguments: [DatabaseValue]) {
        self.text = text; self.sql = sql; self.arguments = arguments
    }

    public static let everyQuake = SequenceScope(text: "", sql: "1", arguments: [])

    /// One argument as JSON keeps it: its SQLite type and value, so an
    /// integer stays an integer (a time) and a real a real.
    private enum Stored: Codable {
        case null, integer(Int64), real(Double), text(String), blob(Data)
    }

    /// The arguments as JSON.
    var argumentsJSON: String {
        let stored: [Stored] = arguments.map { value in
            switch value.storage {
            case .null: .null
            case .int64(let n): .integer(n)
            case .double(let d): .real(d)
            case .string(let s): .text(s)
            case .blob(let data): .blob(data)
            }
        }
        return String(decoding: (try? JSONEncoder().encode(stored)) ?? Data("[]".utf8), as: UTF8.self)
    }

    init(text: String, sql: String, argumentsJSON: String) throws {
        let stored = try JSONDecoder().decode([Stored].self, from: Data(argumentsJSON.utf8))
        self.init(text: text, sql: sql, arguments: stored.map { value in
            switch value {
            case .null: .null
            case .integer(let n): n.databaseValue
            case .real(let d): d.databaseValue
            case .text(let s): s.databaseValue
            case .blob(let data): data.databaseValue
            }
        })
    }
}
