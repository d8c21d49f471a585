import Foundation
@testable import QuakeStore

/// libFuzzer target: an FDSN event service's text answer (`format=text`)
/// through `FDSNTextReader`, as the importer drives it, without a catalog;
/// with and without a service named (`import --service`), since ids are
/// made from it. Bytes that are not UTF-8 are read all the same, as the
/// CSV target reads them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFDSNText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    for service in [nil, "ingv"] as [String?] {
        // Rows are numbered by their line: the header is line 1 at least.
        var last = 1
        do {
            try FDSNTextReader.read(input, service: service, readBefore: { offset in
                fuzzCheck((0...size).contains(offset), "read before \(offset) outside \(size) bytes", input)
            }) { index, event in
                fuzzCheck(index > last, "row of line \(index) after line \(last)", input)
                last = index
                checkImported(event, from: input)
                if case .quake(let quake) = event, let service {
                    // Another service's ids are SERVICE:ID, never bare.
                    fuzzCheck(quake.id.hasPrefix(service + ":"), "id \(quake.id) from \(service) without its prefix", input)
                }
            }
        } catch let error as FDSNTextReader.LineError {
            fuzzCheck(!error.message.isEmpty && error.line >= 1, "error \(error.message) at line \(error.line)", input)
        } catch {
            fuzzCheck(false, "unexpected error type \(type(of: error)): \(error)", input)
        }
    }
    return 0
}
