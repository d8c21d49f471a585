import QuakeQuery
import QuakeViews

/// `T`: the sections as a tree, each folded to its line (a mainshock's
/// sequence, by default), opened and closed one at a time as htop's tree.
extension BrowserModel {
    /// On: every section folded, sequence sections when none show. Off:
    /// every section open again (the sections stay).
    mutating func toggleTree() {
        if openSections != nil {
            openSections = nil
            message = "tree off; s changes the sections"
            return
        }
        openSections = []
        if requestedSections == nil {
            configuration.sectionIdentifier = .sequence
            message = "tree of sequences: → opens one, ← closes it; D declusters"
        } else {
            message = "tree: → opens a section, ← closes it"
        }
    }

    /// `→`/`zo` open, `←`/`zc` close the section of the selection; closed,
    /// the selection is its line.
    mutating func foldSelectedSection(open: Bool) {
        guard var opened = openSections, let section = tableLayout.section(ofRow: selectedIndex) else { return }
        if open { opened.insert(section.id) } else { opened.remove(section.id) }
        openSections = opened
        if !open { select(section.firstRowIndex) }
    }

    /// The sections asked for (the configuration's).
    private var requestedSections: SectionKey? { configuration.sectionIdentifier }
}
