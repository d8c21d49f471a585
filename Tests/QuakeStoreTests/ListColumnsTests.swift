import Foundation
import Testing
import TestSupport

/// `list --columns` with fields named: those columns, in that order, each
/// value as the feed gave it (read here from the real week's GeoJSON);
/// an unknown field is a usage error naming it and the fields there are.
@Suite struct ListColumnsTests {
    let folder = TemporaryFolder()

    @Test("--columns id,magnitude,cdi,mmi,felt prints those fields of each quake; cdi and mmi are keys to filter and sort by")
    func namedFieldsAreTheColumns() throws {
        let db = folder.file("q.sqlite")
        #expect(try runQuakesTUI(["import", "--db", db, Fixture.week]).status == 0)
        let result = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--columns", "id,magnitude,cdi,mmi,felt",
                                       "--where", "cdi >= 4", "--sort", "-cdi", "--limit", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "id,magnitude,cdi,mmi,felt")
        // The same quakes and values from the feed itself.
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Fixture.week))) as! [String: Any]
        func text(_ value: Any?) -> String {
            guard let number = value as? NSNumber else { return "" }
            return number.doubleValue == number.doubleValue.rounded() ? String(Int(number.doubleValue)) : "\(number.doubleValue)"
        }
        let expected = (document["features"] as! [[String: Any]]).compactMap { feature -> String? in
            let properties = feature["properties"] as! [String: Any]
            guard let cdi = (properties["cdi"] as? NSNumber)?.doubleValue, cdi >= 4 else { return nil }
            return [feature["id"] as! String, text(properties["mag"]), text(properties["cdi"]), text(properties["mmi"]),
                    text(properties["felt"])].joined(separator: ",")
        }
        #expect(lines.count - 1 == expected.count && expected.count >= 10)
        #expect(Set(lines.dropFirst()) == Set(expected))
        let cdis = lines.dropFirst().map { Double($0.split(separator: ",", omittingEmptySubsequences: false)[2])! }
        #expect(cdis == cdis.sorted(by: >), "sorted by cdi, largest first")
    }

    @Test("an unknown field in --columns is a usage error naming it")
    func anUnknownFieldIsNamed() throws {
        let result = try runQuakesTUI(["list", "--db", folder.file("q.sqlite"), "--format", "csv", "--columns", "id,bogus"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--columns: 'bogus' is no field; give standard, all, usgs, or fields joined by commas from: id, time,"),
                "\(result.stderr)")
    }
}
