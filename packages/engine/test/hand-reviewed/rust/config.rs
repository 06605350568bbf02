//! Loading settings from `key = value` text.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// Where a setting came from, in increasing priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    Defaults,
    File,
    Env,
}

/// A parsed setting value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A plain string.
    Text(String),
    Number(i64),
    /// A length of time, written `5s` or `250ms`.
    Duration { secs: u64, millis: u32 },
}

/// The settings of one program, by key.
pub type Settings = BTreeMap<String, (Value, Source)>;

/// The default place to look for settings.
pub static DEFAULT_PATH: &str = "/etc/app.conf";

/// Builds a [`Config`] step by step.
#[derive(Debug, Default)]
#[must_use]
pub struct ConfigBuilder {
    path: Option<PathBuf>,
}

/// The loaded configuration.
#[derive(Debug)]
pub struct Config {
    pub path: PathBuf,
    pub timeout: Duration,
    settings: Settings,
}

impl ConfigBuilder {
    /// Reads settings from `path` instead of [`DEFAULT_PATH`].
    pub fn path(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Loads the file and builds the configuration.
    ///
    /// # Errors
    ///
    /// Fails when the file cannot be read or a line is too long.
    pub async fn load(self) -> Result<Config, String> {
        let path = self.path.unwrap_or_else(|| PathBuf::from(DEFAULT_PATH));
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        let settings = parse::lines(&text)?;
        Ok(Config { path, timeout: Config::DEFAULT_TIMEOUT, settings })
    }
}

impl Config {
    /// How long loading waits when no timeout is set.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

    /// Starts a builder.
    pub fn builder() -> ConfigBuilder {
        ConfigBuilder::default()
    }

    /// Looks a setting up and converts it.
    pub fn get<'a, T>(&'a self, key: &str) -> Option<T>
    where
        T: TryFrom<&'a Value>,
    {
        self.settings.get(key).and_then(|(v, _)| T::try_from(v).ok())
    }
}

/// The directory per-user settings live in.
#[cfg(unix)]
pub fn user_dir() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".config"))
}

/// The directory per-user settings live in.
#[cfg(windows)]
pub fn user_dir() -> Option<PathBuf> {
    std::env::var_os("APPDATA").map(PathBuf::from)
}

impl TryFrom<&Value> for i64 {
    type Error = ();

    fn try_from(value: &Value) -> Result<Self, ()> {
        match value {
            Value::Number(n) => Ok(*n),
            _ => Err(()),
        }
    }
}

pub mod parse {
    //! Parsing of the `key = value` format.
    //!
    //! One setting a line; `#` starts a comment.

    use super::{Settings, Source, Value};

    /// The longest line accepted.
    pub const MAX_LINE: usize = 1024;

    /// Parses one `key = value` line.
    ///
    /// Returns `None` for blank and comment lines.
    pub fn line<'a>(input: &'a str) -> Option<(&'a str, Value)> {
        let input = input.trim();
        if input.is_empty() || input.starts_with('#') {
            return None;
        }
        let (key, raw) = input.split_once('=')?;
        let raw = raw.trim();
        let value = raw.parse().map(Value::Number);
        Some((key.trim(), value.unwrap_or_else(|_| Value::Text(raw.to_owned()))))
    }

    /// Parses every line of a file.
    pub(crate) fn lines(text: &str) -> Result<Settings, String> {
        let mut out = Settings::new();
        for (n, raw) in text.lines().enumerate() {
            if raw.len() > MAX_LINE {
                return Err(format!("line {} is too long", n + 1));
            }
            if let Some((key, value)) = line(raw) {
                out.insert(key.to_owned(), (value, Source::File));
            }
        }
        Ok(out)
    }
}
