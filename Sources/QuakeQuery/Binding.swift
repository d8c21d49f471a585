import Foundation

/// A reference to a value owned elsewhere, like SwiftUI's `Binding`: reading
/// gets the owner's current value, writing sets it (and the owner reacts).
/// `controller.$configuration.sortDescriptors` is a `Binding` too.
@dynamicMemberLookup
public struct Binding<Value>: Sendable {
    private let get: @Sendable () -> Value
    private let set: @Sendable (Value) -> Void

    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable) -> Binding<Member> {
        Binding<Member>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { member in
                var value = self.wrappedValue
                value[keyPath: keyPath] = member
                self.wrappedValue = value
            })
    }
}

/// A property whose changes call back its owner, and whose projected value
/// (`$property`) is a `Binding` to it. Thread-safe. Setting a value equal
/// to the current one is no change: the value stays and the owner is not
/// called back (so re-setting the same configuration fetches nothing).
@propertyWrapper
public final class Bound<Value: Sendable & Equatable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    /// Called after every set that changes the value, outside the lock.
    var didSet: (@Sendable (Value) -> Void)?

    public init(wrappedValue: Value) { value = wrappedValue }

    public var wrappedValue: Value {
        get { lock.withLock { value } }
        set {
            let changed = lock.withLock { () -> Bool in
                guard value != newValue else { return false }
                value = newValue
                return true
            }
            if changed { didSet?(newValue) }
        }
    }

    public var projectedValue: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }
}
