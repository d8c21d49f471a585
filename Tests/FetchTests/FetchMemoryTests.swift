import Foundation
import Testing
import TestSupport

/// A body over `max-download` is refused as it arrives, in memory near the
/// limit, whether it is over the limit as sent (an endless body) or once
/// inflated (a gzip bomb), with a `Content-Encoding: gzip` header or
/// without; by `fetch --url` and by `fetch --service` alike. (URLSession let
/// curl inflate a Content-Encoding and queued what it read without
/// waiting: an endless gzip body grew the process to 6.7 GB in 40 s.)
@Suite("fetch: memory under max-download", .timeLimit(.minutes(10)))
struct FetchMemoryTests {
    let harness: FetchHarness
    var server: FeedServer { harness.server }
    static let limit = "10 MB"

    init() throws {
        harness = try FetchHarness()
        try harness.writeConfig("max-download = \"\(Self.limit)\"\n")
    }

    /// `quakes-tui fetch ARGUMENTS`: its exit status, stderr and peak resident
    /// memory; it may map 3 GiB at most (a body read without end fails there).
    func fetchMeasuringPeak(_ arguments: [String], _ name: String) throws -> (status: Int32, stderr: String, peakKiB: Int) {
        let (status, peakKiB, child) = try ChildProcess.quakesTUIPeakMemory(
            ["fetch", "--db", harness.db] + arguments, environment: harness.environment, addressSpaceMiB: 3072, timeout: 300,
            outputPrefix: harness.folder.file(name))
        return (status, child.stderr, peakKiB)
    }

    /// The same program refused at once (a 404): all it needs besides a body.
    func basePeakKiB() throws -> Int {
        let base = try fetchMeasuringPeak(["--url", server.url("status/404")], "base")
        #expect(base.status == 1, "\(base.stderr)")
        return base.peakKiB
    }

    /// Room for the body (10 MB, about 9,800 KiB) three times over: as
    /// received, a gzip body inflated from it, and growing a buffer.
    static let marginKiB = 3 * 10_000_000 / 1024

    @Test("fetch --url: an endless body or a gzip bomb, with Content-Encoding: gzip or without, is refused near the limit",
          arguments: ["gzip-endless-encoded/feed", "gzip-bomb-encoded/feed", "gzip-endless/feed", "gzip-bomb/feed", "endless"])
    func feedURL(path: String) throws {
        let base = try basePeakKiB()
        let url = server.url(path)
        let result = try fetchMeasuringPeak(["--url", url], "fetch")
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(url): body over the \(Self.limit) limit\n")
        print("peak \(path): \(result.peakKiB) KiB, base \(base) KiB")
        #expect(result.peakKiB < base + Self.marginKiB, "peak \(result.peakKiB) KiB, base \(base) KiB")
        try harness.expectUntouched()
    }

    @Test("fetch --service: a service answering an endless gzip body or a gzip bomb is refused near the limit",
          arguments: ["gzip-endless-encoded", "gzip-bomb-encoded", "gzip-endless", "gzip-bomb"])
    func service(route: String) throws {
        let base = try basePeakKiB()
        let service = server.url("\(route)/fdsnws/event/1")
        let result = try fetchMeasuringPeak(["--service", service, "--start", "2018-06-01",
                                             "--end", "2018-07-01"], "service")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(service): "), "\(result.stderr)")
        // Refused as the count is read, or as the window's answer is (a count that is no number).
        #expect(result.stderr.contains(": body over the \(Self.limit) limit"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        print("peak \(route): \(result.peakKiB) KiB, base \(base) KiB")
        #expect(result.peakKiB < base + Self.marginKiB, "peak \(result.peakKiB) KiB, base \(base) KiB")
    }

    /// A running process's peak resident memory (VmHWM), in KiB.
    static func peakKiB(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kiB = Int(line.split(separator: " ")[1]) else { throw ChildProcessError("no VmHWM for \(pid)") }
        return kiB
    }

    @Test("watch, whose sync is the browser's r: a feed answering a gzip bomb with Content-Encoding: gzip is one line a sync, near the limit")
    func watchSync() throws {
        let base = try basePeakKiB()
        let url = server.url("gzip-bomb-encoded/feed")
        try harness.writeConfig("max-download = \"\(Self.limit)\"\nurl = \"\(url)\"\n")
        let child = try ChildProcess.quakesTUI(["watch", "--db", harness.db, "--every", "1s"], environment: harness.environment,
                                               outputPrefix: harness.folder.file("watch"))
        let deadline = Date().addingTimeInterval(120)
        while child.stderr.split(separator: "\n").count < 3 && child.isRunning && Date() < deadline { usleep(20_000) }
        let peak = try Self.peakKiB(of: child.pid)
        child.send(SIGTERM)
        #expect(child.wait(timeout: 60) == 0)
        #expect(Set(child.stderr.split(separator: "\n").map(String.init)) == ["watch: fetch \(url): body over the \(Self.limit) limit"])
        #expect(child.stderr.split(separator: "\n").count >= 3, "three syncs refused: \(child.stderr)")
        print("peak watch: \(peak) KiB, base \(base) KiB")
        #expect(peak < base + Self.marginKiB, "peak \(peak) KiB, base \(base) KiB")
    }
}
