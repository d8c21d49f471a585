import Foundation
import Testing

/// `make install` and `make uninstall` into a DESTDIR, with the debug build
/// the tests run (CONFIGURATION=debug: nothing is built).
@Suite struct InstallTests {
    static let bundle = "libexec/quakes-tui/quakes-tui_BundledData.resources"
    static let installedFiles = [
        "bin/quakes-tui",
        "libexec/quakes-tui/quakes-tui",
        "\(bundle)/all_week_2018-06-14.geojson",
        "\(bundle)/coast_50m.README.md",
        "\(bundle)/coast_50m.txt",
        "\(bundle)/faults_gem2021.LICENSE.txt",
        "\(bundle)/faults_gem2021.README.md",
        "\(bundle)/faults_gem2021.txt",
        "\(bundle)/gazetteer_cities15000.tsv",
        "\(bundle)/land_110m.README.md",
        "\(bundle)/land_110m.txt",
        "\(bundle)/plates_pb2002.LICENSE.md",
        "\(bundle)/plates_pb2002.README.md",
        "\(bundle)/plates_pb2002.txt",
        "share/bash-completion/completions/quakes-tui",
        "share/fish/vendor_completions.d/quakes-tui.fish",
        "share/man/man1/quakes-tui.1",
        "share/zsh/site-functions/_quakes-tui",
    ]

    @Test func installPutsTheseFilesThereAndUninstallRemovesThem() throws {
        let folder = TemporaryFolder()
        let prefix = folder.path + "/usr/local"
        let install = try make("install", destination: folder.path)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(try Self.files(under: prefix) == Self.installedFiles.map { prefix + "/" + $0 })
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/quakes-tui")
                == "../libexec/quakes-tui/quakes-tui")
        // Every file of the built resource bundle, so a resource added to Package.swift is installed too.
        let built = builtProduct("quakes-tui_BundledData.resources").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: built).sorted()
                == FileManager.default.contentsOfDirectory(atPath: prefix + "/" + Self.bundle).sorted())
        #expect(FileManager.default.contentsEqual(atPath: prefix + "/share/man/man1/quakes-tui.1",
                                                  andPath: packageRoot.appendingPathComponent("Resources/quakes-tui.1").path))

        let uninstall = try make("uninstall", destination: folder.path)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try Self.files(under: folder.path) == [])
        #expect(!FileManager.default.fileExists(atPath: prefix + "/libexec/quakes-tui"))
    }

    @Test func theInstalledBinaryRunsOnItsOwnResources() throws {
        let folder = TemporaryFolder()
        #expect(try make("install", destination: folder.path).status == 0)
        let binary = folder.path + "/usr/local/bin/quakes-tui"
        let version = try runProgram(binary, ["--version"])
        #expect(version.stdout == "quakes-tui 0.5.0\n")
        #expect(version.status == 0)

        // A new catalog is seeded from the bundled feed.
        let list = try runProgram(binary, ["list", "--db", folder.file("x.sqlite"), "--limit", "1"])
        #expect(list.stdout == """
            TIME (UTC)           MAG   DEPTH  PLACE
            2018-06-14 09:12:13   2.9     1.5  5km SW of Volcano, Hawaii

            """)
        #expect(list.status == 0)

        // The installed bundle is the one read, not the build folder's: without its gazetteer, no place is known.
        try FileManager.default.removeItem(atPath: folder.path + "/usr/local/\(Self.bundle)/gazetteer_cities15000.tsv")
        let distance = try runProgram(binary, ["list", "--db", folder.file("x.sqlite"), "--where", "DISTANCE(\"Tokyo\") < 1"])
        #expect(distance.status == 64)
        #expect(distance.stderr == """
            error: --where: 1:10: the place list cannot be read: gazetteer_cities15000.tsv is missing
              DISTANCE("Tokyo") < 1
                       ^
            See 'quakes-tui list --help'.

            """)
    }

    /// `make TARGET DESTDIR=… CONFIGURATION=debug`, from the built products' own folder.
    private func make(_ target: String, destination: String) throws -> CommandResult {
        let binaries = builtProduct("quakes-tui").deletingLastPathComponent().path
        return try runProgram("make", ["-s", target, "DESTDIR=\(destination)", "CONFIGURATION=debug", "BIN_DIR=\(binaries)"],
                              workingDirectory: packageRoot)
    }

    /// Files and symbolic links under `path`, sorted; folders are left out.
    static func files(under path: String) throws -> [String] {
        let manager = FileManager.default
        return try manager.subpathsOfDirectory(atPath: path).map { path + "/" + $0 }.filter { item in
            var isFolder: ObjCBool = false
            let isLink = (try? manager.destinationOfSymbolicLink(atPath: item)) != nil
            return isLink || (manager.fileExists(atPath: item, isDirectory: &isFolder) && !isFolder.boolValue)
        }.sorted()
    }
}
