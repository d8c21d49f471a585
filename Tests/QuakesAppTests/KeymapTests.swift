import Foundation
import Testing
import TestSupport
@testable import QuakesApp

/// The Keymap is the one description of the browser's keys: every command
/// has keys and is explained.
@Suite struct KeymapTests {
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

    @Test func rDescribesWhatARefreshDoes() {
        let line = Keymap.helpLines.first { $0.commands == [.refresh] }
        #expect(line?.text == "refresh: sync the sources, else the feed")
        let item = Keymap.manualItems.first { $0.commands == [.refresh] }
        #expect(item?.text.hasPrefix("Refresh in the background: sync the catalog's sources (see `sync`), or fetch "
                                     + "the configured feed when it remembers none") == true)
    }
}
