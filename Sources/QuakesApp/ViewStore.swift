import Foundation

/// Where the browser keeps views: `$XDG_STATE_HOME/quakes-tui/`
/// (`~/.local/state/quakes-tui/`), never in the catalog, which may be
/// read-only or shared. `views.json` holds the named views, for every
/// catalog; `last/` one file per catalog with what the browser last showed.
/// Every write goes to a temporary file renamed over the old one, so a
/// crash or a full disk leaves the previous file whole.
public struct ViewStore: Sendable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// The folder the XDG base directory rules name for `environment`; nil
    /// when neither XDG_STATE_HOME nor HOME is set to an absolute path.
    public init?(environment: [String: String]) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            self.init(folder: URL(fileURLWithPath: state).appendingPathComponent("quakes-tui"))
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            self.init(folder: URL(fileURLWithPath: home).appendingPathComponent(".local/state/quakes-tui"))
        } else {
            return nil
        }
    }

    var viewsFile: URL { folder.appendingPathComponent("views.json") }

    // MARK: Named views

    /// The saved views by name; none when the file does not exist yet.
    public func savedViews() throws -> [String: SavedView] {
        try read([String: SavedView].self, from: viewsFile) ?? [:]
    }

    /// The view saved as `name`, or an error naming the saved ones.
    public func savedView(named name: String) throws -> SavedView {
        let views = try savedViews()
        guard let view = views[name] else { throw ViewStoreError.noSuchView(name, saved: views.keys.sorted()) }
        return view
    }

    /// Saves `view` as `name`, replacing a view of that name. A views file
    /// that cannot be read is not replaced: the views in it would be lost.
    public func save(_ view: SavedView, as name: String) throws {
        var views = try savedViews()
        views[name] = view
        try write(views, to: viewsFile)
    }

    /// Deletes the view `name`.
    public func deleteView(named name: String) throws {
        var views = try savedViews()
        guard views.removeValue(forKey: name) != nil else { throw ViewStoreError.noSuchView(name, saved: views.keys.sorted()) }
        try write(views, to: viewsFile)
    }

    // MARK: The last view of a catalog

    private struct LastView: Codable {
        var catalog: String
        var view: SavedView
    }

    /// What the browser last showed on the catalog at `catalogPath`, nil if never.
    public func lastView(catalogPath: String) throws -> SavedView? {
        let catalog = Self.canonical(catalogPath)
        guard let last = try read(LastView.self, from: lastFile(catalog)), last.catalog == catalog else { return nil }
        return last.view
    }

    public func saveLastView(_ view: SavedView, catalogPath: String) throws {
        let catalog = Self.canonical(catalogPath)
        try write(LastView(catalog: catalog, view: view), to: lastFile(catalog))
    }

    /// One file per catalog, named by a hash of its path: any path fits a file name.
    private func lastFile(_ catalog: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a
        for byte in catalog.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return folder.appendingPathComponent("last").appendingPathComponent(String(format: "%016llx.json", hash))
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    // MARK: Files

    private func read<Value: Decodable>(_ type: Value.Type, from file: URL) throws -> Value? {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch where Self.posixCode(error) == ENOTDIR {
            return nil   // a file where a folder should be: nothing saved there; a write says why
        } catch {
            throw ViewStoreError.reading(file.path, reason: Self.reason(error))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw ViewStoreError.reading(file.path, reason: "not a file of saved views (\(Self.reason(error)))")
        }
    }

    private func write<Value: Encodable>(_ value: Value, to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let folder = file.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let data = try encoder.encode(value) + Data("\n".utf8)
            // .atomic writes a temporary file beside it and renames it over: over the
            // file a link points to, so a views.json kept as a link (in dotfiles) stays one.
            try data.write(to: URL(fileURLWithPath: SymbolicLink.target(of: file.path)), options: .atomic)
        } catch {
            throw ViewStoreError.writing(file.path, reason: Self.reason(error))
        }
    }

    /// A decoding error in words, with where in the file: `"map.south" is
    /// not a number`, never Codable's `CodingKeys(stringValue: …)`.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let within = place(context.codingPath)
            return "\"\(key.stringValue)\" is missing" + (within.isEmpty ? "" : " in \"\(within)\"")
        case .typeMismatch(let type, let context):
            return "\"\(place(context.codingPath))\" is not \(Self.kind(type))"
        case .valueNotFound(let type, let context):
            return "\"\(place(context.codingPath))\" is null, not \(Self.kind(type))"
        case .dataCorrupted(let context):
            // The JSON parser's own words say where the text stops being JSON.
            if let underlying = context.underlyingError { return "not JSON (\((underlying as NSError).localizedDescription))" }
            let within = place(context.codingPath)
            return within.isEmpty ? context.debugDescription : "\"\(within)\": \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// A Swift type as the file's reader knows it: a number, a text.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a text"
        case is Bool.Type: "true or false"
        default: "an object"   // a view, a region, the file's table of views
        }
    }

    static func posixCode(_ error: any Error) -> Int32? {
        guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
        let posix = underlying as NSError
        return posix.domain == NSPOSIXErrorDomain ? Int32(posix.code) : nil
    }

    /// The system's words for a file error (`Permission denied`), else the error's own.
    static func reason(_ error: any Error) -> String {
        // Foundation keeps the system's error underneath, as a Swift error on Linux.
        if let code = posixCode(error) { return String(cString: strerror(code)) }
        if let decoding = error as? DecodingError { return describe(decoding) }
        return (error as NSError).localizedDescription
    }
}

/// Why a view could not be read, saved or found.
public enum ViewStoreError: Error, CustomStringConvertible, Equatable {
    case reading(String, reason: String)
    case writing(String, reason: String)
    case noSuchView(String, saved: [String])

    public var description: String {
        switch self {
        case .reading(let path, let reason): "cannot read \(path): \(reason)"
        case .writing(let path, let reason): "cannot write \(path): \(reason)"
        case .noSuchView(let name, let saved):
            "no saved view named '\(name)'" + (saved.isEmpty ? " (none saved: w saves one in the browser)"
                                               : " (saved: \(saved.joined(separator: ", ")))")
        }
    }
}
