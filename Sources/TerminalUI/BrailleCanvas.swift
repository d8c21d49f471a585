/// Dots drawn with braille characters: a canvas of `columns`×`rows`
/// character cells holds 2×`columns` by 4×`rows` dots. Dot (x, y) is in
/// cell (x div 2, y div 4), as bit (x mod 2, y mod 4) of the cell's
/// braille pattern, numbered as Unicode numbers the dots (U+2800 + mask):
///
///     1 4      0x01 0x08
///     2 5      0x02 0x10
///     3 6      0x04 0x20
///     7 8      0x40 0x80
public struct BrailleCanvas: Sendable, Hashable {
    public let columns: Int
    public let rows: Int
    /// One pattern per cell, row by row.
    public private(set) var masks: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        masks = Array(repeating: 0, count: self.columns * self.rows)
    }

    public var dotsAcross: Int { 2 * columns }
    public var dotsDown: Int { 4 * rows }

    /// The bits of the left column top to bottom, then the right column's.
    static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// The bit of dot (x, y) within its cell's pattern.
    public static func bit(x: Int, y: Int) -> UInt8 { bits[x & 1][y & 3] }

    /// The braille character showing the pattern: U+2800 + mask (U+2800,
    /// the blank pattern, for 0).
    public static func character(_ mask: UInt8) -> Character {
        Character(Unicode.Scalar(0x2800 + UInt32(mask))!)
    }

    /// Lights dot (x, y); a dot outside the canvas is ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotsAcross, y < dotsDown else { return }
        masks[(y >> 2) * columns + (x >> 1)] |= Self.bit(x: x, y: y)
    }

    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotsAcross, y < dotsDown else { return false }
        return masks[(y >> 2) * columns + (x >> 1)] & Self.bit(x: x, y: y) != 0
    }

    /// The pattern of cell (column, row); 0 outside the canvas.
    public func mask(column: Int, row: Int) -> UInt8 {
        guard column >= 0, row >= 0, column < columns, row < rows else { return 0 }
        return masks[row * columns + column]
    }
}
