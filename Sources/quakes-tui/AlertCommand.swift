import Foundation
import ProcessSpawn
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
    static func run(_ command: String, for quake: Quake, pushedAfter: Double? = nil) -> String? {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(QuakeAlertFormat.environment(quake, pushedAfter: pushedAfter)) { $1 }
        var pid: pid_t = 0
        let spawned = Spawning.withAttributes(resettingToDefault: [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ]) { attributes in
            Spawning.withCStrings(["/bin/sh", "-c", command]) { argv in
                Spawning.withCStrings(environment.map { "\($0)=\($1)" }) { envp in
                    posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
                }
            }
        }
        guard spawned == 0 else {
            return "watch: cannot run the alert command for \(quake.id): \(String(cString: strerror(spawned)))"
        }
        let status = Spawning.waitForExit(pid)
        let signal = status & 0x7f
        if signal != 0 { return "watch: alert command was killed by signal \(signal) for \(quake.id)" }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : "watch: alert command exited with status \(code) for \(quake.id)"
    }
}
