import Foundation
import QuakeMap
import QuakeQuery
import Testing

/// The map's bundled line layers: what they hold, as their READMEs say,
/// and which coastline a view draws.
@Suite struct MapLayerTests {
    /// Polylines and points, as each file's README.md counts them.
    @Test(arguments: [(MapLayer.coast110, 270, 5_268, "270 polylines, 5,268 points"),
                      (MapLayer.coast50, 1_429, 47_235, "1,429 polylines, 47,235 points"),
                      (MapLayer.plates, 241, 6_292, "241 polylines, 6,292 points"),
                      (MapLayer.faults, 13_696, 45_941, "13,696 polylines, 45,941 points")])
    func theBundledLayerHoldsWhatItsReadmeCounts(_ layer: MapLayer, polylines: Int, points: Int, readmeSays: String) throws {
        let outline = try layer.outline()
        #expect(outline.polylines.count == polylines)
        #expect(outline.polylines.map(\.count).reduce(0, +) == points)
        for point in outline.polylines.joined() { #expect(abs(point.latitude) <= 90 && abs(point.longitude) <= 180) }
        let file = try #require(layer.url)
        let readme = file.deletingPathExtension().appendingPathExtension("README.md")
        #expect(try String(contentsOf: readme, encoding: .utf8).contains(readmeSays))
    }

    /// The licences the derived files must travel with are bundled beside them.
    @Test func theFaultsAndPlatesCarryTheirLicenceAndAttribution() throws {
        let faults = try #require(MapLayer.faults.url).deletingLastPathComponent()
        let readme = try String(contentsOf: faults.appendingPathComponent("faults_gem2021.README.md"), encoding: .utf8)
        #expect(readme.contains("CC BY-SA 4.0") && readme.contains("Styron, R., and Pagani, M. (2020)"))
        let licence = try String(contentsOf: faults.appendingPathComponent("faults_gem2021.LICENSE.txt"), encoding: .utf8)
        #expect(licence.hasPrefix("Attribution-ShareAlike 4.0 International"))
        let plates = try String(contentsOf: faults.appendingPathComponent("plates_pb2002.LICENSE.md"), encoding: .utf8)
        #expect(plates.contains("Open Data Commons Attribution License"))
    }

    /// 1:110m for the world and the first two zooms in; 1:50m from a view
    /// under 90° across (the third zoom in, 45°).
    @Test func theCoastFollowsTheViewsSpan() {
        #expect(MapLayer.coast(for: .world) == .coast110)
        #expect(MapLayer.coast(for: MapRegion(south: -45, north: 45, west: -90, east: 90)) == .coast110)
        #expect(MapLayer.coast(for: MapRegion(south: 0, north: 45, west: 0, east: 90)) == .coast110)
        #expect(MapLayer.coast(for: MapRegion(south: 0, north: 45, west: 0, east: 89.99)) == .coast50)
        #expect(MapLayer.coast(for: MapRegion(south: -25, north: -10, west: 170, east: 190)) == .coast50)
        var region = MapRegion.world, layers: [MapLayer] = []
        for _ in 0..<4 {
            region = region.zoomed(by: 2, around: GeoPoint(latitude: 35, longitude: 139))
            layers.append(MapLayer.coast(for: region))
        }
        #expect(layers == [.coast110, .coast110, .coast50, .coast50])
    }

    /// coast_50m.README.md says the span the code switches at.
    @Test func theCoastReadmeSaysTheSpanTheMapUses() throws {
        let readme = try #require(MapLayer.coast50.url).deletingPathExtension().appendingPathExtension("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("narrower than \(Int(MapLayer.regionalCoastSpan))° of longitude"))
    }
}
