import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SAX callbacks of `QuakeMLReader`: follows the depth of the elements,
/// collects the current `event`'s values and emits the event at its end
/// tag. The callbacks cannot throw, so the first failure (the consumer's,
/// a value that is not a number or a time, nesting too deep) is kept and
/// the parse stopped.
final class QuakeMLHandler: NSObject, XMLParserDelegate {
    /// Elements nested deeper than this end the read: QuakeML needs 7
    /// levels, and a deeper file is either broken or built to be slow.
    static let maxDepth = 256

    private let service: String?
    private let onEvent: (Int, consuming ParsedEvent) throws -> Void
    private(set) var failure: (any Error)?
    /// Where libxml2 first found the XML not well-formed, and its error.
    private(set) var firstXMLError: (error: any Error, line: Int, column: Int)?
    private(set) var sawRoot = false
    /// The local names of the open elements; at most `maxDepth`.
    private var path: [String] = []
    /// The index in `path` of the `event` being read.
    private var eventDepth: Int?
    private var event = QuakeMLEvent()
    private var eventCount = 0
    /// The value being read and the index in `path` of its element: known
    /// when its start tag is seen, so an end tag costs the same at any depth.
    private var leaf: (field: QuakeMLField, depth: Int)?
    private var text = ""

    init(service: String?, onEvent: @escaping (Int, consuming ParsedEvent) throws -> Void) {
        self.service = service
        self.onEvent = onEvent
    }

    /// The innermost element not closed at the end, if any.
    var openElement: String? { path.last }

    /// `q:quakeml` → `quakeml`.
    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        guard path.count < Self.maxDepth else {
            return stop(parser, failure: QuakeMLReader.SyntaxError(
                message: "not well-formed QuakeML: elements nested deeper than \(Self.maxDepth)",
                line: parser.lineNumber, column: parser.columnNumber))
        }
        let name = Self.localName(elementName)
        path.append(name)
        sawRoot = true
        guard let depth = eventDepth else {
            if name == "event" {
                eventDepth = path.count - 1
                event = QuakeMLEvent()
                event.publicID = attributes["publicID"] ?? ""
            }
            return
        }
        let level = path.count - 1 - depth   // 1 for the event's own children
        if level == 1 {
            switch name {
            case "origin": event.origins.append(.init(publicID: attributes["publicID"] ?? ""))
            case "magnitude": event.magnitudes.append(.init(publicID: attributes["publicID"] ?? ""))
            case "description": event.descriptions.append((text: "", type: ""))
            default: break
            }
        }
        if leaf == nil, level <= 3, let field = QuakeMLField(path[(depth + 1)...]) {
            leaf = (field, path.count - 1)
            text = ""
        }
    }

    /// A value's text is all the character data and CDATA within its
    /// element, children's included (`<text>NEAR <b>COAST</b></text>` is
    /// `NEAR COAST`), as XPath's string value.
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if leaf != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if leaf != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil else { return }
        defer { if !path.isEmpty { path.removeLast() } }
        guard let depth = eventDepth, path.count > depth else { return }
        if path.count == depth + 1 {
            eventDepth = nil
            do { try onEvent(eventCount, event.parsed(service: service)) } catch { return stop(parser, failure: error) }
            eventCount += 1
            return
        }
        guard let (field, leafDepth) = leaf, leafDepth == path.count - 1 else { return }
        leaf = nil
        do {
            try take(field, text.trimmingCharacters(in: .whitespacesAndNewlines), parser: parser)
        } catch {
            stop(parser, failure: error)
        }
        text = ""
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // Stopping raises an error of its own: the first is the cause.
        guard firstXMLError == nil, failure == nil else { return }
        firstXMLError = (parseError, parser.lineNumber, parser.columnNumber)
        parser.abortParsing()
    }

    private func stop(_ parser: XMLParser, failure: any Error) {
        self.failure = failure
        parser.abortParsing()
    }

    /// Keeps a value where it belongs.
    private func take(_ field: QuakeMLField, _ value: String, parser: XMLParser) throws {
        switch field {
        case .preferredOriginID: event.preferredOriginID = value
        case .preferredMagnitudeID: event.preferredMagnitudeID = value
        case .type: event.type = value
        case .descriptionText: event.descriptions[event.descriptions.count - 1].text = value
        case .descriptionType: event.descriptions[event.descriptions.count - 1].type = value
        case .creationTime: event.creationTime = try time(value, "creationTime", parser)
        case .agencyID: event.agencyID = value
        case .originTime: event.origins[event.origins.count - 1].time = try time(value, "origin time", parser)
        case .latitude: event.origins[event.origins.count - 1].latitude = try number(value, "latitude", parser)
        case .longitude: event.origins[event.origins.count - 1].longitude = try number(value, "longitude", parser)
        case .depth: event.origins[event.origins.count - 1].depthMetres = try number(value, "depth", parser)
        case .evaluationMode: event.origins[event.origins.count - 1].evaluationMode = value
        case .evaluationStatus: event.origins[event.origins.count - 1].evaluationStatus = value
        case .originAgencyID: event.origins[event.origins.count - 1].agencyID = value
        case .magnitude: event.magnitudes[event.magnitudes.count - 1].value = try number(value, "magnitude", parser)
        case .magnitudeType: event.magnitudes[event.magnitudes.count - 1].type = value
        case .depthUncertainty: event.origins[event.origins.count - 1].depthUncertaintyMetres = measurement(value)
        case .horizontalUncertainty:
            event.origins[event.origins.count - 1].horizontalUncertaintyMetres = measurement(value)
        case .standardError: event.origins[event.origins.count - 1].standardError = measurement(value)
        case .azimuthalGap: event.origins[event.origins.count - 1].azimuthalGap = measurement(value)
        case .minimumDistance: event.origins[event.origins.count - 1].minimumDistance = measurement(value)
        case .usedStationCount: event.origins[event.origins.count - 1].usedStationCount = measurement(value)
        case .magnitudeUncertainty: event.magnitudes[event.magnitudes.count - 1].uncertainty = measurement(value)
        case .magnitudeStationCount: event.magnitudes[event.magnitudes.count - 1].stationCount = measurement(value)
        case .magnitudeAgencyID: event.magnitudes[event.magnitudes.count - 1].agencyID = value
        }
    }

    /// A measurement's finite decimal; nil for anything else: a
    /// measurement never makes an event unreadable.
    private func measurement(_ text: String) -> Double? {
        var bytes = text
        return bytes.withUTF8 { USGSCSVReader.decimalValue($0) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A decimal, or NaN / ±infinity as other tools write them (left for
    /// the range checks to skip, as in the other formats); empty is unknown.
    private func number(_ text: String, _ what: String, _ parser: XMLParser) throws -> Double? {
        if text.isEmpty { return nil }
        var bytes = text
        if let value = bytes.withUTF8({ USGSCSVReader.decimalValue($0) }) ?? USGSCSVReader.nonFinite(text) { return value }
        throw QuakeMLReader.SyntaxError(message: "\(what) must be a number, found \"\(text.prefix(40))\"",
                                        line: parser.lineNumber, column: parser.columnNumber)
    }

    private func time(_ text: String, _ what: String, _ parser: XMLParser) throws -> (milliseconds: Int64, text: String)? {
        if text.isEmpty { return nil }
        if let milliseconds = ISOTime.epochMilliseconds(text) { return (milliseconds, text) }
        throw QuakeMLReader.SyntaxError(message: "\(what) must be an ISO 8601 time, found \"\(text.prefix(40))\"",
                                        line: parser.lineNumber, column: parser.columnNumber)
    }
}

/// The values of an `event` the reader keeps, by their element's path
/// from the event's child down (`origin/latitude/value`).
enum QuakeMLField {
    case preferredOriginID, preferredMagnitudeID, type, descriptionText, descriptionType, creationTime, agencyID
    case originTime, latitude, longitude, depth, evaluationMode, evaluationStatus, originAgencyID
    case magnitude, magnitudeType
    case depthUncertainty, horizontalUncertainty, standardError, azimuthalGap, minimumDistance, usedStationCount
    case magnitudeUncertainty, magnitudeStationCount, magnitudeAgencyID

    init?(_ path: ArraySlice<String>) {
        switch Array(path) {
        case ["preferredOriginID"]: self = .preferredOriginID
        case ["preferredMagnitudeID"]: self = .preferredMagnitudeID
        case ["type"]: self = .type
        case ["description", "text"]: self = .descriptionText
        case ["description", "type"]: self = .descriptionType
        case ["creationInfo", "creationTime"]: self = .creationTime
        case ["creationInfo", "agencyID"]: self = .agencyID
        case ["origin", "time", "value"]: self = .originTime
        case ["origin", "latitude", "value"]: self = .latitude
        case ["origin", "longitude", "value"]: self = .longitude
        case ["origin", "depth", "value"]: self = .depth
        case ["origin", "evaluationMode"]: self = .evaluationMode
        case ["origin", "evaluationStatus"]: self = .evaluationStatus
        case ["origin", "creationInfo", "agencyID"]: self = .originAgencyID
        case ["magnitude", "mag", "value"]: self = .magnitude
        case ["magnitude", "type"]: self = .magnitudeType
        case ["origin", "depth", "uncertainty"]: self = .depthUncertainty
        case ["origin", "originUncertainty", "horizontalUncertainty"]: self = .horizontalUncertainty
        case ["origin", "quality", "standardError"]: self = .standardError
        case ["origin", "quality", "azimuthalGap"]: self = .azimuthalGap
        case ["origin", "quality", "minimumDistance"]: self = .minimumDistance
        case ["origin", "quality", "usedStationCount"]: self = .usedStationCount
        case ["magnitude", "mag", "uncertainty"]: self = .magnitudeUncertainty
        case ["magnitude", "stationCount"]: self = .magnitudeStationCount
        case ["magnitude", "creationInfo", "agencyID"]: self = .magnitudeAgencyID
        default: return nil
        }
    }
}
