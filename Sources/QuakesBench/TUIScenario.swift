import Foundation

/// Drives the release browser in tmux through a scripted session (sort keys,
/// the filter words, paging) with `QUAKES_TRACE`, and returns the app's own
/// times per batch of keys: to the first frame showing their results, and
/// to the frame with the exact count.
struct TUIScenario {
    let binary: String
    let db: String

    func run() throws -> (firstFrame: [Double], completeFrame: [Double]) {
        let socket = "quakes-bench-\(getpid())"
        let trace = NSTemporaryDirectory() + "quakes-trace-\(getpid()).txt"
        try? FileManager.default.removeItem(atPath: trace)
        func tmux(_ arguments: [String]) throws {
            try Spawn.run(["tmux", "-L", socket] + arguments)
        }
        defer { try? tmux(["kill-server"]) }
        try tmux(["new-session", "-d", "-x", "120", "-y", "40",
                  "env QUAKES_TRACE=\(trace) TZ=UTC \(binary) --db \(db)"])
        func keys(_ keys: [String], pause: Double = 0.15) throws {
            for key in keys {
                try tmux(["send-keys", "-t", "0", key])
                Thread.sleep(forTimeInterval: pause)
            }
        }
        Thread.sleep(forTimeInterval: 1.5)
        try keys(["2", "2", "3", "1", "4", "g"], pause: 0.4)
        try keys(["/"])
        try keys("alaska".map(String.init) + ["C-u"] + "kodiak".map(String.init) + ["C-u"] + "zzyzxq".map(String.init))
        try keys(["Escape"], pause: 0.5)
        try keys(Array(repeating: "PPage", count: 0) + Array(repeating: "NPage", count: 20) + ["G", "g"], pause: 0.1)
        try keys(["q"], pause: 0.5)
        let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: trace)
        let pairs = text.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }.filter { $0.count == 2 }
        return (pairs.map { $0[0] }, pairs.map { $0[1] })
    }
}
