import Foundation

/// A local fdsnws-event 1.2 service on 127.0.0.1 for the fetch, sync and
/// watch tests: Tests/Fixtures/fdsnws_server.py answering from an FDSN text
/// catalog file, misbehaving as its options say (see the script's header).
/// The server re-reads the catalog when the file changes, so a test revises
/// the service's data with `FDSNCatalog.write` (atomic). It is killed when
/// the server object goes.
public final class FDSNServer {
    public let port: Int
    /// The catalog file the server reads.
    public let catalog: String
    private let folder = TemporaryFolder()
    private let process: ChildProcess
    private let portFile: String

    /// Starts the server on `catalog` with the script's `options`
    /// (`["--count", "--rate-limit", "2"]`); waits up to 20 s for its port.
    public init(catalog: String, options: [String] = []) throws {
        self.catalog = catalog
        portFile = folder.file("port")
        process = try ChildProcess(["python3", Fixture.path("fdsnws_server.py"), portFile, catalog] + options,
                                   outputPrefix: folder.file("server"))
        port = try process.waitForPort(in: portFile, server: "the fdsnws server")
    }

    /// `http://127.0.0.1:PORT/fdsnws/event/1`: what `fetch --service` takes.
    public var baseURL: String { "http://127.0.0.1:\(port)/fdsnws/event/1" }

    /// `baseURL/query?…` (or `/count?…`) with the parameters in order, percent-encoded.
    public func url(_ method: String = "query", _ parameters: KeyValuePairs<String, String> = [:]) -> String {
        var components = URLComponents(string: baseURL + "/" + method)!
        if !parameters.isEmpty {
            components.queryItems = parameters.map { URLQueryItem(name: $0.key, value: $0.value) }
            // `+` would read as a space in a query.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components.string!
    }

    /// The requests received, in order: `STATUS PATH?QUERY` (`000` for the
    /// one `--die-at` died on).
    public func requests() -> [String] {
        let text = (try? String(contentsOfFile: portFile + ".log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// False once the server has exited (`--die-at`).
    public var isRunning: Bool { process.isRunning }

    public var stderr: String { process.stderr }

    /// A deterministic synthetic catalog (see `FDSNCatalog.synthetic`)
    /// written to `path`; returns its events, oldest first.
    @discardableResult
    public static func writeSyntheticCatalog(to path: String, count: Int, from: Date, to: Date,
                                             seed: UInt64 = 1) throws -> [CatalogEvent] {
        let events = FDSNCatalog.synthetic(count: count, from: from, to: to, seed: seed)
        try FDSNCatalog.write(events, to: path)
        return events
    }
}
