import QuakeSeismology
import Testing

struct MagnitudeMixTests {
    @Test func typesFoldCaseAndCount() {
        let types: [String?] = Array(repeating: "ML", count: 1_000) + Array(repeating: "ml", count: 204)
            + Array(repeating: "Mw", count: 310) + [" mw ", nil, ""]
        let mix = MagnitudeMix(types: types)
        #expect(mix.types == [.init(name: "ml", count: 1_204), .init(name: "mw", count: 311), .init(name: "unknown", count: 2)])
        #expect(mix.warning == "mixes ml (1,204), mw (311), unknown (2)")
    }

    @Test func oneTypeOneNetworkIsNoWarning() {
        let mix = MagnitudeMix(types: ["mb", "MB"], networks: ["us", "US"])
        #expect(!mix.mixesTypes)
        #expect(mix.warning == nil)
        #expect(mix.networks == [.init(name: "us", count: 2)])
    }

    @Test func networksMixing() {
        let mix = MagnitudeMix(types: ["ml", "ml", "ml"], networks: ["ci", "us", "CI"])
        #expect(mix.warning == "mixes networks ci (2), us (1)")
        let both = MagnitudeMix(types: ["ml", "md", "ml"], networks: ["ci", "nc", "ci"])
        #expect(both.warning == "mixes ml (2), md (1); networks ci (2), nc (1)")
    }

    /// catalog_sed.csv (SeismoStats' Swiss catalogue) mixes MLhc and MLv:
    /// counts by independent_values.py ("catalog_sed magnitude types").
    @Test func swissCatalogueTypes() throws {
        let types = try SeismoStatsCSV("catalog_sed.csv").strings("magnitude_type")
        let mix = MagnitudeMix(types: types)
        #expect(mix.types == [.init(name: "mlhc", count: 1_923), .init(name: "mlv", count: 1)])
        #expect(mix.warning == "mixes mlhc (1,923), mlv (1)")
    }
}
