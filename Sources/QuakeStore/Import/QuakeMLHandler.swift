import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SAX callbacks of `QuakeMLReader`: follows the path of local element
/// names, collects the current `event`'s values and emits the event at its
/// end tag. The callbacks cannot throw, so the first failure (the
/// consumer's, or a value that is not a number or a time) is kept and the
/// parse stopped.
final class QuakeMLHandler: NSObject, XMLParserDelegate {
    private let service: String?
    private let onEvent: (Int, ParsedEvent) throws -> Void
    private(set) var failure: (any Error)?
    /// Where libxml2 first found the XML not well-formed, and its error.
    private(set) var firstXMLError: (error: any Error, line: Int, column: Int)?
    private(set) var sawRoot = false
    private var path: [String] = []
    /// The index in `path` of the `event` being read.
    private var eventDepth: Int?
    private var event = QuakeMLEvent()
    private var eventCount = 0
    private var text = ""

    init(service: String?, onEvent: @escaping (Int, ParsedEvent) throws -> Void) {
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
        let name = Self.localName(elementName)
        path.append(name)
        sawRoot = true
        text = ""
        guard let depth = eventDepth else {
            if name == "event" {
                eventDepth = path.count - 1
                event = QuakeMLEvent()
                event.publicID = attributes["publicID"] ?? ""
            }
            return
        }
        guard path.count == depth + 2 else { return }   // only the event's own children start a record
        switch name {
        case "origin": event.origins.append(.init(publicID: attributes["publicID"] ?? ""))
        case "magnitude": event.magnitudes.append(.init(publicID: attributes["publicID"] ?? ""))
        case "description": event.descriptions.append((text: "", type: ""))
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if eventDepth != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil else { return }
        defer {
            if !path.isEmpty { path.removeLast() }
            text = ""
        }
        guard let depth = eventDepth, path.count > depth else { return }
        if path.count == depth + 1 {
            eventDepth = nil
            do { try onEvent(eventCount, event.parsed(service: service)) } catch { return stop(parser, failure: error) }
            eventCount += 1
            return
        }
        do {
            try take(path[(depth + 1)...], text.trimmingCharacters(in: .whitespacesAndNewlines), parser: parser)
        } catch {
            stop(parser, failure: error)
        }
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

    /// Keeps a leaf's text where it belongs: `path` runs from the event's
    /// child down to the element that ended.
    private func take(_ path: ArraySlice<String>, _ value: String, parser: XMLParser) throws {
        switch Array(path) {
        case ["preferredOriginID"]: event.preferredOriginID = value
        case ["preferredMagnitudeID"]: event.preferredMagnitudeID = value
        case ["type"]: event.type = value
        case ["description", "text"]: event.descriptions[event.descriptions.count - 1].text = value
        case ["description", "type"]: event.descriptions[event.descriptions.count - 1].type = value
        case ["creationInfo", "creationTime"]: event.creationTime = try time(value, "creationTime", parser)
        case ["creationInfo", "agencyID"]: event.agencyID = value
        case ["origin", "time", "value"]: event.origins[event.origins.count - 1].time = try time(value, "origin time", parser)
        case ["origin", "latitude", "value"]: event.origins[event.origins.count - 1].latitude = try number(value, "latitude", parser)
        case ["origin", "longitude", "value"]:
            event.origins[event.origins.count - 1].longitude = try number(value, "longitude", parser)
        case ["origin", "depth", "value"]: event.origins[event.origins.count - 1].depthMetres = try number(value, "depth", parser)
        case ["origin", "evaluationMode"]: event.origins[event.origins.count - 1].evaluationMode = value
        case ["origin", "evaluationStatus"]: event.origins[event.origins.count - 1].evaluationStatus = value
        case ["origin", "creationInfo", "agencyID"]: event.origins[event.origins.count - 1].agencyID = value
        case ["magnitude", "mag", "value"]: event.magnitudes[event.magnitudes.count - 1].value = try number(value, "magnitude", parser)
        case ["magnitude", "type"]: event.magnitudes[event.magnitudes.count - 1].type = value
        default: break
        }
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
