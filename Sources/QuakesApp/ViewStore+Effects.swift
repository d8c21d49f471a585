import Foundation

/// The saved-view effects (`w`, `'`, `d` in the list), run against a store:
/// small files, read and written on the spot, their outcome an event.
extension ViewStore {
    func outcome(of effect: BrowserEffect) -> BrowserEvent? {
        switch effect {
        case .saveView(let view, let name):
            return .viewSaved(name: name, Result {
                let replaced = try savedViews()[name] != nil
                try save(view, as: name)
                return replaced
            })
        case .listViews:
            return .viewsListed(Result { try savedViews() })
        case .deleteView(let name):
            return .viewDeleted(name: name, Result {
                try deleteView(named: name)
                return try savedViews()
            })
        default:
            return nil
        }
    }
}
