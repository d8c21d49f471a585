/// A declustering stopped because its caller's progress callback returned
/// false. `description`: "Reasenberg declustering cancelled at 42% of
/// 1000000 events".
public struct DeclusteringCancelled: Error, CustomStringConvertible, Sendable {
    public let method: String
    /// The fraction of the work done when it stopped, 0…1.
    public let fractionDone: Double
    public let eventCount: Int

    public var description: String {
        "\(method) declustering cancelled at \(Int((fractionDone * 100).rounded(.down)))% of \(eventCount) events"
    }
}

/// Calls a declustering's progress callback at most 100 times over
/// `total` steps (every `stride` steps and once at the end), and throws
/// `DeclusteringCancelled` when it answers false.
struct DeclusteringProgress {
    let method: String
    let total: Int
    let callback: ((Double) -> Bool)?
    /// Steps between calls: ceil(total / 99), so the calls at 0, stride, …
    /// are at most 99 and the final one makes 100.
    let stride: Int

    init(method: String, total: Int, callback: ((Double) -> Bool)?) {
        self.method = method
        self.total = total
        self.callback = callback
        stride = max(1, (total + 98) / 99)
    }

    /// Reports `step / total` when `step` is a multiple of the stride.
    @inline(__always)
    func step(_ step: Int) throws(DeclusteringCancelled) {
        guard callback != nil, step % stride == 0 else { return }
        try report(Double(step) / Double(max(total, 1)))
    }

    func finish() throws(DeclusteringCancelled) {
        guard callback != nil else { return }
        try report(1)
    }

    private func report(_ fraction: Double) throws(DeclusteringCancelled) {
        guard let callback, !callback(fraction) else { return }
        throw DeclusteringCancelled(method: method, fractionDone: fraction, eventCount: total)
    }
}
