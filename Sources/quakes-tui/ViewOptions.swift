import ArgumentParser
import Foundation
import QuakeQuery
import QuakesApp

/// `--view NAME`, shared by `list` and the browser: start from a view saved
/// with `w` in the browser (kept in `$XDG_STATE_HOME/quakes-tui/`).
struct ViewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Start from the view saved under this name (w saves one in the browser, ' lists them).",
                               valueName: "name"))
    var view: String?

    func validate() throws {
        if view?.isEmpty == true { throw ValidationError("--view must name a saved view, not be empty") }
        _ = try savedView()
    }

    static var store: ViewStore? { ViewStore(environment: ProcessInfo.processInfo.environment) }

    /// The view `--view` names, nil without the option. One that is not
    /// saved is a usage error (the command line asked for something
    /// missing); no folder for views, or a views file that cannot be read,
    /// is a failure.
    func savedView() throws -> SavedView? {
        guard let view else { return nil }
        guard let store = Self.store else { throw ViewOptionsError.noStateFolder }
        do { return try store.savedView(named: view) } catch {
            if case ViewStoreError.noSuchView = error { throw ValidationError("--view: \(error)") }
            throw ViewOptionsError.view(error)
        }
    }

    /// `view` with the command line's own options over it: `--where`
    /// replaces its predicate (its filter and region stay), `--sort` its sort.
    static func overriding(_ view: SavedView, predicate: String?, sort: String?) -> SavedView {
        var view = view
        if let predicate { view.predicate = predicate }
        if let sort { view.sort = sort }
        return view
    }
}

enum ViewOptionsError: Error, CustomStringConvertible {
    case noStateFolder
    case view(any Error)

    var description: String {
        switch self {
        case .noStateFolder: "--view: no folder for saved views (set HOME or XDG_STATE_HOME)"
        case .view(let error): "--view: \(error)"
        }
    }
}
