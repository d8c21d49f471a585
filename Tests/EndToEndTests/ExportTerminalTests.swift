import Foundation
import Testing
import TestSupport

/// `e` in the real binary: the file written is what `list` prints for the
/// same configuration, and an existing file is replaced only after `y`.
@Suite("Export", .timeLimit(.minutes(10)))
struct ExportTerminalTests {
    @Test("e writes the filtered, sorted results as CSV, as list --csv-safe --columns all prints them; n keeps an existing file")
    func exportFromTheBrowser() throws {
        let session = try TmuxSession()
        session.waitForTable()
        session.type("/alaska")
        session.send("Enter")
        session.send("2")
        _ = session.waitUntil { $0.top.contains("316 of 4,711") && $0.top.contains("by mag ▼") }
        session.send("e")
        var pane = session.waitUntil { $0.bottom.hasPrefix("export to: quakes-") }
        #expect(pane.bottom.hasSuffix(".csv"), "the default name: \(pane)")
        let file = session.folder.file("alaska.csv")
        session.send("C-u")
        session.type(file)
        session.send("Enter")
        pane = session.waitUntil { $0.bottom.hasPrefix("exported") }
        #expect(pane.bottom == "exported 316 quakes to \(file)")
        let listed = try runQuakesTUI(["list", "--db", session.db, "--where", #"place CONTAINS[cd] "alaska""#,
                                       "--sort", "-magnitude", "--format", "csv", "--csv-safe", "--columns", "all",
                                       "--limit", "0"])
        #expect(listed.status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == listed.stdout)

        // Again to the same file: asked first; n keeps it as it was.
        try "kept\n".write(toFile: file, atomically: true, encoding: .utf8)
        session.send("e")
        _ = session.waitUntil { $0.bottom.hasPrefix("export to: ") }
        session.send("C-u")
        session.type(file)
        session.send("Enter")
        pane = session.waitUntil { $0.bottom.contains("overwrite?") }
        #expect(pane.bottom == "\(file) exists: overwrite? (y/n)")
        session.send("n")
        pane = session.waitUntil { $0.bottom.hasPrefix("not exported") }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "kept\n")
    }

    /// `~/…` is the home folder of `$HOME`, as in a shell (it was the
    /// password database's, while the message kept saying `~/…`), and the
    /// message names the file written.
    @Test("e to ~/name writes under $HOME and says the path written")
    func tildeIsHome() throws {
        let home = TemporaryFolder()
        let session = try TmuxSession(environment: ["HOME": home.path])
        session.waitForTable()
        session.send("e")
        _ = session.waitUntil { $0.bottom.hasPrefix("export to: ") }
        session.send("C-u")
        session.type("~/greece.csv")
        session.send("Enter")
        let pane = session.waitUntil { $0.bottom.hasPrefix("exported") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces) == "exported 4,711 quakes to \(home.path)/greece.csv")
        #expect(FileManager.default.fileExists(atPath: home.file("greece.csv")))
    }

    /// A dangling link is something there: asked about as an existing file
    /// (it was `File exists` with no question); `y` writes where it points.
    @Test("e to a dangling link asks first, then writes the file it points to and keeps the link")
    func danglingLink() throws {
        let session = try TmuxSession()
        session.waitForTable()
        let link = session.folder.file("latest.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "exports-2018.csv")
        session.send("e")
        _ = session.waitUntil { $0.bottom.hasPrefix("export to: ") }
        session.send("C-u")
        session.type(link)
        session.send("Enter")
        var pane = session.waitUntil { $0.bottom.contains("overwrite?") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces) == "\(link) exists: overwrite? (y/n)")
        session.send("y")
        pane = session.waitUntil { $0.bottom.hasPrefix("exported") }
        #expect(pane.bottom.trimmingCharacters(in: .whitespaces) == "exported 4,711 quakes to \(link)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "exports-2018.csv")
        let written = try String(contentsOfFile: session.folder.file("exports-2018.csv"), encoding: .utf8)
        #expect(written.split(separator: "\n").count == 4_712, "a header and every quake")
    }
}
