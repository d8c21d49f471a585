import Foundation
import QuakeQuery
import QuakeStore
import QuakeViews
import Testing
import TestSupport
@testable import QuakesApp

/// `+` adds any stored field as a column (VisiData shows every column of a
/// file): a chooser of the columns not shown, Enter puts the chosen one
/// right of the cursor's; `-` takes it away again; saved views keep it.
@Suite(.timeLimit(.minutes(10)))
struct ColumnChooserTests {
    /// The week's newest quakes as the fixture gives them, newest first.
    static func newestFeatures(_ count: Int) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.week))
        let features = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["features"] as? [[String: Any]])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        return Array(properties.sorted { ($0["time"] as? Int64 ?? 0) > ($1["time"] as? Int64 ?? 0) }.prefix(count))
    }

    /// The text of the number column titled `title` on each row line: the
    /// `width` columns ending where its right-aligned title ends.
    static func cells(_ lines: [String], title: String, width: Int) throws -> [String] {
        let header = lines[1]
        let end = try #require(header.range(of: " \(title)")).upperBound
        let x = header.distance(from: header.startIndex, to: end)
        return lines[2..<(lines.count - 1)].map { line in
            let characters = Array(line)
            guard characters.count >= x else { return "" }
            return String(characters[(x - width)..<x]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// `H` hides the cursor's column as `-` does (VisiData's and htop's key).
    @Test func hHidesTheCursorsColumn() throws {
        let h = try BrowserHarness(width: 100, height: 10)
        try h.press(.character("l"))
        #expect(h.model.columnCursor == .magnitude)
        try h.press(.character("H"))
        #expect(h.model.hiddenColumns == [.magnitude] && h.lines.last == "hid Mag; + adds it again", "\(h.lines.last ?? "")")
        #expect(!h.lines[1].contains("2 Mag"))
    }

    @Test func plusListsTheFieldsNotShownAndEnterAddsOneRightOfTheCursor() throws {
        let h = try BrowserHarness(width: 100, height: 10)
        try h.press(.character("+"))
        #expect(h.lines[1] == " Add a column: 28 choices", "\(h.lines)")
        #expect(Array(h.lines[3...5]).map { $0.trimmingCharacters(in: .whitespaces) } == ["magType", "sig", "felt"], "\(h.lines)")
        try h.press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"))   // nst
        try h.press(.enter)
        #expect(h.model.columnCursor == .nst && h.model.addedColumns == [.nst])
        #expect(h.lines[1].hasPrefix("  1 Time ▼                         nst   2 Mag 3 Place"), "right of Time: \(h.lines[1])")
        let rows = h.lines.count - 3
        let expected = try Self.newestFeatures(rows).map { ($0["nst"] as? Int).map(String.init) ?? "–" }
        #expect(try Self.cells(h.lines, title: "nst", width: 5) == expected)

        // Another, right of nst: gap in tenths of a degree, as USGS gives it.
        try h.press(.character("+"))
        #expect(!h.lines.contains(" nst"), "nst shows, so it is no choice")
        try h.press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"), .enter)   // gap
        let gaps = try Self.newestFeatures(rows).map { ($0["gap"] as? Double).map { String(format: "%.1f", $0) } ?? "–" }
        #expect(try Self.cells(h.lines, title: "gap", width: 5) == gaps, "\(h.lines)")

        // `-` takes the cursor's away; `+` offers it again.
        try h.press(.character("-"))
        #expect(!h.lines[1].contains(" gap ") && h.lines[1].contains(" nst "), "\(h.lines[1])")
        #expect(h.lines.last == "hid gap; + adds it again")
        #expect(h.model.addedColumns == [.nst])
    }

    @Test func anUnknownValueIsADashAndAnAddedColumnSortsWhenItsFieldDoes() throws {
        let h = try BrowserHarness(width: 120, height: 10)
        try h.press(.character("+"), .character("j"), .character("j"), .enter)   // felt
        let rows = h.lines.count - 3
        let felt = try Self.newestFeatures(rows).map { ($0["felt"] as? Int).map(String.init) ?? "–" }
        #expect(felt.contains("–"), "the week's newest have no felt reports")
        #expect(try Self.cells(h.lines, title: "felt", width: 6) == felt)
        try h.press(.character("]"))
        #expect(h.controller.sortKeys == [SortKey(.felt, ascending: false)])
        #expect(h.lines[1].contains("felt ▼"), "\(h.lines[1])")
        try h.press(.character("+"), .character("j"), .character("j"), .character("j"), .character("j"), .enter)   // nst: felt shows
        #expect(h.model.columnCursor == .nst)
        try h.press(.character("["))
        #expect(h.lines.last == "nst is not a sort key; : filters by it (nst > …)")
        #expect(h.controller.sortKeys == [SortKey(.felt, ascending: false)], "unchanged")
    }

    @Test func aSavedViewKeepsTheAddedColumns() throws {
        let folder = TemporaryFolder()
        let views = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        let h = try BrowserHarness(width: 100, height: 10, views: views)
        try h.press(.character("+"), .character("j"), .enter)   // sig
        try h.press(.character("w"))
        try h.type("significant")
        try h.press(.enter)
        #expect(try views.savedViews()["significant"]?.addedColumns == ["sig"])
        try h.press(.character("-"))
        #expect(!h.lines[1].contains(" sig "))
        try h.press(.character("'"), .enter)
        #expect(h.lines.last == "showing view significant")
        #expect(h.lines[1].contains("1 Time ▼                         sig   2 Mag"), "\(h.lines[1])")
    }
}
