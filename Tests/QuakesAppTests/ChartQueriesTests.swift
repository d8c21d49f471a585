import Foundation
import QuakeCharts
import QuakeQuery
@testable import QuakesApp
import Testing

/// ChartQueries off the run loop's thread: asks made while a computation
/// runs make one more, for the newest width; failures are posted.
@Suite(.timeLimit(.minutes(10)))
struct ChartQueriesTests {
    /// What the computation was asked, kept across threads.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var widths: [Int] = []
        func append(_ width: Int) -> Int { lock.withLock { widths.append(width); return widths.count } }
        var all: [Int] { lock.withLock { widths } }
    }

    static let empty = QuakeCharts(count: 0, firstTime: nil, lastTime: nil,
                                   activity: ActivityHistogram(binSize: .day, bins: []),
                                   magnitudes: MagnitudeFrequency(bins: [], withoutMagnitude: 0, mc: nil, fit: nil))

    /// The inbox's events once `count` have come (or 10 s have passed).
    static func events(_ inbox: EventInbox, count: Int) -> [BrowserEvent] {
        var events: [BrowserEvent] = []
        let deadline = Date().addingTimeInterval(10)
        while events.count < count && Date() < deadline {
            events += inbox.take()
            Thread.sleep(forTimeInterval: 0.01)
        }
        return events
    }

    @Test func asksWhileAComputationRunsMakeOneMoreForTheNewestWidth() throws {
        let browser = try BrowserHarness()
        let inbox = try EventInbox()
        let calls = Calls()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let queries = ChartQueries(controller: browser.controller, inbox: inbox) { _, width in
            if calls.append(width) == 1 {
                started.signal()
                gate.wait()
            }
            return Self.empty
        }
        queries.request(width: 10)
        started.wait()
        queries.request(width: 20)
        queries.request(width: 30)
        gate.signal()
        // The charts for 10 and for 30, then those for 30 again with the
        // week's magnitude mix (none for 10: it was asked again meanwhile).
        let events = Self.events(inbox, count: 3)
        #expect(calls.all == [10, 30])
        let charts = events.compactMap { if case .charts(let charts, _) = $0 { charts } else { nil } }
        #expect(charts.count == 3 && events.count == 3)
        #expect(Array(charts.prefix(2)) == [Self.empty, Self.empty])
        #expect(charts.last?.mixWarning?.hasPrefix("mixes ml (") == true, "\(String(describing: charts.last?.mixWarning))")
        #expect(charts.last?.count == 0 && charts.last?.magnitudes == Self.empty.magnitudes)
    }

    /// A computation that fails (a catalog read error) is said in the pane.
    struct ReadFailure: Error, CustomStringConvertible {
        var description: String { "database PATH: cannot read: disk I/O error" }
    }

    @Test func aFailedComputationIsSaidInThePane() throws {
        let browser = try BrowserHarness()
        let inbox = try EventInbox()
        let failing: ChartQueries.Compute = { _, _ in throw ReadFailure() }
        ChartQueries(controller: browser.controller, inbox: inbox, compute: failing).request(width: 40)
        let events = Self.events(inbox, count: 1)
        guard events.count == 1, case .chartsFailed(let error) = events[0] else {
            Issue.record("expected one .chartsFailed, got \(events)")
            return
        }
        #expect("\(error)" == "database PATH: cannot read: disk I/O error")
        let failed = try BrowserHarness(charts: failing)
        try failed.press(.character("c"))
        #expect(failed.lines[1] == "charts: database PATH: cannot read: disk I/O error")
    }

    /// The charts of a filter whose pattern backtracks out of hand: the
    /// pattern's one line, not SQLite's error around it.
    @Test func aPatternThatTakesTooLongIsSaidAsItself() throws {
        let browser = try BrowserHarness()
        try browser.controller.fetch { $0.predicate = try QuakePredicate("place MATCHES '(.*[a-z]){15}X'") }
        let inbox = try EventInbox()
        ChartQueries(controller: browser.controller, inbox: inbox) { controller, width in
            try ChartAggregates.charts(controller, width: width)
        }.request(width: 40)
        let events = Self.events(inbox, count: 1)
        guard events.count == 1, case .chartsFailed(let error) = events[0] else {
            Issue.record("expected one .chartsFailed, got \(events)")
            return
        }
        #expect("\(error)".hasPrefix("place MATCHES \"(.*[a-z]){15}X\": the pattern took too long on \""), "\(error)")
        #expect("\(error)".hasSuffix("\"; simplify the pattern"), "\(error)")
    }
}
