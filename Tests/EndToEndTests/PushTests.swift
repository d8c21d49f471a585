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
        let formatter = ISO8601DateFormatter()
        let time = formatter.string(from: Date().addingTimeInterval(-20)), updated = formatter.string(from: Date().addingTimeInterval(-10))
        let message = """
            {"action":"create","data":{"type":"Feature","geometry":{"type":"Point","coordinates":[28.5381,40.115,-7.0]},\
            "id":"20261128_0000077","properties":{"source_id":"1","source_catalog":"EMSC-RTS","lastupdate":"\(updated)",\
            "time":"\(time)","flynn_region":"WESTERN TURKEY","lat":40.115,"lon":28.5381,"depth":7.0,"evtype":"ke",\
            "auth":"AFAD","mag":4.7,"magtype":"ml","unid":"20261128_0000077"}}}
            """
        let messages = folder.write("messages.jsonl", message + "\n")
        let portFile = folder.file("port")
        // The message a second after the browser connects: the frame that shows it is the test.
        let server = try ChildProcess(["python3", Fixture.path("push_server.py"), portFile, messages, "--interval", "1"],
                                      outputPrefix: folder.file("server"))
        defer { _ = server.send(SIGTERM) }
        let port = try server.waitForPort(in: portFile, server: "the push server")
        let session = try TmuxSession(arguments: ["--push", "emsc", "--push-url", "ws://127.0.0.1:\(port)/",
                                                  "--push-service", "http://127.0.0.1:9/fdsnws/event/1", "--push-ping", "1"])
        let pane = session.waitUntil { $0.lines.contains { $0.contains("WESTERN TURKEY") } }
        #expect(pane.lines[0].contains("live · EMSC"), "\(pane)")
        let row = try #require(pane.lines.first { $0.contains("WESTERN TURKEY") }, "\(pane)")
        // The newest quake, first by time; marked `+` as an import's new rows are.
        #expect(row.hasPrefix("+") && row.contains(" 4.7 "), "\(pane)")
        #expect(pane.lines[0].contains("4,712 quakes"), "the week and the pushed one: \(pane)")
    }
}
