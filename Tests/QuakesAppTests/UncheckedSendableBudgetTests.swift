import Foundation
import Testing
import TestSupport

/// Threads cross through types the compiler checks (`Sendable` with `let`
/// properties, `Mutex`, `WaitableMutex`); an `@unchecked Sendable` is a
/// crossing it cannot check, so there are few, and each says why.
@Suite struct UncheckedSendableBudgetTests {
    static let budget = 5

    /// An `@unchecked Sendable` in code (not in a comment), as `File.swift:12`,
    /// with whether a comment on its line or just above says `unchecked because`.
    struct Declaration: CustomStringConvertible {
        let place: String
        let explained: Bool
        var description: String { place }
    }

    static func declarations() throws -> [Declaration] {
        var found: [Declaration] = []
        for (file, lines) in try swiftFiles(under: "Sources") {
            for (index, line) in lines.enumerated() {
                let code = line.components(separatedBy: "//")[0]
                guard code.contains("@unchecked Sendable") else { continue }
                var commentAbove: [String] = []
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    commentAbove.append(lines[above])
                    above -= 1
                }
                let explained = ([line] + commentAbove).contains { $0.lowercased().contains("unchecked because") }
                found.append(Declaration(place: "\(file):\(index + 1)", explained: explained))
            }
        }
        return found
    }

    @Test func atMostFiveUncheckedSendableTypesRemain() throws {
        let found = try Self.declarations()
        #expect(found.count <= Self.budget, "\(found.count) @unchecked Sendable in Sources: \(found)")
    }

    @Test func eachUncheckedSendableSaysWhy() throws {
        let unexplained = try Self.declarations().filter { !$0.explained }
        #expect(unexplained.isEmpty, "no `// unchecked because …` comment at: \(unexplained)")
    }
}
