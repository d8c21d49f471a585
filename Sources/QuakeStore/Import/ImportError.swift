/// A file that cannot be imported as a whole; nothing of it was stored.
/// Prints as `FILE: <what> at <where>`.
public struct ImportError: Error, CustomStringConvertible, Equatable {
    public var name: String
    public var message: String
    /// `line:column`, `line N`, or empty when there is no position.
    public var location: String

    public var description: String {
        location.isEmpty ? "\(name): \(message)" : "\(name): \(message) at \(location)"
    }
}
