import QuakeQuery
import BundledData
import Foundation

/// The coastlines the map draws under the quakes: polylines of points,
/// read from the bundled `land_110m.txt` (Natural Earth 1:110m, public
/// domain; see Resources/land_110m.README.md for how it was derived).
public struct LandOutline: Sendable, Equatable {
    public let polylines: [[GeoPoint]]
    /// Every polyline cut into runs of at most `runLength` segments, each
    /// with its box, in drawing order: a zoomed view walks only the runs
    /// its box meets (the 1:50m coast and the faults hold 47,000 points each).
    private let runs: [Run]

    private struct Run: Sendable, Equatable {
        var polyline: Int32
        /// The run's first and last points (the same for a one-point polyline).
        var first: Int32
        var last: Int32
        var extent: PolylineExtent
    }

    /// Short enough that a coast's run in view brings few points out of
    /// view with it, long enough that the boxes cost little to test.
    static let runLength = 32

    public init(polylines: [[GeoPoint]]) {
        self.polylines = polylines
        var runs: [Run] = []
        for (index, polyline) in polylines.enumerated() where !polyline.isEmpty {
            for first in stride(from: 0, to: max(1, polyline.count - 1), by: Self.runLength) {
                let last = min(first + Self.runLength, polyline.count - 1)
                runs.append(Run(polyline: Int32(index), first: Int32(first), last: Int32(last),
                                extent: PolylineExtent(polyline[first ... last])))
            }
        }
        self.runs = runs
    }

    /// No land: a map of quakes alone (tests of exact dots).
    public static let none = LandOutline(polylines: [])

    /// Reads the resource's format: `#` comment lines, then one polyline a
    /// line, points `lon,lat` in hundredths of a degree, space-separated.
    /// Read as bytes: the 1:50m coast and the faults (500 kB each) took
    /// 42 ms each split as Strings, more than a zoom's frame; 5–7 ms so.
    public init(text: String) throws {
        let bytes = Array(text.utf8)
        var polylines: [[GeoPoint]] = []
        var lineStart = 0, lineNumber = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            lineNumber += 1
            guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
            var points: [GeoPoint] = []
            for pair in bytes[lineStart ..< lineEnd].split(separator: UInt8(ascii: " ")) {
                guard let (lon, lat) = Self.centidegrees(pair), abs(lon) <= 18_000, abs(lat) <= 9_000 else {
                    throw LandOutlineError(line: lineNumber, found: String(String(decoding: pair, as: UTF8.self).prefix(40)))
                }
                points.append(GeoPoint(latitude: Double(lat) / 100, longitude: Double(lon) / 100))
            }
            polylines.append(points)
        }
        self.init(polylines: polylines)
    }

    /// `lon,lat`: two integers (a sign, then digits) and one comma.
    private static func centidegrees(_ pair: ArraySlice<UInt8>) -> (Int, Int)? {
        guard let comma = pair.firstIndex(of: UInt8(ascii: ",")),
              let lon = integer(pair[..<comma]), let lat = integer(pair[(comma + 1)...]) else { return nil }
        return (lon, lat)
    }

    private static func integer(_ digits: ArraySlice<UInt8>) -> Int? {
        var digits = digits[...], sign = 1
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            digits = digits.dropFirst()
        }
        // Longer numbers are out of range anyway; the limit keeps the sum from overflowing.
        guard !digits.isEmpty, digits.count <= 7 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return sign * value
    }

    /// The bundled outlines, read once per process.
    public static func bundled() throws -> LandOutline { try loaded.get() }

    private static let loaded = Result<LandOutline, any Error> {
        guard let url = BundledLandOutline.url else { throw LandOutlineError(line: 0, found: "no \(BundledLandOutline.fileName) bundled") }
        return try LandOutline(text: String(contentsOf: url, encoding: .utf8))
    }

    /// The dots the outlines light in `projection`: each segment walked in
    /// steps under a dot, the dots outside the grid left out (outlines are
    /// cut at the edge, never piled onto it as quakes are). A segment is
    /// drawn the short way round the globe, and once more a turn over when
    /// it runs past the view's seam, so a view across the antimeridian
    /// shows Fiji whole. Runs whose box is out of view are skipped: they
    /// would light no dot, so the dots are the same, in the same order.
    public func dots(in projection: MapProjection) -> [Dot] { dots(in: projection, culling: true) }

    /// `culling: false` walks every run: the tests' reference.
    func dots(in projection: MapProjection, culling: Bool) -> [Dot] {
        let across = Double(projection.dotsAcross), down = Double(projection.dotsDown)
        guard across > 0, down > 0 else { return [] }
        let region = projection.region
        let dotsPerDegree = across / region.longitudeSpan
        let turn = 360 * dotsPerDegree
        var dots: [Dot] = []
        for run in runs where !culling || run.extent.meets(region) {
            let polyline = polylines[Int(run.polyline)]
            if polyline.count == 1 { plot(projection.position(polyline[0]), into: &dots, across, down) }
            for index in Int(run.first) ..< Int(run.last) {
                let previous = polyline[index], point = polyline[index + 1]
                let start = projection.position(previous)
                var step = point.longitude - previous.longitude
                if step > 180 { step -= 360 } else if step < -180 { step += 360 }
                let end = (x: start.x + step * dotsPerDegree, y: projection.position(point).y)
                segment(from: start, to: end, into: &dots, across, down)
                if end.x >= turn || end.x < 0 {
                    let shift = end.x >= turn ? -turn : turn
                    segment(from: (start.x + shift, start.y), to: (end.x + shift, end.y), into: &dots, across, down)
                }
            }
        }
        return dots
    }

    /// The part of the segment inside the grid (Liang–Barsky), walked in
    /// half-dot steps.
    private func segment(from a: (x: Double, y: Double), to b: (x: Double, y: Double), into dots: inout [Dot],
                         _ across: Double, _ down: Double) {
        var first = 0.0, last = 1.0
        for (start, delta, limit) in [(a.x, b.x - a.x, across), (a.y, b.y - a.y, down)] {
            if delta == 0 {
                if start < 0 || start >= limit { return }
                continue
            }
            let enter = (0 - start) / delta, leave = (limit - start) / delta
            first = max(first, min(enter, leave))
            last = min(last, max(enter, leave))
        }
        guard first <= last else { return }
        let dx = (b.x - a.x) * (last - first), dy = (b.y - a.y) * (last - first)
        let steps = max(1, Int((max(abs(dx), abs(dy)) * 2).rounded(.up)))
        for i in 0...steps {
            let t = first + (last - first) * Double(i) / Double(steps)
            plot((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), into: &dots, across, down)
        }
    }

    private func plot(_ p: (x: Double, y: Double), into dots: inout [Dot], _ across: Double, _ down: Double) {
        guard p.x >= 0, p.x < across, p.y >= 0, p.y < down else { return }
        let dot = Dot(x: Int(p.x), y: Int(p.y))
        if dots.last != dot { dots.append(dot) }
    }
}

/// A land outline file that cannot be read: the line and what is there,
/// and which bundled file when it is known (the map reads several).
public struct LandOutlineError: Error, CustomStringConvertible {
    public let line: Int
    public let found: String
    public var file: String?

    public init(line: Int, found: String, file: String? = nil) {
        self.line = line
        self.found = found
        self.file = file
    }

    public var description: String {
        let what = file ?? "land outlines"
        return line == 0 ? "\(what): \(found)" : "\(what): line \(line): not a point lon,lat in hundredths of a degree: '\(found)'"
    }
}
