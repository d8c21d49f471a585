import Foundation
import QuakesApp

// `make manual`'s writer of the documents made from the browser's Keymap:
// `quakes-keys mdoc` prints Resources/manual/10-keys.mdoc,
// `quakes-keys markdown` docs/KEYS.md.
let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "mdoc" where arguments.count == 1: print(KeysDocument.mdoc(), terminator: "")
case "markdown" where arguments.count == 1: print(KeysDocument.markdown(), terminator: "")
default:
    FileHandle.standardError.write(Data("usage: quakes-keys mdoc|markdown\n".utf8))
    exit(2)
}
