package com.example.shop.orders

import java.math.MathContext
import java.time.Instant

import scala.annotation.tailrec
import com.example.shop.orders.Ids.OrderId

/** Identifiers handed out by the order service. */
object Ids {
  type OrderId = String

  object OrderId {
    /**
     * Wraps an identifier read back from storage.
     *
     * @param raw the stored text, which must start with `ord_`
     * @throws IllegalArgumentException when it does not
     */
    def apply(raw: String): OrderId = {
      require(raw.startsWith("ord_"), s"not an order id: $raw")
      raw
    }

    def fresh(): OrderId = "ord_" + System.nanoTime()
  }
}

type Sku = String

/** A price reduction, applied to a running total. */
type Discount = BigDecimal => BigDecimal

/**
 * A single line of an [[Order]].
 *
 * @param sku the stock keeping unit
 * @param quantity how many items were ordered
 */
final case class OrderLine(sku: Sku, quantity: Int = 1, unitPrice: BigDecimal) {
  require(quantity > 0, "quantity must be positive")

  /** The price of this line: unit price times quantity. */
  def total: BigDecimal = unitPrice * quantity
}

/** Where an order is in its life cycle. */
sealed trait OrderStatus {
  def label: String
  def isTerminal: Boolean = false
}

object OrderStatus {
  case object Pending extends OrderStatus { val label = "Pending" }
  case object Paid extends OrderStatus { val label = "Paid" }

  final case class Cancelled(reason: String) extends OrderStatus {
    val label = "Cancelled"
    override def isTerminal: Boolean = true
  }

  /** Reads a status back from its label; a cancellation's reason is lost. */
  def fromLabel(label: String): Option[OrderStatus] = label match {
    case "Pending"   => Some(Pending)
    case "Paid"      => Some(Paid)
    case "Cancelled" => Some(Cancelled("unknown"))
    case _           => None
  }
}

/**
 * An order placed by a customer.
 *
 * @param id the order's identifier
 * @param lines the ordered lines, never empty
 */
final case class Order(
    id: OrderId,
    customerId: Long,
    lines: List[OrderLine],
    status: OrderStatus = OrderStatus.Pending,
    placedAt: Instant = Instant.now()
) {
  require(lines.nonEmpty, "an order needs at least one line")

  /**
   * Sums the lines of this order.
   *
   * @return the total, before taxes
   */
  def subtotal: BigDecimal = lines.map(_.total).sum

  def withStatus(next: OrderStatus): Order = copy(status = next)

  // the lines for any of the given SKUs, in order
  def linesFor(skus: Sku*): List[OrderLine] = lines.filter(line => skus.contains(line.sku))
}

object Order {
  /** Creates an order with a fresh id. */
  def apply(customerId: Long, first: OrderLine, more: OrderLine*): Order =
    new Order(OrderId.fresh(), customerId, first :: more.toList)

  /** Orders by placement time, oldest first. */
  implicit val byPlacement: Ordering[Order] = Ordering.by(_.placedAt.toEpochMilli)

  def latest[A <: Order](orders: Seq[A]): Option[A] = orders.maxByOption(_.placedAt.toEpochMilli)
}

/**
 * Prices orders, applying the discounts one after the other.
 *
 * @param discounts applied in order, before taxes
 */
abstract class Pricing(discounts: List[Discount])(implicit mc: MathContext) {
  protected def taxRate(order: Order): BigDecimal

  /**
   * The amount the customer pays.
   *
   * @param order the order to price
   * @return the discounted total, taxes included
   * @throws IllegalArgumentException when the order was cancelled
   */
  @throws[IllegalArgumentException]
  def total(order: Order): BigDecimal = {
    if (order.status.isTerminal) throw new IllegalArgumentException("cancelled: " + order.id)

    @tailrec
    def applyAll(left: List[Discount], amount: BigDecimal): BigDecimal = left match {
      case Nil          => amount
      case next :: rest => applyAll(rest, next(amount))
    }
    (applyAll(discounts, order.subtotal) * (1 + taxRate(order))).round(mc)
  }

  @deprecated("use total, which applies taxes", "1.2")
  def grandTotal(order: Order): BigDecimal = total(order)
}
