/// Nelder–Mead's simplex search (Nelder & Mead 1965) in two dimensions, with
/// the usual coefficients (reflection 1, expansion 2, contraction ½, shrink ½).
/// A point where the function is not finite counts as worse than any other,
/// so a bound is a function returning infinity outside it.
struct NelderMead {
    var maximumIterations = 2000
    /// Stop when every vertex is this close to the best in each coordinate…
    var pointTolerance = 1e-10
    /// …and their values are this close.
    var valueTolerance = 1e-12

    func minimize(_ f: (SIMD2<Double>) -> Double, from start: SIMD2<Double>, steps: SIMD2<Double>) -> SIMD2<Double> {
        var simplex = [start, start + SIMD2(steps.x, 0), start + SIMD2(0, steps.y)]
        var values = simplex.map { Self.finiteOrInfinity(f($0)) }
        for _ in 0..<maximumIterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            if converged(simplex, values) { break }
            let centroid = (simplex[0] + simplex[1]) / 2
            let reflected = centroid + (centroid - simplex[2])
            let reflectedValue = Self.finiteOrInfinity(f(reflected))
            if reflectedValue < values[0] {
                let expanded = centroid + 2 * (centroid - simplex[2])
                let expandedValue = Self.finiteOrInfinity(f(expanded))
                (simplex[2], values[2]) = expandedValue < reflectedValue ? (expanded, expandedValue) : (reflected, reflectedValue)
            } else if reflectedValue < values[1] {
                (simplex[2], values[2]) = (reflected, reflectedValue)
            } else {
                let outside = reflectedValue < values[2]
                let contracted = outside ? centroid + 0.5 * (reflected - centroid) : centroid + 0.5 * (simplex[2] - centroid)
                let contractedValue = Self.finiteOrInfinity(f(contracted))
                if contractedValue < min(values[2], reflectedValue) {
                    (simplex[2], values[2]) = (contracted, contractedValue)
                } else {
                    for index in 1...2 {
                        simplex[index] = simplex[0] + 0.5 * (simplex[index] - simplex[0])
                        values[index] = Self.finiteOrInfinity(f(simplex[index]))
                    }
                }
            }
        }
        return simplex[values.indices.min { values[$0] < values[$1] }!]
    }

    private func converged(_ simplex: [SIMD2<Double>], _ values: [Double]) -> Bool {
        let pointsClose = simplex.dropFirst().allSatisfy { vertex in
            abs(vertex.x - simplex[0].x) <= pointTolerance && abs(vertex.y - simplex[0].y) <= pointTolerance
        }
        return pointsClose && values[2] - values[0] <= valueTolerance * max(1, abs(values[0]))
    }

    private static func finiteOrInfinity(_ value: Double) -> Double { value.isFinite ? value : .infinity }
}
