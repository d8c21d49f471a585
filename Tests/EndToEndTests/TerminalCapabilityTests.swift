import Foundation
import Testing
import TestSupport

/// What the browser draws depends on the terminal it finds: colors unless
/// NO_COLOR says otherwise, UTF-8 arrows only in a UTF-8 locale.
@Suite("Terminal capabilities", .timeLimit(.minutes(10)))
struct TerminalCapabilityTests {
    /// A foreground color as tmux writes it: `ESC[31m`…`ESC[37m`, `ESC[38;5;208m`.
    static let foregroundColor = #"\x1B\[(?:[0-9;]*;)?(?:3[1-7]|38;5;[0-9]+)(?:;[0-9;]*)?m"#

    @Test("magnitudes are colored, and NO_COLOR turns every color off but keeps bold and reverse")
    func noColor() throws {
        let colored = try TmuxSession()
        colored.waitForTable()
        let escapedColors = colored.captureWithEscapes()
        #expect(escapedColors.range(of: Self.foregroundColor, options: .regularExpression) != nil, "\(escapedColors.prefix(600).debugDescription)")

        let plain = try TmuxSession(environment: ["NO_COLOR": "1"])
        let pane = plain.waitForTable()
        let escaped = plain.captureWithEscapes()
        #expect(escaped.range(of: Self.foregroundColor, options: .regularExpression) == nil, "\(escaped.prefix(600))")
        #expect(escaped.contains("\u{1B}[7m") || escaped.contains(";7m"), "the top line and the selection stay reverse")
        #expect(pane.top.hasPrefix(" quakes-tui  quakes.sqlite  4,711 quakes  row 1"))
    }

    @Test("outside a UTF-8 locale the sort marks are ^ and v, and only ASCII is sent")
    func asciiArrows() throws {
        let session = try TmuxSession(environment: ["LANG": "C", "LC_ALL": "C"])
        var pane = session.waitUntil { $0.lines[1].contains("1 Time") && $0.lines[2].hasPrefix("  2018-06-14") }
        #expect(pane.lines[1].hasPrefix("  1 Time v "), "\(pane)")
        #expect(pane.top.hasSuffix("by time v"), "\(pane)")
        pane = session.pressChangingBody("2")
        #expect(pane.lines[1].contains("2 Mag v"), "\(pane)")
        #expect(!pane.lines[1].contains("▼") && !pane.lines[1].contains("▲"))
        #expect(pane.lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "only ASCII is sent: \(pane)")
        #expect(pane.lines.contains { $0.hasSuffix("~") || $0.contains("~ ") }, "a cut place ends in ~: \(pane)")
    }
}
