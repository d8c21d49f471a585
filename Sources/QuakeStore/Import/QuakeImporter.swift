import Foundation
import GRDB

/// Imports USGS GeoJSON and CSV feeds, FDSN event text, QuakeML and the
/// ISC-GEM catalogue's CSV into the catalog. Each file is one
/// transaction: it lands whole or not at all. A kept declustering the
/// import cannot follow in place runs again after that commit, before the
/// import returns (`QuakeCatalog.runWaitingDeclusterings`).
public struct QuakeImporter: Sendable {
    public let catalog: QuakeCatalog

    public init(catalog: QuakeCatalog) { self.catalog = catalog }

    /// Called now and then with how far the read is.
    public typealias Progress = @Sendable (ImportProgress) -> Void

    /// Imports a file by path; `-` reads standard input. Pipes, FIFOs and
    /// `<(zcat f.gz)` are read like files; gzip bytes are inflated first,
    /// whatever the file's name. `service` (`import --service`) names the
    /// FDSN service the file comes from (`EventIdentity`).
    public func importFile(at path: String, name: String? = nil, service: String? = nil,
                           progress: Progress? = nil, streaming: StreamingImport? = nil) throws -> ImportReport {
        let name = name ?? (path == "-" ? "standard input" : path)
        let input = try Self.contents(name: name) {
            path == "-" ? .init(data: try InputFile.standardInput(), isMapped: false) : try InputFile.bytes(ofPath: path)
        }
        return try importData(input.data, name: name, service: service, scope: Scope(streaming: streaming),
                              inputIsMapped: input.isMapped, progress: progress)
    }

    /// Standard input, read to its end and inflated if gzip, as
    /// `importFile(at: "-")` reads it; a failure is an `ImportError` naming it.
    public static func readStandardInput() throws -> Data {
        try contents(name: "standard input") { .init(data: try InputFile.standardInput(), isMapped: false) }.data
    }

    /// What `read` gives, inflated if gzip (whatever the file's name); a
    /// failure of either is an `ImportError` naming the input.
    private static func contents(name: String, _ read: () throws -> InputFile.Contents) throws -> InputFile.Contents {
        do {
            let input = try read()
            return Gzip.isCompressed(input.data) ? .init(data: try Gzip.decompress(input.data), isMapped: false) : input
        } catch {
            throw ImportError(name: name, message: "\(error)", location: "")
        }
    }

    /// Imports a whole feed held in memory, GeoJSON, CSV, FDSN text or
    /// QuakeML, chosen by content unless `geoJSONOnly`. `records` are written
    /// in the same transaction (a fetch, a backfill window done), so the
    /// catalog says they happened only if the import landed. A fetched
    /// answer's quakes outside its time window are left out and counted
    /// (`placing`), and one at its end that the next window's request
    /// repeats left out only; FDSN text
    /// has no update time, so a fetched one's rows are as new as the answer
    /// (`answeredAt`) and replace what an earlier answer said.
    public func importData(_ data: Data, name: String, service: String? = nil, geoJSONOnly: Bool = false,
                           recording records: [ImportRecord] = [], placing: (@Sendable (Quake) -> WindowPlacement)? = nil,
                           answeredAt: Date? = nil, progress: Progress? = nil,
                           streaming: StreamingImport? = nil) throws -> ImportReport {
        try importData(data, name: name, service: service, geoJSONOnly: geoJSONOnly,
                       scope: Scope(records: records, placing: placing, answeredAt: answeredAt, streaming: streaming),
                       inputIsMapped: false, progress: progress)
    }

    /// What a fetch adds to an import of its answer (see `importData`).
    private struct Scope {
        var records: [ImportRecord] = []
        var placing: (@Sendable (Quake) -> WindowPlacement)?
        var answeredAt: Date?
        /// Commit as the rows are read (`StreamingImport`), instead of once.
        var streaming: StreamingImport?
    }

    /// `inputIsMapped`: `data` is a file's read-only mapping, whose pages
    /// the CSV reader gives back behind it (`ReadPages`).
    private func importData(_ data: Data, name: String, service: String?, geoJSONOnly: Bool = false, scope: Scope = Scope(),
                            inputIsMapped: Bool, progress: Progress? = nil) throws -> ImportReport {
        var report = ImportReport(name: name)
        var declusteringsWait = false
        try data.withUnsafeBytes { raw in
            // A UTF-8 byte order mark (Excel's "CSV UTF-8") is no part of the
            // feed: left in, it would stick to the first CSV column's name.
            let bytes = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self).dropFirst(FeedFormat.byteOrderMarkLength(raw)))
            var format = FeedFormat(sniffing: bytes)
            if geoJSONOnly && format != .empty { format = .geoJSON }   // the JSON reader says what is wrong
            let offset = ReadOffset()
            do {
                try Self.write(catalog.dbWriter, streaming: scope.streaming) { db, commits in
                    let perFeature = format == .quakeML ? 2500 : format == .geoJSON ? 700 : 200
                    let expectedRows = bytes.count / perFeature
                    let bulk = try commits.map { _ in try BulkLoad.beginStreaming(db, expectedRows: expectedRows) }
                        ?? BulkLoad.beginIfLarge(db, expectedRows: expectedRows)
                    let upserter = try Upserter(db, bulk: bulk != nil, deferringIDIndex: commits?.relaxesForeignKeys ?? false,
                                                expectedRows: expectedRows)
                    if let bulk { commits?.counting = (bulk, upserter) }
                    // What the reader's thread makes of each row (see `ReadRow`).
                    func reading(_ read: @escaping (_ emit: (Int, consuming ParsedEvent) throws -> Void) throws -> Void)
                        -> (ReadAhead<ReadRow>.Emit) throws -> Void {
                        { emit in
                            var rows = ReadRows(counting: bulk != nil, request: commits?.request,
                                                firstCommitRows: commits?.firstCommitRows)
                            try withoutActuallyEscaping(emit) { emit in
                                try read { index, event in try emit(rows.row(index, consume event)) }
                            }
                            try emit(rows.end())
                        }
                    }
                    var seen = 0
                    /// The reader's counts of the last rows, for the bulk load's end.
                    var lastCounts: InsertedCounts?
                    func tell() { progress?(ImportProgress(rows: seen, bytesRead: offset.current, totalBytes: bytes.count)) }
                    func expectIDs(_ rows: UnsafeMutableBufferPointer<ReadRow>) { upserter.expectIDs(rows.lazy.map(\.idHash)) }
                    // The location is made only for a skipped row (a string a row was 5 % of the writer's time).
                    func take(_ location: (Int) -> String, _ row: inout ReadRow) throws {
                        switch row.kind {
                        case .end:
                            lastCounts = row.counts
                            return
                        case .skipped(let reason):
                            report.skipped.append(.init(location: location(row.index), reason: reason))
                        case .quake:
                            switch scope.placing?(row.quake) ?? .inside {
                            case .inside: break
                            case .atItsEnd: upserter.noteLeftOut(); return
                            case .outside: upserter.noteLeftOut(); report.outsideWindow += 1; return
                            }
                            if format == .fdsnText, let answeredAt = scope.answeredAt {
                                var answered = row.quake
                                answered.updated = answeredAt
                                report.count(try upserter.upsert(answered, idHash: row.idHash, derived: row.derived))
                            } else {
                                report.count(try upserter.upsert(row.quake, idHash: row.idHash, derived: row.derived))
                            }
                        }
                        seen += 1
                        if seen % 2048 == 0 { tell() }
                        try commits?.rowTaken()
                        if row.commitsAfter { try commits?.commit(counts: row.counts) }
                    }
                    switch format {
                    case .empty:
                        throw ImportError(name: name, message: "empty file", location: "1:1")
                    case .geoJSON:
                        do {
                            try ReadAhead.run(read: reading { emit in
                                var scanner = JSONScanner(bytes)
                                try GeoJSONFeedReader.read(&scanner, readTo: { offset.set($0) }, onFeature: emit)
                            }, arriving: expectIDs, consume: { row in try take({ "feature \($0 + 1)" }, &row) })   // counted from 1, as users do
                        } catch let error as JSONScanError {
                            let (line, column) = JSONScanner(bytes).lineAndColumn(of: error.offset)
                            throw ImportError(name: name, message: error.message, location: "\(line):\(column)")
                        }
                    case .quakeML:
                        do {
                            try ReadAhead.run(read: reading { emit in
                                var pages = ReadPages(bytes, isMapped: inputIsMapped)
                                try QuakeMLReader.read(bytes, service: service, readBefore: { pages.release(before: $0); offset.set($0) }, onEvent: emit)
                            }, arriving: expectIDs, consume: { row in try take({ "event \($0 + 1)" }, &row) })
                        } catch let error as QuakeMLReader.SyntaxError {
                            throw ImportError(name: name, message: error.message, location: "\(error.line):\(error.column)")
                        }
                    case .csv:
                        do {
                            try ReadAhead.run(read: reading { emit in
                                var pages = ReadPages(bytes, isMapped: inputIsMapped)
                                try UTF8Check.reading(bytes, name: name, readBefore: { pages.release(before: $0); offset.set($0) }) {
                                    try USGSCSVReader.read(bytes, readBefore: $0, onRow: emit)
                                }
                            }, arriving: expectIDs, consume: { row in try take({ "line \($0 + 2)" }, &row) })
                        } catch let error as USGSCSVReader.LineError {
                            throw ImportError(name: name, message: error.message, location: "line \(error.line)")
                        }
                    case .iscGEM:
                        do {
                            try ReadAhead.run(read: reading { emit in
                                var pages = ReadPages(bytes, isMapped: inputIsMapped)
                                try UTF8Check.reading(bytes, name: name, readBefore: { pages.release(before: $0); offset.set($0) }) {
                                    try ISCGEMReader.read(bytes, readBefore: $0, onRow: emit)
                                }
                            }, arriving: expectIDs, consume: { row in try take({ "line \($0)" }, &row) })
                        } catch let error as FDSNTextReader.LineError {
                            throw ImportError(name: name, message: error.message, location: "line \(error.line)")
                        }
                    case .fdsnText:
                        do {
                            try ReadAhead.run(read: reading { emit in
                                var pages = ReadPages(bytes, isMapped: inputIsMapped)
                                try UTF8Check.reading(bytes, name: name, readBefore: { pages.release(before: $0); offset.set($0) }) {
                                    try FDSNTextReader.read(bytes, service: service, readBefore: $0, onRow: emit)
                                }
                            }, arriving: expectIDs, consume: { row in try take({ "line \($0)" }, &row) })
                        } catch let error as FDSNTextReader.LineError {
                            throw ImportError(name: name, message: error.message, location: "line \(error.line)")
                        }
                    }
                    declusteringsWait = try upserter.finish(bulk, counts: lastCounts, into: &report)
                    for record in scope.records { try record.write(db, events: report.new + report.updated) }
                    offset.set(bytes.count)
                    tell()
                }
            } catch {
                throw CatalogError.wrapping(error, path: catalog.path, operation: .write)
            }
        }
        if declusteringsWait { try catalog.runWaitingDeclusterings() }
        return report
    }

    /// The import's write: one transaction, or (`streaming`) one commit
    /// every so often.
    private static func write(_ writer: any DatabaseWriter, streaming: StreamingImport?,
                              _ body: (Database, StreamingCommits?) throws -> Void) throws {
        if let streaming {
            try StreamingCommits.run(writer, streaming) { db, commits in try body(db, commits) }
        } else {
            try BulkLoad.write(writer) { db in try body(db, nil) }
        }
    }

    /// Upserts quakes made in code (the benchmark's generator) in one
    /// transaction, the same way a feed's are.
    public func importQuakes(_ quakes: some Sequence<Quake>, name: String) throws -> ImportReport {
        var report = ImportReport(name: name)
        var declusteringsWait = false
        try CatalogError.wrappingErrors(path: catalog.path, operation: .write) {
            try BulkLoad.write(catalog.dbWriter) { db in
                let bulk = try BulkLoad.beginIfLarge(db, expectedRows: quakes.underestimatedCount)
                let upserter = try Upserter(db, bulk: bulk != nil)
                var counts = InsertedCounts()
                for quake in quakes {
                    if bulk != nil { counts.add(quake) }
                    report.count(try upserter.upsert(quake))
                }
                counts.settle()
                declusteringsWait = try upserter.finish(bulk, counts: counts, into: &report)
            }
        }
        if declusteringsWait { try catalog.runWaitingDeclusterings() }
        return report
    }

}

/// Where a fetched quake falls against the time window its answer was
/// asked for.
public enum WindowPlacement: Sendable {
    case inside
    /// At the window's end, which the next window's request asks again.
    case atItsEnd
    case outside
}

/// The feed formats, told apart by their first byte that is not blank:
/// GeoJSON `{` or `[`, FDSN text's header `#` (ISC-GEM's CSV when that
/// first line is ISC-GEM's `# ISC-GEM …` comment), QuakeML `<` (any FDSN
/// event service's XML), else USGS CSV (`time,…`).
enum FeedFormat {
    case geoJSON, csv, fdsnText, iscGEM, quakeML, empty

    static func byteOrderMarkLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    init(sniffing bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        if i == bytes.count { self = .empty; return }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .geoJSON
        case UInt8(ascii: "#"):
            self = ISCGEMReader.recognizes(UnsafeBufferPointer(rebasing: bytes[i...])) ? .iscGEM : .fdsnText
        case UInt8(ascii: "<"): self = .quakeML
        default: self = .csv
        }
    }
}
