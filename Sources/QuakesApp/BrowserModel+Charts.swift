import QuakeCharts
import QuakeStore

/// The charts pane's events and asks (`ChartsState` holds its state).
extension BrowserModel {
    /// New charts, or why they could not be made.
    mutating func handleCharts(_ event: BrowserEvent) {
        switch event {
        case .charts(let newCharts, let ask): charts.received(newCharts, answering: ask)
        case .chartsFailed(let error): charts.failed(error)
        default: break
        }
    }

    /// The selected quake's time (epoch ms): its bin is marked.
    var selectedTimeMilliseconds: Int64? { selectedQuake?.time.epochMilliseconds }
}
