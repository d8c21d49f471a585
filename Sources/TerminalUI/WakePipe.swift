import Foundation

/// A non-blocking pipe another thread writes a byte to, to wake `poll`.
public final class WakePipe: Sendable {
    public let readEnd: Int32
    public let writeEnd: Int32

    private init(_ fds: [Int32]) { readEnd = fds[0]; writeEnd = fds[1] }

    public static func nonBlocking() throws -> WakePipe {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return WakePipe(fds)
    }

    public func poke() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    @discardableResult
    public func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            if n <= 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<n])
        }
    }

    deinit { close(readEnd); close(writeEnd) }
}
