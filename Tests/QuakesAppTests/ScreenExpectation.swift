import Foundation
import Testing
import TerminalUI
@testable import QuakeViews

/// The letters of a browse screen's style mask (`Screen.styleMask`), one
/// per cell:
///
///     ' ' plain                 '#' reverse: the top line, the selected row, the help box
///     'b' bold: the header's titles, notes     'B' bold reverse: the help's title
///     'u' bold underline: the header of the column under the cursor
///     'd' dim: the hints, the details' labels, a pending sort mark      'D' dim reverse
///     'v' dim underline: a pending sort mark over the column under the cursor
///     'g' green (M < 1)   'y' yellow (M 1–2)   'o' orange (M 2–3)   'r' red (M 3–5)
///     'm' magenta (M ≥ 5)   'a' gray (unknown magnitude): the magnitude column
///     'G' 'Y' 'O' 'R' 'M' 'A' the same reversed: the selected row's magnitude
///     'c' cyan bold: section lines   'n' cyan: a chart's fitted line
///     '!' red bold: errors, the delete question
///     'h' yellow bold underline: the filter's match in a place   'H' the same reversed
///     'k' the map's graticule (dim dark gray)   '1'…'8' the map's density classes, dark to
///     bright (a cell's background, or a legend swatch's color)
///
/// Uppercase is reversed throughout. A test with other styles on screen
/// (a new row's bold magnitude, a detail title) names them in `extra`.
enum Legend {
    static let browse: [Style: Character] = mapStyles.merging(basic) { _, own in own }

    /// The density ramp's colors as digits, and the graticule.
    static let mapStyles: [Style: Character] = {
        var styles: [Style: Character] = [MapPalette.graticuleStyle: "k"]
        for (index, color) in MapPalette.densityRamp.enumerated() {
            let digit = Character(String(index + 1))
            styles[Style(foreground: color)] = digit
            for foreground in [Color.indexed(16, fallback: .default), .indexed(231, fallback: .default)] {
                styles[Style(foreground: foreground, background: color)] = digit
            }
        }
        return styles
    }()

    static let basic: [Style: Character] = [
        .plain: " ",
        Style(reverse: true): "#",
        Style(bold: true): "b",
        Style(bold: true, reverse: true): "B",
        Style(bold: true, underline: true): "u",
        Style(dim: true): "d",
        Style(reverse: true, dim: true): "D",
        Style(underline: true, dim: true): "v",
        Style(foreground: .green): "g", Style(foreground: .green, reverse: true): "G",
        Style(foreground: .yellow): "y", Style(foreground: .yellow, reverse: true): "Y",
        Style(foreground: .orange): "o", Style(foreground: .orange, reverse: true): "O",
        Style(foreground: .red): "r", Style(foreground: .red, reverse: true): "R",
        Style(foreground: .magenta): "m", Style(foreground: .magenta, reverse: true): "M",
        Style(foreground: .gray): "a", Style(foreground: .gray, reverse: true): "A",
        Style(foreground: .cyan, bold: true): "c",
        Style(foreground: .cyan): "n",
        Style(foreground: .red, bold: true): "!",
        Style(foreground: .yellow, bold: true, underline: true): "h",
        Style(foreground: .yellow, bold: true, reverse: true, underline: true): "H",
    ]

    /// The browse legend and a test's own letters.
    static func browse(_ extra: [Style: Character]) -> [Style: Character] {
        browse.merging(extra) { _, own in own }
    }
}

/// Expects `screen` to be exactly `lines` in `styles` with its cursor at
/// `cursor` (none by default): every row, every cell, one mask row per
/// line. An expected line or mask row shorter than the screen is padded
/// with spaces to its width (as ratatui's `Buffer::with_lines` pads), then
/// compared with the whole row, trailing spaces included, so a cell left
/// over from a wide character or a style running past the text shows; a
/// mask's padding is plain. On a difference, both screens are recorded
/// with row numbers.
func expectScreen(_ screen: Screen, lines: [String], styles: [String], cursor: Screen.Position? = nil,
                  legend: [Style: Character] = Legend.browse, _ comment: Comment? = nil,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    guard let report = screenDifference(screen, lines: lines, styles: styles, cursor: cursor, legend: legend) else { return }
    // The console cuts a long issue short: QUAKES_SCREEN_REPORTS names a
    // file each whole report is added to, for updating an expectation.
    if let path = ProcessInfo.processInfo.environment["QUAKES_SCREEN_REPORTS"], let handle = FileHandle(forWritingAtPath: path) {
        handle.seekToEndOfFile()
        handle.write(Data((report + "\n").utf8))
        try? handle.close()
    }
    Issue.record(Comment(rawValue: (comment.map { $0.rawValue + "\n" } ?? "") + report), sourceLocation: sourceLocation)
}

/// What differs between `screen` and the expected lines and styles, as
/// both screens, rows numbered and edges marked with `|`, a differing row
/// marked with `>`; nil when they agree.
func screenDifference(_ screen: Screen, lines: [String], styles: [String], cursor: Screen.Position? = nil,
                      legend: [Style: Character]) -> String? {
    let expectedLines = lines.map { $0 + String(repeating: " ", count: max(0, screen.width - DisplayWidth.of($0))) }
    let expectedStyles = styles.map { $0 + String(repeating: " ", count: max(0, screen.width - $0.count)) }
    let actualLines = screen.fullLines, actualStyles = screen.styleMask(legend)
    let linesDiffer = expectedLines != actualLines, stylesDiffer = expectedStyles != actualStyles
    guard linesDiffer || stylesDiffer || screen.cursor != cursor else { return nil }

    func block(_ title: String, _ rows: [String], against other: [String]) -> String {
        let numberWidth = String(max(rows.count, other.count)).count
        let body = rows.enumerated().map { row, text in
            let mark = row < other.count && other[row] == text ? " " : ">"
            return mark + String(repeating: " ", count: numberWidth - String(row).count) + "\(row) |\(text)|"
        }
        return ([title] + body).joined(separator: "\n")
    }
    func describe(_ cursor: Screen.Position?) -> String { cursor.map { "row \($0.row), column \($0.column)" } ?? "none" }
    var parts = ["screen \(screen.width)x\(screen.height) differs from the one expected in its "
                 + [linesDiffer ? "text" : nil, stylesDiffer ? "styles" : nil, screen.cursor != cursor ? "cursor" : nil]
                     .compactMap { $0 }.joined(separator: ", ")]
    if screen.cursor != cursor { parts.append("expected cursor: \(describe(cursor)); actual cursor: \(describe(screen.cursor))") }
    if expectedLines.count != screen.height || expectedStyles.count != screen.height {
        parts.append("expected \(expectedLines.count) lines and \(expectedStyles.count) mask rows; the screen has \(screen.height) rows")
    }
    if linesDiffer {
        parts.append(block("expected text:", expectedLines, against: actualLines))
        parts.append(block("actual text:", actualLines, against: expectedLines))
    }
    if stylesDiffer {
        parts.append(block("expected styles:", expectedStyles, against: actualStyles))
        parts.append(block("actual styles:", actualStyles, against: expectedStyles))
        if !linesDiffer { parts.append(block("text:", actualLines, against: actualLines)) }
        let unnamed = Set(screen.cells.joined().map(\.style).filter { legend[$0] == nil })
        if !unnamed.isEmpty {
            parts.append("styles the legend does not name (\(Screen.unnamedStyle)): "
                         + unnamed.map { "\($0)" }.sorted().joined(separator: ", "))
        }
    }
    return parts.joined(separator: "\n")
}

extension BrowserHarness {
    /// Expects the harness's screen to be exactly `lines` in `styles`,
    /// with the browse legend and the test's `extra` letters.
    func expectScreen(_ lines: [String], styles: [String], cursor: Screen.Position? = nil, extra: [Style: Character] = [:],
                      _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        QuakesAppTests.expectScreen(screen, lines: lines, styles: styles, cursor: cursor, legend: Legend.browse(extra), comment,
                                    sourceLocation: sourceLocation)
    }
}
