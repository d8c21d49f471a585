#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every posix_spawn of ours needs, written once (the alert command,
/// the bench's tmux and child runs, the tests' child processes). Not
/// Foundation's `Process`: it passes on our blocked and ignored signals
/// (a command would not stop on Ctrl-C), and did not reap a `tmux
/// new-session -d` client here.
public enum Spawning {
    /// Runs `body` with attributes that start the child with no signal
    /// blocked and `signals` at their default actions, as from a shell.
    public static func withAttributes<T>(resettingToDefault signals: [Int32],
                                         _ body: (inout posix_spawnattr_t) throws -> T) rethrows -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in signals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return try body(&attributes)
    }

    /// Runs `body` with `strings` as a NULL-terminated array of C strings
    /// (an argv or envp), freed after.
    public static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) throws -> T) rethrows -> T {
        let array = strings.map { strdup($0) } + [nil]
        defer { array.forEach { free($0) } }
        return try body(array)
    }

    /// Waits for `pid` to end, through interruptions; its raw wait status.
    public static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
