import Foundation
import QuakeStore
import Testing

/// The cache folder of `quakes-tui FILE`'s catalogs: its names, its bound
/// (least recently used removed first, never the one being opened), and
/// `quakes-tui cache` listing and clearing it.
@Suite struct CacheFolderTests {
    let folder = TemporaryFolder()
    var cache: CacheFolder { CacheFolder(environment: ["XDG_CACHE_HOME": folder.file("cache")]) }

    /// A real, empty catalog in the cache, last used at `used` (seconds since 1970).
    func makeCatalog(_ key: String, source: String, used: TimeInterval) throws -> String {
        try cache.create()
        let path = cache.catalogPath(key: key)
        let catalog = try QuakeCatalog(path: path)
        try CacheFolder.recordSource(source, in: catalog)
        try catalog.close()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: used)], ofItemAtPath: path)
        return path
    }

    static let keys = ["a", "b", "c"].map { String(repeating: $0, count: 32) }

    @Test("the folder is $XDG_CACHE_HOME/quakes-tui, ~/.cache/quakes-tui when it is unset or relative")
    func folderPath() {
        #expect(CacheFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path == "/x/cache/quakes-tui")
        #expect(CacheFolder(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"]).path == "/home/u/.cache/quakes-tui")
        #expect(CacheFolder(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/quakes-tui")
    }

    @Test("a cache folder that cannot be made is one line with the system's reason")
    func unusableFolder() throws {
        let file = folder.write("not-a-folder", "x")
        let error = try #require(throws: CacheError.self) {
            try CacheFolder(environment: ["XDG_CACHE_HOME": file]).create()
        }
        #expect(error.description == "cannot create the cache folder \(file)/quakes-tui: Not a directory")
    }

    @Test("a file's key changes when it is touched, and names every file given, in order")
    func keys() throws {
        let a = folder.write("a.csv", "x")
        let b = folder.write("b.csv", "y")
        let key = try #require(CacheFolder.key(forFiles: [a]))
        #expect(key.count == 32)
        #expect(CacheFolder.key(forFiles: [a]) == key)
        #expect(CacheFolder.key(forFiles: [folder.path + "/./a.csv"]) == key, "by its resolved path")
        #expect(CacheFolder.key(forFiles: [a, b]) != key)
        #expect(CacheFolder.key(forFiles: [a, b]) != CacheFolder.key(forFiles: [b, a]))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: a)
        #expect(CacheFolder.key(forFiles: [a]) != key)
        #expect(CacheFolder.key(forFiles: [folder.file("missing.csv")]) == nil)
    }

    @Test("over the bound, the least recently used go first; the one being opened stays even alone over it")
    func eviction() throws {
        let a = try makeCatalog(Self.keys[0], source: "/data/a.csv", used: 1_000)
        let b = try makeCatalog(Self.keys[1], source: "/data/b.csv", used: 3_000)
        let c = try makeCatalog(Self.keys[2], source: "/data/c.csv", used: 2_000)
        let sizes = cache.entries().map(\.size)
        #expect(cache.entries().map(\.path) == [a, c, b])
        #expect(cache.evict(limit: sizes.reduce(0, +), keeping: b) == [])
        #expect(cache.evict(limit: sizes.reduce(0, +) - 1, keeping: b) == [a])
        #expect(cache.entries().map(\.path) == [c, b])
        #expect(cache.evict(limit: 0, keeping: c) == [b])
        #expect(cache.entries().map(\.path) == [c])
        #expect(cache.entries().map(\.source) == ["/data/c.csv"])
    }

    @Test("quakes-tui cache lists the catalogs, newest first; --clear removes them")
    func cacheCommand() throws {
        let a = try makeCatalog(Self.keys[0], source: "/data/a.csv", used: 1_767_323_045)   // 2026-01-02 03:04:05 UTC
        let b = try makeCatalog(Self.keys[1], source: "https://example.org/b.geojson", used: 1_767_409_445)
        let environment = ["XDG_CACHE_HOME": folder.file("cache"), "TZ": "UTC"]
        let size = try #require(try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int)
        // An empty catalog's size follows the schema: said in kB (between 10 kB and 1 MB).
        #expect((10_000..<999_500).contains(size))
        let kB = String(format: "%.0f kB", Double(size) / 1000).padding(toLength: 8, withPad: " ", startingAt: 0)
        // Two of them: a megabyte or more with pages of 16 KiB (`QuakeCatalog.newPageSize`).
        let total = 2 * size < 999_500 ? String(format: "%.0f kB", Double(2 * size) / 1000)
            : String(format: "%.1f MB", Double(2 * size) / 1_000_000)
        let listed = try runQuakesTUI(["cache"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == """
            LAST USED            SIZE      SOURCE
            2026-01-03 03:04:05  \(kB)  https://example.org/b.geojson  (\(b))
            2026-01-02 03:04:05  \(kB)  /data/a.csv  (\(a))
            2 catalogs, \(total) in \(cache.path)

            """)
        let cleared = try runQuakesTUI(["cache", "--clear"], environment: environment)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stdout == "removed 2 cached catalogs from \(cache.path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path) == [])
        let empty = try runQuakesTUI(["cache"], environment: environment)
        #expect(empty.stdout == "no cached catalogs in \(cache.path)\n")
    }
}
