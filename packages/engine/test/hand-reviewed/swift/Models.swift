import Foundation

/// A monetary amount in minor units (cents), tagged with its currency.
public struct Money: Hashable, Codable {
    /// The amount in minor units.
    public var minorUnits: Int
    public let currency: String

    /// A value suitable for display, e.g. "12.50 EUR".
    public var formatted: String {
        let major = Double(minorUnits) / 100
        return String(format: "%.2f %@", major, currency)
    }

    /// Creates an amount.
    /// - Parameters:
    ///   - minorUnits: The amount in cents.
    ///   - currency: An ISO 4217 code.
    public init(minorUnits: Int, currency: String = "EUR") {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Parses text such as `"12.50"`; `nil` when it is not a number.
    public init?(parsing text: String, currency: String = "EUR") {
        guard let value = Double(text) else { return nil }
        self.init(minorUnits: Int((value * 100).rounded()), currency: currency)
    }

    /// Adds `other` to this amount in place.
    public mutating func add(_ other: Money) {
        precondition(other.currency == currency, "currency mismatch")
        minorUnits += other.minorUnits
    }

    public static func sum(_ amounts: Money..., currency: String) -> Money {
        var total = Money(minorUnits: 0, currency: currency)
        for amount in amounts { total.add(amount) }
        return total
    }
}

// Ordering is only meaningful within one currency.
extension Money: Comparable {
    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.minorUnits < rhs.minorUnits
    }
}

/**
 The lifecycle of an order.

 Cases carry what the next step needs.
 */
public enum OrderStatus: Equatable, Codable {
    case draft
    case placed(at: Date)
    case shipped(trackingNumber: String, carrier: Carrier)
    case cancelled(reason: String?)

    /// Who delivers a shipped order.
    public enum Carrier: String, Codable {
        case post, courier, pickup
    }

    /// Whether the customer can still change the order.
    public var isEditable: Bool {
        if case .draft = self { return true }
        return false
    }

    /// A short label for lists.
    /// - Returns: A human-readable label.
    public func label() -> String {
        switch self {
        case .draft: return "Draft"
        case .placed: return "Placed"
        case let .shipped(number, _): return "Shipped (\(number))"
        case .cancelled(let reason): return reason ?? "Cancelled"
        }
    }
}

public typealias OrderID = UUID

/// A customer's order.
public struct Order: Identifiable, Codable {
    public let id: OrderID
    public private(set) var lines: [Line] = []
    public var status: OrderStatus = .draft

    /// One product and how many of it.
    public struct Line: Hashable, Codable {
        public var sku: String
        public var quantity: Int
        public var unitPrice: Money
    }

    public var total: Money {
        lines.reduce(Money(minorUnits: 0)) { partial, line in
            var result = partial
            result.add(line.subtotal)
            return result
        }
    }

    @discardableResult
    public mutating func append(sku: String, quantity: Int = 1, price: Money) -> Int {
        lines.append(Line(sku: sku, quantity: quantity, unitPrice: price))
        return lines.count
    }
}

extension Order.Line {
    /// The line's price: unit price times quantity.
    var subtotal: Money {
        Money(minorUnits: unitPrice.minorUnits * quantity, currency: unitPrice.currency)
    }

    /// A copy of this line with another quantity.
    func with(quantity newQuantity: Int) -> Order.Line {
        var copy = self
        copy.quantity = newQuantity
        return copy
    }
}
