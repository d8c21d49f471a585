import Foundation
import QuakeStore
import Testing
@testable import QuakesApp

/// Two browsers on one catalog file, each with its own handle as two
/// processes have: both asked to delete the same quake, the second finds
/// it gone and says so instead of claiming the delete.
@Suite struct ConcurrentDeleteTests {
    static let title = "M 2.9 - 5km SW of Volcano, Hawaii"

    @Test func theSecondBrowserSaysTheQuakeWasAlreadyDeleted() throws {
        let first = try BrowserHarness(width: 120)
        let second = try BrowserHarness(width: 120, sharing: first)
        #expect(first.state.selectedQuake?.title == Self.title)
        #expect(second.state.selectedQuake?.title == Self.title)

        // Both ask; the first answers y, then the second.
        try first.press(.character("d"))
        try second.press(.character("d"))
        #expect(second.lines.last == "Delete \(Self.title)? y/n")
        try first.press(.character("y"))
        #expect(first.lines.last == "deleted \(Self.title)")
        try second.press(.character("y"))
        #expect(second.lines.last == "\(Self.title) was already deleted (by another process)")

        #expect(second.lines[0] == " quakes-tui  quakes.sqlite  4,713 quakes  row 1  by time ▼")
        #expect(try QuakeCatalog(path: first.catalog.path).count() == 4713)
    }
}
