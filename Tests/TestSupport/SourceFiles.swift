import Foundation

/// The Swift files under a folder of the repository (`Sources`,
/// `Sources/QuakeViews`), by path relative to it in sorted order, each as
/// its lines: for the tests that hold the code to a rule.
public func swiftFiles(under folder: String) throws -> [(path: String, lines: [String])] {
    let root = packageRoot.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
        (path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n"))
    }
}
