import Foundation
import ThreadWaiting

/// A terminal in memory: tests send it events and read the screens the run
/// loop drew, from another thread while the loop runs. Input wakes the
/// loop's poll through a real pipe, as a keyboard would wake it on stdin.
public final class MemoryTerminal: Terminal, Sendable {
    /// What both sides share.
    private struct State {
        var size: (width: Int, height: Int)
        var pending: [Event] = []
        var drawn: [Screen] = []
        var stopped = false
        var copied: [String] = []
        var rung = 0
    }

    private let state: WaitableMutex<State>
    private let input: WakePipe
    public let isUTF8: Bool
    public var hasColor: Bool { true }
    public var hasManyColors: Bool { true }

    public init(width: Int, height: Int, isUTF8: Bool = true) {
        state = WaitableMutex(State(size: (width, height)))
        self.isUTF8 = isUTF8
        // Out of file descriptors: a test cannot go on.
        input = try! WakePipe.nonBlocking()
    }

    public var width: Int { state.withLock { $0.size.width } }
    public var height: Int { state.withLock { $0.size.height } }
    public var inputDescriptor: Int32 { input.readEnd }

    // MARK: The test's side

    /// Queues events for the run loop and wakes it.
    public func send(_ events: [Event]) {
        state.withLock { $0.pending += events }
        input.poke()
    }

    public func send(_ keys: Key...) { send(keys.map { .key($0) }) }

    /// Resizes the terminal: the loop reads a resize event, as from SIGWINCH.
    public func resize(width: Int, height: Int) {
        state.withLock { $0.size = (width, height) }
        send([.resize(width: width, height: height)])
    }

    /// Every screen drawn so far, in order.
    public var frames: [Screen] { state.withLock { $0.drawn } }

    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Waits until a drawn screen satisfies `condition`, checked in the
    /// order drawn as frames arrive, from the frame numbered `from` (0: the
    /// first; `frames.count`: the next one drawn); nil after `timeout` seconds.
    public func waitForFrame(from first: Int = 0, timeout: TimeInterval = 60, where condition: (Screen) -> Bool) -> Screen? {
        var checked = first
        return state.wait(until: .now() + timeout) { state -> Screen? in
            while checked < state.drawn.count {
                if condition(state.drawn[checked]) { return state.drawn[checked] }
                checked += 1
            }
            return nil
        }
    }

    // MARK: The run loop's side

    public func readEvents(limit: Int) -> [Event] {
        input.drain()
        return state.withLock { state in
            let taken = Array(state.pending.prefix(limit))
            state.pending.removeFirst(taken.count)
            return taken
        }
    }

    public func draw(_ screen: Screen) {
        state.withLock { $0.drawn.append(screen) }
    }

    public func stop() { state.withLock { $0.stopped = true } }

    /// What `copyToClipboard` was given, oldest first.
    public var clipboard: [String] { state.withLock { $0.copied } }

    public func copyToClipboard(_ text: String) { state.withLock { $0.copied.append(text) } }

    /// How many times the bell was rung.
    public var bells: Int { state.withLock { $0.rung } }
    public func bell() { state.withLock { $0.rung += 1 } }
}
