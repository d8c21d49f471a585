import Foundation
import GRDB

/// Ways a catalog file gets damaged, made reproducible: the same bytes on
/// every run, so the error a test expects is always the same one.
public enum CatalogDamage {
    /// `count` bytes of noise from a fixed seed (SplitMix64).
    public static func garbage(count: Int, seed: UInt64 = 0x5EED) -> Data {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            if i % 8 == 0 {
                state &+= 0x9E37_79B9_7F4A_7C15
            }
            var z = state &+ UInt64(i % 8)
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            bytes[i] = UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
        return Data(bytes)
    }

    /// Overwrites the pages of the `quake` table that lie in the middle
    /// half of a SQLite file (from one quarter to three quarters, pages of
    /// the size its header says) with garbage, keeping its size, its header
    /// and every other table's and index's pages, as a bad disk sector or a
    /// stray write in the data would: the catalog opens, and reading its
    /// quakes finds the damage. Returns the damaged bytes.
    @discardableResult
    public static func overwriteMiddlePages(of path: String) throws -> Data {
        let quakePages = try self.quakePages(of: path)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = self.pageSize(of: data)
        let range = middlePages(ofSize: data.count, pageSize: pageSize)
        let noise = garbage(count: range.count)
        for start in stride(from: range.lowerBound, to: range.upperBound, by: pageSize)
        where quakePages.contains(start / pageSize + 1) {
            let offset = start - range.lowerBound
            data.replaceSubrange(start..<start + pageSize, with: noise[offset..<offset + pageSize])
        }
        try data.write(to: URL(fileURLWithPath: path))
        return data
    }

    /// The page numbers (from 1) of the `quake` table, from SQLite's dbstat.
    static func quakePages(of path: String) throws -> Set<Int> {
        var configuration = Configuration()
        configuration.readonly = true
        return try Set(DatabaseQueue(path: path, configuration: configuration).read { db in
            try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = 'quake'")
        })
    }

    /// The page size a SQLite file's header gives (bytes 16–17, big-endian;
    /// 1 stands for 65,536).
    public static func pageSize(of file: Data) -> Int {
        let bytes = [UInt8](file.prefix(18))
        guard bytes.count == 18 else { return 4096 }
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        return size == 1 ? 65_536 : size
    }

    /// The byte range `overwriteMiddlePages` overwrites in a file of `size` bytes.
    public static func middlePages(ofSize size: Int, pageSize: Int) -> Range<Int> {
        let pages = size / pageSize
        return pages / 4 * pageSize ..< pages * 3 / 4 * pageSize
    }

    /// Whether `path` still holds `damaged` (as `overwriteMiddlePages` left
    /// it) but for what opening it may rightly write: not shorter, the same
    /// garbage in every page that was overwritten (nothing rewritten into
    /// them), still a SQLite header. GRDB writes on every open of a WAL
    /// catalog without a WAL file (it creates and drops a table, so the
    /// header and a free page change), so the whole file cannot be expected
    /// byte for byte.
    public static func isIntact(_ path: String, damaged: Data) -> Bool {
        guard let now = try? Data(contentsOf: URL(fileURLWithPath: path)), now.count >= damaged.count else { return false }
        let pageSize = pageSize(of: damaged)
        let range = middlePages(ofSize: damaged.count, pageSize: pageSize)
        let noise = garbage(count: range.count)
        var overwritten = 0
        for start in stride(from: range.lowerBound, to: range.upperBound, by: pageSize) {
            let offset = start - range.lowerBound
            guard damaged[start..<start + pageSize].elementsEqual(noise[offset..<offset + pageSize]) else { continue }
            overwritten += 1
            guard now[start..<start + pageSize] == damaged[start..<start + pageSize] else { return false }
        }
        return overwritten > 0 && now.prefix(16) == Data("SQLite format 3\0".utf8)
    }
}
