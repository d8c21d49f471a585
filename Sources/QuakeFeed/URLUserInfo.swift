import Foundation

/// Credentials written in a URL (`https://user:secret@host/…`) go with its
/// requests and nowhere else: every message and the catalog take the URL
/// without them (`https://host/…`).
public enum URLUserInfo {
    /// `text` without the userinfo of its authority, if it has one; any
    /// other text as it is.
    public static func removed(from text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let scheme = text[..<schemeEnd.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { !"/?#".contains($0) }
        // The userinfo ends at the authority's last `@` (a password may hold one, badly escaped).
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<schemeEnd.upperBound]) + String(rest[rest.index(after: at)...])
    }
}
