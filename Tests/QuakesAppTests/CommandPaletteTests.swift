import Foundation
@testable import QuakesApp
import QuakeQuery
import QuakeViews
import TerminalUI
import Testing
import TestSupport

/// `Ctrl-P`: every command of the keymap, found by a few of its letters in
/// order, run by Enter as its key runs it.
@Suite struct CommandPaletteTests {
    @Test func everyCommandWithAKeyInTheTableOrOnTheMapIsListedWithItsKeys() {
        let listed = Set(CommandPalette.entries.map(\.command))
        let expected = Set(Keymap.bindings.filter { [.table, .map, .anywhere].contains($0.context) }.map(\.command))
            .subtracting([.palette])
        #expect(listed == expected)
        // Sorting is an entry a numbered column, run with its number.
        let sorts = CommandPalette.entries.filter { $0.command == .sortByColumn }
        #expect(sorts.map(\.title) == QuakeColumn.standard.map { "sort by \($0.title)" + ($0 == .distance ? " (with a home)" : "") })
        #expect(sorts.first { $0.title == "sort by Mag" }?.key == .character("2"))
        #expect(CommandPalette.entries.first { $0.command == .zoomIn }?.keys == "+ =")
        #expect(CommandPalette.entries.first { $0.command == .redo }?.keys == "Ctrl-R")
        #expect(KeyCommand.allCases.allSatisfy { Keymap.titles[$0] != nil }, "every command has a title")
    }

    @Test func lettersInOrderFindTheTightestMatchFirst() {
        #expect(CommandPalette.matching("zmi").first?.command == .zoomIn)
        #expect(CommandPalette.matching("freq").first?.command == .frequency)
        #expect(CommandPalette.span(of: Array("zmi"), in: Array("map: zoom in")) == 6, "z, the m of zoom, the i of in")
        #expect(CommandPalette.span(of: Array("imz"), in: Array("map: zoom in")) == nil, "not in this order")
        #expect(CommandPalette.matching("qqqq").isEmpty)
    }

    @Test func enterRunsTheChosenCommandAsItsKeyDoes() throws {
        let h = try BrowserHarness(width: 100, height: 24)
        try h.press(.control("p"))
        #expect(h.lines[1].hasPrefix(" command:"), "\(h.lines.joined(separator: "\n"))")
        try h.type("charts: activity")
        #expect(h.lines[3].hasPrefix(" charts: activity & magnitudes") && h.screen.style(row: 3, column: 1).reverse,
                "\(h.lines.joined(separator: "\n"))")
        try h.press(.enter)
        #expect(h.model.mode == .table && h.model.charts.isShown)
        // The table's `m`, then a map's command, run on the map.
        try h.press(.control("p"))
        try h.type("map: over")
        try h.press(.enter)
        #expect(h.model.map.isShown)
        let world = h.model.map.region
        try h.press(.control("p"))
        try h.type("zoom in")
        try h.press(.enter)
        #expect(h.model.map.region != world)
        try h.press(.control("p"), .escape)
        #expect(h.model.mode == .table)
        // `sort by Depth` sorts as its number does.
        try h.press(.control("p"))
        try h.type("sort by depth")
        try h.press(.enter)
        #expect(h.controller.sortKeys.first?.field == .depth, "\(h.controller.sortKeys)")
    }
}
