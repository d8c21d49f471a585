import Foundation

/// A declustering's events copied into time order (ties by index), with
/// latitude and longitude in radians and the cosine of the latitude, so a
/// window's scan reads contiguous memory and computes no trigonometry per
/// event that it can do once.
struct TimeSortedEpicentres {
    let times: [Double]
    let latitudes: [Double]
    let longitudes: [Double]
    let cosLatitudes: [Double]
    let depths: [Double]
    let magnitudes: [Double]

    /// `order`: `DeclusteringAssembly.timeOrder(events.times)`.
    init(_ events: EventColumns, order: [Int]) {
        let radians = Double.pi / 180
        times = order.map { events.times[$0] }
        latitudes = order.map { events.latitudes[$0] * radians }
        longitudes = order.map { events.longitudes[$0] * radians }
        cosLatitudes = latitudes.map { cos($0) }
        depths = order.map { events.depths[$0] }
        magnitudes = order.map { events.magnitudes[$0] }
    }

    var count: Int { times.count }

    /// The first position whose time is ≥ `time` (count if none).
    func firstIndex(atOrAfter time: Double) -> Int {
        partition { $0 < time }
    }

    /// The first position whose time is > `time` (count if none).
    func firstIndex(after time: Double) -> Int {
        partition { $0 <= time }
    }

    /// The first position whose time fails `isBefore` (times are sorted).
    private func partition(_ isBefore: (Double) -> Bool) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(times[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
