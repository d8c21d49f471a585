import QuakeSeismology
import Testing

struct DeclusteringShapeTests {
    @Test func eventColumnsCountTheirEvents() {
        let columns = EventColumns(times: [0, 1], latitudes: [0, 0], longitudes: [0, 0], depths: [5, 5], magnitudes: [3, 4])
        #expect(columns.count == 2)
        #expect(SequenceRole(rawValue: "aftershock") == .aftershock)
    }
}
