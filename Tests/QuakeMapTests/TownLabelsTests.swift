import QuakeMap
import QuakeQuery
import Testing

/// Which towns the map names and where their labels go.
@Suite struct TownLabelsTests {
    /// 20°×10° on 20×5 cells: a town at (lat, lon) is in column
    /// floor(lon), row floor((10 − lat) / 2).
    static let projection = MapProjection(region: MapRegion(south: 0, north: 10, west: 0, east: 20), columns: 20, rows: 5)

    static func town(_ name: String, _ latitude: Double, _ longitude: Double) -> TownLabels.Town {
        TownLabels.Town(name: name, point: GeoPoint(latitude: latitude, longitude: longitude))
    }

    /// Most populous first: Alpha; Beta one blank cell after it; Gamma
    /// would cover Alpha either way and is left out; Delta would run off
    /// the right edge and goes left; Zeta would touch Delta with no blank
    /// between and goes left too; Outside is not in view; Eta fits but
    /// four labels are asked for.
    static let towns = [
        town("Alpha", 9, 2.5),      // column 2, row 0
        town("Beta", 9.5, 9.5),     // column 9, row 0
        town("Gamma", 9, 5.2),      // column 5, row 0
        town("Delta", 1, 18.5),     // column 18, row 4
        town("Zeta", 1, 8.5),       // column 8, row 4
        town("Outside", 15, 5),
        town("Eta", 5, 0.5),        // column 0, row 2
    ]

    @Test func labelsArePlacedMostPopulousFirstWithoutOverlapping() {
        let labels = TownLabels.labels(for: Self.towns, in: Self.projection, limit: 4)
        #expect(labels == [TownLabel(column: 2, row: 0, text: "•Alpha", markerColumn: 2),
                           TownLabel(column: 9, row: 0, text: "•Beta", markerColumn: 9),
                           TownLabel(column: 13, row: 4, text: "Delta•", markerColumn: 18),
                           TownLabel(column: 4, row: 4, text: "Zeta•", markerColumn: 8)], "\(labels)")
        let more = TownLabels.labels(for: Self.towns, in: Self.projection, limit: 8, marker: "*")
        #expect(more.map(\.description) == ["(2, 0, \"*Alpha\")", "(9, 0, \"*Beta\")", "(13, 4, \"Delta*\")",
                                            "(4, 4, \"Zeta*\")", "(0, 2, \"*Eta\")"])
    }

    /// A name too long for either side is left out, never cut or drawn
    /// past the edge; a second town in a taken cell is left out too.
    @Test func aLabelThatFitsNeitherWayIsLeftOut() {
        let projection = MapProjection(region: MapRegion(south: 0, north: 10, west: 0, east: 10), columns: 10, rows: 5)
        let towns = [Self.town("Llanfairpwllgwyngyll", 5, 5), Self.town("Ab", 5, 5.5), Self.town("Ab", 5, 5.7), Self.town("Cd", 5, 9.5)]
        #expect(TownLabels.labels(for: towns, in: projection) == [TownLabel(column: 5, row: 2, text: "•Ab", markerColumn: 5)])
        // The display width decides: with every character two cells wide, "•Ab" is 6 cells and goes left.
        let wide = TownLabels.labels(for: [Self.town("Ab", 5, 5)], in: projection, width: { 2 * $0.count })
        #expect(wide == [TownLabel(column: 1, row: 2, text: "Ab•", markerColumn: 5)])
    }

    @Test func theGazetteerListsThePlacesInABoxMostPopulousFirst() throws {
        let gazetteer = try Gazetteer.bundled.get()
        let losAngeles = gazetteer.places(south: 33.5, north: 34.5, west: -119, east: -117.5, limit: 4)
        #expect(losAngeles.map(\.name) == ["Los Angeles", "Long Beach", "Anaheim", "Santa Ana"])
        #expect(losAngeles.first?.point == GeoPoint(latitude: 34.05223, longitude: -118.24368))
        // Across the antimeridian: Fiji's towns, then Samoa's Apia at 171.8° W.
        let fiji = TownLabels.towns(in: MapRegion(south: -25, north: -10, west: 170, east: 190), from: gazetteer, limit: 5)
        #expect(fiji.map(\.name) == ["Nasinu", "Suva", "Lautoka", "Nadi", "Apia"])
        #expect(gazetteer.places(south: 0, north: 1, west: -150, east: -140, limit: 3).isEmpty)
        #expect(gazetteer.places(south: -90, north: 90, west: -180, east: 180, limit: 0).isEmpty)
        #expect(TownLabels.towns(in: .world, from: gazetteer, limit: 3).map(\.name) == ["Shanghai", "Beijing", "Shenzhen"])
    }

    /// The world on 80×24: the eight labels named, none overlapping.
    @Test func theWorldsLargestTownsAreNamedApart() throws {
        let projection = MapProjection(columns: 80, rows: 24)
        let towns = TownLabels.towns(in: .world, from: try Gazetteer.bundled.get(), limit: 40)
        let labels = TownLabels.labels(for: towns, in: projection)
        #expect(labels.count == 8)
        for (i, a) in labels.enumerated() {
            #expect(a.column >= 0 && a.column + a.text.count <= 80)
            for b in labels[(i + 1)...] where a.row == b.row {
                #expect(a.column + a.text.count < b.column || b.column + b.text.count < a.column, "\(a) \(b)")
            }
        }
    }
}
