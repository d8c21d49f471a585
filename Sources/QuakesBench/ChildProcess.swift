// Runs quakes-bench's own steps as child processes (generate, import-child,
// browse-child…) and reads back their JSON figures: each measured in a fresh process.
import Foundation

enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command to its end and returns its standard output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func json(_ executable: String, _ arguments: [String]) throws -> [String: Double] {
        let text = try run(executable, arguments)
        let line = text.split(separator: "\n").last.map(String.init) ?? "{}"
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }
}
