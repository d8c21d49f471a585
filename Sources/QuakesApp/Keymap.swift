import TerminalUI

/// What a key asks the browser to do. The state dispatches on these, never
/// on raw keys (the text fields keep their editing keys).
public enum KeyCommand: CaseIterable, Sendable {
    case quit, moveDown, moveUp, pageDown, pageUp, first, last
    case columnLeft, columnRight, sortAscending, sortDescending, addSortKey
    /// A digit key: the column it names (0 is Dist, with a home).
    case sortByColumn
    case filter, predicate, cycleSections, showDetail, closeDetail, delete, export, refresh
    case cycleMapLayout, switchFocus, cycleCharts, toggleRegionFilter
    case zoomIn, zoomOut, panWest, panEast, panNorth, panSouth, fitMap
    /// `.`: the map's view centred on the selected quake.
    case centreMap
    /// `v` quakes as density or events, `V` what colors the events, `L` plates, faults and towns.
    case cycleMapStyle, cycleMapColoring, toggleMapLayers
    case saveView, listViews, toggleUTC, openEventPage, copyEventLink, help
    /// Take back the last change of filter, predicate, region, sort or sections; redo it again.
    case undo, redo
    /// `A`: only the selected quake's sequence.
    case selectSequence
    /// `M`: the charts' next Mc method.
    case cycleMcMethod
    /// `D`: decluster the results in the background.
    case decluster
    /// `O`: the charts' activity or the sequence's Omori decay.
    case toggleDecay
    /// In the details: `Tab` the next origin of the event, `x` that origin
    /// split off as an event of its own, `m` this event marked to merge (or
    /// merged with the one marked).
    case nextOrigin, splitOrigin, mergeEvents
    /// `F`: how many of the results hold each value of the cursor's column.
    case frequency
    /// `Ctrl-P`: every command, found by what it does.
    case palette
    /// `Ctrl-F`: find a place in the results without filtering; `n`, `N`: the next, the previous.
    case search, searchNext, searchPrevious
    /// `-`: hide the cursor's column; `+`: add a column not shown.
    case hideColumn, showColumns
    /// `<`, `>`: move the cursor's column left, right.
    case moveColumnLeft, moveColumnRight
    /// `T`: the sections as a tree, folded; `→`, `zo` open the selection's,
    /// `←`, `zc` close it.
    case toggleTree, openSection, closeSection
    /// `x`: a cross-section's A at the selected quake, then A′, then closed;
    /// `=`: the section stretched to fill its pane, or true to scale again.
    case markSection, stretchSection
    /// `x` on the map: the next two clicks place A and A′.
    case placeSectionByClicks
    /// `C`: the newest change an import made to the results, again the one before it.
    case jumpToChange
    /// In a list over the table (the saved views, a frequency sheet, the
    /// columns to add, the palette's commands): the next and the previous
    /// entry, the first and the last, the chosen one taken, the list closed;
    /// `d` deletes the chosen saved view.
    case listNext, listPrevious, listFirst, listLast, listChoose, listClose, deleteChosenView
    /// In a question (delete? overwrite? open the new file?): yes. Any other key is no.
    case answerYes
}

/// Where a binding applies: in every mode, the table mode, the table mode
/// with the map focused (looked up first), or the details.
public enum KeyContext: Sendable {
    case anywhere, table, map, detail
    /// The table as a tree (`T`): looked up before the table's.
    case tree
    /// A list over the table: saved views, a frequency sheet, the columns to add.
    case list
    /// The palette (`Ctrl-P`), whose letters edit its query: only the keys that are not text.
    case palette
    /// A yes-or-no question in the bottom line.
    case question
}

/// Keys, where they apply, and the command they run.
struct KeyBinding {
    let keys: [Key]
    let context: KeyContext
    let command: KeyCommand
}

/// A line of the `?` list: the keys as written there, what they do, and
/// the commands it describes.
struct KeyHelpLine {
    let keys: String
    let text: String
    let commands: [KeyCommand]
}

/// An entry of the manual's KEYS section and of docs/KEYS.md: the keys and
/// what they do, where `code` marks a key or a command (`.Ic` in the manual).
struct KeyManualItem {
    let keys: String
    let text: String
    let commands: [KeyCommand]
}

/// A word of the bottom hints line: the keys as written there, what they
/// do, and the commands it names (none for a mouse gesture); a test holds
/// the keys written to the bindings of those commands.
struct KeyHint {
    let keys: String
    let text: String
    var commands: [KeyCommand] = []
    var line: String { keys + " " + text }
}

/// The browser's keys, written once (as lazygit's binding table and
/// VisiData's addCommand): the state looks keys up here, and the `?` list,
/// the bottom hints, the manual's KEYS section and docs/KEYS.md are made
/// from it.
enum Keymap {
    static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.control("c")], context: .anywhere, command: .quit),
        // With the map focused, these come before the table's.
        KeyBinding(keys: [.character("+"), .character("=")], context: .map, command: .zoomIn),
        KeyBinding(keys: [.character("-")], context: .map, command: .zoomOut),
        KeyBinding(keys: [.left, .character("h")], context: .map, command: .panWest),
        KeyBinding(keys: [.right, .character("l")], context: .map, command: .panEast),
        KeyBinding(keys: [.up, .character("k")], context: .map, command: .panNorth),
        KeyBinding(keys: [.down, .character("j")], context: .map, command: .panSouth),
        KeyBinding(keys: [.character("0")], context: .map, command: .fitMap),
        KeyBinding(keys: [.character(".")], context: .map, command: .centreMap),
        KeyBinding(keys: [.character("v")], context: .map, command: .cycleMapStyle),
        KeyBinding(keys: [.character("V")], context: .map, command: .cycleMapColoring),
        KeyBinding(keys: [.character("L")], context: .map, command: .toggleMapLayers),
        KeyBinding(keys: [.character("x")], context: .map, command: .placeSectionByClicks),
        KeyBinding(keys: [.character("q")], context: .table, command: .quit),
        KeyBinding(keys: [.down, .character("j")], context: .table, command: .moveDown),
        KeyBinding(keys: [.up, .character("k")], context: .table, command: .moveUp),
        KeyBinding(keys: [.pageDown, .character(" ")], context: .table, command: .pageDown),
        KeyBinding(keys: [.pageUp, .control("b")], context: .table, command: .pageUp),
        KeyBinding(keys: [.home, .character("g")], context: .table, command: .first),
        KeyBinding(keys: [.end, .character("G")], context: .table, command: .last),
        KeyBinding(keys: [.left, .character("h")], context: .table, command: .columnLeft),
        KeyBinding(keys: [.right, .character("l")], context: .table, command: .columnRight),
        KeyBinding(keys: [.character("[")], context: .table, command: .sortAscending),
        KeyBinding(keys: [.character("]")], context: .table, command: .sortDescending),
        KeyBinding(keys: [.character("z")], context: .table, command: .addSortKey),
        KeyBinding(keys: (0...9).map { .character(Character(String($0))) }, context: .table, command: .sortByColumn),
        KeyBinding(keys: [.character("/")], context: .table, command: .filter),
        KeyBinding(keys: [.character(":")], context: .table, command: .predicate),
        KeyBinding(keys: [.character("s")], context: .table, command: .cycleSections),
        KeyBinding(keys: [.character("m")], context: .table, command: .cycleMapLayout),
        KeyBinding(keys: [.tab], context: .table, command: .switchFocus),
        KeyBinding(keys: [.character("c")], context: .table, command: .cycleCharts),
        KeyBinding(keys: [.character("R")], context: .table, command: .toggleRegionFilter),
        KeyBinding(keys: [.enter], context: .table, command: .showDetail),
        KeyBinding(keys: [.character("d")], context: .table, command: .delete),
        KeyBinding(keys: [.character("e")], context: .table, command: .export),
        KeyBinding(keys: [.character("F")], context: .table, command: .frequency),
        KeyBinding(keys: [.character("?")], context: .table, command: .help),
        KeyBinding(keys: [.character("w")], context: .table, command: .saveView),
        KeyBinding(keys: [.character("'")], context: .table, command: .listViews),
        KeyBinding(keys: [.character("t")], context: .table, command: .toggleUTC),
        KeyBinding(keys: [.character("o")], context: .table, command: .openEventPage),
        KeyBinding(keys: [.character("y")], context: .table, command: .copyEventLink),
        KeyBinding(keys: [.character("r")], context: .table, command: .refresh),
        KeyBinding(keys: [.character("u")], context: .table, command: .undo),
        KeyBinding(keys: [.character("A")], context: .table, command: .selectSequence),
        KeyBinding(keys: [.character("T")], context: .table, command: .toggleTree),
        KeyBinding(keys: [.character("x")], context: .table, command: .markSection),
        KeyBinding(keys: [.character("V")], context: .table, command: .cycleMapColoring),
        KeyBinding(keys: [.character("=")], context: .table, command: .stretchSection),
        KeyBinding(keys: [.right], context: .tree, command: .openSection),
        KeyBinding(keys: [.left], context: .tree, command: .closeSection),
        KeyBinding(keys: [.character("M")], context: .table, command: .cycleMcMethod),
        KeyBinding(keys: [.character("D")], context: .table, command: .decluster),
        KeyBinding(keys: [.character("O")], context: .table, command: .toggleDecay),
        KeyBinding(keys: [.control("r")], context: .table, command: .redo),
        KeyBinding(keys: [.control("p")], context: .table, command: .palette),
        KeyBinding(keys: [.control("f")], context: .table, command: .search),
        KeyBinding(keys: [.character("n")], context: .table, command: .searchNext),
        KeyBinding(keys: [.character("N")], context: .table, command: .searchPrevious),
        KeyBinding(keys: [.character("-"), .character("H")], context: .table, command: .hideColumn),
        KeyBinding(keys: [.character("+")], context: .table, command: .showColumns),
        KeyBinding(keys: [.character("<")], context: .table, command: .moveColumnLeft),
        KeyBinding(keys: [.character(">")], context: .table, command: .moveColumnRight),
        KeyBinding(keys: [.character("C")], context: .table, command: .jumpToChange),
        KeyBinding(keys: [.escape, .enter, .character("q")], context: .detail, command: .closeDetail),
        KeyBinding(keys: [.down, .character("j")], context: .detail, command: .moveDown),
        KeyBinding(keys: [.up, .character("k")], context: .detail, command: .moveUp),
        KeyBinding(keys: [.tab], context: .detail, command: .nextOrigin),
        KeyBinding(keys: [.character("x")], context: .detail, command: .splitOrigin),
        KeyBinding(keys: [.character("m")], context: .detail, command: .mergeEvents),
        KeyBinding(keys: [.down, .character("j")], context: .list, command: .listNext),
        KeyBinding(keys: [.up, .character("k")], context: .list, command: .listPrevious),
        KeyBinding(keys: [.home, .character("g")], context: .list, command: .listFirst),
        KeyBinding(keys: [.end, .character("G")], context: .list, command: .listLast),
        KeyBinding(keys: [.enter], context: .list, command: .listChoose),
        KeyBinding(keys: [.escape, .character("q"), .character("'")], context: .list, command: .listClose),
        KeyBinding(keys: [.character("d")], context: .list, command: .deleteChosenView),
        KeyBinding(keys: [.down, .control("n")], context: .palette, command: .listNext),
        KeyBinding(keys: [.up, .control("p")], context: .palette, command: .listPrevious),
        KeyBinding(keys: [.enter], context: .palette, command: .listChoose),
        KeyBinding(keys: [.escape], context: .palette, command: .listClose),
        KeyBinding(keys: [.character("y"), .character("Y")], context: .question, command: .answerYes),
    ]

    /// The command `key` runs in `context`, if any.
    static func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        lookup[Slot(key: key, context: context)]
    }

    private struct Slot: Hashable {
        let key: Key
        let context: KeyContext
    }

    private static let lookup: [Slot: KeyCommand] = {
        var lookup: [Slot: KeyCommand] = [:]
        for binding in bindings {
            for key in binding.keys {
                let slot = Slot(key: key, context: binding.context)
                precondition(lookup[slot] == nil, "\(key) is bound twice in \(binding.context)")
                lookup[slot] = binding.command
            }
        }
        return lookup
    }()

    /// The `?` list: at most 19 lines, so that it fits a 24-line terminal.
    /// A line's commands include the lists' and the questions' that its
    /// keys also run there (`↓` the next entry, `⏎` the chosen one).
    static let helpLines: [KeyHelpLine] = [
        KeyHelpLine(keys: "↑ ↓ j k  wheel", text: "move; click: select (on the map: the nearest)",
                    commands: [.moveDown, .moveUp, .listNext, .listPrevious]),
        KeyHelpLine(keys: "PgUp PgDn g G", text: "page (Space, Ctrl-B); first / last",
                    commands: [.pageDown, .pageUp, .first, .last, .listFirst, .listLast]),
        KeyHelpLine(keys: "← → h l  - +", text: "column cursor; - hides its column, + adds more",
                    commands: [.columnLeft, .columnRight, .hideColumn, .showColumns]),
        KeyHelpLine(keys: "0-9, a header", text: "sort by column (again: reverse); 0: Dist (home)",
                    commands: [.sortByColumn]),
        KeyHelpLine(keys: "[ ]  < >", text: "sort the cursor's column up / down; < > move it",
                    commands: [.sortAscending, .sortDescending, .moveColumnLeft, .moveColumnRight]),
        KeyHelpLine(keys: "z 1-9, z[ z]", text: "add a secondary sort key", commands: [.addSortKey]),
        KeyHelpLine(keys: "/  Ctrl-F n N", text: "filter places; find one (no filter), n N next",
                    commands: [.filter, .search, .searchNext, .searchPrevious]),
        KeyHelpLine(keys: ":", text: "predicate, e.g. magnitude >= 4.5 AND depth < 10", commands: [.predicate]),
        KeyHelpLine(keys: "s  A  D  T", text: "sections day/mag/net/seq; A sequence; T tree",
                    commands: [.cycleSections, .selectSequence, .decluster, .toggleTree, .openSection, .closeSection]),
        KeyHelpLine(keys: "⏎  Tab x m", text: "details (Esc back); origin, split it off, merge",
                    commands: [.showDetail, .closeDetail, .nextOrigin, .splitOrigin, .mergeEvents, .listChoose, .listClose]),
        KeyHelpLine(keys: "d  x =", text: "delete (asks first); x cross-section, = stretch",
                    commands: [.delete, .markSection, .stretchSection, .placeSectionByClicks, .answerYes, .deleteChosenView]),
        KeyHelpLine(keys: "e  F", text: "export (.csv .json .geojson); F column's values",
                    commands: [.export, .frequency]),
        // The catalog's remembered sources; the configured feed only when it has none.
        KeyHelpLine(keys: "r  C", text: "refresh: sources, else feed; C newest change",
                    commands: [.refresh, .jumpToChange]),
        KeyHelpLine(keys: "m  Tab  c M O", text: "map: over/alone/off; Tab map; c charts, M Mc",
                    commands: [.cycleMapLayout, .switchFocus, .cycleCharts, .cycleMcMethod, .toggleDecay]),
        KeyHelpLine(keys: "+ - arrows 0 .", text: "map: zoom at the selection, pan, fit, centre",
                    commands: [.zoomIn, .zoomOut, .panWest, .panEast, .panNorth, .panSouth, .fitMap, .centreMap]),
        KeyHelpLine(keys: "R  v V L", text: "map: region only (again: off); style, colors, layers",
                    commands: [.toggleRegionFilter, .cycleMapStyle, .cycleMapColoring, .toggleMapLayers]),
        KeyHelpLine(keys: "w  '  Ctrl-P", text: "save a view; ' saved views; Ctrl-P every command",
                    commands: [.saveView, .listViews, .palette]),
        KeyHelpLine(keys: "t  o  y", text: "times UTC/local; open the event page; copy URL",
                    commands: [.toggleUTC, .openEventPage, .copyEventLink]),
        KeyHelpLine(keys: "u Ctrl-R  ?  q", text: "undo / redo a query change; this help; quit",
                    commands: [.undo, .redo, .help, .quit]),
    ]

    /// What each command does, in a few words: the palette (`Ctrl-P`)
    /// lists and finds commands by these.
    static let titles: [KeyCommand: String] = [
        .quit: "quit", .moveDown: "move down", .moveUp: "move up", .pageDown: "page down", .pageUp: "page up",
        .first: "first row", .last: "last row", .columnLeft: "column cursor left", .columnRight: "column cursor right",
        .sortAscending: "sort the cursor's column ascending", .sortDescending: "sort the cursor's column descending",
        .addSortKey: "add a secondary sort key", .sortByColumn: "sort by a column",
        .filter: "filter places as you type", .predicate: "predicate (where…)", .cycleSections: "sections: day, magnitude, network, sequence",
        .showDetail: "details of the selected quake", .closeDetail: "close the details", .delete: "delete the selected quake",
        .export: "export the results to a file", .refresh: "refresh from the sources or the feed",
        .cycleMapLayout: "map: over the table, alone, off", .switchFocus: "focus the map or the table",
        .cycleCharts: "charts: activity & magnitudes, magnitude–time & cumulative, none", .toggleRegionFilter: "only the map's region",
        .zoomIn: "map: zoom in", .zoomOut: "map: zoom out", .panWest: "map: pan west", .panEast: "map: pan east",
        .panNorth: "map: pan north", .panSouth: "map: pan south", .fitMap: "map: fit the results", .centreMap: "map: centre on the selection",
        .cycleMapStyle: "map: density or events", .cycleMapColoring: "map: color by magnitude, depth or time",
        .toggleMapLayers: "map: plates, faults and towns", .saveView: "save this view", .listViews: "saved views",
        .toggleUTC: "times in UTC or local", .openEventPage: "open the event page", .copyEventLink: "copy the event page's address",
        .help: "help: the keys", .undo: "undo a query change", .redo: "redo a query change",
        .selectSequence: "only the selected quake's sequence",
        .toggleTree: "sections as a tree (sequences), folded", .markSection: "cross-section: A, then A′, then close",
        .placeSectionByClicks: "cross-section: click A and A′ on the map",
        .stretchSection: "cross-section: stretched or true to scale", .openSection: "tree: open the selection's section",
        .closeSection: "tree: close the selection's section", .cycleMcMethod: "charts: the next Mc method",
        .decluster: "decluster the results", .toggleDecay: "charts: activity or the sequence's decay",
        .nextOrigin: "details: the next origin", .splitOrigin: "details: split the origin off", .mergeEvents: "details: merge with another event",
        .frequency: "frequency sheet of the cursor's column", .palette: "every command",
        .hideColumn: "hide the cursor's column", .showColumns: "add a column (any stored field)",
        .moveColumnLeft: "move the cursor's column left", .moveColumnRight: "move the cursor's column right",
        .search: "find a place in the results", .searchNext: "find the next", .searchPrevious: "find the previous",
        .jumpToChange: "the newest change (again: the one before)",
        .listNext: "list: the next entry", .listPrevious: "list: the previous entry", .listFirst: "list: the first entry",
        .listLast: "list: the last entry", .listChoose: "list: take the chosen entry", .listClose: "list: close it",
        .deleteChosenView: "saved views: delete the chosen one", .answerYes: "question: yes",
    ]

    // MARK: The bottom hints line

    /// The table's keys; the map's last, so narrower screens keep the rest.
    static let tableHints = [
        KeyHint(keys: "/", text: "filter", commands: [.filter]),
        KeyHint(keys: ":", text: "predicate", commands: [.predicate]),
        KeyHint(keys: "1-9", text: "sort", commands: [.sortByColumn]),
        KeyHint(keys: "s", text: "sections", commands: [.cycleSections]),
        KeyHint(keys: "⏎", text: "details", commands: [.showDetail]),
        KeyHint(keys: "?", text: "help", commands: [.help]),
        KeyHint(keys: "q", text: "quit", commands: [.quit]),
    ]
    /// After the table's: how to reach the map, hidden or shown.
    static let showMapHint = KeyHint(keys: "m", text: "map", commands: [.cycleMapLayout])
    static let focusMapHint = KeyHint(keys: "Tab", text: "map", commands: [.switchFocus])

    /// The focused map's keys; `Tab table` only when the table shows too.
    static func mapHints(tableShown: Bool) -> [KeyHint] {
        [KeyHint(keys: "+ -", text: "zoom", commands: [.zoomIn, .zoomOut]),
         KeyHint(keys: "←↑↓→", text: "pan", commands: [.panWest, .panNorth, .panSouth, .panEast]),
         KeyHint(keys: "0", text: "fit", commands: [.fitMap]),
         KeyHint(keys: "R", text: "region", commands: [.toggleRegionFilter]), KeyHint(keys: "click", text: "select")]
            + (tableShown ? [KeyHint(keys: "Tab", text: "table", commands: [.switchFocus])] : [])
            + [KeyHint(keys: "m", text: "layout", commands: [.cycleMapLayout]),
               KeyHint(keys: "?", text: "help", commands: [.help])]
    }

    /// Hints as the bottom line shows them, two spaces apart.
    static func line(_ hints: [KeyHint]) -> String { hints.map(\.line).joined(separator: "  ") }

    // MARK: The manual

    static let manualItems: [KeyManualItem] = [
        KeyManualItem(keys: "`Up Down j k`, `PgUp PgDn`, `Space`, `Ctrl-B`, `Home End g G`, wheel, click",
                      text: "Move the selection; a click selects the row.",
                      commands: [.moveDown, .moveUp, .pageDown, .pageUp, .first, .last]),
        KeyManualItem(keys: "`1` – `9`, a click on a header",
                      text: "Sort by column 1 Time, 2 Mag, 3 Place, 4 Depth, 5 Lat, 6 Lon, 7 Net, 8 Type, 9 Status; "
                        + "time and magnitude start descending, the rest ascending; again reverses.",
                      commands: [.sortByColumn]),
        KeyManualItem(keys: "`0`", text: "With a home (`--home` or the config file's `home`): "
                        + "sort by the Dist column, the kilometres from home (nearest first).", commands: [.sortByColumn]),
        KeyManualItem(keys: "`Left Right h l`, then `[ ]`",
                      text: "Move the column cursor; sort its column ascending / descending.",
                      commands: [.columnLeft, .columnRight, .sortAscending, .sortDescending]),
        KeyManualItem(keys: "`-` or `H`, `+`", text: "Hide the column under the cursor (Time stays); `+` lists the columns not "
                        + "shown (every hidden one, then every other stored field: `nst`, `gap`, `sig`…) and adds the "
                        + "chosen one right of the cursor's.", commands: [.hideColumn, .showColumns]),
        KeyManualItem(keys: "`<`, `>`", text: "Move the column under the cursor one place left or right (Time stays "
                        + "first); its number key stays its own.", commands: [.moveColumnLeft, .moveColumnRight]),
        KeyManualItem(keys: "`z` then `1` – `9`, `z[`, `z]`", text: "Add a secondary sort key; `z` and its number again "
                        + "reverse it, a third time remove it.", commands: [.addSortKey]),
        KeyManualItem(keys: "`/`", text: "Filter places as you type (accents and case ignored); Enter keeps it, Esc clears it.",
                      commands: [.filter]),
        KeyManualItem(keys: "`Ctrl-F`, then `n` `N`", text: "Find a place in the results without filtering them: "
                        + "the next row whose place holds the text (accents and case ignored), going round at the end; "
                        + "`n` finds the next, `N` the one before.", commands: [.search, .searchNext, .searchPrevious]),
        KeyManualItem(keys: "`:`", text: "A full predicate (see PREDICATES), combined with the filter; "
                        + "an error shows a caret under the bad column.", commands: [.predicate]),
        KeyManualItem(keys: "`s`", text: "Sections: none, day, magnitude band, network, sequence (each quake under its "
                        + "mainshock, by the last `decluster` run), none.", commands: [.cycleSections]),
        KeyManualItem(keys: "`D`", text: "Decluster the results (filter, predicate, region) in the background with the "
                        + "method last run on the catalog (Gardner–Knopoff before any; see `decluster`); the bottom line "
                        + "shows the progress, then the counts.", commands: [.decluster]),
        KeyManualItem(keys: "`A`", text: "Only the selected quake's sequence: what the last `decluster` put in its "
                        + "cluster, or without one the quakes within its Gardner–Knopoff window (L(M) km and T(M) days "
                        + "either side); the filter and region are cleared, `u` undoes.", commands: [.selectSequence]),
        KeyManualItem(keys: "`x`", text: "A depth cross-section: `x` sets its A at the selected quake, `x` at another "
                        + "sets A′ and shows the section pane in the charts' place (the results' quakes within 100 km of "
                        + "the great circle A–A′, distance across and depth down, true to scale, the selected quake `◆`); "
                        + "`x` again closes it; `=` stretches it to fill the pane, or draws it true to scale again. "
                        + "With the map's focus, `x` then two clicks on the map place A and A′ where clicked (a click "
                        + "also places A′ once `x` set A); the map draws the line A–A′ and labels its ends.",
                     commands: [.markSection, .stretchSection, .placeSectionByClicks]),
        KeyManualItem(keys: "`T`, then `Right` `Left` (or `zo` `zc`)", text: "The sections as a tree, each folded to its "
                        + "line with its count (sequence sections when none show: each mainshock with its foreshocks "
                        + "and aftershocks); `Right` or `zo` opens the selection's, `Left` or `zc` closes it; `T` again "
                        + "unfolds.", commands: [.toggleTree, .openSection, .closeSection]),
        KeyManualItem(keys: "`Enter`", text: "Every field of the selected quake; `j k` (or Down, Up) show the next or "
                        + "previous quake, Esc or `q` returns.", commands: [.showDetail, .closeDetail]),
        KeyManualItem(keys: "`Tab`, `x`, `m` (in the details)",
                      text: "Steer the grouping of reports into events, as `split` and `merge` do: `Tab` moves the "
                        + "marker through the event's origins, `x` takes the marked origin out as an event of its own; "
                        + "`m` marks the event, and `m` in another event's details merges the two (`m` on the marked "
                        + "event again: unmarked). Kept in the catalog and respected by later imports.",
                      commands: [.nextOrigin, .splitOrigin, .mergeEvents]),
        KeyManualItem(keys: "`d`", text: "Delete the selected quake, after y/n.", commands: [.delete]),
        KeyManualItem(keys: "`F`", text: "The frequency sheet of the cursor's column: how many of the results hold each "
                        + "value, most first, with their share (magnitude in half units, depth by 10 km, latitude and "
                        + "longitude by degree, times by UTC day; as `list --freq`), counted without reading the rows. "
                        + "`j k` move, Enter filters the results to the value (added to the predicate, `u` undoes), "
                        + "Esc returns.", commands: [.frequency]),
        KeyManualItem(keys: "`e`", text: "Export the results (filter, predicate, region, sort; every row, not just the "
                        + "screen) to a file asked for in the bottom line, as CSV, JSON or GeoJSON by its extension; "
                        + "an existing file is replaced only after `y`. CSV is written for a spreadsheet, as "
                        + "`list --csv-safe` writes it: a text field beginning with = + - @, a tab or CR gets a ' before it.",
                      commands: [.export]),
        KeyManualItem(keys: "`r`", text: "Refresh in the background: sync the catalog's sources (see `sync`), or fetch "
                        + "the configured feed when it remembers none (see `fetch`); the bottom line shows the progress, "
                        + "then what changed or the error.", commands: [.refresh]),
        KeyManualItem(keys: "`C`", text: "Select the results' newest change: the quake an import (a refresh, a push, "
                        + "another process) added or changed last; again, the one before it, round to the newest. Added "
                        + "rows are marked `+` (green), changed ones `~` (yellow): bold until you look (any other key or "
                        + "a click), then fading over half a minute; the top line counts what came since you looked, "
                        + "`+3 new, 1 updated since you looked`, and the map flashes a new quake's cell.",
                      commands: [.jumpToChange]),
        KeyManualItem(keys: "`m`", text: "The map: over the table, alone, off.", commands: [.cycleMapLayout]),
        KeyManualItem(keys: "`c`", text: "The charts pane over the table (under the map when it shows): activity over "
                        + "time and the magnitude–frequency distribution with Mc and the b-value; again, magnitude over "
                        + "time and the cumulative count; a third time hides it. Every plot has ticks on both axes.",
                      commands: [.cycleCharts]),
        KeyManualItem(keys: "`O`", text: "In the charts pane, the results' decay in the activity chart's place: their "
                        + "largest quake as the mainshock, the events per day since it at or above their Mc (by `M`'s method) in logarithmic "
                        + "bins, both axes log10, and the Omori–Utsu law fitted by maximum likelihood (K, c, p; see "
                        + "`stats --omori`), and under its figures the chance of a quake of M ≥ Mmain − 1 in the next day, "
                        + "week, month and year (Reasenberg & Jones 1989, from the fit, else generic California; see "
                        + "`stats --forecast`); again shows the activity. Best after `A`.", commands: [.toggleDecay]),
        KeyManualItem(keys: "`M`", text: "The charts' Mc method: maximum curvature, maximum curvature + 0.2 (Woessner & "
                        + "Wiemer 2005), b-value stability (Cao & Gao 2002), the Kolmogorov–Smirnov test (as `stats --mc ks`), "
                        + "from the pane's 0.1 bins; the figures name the method when it is not maximum curvature.",
                      commands: [.cycleMcMethod]),
        KeyManualItem(keys: "`Tab`", text: "Move the focus between the map and the table.", commands: [.switchFocus]),
        KeyManualItem(keys: "`+ - =`", text: "With the map focused: zoom in / out around the selected quake.",
                      commands: [.zoomIn, .zoomOut]),
        KeyManualItem(keys: "`Left Right Up Down h l k j`", text: "With the map focused: pan a quarter of the view.",
                      commands: [.panWest, .panEast, .panNorth, .panSouth]),
        KeyManualItem(keys: "`0`", text: "With the map focused: fit the view to the results.", commands: [.fitMap]),
        KeyManualItem(keys: "`.`", text: "With the map focused: centre the view on the selected quake (its zoom kept).",
                      commands: [.centreMap]),
        KeyManualItem(keys: "`v`", text: "With the map focused: draw the quakes as density (each cell colored by how many "
                        + "quakes it holds, on a log scale), as events (a symbol sized by magnitude, the largest on top), "
                        + "or as the data says (auto: density once lit cells hold 10 quakes each on average).",
                      commands: [.cycleMapStyle]),
        KeyManualItem(keys: "`V`", text: "With the map focused, or a cross-section shown: color the events (the map's "
                        + "and the section's) by magnitude, depth or time.",
                      commands: [.cycleMapColoring]),
        KeyManualItem(keys: "`L`", text: "With the map focused: show or hide plate boundaries, active faults and towns "
                        + "(coastlines and the graticule always show).", commands: [.toggleMapLayers]),
        KeyManualItem(keys: "`R`", text: "Only the quakes in the map's region; again removes it.",
                      commands: [.toggleRegionFilter]),
        KeyManualItem(keys: "`Ctrl-P`", text: "Every command, found by typing a few of its letters in order (`zmi` finds "
                        + "map: zoom in), with its keys; `↑ ↓` choose, Enter runs it, Esc closes.", commands: [.palette]),
        KeyManualItem(keys: "`w`", text: "Save the view (filter, predicate, region, sort, sections, panes, map view, "
                        + "time zone) under a name.", commands: [.saveView]),
        KeyManualItem(keys: "`'`", text: "The saved views: `j k` (or Down, Up) choose, Enter shows one, `d` deletes one, "
                        + "Esc, `q` or `'` closes.", commands: [.listViews]),
        KeyManualItem(keys: "`t`", text: "Every time shown in UTC, or in the local zone again; the top line ends with the "
                        + "zone the times are in, `times UTC` or `times GMT+9` (nothing when the local zone is UTC). "
                        + "An alert's banner follows; day sections and the activity chart's bins stay UTC days and hours, "
                        + "and say so.", commands: [.toggleUTC]),
        KeyManualItem(keys: "`o`", text: "Open the selected quake's event page with xdg-open(1) when there is a display, "
                        + "else show its address.", commands: [.openEventPage]),
        KeyManualItem(keys: "`y`", text: "Copy the selected quake's event page address to the clipboard through the "
                        + "terminal (OSC 52).\n\n`o` and `y` take only an http or https address without control "
                        + "characters or spaces: a feed's `file:` address, launcher or option is refused in the bottom "
                        + "line, never opened or copied.", commands: [.copyEventLink]),
        KeyManualItem(keys: "`u`, `Ctrl-R`", text: "Undo the last change of the filter, predicate, region, sort or "
                        + "sections (typing into the filter field is one change); redo what was undone.",
                      commands: [.undo, .redo]),
        KeyManualItem(keys: "`Down Up j k`, `Home End g G`, Enter, `Esc q '`, `d`",
                      text: "In a list over the table (the saved views, a frequency sheet, the columns to add): "
                        + "the next and previous entry, the first and last, take the chosen one, close the list; "
                        + "`d` deletes the chosen saved view. The palette's list moves with `Down Up` or "
                        + "`Ctrl-N Ctrl-P` (its letters are its query).",
                      commands: [.listNext, .listPrevious, .listFirst, .listLast, .listChoose, .listClose, .deleteChosenView]),
        KeyManualItem(keys: "`y`, `Y`", text: "In a question on the bottom line (delete? overwrite the file? open the "
                        + "new catalog?): yes; any other key answers no.", commands: [.answerYes]),
        KeyManualItem(keys: "`?`", text: "The list of keys.", commands: [.help]),
        KeyManualItem(keys: "`q`, `Ctrl-C`", text: "Quit.", commands: [.quit]),
    ]
}
