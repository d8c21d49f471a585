import Testing
@testable import quakes_tui
@testable import QuakeFeed
import QuakeStore

/// A backfill's summary adds its windows' reports, merges included, and
/// says them in the line `fetch` prints.
struct BackfillSummaryTests {
    func report(new: Int, updated: Int, merged: Int) -> ImportReport {
        var report = ImportReport(name: "window")
        (report.new, report.updated, report.merged) = (new, updated, merged)
        return report
    }

    @Test func mergesAreAddedAndSaid() {
        var summary = FDSNBackfill.Summary(windows: 2, startTime: 1_561_939_200_000, endTime: 1_564_617_600_000)
        summary.add(report(new: 1200, updated: 3, merged: 0))
        summary.add(report(new: 5, updated: 1, merged: 2))
        #expect(summary.report(name: "usgs").merged == 2)
        #expect(ServiceFetchRun.lines(summary, service: "usgs")
                == ["fetched usgs 2019-07-01…2019-08-01 in 2 windows: 1,205 new, 4 updated, 0 skipped, 2 merged"])
    }

    @Test func noMergeLeavesTheLineAsItWas() {
        var summary = FDSNBackfill.Summary(windows: 1, startTime: 1_561_939_200_000, endTime: 1_564_617_600_000)
        summary.add(report(new: 7, updated: 0, merged: 0))
        #expect(ServiceFetchRun.lines(summary, service: "usgs")
                == ["fetched usgs 2019-07-01…2019-08-01 in 1 window: 7 new, 0 updated, 0 skipped"])
    }
}
