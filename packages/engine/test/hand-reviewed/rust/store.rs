//! An in-memory key-value store with snapshots.
//!
//! Every value is kept as bytes; see [`Store::get`].

use std::collections::HashMap;
use std::fmt::{self, Display};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most entries a store holds before it refuses writes.
pub const MAX_ENTRIES: usize = 4096;

// counts the stores created in this process, for debugging only
static CREATED: AtomicUsize = AtomicUsize::new(0);

/// A key as the store sees it.
pub type Key = String;

/// An in-memory map from keys to byte values.
///
/// # Examples
///
/// ```
/// let mut store = Store::new();
/// store.put("a", vec![1]).unwrap();
/// assert_eq!(store.get("a"), Some(&[1u8][..]));
/// ```
#[derive(Debug, Default, Clone)]
pub struct Store {
    entries: HashMap<Key, Vec<u8>>,
    generation: u64,
}

/// What can go wrong when writing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StoreError {
    /// The store is full.
    Full { limit: usize },
    /// The key was empty.
    EmptyKey,
}

/// A read-only view of the store at one generation.
pub struct Snapshot<'s>(&'s Store, u64);

/// What [`Store::close`] leaves behind.
#[derive(Debug, Clone, Copy)]
pub struct Closed;

impl Store {
    /// Creates an empty store.
    pub fn new() -> Self {
        CREATED.fetch_add(1, Ordering::Relaxed);
        Store::default()
    }

    /// Returns the value under `key`, if any.
    pub fn get(&self, key: &str) -> Option<&[u8]> {
        self.entries.get(key).map(Vec::as_slice)
    }

    /// Writes `value` under `key`, replacing what was there.
    ///
    /// # Errors
    ///
    /// Returns [`StoreError::Full`] when the store already holds
    /// [`MAX_ENTRIES`] entries, and [`StoreError::EmptyKey`] for `""`.
    pub fn put(&mut self, key: &str, value: Vec<u8>) -> Result<(), StoreError> {
        if key.is_empty() {
            return Err(StoreError::EmptyKey);
        }
        if self.entries.len() >= MAX_ENTRIES && !self.entries.contains_key(key) {
            return Err(StoreError::Full { limit: MAX_ENTRIES });
        }
        self.entries.insert(key.to_owned(), value);
        self.generation += 1;
        Ok(())
    }

    /// Takes a snapshot borrowing the store.
    pub fn snapshot<'a>(&'a self) -> Snapshot<'a> {
        Snapshot(self, self.generation)
    }

    /// Keeps only the entries `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &[u8]) -> bool) {
        self.entries.retain(|k, v| keep(k, v));
    }

    /// Closes the store, dropping every entry.
    pub fn close(self) -> Closed {
        Closed
    }

    // not part of the API: snapshots compare against it
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }
}

impl<'s> Snapshot<'s> {
    /// The generation this snapshot was taken at.
    ///
    /// # Panics
    ///
    /// Panics if the store has been written to since.
    pub fn generation(&'s self) -> u64 {
        assert_eq!(self.0.generation(), self.1, "stale snapshot");
        self.1
    }
}

impl Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full { limit } => write!(f, "store is full ({limit} entries)"),
            StoreError::EmptyKey => f.write_str("empty key"),
        }
    }
}

impl std::error::Error for StoreError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_then_get() {
        let mut store = Store::new();
        store.put("k", vec![7]).unwrap();
        assert_eq!(store.get("k"), Some(&[7u8][..]));
        assert_eq!(store.put("", vec![]), Err(StoreError::EmptyKey));
    }
}
