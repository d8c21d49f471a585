import Foundation
import QuakeFeed
import QuakeStore
import Synchronization
import Testing
import TestSupport

/// What a fetch reports while it runs: the download, then the features as
/// they are imported, ending at the feed's count.
/// In process, so its download waits for threads the parallel run shares:
/// a full run on 2 cores once held it 213 s (alone it takes about 1 s). The
/// limit is a backstop against a hang, not a timing.
@Suite("fetch progress", .timeLimit(.minutes(10)))
struct FetchProgressTests {
    @Test("bytes of the total while downloading, then features imported, ending at all of them")
    func downloadThenImport() throws {
        let server = try FeedServer()
        let folder = TemporaryFolder()
        let fetcher = FeedFetcher(catalog: try QuakeCatalog(path: folder.file("q.sqlite")))
        let seen = Mutex<[FeedFetcher.Progress]>([])
        let report = try fetcher.fetch(try FeedSource(urlString: server.url("feed/all_week_2018-06-14.geojson"))) { step in
            seen.withLock { $0.append(step) }
        }
        #expect(report.new == 4711)
        let steps = seen.withLock { $0 }
        let size = try Data(contentsOf: URL(fileURLWithPath: Fixture.week)).count
        guard case .downloading(let lastReceived, let expected)? = steps.last(where: { if case .downloading = $0 { true } else { false } })
        else { Issue.record("no download progress: \(steps)"); return }
        #expect(lastReceived == size && expected == size)
        let imported = steps.compactMap { if case .importing(let n) = $0 { n } else { nil } }
        #expect(imported.first == 0 && imported.last == 4711, "\(imported)")
        #expect(imported == imported.sorted(), "never backwards")
        #expect(imported.contains(2048), "features counted while importing, not only at the end")
        let firstImport = try #require(steps.firstIndex { if case .importing = $0 { true } else { false } })
        #expect(!steps[firstImport...].contains { if case .downloading = $0 { true } else { false } }, "download, then import")
        #expect(FeedFetcher.Progress.importing(features: 2048).line(label: "all_week.geojson") == "all_week.geojson importing 2048 features")
        #expect(FeedFetcher.Progress.downloading(received: 1_200_000, expected: 4_800_000).line(label: "a.geojson", barWidth: 8)
                == "a.geojson [██░░░░░░] 1.2 MB of 4.8 MB")
    }
}
