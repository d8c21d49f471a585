import ArgumentParser
import Foundation

/// `quakes-tui FILE` in tmux, from the command to the first frame showing
/// quakes (`open_first_rows_ms`) and to the first with every quake read
/// and counted (`open_browsable_s`), and its peak memory then
/// (`open_peak_rss_mb`, the kernel's high-water mark), then to the first
/// with every index the read left pending built (`open_indexed_s`), as the browser's own trace says
/// (`QUAKES_TRACE`: the frames' wall-clock times), with a cache folder of
/// its own: the file is read, not opened from the cache.
struct OpenScenario {
    let binary: String
    let file: String

    func run() throws -> (firstRowsMilliseconds: Double, browsableSeconds: Double, peakMegabytes: Double,
                          indexedSeconds: Double) {
        let socket = "quakes-bench-open-\(getpid())"
        let folder = NSTemporaryDirectory() + "quakes-bench-open-\(getpid())"
        let trace = folder + "/trace.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func tmux(_ arguments: [String]) throws { try Spawn.run(["tmux", "-L", socket] + arguments) }
        defer { try? tmux(["kill-server"]) }
        let start = Date().timeIntervalSince1970
        try tmux(["new-session", "-d", "-x", "120", "-y", "40",
                  "echo $$ > \(folder)/pid; exec env QUAKES_TRACE=\(trace) XDG_CACHE_HOME=\(folder)/cache TZ=UTC \(binary) \(file)"])
        let deadline = Date().addingTimeInterval(600)
        var times: [String: Double] = [:]
        func waitFor(_ event: String) throws {
            while times[event] == nil {
                guard Date() < deadline else { throw ValidationError("the open of \(file) did not end within 10 minutes") }
                Thread.sleep(forTimeInterval: 0.05)
                let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    if words.count == 2, words[0].hasPrefix("open-"), let time = Double(words[1]) { times[String(words[0])] = time }
                }
            }
        }
        try waitFor("open-browsable")
        let peak = try Self.peakMegabytes(pid: String(contentsOfFile: folder + "/pid", encoding: .utf8))
        try waitFor("open-indexed")
        try tmux(["send-keys", "-t", "0", "q"])
        Thread.sleep(forTimeInterval: 0.5)
        let firstRows = times["open-first-rows"] ?? .nan
        return ((firstRows - start) * 1000, times["open-browsable"]! - start, peak, times["open-indexed"]! - start)
    }

    /// VmHWM of the pane's shell, which became the browser (`exec env`, which execs it), in MiB.
    static func peakMegabytes(pid: String) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid.trimmingCharacters(in: .whitespacesAndNewlines))/status",
                                encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
        return kilobytes / 1024
    }
}
