import GRDB

/// A catalog that cannot be opened or written, said in one line.
public enum CatalogError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "database \(path): \(reason)"
        case .cannotWrite(let path, let reason): "database \(path): cannot write: \(reason)"
        case .cannotRead(let path, let reason): "database \(path): cannot read: \(reason)"
        }
    }

    /// A failed read of an open catalog (a corrupt page, a disk error) as
    /// one line: `database PATH: cannot read: database is corrupt`. Other
    /// errors are returned as they are. For the code that reads through the
    /// query layer (`list`, the browser), which sees GRDB's errors raw.
    public static func reading(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        return CatalogError.cannotRead(path: path, reason: QuakeCatalog.describe(error))
    }
}
