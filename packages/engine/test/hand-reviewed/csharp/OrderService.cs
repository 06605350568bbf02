using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Shop.Orders;

/// <summary>
/// Reads and writes orders.
/// </summary>
public interface IOrderRepository
{
    /// <summary>Finds an order by its id.</summary>
    /// <param name="id">The order's id.</param>
    /// <param name="cancellationToken">Stops the lookup.</param>
    /// <returns>The order, or <c>null</c> when there is none.</returns>
    Task<Order?> FindAsync(Guid id, CancellationToken cancellationToken = default);

    Task SaveAsync(Order order, CancellationToken cancellationToken = default);

    IAsyncEnumerable<Order> ListByCustomerAsync(string customerId);
}

/// <summary>An order line: what was bought, how many, at what price.</summary>
/// <param name="Sku">The product code.</param>
public record OrderLine(string Sku, int Quantity, decimal UnitPrice)
{
    /// <summary>The line's total.</summary>
    public decimal Total() => Quantity * UnitPrice;
}

public enum OrderStatus
{
    Pending,
    Paid,
    Shipped,
    Cancelled,
}

/// <summary>An order placed by a customer.</summary>
[Serializable]
public sealed class Order
{
    private readonly List<OrderLine> _lines = new();

    public Order(Guid id, string customerId)
    {
        Id = id;
        CustomerId = customerId;
    }

    public Guid Id { get; }
    public string CustomerId { get; }
    public OrderStatus Status { get; private set; } = OrderStatus.Pending;

    // lines are only added while the order is pending
    public void Add(OrderLine line)
    {
        if (Status != OrderStatus.Pending)
            throw new InvalidOperationException("The order is no longer pending.");
        _lines.Add(line);
    }

    /// <summary>
    /// Marks the order paid.
    /// </summary>
    /// <exception cref="InvalidOperationException">When it was cancelled.</exception>
    public void MarkPaid()
    {
        if (Status == OrderStatus.Cancelled) throw new InvalidOperationException();
        Status = OrderStatus.Paid;
    }

    public decimal Total() => _lines.Sum(line => line.Total());
}

/// <summary>Places and pays orders.</summary>
public class OrderService
{
    private readonly IOrderRepository _repository;
    private readonly TimeProvider _clock;

    /// <summary>Creates the service.</summary>
    /// <param name="repository">Where orders live.</param>
    /// <param name="clock">The time source (tests pass a fake).</param>
    public OrderService(IOrderRepository repository, TimeProvider? clock = null)
    {
        _repository = repository;
        _clock = clock ?? TimeProvider.System;
    }

    [Obsolete("Use PlaceAsync with lines.")]
    public Task<Order> PlaceAsync(string customerId) => PlaceAsync(customerId, Array.Empty<OrderLine>());

    public async Task<Order> PlaceAsync(string customerId, params OrderLine[] lines)
    {
        var order = new Order(Guid.NewGuid(), customerId);
        foreach (var line in lines) order.Add(line);
        await _repository.SaveAsync(order);
        return order;
    }

    public bool TryFind(Guid id, out Order? order)
    {
        order = _repository.FindAsync(id).GetAwaiter().GetResult();
        return order is not null;
    }

    internal static decimal ApplyDiscount(in decimal total, ref int percent)
    {
        percent = Math.Clamp(percent, 0, 100);
        return total - total * percent / 100m;
    }

    /// <summary>Thrown when an order cannot be placed.</summary>
    public class PlacementException : Exception
    {
        public PlacementException(string message, Exception? inner = null) : base(message, inner) { }
    }
}

/// <summary>Helpers on orders.</summary>
public static class OrderExtensions
{
    /// <summary>Whether the order can still change.</summary>
    /// <param name="order">The order.</param>
    public static bool IsOpen(this Order order) => order.Status == OrderStatus.Pending;

    public static IEnumerable<T> OfStatus<T>(this IEnumerable<T> orders, OrderStatus status)
        where T : Order
    {
        return orders.Where(order => order.Status == status);
    }
}
