import Foundation
import Testing
import TestSupport

/// The browser with `--push emsc` in a real terminal: a message from the
/// local websocket server (Tests/Fixtures/push_server.py) becomes a row on
/// screen, marked new, and the top line says the stream is live.
@Suite("Push", .timeLimit(.minutes(10)))
struct PushTests {
    @Test("a pushed quake is a row at once, the top line live · EMSC")
    func aPushedQuakeIsARowAtOnce() throws {
        let folder = TemporaryFolder()
        let message = Self.message("create", unid: "20261128_0000077", region: "WESTERN TURKEY", magnitude: 4.7,
                                   ago: 20, updatedAgo: 10)
        let (session, server) = try Self.browser(pushing: [message], every: 1, in: folder, ["--push-ping", "1"])
        defer { _ = server.send(SIGTERM) }
        let pane = session.waitUntil { $0.lines.contains { $0.contains("WESTERN TURKEY") } }
        #expect(pane.lines[0].contains("live · EMSC"), "\(pane)")
        let row = try #require(pane.lines.first { $0.contains("WESTERN TURKEY") }, "\(pane)")
        // The newest quake, first by time; marked `+` as an import's new rows are.
        #expect(row.hasPrefix("+") && row.contains(" 4.7 "), "\(pane)")
        #expect(pane.lines[0].contains("4,712 quakes"), "the week and the pushed one: \(pane)")
    }

    /// The browser in tmux with `--push emsc` from a local server that
    /// sends `messages`, the first as the browser connects, then one each
    /// `every` seconds; its catch-up service refuses (port 9).
    static func browser(pushing messages: [String], every: Double, in folder: TemporaryFolder,
                        _ arguments: [String]) throws -> (TmuxSession, ChildProcess) {
        let file = folder.write("messages.jsonl", messages.joined(separator: "\n") + "\n")
        let portFile = folder.file("port")
        let server = try ChildProcess(["python3", Fixture.path("push_server.py"), portFile, file, "--interval", "\(every)"],
                                      outputPrefix: folder.file("server"))
        do {
            let port = try server.waitForPort(in: portFile, server: "the push server")
            let session = try TmuxSession(arguments: ["--push", "emsc", "--push-url", "ws://127.0.0.1:\(port)/",
                                                      "--push-service", "http://127.0.0.1:9/fdsnws/event/1"] + arguments)
            return (session, server)
        } catch {
            _ = server.send(SIGTERM)
            throw error
        }
    }

    /// An EMSC message for `unid`, `ago` seconds before now, updated `updatedAgo` seconds before now.
    static func message(_ action: String, unid: String, region: String, magnitude: Double, ago: TimeInterval,
                        updatedAgo: TimeInterval) -> String {
        let formatter = ISO8601DateFormatter()
        let time = formatter.string(from: Date().addingTimeInterval(-ago))
        let updated = formatter.string(from: Date().addingTimeInterval(-updatedAgo))
        return """
            {"action":"\(action)","data":{"type":"Feature","geometry":{"type":"Point","coordinates":[28.5381,40.115,-7.0]},\
            "id":"\(unid)","properties":{"source_id":"1","source_catalog":"EMSC-RTS","lastupdate":"\(updated)",\
            "time":"\(time)","flynn_region":"\(region)","lat":40.115,"lon":28.5381,"depth":7.0,"evtype":"ke",\
            "auth":"AFAD","mag":\(magnitude),"magtype":"ml","unid":"\(unid)"}}}
            """
    }

    @Test("new and changed rows are marked and counted until a key, C goes to the newest change, the alert says the delay")
    func changesAreMarkedCountedAndReachedWithC() throws {
        let folder = TemporaryFolder()
        // A new quake, another newer one, then the first one's update.
        let (session, server) = try Self.browser(pushing: [
            Self.message("create", unid: "20261128_0000101", region: "WESTERN TURKEY", magnitude: 4.7, ago: 40, updatedAgo: 30),
            Self.message("create", unid: "20261128_0000102", region: "AEGEAN SEA", magnitude: 3.1, ago: 20, updatedAgo: 15),
            Self.message("update", unid: "20261128_0000101", region: "WESTERN TURKEY", magnitude: 4.8, ago: 40, updatedAgo: 5),
        ], every: 3, in: folder, ["--alert", "magnitude >= 4.5"])
        defer { _ = server.send(SIGTERM) }
        // The first: the alert, with the seconds from its origin time to its message.
        var pane = session.waitUntil { $0.lines.contains { $0.contains("ALERT") } }
        let banner = try #require(pane.lines.first { $0.contains("ALERT") }, "\(pane)")
        #expect(banner.contains("ALERT  M4.7  WESTERN TURKEY"), "\(pane)")
        let delay = try #require(banner.firstMatch(of: /pushed (\d+)\.\d s after origin/), "\(pane)")
        #expect((40...60).contains(Int(delay.1)!), "40 s before the message, and the time to start: \(pane)")
        #expect(pane.lines[0].contains("+1 new since you looked"), "\(pane)")
        // A key is a look: the count goes.
        session.send("j")
        pane = session.waitUntil { !$0.lines[0].contains("since you looked") }
        // Then a new quake and the first one's update: `+` and `~`, counted.
        pane = session.waitUntil { $0.lines[0].contains("+1 new, 1 updated since you looked") }
        let aegean = try #require(pane.lines.first { $0.contains("AEGEAN SEA") }, "\(pane)")
        let turkey = try #require(pane.lines.first { $0.contains("WESTERN TURKEY") }, "\(pane)")
        #expect(aegean.hasPrefix("+") && turkey.hasPrefix("~") && turkey.contains(" 4.8 "), "\(pane)")
        // C: the newest change (the update, second by time), then the one before it; still counted.
        session.send("C")
        pane = session.waitUntil { $0.contains("change 1 of 2, newest first") }
        #expect(pane.lines[0].contains("row 2") && pane.lines[0].contains("+1 new, 1 updated since you looked"), "\(pane)")
        session.send("C")
        pane = session.waitUntil { $0.contains("change 2 of 2, newest first") }
        #expect(pane.lines[0].contains("row 1"), "\(pane)")
    }
}
