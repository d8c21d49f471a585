import CSV
import Foundation
import Testing
import TestSupport

/// The measurements as `list` writes them, from the real week: a USGS CSV
/// imported and listed with `--columns usgs` is the file again; CSV with
/// `--columns all`, JSON and GeoJSON write every field, an unknown as an
/// empty field or `null`; the measurements are predicate keys.
@Suite struct MeasurementOutputTests {
    let folder = TemporaryFolder()
    let csvDB: String
    let geoDB: String

    init() throws {
        csvDB = folder.file("csv.sqlite")
        geoDB = folder.file("geo.sqlite")
        for (db, path) in [(csvDB, Fixture.weekCSV), (geoDB, Fixture.week)] {
            let result = try runQuakesTUI(["import", "--db", db, path])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// The records of a CSV text by id (the 12th column of USGS's, the 1st of ours), and its header.
    static func records(_ text: String, idColumn: String = "id") throws -> (header: [String], rows: [String: [String]]) {
        let reader = try CSVReader(string: text, hasHeaderRow: true)
        let header = try #require(reader.headerRow)
        let id = try #require(header.firstIndex(of: idColumn))
        var rows: [String: [String]] = [:]
        while let row = reader.next() { rows[row[id]] = row }
        return (header, rows)
    }

    @Test("a USGS CSV imported and listed with --columns usgs has the file's 22 columns and values")
    func usgsCSVRoundTrip() throws {
        let listed = try runQuakesTUI(["list", "--db", csvDB, "--format", "csv", "--columns", "usgs"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let original = try Self.records(String(contentsOfFile: Fixture.weekCSV, encoding: .utf8))
        let again = try Self.records(listed.stdout)
        #expect(again.header == original.header)
        #expect(again.rows.count == 4711 && again.rows.count == original.rows.count)
        for (id, row) in original.rows where again.rows[id] != row {
            Issue.record("\(id): \(again.rows[id] ?? []) is not the file's \(row)")
        }
        #expect(listed.stdout.split(separator: "\n").contains(
            #"2018-06-12T23:08:28.150Z,-2.0999,98.5204,10,5.8,mww,,58,3.485,0.96,us,us1000epfe,2018-06-13T18:52:23.040Z,"#
            + #""94km SW of Muara Siberut, Indonesia",earthquake,,,,,reviewed,us,us"#))
    }

    @Test("CSV with --columns all: every field after the standard ones, empty when the source did not give it")
    func csvAllColumns() throws {
        let expectedHeader = "id,time,magnitude,place,depth,latitude,longitude,net,code,type,status,magType,updated,sig,"
            + "tsunami,alert,felt,cdi,mmi,nst,gap,dmin,rms,horizontalError,depthError,magError,magNst,locationSource,"
            + "magSource,catalog,contributor,evaluationMode,evaluationStatus,origins,cluster,role,mainshock"
        let fromCSV = try runQuakesTUI(["list", "--db", csvDB, "--format", "csv", "--columns", "all", "--where", "id = 'us1000epfe'"])
        #expect(fromCSV.stdout == expectedHeader + "\n"
            + "us1000epfe,2018-06-12T23:08:28.150Z,5.8,\"94km SW of Muara Siberut, Indonesia\",10,-2.0999,98.5204,us,1000epfe,"
            + "earthquake,reviewed,mww,2018-06-13T18:52:23.040Z,,,,,,,,58,3.485,0.96,,,,,us,us,,,,,1,,,\n")
        let fromGeoJSON = try runQuakesTUI(["list", "--db", geoDB, "--format", "csv", "--columns", "all", "--where", "id = 'us1000epfe'"])
        #expect(fromGeoJSON.stdout == expectedHeader + "\n"
            + "us1000epfe,2018-06-12T23:08:28.150Z,5.8,\"94km SW of Muara Siberut, Indonesia\",10,-2.0999,98.5204,us,1000epfe,"
            + "earthquake,reviewed,mww,2018-06-13T18:52:23.040Z,518,1,green,,,4.1,,58,3.485,0.96,,,,,,,,,,,1,,,\n")
        let standard = try runQuakesTUI(["list", "--db", csvDB, "--format", "csv", "--where", "id = 'us1000epfe'"])
        #expect(standard.stdout.hasPrefix("id,time,magnitude,place,depth,latitude,longitude,net,code,type,status\n"),
                "the default CSV keeps its columns")
    }

    @Test("JSON has every field, null when the source did not give it")
    func jsonEveryField() throws {
        let json = try runQuakesTUI(["list", "--db", csvDB, "--format", "json", "--where", "id = 'us1000epfe'"])
        #expect(json.stdout == """
            [
              {"id":"us1000epfe","time":"2018-06-12T23:08:28.150Z","magnitude":5.8,"place":"94km SW of Muara Siberut, Indonesia",\
            "depth":10,"latitude":-2.0999,"longitude":98.5204,"net":"us","code":"1000epfe","type":"earthquake","status":"reviewed",\
            "magType":"mww","updated":"2018-06-13T18:52:23.040Z","sig":null,"tsunami":null,"alert":null,"felt":null,"cdi":null,\
            "mmi":null,"nst":null,"gap":58,"dmin":3.485,"rms":0.96,"horizontalError":null,"depthError":null,"magError":null,\
            "magNst":null,"locationSource":"us","magSource":"us","catalog":null,"contributor":null,"evaluationMode":null,\
            "evaluationStatus":null,"origins":1,"cluster":null,"role":null,"mainshock":null}
            ]

            """)
    }

    @Test("GeoJSON writes the measurements, and import reads them back")
    func geoJSONRoundTrip() throws {
        let geojson = try runQuakesTUI(["list", "--db", csvDB, "--format", "geojson", "--where", "id = 'us1000epfe'"])
        #expect(geojson.stdout.contains(#""tsunami":null,"sig":null,"net":"us","code":"1000epfe","ids":",us1000epfe,","nst":null,"#
            + #""dmin":3.485,"rms":0.96,"gap":58,"magType":"mww","type":"earthquake","#
            + #""title":"M 5.8 - 94km SW of Muara Siberut, Indonesia","locationSource":"us","magSource":"us"},"#), "\(geojson.stdout)")
        let again = folder.file("again.sqlite")
        #expect(try runQuakesTUI(["import", "--db", again, folder.write("one.geojson", geojson.stdout)]).status == 0)
        let listed = try runQuakesTUI(["list", "--db", again, "--format", "csv", "--columns", "usgs"])
        #expect(listed.stdout.split(separator: "\n").contains(#"2018-06-12T23:08:28.150Z,-2.0999,98.5204,10,5.8,mww,,58,3.485,0.96,"#
            + #"us,us1000epfe,2018-06-13T18:52:23.040Z,"94km SW of Muara Siberut, Indonesia",earthquake,,,,,reviewed,us,us"#))
    }

    @Test("the measurements are predicate keys; a NULL matches no comparison")
    func measurementsArePredicateKeys() throws {
        func count(_ db: String, _ predicate: String) throws -> Int {
            let result = try runQuakesTUI(["list", "--db", db, "--format", "csv", "--where", predicate])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").count - 1
        }
        // Counted independently from the fixture file: gap < 90 and rms < 0.3, both given.
        let file = try Self.records(String(contentsOfFile: Fixture.weekCSV, encoding: .utf8)).rows.values
        let expected = file.filter { Double($0[7]).map { $0 < 90 } == true && Double($0[9]).map { $0 < 0.3 } == true }.count
        #expect(try count(csvDB, "gap < 90 AND rms < 0.3") == expected)
        #expect(expected == 2100)
        #expect(try count(csvDB, "sig >= 0") == 0, "CSV gives no significance")
        #expect(try count(geoDB, "sig >= 0") == 4711)
        #expect(try count(csvDB, "author = 'us' AND magSource = 'us'") == file.filter { $0[20] == "us" && $0[21] == "us" }.count)
    }
}
