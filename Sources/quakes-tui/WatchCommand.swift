// `quakes-tui watch`: syncs on a timer and prints (or runs a command for)
// each new quake that matches; the bell it rings.
import ArgumentParser
import Foundation
import QuakeOutput
import QuakeQuery
import QuakeStore
import QuakesApp
import Synchronization
import TerminalUI

extension QuakeAlertFormat.Format: ExpressibleByArgument {}

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Sync on a timer and print each new quake that matches.",
        discussion: """
            Syncs the catalog at once, then every --every (default 60s), and prints each \
            quake that is new since the watch began, or newly matches after a revision, \
            and matches --where: one line (2024-01-01 07:10:09 UTC  M7.5  Noto Peninsula, \
            Japan  10 km  us6000m0xl) or one JSON object per line. --exec runs a command \
            through /bin/sh -c once per alert, with QUAKE_ID, QUAKE_TIME, QUAKE_MAGNITUDE, \
            QUAKE_PLACE, QUAKE_LATITUDE, QUAKE_LONGITUDE, QUAKE_DEPTH and QUAKE_URL set \
            (and QUAKE_PUSH_DELAY, the seconds from origin time to the pushed message, for \
            a quake --push brought). With --push emsc the quakes come from EMSC's stream \
            as they are published, instead of the timer's syncs: each alert at once, \
            `pushed 38.2 s after origin`. \
            A failed sync or command is one line on stderr and the watch goes on. \
            Ctrl-C or SIGTERM end it with status 0.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @OptionGroup var whereOption: WhereOption

    @Option(help: ArgumentHelp("Sync this often: 30s, 5m, 1h, or seconds (at least 1 s). Default: 60s.", valueName: "duration"))
    var every: String?

    @Option(help: ArgumentHelp("Run this command through /bin/sh -c for each alert, the quake in QUAKE_* variables.",
                               valueName: "command"))
    var exec: String?

    @Option(name: [.customShort("f"), .long], help: ArgumentHelp("text (one line per quake) or json (one object per line).", valueName: "format"))
    var format: QuakeAlertFormat.Format = .text

    @Flag(help: "Ring the terminal bell for each batch of alerts.")
    var bell = false

    @OptionGroup(title: "Push") var pushOptions: PushOptions

    /// Shorter than the browser's 10 s: watching a local or private feed
    /// closely is the point (and the tests watch at 1 s).
    static let minimumPeriod = 1
    static let defaultPeriod = 60

    func validate() throws {
        if pushOptions.push != nil && every != nil { throw ValidationError("--every and --push: the one syncs on a timer, the other is pushed") }
        if let every {
            do { _ = try RefreshInterval(parsing: every, minimum: Self.minimumPeriod) } catch {
                throw ValidationError("--every: \(error)")
            }
        }
        // The home is the config file's: read only when DISTANCE needs it.
        if whereOption.mentionsDistance { _ = try whereOption.predicate(home: UserConfig.load().home) }
    }

    func run() throws {
        let config = try UserConfig.load()
        let predicate = try whereOption.predicate(home: config.home)
        // Checked in validate(): cannot fail here.
        let period = every.flatMap { try? RefreshInterval(parsing: $0, minimum: Self.minimumPeriod) }?.seconds ?? Self.defaultPeriod
        let catalog = try catalogOptions.open(seed: false, forImport: true)
        let signals = try SignalPipe.install([SIGINT, SIGTERM])
        var matcher = AlertMatcher(catalog: catalog, predicate: predicate)
        // Before the first sync: what it adds alerts.
        try matcher.begin()
        if let feed = try pushOptions.feed(catalog: catalog, config: config) { try runPush(feed, matcher: &matcher, signals: signals) }
        let bell = self.bell ? WatchBell() : nil
        let heartbeat = WatchHeartbeat(catalog: catalog)
        while true {
            let started = Date()
            heartbeat?.syncing()
            let failure = try Self.sync(catalog: catalog, config: config, signals: signals, heartbeat: heartbeat)
            heartbeat?.clear()
            if let failure { printError("watch: \(Self.line(failure))") }
            if let alerted = try alert(&matcher, bell: bell, signals: signals) { heartbeat?.synced(at: Date(), alerts: alerted) }
            let next = started.addingTimeInterval(TimeInterval(period))
            try Self.wait(until: next, signals: signals, heartbeat: heartbeat)
        }
    }

    /// Asks the matcher what is new and matches, and announces each: its
    /// line, then its command (`pushedAfter`: the seconds from its origin
    /// to its pushed message, when one brought it); the bell once for them.
    /// A signal during a slow --exec ends the watch before the next alert
    /// (`ExitCode` 0, thrown to the one exit), as does output no one reads.
    /// How many alerted; nil when the check failed (said on stderr).
    func alert(_ matcher: inout AlertMatcher, bell: WatchBell?, signals: SignalPipe,
               pushedAfter: (Quake) -> Double? = { _ in nil }) throws -> Int? {
        let alerts: [Quake]
        do { alerts = try matcher.check() } catch {
            printError("watch: \(Self.line(error))")
            return nil
        }
        for quake in alerts {
            if !signals.drain().isEmpty { throw ExitCode(0) }
            let delay = pushedAfter(quake)
            StandardOutput.writeLine(QuakeAlertFormat.line(quake, format: format, pushedAfter: delay))
            try StandardOutput.checkWritten()
            if let exec, let failure = AlertCommand.run(exec, for: quake, pushedAfter: delay) { printError(failure) }
        }
        if !alerts.isEmpty { bell?.ring() }
        return alerts.count
    }

    /// The sync on a thread of its own while this one waits for a signal,
    /// which ends the watch at once (an import cut short is rolled back).
    /// Nil when it succeeded; its summary is not printed.
    private static func sync(catalog: QuakeCatalog, config: UserConfig, signals: SignalPipe,
                             heartbeat: WatchHeartbeat?) throws -> (any Error)? {
        let done: WakePipe
        do { done = try WakePipe.nonBlocking() } catch { return error }
        let outcome = SyncOutcome()
        DispatchQueue.global(qos: .utility).async {
            outcome.set(Result { try CatalogSyncRunner.syncAll(catalog: catalog, config: config) })
            done.poke()
        }
        while true {
            var fds = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: done.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, -1)
            if !signals.drain().isEmpty {
                heartbeat?.clear()
                // The sync's import, cut short as the catalog closes, is rolled back.
                throw ExitCode(0)
            }
            if let result = outcome.get() {
                if case .failure(let error) = result { return error }
                return nil
            }
        }
    }

    /// Sleeps until `date`, or ends the watch (status 0) on a signal; the
    /// heartbeat's line is redrawn each second meanwhile.
    private static func wait(until date: Date, signals: SignalPipe, heartbeat: WatchHeartbeat?) throws {
        while true {
            let remaining = date.timeIntervalSinceNow
            if remaining <= 0 { return }
            heartbeat?.show(now: Date(), next: date)
            var fds = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 1, Int32(min(remaining * 1000, heartbeat == nil ? 60_000 : 1_000).rounded(.up)))
            if !signals.drain().isEmpty {
                heartbeat?.clear()
                throw ExitCode(0)
            }
        }
    }

    /// An error as one line, without `error: ` (watch says `watch: `).
    private static func line(_ error: any Error) -> String {
        String(describing: error).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}

/// The sync's result, handed from its thread to the watch's.
private final class SyncOutcome: Sendable {
    private let result = Mutex<Result<[String], any Error>?>(nil)
    func set(_ value: Result<[String], any Error>) { result.withLock { $0 = value } }
    func get() -> Result<[String], any Error>? { result.withLock { $0 } }
}

/// `--bell`: BEL on stdout when it is a terminal; else on the controlling
/// terminal (/dev/tty), so a pipe reading the lines or JSON never gets a
/// stray byte; else nowhere (no terminal to ring: cron, a service).
struct WatchBell {
    private let descriptor: Int32?

    init() {
        if isatty(STDOUT_FILENO) == 1 {
            descriptor = STDOUT_FILENO
        } else {
            let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            descriptor = tty >= 0 ? tty : nil
        }
    }

    func ring() {
        guard let descriptor else { return }
        _ = FileDescriptorWriter.writeAll([7], to: descriptor)
    }
}
