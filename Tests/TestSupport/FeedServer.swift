import Foundation

/// A real HTTP server on 127.0.0.1 (or `host`, such as `::1`) for fetch tests: Python's http.server
/// running Tests/Fixtures/feed_server.py, which serves the fixture feeds and
/// misbehaves on request (status codes, cut bodies, stalls). It is killed
/// when the server object goes.
public final class FeedServer {
    public let port: Int
    public let host: String
    private let folder = TemporaryFolder()
    private let process: ChildProcess

    public init(host: String = "127.0.0.1") throws {
        self.host = host
        let portFile = folder.file("port")
        process = try ChildProcess(["python3", Fixture.path("feed_server.py"), portFile, Fixture.folder.path, host],
                                   outputPrefix: folder.file("server"))
        port = try process.waitForPort(in: portFile, server: "the feed server")
    }

    /// `http://127.0.0.1:PORT/path`, `http://[::1]:PORT/path`
    public func url(_ path: String) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(path)"
    }
}
