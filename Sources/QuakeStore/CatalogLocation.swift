import Foundation
import GRDB

/// A catalog's path, checked before SQLite sees it (SQLite would create a
/// journal beside `/dev/null`, or fail later and less clearly), and the ways
/// to connect to the file it names.
struct CatalogLocation {
    let path: String
    /// `path` from the root: SQLite's limit counts it, and a URI needs it.
    let absolutePath: String
    /// A file is there (possibly empty).
    let exists: Bool
    /// Why the catalog may not be written (what opening it to write
    /// throws), or nil when it may. Judged by the modes, even for root, who
    /// may write anything: a catalog made read-only is not to be written.
    let readOnlyError: CatalogError?

    /// SQLite's unix paths hold 512 bytes, the `-journal` suffix included.
    static let maximumPathBytes = 512 - "-journal".utf8.count

    init(checking path: String) throws {
        self.path = path
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        absolutePath = absolute
        func refusal(_ reason: CatalogError.Reason, _ cause: POSIXError? = nil) -> CatalogError {
            CatalogError(path: path, operation: .open, reason: reason, underlying: cause)
        }
        if absolute.utf8.count > Self.maximumPathBytes { throw refusal(.pathTooLong(bytes: absolute.utf8.count)) }
        let folder = QuakeCatalog.folder(of: path)
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw refusal(.isDirectory)
            case S_IFREG: break
            default: throw refusal(.notRegularFile)
            }
            exists = true
            if let denial = Self.writeDenial(path) {
                readOnlyError = refusal(.readOnly, denial)
            } else if let denial = Self.writeDenial(folder) {
                readOnlyError = refusal(.folderReadOnly, denial)
            } else {
                readOnlyError = nil
            }
            return
        }
        guard stat(folder, &info) == 0 else { throw refusal(.folderMissing(folder: folder), .current(orElse: .ENOENT)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refusal(.folderMissing(folder: folder), POSIXError(.ENOTDIR)) }
        if let denial = Self.writeDenial(folder) { throw refusal(.newCatalogFolderReadOnly(folder: folder), denial) }
        exists = false
        readOnlyError = nil
    }

    var isWritable: Bool { readOnlyError == nil }

    /// A connection for reading, which leaves nothing behind: on a
    /// writable catalog a plain read-write connection (it deletes the
    /// `-wal` and `-shm` it opened when it closes, and writes nothing since
    /// nothing asks it to); on a read-only one a read-only connection.
    /// A file with a `-wal` or `-journal` beside it is read read-only too:
    /// a read-write connection would checkpoint that WAL into the file, or
    /// roll that journal back, when the file may be another program's.
    func readingConnection(configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        var configuration = configuration
        configuration.readonly = !isWritable || hasJournal
        return try DatabaseQueue(path: connectionPath, configuration: configuration)
    }

    /// A `-wal` or `-journal` with content is beside the file: a writer has
    /// it open, or ended without closing it. (An empty one holds nothing to
    /// checkpoint or roll back.)
    var hasJournal: Bool {
        ["-wal", "-journal"].contains { suffix in
            var info = stat()
            return stat(path + suffix, &info) == 0 && info.st_size > 0
        }
    }

    /// What SQLite is given to open. A read-only catalog that no process
    /// has open has no `-shm` beside it, and a read-only connection could
    /// only read it by creating one (in a folder that may be read-only, or
    /// that root could write anyway): such a file is opened immutable, so
    /// SQLite reads it as it is and creates nothing.
    var connectionPath: String {
        guard !isWritable, !FileManager.default.fileExists(atPath: path + "-shm") else { return path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolutePath.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolutePath) + "?immutable=1"
    }

    /// Why `path` may not be written, or nil when it may: access(2)'s
    /// error, or EACCES for modes without a write bit.
    private static func writeDenial(_ path: String) -> POSIXError? {
        guard access(path, W_OK) == 0 else { return .current(orElse: .EACCES) }
        var info = stat()
        guard stat(path, &info) == 0 else { return .current(orElse: .EACCES) }
        return info.st_mode & 0o222 != 0 ? nil : POSIXError(.EACCES)
    }
}

extension POSIXError {
    /// The `errno` a failed call left, or `fallback` should it name none.
    static func current(orElse fallback: POSIXErrorCode) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? fallback)
    }
}
