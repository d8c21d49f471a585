import Foundation

/// What a pushed quake costs from its message leaving the server to what
/// the user gets, on a copy of the catalog: `push_to_alert_ms`, to `watch
/// --push --exec`'s command starting (it writes the time), and
/// `push_to_row_ms`, to the browser's screen in tmux showing the row
/// (polled every 5 ms). Six messages a second apart from the tests' local
/// websocket server (Tests/Fixtures/push_server.py, run from the
/// repository as `make bench` is), its log giving each send's time;
/// medians. Nil figures when the server script is not there.
struct PushScenario {
    let binary: String
    let db: String
    /// Whether the browser's figure is taken too (tmux).
    let withBrowser: Bool

    static let count = 6

    static var serverScript: String { FileManager.default.currentDirectoryPath + "/Tests/Fixtures/push_server.py" }

    func run() throws -> [String: Double] {
        guard FileManager.default.fileExists(atPath: Self.serverScript) else { return [:] }
        let folder = NSTemporaryDirectory() + "quakes-push-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var figures: [String: Double] = [:]
        figures["push_to_alert_ms"] = try alertDelays(folder: folder).map(Statistics.median)
        if withBrowser { figures["push_to_row_ms"] = try rowDelays(folder: folder).map(Statistics.median) }
        return figures.compactMapValues { $0 }
    }

    /// Messages in EMSC's shape, each its own region (the row's text to look for), origin time now.
    static func messages(_ prefix: String) -> String {
        let time = ISO8601DateFormatter().string(from: Date())
        return (1...count).map { n in
            """
            {"action":"create","data":{"type":"Feature","geometry":{"type":"Point","coordinates":[28.5,40.1,-7.0]},\
            "id":"\(prefix)_\(n)","properties":{"lastupdate":"\(time)","time":"\(time)","flynn_region":"BENCH REGION \(prefix) \(n)",\
            "lat":40.1,"lon":28.5,"depth":7.0,"evtype":"ke","auth":"EMSC","mag":6.5,"magtype":"mw","unid":"\(prefix)_\(n)"}}}
            """
        }.joined(separator: "\n") + "\n"
    }

    /// The server on a file of messages; its port and its log.
    private func server(folder: String, name: String) throws -> (Process, Int, String) {
        let messages = folder + "/\(name).jsonl"
        try Self.messages(name).write(toFile: messages, atomically: true, encoding: .utf8)
        let portFile = folder + "/\(name)-port"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.serverScript, portFile, messages, "--interval", "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) { return (process, port, portFile + ".log") }
            usleep(20_000)
        }
        process.terminate()
        throw ChildProcess.Failure(description: "the push server did not start")
    }

    /// Each message's send time (epoch seconds), by its number.
    private static func sendTimes(_ log: String) -> [Int: Double] {
        var times: [Int: Double] = [:]
        for line in ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n") where line.hasPrefix("sent ") {
            let parts = line.split(separator: " ")
            if parts.count == 3, let n = Int(parts[1]), let t = Double(parts[2]) { times[n] = t }
        }
        return times
    }

    private func alertDelays(folder: String) throws -> [Double]? {
        let (server, port, log) = try server(folder: folder, name: "alert")
        defer { server.terminate() }
        let stamps = folder + "/exec.txt"
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: binary)
        watch.arguments = ["watch", "--db", db, "--where", "magnitude >= 6.5", "--push", "emsc", "--push-url", "ws://127.0.0.1:\(port)/",
                           "--push-service", "http://127.0.0.1:9/fdsnws/event/1",
                           "--exec", "echo \"$QUAKE_PLACE $(date +%s.%N)\" >> '\(stamps)'"]
        watch.environment = ["XDG_CONFIG_HOME": folder + "/config", "PATH": "/usr/bin:/bin"]
        watch.standardOutput = FileHandle.nullDevice
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer { watch.terminate(); watch.waitUntilExit() }
        let deadline = Date().addingTimeInterval(Double(Self.count) + 20)
        var lines: [Substring] = []
        while Date() < deadline {
            lines = ((try? String(contentsOfFile: stamps, encoding: .utf8)) ?? "").split(separator: "\n")
            if lines.count >= Self.count { break }
            usleep(50_000)
        }
        let sent = Self.sendTimes(log)
        let delays = lines.compactMap { line -> Double? in
            let parts = line.split(separator: " ")
            guard let started = parts.last.flatMap({ Double($0) }), let n = parts.dropLast().last.flatMap({ Int($0) }),
                  let at = sent[n] else { return nil }
            return (started - at) * 1000
        }
        return delays.isEmpty ? nil : delays
    }

    private func rowDelays(folder: String) throws -> [Double]? {
        let (server, port, log) = try server(folder: folder, name: "row")
        defer { server.terminate() }
        let socket = "quakes-push-bench-\(getpid())"
        func tmux(_ arguments: [String]) throws { try Spawn.run(["tmux", "-L", socket] + arguments) }
        defer { try? tmux(["kill-server"]) }
        try tmux(["new-session", "-d", "-x", "160", "-y", "40",
                  "env TZ=UTC XDG_CONFIG_HOME=\(folder)/config \(binary) --db \(db) --push emsc --push-url ws://127.0.0.1:\(port)/ "
                  + "--push-service http://127.0.0.1:9/fdsnws/event/1"])
        var seen: [Int: Double] = [:]
        let deadline = Date().addingTimeInterval(Double(Self.count) + 20)
        while seen.count < Self.count && Date() < deadline {
            let screen = (try? ChildProcess.run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? ""
            let now = Date().timeIntervalSince1970
            for n in 1...Self.count where seen[n] == nil && screen.contains("BENCH REGION row \(n)") { seen[n] = now }
            usleep(5_000)
        }
        let sent = Self.sendTimes(log)
        let delays = seen.compactMap { n, at in sent[n].map { (at - $0) * 1000 } }
        return delays.isEmpty ? nil : delays
    }
}
