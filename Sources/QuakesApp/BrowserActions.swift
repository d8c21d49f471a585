import Foundation

/// What the state asks of the world; the answers come back as events.
public struct BrowserActions {
    /// Tells the controller which quake to locate in its next results.
    var track: (String?) -> Void
    /// Starts a refresh of the feed (`r`); nil when the browser has no feed.
    var refresh: (() -> Void)?
    /// Starts deleting quakes in the background.
    var delete: (_ ids: [String], _ title: String) -> Void

    public init(track: @escaping (String?) -> Void = { _ in }, refresh: (() -> Void)? = nil,
                delete: @escaping (_ ids: [String], _ title: String) -> Void) {
        self.track = track
        self.refresh = refresh
        self.delete = delete
    }
}
