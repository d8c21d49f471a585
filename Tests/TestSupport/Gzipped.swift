import Foundation

/// `data` compressed by the system's gzip (`-n`: no name, no time), as a
/// user's `.gz` file would be.
public func gzipped(_ data: Data) throws -> Data {
    let folder = TemporaryFolder()
    let plain = folder.write("plain", data)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"gzip -c -n "$1""#, "sh", plain]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let compressed = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ChildProcessError("gzip failed (exit \(process.terminationStatus))") }
    return compressed
}
