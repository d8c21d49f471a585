import QuakeCharts
import QuakeQuery
import QuakeViews
import TerminalUI

/// The charts pane's part of the browse state: whether it shows, the
/// newest charts (or why they could not be made), and what was last asked
/// for. `BrowserModel` holds it and changes it only while handling events.
public struct ChartsState: Equatable, Sendable {
    /// Which charts show (`c` cycles: activity and magnitudes, magnitude
    /// over time and the cumulative count, none); nil when hidden.
    public private(set) var layout: ChartsLayout?
    public var isShown: Bool { layout != nil }
    /// The newest charts: kept while new ones are computed, so the pane
    /// does not blink between results.
    public private(set) var charts: QuakeCharts?
    /// Why the newest charts could not be made; cleared by the next charts.
    public private(set) var failure: String?
    /// How the magnitude chart finds Mc (`M` cycles it); the charts shown have it.
    public private(set) var mcMethod: ChartMcMethod = .maxc
    /// The activity chart shows the selection's decay since its largest quake (`O`).
    public private(set) var showsDecay = false
    /// The quakes (selection and data version) and the activity chart's
    /// width last asked for: a snapshot of the same quakes in another order
    /// (a sort, sections) or a repaint asks nothing.
    private var asked: Ask?
    /// The number of the last ask, and of the ask the charts shown answer:
    /// while they differ the charts shown are of other quakes, and the
    /// pane says it is counting.
    private var lastAsk = 0
    private var answeredAsk = 0

    /// Whether newer charts than those shown were asked for.
    public var isCounting: Bool { lastAsk != answeredAsk && failure == nil }

    struct Ask: Equatable, Sendable {
        let selection: QuakePredicate?
        let dataVersion: Int
        let width: Int
        /// The decay's Mc method when it shows: `M` asks for it again.
        let decay: ChartMcMethod?
        let magnitudeTime: Bool
    }

    /// A saved view's pane, in its layout or hidden.
    mutating func show(_ layout: ChartsLayout?) {
        if layout != self.layout { self.layout = layout; asked = nil }
    }

    /// `c`: the next layout, or hidden after the last. Hidden, nothing is
    /// asked for; shown again, the charts are asked for afresh.
    mutating func cycle() {
        show(layout.map { $0 == ChartsLayout.allCases.last ? nil : $0.next } ?? ChartsLayout.allCases[0])
    }

    mutating func received(_ charts: QuakeCharts, answering ask: Int) {
        self.charts = charts.withMcMethod(mcMethod)
        failure = nil
        answeredAsk = ask
    }

    /// `O`: the decay in the activity chart's place, or the activity again;
    /// asked for afresh.
    mutating func toggleDecay() {
        showsDecay.toggle()
        asked = nil
    }

    /// `M`: the next Mc method, applied to the charts shown (their bins are
    /// kept); a decay shown is asked for again, counted from the new Mc.
    mutating func cycleMcMethod() {
        mcMethod = mcMethod.next
        charts = charts?.withMcMethod(mcMethod)
    }

    mutating func failed(_ error: any Error) {
        failure = "\(error)"
        answeredAsk = lastAsk
    }

    /// The width to compute charts for, when the pane shows and the
    /// results (complete: counted) or the width changed since the last
    /// ask; nil when nothing is to be asked. Records the ask and numbers it.
    mutating func ask(for page: ResultsPage?, in area: Rect?) -> (width: Int, decay: ChartMcMethod?, magnitudeTime: Bool, number: Int)? {
        // The decay shows in the first layout only; the second needs the magnitude–time grid.
        let decay = showsDecay && layout == .activity ? mcMethod : nil, magnitudeTime = layout == .timeline
        guard isShown, let page, page.isComplete, let area else { return nil }
        let width = ChartsView.binColumns(in: area)
        guard width > 0 else { return nil }
        let ask = Ask(selection: page.configuration.predicate, dataVersion: page.dataVersion, width: width, decay: decay,
                      magnitudeTime: magnitudeTime)
        guard ask != asked else { return nil }
        asked = ask
        lastAsk += 1
        return (width, decay, magnitudeTime, lastAsk)
    }
}
