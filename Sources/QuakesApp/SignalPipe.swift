import Foundation
import TerminalUI

/// Turns SIGINT, SIGTERM and SIGHUP into bytes on a pipe (the self-pipe
/// trick), so the run loop leaves cleanly and the terminal is restored
/// (`watch` waits on it too).
public final class SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private let pipe: WakePipe
    private let signals: [Int32]

    public var readEnd: Int32 { pipe.readEnd }

    private init(pipe: WakePipe, signals: [Int32]) { self.pipe = pipe; self.signals = signals }

    public static func install(_ signals: [Int32]) throws -> SignalPipe {
        let pipe = try WakePipe.nonBlocking()
        writeEnd = pipe.writeEnd
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            signal(number) { received in
                // The handler may interrupt code between a failed call and
                // its errno check: leave errno as it was.
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(SignalPipe.writeEnd, &byte, 1)
                errno = saved
            }
            sigaddset(&set, number)
        }
        // A parent may have started us with these blocked (Foundation's
        // Process does): they must reach the handlers.
        sigprocmask(SIG_UNBLOCK, &set, nil)
        return SignalPipe(pipe: pipe, signals: signals)
    }

    public func drain() -> [Int32] { pipe.drain().map(Int32.init) }

    public func uninstall() {
        for number in signals { signal(number, SIG_DFL) }
        // The pipe closes next; its descriptor number may then be reused
        // (a catalog file): a handler still running elsewhere must not write there.
        Self.writeEnd = -1
    }
}
