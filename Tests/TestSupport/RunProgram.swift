import Foundation

/// The repository's top folder (Package.swift, the Makefile, Scripts/).
public let packageRoot = Fixture.folder.deletingLastPathComponent().deletingLastPathComponent()

/// Runs any program to its end (`make`, `man`, a script, an installed
/// binary) with no input; returns its exit status and output.
public func runProgram(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                       workingDirectory: URL? = nil) throws -> CommandResult {
    let process = Process()
    // A bare name is looked up on PATH by env, as a shell would.
    process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : "/usr/bin/env")
    process.arguments = executable.contains("/") ? arguments : [executable] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = workingDirectory
    // stderr to a file, read at the end: two pipes read one after the
    // other could block a child that fills the second.
    let errPath = NSTemporaryDirectory() + "quakes-stderr-" + UUID().uuidString
    FileManager.default.createFile(atPath: errPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errPath) }
    let out = Pipe()
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try err.close()
    let errData = FileManager.default.contents(atPath: errPath) ?? Data()
    return CommandResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}
