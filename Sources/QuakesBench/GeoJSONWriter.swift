import Foundation
import QuakeStore

/// Writes quakes as a USGS GeoJSON FeatureCollection, streaming.
enum GeoJSONWriter {
    static func write(_ quakes: some Sequence<Quake>, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var buffer = #"{"type":"FeatureCollection","metadata":{"title":"quakes-bench"},"features":["#
        var first = true
        for quake in quakes {
            if !first { buffer += ",\n" }
            first = false
            buffer += feature(quake)
            if buffer.utf8.count > 1 << 20 { handle.write(Data(buffer.utf8)); buffer = "" }
        }
        buffer += "]}\n"
        handle.write(Data(buffer.utf8))
    }

    static func feature(_ q: Quake) -> String {
        func s(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func n(_ v: Double?) -> String { v.map { "\($0)" } ?? "null" }
        func i(_ v: Int?) -> String { v.map { "\($0)" } ?? "null" }
        return #"{"type":"Feature","properties":{"mag":\#(n(q.magnitude)),"place":\#(s(q.place)),"time":\#(q.time.epochMilliseconds),"#
            + #""updated":\#(q.updated.epochMilliseconds),"tz":null,"url":\#(s(q.url)),"felt":\#(i(q.felt)),"cdi":\#(n(q.cdi)),"#
            + #""mmi":\#(n(q.mmi)),"alert":\#(q.alert.map(s) ?? "null"),"status":\#(s(q.status)),"tsunami":\#(q.tsunami),"#
            + #""sig":\#(q.sig),"net":\#(s(q.net)),"code":\#(s(q.code)),"ids":\#(s(q.ids)),"sources":\#(s("," + q.net + ",")),"#
            + #""types":",origin,","nst":null,"dmin":null,"rms":0.1,"gap":null,"magType":\#(s(q.magType)),"type":\#(s(q.type)),"#
            + #""title":\#(s(q.title))},"geometry":{"type":"Point","coordinates":[\#(q.longitude),\#(q.latitude),\#(q.depth)]},"#
            + #""id":\#(s(q.id))}"#
    }
}
