import Foundation
@testable import QuakeStore

/// libFuzzer target: a USGS GeoJSON feed through `GeoJSONFeedReader`, as
/// `QuakeImporter.importData` drives it, without a catalog.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var scanner = JSONScanner(input)
    var last = -1
    do {
        try GeoJSONFeedReader.read(&scanner) { index, event in
            fuzzCheck(index == last + 1, "feature \(index) after \(last)", input)
            last = index
            checkImported(event, from: input)
        }
    } catch let error as JSONScanError {
        // What the importer shows: the message at line:column.
        fuzzCheck(!error.message.isEmpty, "an error without a message", input)
        fuzzCheck((0...size).contains(error.offset), "error offset \(error.offset) outside \(size) bytes", input)
        let (line, column) = scanner.lineAndColumn(of: error.offset)
        fuzzCheck(line >= 1 && column >= 1, "error at \(line):\(column)", input)
    } catch {
        fuzzCheck(false, "unexpected error type \(type(of: error)): \(error)", input)
    }
    return 0
}
