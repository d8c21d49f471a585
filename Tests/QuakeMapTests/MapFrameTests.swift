import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore
import Testing

/// The frame a view is drawn in: true to proportion at its centre latitude
/// (a row, twice as tall as a column is wide, spans twice a column's
/// kilometres), letterboxed when the view would pass the globe.
@Suite struct MapFrameTests {
    /// The world in 120×16 cells: 360° across would need 64 columns at
    /// 16 rows of 11.25° each, so the map is 64 columns in the middle.
    @Test func theWorldInAWidePaneIsLetterboxed() {
        let frame = MapFrame.fitting(.world, columns: 120, rows: 16)
        #expect(frame.projection == MapProjection(region: .world, columns: 64, rows: 16))
        #expect(frame.column == 28 && frame.row == 0)
    }

    /// The world in 40×10 fits exactly: 9° a column, 18° a row.
    @Test func theWorldFitsAFourToOnePane() {
        let frame = MapFrame.fitting(.world, columns: 40, rows: 10)
        #expect(frame == MapFrame(projection: MapProjection(region: .world, columns: 40, rows: 10)))
    }

    /// Southern California asked for as a 7°×5° box in 80×20 cells: the box
    /// is kept whole, the other axis widened about its centre, and the
    /// kilometres of a row are twice a column's (haversine, independently).
    @Test func aRegionIsTrueToProportionAtItsCentreLatitude() {
        let asked = MapRegion(south: 32, north: 37, west: -121, east: -114)
        let frame = MapFrame.fitting(asked, columns: 80, rows: 20)
        let shown = frame.projection.region
        #expect(frame.projection.columns == 80 && frame.projection.rows == 20 && frame.column == 0 && frame.row == 0)
        #expect(shown.south <= asked.south && shown.north >= asked.north && shown.west <= asked.west && shown.east >= asked.east)
        #expect(abs(shown.center.latitude - asked.center.latitude) < 1e-9
                && abs(shown.center.longitude - asked.center.longitude) < 1e-9)
        let centre = shown.center.latitude
        let column = shown.longitudeSpan / 80, row = shown.latitudeSpan / 20
        let columnKilometres = GreatCircle.distanceKilometres(centre, 0, centre, column)
        let rowKilometres = GreatCircle.distanceKilometres(centre - row / 2, 0, centre + row / 2, 0)
        #expect(abs(rowKilometres / columnKilometres - 2) < 1e-4, "\(rowKilometres) km a row, \(columnKilometres) km a column")
        #expect(abs(frame.kilometresPerColumn - columnKilometres) < 1e-9)
    }

    /// A terminal whose cells are square (aspect 1): a row spans as many kilometres as a column.
    @Test func theCellAspectIsTheConfigFilesToSay() {
        let asked = MapRegion(south: -10, north: 10, west: 100, east: 120)
        let frame = MapFrame.fitting(asked, columns: 40, rows: 20, cellAspect: 1)
        let shown = frame.projection.region
        #expect(abs(shown.latitudeSpan / 20 - shown.longitudeSpan / 40) < 1e-9, "the equator: a degree is a degree")
    }
}

/// Density classes: bounds from the 1–2–5 series up to the fullest cell,
/// only the decades past the classes the swatches can show (eight by
/// default); a count's class checked against its logarithm.
@Suite struct DensityScaleTests {
    @Test func boundsFollowTheOneTwoFiveSeries() {
        #expect(DensityScale(largest: 1).lowerBounds == [1])
        #expect(DensityScale(largest: 7).lowerBounds == [1, 2, 5])
        #expect(DensityScale(largest: 60).lowerBounds == [1, 2, 5, 10, 20, 50])
        #expect(DensityScale(largest: 499).lowerBounds == [1, 2, 5, 10, 20, 50, 100, 200])
        #expect(DensityScale(largest: 500).lowerBounds == [1, 10, 100], "nine classes: the decades only")
        #expect(DensityScale(largest: 250_000).lowerBounds == [1, 10, 100, 1_000, 10_000, 100_000])
    }

    /// Class k of the 1–2–5 series holds 10^(k/3)·{1, 2, 5}: three classes a decade.
    @Test func aCountsClassIsItsLogarithmsStep() {
        let scale = DensityScale(largest: 200)
        for count in 1...5_000 {
            let decade = Int(log10(Double(count)).rounded(.down))
            let mantissa = Double(count) / pow(10, Double(decade))
            let expected = min(scale.count - 1, 3 * decade + (mantissa >= 5 ? 2 : mantissa >= 2 ? 1 : 0))
            #expect(scale.level(of: count) == expected, "count \(count)")
        }
        let decades = DensityScale(largest: 1_000_000)
        for count in [1, 9, 10, 99, 100, 12_345, 999_999, 1_000_000, 7_000_000] {
            #expect(decades.level(of: count) == min(decades.count - 1, Int(log10(Double(count)).rounded(.down))))
        }
    }

    /// No more classes than swatches to tell them apart: four (eight
    /// colors' fallbacks, or shades) keep the decades, and past four
    /// decades the fullest cells share the last class; eight (256 colors)
    /// never pass eight, however full the fullest cell.
    @Test func theClassesAreCappedAtTheSwatches() {
        #expect(DensityScale(largest: 7, maximumClasses: 4).lowerBounds == [1, 2, 5])
        #expect(DensityScale(largest: 60, maximumClasses: 4).lowerBounds == [1, 10])
        let full = DensityScale(largest: 50_000, maximumClasses: 4)
        #expect((0..<full.count).map { full.label($0) } == ["1–9", "10–99", "100–999", "1000+"])
        #expect(full.level(of: 50_000) == 3)
        #expect(DensityScale(largest: 1_000_000_000).lowerBounds == [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000])
    }

    @Test func labelsSayTheRangeOfEachClass() {
        let scale = DensityScale(largest: 60)
        #expect((0..<scale.count).map { scale.label($0) } == ["1", "2–4", "5–9", "10–19", "20–49", "50+"])
    }
}

/// The graticule at round degrees and its labels.
@Suite struct MapGraticuleTests {
    @Test func theWorldEverySixtyDegrees() {
        let graticule = MapGraticule(region: .world)
        #expect(graticule.step == 60)
        #expect(graticule.meridians == [-120, -60, 0, 60, 120])
        #expect(graticule.parallels == [-60, 0, 60])
        #expect(graticule.meridians.map { graticule.label(longitude: $0) } == ["120°W", "60°W", "0°", "60°E", "120°E"])
        #expect(graticule.parallels.map { graticule.label(latitude: $0) } == ["60°S", "0°", "60°N"])
    }

    /// Across the antimeridian the meridians continue past 180 and are labelled as places.
    @Test func acrossTheAntimeridianAndBelowADegree() {
        let fiji = MapGraticule(region: MapRegion(south: -30, north: -10, west: 170, east: 190))
        #expect(fiji.step == 5 && fiji.meridians == [175, 180, 185])
        #expect(fiji.meridians.map { fiji.label(longitude: $0) } == ["175°E", "180°", "175°W"])
        let close = MapGraticule(region: MapRegion(south: 35.65, north: 36.45, west: -117.95, east: -117.15))
        #expect(close.step == 0.2)
        #expect(close.meridians.map { close.label(longitude: $0) } == ["117.8°W", "117.6°W", "117.4°W", "117.2°W"])
        #expect(close.parallels.map { close.label(latitude: $0) } == ["35.8°N", "36.0°N", "36.2°N", "36.4°N"])
    }
}

/// The scale bar: the longest round length that fits, its cells from the haversine.
@Suite struct MapScaleBarTests {
    @Test func theLongestRoundLengthThatFits() throws {
        // 18° of longitude at the equator a column.
        let perColumn = GreatCircle.distanceKilometres(0, 0, 0, 18)
        let bar = try #require(MapScaleBar(kilometresPerColumn: perColumn, maximumColumns: 5))
        #expect(bar.kilometres == 10_000 && bar.columns == Int((10_000 / perColumn).rounded()))
        #expect(bar.text(unicode: true) == "├───┤ 10,000 km")
        #expect(bar.text(unicode: false) == "|---| 10,000 km")
        let close = try #require(MapScaleBar(kilometresPerColumn: 0.37, maximumColumns: 24))
        #expect(close.kilometres == 5 && close.columns == 14 && close.text(unicode: true) == "├────────────┤ 5 km")
        let block = try #require(MapScaleBar(kilometresPerColumn: 0.03, maximumColumns: 24))
        #expect(block.columns == 17 && block.text(unicode: true) == "├" + String(repeating: "─", count: 15) + "┤ 500 m")
        #expect(MapScaleBar(kilometresPerColumn: 5_000, maximumColumns: 1) == nil, "no room")
    }
}
