package com.example.shop.http

import java.io.IOException
import java.net.URI
import java.time.Duration
import kotlinx.coroutines.delay

/** Default timeout for every request, unless a call overrides it. */
val DEFAULT_TIMEOUT: Duration = Duration.ofSeconds(30)

private const val USER_AGENT = "shop-client/1.4"

/** Headers as sent on the wire: names are case-insensitive. */
typealias Headers = Map<String, List<String>>

typealias ResponseHandler<T> = (HttpResponse) -> T

enum class Method { GET, POST, PUT, DELETE, PATCH }

/**
 * A request to send with an [HttpClient].
 *
 * @property uri the absolute address
 */
class HttpRequest(
    val method: Method,
    val uri: URI,
    val headers: Headers = emptyMap(),
    val body: ByteArray? = null,
) {
    /** A GET request without headers. */
    constructor(uri: String) : this(Method.GET, URI.create(uri))

    /** Builds requests step by step. */
    class Builder(private val uri: URI) {
        private var method = Method.GET
        private val headers = mutableMapOf<String, MutableList<String>>()

        fun method(method: Method) = apply { this.method = method }

        /**
         * Adds a header; a name may be given more than once.
         *
         * @param name the header's name
         * @param values one or more values
         */
        fun header(name: String, vararg values: String) = apply {
            headers.getOrPut(name) { mutableListOf() }.addAll(values)
        }

        fun build(): HttpRequest = HttpRequest(method, uri, headers)
    }
}

class HttpResponse(val status: Int, val headers: Headers, val body: ByteArray) {
    val isSuccessful: Boolean get() = status in 200..299

    fun text(): String = body.decodeToString()
}

/** Thrown when a server answers with an error status. */
class HttpException(val status: Int, message: String) : IOException(message)

/**
 * Sends requests. Implementations must be safe to share between coroutines.
 */
interface HttpClient {
    /**
     * Sends [request] and waits for the whole response.
     *
     * @throws IOException when the connection fails
     */
    @Throws(IOException::class)
    suspend fun send(request: HttpRequest): HttpResponse

    // a convenience most clients need not override
    suspend fun <T : Any> send(request: HttpRequest, handler: ResponseHandler<T>): T =
        handler(send(request))

    fun close() {}
}

/**
 * Retries failed calls with an exponential backoff.
 */
abstract class RetryingClient(
    private val attempts: Int = 3,
    private val backoff: Duration = Duration.ofMillis(200),
) : HttpClient {
    protected abstract suspend fun sendOnce(request: HttpRequest): HttpResponse

    @Throws(IOException::class)
    override suspend fun send(request: HttpRequest): HttpResponse {
        var wait = backoff.toMillis()
        repeat(attempts - 1) {
            try {
                return sendOnce(request)
            } catch (e: IOException) {
                delay(wait)
                wait *= 2
            }
        }
        return sendOnce(request)
    }

    inner class Attempt(val number: Int) {
        fun isLast(): Boolean = number >= attempts
    }
}

/**
 * Sends a GET to [url] and returns the body as text.
 *
 * @param url the absolute address
 * @return the response body
 * @throws HttpException when the status is not 2xx
 */
@Throws(IOException::class)
suspend fun HttpClient.getText(url: String): String {
    val response = send(HttpRequest(url))
    if (!response.isSuccessful) throw HttpException(response.status, "GET $url")
    return response.text()
}

/** Adds the `User-Agent` header to a builder. */
fun HttpRequest.Builder.withUserAgent(): HttpRequest.Builder = header("User-Agent", USER_AGENT)
