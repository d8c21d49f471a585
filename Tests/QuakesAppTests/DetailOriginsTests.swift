import Foundation
import QuakeStore
import Testing
import TestSupport

/// The details of an event two services reported (the 2017 Puebla M 7.1, in
/// the real EMSC and USGS answers of `Tests/Fixtures/association`) list its
/// origins, the preferred one first and marked, the other with how far it is
/// from it.
@Suite struct DetailOriginsTests {
    static let association = Fixture.folder.appendingPathComponent("association")

    @Test func theDetailsListEveryOriginWithItsDifferences() throws {
        let h = try BrowserHarness(width: 120, height: 40)
        for file in ["emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt", "usgs_2017-09-01_2017-11-01_M6.5.csv"] {
            _ = try QuakeImporter(catalog: h.catalog).importFile(at: Self.association.appendingPathComponent(file).path)
        }
        try h.press(.character("/"))
        try h.type("matzaco")
        try h.press(.enter)
        try h.press(.enter)
        // 18:14:38.5 against 18:14:38.090: +0.41 s; (18.59, -98.47) against
        // (18.5499, -98.4887): 4.875 km by the haversine; both M 7.1.
        let origins = h.lines.drop { !$0.hasPrefix(" Origins") }.prefix(3).map { $0.trimmingTrailingSpaces }
        #expect(origins == [
            " Origins       2 reports: usgs, emsc",
            "  *usgs        us2000ar20  18:14:38.090  M7.1 mww  18.550 -98.489 48.0 km  preferred",
            "   emsc        emsc:20170919_0000091  18:14:38.500  M7.1 mw  18.590 -98.470 50.0 km  Δt +0.4 s  Δ 4.9 km  ΔM +0.0",
        ], "\(h.lines.joined(separator: "\n"))")
        // A quake one service reported: no origins listed.
        try h.press(.escape)
        try h.press(.character("/"))
        try h.press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
        try h.type("volcano")
        try h.press(.enter)
        try h.press(.enter)
        #expect(!h.lines.contains { $0.hasPrefix(" Origins") })
    }

    /// `x` on the marked origin splits it off (as `quakes-tui split`), `m`
    /// on one event and then on another merges them (as `merge`): the
    /// details say what was done and show the event that remains.
    @Test func keysInTheDetailsSplitAnOriginOffAndMergeTwoEvents() throws {
        let h = try BrowserHarness(width: 120, height: 40)
        for file in ["emsc_fdsnws-event_2017-09-01_2017-11-01_M6.5.txt", "usgs_2017-09-01_2017-11-01_M6.5.csv"] {
            _ = try QuakeImporter(catalog: h.catalog).importFile(at: Self.association.appendingPathComponent(file).path)
        }
        let emsc = "emsc:20170919_0000091"
        try h.press(.character("/"))
        try h.type("matzaco")
        try h.press(.enter, .enter)
        // The marker starts on the origin that is not the preferred one; Tab moves it.
        let emscRow = try #require(h.lines.firstIndex { $0.hasPrefix("   emsc") })
        #expect(h.screen.style(row: emscRow, column: 20).reverse && !h.screen.style(row: emscRow - 1, column: 20).reverse)
        try h.press(.tab)
        #expect(h.screen.style(row: emscRow - 1, column: 20).reverse && !h.screen.style(row: emscRow, column: 20).reverse)
        try h.press(.tab)
        try h.press(.character("x"))
        #expect(h.lines.last!.trimmingTrailingSpaces == "split \(emsc) from event us2000ar20: now an event of its own")
        #expect(!h.lines.contains { $0.hasPrefix(" Origins") }, "\(h.lines.joined(separator: "\n"))")
        #expect(try h.catalog.origins(ofEventHolding: emsc).map(\.report.id) == [emsc])
        #expect(try h.catalog.origins(ofEventHolding: "us2000ar20").map(\.report.id) == ["us2000ar20"])

        // Marked in the EMSC event's details, merged in the USGS one's.
        func details(_ filter: String) throws {
            try h.press(.escape, .character("/"))
            for _ in 0..<10 { try h.press(.backspace) }
            try h.type(filter)
            try h.press(.enter, .enter)
        }
        try details("puebla")
        try h.press(.character("m"))
        #expect(h.lines.last!.trimmingTrailingSpaces == "marked \(emsc) to merge: m in another event's details merges the two")
        try h.press(.character("j"))   // a key in the details: the mark stays said
        #expect(h.lines.last!.trimmingTrailingSpaces == "\(emsc) marked to merge: m in another event's details merges the two")
        try details("matzaco")
        try h.press(.character("m"))
        #expect(h.lines.last!.trimmingTrailingSpaces == "merged \(emsc) and us2000ar20: one event, us2000ar20")
        #expect(Set(try h.catalog.origins(ofEventHolding: emsc).map(\.report.id)) == [emsc, "us2000ar20"])
        // The details follow the merged event: both origins again.
        #expect(h.lines.contains { $0.hasPrefix(" Origins       2 reports: usgs, emsc") }, "\(h.lines.joined(separator: "\n"))")
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
