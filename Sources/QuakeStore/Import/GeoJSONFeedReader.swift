import Foundation

/// Reads a USGS GeoJSON FeatureCollection one feature at a time.
enum GeoJSONFeedReader {
    /// Calls `onFeature` with each feature's index in `features` and its parse.
    /// Throws `JSONScanError` for anything that makes the file unreadable as a
    /// whole: bad syntax, wrong types, not a FeatureCollection. Now and then
    /// `readTo` is told how far into the bytes the reader is (a read's progress).
    static func read(_ scanner: inout JSONScanner, readTo: (Int) -> Void = { _ in },
                     onFeature: (Int, consuming ParsedEvent) throws -> Void) throws {
        switch try scanner.peekKind() {
        case .object: break
        case .end: throw scanner.error("empty file")
        case let kind: throw scanner.error("not a FeatureCollection (the top level is \(article(kind)) \(kind.rawValue))")
        }
        let topStart = scanner.offset
        var type: String?
        var sawFeatures = false
        try scanner.readObject { scanner, key in
            switch key {
            case "type":
                type = try readString(&scanner, what: "\"type\"")
            case "features":
                // Two arrays would number their features from 0 twice.
                if sawFeatures { throw scanner.error("\"features\" appears twice") }
                guard try scanner.peekKind() == .array else {
                    throw scanner.error("\"features\" must be an array, found \(try article(scanner.peekKind())) \(try scanner.peekKind().rawValue)")
                }
                sawFeatures = true
                try scanner.readArray { scanner, index in
                    try onFeature(index, readFeature(&scanner, number: index + 1))
                    if index % 1024 == 0 { readTo(scanner.offset) }
                }
            default:
                try scanner.skipValue()
            }
        }
        if type != "FeatureCollection" {
            let found = type.map { "\"type\" is \"\($0)\"" } ?? "no \"type\""
            throw scanner.error("not a FeatureCollection (\(found))", at: topStart)
        }
        if !sawFeatures { throw scanner.error("not a FeatureCollection (no \"features\" array)", at: topStart) }
        scanner.skipWhitespace()
        if !scanner.isAtEnd { throw scanner.error("unexpected data after the FeatureCollection") }
    }

    private static func article(_ kind: JSONScanner.Kind) -> String {
        [.array, .object].contains(kind) ? "an" : "a"
    }

    private static func typeError(_ scanner: inout JSONScanner, _ what: @autoclosure () -> String, mustBe expected: String) throws -> JSONScanError {
        let kind = try scanner.peekKind()
        if kind == .end { return scanner.error("unexpected end of input, expected a value") }
        return scanner.error("\(what()) must be \(expected), found \(article(kind)) \(kind.rawValue)")
    }

    private static func readString(_ scanner: inout JSONScanner, what: @autoclosure () -> String) throws -> String? {
        switch try scanner.peekKind() {
        case .null: _ = try scanner.readNull(); return nil
        case .string: return try scanner.readString()
        default: throw try typeError(&scanner, what(), mustBe: "a string")
        }
    }

    private static func readNumber(_ scanner: inout JSONScanner, what: @autoclosure () -> String) throws -> Double? {
        switch try scanner.peekKind() {
        case .null: _ = try scanner.readNull(); return nil
        case .number: return try scanner.readNumber()
        default: throw try typeError(&scanner, what(), mustBe: "a number")
        }
    }

    private static func readInteger(_ scanner: inout JSONScanner, what: @autoclosure () -> String) throws -> Int? {
        guard let value = try readNumber(&scanner, what: what()) else { return nil }
        return value.isFinite && abs(value) < 9e15 ? Int(value) : nil
    }

    /// `number`: the feature's, counted from 1 as users do, for messages.
    private static func readFeature(_ scanner: inout JSONScanner, number: Int) throws -> ParsedEvent {
        guard try scanner.peekKind() == .object else {
            throw try typeError(&scanner, "feature \(number)", mustBe: "an object")
        }
        var id: String?
        var p = Properties()
        var coordinates: [Double] = []
        var hasCoordinates = false
        try scanner.readObject { scanner, key in
            switch key {
            case "id": id = try readString(&scanner, what: "\"id\" of feature \(number)")
            case "properties":
                if try scanner.readNull() { return }
                guard try scanner.peekKind() == .object else {
                    throw try typeError(&scanner, "\"properties\" of feature \(number)", mustBe: "an object")
                }
                try scanner.readObject { scanner, key in try p.read(key, from: &scanner, feature: number) }
            case "geometry":
                if try scanner.readNull() { return }
                guard try scanner.peekKind() == .object else {
                    throw try typeError(&scanner, "\"geometry\" of feature \(number)", mustBe: "an object")
                }
                try scanner.readObject { scanner, key in
                    guard case "coordinates" = key else { return try scanner.skipValue() }
                    if try scanner.readNull() { return }
                    guard try scanner.peekKind() == .array else {
                        throw try typeError(&scanner, "\"coordinates\" of feature \(number)", mustBe: "an array")
                    }
                    hasCoordinates = true
                    try scanner.readArray { scanner, _ in
                        coordinates.append(try readNumber(&scanner, what: "a coordinate of feature \(number)") ?? .nan)
                    }
                }
            default: try scanner.skipValue()
            }
        }
        guard let id, !id.isEmpty else { return .skipped(reason: "missing id") }
        guard let time = p.time else { return .skipped(reason: "missing time") }
        if let problem = TimeCheck.problem(time: time, updated: p.updated) { return .skipped(reason: problem) }
        guard hasCoordinates, coordinates.count >= 2 else { return .skipped(reason: "missing coordinates") }
        if let problem = CoordinateCheck.problem(longitude: coordinates[0], latitude: coordinates[1],
                                                 depth: coordinates.count > 2 ? coordinates[2] : 0) {
            return .skipped(reason: problem)
        }
        if let problem = MagnitudeCheck.problem(p.mag) { return .skipped(reason: problem) }
        var quake = Quake(
            id: id, code: p.code ?? "", net: p.net ?? "", ids: p.ids ?? ",\(id),",
            magnitude: p.mag, magType: p.magType ?? "",
            place: p.place ?? "",
            time: Date(epochMilliseconds: Int64(time)), updated: Date(epochMilliseconds: Int64(p.updated ?? time)),
            depth: coordinates.count > 2 ? coordinates[2] : 0, latitude: coordinates[1], longitude: coordinates[0],
            felt: p.felt, cdi: p.cdi, mmi: p.mmi, alert: p.alert,
            status: p.status ?? "", tsunami: p.tsunami, sig: p.sig, type: p.type ?? "earthquake",
            title: p.title ?? "", url: p.url ?? "")
        (quake.nst, quake.gap, quake.dmin, quake.rms) = (p.nst, p.gap, p.dmin, p.rms)
        (quake.horizontalError, quake.depthError, quake.magError, quake.magNst) = (p.horizontalError, p.depthError, p.magError, p.magNst)
        (quake.locationSource, quake.magSource, quake.catalog, quake.contributor) = (p.locationSource, p.magSource, p.catalog, p.contributor)
        (quake.evaluationMode, quake.evaluationStatus) = (p.evaluationMode, p.evaluationStatus)
        return .quake(quake)
    }

    /// The USGS properties the catalog keeps; the rest are skipped.
    private struct Properties {
        var mag, cdi, mmi, time, updated, gap, dmin, rms: Double?
        var felt, tsunami, sig, nst: Int?
        var place, code, net, ids, magType, alert, status, type, title, url: String?
        /// Not USGS's: what `GeoJSONWriter` writes of the other sources' fields.
        var horizontalError, depthError, magError: Double?
        var magNst: Int?
        var locationSource, magSource, catalog, contributor, evaluationMode, evaluationStatus: String?

        mutating func read(_ key: JSONKey, from scanner: inout JSONScanner, feature: Int) throws {
            // Built only for an error message: formatting it for every value
            // cost a tenth of an import.
            func what() -> String { "property \"\(key.string)\" of feature \(feature)" }
            switch key {
            case "mag": mag = try readNumber(&scanner, what: what())
            case "cdi": cdi = try readNumber(&scanner, what: what())
            case "mmi": mmi = try readNumber(&scanner, what: what())
            // NaN and Infinity are kept, for the range check to name them.
            case "time": time = try readNumber(&scanner, what: what())
            case "updated": updated = try readNumber(&scanner, what: what())
            case "felt": felt = try readInteger(&scanner, what: what())
            case "tsunami": tsunami = try readInteger(&scanner, what: what())
            case "sig": sig = try readInteger(&scanner, what: what())
            case "nst": nst = try readInteger(&scanner, what: what())
            case "gap": gap = try readNumber(&scanner, what: what())
            case "dmin": dmin = try readNumber(&scanner, what: what())
            case "rms": rms = try readNumber(&scanner, what: what())
            case "horizontalError": horizontalError = try readNumber(&scanner, what: what())
            case "depthError": depthError = try readNumber(&scanner, what: what())
            case "magError": magError = try readNumber(&scanner, what: what())
            case "magNst": magNst = try readInteger(&scanner, what: what())
            case "locationSource": locationSource = try readString(&scanner, what: what())
            case "magSource": magSource = try readString(&scanner, what: what())
            case "catalog": catalog = try readString(&scanner, what: what())
            case "contributor": contributor = try readString(&scanner, what: what())
            case "evaluationMode": evaluationMode = try readString(&scanner, what: what())
            case "evaluationStatus": evaluationStatus = try readString(&scanner, what: what())
            case "place": place = try readString(&scanner, what: what())
            case "code": code = try readString(&scanner, what: what())
            case "net": net = try readString(&scanner, what: what())
            case "ids": ids = try readString(&scanner, what: what())
            case "magType": magType = try readString(&scanner, what: what())
            case "alert": alert = try readString(&scanner, what: what())
            case "status": status = try readString(&scanner, what: what())
            case "type": type = try readString(&scanner, what: what())
            case "title": title = try readString(&scanner, what: what())
            case "url": url = try readString(&scanner, what: what())
            default: try scanner.skipValue()
            }
        }
    }
}
