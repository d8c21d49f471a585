import Foundation
import QuakeStore

/// One message of EMSC's push stream (seismicportal's websocket):
/// `{"action":"create"|"update","data":<GeoJSON Feature>}`, the Feature
/// read as `EMSCFeature` (its quake stored as `fetch --service emsc` stores
/// the same event, `emsc:<unid>`), so the push and the catch-up through
/// the FDSN service meet in one row, and an update (a newer `lastupdate`)
/// replaces the older version.
public struct EMSCPushMessage: Sendable, Equatable {
    public enum Action: String, Sendable { case create, update }

    public let action: Action
    public let quake: Quake

    /// What is wrong with a message, said in one line.
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        public let reason: String
        public init(reason: String) { self.reason = reason }
        public var description: String { "not an EMSC message: \(reason)" }
    }

    /// The service the stream's events belong to.
    public static let service = EMSCFeature.service

    public init(text message: String) throws(Malformed) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any] else {
            throw Malformed(reason: "not a JSON object")
        }
        guard let actionName = object["action"] as? String, let action = Action(rawValue: actionName) else {
            throw Malformed(reason: "no \"action\" of create or update")
        }
        guard let data = object["data"] as? [String: Any], data["properties"] is [String: Any] else {
            throw Malformed(reason: "no \"data\" feature with properties")
        }
        do throws(EMSCFeature.Unreadable) { quake = try EMSCFeature.quake(data) } catch { throw Malformed(reason: error.reason) }
        self.action = action
    }
}
