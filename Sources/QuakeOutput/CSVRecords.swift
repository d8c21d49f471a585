/// CSV records as RFC 4180 and CSV.swift's writer write them: a field
/// holding a quote, comma, CR or LF is quoted, its quotes doubled; every
/// record ends with a newline. Written here, not through CSV.swift's
/// `CSVWriter`: a writer made for each record cost about 75 µs a line
/// (`list --format csv` of 20,000 quakes: 2.3 s, JSON 0.8 s), and one
/// writer for many still spent 73 % of `list -f csv` in the writer, most
/// of it in its field test (`String.contains` through NSString: 0.81 s
/// for 20,000 quakes against JSON's 0.38 s). The tests hold this to
/// CSV.swift's output.
struct CSVRecords {
    /// Records held before they are written: one write a batch.
    static let batchSize = 512

    private var pending = ""
    private var held = 0

    /// The records' text, every record ending with a newline.
    static func text(_ records: [[String]]) -> String {
        var text = ""
        for record in records { append(record, to: &text) }
        return text
    }

    /// One field as written: quoted, its quotes doubled, when it holds a
    /// quote, comma, CR or LF.
    static func field(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == 13 || $0 == 10 })
        else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }

    private static func append(_ record: [String], to text: inout String) {
        for (i, value) in record.enumerated() {
            if i > 0 { text += "," }
            text += field(value)
        }
        text += "\n"
    }

    /// Holds `record`, writing the batch to `output` once it is full.
    mutating func append(_ record: [String], to output: inout some TextOutputStream) {
        Self.append(record, to: &pending)
        held += 1
        if held >= Self.batchSize { flush(to: &output) }
    }

    /// Writes the records held.
    mutating func flush(to output: inout some TextOutputStream) {
        output.write(pending)
        pending = ""
        held = 0
    }
}
