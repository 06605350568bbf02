package com.example.shop.codec

import java.nio.charset.StandardCharsets.UTF_8
import java.util.Base64

import scala.annotation.tailrec
import scala.util.Try

/** Why a value could not be decoded, and where in the document. */
final case class DecodeError(path: List[String], message: String) extends Exception(message) {
  def at(field: String): DecodeError = copy(path = field :: path)

  override def getMessage: String = path.mkString("/", "/", ": ") + message
}

/**
 * Writes values of `A` as text.
 *
 * @tparam A the type written; an encoder of a supertype will do
 */
trait Encoder[-A] { self =>
  def encode(value: A): String

  /** An encoder of `B` that converts each value to an `A` first. */
  def contramap[B](f: B => A): Encoder[B] = new Encoder[B] {
    def encode(value: B): String = self.encode(f(value))
  }
}

object Encoder {

  /** The encoder of `A` in implicit scope. */
  def apply[A](implicit encoder: Encoder[A]): Encoder[A] = encoder

  implicit val string: Encoder[String] =
    (value: String) => "\"" + value.replace("\"", "\\\"") + "\""
  implicit val int: Encoder[Int] = (value: Int) => value.toString

  implicit def list[A](implicit inner: Encoder[A]): Encoder[List[A]] =
    (values: List[A]) => values.map(inner.encode).mkString("[", ",", "]")

  implicit def option[A: Encoder]: Encoder[Option[A]] =
    (value: Option[A]) => value.fold("null")(Encoder[A].encode)
}

/** Reads values of `A` back. */
trait Decoder[A] { self =>
  /** The shape this decoder reads, before it becomes an `A`. */
  type Wire

  def decode(text: String): Either[DecodeError, A]

  def map[B](f: A => B): Decoder[B] = new Decoder[B] {
    type Wire = self.Wire
    def decode(text: String): Either[DecodeError, B] = self.decode(text).map(f)
  }
}

/**
 * Both directions at once, for types stored as a single field.
 *
 * @param name how the format is called in error messages
 */
abstract class Codec[A](val name: String) extends Encoder[A] with Decoder[A] {
  type Wire = String

  protected def fail(message: String): Left[DecodeError, Nothing] =
    Left(DecodeError(Nil, s"$name: $message"))
}

object Codecs {
  /** The largest number of bytes [[base64]] accepts. */
  final val MaxBytes = 1 << 20

  /**
   * Encodes a value and decodes the result again.
   *
   * @param value what to encode
   * @return the decoded copy, which should equal `value`
   */
  def roundTrip[A: Encoder: Decoder](value: A): Either[DecodeError, A] =
    implicitly[Decoder[A]].decode(Encoder[A].encode(value))

  def sortedKeys[K: Ordering, V](entries: (K, V)*): List[K] = entries.map(_._1).toList.sorted

  // the first of the largest, as `max` keeps the last
  def largest[A <: Comparable[A]](first: A, rest: A*): A =
    rest.foldLeft(first)((best, next) => if (next.compareTo(best) > 0) next else best)

  /**
   * A codec for raw bytes as URL-safe Base64.
   *
   * @throws IllegalArgumentException if `limit` exceeds [[MaxBytes]]
   */
  @throws[IllegalArgumentException]
  def base64(limit: Int = MaxBytes): Codec[Array[Byte]] = {
    require(limit <= MaxBytes, s"limit above $MaxBytes")
    new Codec[Array[Byte]]("base64") {
      def encode(value: Array[Byte]): String = Base64.getUrlEncoder.encodeToString(value)

      def decode(text: String): Either[DecodeError, Array[Byte]] =
        Try(Base64.getUrlDecoder.decode(text)).toEither.left
          .map(e => DecodeError(Nil, e.getMessage))
    }
  }

  @deprecated("use base64, which is URL-safe", "1.2")
  def utf8Bytes(text: String): Array[Byte] = text.getBytes(UTF_8)

  /** Splits `text` at unescaped commas. */
  def splitFields(text: String, separator: Char = ','): List[String] = {
    @tailrec
    def loop(at: Int, start: Int, escaped: Boolean, acc: List[String]): List[String] =
      if (at == text.length) (text.substring(start) :: acc).reverse
      else if (escaped) loop(at + 1, start, escaped = false, acc)
      else if (text(at) == '\\') loop(at + 1, start, escaped = true, acc)
      else if (text(at) == separator)
        loop(at + 1, at + 1, escaped = false, text.substring(start, at) :: acc)
      else loop(at + 1, start, escaped = false, acc)
    loop(0, 0, escaped = false, Nil)
  }
}

/** Encodes every value with the encoder in scope (a Scala 3 top-level definition). */
def encodeAll[A](values: A*)(implicit encoder: Encoder[A]): List[String] =
  values.map(encoder.encode).toList
