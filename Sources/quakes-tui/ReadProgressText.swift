import Foundation
import QuakeFeed
import QuakeStore

/// How far a read of a file is, as the browser's top line and `import`'s
/// line on stderr say it.
struct ReadProgressText {
    /// The file's name as shown, and (of several) which one it is.
    var name: String
    var position: (index: Int, count: Int)?

    private var named: String {
        guard let position, position.count > 1 else { return name }
        return "\(name) (\(position.index + 1) of \(position.count))"
    }

    /// `reading catalog.csv 312,000 of ~760,000 (41 %)`; `reading feed.geojson 12,000 quakes`
    /// when the reader does not tell how far into the file it is.
    func browserLine(_ progress: ImportProgress) -> String {
        let rows = DigitGrouping.grouped(progress.rows)
        guard let total = progress.estimatedRows, let fraction = progress.fraction else {
            return "reading \(named) \(rows) quakes"
        }
        return "reading \(named) \(rows) of ~\(DigitGrouping.grouped(total)) (\(Int(fraction * 100)) %)"
    }

    /// `catalog.csv: 312,000 of ~760,500 quakes (41 %), 48 MB of 117 MB, 156,000 quakes/s, 3 s left`:
    /// rows, bytes, rate and time left, `elapsed` seconds into the read.
    func importLine(_ progress: ImportProgress, elapsed: Double) -> String {
        var parts: [String] = []
        let rows = DigitGrouping.grouped(progress.rows)
        if let total = progress.estimatedRows, let fraction = progress.fraction, let bytesRead = progress.bytesRead {
            parts.append("\(rows) of ~\(DigitGrouping.grouped(total)) quakes (\(Int(fraction * 100)) %)")
            parts.append("\(ByteCount.text(bytesRead)) of \(ByteCount.text(progress.totalBytes))")
        } else {
            parts.append("\(rows) quakes")
        }
        guard elapsed >= 0.5, progress.rows > 0 else { return "\(named): " + parts.joined(separator: ", ") }
        let rate = Double(progress.rows) / elapsed
        // Thousands: the figure moves less, and is no less true.
        let shownRate = rate >= 10_000 ? Int((rate / 1000).rounded()) * 1000 : Int(rate.rounded())
        parts.append("\(DigitGrouping.grouped(shownRate)) quakes/s")
        if let fraction = progress.fraction, fraction > 0, fraction < 1 {
            parts.append("\(Int((elapsed / fraction - elapsed).rounded(.up))) s left")
        }
        return "\(named): " + parts.joined(separator: ", ")
    }
}
