import Foundation

/// The map's land outlines: coastlines derived from Natural Earth's 1:110m
/// countries (public domain) by Tools/make-land-outline.py; the format and
/// provenance are in land_110m.README.md beside it.
public enum BundledLandOutline {
    public static let fileName = "land_110m.txt"

    /// Where the outlines are, found as the bundled feed is.
    public static var url: URL? {
        Bundle.module.url(forResource: "land_110m", withExtension: "txt")
    }
}
