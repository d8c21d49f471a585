import Foundation
import QuakeStore
import Testing
import TestSupport
@testable import QuakesApp

/// `o` and `y` with what a feed may put in a quake's `url`: only an http or
/// https link on one line is opened or copied; anything else is refused in
/// one status line, the address shown with its control characters visible.
@Suite struct EventLinkTests {
    /// Addresses no browser should be handed, and why each is refused.
    static let refused: [(url: String, shown: String, reason: String)] = [
        ("file:///etc/passwd", "file:///etc/passwd", "only http and https links are"),
        ("file:///home/user/.local/share/applications/run.desktop",
         "file:///home/user/.local/share/applications/run.desktop", "only http and https links are"),
        ("javascript:alert(document.cookie)", "javascript:alert(document.cookie)", "only http and https links are"),
        ("--version", "--version", "only http and https links are"),
        ("/etc/passwd", "/etc/passwd", "only http and https links are"),
        ("https:///etc/passwd", "https:///etc/passwd", "only http and https links are"),
        ("https://earthquake.usgs.gov/x\nrm -rf ~", "https://earthquake.usgs.gov/x^Jrm -rf ~",
         "a link with a control character or space is not"),
        ("https://example.org/\u{1B}]0;pwned\u{07}", "https://example.org/^[]0;pwned^G",
         "a link with a control character or space is not"),
        ("https://example.org/a b", "https://example.org/a b", "a link with a control character or space is not"),
        ("https://example.org/a\u{2028}b", "https://example.org/a\u{2028}b",
         "a link with a control character or space is not"),
    ]

    /// Links that are opened and copied as they are (a scheme's case does not matter).
    static let accepted = ["https://earthquake.usgs.gov/earthquakes/eventpage/us1000abcd", "HTTP://Example.org/quake?id=1#map"]

    /// A browser whose newest quakes have these addresses, newest first;
    /// the first is selected.
    private func browser(links: [String], hasDisplay: Bool = true) throws -> BrowserHarness {
        let h = try BrowserHarness(width: 160, hasDisplay: hasDisplay)
        for (index, url) in links.enumerated() {
            let feed = singleQuakeFeed(id: "zz\(index)", place: "Link \(index)", magnitude: 3,
                                       time: 1_528_969_000_000 - Int64(index) * 1000, url: url)
            _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "links")
        }
        try h.press(.character("g"))
        return h
    }

    @Test func oOpensOnlyHTTPLinksAndSaysWhyNot() throws {
        let h = try browser(links: Self.refused.map(\.url) + Self.accepted)
        for (index, link) in Self.refused.enumerated() {
            #expect(h.state.selectedQuake?.url == link.url)
            try h.press(.character("o"))
            #expect(h.state.message == "error: not opening \(link.shown): \(link.reason) opened", "row \(index)")
            #expect(h.lines.last == "error: not opening \(link.shown): \(link.reason) opened")
            try h.press(.character("j"))
        }
        #expect(h.asks.opened == [])
        for url in Self.accepted {
            try h.press(.character("o"))
            #expect(h.lines.last == "opening \(url)")
            try h.press(.character("j"))
        }
        #expect(h.asks.opened == Self.accepted)
    }

    @Test func yCopiesOnlyHTTPLinksOnOneLine() throws {
        let h = try browser(links: Self.refused.map(\.url) + Self.accepted, hasDisplay: false)
        for link in Self.refused {
            try h.press(.character("y"))
            #expect(h.state.message == "error: not copying \(link.shown): \(link.reason) copied")
            try h.press(.character("j"))
        }
        #expect(h.asks.copied == [])
        try h.press(.character("y"))
        #expect(h.asks.copied == [Self.accepted[0]])
        #expect(h.lines.last == "copied \(Self.accepted[0]) (OSC 52)")
    }

    @Test func withoutADisplayOShowsTheAddressMadeVisible() throws {
        let h = try browser(links: ["https://earthquake.usgs.gov/x\nrm -rf ~"], hasDisplay: false)
        try h.press(.character("o"))
        #expect(h.asks.opened == [])
        #expect(h.lines.last == "https://earthquake.usgs.gov/x^Jrm -rf ~")
    }
}
