import ArgumentParser
import Foundation

/// `quakes-tui FILE` in tmux, from the command to the first frame showing
/// quakes (`open_first_rows_ms`) and to the first with every quake read
/// and counted (`open_browsable_s`), as the browser's own trace says
/// (`QUAKES_TRACE`: the frames' wall-clock times), with a cache folder of
/// its own: the file is read, not opened from the cache.
struct OpenScenario {
    let binary: String
    let file: String

    func run() throws -> (firstRowsMilliseconds: Double, browsableSeconds: Double) {
        let socket = "quakes-bench-open-\(getpid())"
        let folder = NSTemporaryDirectory() + "quakes-bench-open-\(getpid())"
        let trace = folder + "/trace.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func tmux(_ arguments: [String]) throws { try Spawn.run(["tmux", "-L", socket] + arguments) }
        defer { try? tmux(["kill-server"]) }
        let start = Date().timeIntervalSince1970
        try tmux(["new-session", "-d", "-x", "120", "-y", "40",
                  "env QUAKES_TRACE=\(trace) XDG_CACHE_HOME=\(folder)/cache TZ=UTC \(binary) \(file)"])
        let deadline = Date().addingTimeInterval(600)
        var times: [String: Double] = [:]
        while times["open-browsable"] == nil {
            guard Date() < deadline else { throw ValidationError("the open of \(file) did not end within 10 minutes") }
            Thread.sleep(forTimeInterval: 0.05)
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count == 2, words[0].hasPrefix("open-"), let time = Double(words[1]) { times[String(words[0])] = time }
            }
        }
        try tmux(["send-keys", "-t", "0", "q"])
        Thread.sleep(forTimeInterval: 0.5)
        let firstRows = times["open-first-rows"] ?? .nan
        return ((firstRows - start) * 1000, times["open-browsable"]! - start)
    }
}
