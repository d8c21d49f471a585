import Foundation
import QuakeStore

/// Symbolic links met where the browser writes a file (an export, the
/// views file): a file is written where its link points, so the link
/// stays a link; and a dangling link is something there, not nothing.
public enum SymbolicLink {
    /// Whether anything is at `path`: a file, a folder, or a link, even a
    /// dangling one (which `FileManager.fileExists` calls nothing).
    public static func anythingExists(at path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Where writing to `path` should write: the file at the end of its
    /// links, which need not exist yet (a dangling link's target). A path
    /// that is not a link, or a loop of links, is returned as it is.
    static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {   // as the kernel's MAXSYMLINKS
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                  let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = link.hasPrefix("/") ? link : QuakeCatalog.folder(of: current) + "/" + link
        }
        return path
    }
}
