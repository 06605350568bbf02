package com.example.shop.data

import com.example.shop.model.Order
import com.example.shop.model.OrderId
import com.example.shop.model.OrderStatus
import java.util.concurrent.ConcurrentHashMap

/**
 * Storage for entities of type [T], keyed by [K].
 *
 * @param T the entity type
 * @param K the key type
 */
interface Repository<T : Any, K : Any> {
    /** Finds the entity stored under [id], or null. */
    suspend fun findById(id: K): T?

    suspend fun findAll(): List<T>

    /**
     * Stores [entity], replacing any with the same key.
     *
     * @return the stored entity
     */
    suspend fun save(entity: T): T

    suspend fun delete(id: K): Boolean

    /** Stores every entity in order; repositories with batch writes should override it. */
    suspend fun saveAll(entities: Iterable<T>): List<T> = entities.map { save(it) }
}

/** Listens to changes of a repository. */
fun interface ChangeListener<T> {
    fun onChange(old: T?, new: T?)
}

abstract class InMemoryRepository<T : Any, K : Any>(
    private val keyOf: (T) -> K,
) : Repository<T, K> {
    protected val store = ConcurrentHashMap<K, T>()
    private val listeners = mutableListOf<ChangeListener<T>>()

    override suspend fun findById(id: K): T? = store[id]

    override suspend fun findAll(): List<T> = store.values.toList()

    override suspend fun save(entity: T): T {
        val old = store.put(keyOf(entity), entity)
        notify(old, entity)
        return entity
    }

    override suspend fun delete(id: K): Boolean {
        val old = store.remove(id) ?: return false
        notify(old, null)
        return true
    }

    fun addListener(listener: ChangeListener<T>) {
        listeners += listener
    }

    private fun notify(old: T?, new: T?) {
        listeners.forEach { it.onChange(old, new) }
    }
}

/**
 * Orders kept in memory, for tests and local runs.
 */
class InMemoryOrderRepository : InMemoryRepository<Order, OrderId>({ it.id }) {
    /**
     * The orders in [status], oldest first.
     *
     * @param status the status to filter on
     * @param limit at most this many orders
     */
    suspend fun findByStatus(status: OrderStatus, limit: Int = Int.MAX_VALUE): List<Order> {
        // sort inside the function: the store keeps no order
        fun byAge(a: Order, b: Order) = a.placedAt.compareTo(b.placedAt)
        return findAll().filter { it.status == status }.sortedWith(::byAge).take(limit)
    }

    @Deprecated("Use findByStatus", ReplaceWith("findByStatus(OrderStatus.PENDING)"))
    suspend fun pending(): List<Order> = findByStatus(OrderStatus.PENDING)
}

/** Counts changes, for metrics. */
object RepositoryMetrics {
    const val METRIC_PREFIX = "repository."

    private val counts = ConcurrentHashMap<String, Long>()

    /** A listener that counts every change under [name]. */
    @JvmStatic
    fun <T> counting(name: String): ChangeListener<T> = object : ChangeListener<T> {
        override fun onChange(old: T?, new: T?) {
            counts.merge(METRIC_PREFIX + name, 1L, Long::plus)
        }
    }

    fun count(name: String): Long = counts[METRIC_PREFIX + name] ?: 0L
}

/**
 * Runs [block] on this repository and prints how long it took.
 *
 * @param label printed before the time
 */
inline fun <T : Any, K : Any, R> Repository<T, K>.timed(
    label: String,
    block: Repository<T, K>.() -> R,
): R {
    val start = System.nanoTime()
    try {
        return block()
    } finally {
        println("$label took ${(System.nanoTime() - start) / 1_000_000} ms")
    }
}

/** Turns this string into a key-friendly slug: lower case, dashes for spaces. */
fun String.slug(): String = trim().lowercase().replace(Regex("\\s+"), "-")

class CachedOrderRepository(
    private val delegate: Repository<Order, OrderId>,
) : Repository<Order, OrderId> by delegate {
    private val cache = HashMap<OrderId, Order>()

    constructor(delegate: Repository<Order, OrderId>, warm: List<Order>) : this(delegate) {
        warm.forEach { cache[it.id] = it }
    }

    override suspend fun findById(id: OrderId): Order? =
        cache[id] ?: delegate.findById(id)?.also { cache[id] = it }
}
