import Foundation
import QuakeStore
import TerminalUI
import TestSupport
import Testing
@testable import QuakesApp

/// A feed can hold anything in its texts: escape sequences, BEL, newlines,
/// C1 controls. The browser shows them as `^[`, `^G`, `^J` and U+FFFD, in
/// rows, details and status messages, each row one line of its width.
@Suite struct ControlCharacterScreenTests {
    /// The place retitles an xterm (OSC 0 … BEL), breaks the line, and ends
    /// in a C1 CSI; the network colors the rest of the screen red.
    static let feed = singleQuakeFeed(id: "zz0001", place: #"\u001b]0;TITLE\u0007Evil\nPlace\u009b"#, magnitude: 2.5,
                                      time: 1_528_970_000_000, latitude: 2, longitude: 1, depth: 3)
        .replacingOccurrences(of: #""net":"zz""#, with: #""net":"z\u001b[31m""#)

    static func harness(width: Int = 130, height: Int = 8) throws -> BrowserHarness {
        let h = try BrowserHarness(width: width, height: height)
        _ = try QuakeImporter(catalog: h.catalog).importData(Data(feed.utf8), name: "evil")
        try h.refresh()
        return h
    }

    @Test func aRowShowsControlCharactersVisiblyInItsColumns() throws {
        let h = try Self.harness()
        #expect(h.lines[2] == "  2018-06-14 09:53:20  6 min ago     2.5 ^[]0;TITLE^GEvil^JPlace�              3.0    2.000     1.000 z^[[… earthquake  reviewed")
        #expect(h.lines[3].hasPrefix("  2018-06-14 09:12:13 47 min ago     2.9 5km SW of Volcano, Hawaii"), "the next row is its own line")
        Self.expectNoControlCharacters(h.screen)
    }

    @Test func detailsAndStatusMessagesShowThemVisiblyToo() throws {
        let h = try Self.harness(width: 100, height: 24)
        try h.press(.enter)
        #expect(h.lines[1] == " M 2.5 - ^[]0;TITLE^GEvil^JPlace�")
        #expect(h.lines.contains(" Place         ^[]0;TITLE^GEvil^JPlace�"))
        #expect(h.lines.contains(" Network       z^[[31m  code 0001"))
        Self.expectNoControlCharacters(h.screen)

        try h.press(.escape, .character("d"))
        #expect(h.lines.last == "Delete M 2.5 - ^[]0;TITLE^GEvil^JPlace�? y/n")
        try h.press(.character("y"))
        #expect(h.lines.last == "deleted M 2.5 - ^[]0;TITLE^GEvil^JPlace�")
        Self.expectNoControlCharacters(h.screen)
    }

    static func expectNoControlCharacters(_ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) {
        for (row, line) in screen.lines.enumerated() {
            #expect(!line.unicodeScalars.contains(where: TerminalText.isControl), "row \(row): \(line.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }
}
