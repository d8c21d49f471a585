import Foundation
@testable import QuakeStore

/// libFuzzer target: a USGS CSV feed through `USGSCSVReader`, as
/// `QuakeImporter.importData` drives it, without a catalog. Input that is not
/// UTF-8 takes the importer's error path (where is the first bad byte), and
/// is then read all the same, the reader taking invalid bytes as replacement
/// characters (it must not trap on any bytes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    if !QuakeImporter.isUTF8(input) {
        let offset = QuakeImporter.firstInvalidUTF8(input)
        fuzzCheck((0..<size).contains(offset), "first invalid byte \(offset) outside \(size) bytes", input)
        let (line, column) = JSONScanner(input).lineAndColumn(of: offset)
        fuzzCheck(line >= 1 && column >= 1, "invalid byte at \(line):\(column)", input)
    }
    var last = -1
    do {
        try USGSCSVReader.read(input) { index, event in
            fuzzCheck(index == last + 1, "row \(index) after \(last)", input)
            last = index
            checkImported(event, from: input)
        }
    } catch let error as USGSCSVReader.LineError {
        fuzzCheck(!error.message.isEmpty && error.line >= 1, "error \(error.message) at line \(error.line)", input)
    } catch {
        fuzzCheck(false, "unexpected error type \(type(of: error)): \(error)", input)
    }
    return 0
}
