import QuakeStore

/// Where the filter text matches a place, case- and accent-insensitively,
/// as character offsets of the place. The filter is folded once per frame,
/// not once per row.
public struct FilterMatch {
    private let needle: [Character]

    public init(filter: String) { needle = Array(TextFolding.fold(filter)) }

    public func ranges(in place: String) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        // Fold character by character, remembering which place character each
        // folded character came from.
        var folded: [Character] = []
        var origin: [Int] = []
        for (offset, character) in place.enumerated() {
            for f in TextFolding.fold(String(character)) { folded.append(f); origin.append(offset) }
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= folded.count {
            if Array(folded[start..<start + needle.count]) == needle {
                ranges.append(origin[start]..<origin[start + needle.count - 1] + 1)
                start += needle.count
            } else {
                start += 1
            }
        }
        return ranges
    }
}
