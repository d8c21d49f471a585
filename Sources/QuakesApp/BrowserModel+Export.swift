import Foundation
import QuakeOutput
import QuakeViews
import TerminalUI

/// `e`: the results, all of them (filter, predicate, region, sort,
/// sections), written to a file in the format its extension names, as
/// `list --format … --limit 0` prints them. The name is asked for in the
/// bottom line; an existing file is replaced only after `y`; the writing
/// runs off the screen's thread and its progress shows in the bottom line.
extension BrowserModel {
    static let exportPrompt = "export to: "

    /// `quakes-20180614-100000.csv`: the local time now, so names sort by when.
    static func defaultExportName(at date: Date, zone: LocalZone = .system) -> String {
        // `2018-06-14 10:00:00` as the table shows it, its digits kept.
        let local = Formatting(zone: zone, now: date).localTime(date)
        let (day, time) = (local.prefix { $0 != " " }, local.drop { $0 != " " })
        return "quakes-\(day.filter(\.isNumber))-\(time.filter(\.isNumber)).csv"
    }

    /// The accepted extensions, as the error line names them.
    static let exportExtensions = ".csv, .json or .geojson"

    mutating func startExport() {
        if exportStatus != nil {
            message = "an export is running: wait for it to end"
            return
        }
        mode = .exportName(TextField(Self.defaultExportName(at: now)))
    }

    /// A key while the name is asked for, or the overwrite question.
    mutating func handleExport(_ key: Key) {
        switch mode {
        case .exportName(var field):
            // Out of `mode` first, so the field is edited in place.
            mode = .table
            switch key {
            case .escape: break
            case .enter: submitExport(field.text)
            default:
                _ = field.handle(key)
                mode = .exportName(field)
            }
        case .confirmOverwrite(var request):
            mode = .table
            if Keymap.command(for: key, in: .question) == .answerYes {
                request.overwrite = true
                begin(request)
            } else {
                message = "not exported"
            }
        default: break
        }
    }

    /// An export's progress or outcome.
    mutating func handleExport(_ event: BrowserEvent) {
        switch event {
        case .exportProgress(let written, let total):
            exportStatus = "exporting \(Formatting.count(written)) of \(Formatting.count(total))…"
        case .exportFinished(let file, .success(let count)):
            exportStatus = nil
            message = "exported \(Formatting.count(count)) \(count == 1 ? "quake" : "quakes") to \(file)"
        case .exportFinished(_, .failure(let error)):
            exportStatus = nil
            message = "error: \(error)"
        case .exportTargetExists(let request):
            exportStatus = nil
            mode = .confirmOverwrite(request)
        default: break
        }
    }

    private mutating func submitExport(_ file: String) {
        guard !file.isEmpty else { return }
        guard let format = ExportRequest.format(of: file) else {
            message = "error: cannot export to \(file): the name must end in \(Self.exportExtensions)"
            return
        }
        // The configuration asked for: what the table selects once its results arrive.
        // The file's existence is the effect's to find out (`.exportTargetExists`).
        begin(ExportRequest(file: file, format: format, configuration: configuration, overwrite: false))
    }

    private mutating func begin(_ request: ExportRequest) {
        exportStatus = "exporting to \(request.file)…"
        effects.append(.export(request))
    }
}
