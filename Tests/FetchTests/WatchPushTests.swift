import Foundation
import GRDB
import QuakePush
import QuakeStore
import Testing
import TestSupport

/// `watch --push emsc` against a local websocket server speaking EMSC's
/// protocol (Tests/Fixtures/push_server.py) and a local FDSN service for
/// the catch-up (fdsnws_server.py): the real EMSC messages
/// (Tests/Fixtures/emsc/messages.jsonl) and messages built in their shape.
@Suite("watch --push", .timeLimit(.minutes(10)))
struct WatchPushTests {
    let folder = TemporaryFolder()
    let db: String
    let environment: [String: String]

    init() throws {
        db = folder.file("quakes.sqlite")
        environment = ["XDG_CONFIG_HOME": folder.file("config")]
    }

    /// A create message in EMSC's shape (the 2025 message's keys).
    static func message(_ action: String, unid: String, time: String, updated: String, magnitude: Double,
                        latitude: Double = 40.115, longitude: Double = 28.5381, region: String = "WESTERN TURKEY") -> String {
        """
        {"action":"\(action)","data":{"type":"Feature","geometry":{"type":"Point","coordinates":[\(longitude),\(latitude),-7.0]},\
        "id":"\(unid)","properties":{"source_id":"1779128","source_catalog":"EMSC-RTS","lastupdate":"\(updated)",\
        "time":"\(time)","flynn_region":"\(region)","lat":\(latitude),"lon":\(longitude),"depth":7.0,"evtype":"ke",\
        "auth":"AFAD","mag":\(magnitude),"magtype":"ml","unid":"\(unid)"}}}
        """
    }

    /// The server on `lines`, with its options; its port, and its log's path.
    func pushServer(_ lines: [String], options: [String] = []) throws -> (ChildProcess, Int, String) {
        let messages = folder.write("messages.jsonl", lines.joined(separator: "\n") + "\n")
        let portFile = folder.file("push-port")
        let server = try ChildProcess(["python3", Fixture.path("push_server.py"), portFile, messages] + options,
                                      outputPrefix: folder.file("push-server"))
        return (server, try server.waitForPort(in: portFile, server: "the push server"), portFile + ".log")
    }

    func rows() throws -> [Row] {
        let queue = try DatabaseQueue(path: db)
        return try queue.read { try Row.fetchAll($0, sql: "SELECT id, magnitude, place, time, updated FROM quake ORDER BY id") }
    }

    @Test("messages stored as they come, an update replacing its create, a malformed and an oversized message refused in one line each, the drops reconnected and caught up through FDSN, one alert per event with its delay")
    func messagesDropsAndCatchUp() throws {
        let now = Date()
        func iso(_ secondsAgo: Double) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: now.addingTimeInterval(-secondsAgo))
        }
        let real = try String(contentsOfFile: Fixture.path("emsc/messages.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let lines = [
            real[0],   // EMSC's own 2020 update (M2.4, below the alert) of an event not stored: stored
            Self.message("create", unid: "20261128_0000001", time: iso(40), updated: iso(30), magnitude: 4.1),
            real[1],   // EMSC's own 2025 create (M1.4, below the alert)
            "{not json",
            Self.message("update", unid: "20261128_0000001", time: iso(40), updated: iso(10), magnitude: 4.4),
            Self.message("create", unid: "20261128_0000002", time: iso(20), updated: iso(15), magnitude: 3.2,
                         latitude: 36.6, longitude: -121.2, region: "CENTRAL CALIFORNIA"),
            "{\"action\":\"create\",\"data\":\"" + String(repeating: "x", count: 10 << 20) + "\"}",
            Self.message("create", unid: "20261128_0000003", time: iso(5), updated: iso(4), magnitude: 5.0,
                         latitude: -20.5, longitude: -175.3, region: "TONGA ISLANDS"),
        ]
        // Two messages a connection: each drop reconnects (1 s) and catches up.
        let (pushServer, port, log) = try pushServer(lines, options: ["--per-connection", "2"])
        // The FDSN service holds one event the socket never sent, updated 30 s before the watch starts.
        let catalog = folder.file("fdsn.txt")
        try FDSNCatalog.write([CatalogEvent(id: "20261128_0000004", timeText: iso(90), latitude: "38.2", longitude: "15.6",
                                            depth: "10", magType: "mb", magnitude: "4.6", place: "SICILY, ITALY", author: "EMSC",
                                            updatedText: iso(30))], to: catalog)
        let fdsn = try FDSNServer(catalog: catalog)
        let child = try ChildProcess.quakesTUI(
            ["watch", "--db", db, "--where", "magnitude >= 3", "--push", "emsc", "--push-url", "ws://127.0.0.1:\(port)/",
             "--push-service", fdsn.baseURL, "--push-ping", "1",
             "--exec", "echo \"$QUAKE_ID ${QUAKE_PUSH_DELAY:-none}\" >> '\(folder.file("exec.txt"))'"],
            environment: environment, outputPrefix: folder.file("watch"))
        let deadline = Date().addingTimeInterval(90)
        while child.stdout.split(separator: "\n").count < 4 && child.isRunning && Date() < deadline { usleep(50_000) }
        Thread.sleep(forTimeInterval: 1.5)
        #expect(child.send(SIGTERM))
        #expect(child.wait(timeout: 60) == 0, "\(child.stderr)")
        _ = pushServer.send(SIGTERM)

        // Exactly the messages' events and the catch-up's, each once; the
        // update's magnitude kept. What was sent is counted here, apart from
        // the program: the lines the server's log says it sent, read as JSON
        // objects (the malformed and the oversized ones are none), and the
        // FDSN catalog the catch-up was served, read by the tests' own reader.
        let sent = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("sent ") }.compactMap { Int($0.split(separator: " ")[1]) }
        #expect(Set(sent) == Set(1...lines.count), "every line was sent: \(sent)")
        let messageIDs = Set(sent.compactMap { number -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(lines[number - 1].utf8)) as? [String: Any],
                  let data = object["data"] as? [String: Any], let properties = data["properties"] as? [String: Any],
                  let unid = properties["unid"] as? String else { return nil }
            return "emsc:" + unid
        })
        let caughtUpIDs = Set(try FDSNCatalog.read(catalog).map { "emsc:" + $0.id })
        let stored = try rows()
        #expect(messageIDs.count == 5 && caughtUpIDs.count == 1)
        #expect(stored.map { $0["id"] as String } == messageIDs.union(caughtUpIDs).sorted(), "\(stored)")
        #expect(stored.first { $0["id"] == "emsc:20261128_0000001" }?["magnitude"] == 4.4)
        #expect(stored.first { $0["id"] == "emsc:20250305_0000090" }?["place"] == "WESTERN TURKEY")
        // One alert per event at M3 or more, the pushed ones with their delay after origin.
        let alerts = child.stdout.split(separator: "\n").map(String.init)
        #expect(alerts.count == 4, "\(child.stdout)")
        for unid in ["0000001", "0000002", "0000003"] {
            let line = alerts.first { $0.contains("emsc:20261128_\(unid)") }
            #expect(line?.contains(" s after origin") == true, "\(alerts)")
        }
        #expect(alerts.first { $0.contains("emsc:20261128_0000004") }.map { !$0.contains("pushed") } == true, "caught up, not pushed")
        // --exec's QUAKE_PUSH_DELAY: the seconds from origin time to the
        // event's first message, as the server's log timed its sending.
        let sentAt = Dictionary(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("sent ") }.map { $0.split(separator: " ") }
            .map { (Int($0[1])!, Double($0[2])!) }, uniquingKeysWith: min)
        let delays = Dictionary(try String(contentsOfFile: folder.file("exec.txt"), encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ").map(String.init) }.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
        #expect(delays["emsc:20261128_0000004"] == "none", "caught up: no push delay")
        for (unid, secondsAgo) in [("0000001", 40.0), ("0000002", 20.0), ("0000003", 5.0)] {
            let first = try #require(lines.firstIndex { $0.contains("\"unid\":\"20261128_\(unid)\"") }) + 1
            let expected = try #require(sentAt[first]) - now.addingTimeInterval(-secondsAgo).timeIntervalSince1970
            let told = try #require(delays["emsc:20261128_\(unid)"].flatMap(Double.init), "\(delays)")
            #expect(abs(told - expected) < 2, "\(unid): QUAKE_PUSH_DELAY \(told), sent \(expected) s after origin")
        }
        // One line for each bad message, the stream going on after it.
        let errors = child.stderr
        #expect(errors.components(separatedBy: "push message refused: not an EMSC message: not a JSON object").count == 2, "\(errors)")
        #expect(errors.components(separatedBy: "push message refused: 10,485,789 bytes, over the 1 MB a message may be\n").count == 2,
                "\(errors)")
        #expect(errors.contains("watch: push connection lost: "), "\(errors)")
        #expect(errors.contains("watch: caught up: 1 new"), "\(errors)")
        let connects = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("connect ") }
        #expect(connects.count >= 4, "\(connects)")
    }

    @Test("refused connections are tried again after 1, 2 and 4 s; a server gone silent is left after its pings go unanswered")
    func backoffAndSilence() throws {
        let line = Self.message("create", unid: "20261128_0000009", time: "2026-11-28T00:00:00Z",
                                updated: "2026-11-28T00:00:01Z", magnitude: 2.0)
        let (pushServer, port, log) = try pushServer([line], options: ["--refuse-first", "3", "--silent-after", "1"])
        let child = try ChildProcess.quakesTUI(
            ["watch", "--db", db, "--push", "emsc", "--push-url", "ws://127.0.0.1:\(port)/", "--push-service",
             "http://127.0.0.1:9/fdsnws/event/1", "--push-ping", "1"],
            environment: environment, outputPrefix: folder.file("watch"))
        func connects() -> [Double] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.hasPrefix("connect ") }.compactMap { Double($0.dropFirst(8)) }
        }
        let deadline = Date().addingTimeInterval(60)
        while connects().count < 5 && child.isRunning && Date() < deadline { usleep(50_000) }
        #expect(child.send(SIGTERM))
        #expect(child.wait(timeout: 60) == 0)
        _ = pushServer.send(SIGTERM)
        let times = connects()
        #expect(times.count >= 5, "\(times) \(child.stderr)")
        guard times.count >= 5 else { return }
        // Three refusals: waits of 1, 2 and 4 s (measured by the server's clock); then the
        // message, silence, pings unanswered for a period, and a fresh start from 1 s.
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        // Each wait at least its length and short of the next one's (the close and the next
        // handshake add a little on a busy machine).
        for (gap, wait) in zip(gaps, [1.0, 2.0, 4.0]) { #expect(gap >= wait - 0.05 && gap < wait + 2.0, "\(gaps)") }
        #expect(gaps[3] < 6, "the silent connection left within a few ping periods: \(gaps)")
        let stored = try rows()
        #expect(stored.map { $0["id"] as String } == ["emsc:20261128_0000009"])
        #expect(child.stderr.contains("watch: push connection lost: closed by the server"), "\(child.stderr)")
        #expect(child.stderr.contains("reconnecting in 4 s"), "\(child.stderr)")
    }

    /// How many rows the watch has stored; nil before it made its catalog
    /// (a read would make an empty one).
    func storedCount() -> Int? {
        FileManager.default.fileExists(atPath: db) ? (try? rows())?.count : nil
    }

    /// `2026-11-28T02:31:07.123Z`, `secondsAgo` before `now`.
    static func iso(_ secondsAgo: Double, before now: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: now.addingTimeInterval(-secondsAgo))
    }

    /// `watch --push emsc` on the local push server at `port`, caught up through `service`.
    func watch(port: Int, service: String, _ extra: [String] = []) throws -> ChildProcess {
        try ChildProcess.quakesTUI(
            ["watch", "--db", db, "--push", "emsc", "--push-url", "ws://127.0.0.1:\(port)/", "--push-service", service,
             "--push-ping", "1"] + extra,
            environment: environment, outputPrefix: folder.file("watch"))
    }

    /// Waits up to `seconds` for `done`, while `child` runs.
    static func wait(_ seconds: Double, for child: ChildProcess, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && child.isRunning && Date() < deadline { usleep(50_000) }
    }

    /// The watch's `caught up` lines, in order.
    static func caughtUpLines(_ child: ChildProcess) -> [String] {
        child.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("watch: caught up: ") }
    }

    @Test("an event revised on the FDSN service while the socket was down: the catch-up replaces the pushed version, counted as updated")
    func revisionMissedWhileDownIsCaughtUp() throws {
        let now = Date()
        let unid = "20261128_0000021"
        // A message a connection, each dropped 3 s after its message, but the last, held open: the
        // event, then another one after the drop.
        let (pushServer, port, _) = try pushServer([
            Self.message("create", unid: unid, time: Self.iso(40, before: now), updated: Self.iso(30, before: now), magnitude: 4.0),
            Self.message("create", unid: "20261128_0000022", time: Self.iso(20, before: now), updated: Self.iso(15, before: now),
                         magnitude: 2.0, latitude: 36.6, longitude: -121.2, region: "CENTRAL CALIFORNIA"),
        ], options: ["--per-connection", "1", "--interval", "3"])
        defer { _ = pushServer.send(SIGTERM) }
        let catalog = folder.file("fdsn.txt")
        try FDSNCatalog.write([], to: catalog)
        let fdsn = try FDSNServer(catalog: catalog)
        let child = try watch(port: port, service: fdsn.baseURL)
        // The pushed M4.0 stored and the first catch-up asked: then EMSC revises the event to M5.5.
        Self.wait(60, for: child) { storedCount() == 1 && !fdsn.requests().isEmpty }
        let revisedAt = Self.iso(5, before: now)
        try FDSNCatalog.write([CatalogEvent(id: unid, timeText: Self.iso(40, before: now), latitude: "40.115", longitude: "28.5381",
                                            depth: "7", magType: "ml", magnitude: "5.5", place: "WESTERN TURKEY",
                                            author: "AFAD", updatedText: revisedAt)], to: catalog)
        Self.wait(60, for: child) { Self.caughtUpLines(child).count >= 2 }
        #expect(child.send(SIGTERM))
        #expect(child.wait(timeout: 60) == 0, "\(child.stderr)")

        let stored = try rows()
        #expect(stored.map { $0["id"] as String } == ["emsc:\(unid)", "emsc:20261128_0000022"], "\(stored)")
        let revised = stored.first { $0["id"] == "emsc:\(unid)" }
        #expect(revised?["magnitude"] == 5.5, "\(stored)")
        #expect(revised?["updated"] == ISOTime.epochMilliseconds(revisedAt), "\(stored)")
        #expect(Self.caughtUpLines(child) == ["watch: caught up: 0 new, 0 updated", "watch: caught up: 0 new, 1 updated"],
                "\(child.stderr)")
        #expect(fdsn.requests().allSatisfy { $0.contains("format=json") }, "\(fdsn.requests())")
    }

    @Test("a catch-up that fails is tried again after 1 s, from before the drop: the event the drop missed is stored though a later message is over a minute newer")
    func failedCatchUpIsTriedAgain() throws {
        let now = Date()
        // A message a connection, the first dropped 3 s after its message, the second held open.
        // The second message's update is over a minute after the missed event's (as after an outage of
        // minutes; here EMSC's clock ahead of ours), so a catch-up from after it would not find that event.
        let (pushServer, port, _) = try pushServer([
            Self.message("create", unid: "20261128_0000031", time: Self.iso(50, before: now), updated: Self.iso(45, before: now),
                         magnitude: 3.0),
            Self.message("create", unid: "20261128_0000032", time: Self.iso(10, before: now), updated: Self.iso(-25, before: now),
                         magnitude: 3.1, latitude: 36.6, longitude: -121.2, region: "CENTRAL CALIFORNIA"),
        ], options: ["--per-connection", "1", "--interval", "3"])
        defer { _ = pushServer.send(SIGTERM) }
        // The service's first answer with events is cut short: the catch-up after the drop fails once.
        let catalog = folder.file("fdsn.txt")
        try FDSNCatalog.write([], to: catalog)
        let fdsn = try FDSNServer(catalog: catalog, options: ["--cut-at", "1"])
        let child = try watch(port: port, service: fdsn.baseURL)
        // The first message stored and the first catch-up asked: then an event is published that the stream never sends.
        Self.wait(60, for: child) { storedCount() == 1 && !fdsn.requests().isEmpty }
        try FDSNCatalog.write([CatalogEvent(id: "20261128_0000033", timeText: Self.iso(60, before: now), latitude: "35.2",
                                            longitude: "25.7", depth: "12", magType: "ml", magnitude: "4.2",
                                            place: "CRETE, GREECE", author: "NOA", updatedText: Self.iso(40, before: now))],
                              to: catalog)
        Self.wait(60, for: child) { Self.caughtUpLines(child).count >= 2 }
        #expect(child.send(SIGTERM))
        #expect(child.wait(timeout: 60) == 0, "\(child.stderr)")

        let stored = try rows()
        #expect(stored.map { $0["id"] as String } == ["emsc:20261128_0000031", "emsc:20261128_0000032", "emsc:20261128_0000033"],
                "\(stored) \(child.stderr)")
        #expect(stored.first { $0["id"] == "emsc:20261128_0000033" }?["magnitude"] == 4.2)
        // The failure said once, with its cause and the wait; the second try found the event.
        let failures = child.stderr.split(separator: "\n").filter { $0.hasPrefix("watch: catch-up failed: ") }
        #expect(failures.count == 1, "\(child.stderr)")
        let failure = "^watch: catch-up failed: fetch http://127\\.0\\.0\\.1:\(fdsn.port)/fdsnws/event/1/query\\?updatedafter=[^&]+"
            + "&starttime=[^&]+&format=json: connection closed after .+ of .+; trying again in 1 s$"
        #expect(failures.first.map { $0.wholeMatch(of: try! Regex(failure)) != nil } == true, "\(failures)")
        #expect(Self.caughtUpLines(child) == ["watch: caught up: 0 new, 0 updated", "watch: caught up: 1 new, 0 updated"],
                "\(child.stderr)")
        // Tried again from where the first catch-up left off, the second message stored meanwhile.
        let asked = fdsn.requests().compactMap { $0.firstMatch(of: /updatedafter=([^&]+)/).map { String($0.1) } }
        #expect(asked.count == 3 && asked.allSatisfy { $0 == asked[0] }, "\(fdsn.requests())")
    }

    /// The real messages read as the catalog stores them.
    @Test func realMessagesAreReadAsTheFieldsSay() throws {
        let lines = try String(contentsOfFile: Fixture.path("emsc/messages.jsonl"), encoding: .utf8).split(separator: "\n")
        let update = try EMSCPushMessage(text: String(lines[0]))
        #expect(update.action == .update && update.quake.id == "emsc:20201230_0000082" && update.quake.code == "20201230_0000082")
        #expect(update.quake.magnitude == 2.4 && update.quake.magType == "md" && update.quake.place == "CENTRAL CALIFORNIA")
        #expect(update.quake.time.epochMilliseconds == 1_609_317_929_900 && update.quake.updated.epochMilliseconds == 1_609_318_020_000)
        #expect(update.quake.depth == 4 && update.quake.latitude == 36.6 && update.quake.longitude == -121.2)
        #expect(update.quake.locationSource == "NC" && update.quake.type == "earthquake")
        #expect(update.quake.url == "https://www.seismicportal.eu/eventdetails.html?unid=20201230_0000082")
        let create = try EMSCPushMessage(text: String(lines[1]))
        #expect(create.action == .create && create.quake.time.epochMilliseconds == 1_741_167_907_000)
        #expect(create.quake.updated.epochMilliseconds == 1_741_169_216_102)
        for (text, reason) in [("[]", "not a JSON object"), ("{\"action\":\"delete\",\"data\":{}}", "no \"action\" of create or update"),
                               ("{\"action\":\"create\",\"data\":{\"properties\":{\"unid\":\"x\",\"time\":\"yesterday\"}}}",
                                "event x: no ISO 8601 \"time\"")] {
            #expect(throws: EMSCPushMessage.Malformed(reason: reason)) { try EMSCPushMessage(text: text) }
        }
    }
}
