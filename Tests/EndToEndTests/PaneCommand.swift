import Foundation
import TestSupport

/// One short run of `quakes-tui` in a real terminal: a private tmux server
/// whose one pane runs the command, then prints `EXIT=<status>` and
/// `stty -a`. For the browser refusing to start (a bad catalog), where
/// `TmuxSession`, which prepares a good catalog first, does not fit. The
/// pane is wide, so a long error line is never wrapped.
final class PaneCommand {
    let folder = TemporaryFolder()
    let socket = "quakes-e2e-" + UUID().uuidString.prefix(13)
    let width: Int
    private var socketPath: String?

    /// `environment` is added to the command's (`TERM=foo`), `unset` taken out of it.
    init(_ arguments: [String], width: Int = 300, height: Int = 30, environment: [String: String] = [:],
         unset: [String] = []) throws {
        self.width = width
        let binary = builtProduct("quakes-tui").path
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let app = (["env"] + unset.flatMap { ["-u", $0] }
                   + ["TZ=UTC", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "XDG_CONFIG_HOME=\(folder.file("config"))",
                      "XDG_STATE_HOME=\(folder.file("state"))"] + variables
                   + [binary] + arguments)
            .map(TmuxSession.shellQuoted).joined(separator: " ")
        try tmux(["new-session", "-d", "-s", "e2e", "-x", String(width), "-y", String(height),
                  "\(app); echo EXIT=$?; stty -a; sleep 100000"])
        socketPath = try? tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    /// The pane's lines, trailing blank lines dropped.
    func capture() -> [String] {
        var lines = ((try? tmux(["capture-pane", "-p", "-t", "e2e"])) ?? "").components(separatedBy: "\n")
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The pane's title, which an escape sequence (OSC 0) written to the
    /// terminal would set.
    func title() throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", "#{pane_title}"]).trimmingCharacters(in: .newlines)
    }

    /// Waits for the command to end: its exit status, what it printed
    /// before `EXIT=` (the lines a user sees), and the whole pane.
    func waitForExit(timeout: TimeInterval = 30) -> (status: Int?, output: [String], pane: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var lines = capture()
        while !(lines.contains { $0.hasPrefix("EXIT=") } && lines.contains { $0.contains("icanon") }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            lines = capture()
        }
        guard let exit = lines.firstIndex(where: { $0.hasPrefix("EXIT=") }) else { return (nil, lines, lines.joined(separator: "\n")) }
        return (Int(lines[exit].dropFirst(5)), Array(lines[..<exit]), lines.joined(separator: "\n"))
    }

    /// Types `keys` into the pane (tmux key names: `C-c`).
    func send(keys: String) throws {
        try tmux(["send-keys", "-t", "e2e", keys])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Spawn.tmux(arguments, socket: String(socket), folder: folder)
    }
}
