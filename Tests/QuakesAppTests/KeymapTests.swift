import Foundation
import Testing
import TestSupport
import TerminalUI
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

    /// The keys a line of the `?` list or a bottom hint writes, as keys:
    /// mouse gestures and the words around keys left out, ranges spread.
    static func writtenKeys(_ text: String) -> [TerminalUI.Key] {
        // `z 1-9`, `z[`: z and the key after it are one command (`addSortKey`).
        var text = text.replacingOccurrences(of: "z 1-9", with: "z")
        for phrase in ["a header", "wheel", "click", "arrows", "z[", "z]", ","] { text = text.replacingOccurrences(of: phrase, with: " ") }
        let named: [String: [TerminalUI.Key]] = [
            "PgUp": [.pageUp], "PgDn": [.pageDown], "Home": [.home], "End": [.end], "Tab": [.tab], "Esc": [.escape],
            "Space": [.character(" ")], "⏎": [.enter], "↑": [.up], "↓": [.down], "←": [.left], "→": [.right],
            "←↑↓→": [.left, .up, .down, .right], "0-9": (0...9).map { .character(Character(String($0))) },
            "1-9": (1...9).map { .character(Character(String($0))) },
        ]
        return text.split(separator: " ").flatMap { word -> [TerminalUI.Key] in
            let word = String(word)
            if let keys = named[word] { return keys }
            if word.hasPrefix("Ctrl-"), let letter = word.last { return [.control(Character(letter.lowercased()))] }
            return word.count == 1 ? [.character(word.first!)] : [.character("\u{0}")]   // unknown: fails below
        }
    }

    /// Whether `key` runs one of `commands` somewhere.
    static func isBound(_ key: TerminalUI.Key, to commands: [KeyCommand]) -> Bool {
        Keymap.bindings.contains { $0.keys.contains(key) && commands.contains($0.command) }
    }

    /// What `?` and the bottom line say is what the bindings do: each key
    /// they write runs one of the commands their line names.
    @Test func everyKeyTheHelpAndTheHintsWriteIsBoundToTheirCommands() {
        for line in Keymap.helpLines {
            let keys = Self.writtenKeys(line.keys)
            #expect(!keys.isEmpty, "\(line.keys)")
            for key in keys { #expect(Self.isBound(key, to: line.commands), "? list: \(key) in '\(line.keys)'") }
        }
        let hints = Keymap.tableHints + [Keymap.showMapHint, Keymap.focusMapHint] + Keymap.mapHints(tableShown: true)
        for hint in hints where !hint.commands.isEmpty {
            for key in Self.writtenKeys(hint.keys) {
                #expect(Self.isBound(key, to: hint.commands), "hint: \(key) in '\(hint.keys)'")
            }
        }
        #expect(hints.filter(\.commands.isEmpty).map(\.keys) == ["click"], "only the mouse's hint names no command")
    }

    /// And it can fail: a key written for a command that does not run it.
    @Test func aKeyWrittenForAnotherCommandIsCaught() {
        #expect(!Self.isBound(.character("x"), to: [.filter]))
        #expect(Self.writtenKeys("Ctrl-P ⏎ 1-9").count == 11)
    }
}
