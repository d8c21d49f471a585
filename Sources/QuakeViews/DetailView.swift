import Foundation
import QuakeQuery
import QuakeStore
import TerminalUI

/// Every field of one quake, over the table.
public struct DetailView {
    public let formatting: Formatting
    /// With a home, the quake's distance from it.
    public var home: Home? = nil
    /// The user's zone: while times show in UTC (`t`), the details add the local time.
    public var localZone: LocalZone = .system

    public init(formatting: Formatting, home: Home? = nil, localZone: LocalZone = .system) {
        self.formatting = formatting
        self.home = home
        self.localZone = localZone
    }

    public func lines(_ quake: Quake) -> [(String, String)] {
        // A source that gives the significance (USGS's GeoJSON) says what
        // its null alert and felt mean: none; other sources say nothing.
        let saysImpact = quake.sig != nil
        let utc = ISOTime.string(epochMilliseconds: quake.time.epochMilliseconds)
        let former = quake.formerIDs
        func optional(_ value: Double?) -> String { value.map { Formatting.number($0, decimals: 1) } ?? "—" }
        let distance = home.map { home in
            [("Distance", "\(Formatting.number(home.point.kilometres(to: quake), decimals: 1)) km from \(home.label)")]
        } ?? []
        return [
            ("Id", quake.id + (former.isEmpty ? "" : "  (also \(former.joined(separator: ", ")))")),
            ("Time", "\(formatting.localTime(quake.time)) \(formatting.zoneName(at: quake.time))  ·  \(formatting.age(quake.time))"),
            otherZone(quake, utc: utc),
            ("Magnitude", quake.magnitude.map { "\(Formatting.number($0, decimals: 2)) \(quake.magType)" } ?? "unknown"),
            ("Place", quake.place.isEmpty ? "—" : quake.place),
            ("Coordinates", String(format: "%.4f°%@  %.4f°%@", abs(quake.latitude), quake.latitude >= 0 ? "N" : "S",
                                   abs(quake.longitude), quake.longitude >= 0 ? "E" : "W")),
            ("Depth", "\(Formatting.number(quake.depth, decimals: 2)) km"),
        ] + distance + known([
            ("Status", quake.status.isEmpty ? nil : quake.status),
            ("Alert", quake.alert ?? (saysImpact ? "none" : nil)),
            ("Tsunami", quake.tsunami.map { $0 == 0 ? "no" : "yes" }),
            ("Felt", quake.felt.map { "\($0) reports" } ?? (saysImpact ? "no reports" : nil)),
            ("Intensity", quake.cdi == nil && quake.mmi == nil ? nil : "CDI \(optional(quake.cdi))  MMI \(optional(quake.mmi))"),
            ("Significance", quake.sig.map(String.init)),
        ]) + Self.measurementLines(quake) + [
            ("Network", "\(quake.net)  code \(quake.code)"),
            ("Type", quake.type),
            ("Updated", "\(formatting.localTime(quake.updated)) \(formatting.zoneName(at: quake.updated))"),
            ("URL", quake.url),
        ]
    }

    /// The lines whose value is known; the others are left out.
    private func known(_ lines: [(String, String?)]) -> [(String, String)] {
        lines.compactMap { label, value in value.map { (label, $0) } }
    }

    /// How the quake was located and measured, a line per kind, each
    /// naming only what the source gave; a line with nothing known is left
    /// out. Numbers as the source wrote them (`0.15`, `81`).
    static func measurementLines(_ q: Quake) -> [(String, String)] {
        func n(_ value: Double?) -> String? { value.map { JSONText.number($0) } }
        func parts(_ list: [String?]) -> String? {
            let known = list.compactMap { $0 }
            return known.isEmpty ? nil : known.joined(separator: "  ")
        }
        let quality = parts([q.nst.map { "\($0) stations" }, n(q.gap).map { "gap \($0)°" },
                             n(q.dmin).map { "nearest \($0)°" }, n(q.rms).map { "rms \($0) s" }])
        let errors = parts([n(q.horizontalError).map { "horizontal \($0) km" }, n(q.depthError).map { "depth \($0) km" },
                            n(q.magError).map { "magnitude \($0)" }, q.magNst.map { "magnitude from \($0) stations" }])
        let sources = parts([q.locationSource.map { "location \($0)" }, q.magSource.map { "magnitude \($0)" },
                             q.catalog.map { "catalog \($0)" }, q.contributor.map { "contributor \($0)" }])
        let evaluation = parts([q.evaluationMode, q.evaluationStatus])
        return [("Quality", quality), ("Uncertainty", errors), ("Sources", sources), ("Evaluation", evaluation)]
            .compactMap { label, value in value.map { (label, $0) } }
    }

    /// The time in the zone the table does not show: UTC, or the local
    /// time while the table shows UTC (and the local zone is not UTC).
    private func otherZone(_ quake: Quake, utc: String) -> (String, String) {
        let local = Formatting(zone: localZone, now: formatting.now)
        if formatting.isUTC && !local.isUTC {
            return ("Local", "\(local.localTime(quake.time)) \(local.zoneName(at: quake.time))")
        }
        // Split at the T, not at fixed offsets: a signed or five-digit year is longer.
        return ("UTC", String(utc.dropLast().replacingOccurrences(of: "T", with: " ")))
    }

    /// Draws over `area` (everything under the top line): the title, the
    /// fields, and the keys on its last row.
    /// The event's origins, a line each after a count: the service, the
    /// origin's id, its time, magnitude and position, and how far it is
    /// from the preferred one (`*`).
    public func originLines(_ origins: [EventOrigin]) -> [(String, String)] {
        guard let preferred = origins.first(where: \.isPreferred)?.report, origins.count > 1 else { return [] }
        let services = origins.map(\.provider).joined(separator: ", ")
        return [("Origins", "\(origins.count) reports: \(services)")] + origins.map { origin in
            let q = origin.report
            let (seconds, kilometres, magnitude) = origin.differences(from: preferred)
            let mag = q.magnitude.map { "M" + Formatting.number($0, decimals: 1) + (q.magType.isEmpty ? "" : " " + q.magType) } ?? "M?"
            let position = String(format: "%.3f %.3f ", q.latitude, q.longitude) + Formatting.number(q.depth, decimals: 1) + " km"
            let time = ISOTime.string(epochMilliseconds: q.time.epochMilliseconds).dropFirst(11).dropLast()
            let delta = origin.isPreferred ? "preferred"
                : String(format: "Δt %+.1f s  Δ %.1f km", seconds, kilometres) + (magnitude.map { String(format: "  ΔM %+.1f", $0) } ?? "")
            return ((origin.isPreferred ? " *" : "  ") + origin.provider, "\(q.id)  \(time)  \(mag)  \(position)  \(delta)")
        }
    }

    /// `originCursor`: the origin `Tab` marked (shown reversed); `notice`:
    /// a line in place of the keys (what a merge or split did).
    public func render(_ quake: Quake, origins: [EventOrigin] = [], originCursor: Int? = nil, notice: String? = nil,
                       in area: Rect, into screen: inout Screen) {
        let top = area.y, bottom = area.maxY - 2, left = area.x
        for row in top...bottom { screen.fill(row: row, from: left, to: area.maxX) }
        let title = quake.title.isEmpty ? quake.id : quake.title
        screen.put(" " + title, row: top, column: left, style: Style(foreground: Formatting.color(forMagnitude: quake.magnitude), bold: true),
                   maxWidth: area.width)
        let fields = lines(quake), originRows = originLines(origins)
        // The origins' lines follow the fields and the count line.
        let marked = originCursor.flatMap { originRows.isEmpty ? nil : fields.count + 1 + $0 }
        for (i, (label, value)) in (fields + originRows).enumerated() where top + 2 + i < bottom {
            let isMarked = i == marked
            screen.put(" " + DisplayWidth.fit(label, to: 13), row: top + 2 + i, column: left,
                       style: isMarked ? Style(reverse: true) : Style(dim: true))
            if isMarked { screen.put(" ", row: top + 2 + i, column: left + 14, style: Style(reverse: true)) }
            screen.put(value, row: top + 2 + i, column: left + 15, style: isMarked ? Style(reverse: true) : Style(),
                       maxWidth: area.width - 15)
        }
        screen.fill(row: area.maxY - 1, from: left, to: area.maxX)
        let keys = "Esc back  j/k next/previous quake  " + (originRows.isEmpty ? "" : "Tab origin  x split it off  ") + "m merge"
        screen.put(notice ?? keys, row: area.maxY - 1, column: left, style: notice == nil ? Style(dim: true) : Style(),
                   maxWidth: area.width)
    }
}
