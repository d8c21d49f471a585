import QuakeQuery
import BundledData
import Foundation

/// The coastlines the map draws under the quakes: polylines of points,
/// read from the bundled `land_110m.txt` (Natural Earth 1:110m, public
/// domain; see Resources/land_110m.README.md for how it was derived).
public struct LandOutline: Sendable, Equatable {
    public let polylines: [[GeoPoint]]

    public init(polylines: [[GeoPoint]]) { self.polylines = polylines }

    /// No land: a map of quakes alone (tests of exact dots).
    public static let none = LandOutline(polylines: [])

    /// Reads the resource's format: `#` comment lines, then one polyline a
    /// line, points `lon,lat` in hundredths of a degree, space-separated.
    public init(text: String) throws {
        var polylines: [[GeoPoint]] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            var points: [GeoPoint] = []
            for pair in line.split(separator: " ") {
                let parts = pair.split(separator: ",")
                guard parts.count == 2, let lon = Int(parts[0]), let lat = Int(parts[1]),
                      abs(lon) <= 18_000, abs(lat) <= 9_000 else {
                    throw LandOutlineError(line: index + 1, found: String(pair.prefix(40)))
                }
                points.append(GeoPoint(latitude: Double(lat) / 100, longitude: Double(lon) / 100))
            }
            polylines.append(points)
        }
        self.polylines = polylines
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
    /// shows Fiji whole.
    public func dots(in projection: MapProjection) -> [Dot] {
        let across = Double(projection.dotsAcross), down = Double(projection.dotsDown)
        guard across > 0, down > 0 else { return [] }
        let region = projection.region
        let dotsPerDegree = across / region.longitudeSpan
        let turn = 360 * dotsPerDegree
        var dots: [Dot] = []
        for polyline in polylines {
            guard var previous = polyline.first else { continue }
            if polyline.count == 1 { plot(projection.position(previous), into: &dots, across, down) }
            for point in polyline.dropFirst() {
                defer { previous = point }
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

/// A land outline file that cannot be read: the line and what is there.
public struct LandOutlineError: Error, CustomStringConvertible {
    public let line: Int
    public let found: String
    public var description: String {
        line == 0 ? "land outlines: \(found)" : "land outlines: line \(line): not a point lon,lat in hundredths of a degree: '\(found)'"
    }
}
