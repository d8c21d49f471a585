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
        #expect(h.lines[6] == "the field holds at most 4,096 characters")
        // Sixty columns: the prompt, 57 characters before the cursor, the cursor.
        #expect(h.lines[7] == "/" + String(paste.prefix(4096).suffix(57)))
        #expect(h.lines[2] == "  no quakes match")
        try h.press(.backspace)
        #expect(h.lines[6] != "the field holds at most 4,096 characters", "room again: the note goes")
    }

    @Test func aTwentyByFiveScreenShowsTheWholeTooSmallMessage() throws {
        let h = try BrowserHarness(width: 20, height: 5)
        #expect(h.lines == ["", " terminal too small", "  40x8 needed, now", "        20x5", ""])
        try h.resize(width: 39, height: 6)
        #expect(h.lines == ["", "", "          terminal too small", "         40x8 needed, now 39x6", "", ""])
    }
}
