import Foundation
import Testing
import TestSupport

/// What a fetch does with the body: a size limit (declared, streamed,
/// inflated), gzip bodies, Content-Encoding, and what an error line quotes.
@Suite("fetch: body limits, gzip, encodings", .timeLimit(.minutes(10)))
struct FetchBodyTests {
    let harness: FetchHarness
    var server: FeedServer { harness.server }

    init() throws { harness = try FetchHarness() }

    func expectRefused(_ path: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = server.url(path)
        // That the fetch ends at all shows it stopped reading: the bodies
        // refused here are 10^12 bytes long or endless (the suite's time
        // limit catches a fetch that would read them).
        let result = try harness.fetch(["--url", url])
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.stderr == "error: fetch \(url): \(reason)\n", sourceLocation: sourceLocation)
        #expect(result.stdout == "", sourceLocation: sourceLocation)
        try harness.expectUntouched(sourceLocation: sourceLocation)
    }

    @Test("a declared Content-Length of 10^12 is refused before the body is read, under the default 1 GB limit")
    func declaredOverDefaultLimit() throws {
        try expectRefused("huge", "body over the 1 GB limit")
    }

    @Test("the config's max-download limits a declared length, an endless body, and a gzip body once inflated")
    func configuredLimit() throws {
        try harness.writeConfig("max-download = \"100 kB\"\n")
        try expectRefused("huge", "body over the 100 kB limit")
        try expectRefused("endless", "body over the 100 kB limit")
        // 110 kB of GeoJSON, some 20 kB compressed.
        try expectRefused("feed/all_day_2014-04.geojson?gzip=1", "body over the 100 kB limit")

        try harness.writeConfig("max-download = 1\n")   // a bare number is megabytes
        try expectRefused("endless", "body over the 1 MB limit")
        try harness.writeConfig("max-download = \"1.5GB\"\n")
        try expectRefused("huge", "body over the 1.5 GB limit")
    }

    @Test("max-download takes a size from 1 kB to 1 TB; anything else is one line naming the config file", arguments: [
        "max-download = \"lots\"", "max-download = 0", "max-download = \"2 PB\"", "max-download = \"-5 MB\"", "max-download = true",
    ])
    func badMaxDownload(line: String) throws {
        try harness.writeConfig(line + "\n")
        let result = try harness.fetch(["--url", server.url("feed/all_day_2014-04.geojson")])
        #expect(result.status == 1)
        #expect(result.stderr == "error: config \(harness.configPath): 'max-download' must be a size between 1 kB and 1 TB, "
                + "such as \"500 MB\" or \"2 GB\" (a bare number is MB)\n")
        try harness.expectUntouched()
    }

    @Test("a gzip body (a .geojson.gz URL, no Content-Encoding) is inflated, in one member or several")
    func gzipBody() throws {
        let url = server.url("feed/all_day_2014-04.geojson?gzip=3")
        let result = try harness.fetch(["--url", url])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try harness.catalogIDs().count == 409 + 146)

        try harness.writeConfig("max-download = \"500 MB\"\n")
        let one = server.url("feed/all_day_2014-04.geojson?gzip=1")
        #expect(try harness.fetch(["--url", one]).stdout == "imported \(one): 0 new, 0 updated, 146 unchanged, 0 skipped\n")
    }

    @Test("a corrupt gzip body is one line naming it; nothing is imported")
    func corruptGzip() throws {
        var compressed = try gzipped(try Data(contentsOf: URL(fileURLWithPath: Fixture.day2014)))
        compressed[compressed.count - 8] ^= 0xFF   // the trailer's CRC-32
        let file = harness.folder.write("day.geojson.gz", compressed)
        let result = try harness.fetch(["--url", "file://" + file])
        #expect(result.status == 1)
        #expect(result.stderr == "error: fetch \(file): not valid gzip (incorrect data check)\n")
        try harness.expectUntouched()
    }

    @Test("Content-Encoding: gzip is inflated; over a body that is not gzip, or naming an unknown coding, it is one line")
    func contentEncoding() throws {
        try expectRefused("feed/all_day_2014-04.geojson?encoding=gzip", "body is not gzip although Content-Encoding says gzip")
        try expectRefused("feed/all_day_2014-04.geojson?encoding=compress", "unsupported Content-Encoding 'compress'")
        let url = server.url("feed/all_day_2014-04.geojson?gzip=1&encoding=gzip")
        let result = try harness.fetch(["--url", url])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(url): 146 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("Content-Encoding: deflate is inflated, zlib-wrapped as the standard says or raw as some servers send it")
    func deflateEncoding() throws {
        try expectRefused("feed/all_day_2014-04.geojson?encoding=deflate", "body is not deflate although Content-Encoding says deflate")
        var counts = "146 new, 0 updated, 0 unchanged"
        for wrapping in ["zlib", "raw"] {
            let url = server.url("feed/all_day_2014-04.geojson?deflate=\(wrapping)&encoding=deflate")
            let result = try harness.fetch(["--url", url])
            #expect(result.stderr == "", "\(wrapping)")
            #expect(result.stdout == "imported \(url): \(counts), 0 skipped\n")
            counts = "0 new, 0 updated, 146 unchanged"
        }
    }

    @Test("a Content-Type quoted in an error line carries no control characters and is cut short")
    func quotedContentType() throws {
        try expectRefused("html?type=text/html%1B%5B2J%07",
                          "not a GeoJSON FeatureCollection (text/html?[2J?): unexpected character '<' at 1:1")
        let long = "text/" + String(repeating: "x", count: 200)
        try expectRefused("html?type=\(long)",
                          "not a GeoJSON FeatureCollection (\(long.prefix(59))…): unexpected character '<' at 1:1")
    }
}
