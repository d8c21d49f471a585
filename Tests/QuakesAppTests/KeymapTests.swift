import Foundation
import Testing
import TestSupport
@testable import QuakesApp

/// The Keymap is the one description of the browser's keys: every command
/// has keys and is explained, and the documents made from it are the
/// committed ones.
@Suite struct KeymapTests {
    static let mdocPath = packageRoot.appendingPathComponent("Resources/manual/10-keys.mdoc").path
    static let markdownPath = packageRoot.appendingPathComponent("docs/KEYS.md").path
    static let readmePath = packageRoot.appendingPathComponent("README.md").path

    @Test(arguments: KeyCommand.allCases)
    func everyCommandHasAKeyAHelpLineAndAManualEntry(command: KeyCommand) {
        #expect(Keymap.bindings.contains { $0.command == command && !$0.keys.isEmpty }, "\(command) has no key")
        #expect(Keymap.helpLines.contains { $0.commands.contains(command) }, "\(command) is not in the ? list")
        #expect(Keymap.manualItems.contains { $0.commands.contains(command) }, "\(command) is not in the manual")
    }

    @Test func noKeyRunsTwoCommandsInOnePlace() {
        var seen: [String: KeyCommand] = [:]
        var twice: [String] = []
        for binding in Keymap.bindings {
            for key in binding.keys {
                let place = "\(key) in \(binding.context)"
                if seen[place] != nil { twice.append(place) }
                seen[place] = binding.command
            }
        }
        #expect(twice == [])
    }

    @Test func theHelpListFitsA24LineTerminal() {
        #expect(Keymap.helpLines.count == 19)
    }

    @Test func committedKeysSectionAndTableAreWhatTheKeymapGenerates() throws {
        let mdoc = try String(contentsOfFile: Self.mdocPath, encoding: .utf8)
        #expect(mdoc == KeysDocument.mdoc(), "Resources/manual/10-keys.mdoc is out of date: run make manual")
        let markdown = try String(contentsOfFile: Self.markdownPath, encoding: .utf8)
        #expect(markdown == KeysDocument.markdown(), "docs/KEYS.md is out of date: run make manual")
        let readme = try String(contentsOfFile: Self.readmePath, encoding: .utf8)
        #expect(KeysDocument.splicingTable(into: readme) == readme, "README.md's key table is out of date: run make manual")
    }

    @Test func quakesKeysPrintsTheCommittedDocuments() throws {
        let tool = builtProduct("quakes-keys").path
        for (argument, path) in [("mdoc", Self.mdocPath), ("markdown", Self.markdownPath)] {
            let result = try runProgram(tool, [argument])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout == (try String(contentsOfFile: path, encoding: .utf8)), "quakes-keys \(argument)")
        }
        let wrong = try runProgram(tool, ["html"])
        #expect(wrong.status == 2)
        #expect(wrong.stdout == "")
        #expect(wrong.stderr == "usage: quakes-keys mdoc|markdown|readme FILE\n")
        let readme = try runProgram(tool, ["readme", Self.readmePath])
        #expect(readme.status == 0)
        #expect(readme.stdout == (try String(contentsOfFile: Self.readmePath, encoding: .utf8)))
    }

    @Test func rDescribesWhatARefreshDoes() {
        let line = Keymap.helpLines.first { $0.commands.contains(.refresh) }
        #expect(line?.text == "refresh: sources, else feed; C newest change")
        let item = Keymap.manualItems.first { $0.commands == [.refresh] }
        #expect(item?.text.hasPrefix("Refresh in the background: sync the catalog's sources (see `sync`), or fetch "
                                     + "the configured feed when it remembers none") == true)
    }
}
