import Foundation
import QuakeCharts
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
        let events = Self.events(inbox, count: 2)
        #expect(calls.all == [10, 30])
        #expect(events.count == 2)
        #expect(events.allSatisfy { if case .charts(Self.empty) = $0 { true } else { false } })
    }

    @Test func theStandInSaysChartsAreNotAvailableYet() throws {
        let browser = try BrowserHarness()
        let inbox = try EventInbox()
        ChartQueries(controller: browser.controller, inbox: inbox, compute: ChartQueries.unavailable).request(width: 40)
        let events = Self.events(inbox, count: 1)
        guard events.count == 1, case .chartsFailed(let error) = events[0] else {
            Issue.record("expected one .chartsFailed, got \(events)")
            return
        }
        #expect("\(error)" == "charts not available yet")
        // The pane says so in its place.
        let unavailable = try BrowserHarness(charts: ChartQueries.unavailable)
        try unavailable.press(.character("c"))
        #expect(unavailable.lines[1] == "charts: charts not available yet")
    }
}
