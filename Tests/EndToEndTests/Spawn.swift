import Foundation
import TestSupport

/// tmux, run through `ChildProcess` (posix_spawn, clean signal state, output
/// to files). Foundation's `Process` passes on the test runner's blocked
/// signal mask, which a tmux server and the browser in its pane would then
/// inherit: tmux could not reap or hang up its panes and the browser would
/// never see a signal. Files, not pipes, also mean the tmux server keeping
/// a copy of stdout open cannot make the caller wait forever.
enum Spawn {
    /// Runs `tmux` on the private server `socket` (no user configuration);
    /// returns what it printed, or throws with its error output.
    @discardableResult
    static func tmux(_ arguments: [String], socket: String, folder: TemporaryFolder) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        if (environment["TERM"] ?? "").isEmpty || environment["TERM"] == "dumb" { environment["TERM"] = "xterm" }
        let child = try ChildProcess(["tmux", "-f", "/dev/null", "-L", socket] + arguments, environment: environment,
                                     inheritEnvironment: false, outputPrefix: folder.file("tmux"))
        let status = child.wait()
        guard status == 0 else {
            throw HarnessError("tmux \(arguments.first ?? "") exited \(status): \(child.stderr)")
        }
        return child.stdout
    }
}
