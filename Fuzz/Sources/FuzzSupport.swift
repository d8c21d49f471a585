import Foundation
import GRDB
@testable import QuakeStore

/// An in-memory SQLite to bind quakes into, as the importer binds them.
private let probe = try! DatabaseQueue()

/// The values the importer would store for `quake`, bound by its own code
/// and read back through SQLite.
private func storedValues(of quake: Quake) -> [DatabaseValue] {
    try! probe.inDatabase { db in
        let count = Quake.storedColumns.count
        let statement = try db.cachedStatement(sql: "SELECT " + (1...count).map { "?\($0)" }.joined(separator: ", "))
        statement.setUncheckedArguments(StatementArguments())
        try quake.bindStoredValues(to: statement)
        return Array(try Row.fetchOne(statement)!.databaseValues)
    }
}

/// Checks what the importer relies on for every quake a reader hands it, and
/// computes every derived column the catalog stores (day, folded place,
/// epoch milliseconds), so a value that would trap there traps here.
func checkImported(_ event: ParsedEvent, from input: UnsafeBufferPointer<UInt8>) {
    switch event {
    case .skipped(let reason):
        fuzzCheck(!reason.isEmpty, "a skip without a reason", input)
    case .quake(let quake):
        fuzzCheck(!quake.id.isEmpty, "a quake without an id", input)
        fuzzCheck(abs(quake.latitude) <= 90 && abs(quake.longitude) <= 180 && quake.depth.isFinite,
                  "bad coordinates stored: \(quake.latitude), \(quake.longitude), \(quake.depth)", input)
        fuzzCheck(quake.magnitude?.isFinite ?? true, "a non-finite magnitude stored: \(quake.magnitude!)", input)
        let values = storedValues(of: quake)
        fuzzCheck(values.count == Quake.storedColumns.count, "stored values do not match the columns", input)
        fuzzCheck(values[0] == quake.id.databaseValue, "the id is not bound first", input)
        fuzzCheck(quake.day.count >= 10, "odd day \(quake.day)", input)
        _ = ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)
        _ = quake.formerIDs
    }
}

/// A failed invariant: says what and traps, so libFuzzer keeps the input.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               _ input: UnsafeBufferPointer<UInt8>) {
    if condition() { return }
    FileHandle.standardError.write(Data("fuzz invariant failed: \(message())\ninput: \(String(decoding: input, as: UTF8.self).debugDescription)\n".utf8))
    fatalError(message())
}
