import QuakeStore

/// `DISTANCE(latitude, longitude)`, `DISTANCE("place")` and `DISTANCE()`
/// (from home): a number key computed per quake.
extension PredicateParser {
    static let distanceUsage = "DISTANCE needs a point: DISTANCE(latitude, longitude), DISTANCE(\"place\"), or DISTANCE() from home"

    /// After the word DISTANCE (`name`): its arguments, as a field.
    mutating func parseDistance(_ name: PredicateToken) throws -> QuakeField {
        guard peek.kind == .punct("(") else { throw error(Self.distanceUsage, peek) }
        _ = advance()
        if peek.kind == .punct(")") {
            _ = advance()
            guard let home else {
                throw error("DISTANCE() measures from home, and no home is set (home in the config file, or --home)", name)
            }
            return .distance(from: home.point, arguments: "")
        }
        let (first, firstToken) = try parseOperand(after: "DISTANCE(")
        switch first {
        case .value(.string(let text)):
            try closeDistance()
            let place: Gazetteer.Place
            do { place = try Gazetteer.bundled.get().place(named: text) } catch {
                throw self.error("\(error)", firstToken)
            }
            return .distance(from: place.point, arguments: PredicateValue.text(text).description)
        case .value(.number(let latitude, _)):
            guard peek.kind == .punct(",") else {
                throw error("expected ',' and a longitude after the latitude, found \(Self.describe(peek))", peek)
            }
            _ = advance()
            let (second, secondToken) = try parseOperand(after: ",")
            guard case .value(.number(let longitude, _)) = second else {
                throw error("DISTANCE's longitude must be a number", secondToken)
            }
            try closeDistance()
            guard (-90...90).contains(latitude) else {
                throw error("latitude \(PredicateValue.number(latitude)) is not between -90 and 90", firstToken)
            }
            guard let point = GeoPoint(checkingLatitude: latitude, longitude: longitude) else {
                throw error("longitude \(PredicateValue.number(longitude)) is not between -180 and 180", secondToken)
            }
            return .distance(from: point, arguments: QuakeField.distanceArguments(point))
        default:
            throw error(Self.distanceUsage, firstToken)
        }
    }

    private mutating func closeDistance() throws {
        guard peek.kind == .punct(")") else {
            throw error("expected ')' to close DISTANCE(, found \(Self.describe(peek))", peek)
        }
        _ = advance()
    }

    /// A sort key such as `DISTANCE(35.68, 139.69)` (the whole text).
    static func parseDistanceKey(_ text: String, home: Home?) throws -> QuakeField {
        var parser = try PredicateParser(text, arguments: [], home: home)
        let name = parser.advance()
        let field = try parser.parseDistance(name)
        guard parser.peek.kind == .end else {
            throw parser.error("unexpected \(describe(parser.peek)) after DISTANCE(…)", parser.peek)
        }
        return field
    }
}
