import Foundation
import QuakeOutput
import QuakeStore

/// `watch --exec CMD`: CMD run through `/bin/sh -c` once per alert, the
/// quake in its environment (`QUAKE_ID`, `QUAKE_TIME`…), to its end.
/// posix_spawn, not Foundation's Process: the command starts with no
/// signal blocked and the default actions (Process leaves them blocked,
/// and we ignore SIGPIPE's cousin SIGXFSZ), so Ctrl-C and a closed pipe
/// reach it as they would from a shell. It shares our stdin, stdout and stderr.
enum AlertCommand {
    /// Runs `command` for `quake`; nil when it exited 0, else the line to report.
    static func run(_ command: String, for quake: Quake) -> String? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        environment.merge(QuakeAlertFormat.environment(quake)) { $1 }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { envp.forEach { free($0) } }
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
        guard spawned == 0 else {
            return "watch: cannot run the alert command for \(quake.id): \(String(cString: strerror(spawned)))"
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 { return "watch: alert command was killed by signal \(signal) for \(quake.id)" }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : "watch: alert command exited with status \(code) for \(quake.id)"
    }
}
