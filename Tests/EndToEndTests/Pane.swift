import Foundation

/// One capture of the pane: the browser's lines as a user sees them.
struct Pane: CustomStringConvertible {
    let lines: [String]

    /// The reverse-video line: app name, catalog, count, filter, sort, sections.
    var top: String { lines.first ?? "" }
    /// The column titles.
    var header: String { lines.count > 1 ? lines[1] : "" }
    /// Hints, messages, the filter and predicate fields.
    var bottom: String { lines.last ?? "" }
    /// The table body: everything between the header and the bottom line.
    var body: [String] { lines.count > 3 ? Array(lines[2..<lines.count - 1]) : [] }
    /// The body lines that are quake rows (not section headers or blanks).
    var rows: [TableRow] { let x = placeX; return x > 21 ? body.compactMap { TableRow($0, placeX: x) } : [] }

    var description: String { "\n" + lines.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(separator: "\n") }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The text in display columns `from..<from + width` of `line`, trailing
    /// blanks dropped (a wide character takes two columns).
    static func cells(_ line: String, from start: Int, width: Int) -> String {
        var column = 0
        var out = ""
        for character in line {
            let w = displayWidth(character)
            if column >= start && column + w <= start + width { out.append(character) }
            column += w
            if column >= start + width { break }
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// Columns a character takes in the terminal: two for East Asian wide
    /// and fullwidth ones, else one. Enough for what these tests show.
    static func displayWidth(_ character: Character) -> Int {
        guard let v = character.unicodeScalars.first?.value else { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }
}

/// One quake row of the table as drawn. Only the time's place is fixed (after
/// the 2-column margin of the `+` change mark); the other columns are found
/// through the header, since their widths adapt to the screen.
struct TableRow: Equatable {
    /// `+` for a quake an import added while the browser was open.
    let mark: String
    /// `2018-06-14 09:12:13`: the time, without the age after it.
    let time: String
    /// `2.9`, `-0.4`.
    let magnitude: String
    /// The place as shown: cut with `…` when too long for its column.
    let place: String

    static let timeX = 2

    init?(_ line: String, placeX: Int) {
        let time = Pane.cells(line, from: Self.timeX, width: 19)
        guard time.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"#, options: .regularExpression) != nil else { return nil }
        self.time = time
        mark = Pane.cells(line, from: 0, width: 1)
        // Between the time and the place: the age (when there is room), then the magnitude.
        let between = Pane.cells(line, from: Self.timeX + 19, width: placeX - Self.timeX - 19)
        magnitude = between.split(separator: " ").last.map(String.init) ?? ""
        // The place ends at the first double space: USGS places have none,
        // and the right-aligned depth after it starts with blanks.
        let rest = Pane.cells(line, from: placeX, width: 1000)
        place = rest.components(separatedBy: "  ").first ?? rest
    }

    /// Whether the shown place is `place`, or its beginning cut with `…`.
    func shows(place full: String) -> Bool {
        if place.hasSuffix("…") { return full.hasPrefix(String(place.dropLast())) && full != String(place.dropLast()) }
        return place == full
    }
}

extension Pane {
    /// The whole header label of a column: `1 Time ▼`, `2 Mag`, `Place ▲`.
    func label(_ title: String) -> String? {
        let pattern = "(?:[0-9] )?" + title + "(?: [▲▼^v][0-9]*)?"
        return header.range(of: pattern, options: .regularExpression).map { String(header[$0]) }
    }

    /// The display column where the Place column starts (the header has
    /// only one-column characters, so it is the character offset).
    var placeX: Int {
        guard let range = header.range(of: "(?:[0-9] )?Place", options: .regularExpression) else { return 0 }
        return header.distance(from: header.startIndex, to: range.lowerBound)
    }
}
