import QuakeMap
import TerminalUI

/// How the map draws quakes and layers: the density ramp (viridis in the
/// 256-color palette, blue–cyan–green–yellow on eight colors), the event
/// symbols by magnitude class, and the depth and time ramps.
public enum MapPalette {
    // MARK: Density

    /// Viridis, dark to bright, as the nearest of xterm's 256 colors.
    static let densityRamp: [Color] = [
        .indexed(54, fallback: .blue), .indexed(60, fallback: .blue), .indexed(24, fallback: .cyan),
        .indexed(30, fallback: .cyan), .indexed(36, fallback: .green), .indexed(77, fallback: .green),
        .indexed(149, fallback: .yellow), .indexed(220, fallback: .yellow),
    ]

    /// How many density classes a map can show apart: the ramp's eight
    /// colors in 256, the four named colors they fall back to on eight
    /// (blue, cyan, green, yellow), four shades without colors.
    public static func densityClasses(colors: Bool, manyColors: Bool) -> Int {
        guard colors else { return densityShades.count }
        return manyColors ? Set(densityRamp).count : Set(densityRamp.map(\.basic)).count
    }

    /// A density class's color: the classes spread over the whole ramp
    /// (four or fewer classes take four different fallbacks).
    public static func densityColor(level: Int, of classes: Int) -> Color {
        guard classes > 1 else { return densityRamp[densityRamp.count / 2] }
        let step = Double(densityRamp.count - 1) / Double(classes - 1)
        return densityRamp[min(densityRamp.count - 1, Int((Double(level) * step).rounded()))]
    }

    /// Lines drawn over a density cell: white on the dark half of the ramp, black on the bright.
    public static func densityForeground(level: Int, of classes: Int) -> Color {
        classes > 1 && Double(level) / Double(classes - 1) > 0.6 ? .indexed(16, fallback: .default) : .indexed(231, fallback: .default)
    }

    /// How the dots of a plot (a section, magnitude over time) are colored
    /// by how many quakes each cell holds: on the density ramp, classed as
    /// the map classes its cells; nil when the cells hold too few each for
    /// it (the map's `auto` threshold: each dot is then an event).
    public struct DensityColoring {
        let scale: DensityScale

        public init?(counts: some Collection<Int>) {
            guard MapStyle.auto.resolved(quakes: counts.reduce(0, +), cells: counts.count) == .density else { return nil }
            scale = DensityScale(largest: counts.max() ?? 1)
        }

        public func color(_ count: Int) -> Color { MapPalette.densityColor(level: scale.level(of: count), of: scale.count) }

        /// The class's shade, for a terminal without UTF-8.
        public func shade(_ count: Int) -> String {
            MapPalette.densityShade(level: scale.level(of: count), of: scale.count, unicode: false)
        }
    }

    /// Density without colors: shades, lightest to darkest (in ASCII,
    /// characters the land's `.` and the marker's `@` are not; `:` rather
    /// than `-`, which the legend would read as a minus: `-1-9`).
    static let densityShades = ["░", "▒", "▓", "█"]
    static let asciiDensityShades = [":", "=", "%", "#"]

    /// A density class's shade: the classes spread over the shades (four
    /// or fewer classes take four different shades).
    public static func densityShade(level: Int, of classes: Int, unicode: Bool = true) -> String {
        let shades = unicode ? densityShades : asciiDensityShades
        guard classes > 1 else { return shades[1] }
        return shades[min(shades.count - 1, level * shades.count / classes)]
    }

    // MARK: Events

    /// The magnitude classes' symbols, smallest first: below M4 a braille
    /// dot in color (`·` without), then `•` M4, `●` M5, `◉` M6, `■` M7.
    /// All four come from Geometric Shapes (U+25A0–25FF), which DejaVu
    /// Sans Mono and the other common terminal fonts draw in one cell;
    /// `⬤` (U+2B24) is missing from them, and the wider fallback glyph was
    /// clipped to a half circle. Not `█`: the selection's reverse video
    /// would turn a full block into an empty-looking cell.
    public static let symbolFloors: [Double] = [4, 5, 6, 7]
    public static let symbols = ["•", "●", "◉", "■"]
    public static let smallSymbol = "·"
    /// The same outside UTF-8: `*` below M4, then `%` M4, `&` M5, `$` M6,
    /// `#` M7, heavier for larger. None is a letter or digit (town names,
    /// tick labels), `.` (lines), `+` (a town), `@` (the selection) or `'`
    /// (A′), so a plain-text map shows every quake.
    public static let asciiSymbols = ["%", "&", "$", "#"]
    public static let asciiSmallSymbol = "*"

    /// The symbol class of a magnitude: 0 below M4 (or unknown), 1…4 above.
    public static func symbolClass(_ magnitude: Double?) -> Int {
        guard let magnitude else { return 0 }
        return symbolFloors.lastIndex { magnitude >= $0 }.map { $0 + 1 } ?? 0
    }

    /// A cell of events as the map and the section draw it: the symbol of
    /// its largest magnitude's class (`asciiSymbols` outside UTF-8), below
    /// M4 its braille dots (`·` without colors, `*` outside UTF-8); its color by the largest
    /// magnitude, or by `value`, the cell's deepest depth or latest time
    /// (within `span`, the oldest and newest shown).
    public static func event(largest: Double?, value: Double?, dots: UInt8, coloring: MapColoring,
                             span: (oldest: Double, newest: Double), colors: Bool, unicode: Bool) -> (text: String, color: Color) {
        let symbolClass = symbolClass(largest)
        let text = symbolClass > 0 ? (unicode ? symbols : asciiSymbols)[symbolClass - 1]
            : !unicode ? asciiSmallSymbol : colors ? String(BrailleCanvas.character(dots)) : smallSymbol
        let color: Color = switch coloring {
        case .magnitude: Formatting.color(forMagnitude: largest)
        case .depth: depthColor(value)
        case .time: timeColor(value, oldest: span.oldest, newest: span.newest)
        }
        return (text, color)
    }

    /// Depth classes' floors (km) and colors: the slab's ramp, shallow red to deep purple.
    public static let depthFloors: [Double] = [0, 10, 30, 70, 150, 300, 500]
    static let depthRamp: [Color] = [
        .indexed(160, fallback: .red), .indexed(209, fallback: .orange), .indexed(221, fallback: .yellow),
        .indexed(113, fallback: .green), .indexed(38, fallback: .cyan), .indexed(62, fallback: .blue),
        .indexed(97, fallback: .magenta),
    ]

    public static func depthColor(_ depth: Double?) -> Color {
        guard let depth else { return .gray }
        return depthRamp[depthFloors.lastIndex { depth >= $0 } ?? 0]
    }

    /// Time: the view's span in equal steps, oldest (blue) to newest (red).
    static let timeRamp: [Color] = [
        .indexed(60, fallback: .blue), .indexed(67, fallback: .blue), .indexed(110, fallback: .cyan),
        .indexed(222, fallback: .yellow), .indexed(215, fallback: .orange), .indexed(203, fallback: .red),
        .indexed(160, fallback: .red),
    ]
    public static var timeSteps: Int { timeRamp.count }

    public static func timeColor(_ time: Double?, oldest: Double, newest: Double) -> Color {
        guard let time else { return .gray }
        guard newest > oldest else { return timeRamp[timeRamp.count - 1] }
        let step = Int(((time - oldest) / (newest - oldest) * Double(timeRamp.count)).rounded(.down))
        return timeRamp[max(0, min(timeRamp.count - 1, step))]
    }

    // MARK: Layers

    public static let coastStyle = Style(foreground: .gray)
    public static let platesStyle = Style(foreground: .indexed(67, fallback: .blue))
    public static let faultsStyle = Style(foreground: .indexed(88, fallback: .red), dim: true)
    public static let graticuleStyle = Style(foreground: .indexed(238, fallback: .gray), dim: true)
    public static let townStyle = Style(bold: true)
    public static let tickStyle = Style(foreground: .gray)
}
