import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI
import Testing
import TestSupport
@testable import QuakesApp

/// `--alert` in the real run loop (a member of the serialized suite: a run
/// loop installs process-wide signal handlers): another writer's import
/// brings quakes that newly match; the bell rings once for the batch and a
/// banner shows over the line above the bottom line until a key is pressed.
extension RunLoopTests {
    /// The features of a one-quake feed, to put several in one feed.
    static func feature(_ feed: String) -> String {
        String(feed.dropFirst(#"{"type":"FeatureCollection","features":["#.count).dropLast(2))
    }

    @Test func newMatchingQuakesRingTheBellOnceAndShowABannerUntilAKey() throws {
        let browser = try RunningBrowser(alert: try QuakePredicate("magnitude >= 5.5"))
        #expect(browser.frame(showing: "4,711 quakes", row: 0) != nil)
        let quakes = [
            singleQuakeFeed(id: "zz9001", place: "Alert Ridge", magnitude: 5.8, time: 1_528_970_000_000),
            singleQuakeFeed(id: "zz9002", place: "Newest Alert Trench", magnitude: 6.1, time: 1_528_970_100_000),
            singleQuakeFeed(id: "zz9003", place: "Small Shelf", magnitude: 3.0, time: 1_528_970_200_000),
        ]
        let feed = #"{"type":"FeatureCollection","features":["# + quakes.map(Self.feature).joined(separator: ",") + "]}"
        // Another writer: a catalog of its own on the same file.
        _ = try QuakeImporter(catalog: try QuakeCatalog(path: browser.catalog.path)).importData(Data(feed.utf8), name: "more")

        // The alert check and the results' snapshot follow the commit on
        // their own threads: either may reach the screen first.
        let shown = try #require(browser.terminal.waitForFrame {
            $0.height > 6 && $0.lines[6].contains("ALERT") && $0.lines[0].contains("4,714 quakes")
        })
        #expect(shown.lines[6] == " ALERT  M6.1  Newest Alert Trench  2018-06-14 09:55:00 UTC  (+1 more)")
        #expect(browser.terminal.bells == 1)

        // Every frame from the banner's first on shows it until the key.
        let first = browser.terminal.frames.firstIndex { $0.height > 6 && $0.lines[6].contains("ALERT") }!
        #expect(browser.terminal.frames.dropFirst(first).allSatisfy { $0.lines[6] == shown.lines[6] })
        let before = browser.terminal.frames.count
        browser.terminal.send(.down)
        let after = try #require(browser.terminal.waitForFrame(from: before) { _ in true })
        #expect(after.lines[6] == "  2018-06-14 09:11:44     2.1 1km W of Volcano, Hawaii            0.5", "\(after.lines)")
        #expect(after.lines[3] == "+ 2018-06-14 09:55:00     6.1 Newest Alert Trench                10.0")
        #expect(browser.terminal.bells == 1)
        browser.terminal.send(.character("q"))
        guard case .success(.quit)? = browser.exit() else { Issue.record("the browser did not quit"); return }
    }
}
