import Foundation
import ProcessSpawn
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with posix_spawn, running while the test does
/// something else: killed mid-run, run two at once, or run under a file
/// size limit. Output goes to files (never pipes, which a long-lived child
/// could fill); the child gets an empty signal mask and default handlers,
/// whatever the test runner blocks or ignores (Foundation's `Process` passes
/// those on, and has hung here with long-lived children).
public final class ChildProcess {
    public let pid: pid_t
    public let stdoutPath: String
    public let stderrPath: String
    /// waitpid's status once reaped.
    private var raw: Int32?
    private var lost = false

    /// Starts `arguments[0]` (looked up in `PATH`) with the test's environment
    /// plus `environment`; standard output and error go to `outputPrefix.out`
    /// and `outputPrefix.err`. It runs in `workingDirectory` if given.
    /// With `inheritEnvironment` false, `environment` is the whole of it.
    public init(_ arguments: [String], environment: [String: String] = [:], inheritEnvironment: Bool = true,
                workingDirectory: String? = nil, outputPrefix: String) throws {
        stdoutPath = outputPrefix + ".out"
        stderrPath = outputPrefix + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var arguments = arguments
        if let workingDirectory {
            // posix_spawn_file_actions_addchdir_np is not imported into Swift.
            arguments = ["/bin/sh", "-c", #"cd "$1" || exit 120; shift; exec "$@""#, "sh", workingDirectory] + arguments
        }
        var env = inheritEnvironment ? ProcessInfo.processInfo.environment : [:]
        env.merge(environment) { $1 }
        var pid = pid_t()
        let defaults = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGTTIN, SIGTTOU, SIGTSTP, SIGWINCH, SIGXFSZ]
        let result = Spawning.withAttributes(resettingToDefault: defaults) { attributes in
            Spawning.withCStrings(arguments) { argv in
                Spawning.withCStrings(env.map { "\($0.key)=\($0.value)" }) { envp in
                    posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
                }
            }
        }
        guard result == 0 else { throw ChildProcessError("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Starts the built `quakes-tui` with `arguments`.
    public static func quakesTUI(_ arguments: [String], environment: [String: String] = [:], workingDirectory: String? = nil,
                                 outputPrefix: String) throws -> ChildProcess {
        try ChildProcess([builtProduct("quakes-tui").path] + arguments, environment: environment,
                         workingDirectory: workingDirectory, outputPrefix: outputPrefix)
    }

    /// Starts the built `quakes-tui` under a file size limit of `kibibytes`
    /// (SIGXFSZ at its default, which kills: quakes-tui ignores it itself),
    /// so a write past it fails with EFBIG, as on a full disk. Needs only
    /// bash: no mount, no root, no preloading.
    public static func quakesTUI(_ arguments: [String], fileSizeLimit kibibytes: Int,
                                 outputPrefix: String) throws -> ChildProcess {
        // bash's `ulimit -f` counts 1 KiB blocks (dash's, 512 bytes).
        let script = #"ulimit -f "$1" || exit 120; shift; exec "$@""#
        return try ChildProcess(["bash", "-c", script, "bash", String(kibibytes), builtProduct("quakes-tui").path] + arguments,
                                outputPrefix: outputPrefix)
    }

    /// Runs the built `quakes-tui` with `arguments` to its end and returns
    /// its exit status and peak resident memory in KiB. It is started by a
    /// small python3 parent, which reports its rusage: Linux keeps the
    /// spawning process's high-water mark across `exec`, so wait4's
    /// `ru_maxrss` for a child of ours counts the test runner's own hundreds
    /// of MiB too (seen: 484 to 572 MiB for an import that peaks at 124).
    /// With `addressSpaceMiB`, the program may map no more than that
    /// (RLIMIT_AS): a regression that would grow without end fails at the
    /// cap instead of taking the machine's memory.
    public static func quakesTUIPeakMemory(_ arguments: [String], environment: [String: String] = [:],
                                           addressSpaceMiB: Int? = nil, timeout: TimeInterval,
                                           outputPrefix: String) throws -> (status: Int32, peakKiB: Int, child: ChildProcess) {
        let report = outputPrefix + ".peak"
        let script = """
            import resource, subprocess, sys
            cap = int(sys.argv[2]) << 20
            def limit():
                if cap > 0:
                    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            status = subprocess.run(sys.argv[3:], preexec_fn=limit).returncode
            open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            sys.exit(status if status >= 0 else 128 - status)
            """
        let child = try ChildProcess(["python3", "-c", script, report, String(addressSpaceMiB ?? 0), builtProduct("quakes-tui").path]
                                     + arguments, environment: environment, outputPrefix: outputPrefix)
        let status = child.wait(timeout: timeout)
        let peak = (try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Int($0) }
        guard let peak else { throw ChildProcessError("no peak memory reported (status \(status)): \(child.stderr)") }
        return (status, peak, child)
    }

    /// Whether the child has not ended yet (it is reaped if it has).
    public var isRunning: Bool {
        if raw != nil || lost { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { raw = status; return false }
        if result < 0 && errno == ECHILD { lost = true }   // reaped by someone else: never signal its pid again
        return result == 0
    }

    /// Sends `signal` to the child, if it has not been reaped yet.
    @discardableResult
    public func send(_ signal: Int32) -> Bool { raw == nil && !lost && kill(pid, signal) == 0 }

    /// Waits for the child to end, at most `timeout` seconds (then kills it
    /// with SIGKILL). Returns its exit status, or 128 + the signal that
    /// ended it, as a shell says.
    @discardableResult
    public func wait(timeout: TimeInterval = 120) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { kill(pid, SIGKILL) }
            usleep(5_000)
        }
        return exitStatus ?? -1
    }

    /// Once ended: the exit status, or 128 + the signal that ended it.
    public var exitStatus: Int32? {
        guard !isRunning, let raw else { return nil }
        return terminatingSignal.map { 128 + $0 } ?? (raw >> 8) & 0xFF
    }

    /// Once ended: the signal that ended the child, nil if it exited.
    /// (WIFSIGNALED / WTERMSIG by hand: the macros are not imported.)
    public var terminatingSignal: Int32? {
        guard !isRunning, let raw else { return nil }
        return (raw & 0x7F) == 0 ? nil : raw & 0x7F
    }

    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    deinit {
        if raw == nil && !lost {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension ChildProcess {
    /// The port a test server wrote to `portFile` once it listens; throws,
    /// with the server's stderr, if it ends or 20 s pass first.
    public func waitForPort(in portFile: String, server: String) throws -> Int {
        let deadline = Date().addingTimeInterval(20)
        while true {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) { return port }
            if !isRunning || Date() > deadline { throw ChildProcessError("\(server) did not start: \(stderr)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
