import BundledData
import Foundation
import QuakeMap
import QuakeQuery
import Testing

/// The map's bundled line layers: what they hold, as their READMEs say.
@Suite struct MapLayerTests {
    /// Polylines and points, as each file's README.md counts them.
    @Test(arguments: [(BundledMapLayers.coast50mFileName, 1_429, 47_235, "1,429 polylines, 47,235 points"),
                      (BundledMapLayers.platesFileName, 241, 6_292, "241 polylines, 6,292 points"),
                      (BundledMapLayers.faultsFileName, 13_696, 45_941, "13,696 polylines, 45,941 points")])
    func theBundledLayerHoldsWhatItsReadmeCounts(_ file: String, polylines: Int, points: Int, readmeSays: String) throws {
        let url = try #require(BundledMapLayers.url(file))
        let layer = try LandOutline(text: String(contentsOf: url, encoding: .utf8))
        #expect(layer.polylines.count == polylines)
        #expect(layer.polylines.map(\.count).reduce(0, +) == points)
        let readme = url.deletingPathExtension().appendingPathExtension("README.md")
        #expect(try String(contentsOf: readme, encoding: .utf8).contains(readmeSays))
    }
}
