import Foundation
import Testing

/// `--version`, the manual page and the shell completions: what a Unix tool
/// is expected to have, checked against the binary's own description of its
/// commands so that none of them can drift from it.
@Suite struct ManualTests {
    static let manualPath = packageRoot.appendingPathComponent("Resources/quakes-tui.1").path
    static let subcommands = ["browse", "list", "map", "section", "stats", "decluster", "import", "fetch", "sync", "sources", "watch", "merge", "split", "cache", "version"]

    @Test func versionFlagAndCommandPrintTheSameLine() throws {
        for arguments in [["--version"], ["version"]] {
            let result = try runQuakesTUI(arguments)
            #expect(result.status == 0)
            #expect(result.stdout == "quakes-tui 0.5.0\n")
            #expect(result.stderr == "")
        }
        for arguments in [["version", "--verbose"], ["--version", "--verbose"], ["--verbose", "--version"]] {
            let verbose = try runQuakesTUI(arguments)
            #expect(verbose.status == 0)
            let lines = verbose.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == 3 && lines[2] == "", "\(arguments)")
            #expect(lines.first == "quakes-tui 0.5.0")
            #expect(lines.dropFirst().first?.wholeMatch(of: /SQLite 3\.\d+\.\d+(\.\d+)?/) != nil, "\(arguments): \(lines)")
        }
    }

    @Test func manualRendersAndNamesEveryCommandAndOption() throws {
        let rendered = try runProgram("man", ["-l", Self.manualPath], environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "100"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr == "")
        let text = rendered.stdout
        #expect(text.hasPrefix("QUAKES-TUI(1)"))
        let lastLine = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.hasPrefix("quakes-tui 0.5.0 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "KEYS", "PREDICATES",
                        "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(text.contains("\n\(section)\n"), "no section \(section)")
        }
        for name in ["QUAKES_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "NO_COLOR", "TZ",
                     "$XDG_STATE_HOME/quakes-tui/", "GeoNames", "CC BY 4.0"] {
            #expect(text.contains(name), "\(name) is not in the manual")
        }
        let commands = try Self.commandsAndOptions()
        #expect(commands.map(\.name) == Self.subcommands)
        for command in commands {
            #expect(text.contains("quakes-tui \(command.name) "), "no synopsis for \(command.name)")
            for option in command.options {
                #expect(text.contains(option), "\(command.name)'s \(option) is not in the manual")
            }
        }
    }

    @Test func committedManualIsWhatTheScriptGenerates() throws {
        let folder = TemporaryFolder()
        let generated = folder.file("quakes-tui.1")
        let script = packageRoot.appendingPathComponent("Scripts/generate-manual.sh").path
        let result = try runProgram(script, [builtProduct("quakes-tui").path, generated])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let committed = try String(contentsOfFile: Self.manualPath, encoding: .utf8)
        #expect(try String(contentsOfFile: generated, encoding: .utf8) == committed,
                "Resources/quakes-tui.1 is out of date: run make manual")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameTheCommandsAndTheValues(shell: String) throws {
        let result = try runQuakesTUI(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // Options as fish spells them too (`-l 'verbose'`); values as each shell lists them.
        let words = Self.subcommands + ["4.5_week", "all_day", "significant_month", "-magnitude", "felt", "network",
                                        "csv", "json", "refresh-every", "all-skipped", "verbose"]
        #expect(words.filter { !result.stdout.contains($0) } == [], "missing from the \(shell) script")
    }

    /// Every displayed subcommand and its long options (`--db`), as the
    /// binary describes them in `--experimental-dump-help`.
    static func commandsAndOptions() throws -> [(name: String, options: [String])] {
        let dump = try runQuakesTUI(["--experimental-dump-help"])
        let root = try #require(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        return subcommands.compactMap { subcommand in
            guard let name = subcommand["commandName"] as? String, name != "help" else { return nil }
            let arguments = subcommand["arguments"] as? [[String: Any]] ?? []
            let options = arguments.flatMap { argument -> [String] in
                guard argument["shouldDisplay"] as? Bool ?? true else { return [] }
                let names = argument["names"] as? [[String: String]] ?? []
                return names.filter { $0["kind"] == "long" }.compactMap { $0["name"].map { "--" + $0 } }
            }
            return (name, options)
        }
    }
}
