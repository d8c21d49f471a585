import Foundation

/// Large USGS-shaped GeoJSON feeds made in the test, fast: every feature has
/// every property USGS sends, a unique id (`<prefix><index>`), and a time,
/// magnitude, place and position that vary with the index. Features are
/// written as bytes into one buffer (100,000 take well under a second in a
/// debug build), not built as objects.
public enum SyntheticFeed {
    static let places = [
        "5km SW of Volcano, Hawaii", "10km NE of Aguanga, CA", "68km NNW of Valdez, Alaska",
        "112km ESE of Mohean, India", "Île-de-France", "東京都の近く", "South Sandwich Islands region",
    ]

    /// Writes a FeatureCollection of `count` features to `path`; returns
    /// their ids in file order. Times are one minute apart from `startTime`
    /// (epoch ms; 2030 by default, newer than every fixture).
    @discardableResult
    public static func write(count: Int, to path: String, idPrefix: String = "zz",
                             startTime: Int64 = 1_893_456_000_000) throws -> [String] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 760 + 256)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        put(#"{"type":"FeatureCollection","metadata":{"generated":1893456000000,"url":"https://example.org/synthetic","#)
        put(#""title":"Synthetic","status":200,"api":"1.10.3","count":\#(count)},"features":["#)
        var ids: [String] = []
        ids.reserveCapacity(count)
        for index in 0..<count {
            let id = idPrefix + String(index)
            ids.append(id)
            let code = String(index)
            let time = startTime + Int64(index) * 60_000
            // Integers divided once print short: 0.3, not 0.30000000000000004.
            let mag = Double(index % 80 - 5) / 10
            let place = places[index % places.count]
            let longitude = Double((index % 3600) * 10 - 17995) / 100
            let latitude = Double((index % 1700) * 10 - 8495) / 100
            let depth = Double(index % 700) / 10
            if index > 0 { put(",\n") }
            put(#"{"type":"Feature","properties":{"mag":\#(mag),"place":"\#(place)","time":\#(time),"updated":\#(time + 90_000),"#)
            put(#""tz":null,"url":"https://earthquake.usgs.gov/earthquakes/eventpage/\#(id)","#)
            put(#""detail":"https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/\#(id).geojson","#)
            put(#""felt":null,"cdi":null,"mmi":null,"alert":null,"status":"automatic","tsunami":0,"sig":\#(index % 900),"#)
            put(#""net":"\#(idPrefix)","code":"\#(code)","ids":",\#(id),","sources":",\#(idPrefix),","#)
            put(#""types":",geoserve,origin,phase-data,","nst":12,"dmin":0.05,"rms":0.21,"gap":88,"magType":"ml","#)
            put(#""type":"earthquake","title":"M \#(mag) - \#(place)"},"#)
            put(#""geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude),\#(depth)]},"id":"\#(id)"}"#)
        }
        put("]}\n")
        guard FileManager.default.createFile(atPath: path, contents: Data(out)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return ids
    }
}
