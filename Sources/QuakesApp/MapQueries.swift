import Foundation
import QuakeMap
import QuakeQuery
import QuakeStore

/// The map's questions to the controller, answered as events through the
/// inbox: its dots (an aggregate observation the controller keeps current),
/// the results' bounding box (`0`) and the quake nearest a click, the last
/// two read off the run loop's thread. Called on the run loop's thread.
final class MapQueries {
    private let controller: ResultsController
    private let inbox: EventInbox
    private var observation: AggregateObservation?
    private let queue = DispatchQueue(label: "quakes.map", qos: .userInitiated)

    init(controller: ResultsController, inbox: EventInbox) {
        self.controller = controller
        self.inbox = inbox
    }

    /// Counts `request`'s dots from now on (nil: stops). A moved view only
    /// changes the observation's request: no new fetch of rows.
    func observe(_ request: AggregateRequest?) {
        guard let request else {
            observation?.cancel()
            observation = nil
            return
        }
        if let observation {
            observation.request = request
        } else {
            let inbox = self.inbox
            observation = controller.onAggregate(request) { inbox.post(.mapAggregate($0)) }
        }
    }

    func fit() {
        let controller = self.controller, inbox = self.inbox
        queue.async {
            do { inbox.post(.mapFit(try controller.aggregate(MapFit.request))) }
            catch { inbox.post(.fetchFailed(controller.catalog.readFailure(error))) }
        }
    }

    func pickNearest(_ point: GeoPoint, radius: Double, within region: MapRegion) {
        let controller = self.controller, inbox = self.inbox
        queue.async {
            do {
                let found = try controller.nearestQuake(latitude: point.latitude, longitude: point.longitude,
                                                        restriction: region.predicate, radius: radius)
                inbox.post(.mapPicked(found))
            } catch {
                inbox.post(.fetchFailed(controller.catalog.readFailure(error)))
            }
        }
    }

    /// Stops the observation (the browser ends).
    func stop() { observe(nil) }
}
