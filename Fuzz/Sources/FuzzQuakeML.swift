import Foundation
@testable import QuakeStore

/// libFuzzer target: QuakeML through `QuakeMLReader` (Foundation's
/// `XMLParser` over libxml2, then the handler that picks the preferred
/// origin and magnitude), as the importer drives it, without a catalog.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuakeML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var last = -1
    do {
        try QuakeMLReader.read(input, readBefore: { offset in
            fuzzCheck((0...size).contains(offset), "read before \(offset) outside \(size) bytes", input)
        }) { index, event in
            fuzzCheck(index == last + 1, "event \(index) after \(last)", input)
            last = index
            checkImported(event, from: input)
        }
    } catch let error as QuakeMLReader.SyntaxError {
        fuzzCheck(!error.message.isEmpty && error.line >= 0 && error.column >= 0,
                  "error \(error.message) at \(error.line):\(error.column)", input)
    } catch {
        fuzzCheck(false, "unexpected error type \(type(of: error)): \(error)", input)
    }
    return 0
}
