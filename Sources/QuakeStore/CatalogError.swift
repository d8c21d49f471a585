import GRDB

/// A catalog that cannot be opened, read, written or deleted from, said in
/// one line, with why (a typed `Reason`) and the error that caused it kept.
public struct CatalogError: Error, CustomStringConvertible {
    /// What was being done when it failed, which decides how the line starts.
    public enum Operation: Sendable, Equatable {
        case open, read, write, delete
    }

    /// What marks a database as another application's.
    public enum ForeignContent: Sendable, Equatable, CustomStringConvertible {
        case tables
        /// Views and no tables: still someone's schema, never seeded into.
        case views
        /// No schema yet, but another application's `application_id`.
        case applicationID(Int32)
        /// A hot rollback journal: another program's transaction, cut short.
        case unfinishedTransaction

        public var description: String {
            switch self {
            case .tables: "it holds other tables"
            case .views: "it holds other views"
            case .applicationID(let id): "it carries another application's id, \(String(format: "0x%08X", UInt32(bitPattern: id)))"
            case .unfinishedTransaction: "it holds another program's unfinished transaction, in its -journal"
            }
        }
    }

    /// Why it failed, in words a user can act on (`description`), without SQL.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        // The path, judged before SQLite sees it.
        /// Over `CatalogLocation.maximumPathBytes`, counted from the root.
        case pathTooLong(bytes: Int)
        case isDirectory
        /// `/dev/null`, a FIFO, a device.
        case notRegularFile
        /// The folder a new catalog would be created in.
        case folderMissing(folder: String)
        case newCatalogFolderReadOnly(folder: String)
        /// The file's modes do not let it be written.
        case readOnly
        /// The file may be written but its folder not, where SQLite keeps its journal.
        case folderReadOnly
        /// A read-only file that is not a catalog yet, so it cannot become one.
        case readOnlyAndEmpty
        /// A read-only catalog that needs an upgrade it cannot be given.
        case readOnlyAndOutdated

        // What the file holds.
        /// Another application's SQLite database, and what shows it.
        case notACatalog(ForeignContent)
        /// A catalog with migrations this build does not know.
        case madeByNewerVersion

        // SQLite's errors (`init(_: DatabaseError)`).
        case notADatabase
        case corrupt
        /// SQLite refused a write (`SQLITE_READONLY`): a read-only connection or file.
        case writeRefused
        case cannotOpenFile
        case diskFull
        /// A write, sync or truncate that failed: a full disk, `ulimit -f`, a quota, EIO.
        case writeIOError
        case readIOError
        case ioError
        /// Another process held the catalog for longer than the busy timeout.
        case locked
        /// The same, said where the wait is known (deleting from the browser).
        case stayedLocked(seconds: Int)
        /// The path names another file than the one opened, or none
        /// (`mv`, `rm` while the browser had it open): never written.
        case replacedWhileOpen
        /// Any other SQLite error: its message, or its result code.
        case other(String)

        public var description: String {
            switch self {
            case .pathTooLong(let bytes):
                """
                path too long for SQLite (\(bytes) bytes; at most \(CatalogLocation.maximumPathBytes), \
                so that its -journal name fits SQLite's 512-byte limit)
                """
            case .isDirectory: "is a directory"
            case .notRegularFile: "not a regular file"
            case .folderMissing(let folder): "folder \(folder) does not exist"
            case .newCatalogFolderReadOnly(let folder): "folder \(folder) is read-only"
            case .readOnly: "read-only (permission denied)"
            case .folderReadOnly: "its folder is read-only (SQLite needs to write a journal next to it)"
            case .readOnlyAndEmpty: "read-only and empty (not a catalog yet)"
            case .readOnlyAndOutdated:
                "read-only, and made by an earlier quakes-tui: open it once where it can be written to upgrade it"
            case .notACatalog(let content): "not a quakes-tui catalog (\(content)); nothing was changed"
            case .madeByNewerVersion: "made by a newer quakes-tui; upgrade quakes-tui to open it"
            case .notADatabase: "not a SQLite database (file is corrupt or of another kind)"
            case .corrupt: "database is corrupt"
            case .writeRefused: "read-only"
            case .cannotOpenFile: "cannot open file"
            case .diskFull: "disk is full"
            case .writeIOError: "disk I/O error (the disk may be full, or the file over a size limit)"
            case .readIOError: "disk I/O error reading the file"
            case .ioError: "disk I/O error"
            case .locked: "database is locked by another process"
            case .stayedLocked(let seconds): "the catalog stayed locked for \(seconds) s"
            case .replacedWhileOpen: "the catalog was replaced or removed while open; nothing was written"
            case .other(let message): message
            }
        }

        /// The reason for a SQLite error: the one place GRDB's errors are read.
        init(_ error: DatabaseError) {
            switch error.extendedResultCode {
            // SQLite says "disk is full" only for ENOSPC. A write refused for
            // another reason (EFBIG over `ulimit -f`, EIO, a quota: EDQUOT) is a
            // write I/O error; the system's errno is not reliably kept for it.
            case .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE, .SQLITE_IOERR_SHMSIZE:
                self = .writeIOError
                return
            case .SQLITE_IOERR_READ, .SQLITE_IOERR_SHORT_READ:
                self = .readIOError
                return
            default: break
            }
            self = switch error.resultCode {
            case .SQLITE_NOTADB: .notADatabase
            case .SQLITE_CORRUPT: .corrupt
            case .SQLITE_READONLY: .writeRefused
            case .SQLITE_CANTOPEN: .cannotOpenFile
            case .SQLITE_FULL: .diskFull
            case .SQLITE_BUSY: .locked
            case .SQLITE_IOERR: .ioError
            default: .other(error.message ?? "\(error.resultCode)")
            }
        }
    }

    /// The catalog's path as the user gave it.
    public let path: String
    public let operation: Operation
    public let reason: Reason
    /// What caused it: GRDB's `DatabaseError`, a `POSIXError`, or nil when
    /// the catalog itself is the cause (another application's database).
    public let underlying: (any Error)?

    public init(path: String, operation: Operation, reason: Reason, underlying: (any Error)? = nil) {
        self.path = path
        self.operation = operation
        self.reason = reason
        self.underlying = underlying
    }

    /// A SQLite error met while doing `operation` to the catalog at `path`.
    public init(wrapping error: DatabaseError, path: String, operation: Operation) {
        self.init(path: path, operation: operation, reason: Reason(error), underlying: error)
    }

    /// `error` as the catalog's when it is GRDB's; anything else (a
    /// `CatalogError` already, an `ImportError`) is returned as it is, so
    /// an error is wrapped once. A `MATCHES` pattern that gave up is the
    /// query's fault, not the catalog's: it is returned as that.
    public static func wrapping(_ error: any Error, path: String, operation: Operation) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        if let patternError = RegexLimitError(error) { return patternError }
        return CatalogError(wrapping: error, path: path, operation: operation)
    }

    /// Runs `body`, its SQLite errors thrown as the catalog's.
    static func wrappingErrors<T>(path: String, operation: Operation, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw wrapping(error, path: path, operation: operation)
        }
    }

    public var description: String {
        if reason == .replacedWhileOpen { return operation == .delete ? "\(reason)" : "database \(path): \(reason)" }
        return switch operation {
        case .open: "database \(path): \(reason)"
        case .read: "database \(path): cannot read: \(reason)"
        case .write: "database \(path): cannot write: \(reason)"
        // The browser's line: the catalog is the one on screen.
        case .delete: "could not delete: \(reason)"
        }
    }

    /// A failed read of an open catalog (a corrupt page, a disk error) as
    /// one line: `database PATH: cannot read: database is corrupt`. Other
    /// errors are returned as they are. For the code that reads through the
    /// query layer (`list`, the browser), which sees GRDB's errors raw.
    public static func reading(_ error: any Error, path: String) -> any Error {
        wrapping(error, path: path, operation: .read)
    }
}
