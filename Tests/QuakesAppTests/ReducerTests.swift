import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI
import Testing
@testable import QuakesApp

/// The reducer alone, without a database: events in, the model and the
/// effects out. Pages are built in memory, as the controller would deliver
/// them, so that each frame's story can be told exactly.
@Suite struct ReducerTests {
    static let start = Date(epochMilliseconds: 1_528_970_400_000)

    /// Quake `i`: the newer the smaller `i` (the default sort is newest first).
    static func quake(_ i: Int) -> Quake {
        Quake(id: "q\(i)", magnitude: Double(i % 60) / 10, place: "Place \(i)",
              time: start.addingTimeInterval(Double(-60 * i)), updated: start, depth: 10, latitude: 10, longitude: 20)
    }

    static func page(_ generation: Int, _ configuration: FetchConfiguration = FetchConfiguration(), count: Int?,
                     rows: Range<Int>, ids: (Int) -> Int = { $0 }, total: Int = 1000, dataVersion: Int = 0,
                     changed: [String: Date] = [:], tracked: ResultsPage.TrackedQuake? = nil) -> ResultsPage {
        ResultsPage(generation: generation, configuration: configuration, dataVersion: dataVersion, count: count,
                    total: count == nil ? nil : total, firstRowIndex: rows.lowerBound, rows: rows.map { quake(ids($0)) },
                    tracked: tracked, recentlyChanged: changed.mapValues { QuakeChange(changedAt: $0) })
    }

    static func key(_ character: Character) -> BrowserEvent { .input(.key(.character(character))) }
    static func keys(_ text: String) -> [BrowserEvent] { text.map(key) }

    /// A model showing the first 300 of 1,000 quakes, counted.
    static func shownModel() -> BrowserModel {
        var model = BrowserModel(catalogName: "q.sqlite", now: start)
        _ = reduce(&model, [])
        _ = reduce(&model, .page(page(1, count: 1000, rows: 0..<300)))
        return model
    }

    static func configuration(filter: String? = nil, sortKeys: [SortKey]? = nil) -> FetchConfiguration {
        var configuration = FetchConfiguration()
        configuration.predicate = filter.flatMap { QuakePredicate.placeContains($0) }
        if let sortKeys { configuration.sortKeys = sortKeys }
        return configuration
    }

    static func topLine(_ model: BrowserModel) -> String {
        var screen = Screen(width: 80, height: 24)
        BrowseView(zone: .utc, land: .none).render(model, into: &screen)
        return screen.lines[0]
    }

    @Test func theFirstEventsAskForTheResultsAndNothingElseOfAHiddenMap() {
        var model = BrowserModel(catalogName: "q.sqlite", now: Self.start)
        #expect(reduce(&model, []) == [.fetch(FetchConfiguration()), .track(nil), .observeMap(nil),
                                       .reportChanges(since: Self.start)])
        #expect(reduce(&model, []) == [], "asked once")
    }

    @Test func twoAsksForTheResultsByMagnitude() {
        var model = Self.shownModel()
        #expect(reduce(&model, Self.key("2")) == [.fetch(Self.configuration(sortKeys: [SortKey(.magnitude, ascending: false)]))])
        // Again: the direction reverses.
        #expect(reduce(&model, Self.key("2")) == [.fetch(Self.configuration(sortKeys: [SortKey(.magnitude, ascending: true)]))])
        // Moving asks for nothing: the rows are in the page.
        #expect(reduce(&model, .input(.key(.down))) == [.track("q1")])
    }

    @Test func undoAndRedoWalkTheQueryChanges() {
        var model = Self.shownModel()
        let byMagnitude = Self.configuration(sortKeys: [SortKey(.magnitude, ascending: false)])
        _ = reduce(&model, Self.key("2"))
        // A filter typed in three batches, then Enter: one change.
        _ = reduce(&model, Self.keys("/vo"))
        _ = reduce(&model, Self.keys("lc"))
        _ = reduce(&model, [Self.key("a"), .input(.key(.enter))])
        #expect(model.filterText == "volca")
        #expect(reduce(&model, Self.key("u")) == [.fetch(byMagnitude)], "the whole filter goes at once")
        #expect(model.filterText == "" && model.message == "undone")
        #expect(reduce(&model, Self.key("u")) == [.fetch(FetchConfiguration())])
        #expect(reduce(&model, Self.key("u")) == [])
        #expect(model.message == "nothing to undo")
        #expect(reduce(&model, .input(.key(.control("r")))) == [.fetch(byMagnitude)])
        #expect(reduce(&model, .input(.key(.control("r")))) == [.fetch(Self.configuration(filter: "volca", sortKeys: byMagnitude.sortKeys))])
        #expect(model.filterText == "volca" && model.message == "redone")
        #expect(reduce(&model, .input(.key(.control("r")))) == [])
        #expect(model.message == "nothing to redo")
        // A new change after an undo drops what was undone.
        _ = reduce(&model, Self.key("u"))
        _ = reduce(&model, Self.key("4"))
        #expect(reduce(&model, .input(.key(.control("r")))) == [])
    }

    /// Typing `ri`: the page of `r` arrives after `ri` was asked for. Its
    /// frame says `filter "r"` with r's count, never `ri` over r's rows.
    @Test func aFrameSaysTheFilterOfItsRowsNotTheOneAskedSince() {
        var model = Self.shownModel()
        #expect(reduce(&model, Self.keys("/r")) == [.fetch(Self.configuration(filter: "r"))])
        #expect(reduce(&model, Self.key("i")) == [.fetch(Self.configuration(filter: "ri"))])
        #expect(Self.topLine(model) == " quakes-tui  q.sqlite  1,000 quakes  row 1  by time ▼")
        _ = reduce(&model, .page(Self.page(2, Self.configuration(filter: "r"), count: 400, rows: 0..<300)))
        #expect(Self.topLine(model) == " quakes-tui  q.sqlite  400 of 1,000 quakes  row 1  filter \"r\"  by time ▼")
        _ = reduce(&model, .page(Self.page(3, Self.configuration(filter: "ri"), count: nil, rows: 0..<70)))
        #expect(Self.topLine(model) == " quakes-tui  q.sqlite  counting…  filter \"ri\"  by time ▼")
        _ = reduce(&model, .page(Self.page(3, Self.configuration(filter: "ri"), count: 70, rows: 0..<70)))
        #expect(Self.topLine(model) == " quakes-tui  q.sqlite  70 of 1,000 quakes  row 1  filter \"ri\"  by time ▼")
    }

    @Test func anOlderPageOrAPageKnowingLessIsNotShown() {
        var model = Self.shownModel()
        _ = reduce(&model, .page(Self.page(2, count: 1000, rows: 0..<300, dataVersion: 1)))
        let shown = model.page
        _ = reduce(&model, .page(Self.page(1, count: 999, rows: 0..<300)))
        #expect(model.page == shown, "an older generation")
        _ = reduce(&model, .page(Self.page(2, count: nil, rows: 0..<200)))
        #expect(model.page == shown, "the same generation, not counted")
    }

    /// Another process's commit: the quake selected 250 rows down moves to
    /// 251 (a newer quake came first). Its page comes counted, with the row
    /// and its mark: the selection stays on its quake.
    @Test func aCommitKeepsTheSelectionOnItsQuakeAndMarksTheNewRowWithIt() {
        var model = Self.shownModel()
        for _ in 0..<250 { _ = reduce(&model, .input(.key(.down))) }
        #expect(model.selectedQuakeID == "q250")
        let arrived = Self.start
        _ = reduce(&model, .page(Self.page(2, count: 1001, rows: 0..<400, ids: { $0 == 0 ? 5000 : $0 - 1 }, total: 1001,
                                            dataVersion: 1, changed: ["q5000": arrived],
                                            tracked: .init(id: "q250", index: 251))))
        #expect(model.selectedIndex == 251 && model.selectedQuakeID == "q250")
        var screen = Screen(width: 80, height: 24)
        BrowseView(zone: .utc, land: .none).render(model, into: &screen)
        #expect(screen.lines[0] == " quakes-tui  q.sqlite  1,001 quakes  row 252  by time ▼")
    }

    /// `G` past the page: the selection goes to the last row at once, its
    /// rows are asked for, and placeholders stand for them until they come.
    @Test func scrollingPastThePageAsksForItsRows() {
        var model = Self.shownModel()
        let effects = reduce(&model, Self.key("G"))
        let visible = model.visibleRows
        #expect(visible.upperBound == 1000)
        #expect(effects == [.needRows(visible)])
        #expect(model.selectedIndex == 999 && model.selectedQuake == nil)
        var screen = Screen(width: 80, height: 24)
        BrowseView(zone: .utc, land: .none).render(model, into: &screen)
        #expect(screen.lines[2] == "  …")
        _ = reduce(&model, .page(Self.page(1, count: 1000, rows: 800..<1000)))
        #expect(model.selectedQuakeID == "q999")
        BrowseView(zone: .utc, land: .none).render(model, into: &screen)
        #expect(screen.lines[22].hasPrefix("  2018-06-13 17:21:00"))
    }

    /// The charts depend on the selection and the data, not on the order:
    /// a sort, and the sorted page when it comes, ask for no charts; a
    /// filter does.
    @Test func aSortAsksForNoChartsAndAFilterDoes() {
        var model = Self.shownModel()
        let shown = reduce(&model, Self.key("c"))
        #expect(shown.contains { if case .computeCharts = $0 { true } else { false } }, "c shows the charts: asked once")
        func asksForCharts(_ effects: [BrowserEffect]) -> Bool {
            effects.contains { if case .computeCharts = $0 { true } else { false } }
        }
        let byMagnitude = Self.configuration(sortKeys: [SortKey(.magnitude, ascending: false)])
        #expect(!asksForCharts(reduce(&model, Self.key("2"))))
        #expect(!asksForCharts(reduce(&model, .page(Self.page(2, byMagnitude, count: nil, rows: 0..<200)))))
        #expect(!asksForCharts(reduce(&model, .page(Self.page(2, byMagnitude, count: 1000, rows: 0..<200)))))
        _ = reduce(&model, Self.keys("/v"))
        var configuration = byMagnitude
        configuration.predicate = QuakePredicate.placeContains("v")
        #expect(asksForCharts(reduce(&model, .page(Self.page(3, configuration, count: 40, rows: 0..<40)))),
                "a new selection's counted page asks for its charts")
    }
}
