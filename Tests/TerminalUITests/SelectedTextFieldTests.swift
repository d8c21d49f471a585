import Testing
@testable import TerminalUI

/// A field opened with its text selected (`/` on an old filter): typing
/// replaces the text, Backspace clears it, a movement key lets go of the
/// selection and edits as usual; the selected text is drawn reversed.
@Suite struct SelectedTextFieldTests {
    static func render(_ field: TextField) -> Screen {
        var screen = Screen(width: 20, height: 1)
        field.render(into: &screen, row: 0, prompt: "/")
        return screen
    }

    @Test func typingReplacesTheSelectedText() {
        var field = TextField("volcano", selected: true)
        let screen = Self.render(field)
        #expect(screen.lines == ["/volcano"])
        #expect((1...7).allSatisfy { screen.style(row: 0, column: $0).reverse } && !screen.style(row: 0, column: 0).reverse)
        field.handle(.character("a"))
        field.handle(.character("k"))
        #expect(field.text == "ak" && !field.isSelected)
        #expect(!Self.render(field).style(row: 0, column: 1).reverse)
    }

    @Test func backspaceClearsAndAnArrowKeepsTheTextToEdit() {
        var cleared = TextField("volcano", selected: true)
        cleared.handle(.backspace)
        #expect(cleared.text == "" && cleared.cursor == 0)
        var edited = TextField("volcano", selected: true)
        edited.handle(.left)
        edited.handle(.character("X"))
        #expect(edited.text == "volcanXo")
        #expect(!TextField("", selected: true).isSelected, "nothing to select")
    }
}
