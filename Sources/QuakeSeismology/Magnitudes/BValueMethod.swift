/// Which b-value estimator a completeness test uses when it is not given b.
public enum BValueMethod: Sendable, Equatable {
    case classic
    case utsu
    /// b-positive on the magnitudes in the order given; dmc nil means Δm.
    case positive(dmc: Double?)

    /// The estimate for the magnitudes at or above Mc.
    public func estimate(_ magnitudes: [Double], mc: Double, width: Double) throws -> BValueEstimate {
        switch self {
        case .classic: try BValueEstimator.classic(magnitudes, mc: mc, width: width)
        case .utsu: try BValueEstimator.utsu(magnitudes, mc: mc, width: width)
        case .positive(let dmc): try BValueEstimator.positive(magnitudes, mc: mc, width: width, dmc: dmc).estimate
        }
    }
}
