/// A declustering method as the catalog runs it: its stored name, its
/// settings as a user reads them, and the computation over columns. The
/// name says everything the computation needs, so a kept result can be
/// computed again from its name alone when quakes arrive.
public struct DeclusterAlgorithm: Sendable {
    /// The name results are kept under (`gk`, `gk-gruenthal`, `gk-uhrhammer`, `reasenberg`).
    public var method: String
    public var settings: String
    public var run: @Sendable (EventColumns, _ progress: @escaping (Double) -> Bool) throws -> Declustering
    /// The window method, for a kept result that can take a few new quakes
    /// without running again (`GardnerKnopoffIncrement`); nil for Reasenberg.
    public var gardnerKnopoff: GardnerKnopoffDeclustering?

    public init(method: String, settings: String,
                run: @escaping @Sendable (EventColumns, _ progress: @escaping (Double) -> Bool) throws -> Declustering) {
        self.method = method; self.settings = settings; self.run = run
    }

    /// The algorithm of a kept method name; nil for a name this version does not know.
    public static func named(_ method: String) -> DeclusterAlgorithm? {
        if method == "reasenberg" {
            let reasenberg = ReasenbergDeclustering()
            return DeclusterAlgorithm(method: method, settings: "ZMAP's defaults: tau 1–10 d, P 0.95, xk 0.5, rfact 10, errors 1.5 km, 2 km; xmeff the selection's smallest magnitude") {
                try reasenberg.decluster($0, progress: $1)
            }
        }
        let windowName = method == "gk" ? "gk" : method.hasPrefix("gk-") ? String(method.dropFirst(3)) : ""
        guard let window = DeclusteringWindow(rawValue: windowName) else { return nil }
        let gardnerKnopoff = GardnerKnopoffDeclustering(window: window)
        var algorithm = DeclusterAlgorithm(method: method, settings: "Gardner–Knopoff, \(window.title) window") {
            try gardnerKnopoff.decluster($0, progress: $1)
        }
        algorithm.gardnerKnopoff = gardnerKnopoff
        return algorithm
    }
}

extension DeclusteringWindow {
    /// The window's authors, as a user reads them.
    public var title: String {
        switch self {
        case .gk: "Gardner & Knopoff (1974)"
        case .gruenthal: "Grünthal (1985)"
        case .uhrhammer: "Uhrhammer (1986)"
        }
    }
}
