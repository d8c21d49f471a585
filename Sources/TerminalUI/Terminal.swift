/// What the browser's run loop needs of a terminal: its size, input to wait
/// for and read, and a way to show a Screen. `NcursesTerminal` is the real
/// one; `MemoryTerminal` lets tests drive the run loop without tmux.
public protocol Terminal: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Whether the terminal shows UTF-8 (else views pick ASCII forms).
    var isUTF8: Bool { get }
    /// Whether colors show (not under NO_COLOR, and the terminal has them).
    var hasColor: Bool { get }
    /// Whether it has the 256-color palette (else the eight named colors).
    var hasManyColors: Bool { get }
    /// A file descriptor that becomes readable when input is waiting: the
    /// run loop polls it beside its wake and signal pipes.
    var inputDescriptor: Int32 { get }
    /// The events ready now, at most `limit`, without waiting. Fewer than
    /// `limit` means none are left.
    func readEvents(limit: Int) -> [Event]
    /// Shows `screen`.
    func draw(_ screen: Screen)
    /// Puts `text` on the clipboard of the terminal the user sees (OSC 52;
    /// terminals and tmux that do not take it ignore it).
    func copyToClipboard(_ text: String)
    /// Rings the terminal bell (an alert in the browser).
    func bell()
    /// Gives the terminal back as it was. Called once; later calls do nothing.
    func stop()
}
