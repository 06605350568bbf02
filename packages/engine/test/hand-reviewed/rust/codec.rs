//! Encoding values to bytes and back.

use std::fmt::Display;
use std::io::{self, Write};

/// Builds a tag byte from a kind and a length.
///
/// ```
/// assert_eq!(tag!(1, 2), 0x12);
/// ```
#[macro_export]
macro_rules! tag {
    ($kind:expr, $len:expr) => {
        (($kind as u8) << 4) | ($len as u8 & 0x0f)
    };
}

/**
 * Turns values into bytes.
 *
 * Implementors pick their own [`Encode::Output`].
 */
pub trait Encode {
    /// What encoding produces.
    type Output: AsRef<[u8]>;

    /// The tag written before every value.
    const TAG: u8;

    /// Encodes the value.
    fn encode(&self) -> Self::Output;

    /// The encoded length, tag included; encodes once to find out.
    fn encoded_len(&self) -> usize {
        self.encode().as_ref().len() + 1
    }
}

/// Reads a value back from the front of its bytes.
pub trait Decode<'a>: Sized {
    /// Decodes a value, returning it and the bytes after it.
    ///
    /// # Errors
    ///
    /// Fails with [`DecodeError::Truncated`] when `input` is too short.
    fn decode(input: &'a [u8]) -> Result<(Self, &'a [u8]), DecodeError>;
}

/// Why decoding failed.
#[derive(Debug, PartialEq)]
pub enum DecodeError {
    /// How many more bytes were needed.
    Truncated(usize),
    UnknownTag(u8),
}

impl Encode for u32 {
    type Output = [u8; 4];
    const TAG: u8 = tag!(1, 4);

    fn encode(&self) -> [u8; 4] {
        self.to_be_bytes()
    }
}

impl<'a> Decode<'a> for u32 {
    fn decode(input: &'a [u8]) -> Result<(Self, &'a [u8]), DecodeError> {
        match input {
            [a, b, c, d, rest @ ..] => Ok((u32::from_be_bytes([*a, *b, *c, *d]), rest)),
            _ => Err(DecodeError::Truncated(4 - input.len())),
        }
    }
}

/// Encodes any displayable value through its text.
pub struct Wrapper<T>(pub T);

impl<T: Display> Encode for Wrapper<T> {
    type Output = Vec<u8>;
    const TAG: u8 = 3 << 4;

    fn encode(&self) -> Vec<u8> {
        self.0.to_string().into_bytes()
    }
}

/// Writes the tag and the encoding of every value to `out`.
///
/// # Errors
///
/// Passes on the writer's errors.
pub fn write_all<W, E>(out: &mut W, values: &[E]) -> io::Result<usize>
where
    W: Write,
    E: Encode,
{
    let mut written = 0;
    for value in values {
        out.write_all(&[E::TAG])?;
        written += out.write(value.encode().as_ref())? + 1;
    }
    Ok(written)
}

/** Reads a big-endian `u32` without checking the length.

# Safety

`ptr` must point at four readable bytes. */
pub unsafe fn read_u32_unchecked(ptr: *const u8) -> u32 {
    u32::from_be_bytes(*(ptr as *const [u8; 4]))
}

/// The checksum C callers link against.
#[no_mangle]
pub extern "C" fn codec_checksum(data: *const u8, len: usize) -> u32 {
    // a null pointer checks as empty
    if data.is_null() {
        return 0;
    }
    let bytes = unsafe { std::slice::from_raw_parts(data, len) };
    bytes.iter().fold(0u32, |sum, &b| sum.rotate_left(5) ^ u32::from(b))
}

pub(crate) fn map_bytes(bytes: &mut [u8], f: impl Fn(u8) -> u8) {
    for b in bytes.iter_mut() {
        *b = f(*b);
    }
}

/// Joins a high and a low nibble; the kind byte is ignored.
fn nibbles((high, low): (u8, u8), _: u8) -> u8 {
    (high << 4) | (low & 0x0f)
}
