/// A declustering method as the catalog runs it: its stored name, its
/// settings as a user reads them, and the computation over columns. The
/// name says everything the computation needs, so a kept result can be
/// computed again from its name alone when quakes arrive.
public struct DeclusterAlgorithm: Sendable {
    /// The name results are kept under (`gk`, `gk-gruenthal`, `gk-uhrhammer`, `reasenberg`).
    public var method: String
    public var settings: String
    public var run: @Sendable (EventColumns, _ progress: @escaping (Double) -> Bool) throws -> Declustering

    public init(method: String, settings: String,
                run: @escaping @Sendable (EventColumns, _ progress: @escaping (Double) -> Bool) throws -> Declustering) {
        self.method = method; self.settings = settings; self.run = run
    }

    /// The algorithm of a kept method name; nil for a name this version does not know.
    public static func named(_ method: String) -> DeclusterAlgorithm? {
        // Filled in when the methods land.
        nil
    }
}
