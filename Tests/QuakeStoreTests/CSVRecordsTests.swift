import CSV
import Foundation
@testable import QuakeOutput
import Testing

/// `CSVRecords`, written by hand for speed, against CSV.swift's writer
/// (the one it replaced): the same bytes for fields holding quotes,
/// commas, CR, LF, CRLF, spaces, accents, CJK and emoji, in records of
/// one to six fields, and a batch written through `append` and `flush`
/// equal to the records written at once.
@Suite struct CSVRecordsTests {
    /// CSV.swift's text of `records`, each ending with a newline.
    static func library(_ records: [[String]]) throws -> String {
        let writer = try CSVWriter(stream: .toMemory())
        for record in records { try writer.write(row: record) }
        writer.stream.close()
        let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Pieces a field is made of. No combining mark follows a comma or
    /// quote here: CSV.swift's `String.contains` (NSString, not literal)
    /// does not see a comma that a combining mark joins, and would leave
    /// such a field unquoted, a broken record; `CSVRecords` quotes it.
    static let pieces = ["a", "Z", "7", " ", ",", "\"", "\r", "\n", "\r\n", "é", "Île", "東京", "🌋", "5km SW of Volcano, Hawaii", "-", ""]

    @Test func everyRecordIsWrittenAsCSVSwiftWritesIt() throws {
        var generator = SystemRandomNumberGenerator()
        var records: [[String]] = [[""], ["", ""], ["\"\""], [",,"], ["\r\n"], ["a\"b"]]
        for _ in 0..<2_000 {
            let fields = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            }
            records.append(fields)
        }
        for record in records {
            #expect(CSVRecords.text([record]) == (try Self.library([record])), "\(record)")
        }
        #expect(CSVRecords.text(records) == (try Self.library(records)))
        // Through batches: a batch and a half, then the rest on flush.
        var output = ""
        var batch = CSVRecords()
        let many = Array(records.prefix(CSVRecords.batchSize * 3 / 2))
        for record in many { batch.append(record, to: &output) }
        #expect(output == CSVRecords.text(Array(many.prefix(CSVRecords.batchSize))), "the full batch written, the rest held")
        batch.flush(to: &output)
        #expect(output == CSVRecords.text(many))
    }
}
