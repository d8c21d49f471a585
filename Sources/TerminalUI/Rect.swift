/// A rectangle of screen cells: where a view draws and what a click hits.
/// Rows and columns count from the screen's top left; a view given a Rect
/// draws inside it and nowhere else, so views can sit beside each other.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y
        self.width = max(0, width); self.height = max(0, height)
    }

    /// The whole of a screen.
    public init(_ screen: Screen) { self.init(x: 0, y: 0, width: screen.width, height: screen.height) }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var rows: Range<Int> { y..<maxY }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(row: Int, column: Int) -> Bool { rows.contains(row) && (x..<maxX).contains(column) }

    /// The top `count` rows (fewer when the rectangle is shorter).
    public func top(_ count: Int) -> Rect { Rect(x: x, y: y, width: width, height: min(height, max(0, count))) }

    /// The bottom `count` rows.
    public func bottom(_ count: Int) -> Rect {
        let rows = min(height, max(0, count))
        return Rect(x: x, y: maxY - rows, width: width, height: rows)
    }

    /// What is left after taking `top` rows off the top and `bottom` off the bottom.
    public func inset(top: Int = 0, bottom: Int = 0) -> Rect {
        let top = min(height, max(0, top))
        return Rect(x: x, y: y + top, width: width, height: height - top - max(0, bottom))
    }

    public var description: String { "\(width)x\(height) at \(x),\(y)" }
}
