import Foundation

/// `o`: an event page opened with `xdg-open`, which hands it to the
/// user's browser. Not waited for on the run loop's thread; only a failure
/// comes back, as `.openFailed`. Only a checked link gets here.
enum EventPageOpener {
    static func open(_ link: EventPageLink, inbox: EventInbox) {
        let url = link.url
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // No `--` before it: xdg-utils' xdg-open (1.1.3, Debian 12) refuses
        // `--` as an unexpected option, and a link begins with `http`, so it
        // cannot be taken for one.
        process.arguments = ["xdg-open", url]
        // Its output would be drawn over the screen.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            inbox.post(.openFailed(url: url, reason: "xdg-open: \(error.localizedDescription)"))
            return
        }
        DispatchQueue.global(qos: .utility).async {
            process.waitUntilExit()
            switch process.terminationStatus {
            case 0: break
            // env's own status when it cannot find or run the program.
            case 126, 127: inbox.post(.openFailed(url: url, reason: "xdg-open is not installed"))
            case let status: inbox.post(.openFailed(url: url, reason: "xdg-open failed (status \(status))"))
            }
        }
    }
}
