import Foundation
import QuakeQuery
import QuakeSeismology
import QuakeStore
import QuakeViews

/// `A`: the selected quake's sequence alone, so the table, map and charts
/// show just it. `D`: decluster what the table shows.
extension BrowserModel {
    /// `D`: the selection declustered in the background (one at a time).
    mutating func startDeclustering() {
        if isReadOnly {
            message = Self.readOnlyMessage
        } else if declusterStatus != nil {
            message = "already declustering"
        } else {
            declusterStatus = "declustering…"
            effects.append(.decluster(selection))
        }
    }

    mutating func handleDeclustering(_ event: BrowserEvent) {
        switch event {
        case .declusterProgress(let done): declusterStatus = "declustering… \(Int(done * 100)) %"
        case .declustered(.success(let summary)):
            declusterStatus = nil
            let count = Formatting.count
            message = "\(summary.run.method): \(count(summary.quakes)) quakes in \(count(summary.clusters)) clusters, "
                + "\(count(summary.roles[.aftershock] ?? 0)) aftershocks, \(count(summary.roles[.foreshock] ?? 0)) foreshocks; "
                + "A a quake's sequence, s sections"
        case .declustered(.failure(let error)):
            declusterStatus = nil
            report(error)
        default: break
        }
    }

    mutating func selectSequence() {
        guard let quake = selectedQuake else { return }
        guard let text = Self.sequencePredicate(of: quake) else {
            message = "no magnitude: no sequence"
            return
        }
        do {
            userPredicate = try QuakePredicate(text, home: home)
        } catch {
            message = "error: \(error)"
            return
        }
        // The whole sequence: a place filter or a region would cut it.
        filterText = ""
        map.setRegionFilter(nil)
        updatePredicate()
        message = quake.mainshock.map { "the sequence of \($0); u undoes" }
            ?? "no declustering (quakes-tui decluster): the quakes in M\(String(format: "%.1f", quake.magnitude ?? 0))'s "
            + "Gardner–Knopoff window; u undoes"
    }

    /// What the current declustering put in the quake's cluster (its
    /// mainshock's); without one, the quakes within its Gardner–Knopoff
    /// window (L(M) km, T(M) days either side); nil without a magnitude.
    static func sequencePredicate(of quake: Quake) -> String? {
        if let mainshock = quake.mainshock { return "mainshock == \(quoted(mainshock))" }
        guard let magnitude = quake.magnitude else { return nil }
        let window = DeclusteringWindow.gk
        let kilometres = window.distanceKm(magnitude: magnitude)
        let seconds = window.durationDays(magnitude: magnitude) * 86_400
        let from = ISOTime.string(epochMilliseconds: quake.time.addingTimeInterval(-seconds).epochMilliseconds)
        let to = ISOTime.string(epochMilliseconds: quake.time.addingTimeInterval(seconds).epochMilliseconds)
        return "DISTANCE(\(quake.latitude), \(quake.longitude)) < \(String(format: "%.1f", kilometres)) "
            + "AND time >= \"\(from)\" AND time <= \"\(to)\""
    }

    /// A text literal of the predicate language: in double quotes, else single.
    private static func quoted(_ text: String) -> String {
        text.contains("\"") ? "'\(text)'" : "\"\(text)\""
    }
}
