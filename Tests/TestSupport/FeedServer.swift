import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP server on 127.0.0.1 for fetch tests: Python's http.server
/// running Tests/Fixtures/feed_server.py, which serves the fixture feeds and
/// misbehaves on request (status codes, cut bodies, stalls). Started with
/// posix_spawn and a clean signal mask (Foundation's Process hands the test
/// runner's blocked signals on, and the server could then not be stopped).
public final class FeedServer {
    public let port: Int
    private let pid: pid_t
    private let folder = TemporaryFolder()

    public init() throws {
        let portFile = folder.file("port")
        let script = Fixture.path("feed_server.py")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, folder.file("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = ["python3", script, portFile, Fixture.folder.path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawnp(&pid, "python3", &actions, &attributes, argv, environ)
        guard result == 0 else { throw FeedServerError("cannot start python3: \(String(cString: strerror(result)))") }
        self.pid = pid
        let deadline = Date().addingTimeInterval(20)
        while true {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) {
                self.port = port
                return
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid || Date() > deadline {
                let log = (try? String(contentsOfFile: folder.file("stderr"), encoding: .utf8)) ?? ""
                kill(pid, SIGKILL)
                throw FeedServerError("the feed server did not start: \(log)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// `http://127.0.0.1:PORT/path`
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}

public struct FeedServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
