import Foundation
import Combine

// MARK: - Caching

/// A key-value store with a size limit.
public protocol Cache {
    associatedtype Key: Hashable
    associatedtype Value

    /// The number of values held.
    var count: Int { get }

    subscript(key: Key) -> Value? { get set }

    /// Removes every value.
    mutating func removeAll()
}

public extension Cache {
    /// Whether the cache holds nothing.
    var isEmpty: Bool { count == 0 }

    /// Returns the cached value, making and storing it on a miss.
    /// - Parameters:
    ///   - key: The key to look up.
    ///   - make: Builds the value when it is missing.
    /// - Returns: The cached or newly made value.
    mutating func value(for key: Key, orInsert make: () throws -> Value) rethrows -> Value {
        if let hit = self[key] { return hit }
        let fresh = try make()
        self[key] = fresh
        return fresh
    }
}

/// A least-recently-used cache.
public struct LRUCache<Key: Hashable, Value>: Cache {
    private var storage: [Key: Value] = [:]
    private var order: [Key] = []
    public let capacity: Int

    public var count: Int { storage.count }

    public init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// The value for `key`; setting `nil` removes it.
    public subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            order.removeAll { $0 == key }
            guard let newValue else { storage[key] = nil; return }
            storage[key] = newValue
            order.append(key)
            if order.count > capacity { storage[order.removeFirst()] = nil }
        }
    }

    public mutating func removeAll() {
        storage.removeAll()
        order.removeAll()
    }

    public func values(where predicate: (Key) -> Bool) -> [Value] {
        order.filter(predicate).compactMap { storage[$0] }
    }
}

extension LRUCache: CustomStringConvertible where Value: CustomStringConvertible {
    public var description: String {
        order.map { "\($0): \(storage[$0]!.description)" }.joined(separator: ", ")
    }
}

/// Groups elements by a key.
///
/// - Parameter elements: The elements to group.
/// - Parameter key: Reads each element's key.
/// - Returns: The groups, each in the order the elements came.
public func group<S: Sequence, K>(_ elements: S, by key: (S.Element) -> K) -> [K: [S.Element]] where K: Hashable {
    var groups: [K: [S.Element]] = [:]
    for element in elements { groups[key(element), default: []].append(element) }
    return groups
}

// MARK: - Observable state

/// The app's view state, changed on the main actor only.
@MainActor
public final class AppStore: ObservableObject {
    public typealias Reducer = (inout State, Action) -> Void

    /// Everything the screens render.
    public struct State: Equatable {
        var orders: [Order.ID] = []
        var selection: Order.ID?
        var isLoading = false
    }

    public enum Action {
        case load
        case loaded([Order])
        case select(Order.ID?)
    }

    @Published public private(set) var state = State()
    private let reducer: Reducer
    private var observers: [(State) -> Void] = []

    public init(initial: State = State(), reducer: @escaping Reducer) {
        self.state = initial
        self.reducer = reducer
    }

    /// Applies `action`, then tells every observer.
    public func send(_ action: Action) {
        reducer(&state, action)
        observers.forEach { $0(state) }
    }

    /// Registers `observer`, called after every action.
    public func observe(_ observer: @escaping (State) -> Void) {
        observers.append(observer)
    }

    /// Loads the orders at `path` and reports them as ``Action/loaded(_:)``.
    @available(iOS 15.0, macOS 12.0, *)
    public func refresh(using transport: HTTPTransport, path: String) async {
        send(.load)
        let request = URLRequest(url: transport.baseURL.appendingPathComponent(path))
        if let orders = try? await transport.fetch([Order].self, for: request) {
            send(.loaded(orders))
        }
    }

    static func preview() -> AppStore { AppStore(reducer: { _, _ in }) }
}

/// Forwards memory warnings posted through `NotificationCenter`.
final class MemoryPressureObserver: NSObject {
    private let onWarning: () -> Void

    init(onWarning: @escaping () -> Void) {
        self.onWarning = onWarning
        super.init()
    }

    @objc func didReceiveWarning(_ notification: Notification) {
        onWarning()
    }
}
