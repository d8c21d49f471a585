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
    /// Why the catalog may not be written, or nil when it may. Judged by the
    /// modes, even for root, who may write anything: a catalog made
    /// read-only is not to be written.
    let readOnlyReason: String?

    /// SQLite's unix paths hold 512 bytes, the `-journal` suffix included.
    static let maximumPathBytes = 512 - "-journal".utf8.count

    init(checking path: String) throws {
        self.path = path
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        absolutePath = absolute
        if absolute.utf8.count > Self.maximumPathBytes {
            throw CatalogError.cannotOpen(path: path, reason: """
                path too long for SQLite (\(absolute.utf8.count) bytes; at most \(Self.maximumPathBytes), \
                so that its -journal name fits SQLite's 512-byte limit)
                """)
        }
        let folder = QuakeCatalog.folder(of: path)
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw CatalogError.cannotOpen(path: path, reason: "is a directory")
            case S_IFREG: break
            default: throw CatalogError.cannotOpen(path: path, reason: "not a regular file")
            }
            exists = true
            if !Self.isWritable(path) {
                readOnlyReason = "read-only (permission denied)"
            } else if !Self.isWritable(folder) {
                readOnlyReason = "its folder is read-only (SQLite needs to write a journal next to it)"
            } else {
                readOnlyReason = nil
            }
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError.cannotOpen(path: path, reason: "folder \(folder) does not exist")
        }
        if !Self.isWritable(folder) { throw CatalogError.cannotOpen(path: path, reason: "folder \(folder) is read-only") }
        exists = false
        readOnlyReason = nil
    }

    var isWritable: Bool { readOnlyReason == nil }

    /// A connection for reading, which leaves nothing behind: on a
    /// writable catalog a plain read-write connection (it deletes the
    /// `-wal` and `-shm` it opened when it closes, and writes nothing since
    /// nothing asks it to); on a read-only one a read-only connection.
    func readingConnection(configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        var configuration = configuration
        configuration.readonly = !isWritable
        return try DatabaseQueue(path: connectionPath, configuration: configuration)
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

    private static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0
    }
}
