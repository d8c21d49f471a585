import QuakeQuery

/// The table body as lines: rows, with a header line before each section.
public struct TableLayout {
    public enum Item: Equatable {
        case section(ResultsSection)
        case row(Int)
    }

    public let sections: [ResultsSection]
    public let rowCount: Int

    public init(sections: [ResultsSection], rowCount: Int) {
        self.sections = sections
        self.rowCount = rowCount
    }

    /// The lines of a page's results: its rows known so far (the count, or
    /// while counting the first window) and its sections; none before a page.
    public init(page: ResultsPage?) {
        self.init(sections: page?.sections ?? [], rowCount: page?.knownRowCount ?? 0)
    }

    public var lineCount: Int { rowCount + sections.count }

    /// Sections starting at or before `row` (each adds its header line).
    private func sectionsUpTo(row: Int) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].firstRowIndex <= row { low = mid + 1 } else { high = mid }
        }
        return low
    }

    public func line(ofRow row: Int) -> Int { row + sectionsUpTo(row: row) }

    public func isFirstRowOfSection(_ row: Int) -> Bool {
        let n = sectionsUpTo(row: row)
        return n > 0 && sections[n - 1].firstRowIndex == row
    }

    public func item(atLine line: Int) -> Item? {
        guard line >= 0, line < lineCount else { return nil }
        if sections.isEmpty { return .row(line) }
        // The last section whose header line is at or before `line`.
        var low = 0, high = sections.count - 1, found = 0
        while low <= high {
            let mid = (low + high) / 2
            let headerLine = sections[mid].firstRowIndex + mid
            if headerLine <= line { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        let headerLine = sections[found].firstRowIndex + found
        if headerLine == line { return .section(sections[found]) }
        return .row(line - found - 1)
    }
}
