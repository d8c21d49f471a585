/// The time-order positions not yet in a cluster, as links "the first free
/// position at or after this one" shortened as they are followed (path
/// halving), so a window's scan steps over the events already taken
/// instead of testing each again. `links` has one more entry than there are
/// events: the last, the end, always points to itself.
struct FreePositions {
    let links: UnsafeMutableBufferPointer<Int32>

    /// Makes every position free.
    static func initialize(_ links: UnsafeMutableBufferPointer<Int32>) {
        for position in links.indices { links[position] = Int32(position) }
    }

    /// The first free position at or after `position` (the end if none).
    @inline(__always)
    func first(atOrAfter position: Int) -> Int {
        var current = position
        while Int(links[current]) != current {
            let next = Int(links[current])
            links[current] = links[next]
            current = next
        }
        return current
    }

    /// `position` is taken: searches from it go on to the next one.
    @inline(__always)
    func take(_ position: Int) { links[position] = Int32(position + 1) }
}
