import Foundation
import TestSupport

/// The real `quakes-tui` binary in a real terminal: a private tmux server
/// (its own `-L` socket, no user config) with one detached session running
/// the browser. The shell command around the browser prints `EXIT=<status>`
/// and `stty -a` after it ends, then sleeps so the pane stays readable.
final class TmuxSession {
    /// How long `waitUntil` polls by default. Generous: a slow, loaded
    /// machine must not fail a test that would pass; the screen content is
    /// what the tests assert, never the timeout itself.
    static let defaultTimeout: TimeInterval = 30

    let folder = TemporaryFolder()
    /// The catalog the browser shows.
    let db: String
    let socket = "quakes-e2e-" + UUID().uuidString.prefix(13)
    let target = "e2e"
    private(set) var width: Int
    private(set) var height: Int
    private var killed = false
    private var socketPath: String?

    /// Imports the week fixture (and `extraImports`) into a fresh catalog
    /// with the built binary, then starts the browser on it.
    /// `command` runs instead of the browser (`["fetch"]`), still on the
    /// session's catalog. No user config file leaks in: XDG_CONFIG_HOME is
    /// the session's own folder unless `environment` says otherwise.
    /// `withCatalog` false: no catalog is made and no `--db` given (the
    /// browser opens what `arguments` name); `standardInput`: a file the
    /// browser's standard input is redirected from; `afterwards`: the shell
    /// commands run when it ends (a prompt of the test's own, say).
    init(width: Int = 120, height: Int = 40, extraImports: [String] = [], arguments: [String] = [],
         timeZone: String = "UTC", command subcommand: [String] = [], environment: [String: String] = [:],
         withCatalog: Bool = true, standardInput: String? = nil, afterwards: String = "echo EXIT=$?; stty -a") throws {
        self.width = width
        self.height = height
        self.afterwards = afterwards
        db = folder.file("quakes.sqlite")
        self.withCatalog = withCatalog
        self.standardInput = standardInput
        for file in withCatalog ? [Fixture.week] + extraImports : [] {
            let result = try runQuakesTUI(["import", "--db", db, file])
            guard result.status == 0 else {
                throw HarnessError("import of \(file) failed (\(result.status)): \(result.stderr)")
            }
        }
        var variables = ["TZ": timeZone, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": folder.file("config"),
                         "XDG_STATE_HOME": folder.file("state")]
        variables.merge(environment) { $1 }
        self.variables = variables
        self.subcommand = subcommand
        try tmux(["new-session", "-d", "-s", target, "-x", String(width), "-y", String(height), shellCommand(arguments)])
        socketPath = try? tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { kill() }

    /// The environment the browser runs with, and its subcommand.
    private let variables: [String: String]
    private let subcommand: [String]
    private let withCatalog: Bool
    private let standardInput: String?
    private let afterwards: String

    /// The browser on the session's catalog with `arguments`, then
    /// `afterwards` (by default the exit status and the terminal's
    /// settings), then a sleep.
    private func shellCommand(_ arguments: [String]) -> String {
        // The test runner itself may run under NO_COLOR (SwiftPM sets it):
        // the browser sees it only when a test asks for it.
        let unset = variables["NO_COLOR"] == nil ? ["-u", "NO_COLOR"] : []
        let app = (["env"] + unset + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                   + [builtProduct("quakes-tui").path] + subcommand + (withCatalog ? ["--db", db] : []) + arguments)
            .map(Self.shellQuoted).joined(separator: " ") + (standardInput.map { " < " + Self.shellQuoted($0) } ?? "")
        return "\(app); \(afterwards); sleep 100000"
    }

    /// Starts the browser again in the same pane, on the same catalog and
    /// state folder, once the one before has ended.
    func relaunch(arguments: [String] = []) throws {
        try tmux(["respawn-pane", "-k", "-t", target, shellCommand(arguments)])
    }

    /// Ends the tmux server (and with it the browser, if still running).
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
        // tmux leaves its socket file behind.
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    // MARK: Input

    /// tmux key names or plain characters: `send("2")`, `send("Escape")`, `send("C-c")`.
    func send(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", target] + keys)
    }

    /// Text typed as it is, never read as key names (`/alaska`, `:magnitude >= 4.5`).
    func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", target, "-l", text])
    }

    /// `text` pasted into the pane at once, as a terminal pastes: through a
    /// tmux buffer, so any length goes (send-keys has a command size limit).
    func paste(_ text: String) throws {
        let file = folder.file("paste-\(UUID().uuidString)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try tmux(["load-buffer", "-b", "paste", file])
        try tmux(["paste-buffer", "-d", "-b", "paste", "-t", target])
    }

    /// Raw bytes to the pane, e.g. a mouse report.
    func sendHex(_ bytes: [UInt8]) {
        _ = try? tmux(["send-keys", "-t", target, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// A left click (press, then release) at a 0-based cell, as an X10
    /// mouse report: ESC [ M, button + 32, x + 33, y + 33.
    func click(x: Int, y: Int) {
        let cx = UInt8(x + 33), cy = UInt8(y + 33)
        sendHex([0x1B, 0x5B, 0x4D, 0x20, cx, cy])
        sendHex([0x1B, 0x5B, 0x4D, 0x23, cx, cy])
    }

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        _ = try? tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    // MARK: Output

    /// The pane's visible lines (trailing blanks trimmed by tmux), always
    /// `height` of them.
    func capture() -> [String] {
        guard let text = try? tmux(["capture-pane", "-p", "-t", target]) else {
            return Array(repeating: "", count: height)
        }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        if lines.count < height { lines += Array(repeating: "", count: height - lines.count) }
        return lines
    }

    /// The pane with its colors and attributes as escape sequences.
    func captureWithEscapes() -> String {
        (try? tmux(["capture-pane", "-p", "-e", "-t", target])) ?? ""
    }

    /// Polls the screen every 50 ms until `condition` holds on two captures
    /// in a row that are the same (so a frame half written by the browser
    /// is never taken for the result) and the count is known (no
    /// `counting…` in the top line), or `timeout` passes. Returns the last
    /// screen: the caller asserts on it, never on the timeout.
    @discardableResult
    func waitUntil(timeout: TimeInterval = defaultTimeout, _ condition: (Pane) -> Bool) -> Pane {
        let deadline = Date().addingTimeInterval(timeout)
        var previous: [String]?
        while true {
            let pane = Pane(lines: capture())
            if !pane.top.contains("counting…") && condition(pane) {
                if pane.lines == previous { return pane }
                previous = pane.lines
            } else {
                previous = nil
            }
            if Date() >= deadline { return pane }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Does `action` (a sort key, a header click…) and waits until the body
    /// shows something else: the controller's new snapshot has arrived, so
    /// a following `g` acts on the new order. Returns the new screen.
    @discardableResult
    func changingBody(timeout: TimeInterval = defaultTimeout, _ action: () -> Void) -> Pane {
        let before = Pane(lines: capture()).body
        action()
        return waitUntil(timeout: timeout) { $0.body != before }
    }

    @discardableResult
    func pressChangingBody(_ key: String, timeout: TimeInterval = defaultTimeout) -> Pane {
        changingBody(timeout: timeout) { send(key) }
    }

    /// Waits for the first screen of quake rows.
    @discardableResult
    func waitForTable(timeout: TimeInterval = defaultTimeout) -> Pane {
        waitUntil(timeout: timeout) { $0.top.contains(" quakes") && !$0.rows.isEmpty }
    }

    /// The shell's output after the browser ended: `EXIT=<status>` and `stty -a`.
    func waitForExit(timeout: TimeInterval = defaultTimeout) -> (status: Int?, stty: String) {
        let pane = waitUntil(timeout: timeout) { pane in
            pane.lines.contains { $0.hasPrefix("EXIT=") } && pane.lines.contains { $0.contains("icanon") }
        }
        let status = pane.lines.first { $0.hasPrefix("EXIT=") }.flatMap { Int($0.dropFirst(5)) }
        return (status, pane.lines.joined(separator: "\n"))
    }

    /// The browser's process id: the child of the pane's shell.
    func appPID() -> Int32? {
        guard let shell = try? tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines),
            let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    // MARK: tmux

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Spawn.tmux(arguments, socket: String(socket), folder: folder)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
