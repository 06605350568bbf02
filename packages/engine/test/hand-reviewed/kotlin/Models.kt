package com.example.shop.model

import java.math.BigDecimal
import java.time.Instant

/** Maximum number of lines a single order may hold. */
const val MAX_ORDER_LINES = 200

// Orders placed before this instant use the legacy tax rules.
val LEGACY_CUTOFF: Instant = Instant.parse("2020-01-01T00:00:00Z")

typealias OrderId = String

/**
 * A single line of an [Order].
 *
 * @property sku the stock keeping unit
 * @property quantity how many items were ordered
 */
data class OrderLine(
    val sku: String,
    val quantity: Int = 1,
    val unitPrice: BigDecimal,
) {
    /** The price of this line: [unitPrice] times [quantity]. */
    val total: BigDecimal
        get() = unitPrice.multiply(BigDecimal(quantity))
}

/**
 * An order placed by a customer.
 *
 * @param id the order's identifier
 * @param lines the ordered lines, never empty
 */
data class Order(
    val id: OrderId,
    val customerId: Long,
    val lines: List<OrderLine>,
    var status: OrderStatus = OrderStatus.PENDING,
    val placedAt: Instant = Instant.now(),
) {
    init {
        require(lines.isNotEmpty()) { "an order needs at least one line" }
        require(lines.size <= MAX_ORDER_LINES)
    }

    /**
     * Sums the lines of this order.
     *
     * @return the total, before taxes
     */
    fun subtotal(): BigDecimal = lines.fold(BigDecimal.ZERO) { acc, line -> acc + line.total }

    fun withStatus(next: OrderStatus): Order = copy(status = next)

    companion object {
        /** Prefix of every generated order id. */
        const val ID_PREFIX = "ord_"

        /**
         * Creates an order with a fresh id.
         */
        @JvmStatic
        fun create(customerId: Long, vararg lines: OrderLine): Order =
            Order(ID_PREFIX + System.nanoTime(), customerId, lines.toList())
    }
}

/** Where an order is in its life cycle. */
enum class OrderStatus(val label: String, val terminal: Boolean = false) {
    PENDING("Pending"),
    PAID("Paid"),
    SHIPPED("Shipped"),
    DELIVERED("Delivered", terminal = true),
    CANCELLED("Cancelled", terminal = true);

    /** Whether an order in this status may move to [next]. */
    fun canMoveTo(next: OrderStatus): Boolean = !terminal && next.ordinal > ordinal

    companion object {
        fun fromLabel(label: String): OrderStatus? = values().firstOrNull { it.label == label }
    }
}

/**
 * The outcome of charging a customer.
 */
sealed class PaymentResult {
    /** The payment went through. */
    data class Success(val transactionId: String, val amount: BigDecimal) : PaymentResult()

    data class Declined(val reason: String, val retryable: Boolean) : PaymentResult()

    /** The provider could not be reached. */
    object Unavailable : PaymentResult()

    // cheap to check in a `when` without a type test
    val isSuccess: Boolean
        get() = this is Success
}

sealed interface Discount {
    fun apply(amount: BigDecimal): BigDecimal

    @JvmInline
    value class Percent(val percent: Int) : Discount {
        override fun apply(amount: BigDecimal): BigDecimal =
            amount - amount * BigDecimal(percent) / BigDecimal(100)
    }

    class Fixed(private val off: BigDecimal) : Discount {
        override fun apply(amount: BigDecimal): BigDecimal = (amount - off).max(BigDecimal.ZERO)
    }
}

/** Formats [amount] as a price with two decimals and the currency [symbol]. */
fun formatPrice(amount: BigDecimal, symbol: String = "€"): String =
    "%s%.2f".format(symbol, amount)
