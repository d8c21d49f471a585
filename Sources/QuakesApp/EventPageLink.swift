import TerminalUI

/// A quake's event page address from a feed, checked before `o` hands it to
/// `xdg-open` or `y` puts it on the clipboard: a feed's `url` is any text,
/// and `xdg-open` would as gladly run a `.desktop` launcher, open
/// `file:///etc/passwd` or take `--version` as an option. Only an `http` or
/// `https` address naming a host, on one line and without spaces, is a
/// link; nothing is mended (a percent-encoded newline would be another
/// address).
public struct EventPageLink: Equatable, Sendable {
    /// The address, exactly as the feed gave it.
    public let url: String

    /// Why an address is not a link, in the words the status line ends with.
    public enum Refusal: Error, Equatable {
        case notWeb
        case unsafeCharacter

        /// `opened` or `copied`: what would have been done with it.
        func reason(_ done: String) -> String {
            switch self {
            case .notWeb: "only http and https links are \(done)"
            case .unsafeCharacter: "a link with a control character or space is not \(done)"
            }
        }
    }

    public static func check(_ url: String) -> Result<EventPageLink, Refusal> {
        let lowercased = url.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowercased.hasPrefix) else { return .failure(.notWeb) }
        let host = url.dropFirst(scheme.count).prefix { !"/?#".contains($0) }
        guard !host.isEmpty else { return .failure(.notWeb) }
        // Controls (C0, DEL, C1) and every Unicode space, which takes in
        // NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR: no second line.
        if url.unicodeScalars.contains(where: { TerminalText.isControl($0) || $0.properties.isWhitespace }) {
            return .failure(.unsafeCharacter)
        }
        return .success(EventPageLink(url: url))
    }

    /// `error: not opening file:///etc/passwd: only http and https links are
    /// opened`: the address with its control characters made visible.
    static func refusalMessage(_ url: String, refusal: Refusal, doing: String, done: String) -> String {
        "error: not \(doing) \(TerminalText.visible(url)): \(refusal.reason(done))"
    }
}
