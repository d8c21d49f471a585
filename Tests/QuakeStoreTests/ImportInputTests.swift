import Foundation
import QuakeStore
import Testing

/// What `import` reads: files with a byte order mark, pipes, FIFOs, process
/// substitution, and gzip-compressed feeds whatever their name. The real
/// binary: the summary or error line, the exit status, what is stored.
@Suite("import: byte order marks, pipes, FIFOs and gzip")
struct ImportInputTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("q.sqlite") }

    static let csvHeader = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,"
        + "horizontalError,depthError,magError,magNst,status,locationSource,magSource"
    static let csvRows = [
        #"2018-06-14T09:12:13.010Z,19.3939991,-155.2749939,1.46,2.94,ml,51,47,0.001866,0.33,hv,hv70264586,2018-06-14T09:18:07.700Z,"5km SW of Volcano, Hawaii",earthquake,0.21,0.3,0.16,7,automatic,hv,hv"#,
        "2018-06-13T23:50:02.000Z,61.2,-150.1,30,,ml,,,,0.5,ak,ak2018abc,2018-06-13T23:55:00.000Z,,earthquake,,,,,reviewed,ak,ak",
    ]
    static let byteOrderMark = Data([0xEF, 0xBB, 0xBF])

    func storedCount() throws -> Int { try QuakeCatalog(path: db).count() }

    /// Runs a bash script with $0 the built quakes-tui, then `arguments`.
    func bash(_ script: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, builtProduct("quakes-tui").path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    func fixture(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("a USGS CSV starting with a UTF-8 byte order mark imports, with LF or CRLF line ends",
          arguments: ["\n", "\r\n"])
    func csvWithByteOrderMark(lineEnd: String) throws {
        let text = ([Self.csvHeader] + Self.csvRows).joined(separator: lineEnd) + lineEnd
        let file = folder.write("excel.csv", Self.byteOrderMark + Data(text.utf8))
        let result = try runQuakesTUI(["import", "--db", db, file])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == "imported \(file): 2 new, 0 updated, 0 unchanged, 0 skipped\n")
        let quakes = try storedQuakes(QuakeCatalog(path: db))
        #expect(Set(quakes.keys) == ["hv70264586", "ak2018abc"])
        let hawaii = try #require(quakes["hv70264586"])
        #expect(hawaii.time == Date(epochMilliseconds: 1528967533010) && hawaii.magnitude == 2.94)
        #expect(hawaii.place == "5km SW of Volcano, Hawaii" && hawaii.status == "automatic")
        #expect(quakes["ak2018abc"]?.status == "reviewed")
    }

    @Test("a GeoJSON feed starting with a byte order mark imports")
    func geoJSONWithByteOrderMark() throws {
        let file = folder.write("bom.geojson", Self.byteOrderMark + (try fixture(Fixture.month2014)))
        let result = try runQuakesTUI(["import", "--db", db, file])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(file): 409 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("process substitution (/dev/fd/N) is read like a file")
    func processSubstitution() throws {
        let result = try bash(#""$0" import --db "$1" <(cat "$2")"#, [db, Fixture.month2014])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("imported /dev/fd/"))
        #expect(result.stdout.hasSuffix(": 409 new, 0 updated, 0 unchanged, 0 skipped\n"), "\(result.stdout)")
        #expect(try storedCount() == 409)
    }

    @Test("a FIFO is read to its end")
    func fifo() throws {
        let fifo = folder.file("feed.fifo")
        let result = try bash(#"mkfifo "$3" && { cat "$2" > "$3" & } && exec "$0" import --db "$1" "$3""#,
                              [db, Fixture.month2014, fifo])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(fifo): 409 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try storedCount() == 409)
    }

    @Test("gzip is told by its bytes, not its name: GeoJSON and CSV inside, from a file or standard input")
    func gzipFiles() throws {
        let geoJSON = folder.write("month.dat", try gzipped(try fixture(Fixture.month2014)))
        let csvText = ([Self.csvHeader] + Self.csvRows).joined(separator: "\n") + "\n"
        let csv = folder.write("all_month.csv.gz", try gzipped(Self.byteOrderMark + Data(csvText.utf8)))
        let result = try runQuakesTUI(["import", "--db", db, geoJSON, csv])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == """
            imported \(geoJSON): 409 new, 0 updated, 0 unchanged, 0 skipped
            imported \(csv): 2 new, 0 updated, 0 unchanged, 0 skipped

            """)
        let piped = try runQuakesTUI(["import", "--db", db, "-"], stdin: try gzipped(try fixture(Fixture.day2014)))
        #expect(piped.stdout == "imported standard input: 146 new, 0 updated, 0 unchanged, 0 skipped\n")
        #expect(try storedCount() == 409 + 2 + 146)
    }

    @Test("a gzip file of several members (cat a.gz b.gz) is read whole")
    func multiMemberGzip() throws {
        let feed = try fixture(Fixture.month2014)
        let half = feed.count / 2
        let members = try gzipped(feed.prefix(half)) + (try gzipped(feed.dropFirst(half)))
        let file = folder.write("month.geojson.gz", members)
        let result = try runQuakesTUI(["import", "--db", db, file])
        #expect(result.stderr == "")
        #expect(result.stdout == "imported \(file): 409 new, 0 updated, 0 unchanged, 0 skipped\n")
    }

    @Test("a corrupt or truncated gzip file is one line and imports nothing; the other files still import")
    func badGzip() throws {
        let compressed = try gzipped(try fixture(Fixture.month2014))
        var badChecksum = compressed
        badChecksum[badChecksum.count - 8] ^= 0xFF   // the trailer's CRC-32
        let cases: [(String, Data, String)] = [
            ("crc.gz", badChecksum, "not valid gzip (incorrect data check)"),
            ("cut.gz", compressed.prefix(compressed.count / 2), "not valid gzip (truncated)"),
            ("tail.gz", compressed + Data("trailing text".utf8), "not valid gzip (incorrect header check after member 1)"),
        ]
        for (name, bytes, message) in cases {
            let file = folder.write(name, bytes)
            let result = try runQuakesTUI(["import", "--db", db, file, Fixture.day2014])
            #expect(result.status == 1)
            #expect(result.stderr == "error: \(file): \(message)\n")
            #expect(result.stdout.hasPrefix("imported \(Fixture.day2014): "), "the next file is imported on its own")
        }
        #expect(try storedCount() == 146, "nothing of the month")
    }
}
