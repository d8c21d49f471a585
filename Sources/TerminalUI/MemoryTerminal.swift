import Foundation

/// A terminal in memory: tests send it events and read the screens the run
/// loop drew, from another thread while the loop runs. Input wakes the
/// loop's poll through a real pipe, as a keyboard would wake it on stdin.
public final class MemoryTerminal: Terminal, @unchecked Sendable {
    private let lock = NSCondition()
    private var size: (width: Int, height: Int)
    private var pending: [Event] = []
    private var drawn: [Screen] = []
    private var stopped = false
    private var copied: [String] = []
    private let input: WakePipe
    public let isUTF8: Bool

    public init(width: Int, height: Int, isUTF8: Bool = true) {
        size = (width, height)
        self.isUTF8 = isUTF8
        // Out of file descriptors: a test cannot go on.
        input = try! WakePipe.nonBlocking()
    }

    public var width: Int { lock.withLock { size.width } }
    public var height: Int { lock.withLock { size.height } }
    public var inputDescriptor: Int32 { input.readEnd }

    // MARK: The test's side

    /// Queues events for the run loop and wakes it.
    public func send(_ events: [Event]) {
        lock.withLock { pending += events }
        input.poke()
    }

    public func send(_ keys: Key...) { send(keys.map { .key($0) }) }

    /// Resizes the terminal: the loop reads a resize event, as from SIGWINCH.
    public func resize(width: Int, height: Int) {
        lock.withLock { size = (width, height) }
        send([.resize(width: width, height: height)])
    }

    /// Every screen drawn so far, in order.
    public var frames: [Screen] { lock.withLock { drawn } }

    public var isStopped: Bool { lock.withLock { stopped } }

    /// Waits until a drawn screen satisfies `condition`, checked in the
    /// order drawn as frames arrive, from the frame numbered `from` (0: the
    /// first; `frames.count`: the next one drawn); nil after `timeout` seconds.
    public func waitForFrame(from first: Int = 0, timeout: TimeInterval = 60, where condition: (Screen) -> Bool) -> Screen? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        var checked = first
        while true {
            while checked < drawn.count {
                if condition(drawn[checked]) { return drawn[checked] }
                checked += 1
            }
            if !lock.wait(until: deadline) { return nil }
        }
    }

    // MARK: The run loop's side

    public func readEvents(limit: Int) -> [Event] {
        input.drain()
        return lock.withLock {
            let taken = Array(pending.prefix(limit))
            pending.removeFirst(taken.count)
            return taken
        }
    }

    public func draw(_ screen: Screen) {
        lock.withLock {
            drawn.append(screen)
            lock.broadcast()
        }
    }

    public func stop() { lock.withLock { stopped = true } }

    /// What `copyToClipboard` was given, oldest first.
    public var clipboard: [String] { lock.withLock { copied } }

    public func copyToClipboard(_ text: String) { lock.withLock { copied.append(text) } }

    private var rung = 0
    /// How many times the bell was rung.
    public var bells: Int { lock.withLock { rung } }
    public func bell() { lock.withLock { rung += 1 } }
}
