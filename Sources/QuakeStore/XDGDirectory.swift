import Foundation

/// The XDG base directories (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`,
/// `XDG_STATE_HOME`). The specification says a relative path in one of
/// them is invalid and must be ignored: a catalog or views must never land
/// in whatever folder the user happened to start in.
public enum XDGDirectory {
    /// `$variable` when it is an absolute path, else `$HOME/fallback`
    /// (the password database's home when HOME is empty or unset).
    public static func path(_ variable: String, orHome fallback: String,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home(environment: environment) + "/" + fallback
    }

    /// `$HOME`, else (unset or empty) the password database's home.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
