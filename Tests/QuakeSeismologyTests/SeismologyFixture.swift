import Foundation

/// Paths to the field's reference fixtures copied into Tests/Fixtures (each
/// folder's README names its source and licence).
enum SeismologyFixture {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }
}
