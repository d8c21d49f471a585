import QuakeSeismology
import Testing

/// The window sizes of SeismoStats' test_distance_time_windows.py (commit
/// 4605c4e, l. 11–38), checked as its `assert_array_almost_equal` does:
/// 6 decimals, |actual − expected| < 1.5e-6; T in seconds there.
struct DeclusteringWindowTests {
    static let magnitudes = [5.0, 6.6]

    static func expectWindow(_ window: DeclusteringWindow, km: [Double], seconds: [Double]) {
        for (index, magnitude) in magnitudes.enumerated() {
            #expect(abs(window.distanceKm(magnitude: magnitude) - km[index]) < 1.5e-6, "L(\(magnitude))")
            #expect(abs(window.durationDays(magnitude: magnitude) * 86_400 - seconds[index]) < 1.5e-6, "T(\(magnitude))")
        }
    }

    @Test func gardnerKnopoff() {
        // test_distance_time_windows.py l. 11–18
        Self.expectWindow(.gk, km: [39.994475, 63.107358], seconds: [12416915.980999, 77021813.941164])
    }

    @Test func gruenthal() {
        // test_distance_time_windows.py l. 21–28
        Self.expectWindow(.gruenthal, km: [56.62752, 79.180511], seconds: [18923361.968176, 78507969.029983])
    }

    @Test func uhrhammer() {
        // test_distance_time_windows.py l. 31–38
        Self.expectWindow(.uhrhammer, km: [20.005355, 72.414025], seconds: [2354273.993272, 16983332.073632])
    }

    @Test func aCutoffCapsTheDuration() {
        // T_GK(7) = 10^(0.032·7 + 2.7389) = 918.9 days; capped at 100 (dec_gardner_knopoff_test.py l. 46).
        #expect(DeclusteringWindow.gk.durationDays(magnitude: 7, cutoffDays: 100) == 100)
        #expect(DeclusteringWindow.gk.durationDays(magnitude: 3, cutoffDays: 100) == DeclusteringWindow.gk.durationDays(magnitude: 3))
    }
}
