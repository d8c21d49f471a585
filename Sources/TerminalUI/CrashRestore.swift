import CNcursesw
import Foundation

/// Puts the terminal back when the program dies of a fatal signal (a trap
/// of Swift's runtime is SIGILL or SIGTRAP, a bad access SIGSEGV or
/// SIGBUS, an abort SIGABRT, a `kill -QUIT`): without it a crash left the
/// terminal raw, on the alternate screen, with the mouse reported.
///
/// Only async-signal-safe calls happen in the handler: `tcsetattr` with
/// the modes saved before curses started, one `write` of bytes prepared
/// beforehand (the terminal's own strings for leaving curses), then the
/// signal's previous action is put back and the signal raised again, so
/// the program still dies of it (exit status 128 + its number) and Swift's
/// crash report, if any, is printed on a sane terminal.
enum CrashRestore {
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS, SIGQUIT]

    nonisolated(unsafe) private static var savedModes = termios()
    nonisolated(unsafe) private static var hasSavedModes = false
    nonisolated(unsafe) private static var restoreBytes: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    /// Saves the terminal's modes; call before curses changes them.
    static func saveModes() {
        hasSavedModes = tcgetattr(STDOUT_FILENO, &savedModes) == 0
    }

    /// Prepares the bytes that leave curses and installs the handlers; call once curses runs.
    static func install() {
        var text = ""
        // The terminal's own: attributes off, keypad and alternate screen left, cursor shown.
        for capability in ["sgr0", "rmkx", "rmcup", "cnorm"] {
            guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { continue }
            text += String(cString: value)
        }
        text += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l"   // mouse reports off (ncurses' XM)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = bytes.initialize(from: text.utf8)
        restoreBytes = bytes
        for number in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in CrashRestore.restore(received) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_NODEFER)   // raised again from inside: delivered at once
            sigaction(number, &action, previousActions + Int(number))
        }
    }

    /// The handlers' previous actions back (curses has ended normally).
    static func uninstall() {
        for number in fatalSignals { sigaction(number, previousActions + Int(number), nil) }
        restoreBytes?.deallocate()
        restoreBytes = nil
    }

    private static func restore(_ number: Int32) {
        if hasSavedModes { tcsetattr(STDOUT_FILENO, TCSANOW, &savedModes) }
        if let bytes = restoreBytes, let base = bytes.baseAddress { _ = write(STDOUT_FILENO, base, bytes.count) }
        sigaction(number, previousActions + Int(number), nil)
        // Raised again with the previous action (Swift's crash report): a
        // fault would come back by itself when the instruction re-runs, a
        // `kill` would not. Should that action return, the default ends the program.
        raise(number)
        signal(number, SIG_DFL)
        raise(number)
    }
}
