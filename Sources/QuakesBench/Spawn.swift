import Foundation
import ProcessSpawn

/// Runs a program to its end with posix_spawn (`Spawning`), output to
/// /dev/null: Foundation's Process did not reap a `tmux new-session -d`
/// client here (the tmux server it starts keeps the client's descriptors).
enum Spawn {
    static func run(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let status = Spawning.withAttributes(resettingToDefault: []) { attributes in
            Spawning.withCStrings(arguments) { argv in posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ) }
        }
        guard status == 0 else { throw ChildProcess.Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        _ = Spawning.waitForExit(pid)
    }
}
