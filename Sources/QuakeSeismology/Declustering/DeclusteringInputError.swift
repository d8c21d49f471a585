/// An event a declustering cannot place: a time, position, depth or
/// magnitude that is not a finite number, or a parameter out of range.
/// `description`: "Gardner–Knopoff declustering: event 17 has a magnitude of nan".
public struct DeclusteringInputError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(method: String, problem: String) {
        description = "\(method) declustering: \(problem)"
    }

    /// Throws for the first event with a non-finite value in one of `columns`.
    static func check(_ events: EventColumns, method: String, columns: [(name: String, values: [Double])]) throws(DeclusteringInputError) {
        for column in columns {
            if let index = column.values.firstIndex(where: { !$0.isFinite }) {
                throw DeclusteringInputError(method: method, problem: "event \(index) has a \(column.name) of \(column.values[index])")
            }
        }
    }
}
