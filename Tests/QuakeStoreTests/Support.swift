import Foundation
import QuakeStore
@_exported import TestSupport

/// Every stored quake, by id.
func storedQuakes(_ catalog: QuakeCatalog) throws -> [String: Quake] {
    let quakes = try catalog.dbWriter.read { db in try Quake.fetchAll(db, sql: "SELECT * FROM quake") }
    return Dictionary(uniqueKeysWithValues: quakes.map { ($0.id, $0) })
}
