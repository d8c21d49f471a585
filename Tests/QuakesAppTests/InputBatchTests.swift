import Foundation
import QuakeQuery
import TerminalUI
import TestSupport
import Testing
@testable import QuakesApp

/// What the terminal had ready is handled as one batch: a paste into the
/// filter is one query, and a long paste is capped and said to be.
@Suite struct InputBatchTests {
    static func keys(_ text: String) -> [BrowserEvent] { text.map { BrowserEvent.input(.key(.character($0))) } }
    static func key(_ key: Key) -> BrowserEvent { .input(.key(key)) }

    /// A model that has asked for its first results already.
    static func settledModel() -> BrowserModel {
        var model = BrowserModel(catalogName: "q.sqlite")
        _ = reduce(&model, [])
        return model
    }

    static func fetch(filter: String?, sortKeys: [SortKey]? = nil) -> BrowserEffect {
        var configuration = FetchConfiguration()
        configuration.predicate = filter.flatMap { QuakePredicate.placeContains($0) }
        if let sortKeys { configuration.sortKeys = sortKeys }
        return .fetch(configuration)
    }

    @Test func aPastedFilterFetchesOnce() {
        var model = Self.settledModel()
        #expect(reduce(&model, Self.keys("/alaska")) == [Self.fetch(filter: "alaska")], "seven keys, one query")
        #expect(model.filterText == "alaska")
        #expect(model.configuration.predicate?.description == #"place CONTAINS[cd] "alaska""#)

        // Enter inside a batch applies the filter before the keys after it
        // act on the table; the batch asks for its last configuration only.
        let effects = reduce(&model, Self.keys(" range") + [Self.key(.enter), Self.key(.character("2"))])
        #expect(effects == [Self.fetch(filter: "alaska range", sortKeys: [SortKey(.magnitude, ascending: false)])])
        #expect(model.filterText == "alaska range")
        #expect(model.mode == .table)
    }

    @Test func escapeInABatchClearsTheFilterAndKeysMovingTheCursorDoNotRefetch() {
        var model = Self.settledModel()
        #expect(reduce(&model, Self.keys("/hawaii") + [Self.key(.left), Self.key(.left)]) == [Self.fetch(filter: "hawaii")])
        #expect(reduce(&model, [Self.key(.home), Self.key(.end)]) == [], "the text did not change")
        #expect(reduce(&model, Self.keys("xyz") + [Self.key(.escape)]) == [Self.fetch(filter: nil)])
        #expect(model.filterText == "")
        #expect(model.configuration.predicate == nil)
    }

    @Test func aHundredKilobytePasteIsCappedAndTheScreenSaysSo() throws {
        let h = try BrowserHarness(width: 60, height: 8)
        try h.press(.character("/"))
        let paste = String(repeating: "alaska ", count: 15_000)
        h.handle(Self.keys(paste))
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
