import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// The browse table's columns, in screen order; each one's number key is
/// its position (1 Time … 9 Status), and 0 for Dist, the kilometres from
/// home, shown after Depth only when a home is set. Then every other
/// stored field (from `magType` on: no number key, titled by its predicate
/// name), shown only when the user adds it (`+`).
public enum QuakeColumn: Int, CaseIterable, Sendable {
    case time = 1, magnitude, place, depth, distance = 0, latitude = 5, longitude, net, type, status
    case magType = 10, sig, felt, alert, tsunami, nst, gap, dmin, rms, horizontalError, depthError, magError, magNst
    case locationSource, magSource, catalog, contributor, evaluationMode, evaluationStatus, updated, id, code, origins
    case cluster, role, mainshock, cdi, mmi

    /// The columns with a number key, shown unless hidden.
    public static let standard = allCases.filter { !$0.isAdded }

    /// A column shown only once added (`+`), the stored fields beyond the standard ones.
    public var isAdded: Bool { rawValue >= QuakeColumn.magType.rawValue }

    /// Its number key; nil for an added column.
    public var numberKey: Int? { isAdded ? nil : rawValue }

    public var title: String {
        if isAdded { return addedField.name }
        return switch self {
        case .time: "Time"
        case .magnitude: "Mag"
        case .place: "Place"
        case .depth: "Depth"
        case .distance: "Dist"
        case .latitude: "Lat"
        case .longitude: "Lon"
        case .net: "Net"
        case .type: "Type"
        case .status: "Status"
        default: ""
        }
    }

    /// An added column's field: its predicate key.
    private var addedField: QuakeField {
        switch self {
        case .magType: .magType
        case .sig: .sig
        case .felt: .felt
        case .alert: .alert
        case .tsunami: .tsunami
        case .nst: .nst
        case .gap: .gap
        case .dmin: .dmin
        case .rms: .rms
        case .horizontalError: .horizontalError
        case .depthError: .depthError
        case .magError: .magError
        case .magNst: .magNst
        case .locationSource: .locationSource
        case .magSource: .magSource
        case .catalog: .catalog
        case .contributor: .contributor
        case .evaluationMode: .evaluationMode
        case .evaluationStatus: .evaluationStatus
        case .updated: .updated
        case .id: .id
        case .code: .code
        case .origins: .origins
        case .cluster: .cluster
        case .role: .role
        case .mainshock: .mainshock
        case .cdi: .cdi
        case .mmi: .mmi
        default: .time
        }
    }

    /// The widest value an added field usually holds, where it is wider
    /// than its title (asked for every column of every frame: made once).
    private static let addedValueWidths: [QuakeColumn: Int] = [
        .updated: 19, .sig: 4, .felt: 5, .id: 14, .mainshock: 14, .contributor: 11, .catalog: 8, .role: 10, .code: 10,
        .gap: 5, .dmin: 6, .rms: 5, .cluster: 7,
    ]

    /// The fields counted in whole numbers.
    var isWholeNumber: Bool { [.sig, .felt, .tsunami, .nst, .magNst, .origins, .cluster].contains(self) }

    /// The field it sorts by; Dist's needs the home (nil without one).
    public func field(home: Home?) -> QuakeField? {
        if self == .distance { return home.map(QuakeField.distance(from:)) }
        return storedField
    }

    private var storedField: QuakeField? {
        if isAdded { return addedField }
        return switch self {
        case .time: .time
        case .magnitude: .magnitude
        case .place: .place
        case .depth: .depth
        case .distance: nil
        case .latitude: .latitude
        case .longitude: .longitude
        case .net: .net
        case .type: .type
        case .status: .status
        default: nil
        }
    }

    /// Time and magnitude sort newest and biggest first; the rest A to Z, low to high.
    public var defaultAscending: Bool { !(self == .time || self == .magnitude) }

    /// Columns shown only when there is room, dropped last-first.
    public var isOptional: Bool { rawValue >= QuakeColumn.latitude.rawValue }

    public var alignRight: Bool {
        if isAdded { return addedField.kind == .number }
        return [.magnitude, .depth, .distance, .latitude, .longitude].contains(self)
    }

    /// Fixed width; place takes what is left. Time shows its age only when
    /// there is room (`ColumnLayout` narrows it otherwise).
    public var width: Int {
        if isAdded { return max(title.count + 2, Self.addedValueWidths[self] ?? 0) }   // the title and a sort mark
        return switch self {
        case .time: 30
        case .magnitude: 7
        case .place: 0
        case .depth: 8
        case .distance: 8
        case .latitude: 8
        case .longitude: 9
        case .net: 5
        case .type: 11
        case .status: 9
        default: 0
        }
    }

    public init?(field: QuakeField, home: Home?) {
        guard let column = Self.allCases.first(where: { $0.field(home: home) == field }) else { return nil }
        self = column
    }

    /// The columns a table can show: Dist only when there is a home; the
    /// added ones after the standard ones.
    public static func available(home: Home?) -> [QuakeColumn] {
        standard.filter { $0 != .distance || home != nil } + allCases.filter(\.isAdded)
    }

    /// The available columns in `order` (any it leaves out after, in the
    /// usual order), Time first whatever the order says.
    public static func ordered(_ order: [QuakeColumn]?, home: Home?) -> [QuakeColumn] {
        let available = available(home: home)
        guard let order else { return available }
        let listed = order.filter { available.contains($0) && $0 != .time }
        return [.time] + listed + available.filter { $0 != .time && !listed.contains($0) }
    }
}

/// Where each visible column sits on a line of a given width.
public struct ColumnLayout: Equatable {
    public struct Placed: Equatable {
        public var column: QuakeColumn
        public var x: Int
        public var width: Int
    }

    public static let margin = 2          // the change mark and a space
    public static let minimumPlaceWidth = 24
    /// `3 Place ▲2`.
    static let placeTitleWidth = 10

    /// The time column without its age, on narrow screens.
    public static let shortTimeWidth = 19

    public let columns: [Placed]

    /// `reaching`: the column the cursor is on, which stays in view: the
    /// optional columns after it give way first, as always, then the
    /// columns between Place and it (the table scrolls sideways; Time and
    /// Place stay, as VisiData keeps its key columns).
    /// `hidden`: the standard columns `-` hid (Time is never hidden);
    /// `added`: the other stored fields shown; `order`: the columns as
    /// `<` `>` moved them (Time first; nil: the usual order).
    /// `placeNeeds`: the display width of the widest place of the rows at
    /// hand (nil: unknown): Place takes that, not all the slack, and the
    /// optional columns stay while it fits (the rest of the line is left
    /// blank, as VisiData sizes its columns to their values).
    public init(width: Int, home: Home? = nil, reaching cursor: QuakeColumn? = nil, hidden: Set<QuakeColumn> = [],
                added: [QuakeColumn] = [], order: [QuakeColumn]? = nil, placeNeeds: Int? = nil) {
        var shown = QuakeColumn.ordered(order, home: home).filter {
            $0 == .time || ($0.isAdded ? added.contains($0) : !hidden.contains($0))
        }
        var timeWidth = QuakeColumn.time.width
        // Room for its title and a sort mark (`3 Place ▲2`) whatever the places.
        let placeWanted = placeNeeds.map { max($0, Self.placeTitleWidth) } ?? .max
        let placeMinimum = min(Self.minimumPlaceWidth, placeWanted)
        func fixedWidth() -> Int {
            shown.filter { $0 != .place }.reduce(0) { $0 + ($1 == .time ? timeWidth : $1.width) + 1 }
        }
        func tooWide() -> Bool { Self.margin + fixedWidth() + placeMinimum > width }
        while tooWide(), let last = shown.last, last.isOptional, last != cursor {
            shown.removeLast()
        }
        if let cursor, let place = shown.firstIndex(of: .place) {
            while tooWide(), let reached = shown.firstIndex(of: cursor), reached > place + 1 {
                shown.remove(at: place + 1)
            }
        }
        if tooWide() { timeWidth = Self.shortTimeWidth }
        let placeWidth = max(1, min(placeWanted, width - Self.margin - fixedWidth() - 1))
        var x = Self.margin
        var placed: [Placed] = []
        for column in shown {
            let w = column == .place ? placeWidth : column == .time ? timeWidth : column.width
            placed.append(Placed(column: column, x: x, width: w))
            x += w + 1
        }
        columns = placed
    }

    public func column(atX x: Int) -> QuakeColumn? {
        columns.first { x >= $0.x && x < $0.x + $0.width + 1 }?.column
    }
}
