import Foundation
import QuakeQuery
import TerminalUI
import TestSupport
import Testing
@testable import QuakesApp

/// What the terminal had ready is handled as one batch: a paste into the
/// filter is one query, and a long paste is capped and said to be.
@Suite struct InputBatchTests {
    /// A configuration that counts how often the browser sets it.
    final class CountingConfiguration: @unchecked Sendable {
        var value = FetchConfiguration()
        var sets = 0
        var binding: Binding<FetchConfiguration> {
            Binding(get: { self.value }, set: { self.value = $0; self.sets += 1 })
        }
    }

    static func keys(_ text: String) -> [Event] { text.map { .key(.character($0)) } }

    @Test func aPastedFilterSetsTheConfigurationOnce() {
        let configuration = CountingConfiguration()
        let state = BrowserState(catalogName: "q.sqlite", configuration: configuration.binding,
                                 actions: BrowserActions(delete: { _, _ in }))
        state.handle(.key(.character("/")))
        state.handle(Self.keys("alaska"))
        #expect(configuration.sets == 1, "six keys, one query")
        #expect(state.filterText == "alaska")
        #expect(configuration.value.predicate?.description == #"place CONTAINS[cd] "alaska""#)

        // Enter inside a batch applies the filter before the keys after it act on the table.
        state.handle(Self.keys(" range") + [.key(.enter), .key(.character("2"))])
        #expect(state.filterText == "alaska range")
        #expect(state.mode == .table)
        #expect(configuration.value.sortKeys.first?.field == .magnitude)
        #expect(configuration.sets == 3, "the filter once, the sort once")
    }

    @Test func escapeInABatchClearsTheFilterAndKeysMovingTheCursorDoNotRefetch() {
        let configuration = CountingConfiguration()
        let state = BrowserState(catalogName: "q.sqlite", configuration: configuration.binding,
                                 actions: BrowserActions(delete: { _, _ in }))
        state.handle(Self.keys("/hawaii") + [.key(.left), .key(.left)])
        #expect(configuration.sets == 1)
        state.handle([.key(.home), .key(.end)])
        #expect(configuration.sets == 1, "the text did not change")
        state.handle(Self.keys("xyz") + [.key(.escape)])
        #expect(state.filterText == "")
        #expect(configuration.value.predicate == nil)
    }

    @Test func aHundredKilobytePasteIsCappedAndTheScreenSaysSo() throws {
        let h = try BrowserHarness(width: 60, height: 8)
        try h.press(.character("/"))
        let paste = String(repeating: "alaska ", count: 15_000)
        h.state.handle(Self.keys(paste))
        try h.refresh()
        #expect(h.state.filterText == String(paste.prefix(4096)))
        // Sixty columns: the prompt, 57 characters before the cursor, the cursor;
        // the note over the table's last row.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  0 of 4,714 quakes  filter \"alask",
            "  1 Time ▼              2 Mag 3 Place               4 Depth",
            "  no quakes match",
            "",
            "",
            "",
            "the field holds at most 4,096 characters",
            "/alaska alaska alaska alaska alaska alaska alaska alaska a",
        ], styles: [
            "############################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "  ddddddddddddddd",
            "",
            "",
            "",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            "",
        ], cursor: Screen.Position(row: 7, column: 58))
        try h.press(.backspace)
        // Room again: the note goes.
        h.expectScreen([
            " quakes-tui  quakes.sqlite  0 of 4,714 quakes  filter \"alask",
            "  1 Time ▼              2 Mag 3 Place               4 Depth",
            "  no quakes match",
            "",
            "",
            "",
            "",
            "/ alaska alaska alaska alaska alaska alaska alaska alaska",
        ], styles: [
            "############################################################",
            "  uuuuuuuuuuuuuuuuuuu bbbbbbb bbbbbbbbbbbbbbbbbbbb bbbbbbbb",
            "  ddddddddddddddd",
            "",
            "",
            "",
            "",
            "",
        ], cursor: Screen.Position(row: 7, column: 58), "room again: the note goes")
    }

    @Test func aTwentyByFiveScreenShowsTheWholeTooSmallMessage() throws {
        let h = try BrowserHarness(width: 20, height: 5)
        h.expectScreen(["", " terminal too small", "  40x8 needed, now", "        20x5", ""], styles: ["", "", "", "", ""])
        try h.resize(width: 39, height: 6)
        h.expectScreen(["", "", "          terminal too small", "         40x8 needed, now 39x6", "", ""],
                       styles: ["", "", "", "", "", ""])
    }
}
