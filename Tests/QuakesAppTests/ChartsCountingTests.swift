import Foundation
import QuakeCharts
import QuakeQuery
import TerminalUI
import Testing
@testable import QuakesApp

/// The charts pane never shows one selection's figures as another's: from
/// the ask for new charts until they arrive, its figures line says
/// `charts: counting…` over the bars it has.
@Suite struct ChartsCountingTests {
    static func charts(count: Int) -> QuakeCharts {
        QuakeCharts(count: count, firstTime: nil, lastTime: nil, activity: ActivityHistogram(binSize: .day, bins: []),
                    magnitudes: MagnitudeFrequency(bins: [], withoutMagnitude: count, mc: nil, fit: nil))
    }

    static func asks(_ effects: [BrowserEffect]) -> [Int] {
        effects.compactMap { if case .computeCharts(_, _, _, let ask) = $0 { ask } else { nil } }
    }

    static func screen(_ model: BrowserModel) -> [String] {
        var screen = Screen(width: 100, height: 24)
        BrowseView(zone: .utc, land: .none).render(model, into: &screen)
        return screen.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func theFiguresLineSaysCountingFromTheAskUntilItsAnswer() {
        var model = ReducerTests.shownModel()
        let first = Self.asks(reduce(&model, ReducerTests.key("c")))
        #expect(first == [1])
        #expect(Self.screen(model)[1] == "charts: counting…", "no charts yet")
        _ = reduce(&model, .charts(Self.charts(count: 1000), answering: 1))
        #expect(Self.screen(model)[1].hasPrefix("1,000 quakes"), "\(Self.screen(model)[1])")

        // A filter's results arrive: the charts shown are of the 1,000, so they count.
        let filtered = ReducerTests.configuration(filter: "Place 1")
        _ = reduce(&model, ReducerTests.keys("/Place 1") + [.input(.key(.enter))])
        let second = Self.asks(reduce(&model, .page(ReducerTests.page(2, filtered, count: 111, rows: 0..<111, total: 1000))))
        #expect(second == [2])
        #expect(Self.screen(model)[1] == "charts: counting…")
        // An answer to the older ask changes the bars but not the truth.
        _ = reduce(&model, .charts(Self.charts(count: 1000), answering: 1))
        #expect(Self.screen(model)[1] == "charts: counting…")
        _ = reduce(&model, .charts(Self.charts(count: 111), answering: 2))
        #expect(Self.screen(model)[1].hasPrefix("111 quakes"), "\(Self.screen(model)[1])")
    }

    @Test func aFailureIsSaidInsteadOfCounting() {
        var model = ReducerTests.shownModel()
        _ = reduce(&model, ReducerTests.key("c"))
        _ = reduce(&model, .chartsFailed(CancellationError()))
        #expect(Self.screen(model)[1].hasPrefix("charts: "), "\(Self.screen(model)[1])")
        #expect(!Self.screen(model)[1].contains("counting"))
    }
}
