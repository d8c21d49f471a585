import Foundation
import TerminalUI

/// The list of every key (the browser's Keymap's help lines), over the table.
public struct HelpView {
    /// The help lines: keys as written, what they do.
    public let keys: [(String, String)]
    /// Arrows and ⏎ in words where the locale is not UTF-8.
    public var unicode = true

    public init(keys: [(String, String)], unicode: Bool = true) {
        self.keys = keys
        self.unicode = unicode
    }

    public static let asciiKeyNames: [(String, String)] = [("↑ ↓", "Up Down"), ("← →", "Left Right"), ("⏎", "Enter")]

    /// Draws a box centered in `area`.
    public func render(in area: Rect, into screen: inout Screen) {
        let keys = unicode ? self.keys : self.keys.map { keys, effect in
            (Self.asciiKeyNames.reduce(keys) { $0.replacingOccurrences(of: $1.0, with: $1.1) }, effect)
        }
        let keyWidth = max(16, keys.map { DisplayWidth.of($0.0) }.max()! + 2)
        let width = min(area.width - 4, 72)
        let height = min(area.height - 2, keys.count + 4)
        let left = area.x + (area.width - width) / 2, top = area.y + max(1, (area.height - height) / 2)
        let frame = Style(reverse: true)
        for row in top..<top + height { screen.fill(row: row, from: left, to: left + width, style: frame) }
        screen.put(" Keys ", row: top, column: left + 2, style: Style(bold: true, reverse: true))
        for (i, (key, effect)) in keys.enumerated() where top + 2 + i < top + height - 1 {
            screen.put(DisplayWidth.fit(key, to: keyWidth) + effect, row: top + 2 + i, column: left + 2, style: frame,
                       maxWidth: width - 4)
        }
        screen.put(" any key closes ", row: top + height - 1, column: left + width - 18, style: Style(reverse: true, dim: true))
    }
}
