import QuakeQuery

/// The table body as lines: rows, with a header line before each section.
/// As a tree (`T`), a section is folded to its header line unless opened,
/// as htop folds a process's children.
public struct TableLayout: Equatable, Sendable {
    public enum Item: Equatable, Sendable {
        case section(ResultsSection)
        case row(Int)
    }

    public let sections: [ResultsSection]
    public let rowCount: Int
    /// The sections opened in a tree; nil: not a tree, every section open.
    public let openSections: Set<String>?
    /// As a tree: each section's header line.
    private let headerLines: [Int]
    public let lineCount: Int

    public init(sections: [ResultsSection], rowCount: Int, openSections: Set<String>? = nil) {
        self.sections = sections
        self.rowCount = rowCount
        // A tree needs sections: without them every row is its own line.
        self.openSections = sections.isEmpty ? nil : openSections
        guard let open = self.openSections else {
            headerLines = []
            lineCount = rowCount + sections.count
            return
        }
        var lines: [Int] = [], line = 0
        lines.reserveCapacity(sections.count)
        for section in sections {
            lines.append(line)
            line += 1 + (open.contains(section.id) ? section.count : 0)
        }
        headerLines = lines
        lineCount = line
    }

    /// The lines of a page's results: its rows known so far (the count, or
    /// while counting the first window) and its sections; none before a page.
    public init(page: ResultsPage?, openSections: Set<String>? = nil) {
        self.init(sections: page?.sections ?? [], rowCount: page?.knownRowCount ?? 0, openSections: openSections)
    }

    /// Whether `section` shows only its header line.
    public func isFolded(_ section: ResultsSection) -> Bool { openSections.map { !$0.contains(section.id) } ?? false }

    /// Sections starting at or before `row` (each adds its header line).
    private func sectionsUpTo(row: Int) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].firstRowIndex <= row { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The line showing `row`: in a folded section, its header line.
    public func line(ofRow row: Int) -> Int {
        guard openSections != nil else { return row + sectionsUpTo(row: row) }
        let n = sectionsUpTo(row: row)
        guard n > 0 else { return row }
        let section = sections[n - 1]
        return isFolded(section) ? headerLines[n - 1] : headerLines[n - 1] + 1 + row - section.firstRowIndex
    }

    /// The section `row` belongs to.
    public func section(ofRow row: Int) -> ResultsSection? {
        let n = sectionsUpTo(row: row)
        return n > 0 ? sections[n - 1] : nil
    }

    public func isFirstRowOfSection(_ row: Int) -> Bool {
        let n = sectionsUpTo(row: row)
        return n > 0 && sections[n - 1].firstRowIndex == row && !isFolded(sections[n - 1])
    }

    public func item(atLine line: Int) -> Item? {
        guard line >= 0, line < lineCount else { return nil }
        if sections.isEmpty { return .row(line) }
        // The last section whose header line is at or before `line`.
        var low = 0, high = sections.count - 1, found = 0
        while low <= high {
            let mid = (low + high) / 2
            if headerLine(mid) <= line { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        let header = headerLine(found)
        if header == line { return .section(sections[found]) }
        return .row(sections[found].firstRowIndex + line - header - 1)
    }

    private func headerLine(_ index: Int) -> Int {
        openSections == nil ? sections[index].firstRowIndex + index : headerLines[index]
    }

    /// The row a line selects: a row's own, a folded section's first; nil
    /// for an open section's header line.
    public func selectableRow(atLine line: Int) -> Int? {
        switch item(atLine: line) {
        case .row(let row): row
        case .section(let section) where isFolded(section): section.firstRowIndex
        default: nil
        }
    }
}
