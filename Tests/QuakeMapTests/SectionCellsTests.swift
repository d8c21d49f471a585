import Foundation
import GRDB
import QuakeQuery
import QuakeStore
import Testing
import TestSupport

/// A section too full to read quake by quake is counted in cubes: each
/// cube's count, largest magnitude and latest time against the same cubes
/// made here from every row (floors in Swift, centres placed by `Profile`,
/// which SectionCommandTests holds to GMT), and the switch from quakes to
/// cubes at the pane's limit, as the kept cells count the box.
@Suite(.timeLimit(.minutes(10)))
struct SectionCellsTests {
    let folder = TemporaryFolder()
    let catalog: QuakeCatalog

    /// Tonga and Fiji, ±300 km: 21 of the month's M4.5+ quakes.
    static let profile = Profile(start: (-15, 178), end: (-25, -176), halfWidthKilometres: 300)

    init() throws {
        catalog = try QuakeCatalog(path: folder.file("q.sqlite"))
        _ = try QuakeImporter(catalog: catalog).importData(try Data(contentsOf: URL(fileURLWithPath: Fixture.month2014)), name: "month")
    }

    struct Cube: Hashable { let latitude: Int, longitude: Int, depth: Int }

    @Test(arguments: [0.5, 0.1])
    func eachCubeIsTheRowsItHolds(step: Double) throws {
        let rows = try catalog.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT latitude, longitude, depth, magnitude, time FROM quake")
        }
        var expected: [Cube: (count: Int, magnitude: Double?, time: Int64)] = [:]
        for row in rows {
            let depthStep = step * Profile.kilometresPerDegree
            let cube = Cube(latitude: Int(((row["latitude"] as Double) / step).rounded(.down)),
                            longitude: Int(((row["longitude"] as Double) / step).rounded(.down)),
                            depth: Int(((row["depth"] as Double) / depthStep).rounded(.down)))
            let old = expected[cube]
            let magnitude: Double? = row["magnitude"]
            expected[cube] = ((old?.count ?? 0) + 1, [old?.magnitude ?? nil, magnitude].compactMap { $0 }.max(),
                              max(old?.time ?? .min, row["time"]))
        }
        let inSection = expected.compactMap { cube, value -> SectionCell? in
            guard let place = Self.profile.placeInSection(latitude: (Double(cube.latitude) + 0.5) * step,
                                                          longitude: (Double(cube.longitude) + 0.5) * step) else { return nil }
            return SectionCell(along: place.along, depth: (Double(cube.depth) + 0.5) * step * Profile.kilometresPerDegree,
                               count: value.count, magnitude: value.magnitude, time: Double(value.time))
        }
        let counted = try SectionQuery.cells(in: Self.profile, selection: nil, catalog: catalog, step: step)
        #expect(!inSection.isEmpty)
        let key: (SectionCell) -> String = { String(format: "%.6f %.6f", $0.along, $0.depth) }
        #expect(counted.cells.sorted { key($0) < key($1) } == inSection.sorted { key($0) < key($1) })
        #expect(counted.quakes == inSection.map(\.count).reduce(0, +))
    }

    /// A selection narrows the cubes as it narrows the quakes.
    @Test func aSelectionNarrowsTheCubes() throws {
        let all = try SectionQuery.cells(in: Self.profile, selection: nil, catalog: catalog, step: 0.1)
        let strong = try SectionQuery.cells(in: Self.profile, selection: try QuakePredicate("magnitude >= 5"), catalog: catalog, step: 0.1)
        #expect(strong.quakes > 0 && strong.quakes < all.quakes)
        #expect(strong.cells.allSatisfy { ($0.magnitude ?? 0) >= 5 })
    }

    /// Up to the limit the section is its quakes; past it (the kept cells
    /// count more in the box), its cubes at the line's step.
    @Test func theLimitSwitchesFromQuakesToCubes() throws {
        let inBox = try #require(try SectionQuery.boxCount(Self.profile, catalog: catalog))
        #expect(inBox >= 21)
        guard case .quakes(let quakes, isCapped: false) = try SectionQuery.contents(in: Self.profile, selection: nil, catalog: catalog,
                                                                                     limit: inBox, times: false) else {
            Issue.record("quakes expected at the limit"); return
        }
        #expect(quakes.count == 21)
        guard case .cells(let cells, let count) = try SectionQuery.contents(in: Self.profile, selection: nil, catalog: catalog,
                                                                             limit: inBox - 1, times: false) else {
            Issue.record("cubes expected past the limit"); return
        }
        #expect(cells.count <= 21 && !cells.isEmpty)
        #expect(SectionQuery.cellStep(for: Self.profile) == Self.profile.lengthKilometres / Profile.kilometresPerDegree / 400)
        #expect(count == (try SectionQuery.cells(in: Self.profile, selection: nil, catalog: catalog,
                                                 step: SectionQuery.cellStep(for: Self.profile)).quakes))
    }
}
