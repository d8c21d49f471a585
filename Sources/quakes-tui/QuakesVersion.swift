/// The one place the version is kept: `--version`, `quakes-tui version` and
/// the manual page's footer all read it from here.
enum QuakesVersion {
    static let number = "0.5.0"

    /// What `--version` prints: the program's name, then its version.
    static let line = "quakes-tui \(number)"
}
