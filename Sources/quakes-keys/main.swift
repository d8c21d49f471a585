import Foundation
import QuakesApp

// `make manual`'s writer of the documents made from the browser's Keymap:
// `quakes-keys mdoc` prints Resources/manual/10-keys.mdoc,
// `quakes-keys markdown` docs/KEYS.md, `quakes-keys readme FILE` FILE (the
// README) with its key table replaced by the generated one.
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("mdoc", 1): print(KeysDocument.mdoc(), terminator: "")
case ("markdown", 1): print(KeysDocument.markdown(), terminator: "")
case ("readme", 2):
    guard let readme = try? String(contentsOfFile: arguments[1], encoding: .utf8),
          let spliced = KeysDocument.splicingTable(into: readme) else {
        FileHandle.standardError.write(Data("quakes-keys: \(arguments[1]): no key table between its markers\n".utf8))
        exit(1)
    }
    print(spliced, terminator: "")
default:
    FileHandle.standardError.write(Data("usage: quakes-keys mdoc|markdown|readme FILE\n".utf8))
    exit(2)
}
