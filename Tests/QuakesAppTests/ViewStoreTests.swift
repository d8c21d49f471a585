import Foundation
import Testing
import TestSupport
@testable import QuakesApp

/// The files views are kept in: where they are, what a damaged or
/// unwritable one does (nothing in it is lost, the error names it), and
/// the last view kept per catalog.
@Suite struct ViewStoreTests {
    @Test func theFolderFollowsXDGStateHomeThenHome() {
        #expect(ViewStore(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.folder.path == "/s/quakes-tui")
        #expect(ViewStore(environment: ["HOME": "/h"])?.folder.path == "/h/.local/state/quakes-tui")
        // A relative XDG path is ignored, as the base directory spec says.
        #expect(ViewStore(environment: ["XDG_STATE_HOME": "state", "HOME": "/h"])?.folder.path == "/h/.local/state/quakes-tui")
        #expect(ViewStore(environment: [:]) == nil)
    }

    @Test func aDamagedViewsFileIsNamedAndNeitherReplacedNorChanged() throws {
        let folder = TemporaryFolder()
        let store = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
        let damaged = Data("{\"big\": {\"sort\": ".utf8)
        let path = folder.file("state/views.json")
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(throws: ViewStoreError.reading(path, reason: "not a file of saved views (The given data was not valid JSON.)")) {
            try store.savedViews()
        }
        #expect(throws: ViewStoreError.self) { try store.save(SavedView(), as: "new") }
        #expect(throws: ViewStoreError.self) { try store.deleteView(named: "big") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    /// A views file of the wrong shape says what and where in the file's
    /// own terms (it said `keyNotFound(CodingKeys(stringValue: "east", …))`).
    @Test func aViewsFileOfTheWrongShapeSaysWhereInWords() throws {
        let folder = TemporaryFolder()
        let store = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
        let path = folder.file("state/views.json")
        let map = #""map": {"south": -90, "north": 90, "west": -180, "east": 180}"#
        func view(_ parts: String) -> String { #"{"big": {"filter": "", "utc": false, "#  + parts + "}}" }
        for (text, reason) in [
            (view(#""sort": "-time", "panes": "table", "map": {"south": 1, "north": 2, "west": 3}"#),
             #""east" is missing in "big.map""#),
            (view(#""sort": 7, "panes": "table", "# + map), #""big.sort" is not a text"#),
            (view(#""sort": "-time", "panes": "table", "map": {"south": "x", "north": 2, "west": 3, "east": 4}"#),
             #""big.map.south" is not a number"#),
            (view(#""sort": "-time", "panes": null, "# + map), #""big.panes" is null, not a text"#),
            (#"["big"]"#, #""" is not an object"#),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: ViewStoreError.reading(path, reason: "not a file of saved views (\(reason))")) {
                try store.savedViews()
            }
        }
    }

    /// `views.json` kept as a link (a dotfiles repository) stays a link: `w`
    /// replaced it with a file.
    @Test func aViewsFileThatIsALinkIsWrittenThroughAndStaysALink() throws {
        let folder = TemporaryFolder()
        let store = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("dotfiles"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("state/views.json"),
                                                   withDestinationPath: "../dotfiles/views.json")
        var view = SavedView()
        view.filter = "alaska"
        try store.save(view, as: "north")   // the link dangles: its target is created
        try store.save(SavedView(), as: "all")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("state/views.json"))
                == "../dotfiles/views.json")
        #expect(try store.savedViews() == ["north": view, "all": SavedView()])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("dotfiles")) == ["views.json"])
    }

    @Test func aFolderThatCannotBeMadeIsNamedWithTheSystemsReason() throws {
        // A file where the state folder should be: no write can succeed, even as root.
        let folder = TemporaryFolder()
        _ = folder.write("state", "not a folder")
        let store = ViewStore(folder: URL(fileURLWithPath: folder.file("state/quakes-tui")))
        #expect(throws: ViewStoreError.writing(folder.file("state/quakes-tui/views.json"), reason: "Not a directory")) {
            try store.save(SavedView(), as: "any")
        }
        #expect(try String(contentsOfFile: folder.file("state"), encoding: .utf8) == "not a folder")
    }

    @Test func theLastViewIsKeptPerCatalogAndFoundThroughSymlinks() throws {
        let folder = TemporaryFolder()
        let store = ViewStore(folder: URL(fileURLWithPath: folder.file("state")))
        _ = folder.write("a.sqlite", "")
        _ = folder.write("b.sqlite", "")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.sqlite"), withDestinationPath: folder.file("a.sqlite"))
        var a = SavedView()
        a.filter = "alaska"
        var b = SavedView()
        b.sort = "magnitude"
        try store.saveLastView(a, catalogPath: folder.file("a.sqlite"))
        try store.saveLastView(b, catalogPath: folder.file("b.sqlite"))
        #expect(try store.lastView(catalogPath: folder.file("a.sqlite")) == a)
        #expect(try store.lastView(catalogPath: folder.file("link.sqlite")) == a)
        #expect(try store.lastView(catalogPath: folder.file("b.sqlite")) == b)
        #expect(try store.lastView(catalogPath: folder.file("c.sqlite")) == nil)
        // Nothing but the files the store writes.
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.file("state")).sorted()
        #expect(files.count == 3 && files[0] == "last" && files.dropFirst().allSatisfy { $0.hasPrefix("last/") && $0.hasSuffix(".json") })
    }
}
