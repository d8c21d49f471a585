import Foundation
import QuakeStore
import Testing

@Suite struct ImportFeedTests {
    @Test(arguments: [(Fixture.week, 4711), (Fixture.day2014, 146), (Fixture.month2014, 409)])
    func importsEveryEventOfARealFeed(path: String, count: Int) throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: path, name: "feed")
        #expect(report.summaryLine == "imported feed: \(count) new, 0 updated, 0 unchanged, 0 skipped")
        #expect(try catalog.count() == count)
    }

    @Test func weekEventsMatchTheFileFieldByField() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importFile(at: Fixture.week)
        let quakes = try storedQuakes(catalog)

        let volcano = try #require(quakes["hv70264586"])
        var volcanoInFile = Quake(
            id: "hv70264586", code: "70264586", net: "hv", ids: ",hv70264586,",
            magnitude: 2.94, magType: "ml", place: "5km SW of Volcano, Hawaii",
            time: Date(epochMilliseconds: 1528967533010), updated: Date(epochMilliseconds: 1528967887700),
            depth: 1.46, latitude: 19.3939991, longitude: -155.2749939,
            felt: nil, cdi: nil, mmi: nil, alert: nil, status: "automatic", tsunami: 0, sig: 133,
            type: "earthquake", title: "M 2.9 - 5km SW of Volcano, Hawaii",
            url: "https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586")
        (volcanoInFile.nst, volcanoInFile.gap, volcanoInFile.dmin, volcanoInFile.rms) = (51, 47, 0.001866, 0.33)
        #expect(volcano == volcanoInFile)
        #expect(volcano.day == "2018-06-14")
        #expect(volcano.formerIDs == [])

        let montague = try #require(quakes["nc73029681"])
        var montagueInFile = Quake(
            id: "nc73029681", code: "73029681", net: "nc", ids: ",uw61398891,nc73029681,",
            magnitude: 1.95, magType: "md", place: "2km ENE of Montague, CA",
            time: Date(epochMilliseconds: 1528847013740), updated: Date(epochMilliseconds: 1528949221886),
            depth: 5.5, latitude: 41.7336667, longitude: -122.5045,
            status: "reviewed", tsunami: 0, sig: 58, type: "earthquake",
            title: "M 2.0 - 2km ENE of Montague, CA",
            url: "https://earthquake.usgs.gov/earthquakes/eventpage/nc73029681")
        (montagueInFile.nst, montagueInFile.gap, montagueInFile.dmin, montagueInFile.rms) = (12, 127, 0.1156, 0.13)
        #expect(montague == montagueInFile)
        #expect(montague.formerIDs == ["uw61398891"])
    }

    @Test func feeds2014EventsMatchTheFile() throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        let importer = QuakeImporter(catalog: catalog)
        _ = try importer.importFile(at: Fixture.day2014)
        _ = try importer.importFile(at: Fixture.month2014)
        let quakes = try storedQuakes(catalog)

        // 2014 feeds have "tsunami": null: unknown, stored as NULL (before, 0).
        let templeton = try #require(quakes["nc72199065"])
        var templetonInFile = Quake(
            id: "nc72199065", code: "72199065", net: "nc", ids: ",nc72199065,",
            magnitude: 1.7, magType: "Md", place: "8km W of Templeton, California",
            time: Date(epochMilliseconds: 1397474951100), updated: Date(epochMilliseconds: 1397476268811),
            depth: 4.3, latitude: 35.5448, longitude: -120.7958,
            status: "AUTOMATIC", tsunami: nil, sig: 44, type: "earthquake",
            title: "M 1.7 - 8km W of Templeton, California",
            url: "http://earthquake.usgs.gov/earthquakes/eventpage/nc72199065")
        (templetonInFile.gap, templetonInFile.dmin, templetonInFile.rms) = (64.8, 0.08983153, 0.08)
        #expect(templeton == templetonInFile)
        let anza = try #require(quakes["ci37211488"])
        #expect(anza.magnitude == 1.24 && anza.depth == 0 && anza.place == "14km SSW of Anza, California")
        #expect(anza.time == Date(epochMilliseconds: 1397451323650) && anza.day == "2014-04-14")

        let mohean = try #require(quakes["usc000njtg"])
        var moheanInFile = Quake(
            id: "usc000njtg", code: "c000njtg", net: "us", ids: ",usc000njtg,",
            magnitude: 5, magType: "mb", place: "112km ESE of Mohean, India",
            time: Date(epochMilliseconds: 1395413151830), updated: Date(epochMilliseconds: 1395414270675),
            depth: 10, latitude: 7.5645, longitude: 94.251,
            felt: 0, cdi: 1, mmi: nil, alert: nil, status: "reviewed", tsunami: nil, sig: 385,
            type: "earthquake", title: "M 5.0 - 112km ESE of Mohean, India",
            url: "http://earthquake.usgs.gov/earthquakes/eventpage/usc000njtg")
        (moheanInFile.gap, moheanInFile.dmin, moheanInFile.rms) = (159, 3.544, 0.77)
        #expect(mohean == moheanInFile)
        let saumlaki = try #require(quakes["usc000n4sg"])
        #expect(saumlaki.depth == 186.51 && saumlaki.latitude == -7.0882 && saumlaki.longitude == 128.9909)
        #expect(saumlaki.magnitude == 4.6 && saumlaki.sig == 326 && saumlaki.day == "2014-03-07")
    }

    /// Every field of every event, against Foundation's own JSON parse.
    @Test(arguments: [Fixture.week, Fixture.day2014, Fixture.month2014])
    func everyEventAgreesWithFoundationsParse(path: String) throws {
        let folder = TemporaryFolder()
        let catalog = try folder.catalog()
        _ = try QuakeImporter(catalog: catalog).importFile(at: path)
        let quakes = try storedQuakes(catalog)
        for feature in try Fixture.features(path) {
            let id = feature["id"] as! String
            let p = feature["properties"] as! [String: Any]
            let c = (feature["geometry"] as! [String: Any])["coordinates"] as! [Double]
            let q = try #require(quakes[id])
            func double(_ key: String) -> Double? { (p[key] as? NSNumber)?.doubleValue }
            func int(_ key: String) -> Int? { (p[key] as? NSNumber)?.intValue }
            #expect(q.magnitude == double("mag"), "\(id) mag")
            #expect(q.place == (p["place"] as? String ?? ""), "\(id) place")
            #expect(q.time.epochMilliseconds == Int64(int("time")!), "\(id) time")
            #expect(q.updated.epochMilliseconds == Int64(int("updated")!), "\(id) updated")
            #expect(q.felt == int("felt") && q.cdi == double("cdi") && q.mmi == double("mmi"), "\(id) felt/cdi/mmi")
            #expect(q.alert == p["alert"] as? String && q.status == p["status"] as! String, "\(id) alert/status")
            // Absent is unknown: the 2014 day feed has no tsunami property.
            #expect(q.tsunami == int("tsunami") && q.sig == int("sig")!, "\(id) tsunami/sig")
            #expect(q.nst == int("nst") && q.gap == double("gap") && q.dmin == double("dmin") && q.rms == double("rms"),
                    "\(id) nst/gap/dmin/rms")
            #expect(q.net == p["net"] as! String && q.code == p["code"] as! String && q.ids == p["ids"] as! String, "\(id) net/code/ids")
            #expect(q.magType == p["magType"] as! String && q.type == p["type"] as! String, "\(id) types")
            #expect(q.title == p["title"] as! String && q.url == p["url"] as! String, "\(id) title/url")
            #expect([q.longitude, q.latitude, q.depth] == c, "\(id) coordinates")
        }
    }

    @Test func importsAUSGSCSVFeed() throws {
        let folder = TemporaryFolder()
        let csv = folder.write("feed.csv", """
            time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,horizontalError,depthError,magError,magNst,status,locationSource,magSource
            2018-06-14T09:12:13.010Z,19.3939991,-155.2749939,1.46,2.94,ml,51,47,0.001866,0.33,hv,hv70264586,2018-06-14T09:18:07.700Z,"5km SW of Volcano, Hawaii",earthquake,0.21,0.3,0.16,7,automatic,hv,hv
            2018-06-13T23:50:02.000Z,61.2,-150.1,30,,ml,,,,0.5,ak,ak2018abc,2018-06-13T23:55:00.000Z,,earthquake,,,,,reviewed,ak,ak

            """)
        let catalog = try folder.catalog()
        let report = try QuakeImporter(catalog: catalog).importFile(at: csv, name: "feed.csv")
        #expect(report.summaryLine == "imported feed.csv: 2 new, 0 updated, 0 unchanged, 0 skipped")
        let quakes = try storedQuakes(catalog)
        var volcano = Quake(
            id: "hv70264586", code: "70264586", net: "hv", ids: ",hv70264586,",
            magnitude: 2.94, magType: "ml", place: "5km SW of Volcano, Hawaii",
            time: Date(epochMilliseconds: 1528967533010), updated: Date(epochMilliseconds: 1528967887700),
            depth: 1.46, latitude: 19.3939991, longitude: -155.2749939,
            status: "automatic", type: "earthquake", title: "M 2.9 - 5km SW of Volcano, Hawaii",
            url: "https://earthquake.usgs.gov/earthquakes/eventpage/hv70264586")
        (volcano.nst, volcano.gap, volcano.dmin, volcano.rms) = (51, 47, 0.001866, 0.33)
        (volcano.horizontalError, volcano.depthError, volcano.magError, volcano.magNst) = (0.21, 0.3, 0.16, 7)
        (volcano.locationSource, volcano.magSource) = ("hv", "hv")
        #expect(quakes["hv70264586"] == volcano)
        let alaska = try #require(quakes["ak2018abc"])
        #expect(alaska.magnitude == nil && alaska.place == "" && alaska.day == "2018-06-13")
        #expect(alaska.rms == 0.5 && alaska.nst == nil && alaska.gap == nil && alaska.locationSource == "ak")
    }

    /// The same events through GeoJSON and CSV, to a second catalog: the CSV
    /// importer only lacks the fields CSV does not carry.
    @Test func csvAndGeoJSONAgreeOnTheFieldsBothCarry() throws {
        let folder = TemporaryFolder()
        let geo = try folder.catalog("geo.sqlite")
        _ = try QuakeImporter(catalog: geo).importFile(at: Fixture.day2014)
        var csv = "time,latitude,longitude,depth,mag,magType,nst,gap,dmin,rms,net,id,updated,place,type,status\n"
        for q in try storedQuakes(geo).values.sorted(by: { $0.id < $1.id }) {
            let fields = [ISOTime.string(epochMilliseconds: q.time.epochMilliseconds), "\(q.latitude)", "\(q.longitude)",
                          "\(q.depth)", q.magnitude.map { "\($0)" } ?? "", q.magType, "", "", "", "", q.net, q.id,
                          ISOTime.string(epochMilliseconds: q.updated.epochMilliseconds), "\"\(q.place)\"", q.type, q.status]
            csv += fields.joined(separator: ",") + "\n"
        }
        let fromCSV = try folder.catalog("csv.sqlite")
        let report = try QuakeImporter(catalog: fromCSV).importFile(at: folder.write("day.csv", csv), name: "day.csv")
        #expect(report.summaryLine == "imported day.csv: 146 new, 0 updated, 0 unchanged, 0 skipped")
        let a = try storedQuakes(geo), b = try storedQuakes(fromCSV)
        for (id, q) in a {
            let c = try #require(b[id])
            #expect([q.magnitude, q.latitude, q.longitude, q.depth] == [c.magnitude, c.latitude, c.longitude, c.depth])
            #expect([q.place, q.net, q.magType, q.type, q.status, q.day] == [c.place, c.net, c.magType, c.type, c.status, c.day])
            #expect(q.time == c.time && q.updated == c.updated)
        }
    }
}
