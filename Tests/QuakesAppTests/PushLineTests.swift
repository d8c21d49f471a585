import Foundation
import QuakePush
@testable import QuakesApp
import QuakeViews
import TerminalUI
import Testing

/// The browser's push source in its top line, and its notes in the bottom
/// line, from the feed's events through the reducer.
@Suite struct PushLineTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func text(_ line: PushLine) -> String {
        line.text(now: Self.now, age: Formatting(zone: .utc, now: Self.now).age)
    }

    @Test func theTopLineSaysWhereTheConnectionIs() {
        var line = PushLine(source: "EMSC")
        #expect(text(line) == "EMSC connecting…")
        line.heard(.status(.live(since: Self.now.addingTimeInterval(-30))))
        #expect(text(line) == "live · EMSC")
        line.heard(.message(receivedAt: Self.now.addingTimeInterval(-3)))
        #expect(text(line) == "live · EMSC · 3 s ago")
        line.heard(.status(.down(since: Self.now, reason: "connection refused", retry: Self.now.addingTimeInterval(7.2))))
        #expect(text(line) == "EMSC reconnecting in 8 s")
    }

    @Test func theModelShowsItAndItsNotes() {
        var model = ReducerTests.shownModel()
        model.push = PushLine(source: "EMSC")
        let since = Date()
        _ = reduce(&model, .push(.status(.live(since: since))))
        #expect(model.push?.status == .live(since: since))
        _ = reduce(&model, .push(.note("push message refused: not an EMSC message: not a JSON object (9 bytes: \"{not json\")")))
        #expect(model.message == "push message refused: not an EMSC message: not a JSON object (9 bytes: \"{not json\")")
        var screen = Screen(width: 140, height: 24)
        BrowseView(zone: .utc, land: .none).render(model, into: &screen)
        #expect(screen.lines[0].contains("live · EMSC"), "\(screen.lines[0])")
    }
}
