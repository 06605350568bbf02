package com.example.shop.http

import java.net.URI

import scala.concurrent.duration._
import scala.concurrent.{ExecutionContext, Future}
import scala.util.control.NonFatal

/** Header names mapped to their values, in the order they were added. */
type Headers = Map[String, List[String]]

/** The HTTP methods the client speaks. */
sealed abstract class Method(val name: String) {
  def hasBody: Boolean = this != Method.Get
}

object Method {
  case object Get extends Method("GET")
  case object Post extends Method("POST")
  case object Delete extends Method("DELETE")
}

/**
 * A request to send.
 *
 * @param uri the absolute address
 * @param body the payload, empty for a GET
 */
final case class Request(
    method: Method,
    uri: URI,
    headers: Headers = Map.empty,
    body: Array[Byte] = Array.emptyByteArray
) {
  def header(name: String, values: String*): Request =
    copy(headers = headers.updated(name, headers.getOrElse(name, Nil) ++ values))
}

object Request {
  def get(uri: String): Request = Request(Method.Get, URI.create(uri))

  /** Builds a request one header at a time. */
  final class Builder(uri: URI) {
    private var method: Method = Method.Get
    private var headers: Headers = Map.empty

    /** A builder for an address given as text. */
    def this(uri: String) = this(URI.create(uri))

    def withMethod(next: Method): Builder = {
      method = next
      this
    }

    def header(name: String, value: String): Builder = {
      headers = headers.updated(name, headers.getOrElse(name, Nil) :+ value)
      this
    }

    def build(): Request = Request(method, uri, headers)
  }
}

final case class Response(status: Int, headers: Headers, body: Array[Byte]) {
  def isSuccess: Boolean = status >= 200 && status < 300

  /** The body decoded as text. */
  def text(charset: String = "UTF-8"): String = new String(body, charset)
}

/** Thrown when the server answers with an error status. */
class HttpException(val status: Int, message: String) extends RuntimeException(message)

/** Sends requests. Implementations must be thread-safe. */
trait HttpClient {

  /**
   * Sends a request and completes when the answer has arrived.
   *
   * @param request what to send
   * @return the response, whatever its status
   */
  def send(request: Request)(implicit ec: ExecutionContext): Future[Response]

  def close(): Unit = {}
}

/**
 * Retries failed calls with an exponential backoff.
 */
abstract class RetryingClient(attempts: Int = 3, backoff: FiniteDuration = 200.millis)
    extends HttpClient {
  protected def sendOnce(request: Request)(implicit ec: ExecutionContext): Future[Response]

  override def send(request: Request)(implicit ec: ExecutionContext): Future[Response] = {
    def attempt(number: Int): Future[Response] =
      sendOnce(request).recoverWith {
        case NonFatal(_) if number < attempts => attempt(number + 1)
      }
    attempt(1)
  }

  /** One try of a call; `number` counts from 1. */
  class Attempt(val number: Int) {
    def isLast: Boolean = number >= attempts
    def delay: FiniteDuration = backoff * math.pow(2, number - 1).toLong
  }
}

/** Conveniences for call sites: `import com.example.shop.http.syntax._`. */
object syntax {
  implicit class RichClient(private val client: HttpClient) extends AnyVal {

    /**
     * Sends a GET and returns the body as text.
     *
     * @param url the absolute address
     * @return the body, or a failed future with an [[HttpException]] when the status is not 2xx
     */
    def getText(url: String)(implicit ec: ExecutionContext): Future[String] =
      client.send(Request.get(url)).flatMap { response =>
        if (response.isSuccess) Future.successful(response.text())
        else Future.failed(new HttpException(response.status, s"GET $url"))
      }
  }
}

/** Runs `block` and logs how long it took, in milliseconds. */
def timed[A](label: String, log: String => Unit = println)(block: => A): A = {
  val start = System.nanoTime()
  try block
  finally log(s"$label took ${(System.nanoTime() - start) / 1000000} ms")
}
