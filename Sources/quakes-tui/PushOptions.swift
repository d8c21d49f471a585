import ArgumentParser
import Foundation
import QuakeFeed
import QuakePush
import QuakeStore

/// `--push emsc` (watch and the browser; `push = "emsc"` in the config
/// file for the browser): the quakes pushed by EMSC's stream within
/// seconds, each message stored as it comes.
struct PushOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Quakes pushed as they are published: emsc (EMSC's stream); watch then syncs on no timer.",
                               valueName: "source"))
    var push: PushSource?

    @Option(name: .customLong("push-url"), help: ArgumentHelp(
        "The stream's websocket (default \(PushSource.emsc.url)): another server speaking EMSC's protocol.", valueName: "url"))
    var pushURL: String?

    @Option(name: .customLong("push-service"), help: ArgumentHelp(
        "The FDSN event service that fills in what the stream missed while it was down, answering EMSC's format=json (default: the source's, emsc).",
        valueName: "name|url"))
    var pushService: String?

    /// The ping period (15 s, as EMSC's client): shorter for the tests.
    @Option(name: .customLong("push-ping"), help: .hidden)
    var pushPing: Int?

    enum PushSource: String, ExpressibleByArgument, CaseIterable {
        case emsc
        var url: String { "wss://www.seismicportal.eu/standing_order/websocket" }
    }

    func validate() throws {
        guard push != nil else {
            if pushURL != nil || pushService != nil { throw ValidationError("--push-url and --push-service go with --push") }
            return
        }
        if let pushURL {
            guard let url = URL(string: pushURL), ["ws", "wss"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--push-url must be a ws:// or wss:// URL, not '\(URLUserInfo.removed(from: pushURL))'")
            }
        }
        if let pushService { do { _ = try FDSNService(pushService) } catch { throw ValidationError("--push-service: \(error)") } }
        if let pushPing, pushPing < 1 { throw ValidationError("--push-ping must be at least 1 s") }
    }

    /// The feed the options describe (or the config file's `push`), storing into `catalog`.
    func feed(catalog: QuakeCatalog, config: UserConfig, configured: String? = nil) throws -> PushFeed? {
        guard let push = push ?? configured.flatMap(PushSource.init(rawValue:)) else { return nil }
        var stream = PushStream(url: pushURL ?? push.url)
        if let pushPing { stream.pingSeconds = pushPing }
        let service = try FDSNService(pushService ?? push.rawValue)
        let downloader = PoliteDownloader(timeout: config.timeout ?? 60, maxDownload: config.maxDownload ?? FeedFetcher.defaultMaxDownload)
        return PushFeed(stream: stream, catalog: catalog,
                        catchUp: PushCatchUp(catalog: catalog, service: service, downloader: downloader, identity: push.rawValue))
    }
}

