import Foundation
import Testing
import TestSupport

/// Signals a user or the system sends: the browser restores the terminal
/// and exits with 128 + the signal; an import stopped midway stores
/// nothing of its file. The catalog stays sound either way.
@Suite("Signals", .timeLimit(.minutes(10)))
struct SignalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let number: Int32
        /// What the shell sees: 128 + the signal.
        let status: Int
        var testDescription: String { name }
    }

    static let browserSignals = [Case(name: "SIGINT", number: SIGINT, status: 130),
                                 Case(name: "SIGTERM", number: SIGTERM, status: 143),
                                 Case(name: "SIGHUP", number: SIGHUP, status: 129)]

    /// A crash (a Swift trap is SIGILL, a bad access SIGSEGV, an abort
    /// SIGABRT) left the terminal raw and on the alternate screen.
    static let fatalSignals = [Case(name: "SIGSEGV", number: SIGSEGV, status: 139),
                               Case(name: "SIGILL", number: SIGILL, status: 132),
                               Case(name: "SIGABRT", number: SIGABRT, status: 134)]

    @Test("a signal ends the browser with 128 + its number, the terminal sane and the catalog intact",
          arguments: browserSignals + fatalSignals)
    func browserSignal(_ signal: Case) throws {
        // Swift's crash report asks at a terminal whether to debug, for 30 s: not here.
        let session = try TmuxSession(environment: ["SWIFT_BACKTRACE": "interactive=no"])
        session.waitForTable()
        let pid = try #require(session.appPID())
        #expect(kill(pid, signal.number) == 0)
        let (status, stty) = session.waitForExit()
        #expect(status == signal.status, "\(signal.name)\n\(stty)")
        TerminalTests.expectSaneTerminal(stty)
        #expect(!stty.contains("1 Time"), "the table is gone: the normal screen is back\n\(stty)")
        if Self.browserSignals.contains(where: { $0.number == signal.number }) {
            #expect(!stty.contains("Fatal error") && !stty.contains("crashed"), "\(stty)")
        }
        #expect(try CatalogProbe.integrityCheck(session.db) == ["ok"])
        #expect(try CatalogProbe.count(session.db) == 4711)
    }

    @Test("closing the terminal (the pane killed: SIGHUP, then a dead tty) ends the browser; the catalog intact")
    func terminalClosed() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let pid = try #require(session.appPID())
        try session.tmux(["kill-pane", "-t", session.target])
        let deadline = Date().addingTimeInterval(10)
        while Self.isAlive(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(!Self.isAlive(pid), "the browser outlived its terminal")
        #expect(try CatalogProbe.integrityCheck(session.db) == ["ok"])
        #expect(try CatalogProbe.count(session.db) == 4711)
    }

    /// Whether `pid` runs (a zombie waiting for its parent does not).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z") && !stat[close...].hasPrefix(") X")
    }

    @Test("SIGTERM in the middle of an import: nothing of the file is stored, the catalog is intact")
    func terminatedImport() throws {
        let folder = TemporaryFolder()
        let db = folder.file("quakes.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.month2014]).status == 0)
        let before = try CatalogProbe.rows(db)
        let schema = try CatalogProbe.schemaObjects(db)
        let feed = folder.file("big.geojson")
        try SyntheticFeed.write(count: 30_000, to: feed)

        let importer = try ChildProcess.quakesTUI(["import", "--db", db, feed], outputPrefix: folder.file("import"))
        let midImport = CatalogProbe.waitForWriteTransaction(db, by: importer, held: 0.3)
        #expect(importer.send(SIGTERM))
        #expect(importer.wait() == 128 + SIGTERM)
        try #require(midImport, "the signal must land inside the import's transaction; stderr: \(importer.stderr)")
        #expect(importer.stdout == "")
        #expect(!importer.stderr.contains("Fatal error"), "\(importer.stderr)")

        #expect(try CatalogProbe.integrityCheck(db) == ["ok"])
        #expect(try CatalogProbe.rows(db) == before, "all or nothing: stopped inside its transaction, nothing")
        #expect(try CatalogProbe.schemaObjects(db) == schema)
        #expect(try CatalogProbe.keptCounts(db) == (409, 409))
        // And the catalog takes the next import as usual.
        let again = try runQuakesTUI(["import", "--db", db, Fixture.day2014])
        #expect(again.stdout == "imported \(Fixture.day2014): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try CatalogProbe.count(db) == 409 + 146)
    }
}
