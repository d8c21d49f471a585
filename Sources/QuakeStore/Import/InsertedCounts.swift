/// Quakes per place (as reported, folded once at the end), per UTC day
/// (days since the epoch), per kept map cell and per tenth of magnitude.
/// A place is hashed once a row, to its number here: the per-place cell
/// and tenth counts are keyed by that number, not the text. Counted on the
/// import's reading thread (`ReadRows`), as the rows are read.
struct InsertedCounts {
    private var placeNumbers: [String: Int] = [:]
    /// The places as reported, by number, and how many quakes each.
    private(set) var placeNames: [String] = []
    private var placeCounts: [Int] = []
    /// Quakes per day since the epoch (its bits).
    private(set) var days = CountTable()
    private(set) var cells = InsertedCells()
    private(set) var magnitudes = InsertedMagnitudes()

    mutating func add(_ quake: Quake) {
        let place: Int
        if let known = placeNumbers[quake.place] {
            place = known
        } else {
            place = placeNames.count
            placeNumbers[quake.place] = place
            placeNames.append(quake.place)
            placeCounts.append(0)
        }
        placeCounts[place] += 1
        cells.add(quake, place: place)
        magnitudes.add(quake, place: place)
        days.add(UInt64(bitPattern: UTCDay.floorDiv(quake.time.epochMilliseconds, 86_400_000)))
    }

    /// Counts what the tables hold back: before the counts are read.
    mutating func settle() {
        days.settle()
        cells.settle()
        magnitudes.settle()
    }

    /// Each place's folded text, by number: as the catalog keys places.
    var foldedPlaceNames: [String] { placeNames.map(TextFolding.fold) }

    /// The counts by folded place.
    func foldedPlaces(_ folded: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (place, count) in placeCounts.enumerated() { counts[folded[place], default: 0] += count }
        return counts
    }

    /// The counts by day, as `YYYY-MM-DD`.
    var dayStrings: [String: Int] {
        Dictionary(uniqueKeysWithValues: days.entries.map {
            (UTCDay.string(epochMilliseconds: Int64(bitPattern: $0.key.low) * 86_400_000), $0.count)
        })
    }
}
