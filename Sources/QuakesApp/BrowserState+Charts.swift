import QuakeCharts
import QuakeStore

/// The charts pane's events and asks (`ChartsState` holds its state).
extension BrowserState {
    /// New charts, or why they could not be made.
    func handleCharts(_ event: BrowserEvent) {
        switch event {
        case .charts(let newCharts): charts.received(newCharts)
        case .chartsFailed(let error): charts.failed(error)
        default: break
        }
    }

    /// Asks for charts of the results on screen while the pane shows: once
    /// per complete generation and pane width (`ChartsState.ask`).
    func askForCharts() {
        if let width = charts.ask(for: snapshot, in: layout.charts) { actions.computeCharts(width) }
    }

    /// The selected quake's time (epoch ms): its bin is marked.
    var selectedTimeMilliseconds: Int64? { selectedQuake?.time.epochMilliseconds }
}
