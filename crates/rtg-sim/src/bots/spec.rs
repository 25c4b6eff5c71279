//! Bot specifications: a registered bot's name and its parameters, written `name` or
//! `name:key=value,key=value` (`mcts:iterations=400`), the form flags, reports and replay files
//! use. A program of one's own is the one exception, since a command line is free text:
//! `cmd:PROGRAM ARGS...`, its parameters (if any) first and ended by a colon
//! (`cmd:timeout_ms=500:python3 bot.py`); see [`crate::bots::CmdBot`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A bot by name, with parameters: what a registry makes a bot from
/// ([`crate::BotRegistry::make`]), and what reports and replays record. Parameters are kept
/// sorted by key, so a spec has one written form: `mcts:seed=1,iterations=9` is written
/// `mcts:iterations=9,seed=1`. Serialized as that string, so a plain name (`"greedy"`, what
/// files from before parameters hold) reads as the bot with no parameters.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct BotSpec {
    name: String,
    params: Vec<(String, String)>,
}

/// Why a bot spec cannot be read or made into a bot.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum BotError {
    /// The text is not `name` or `name:key=value,...`.
    #[error("bot spec `{spec}`: {why}")]
    Syntax {
        /// The text.
        spec: String,
        /// What is wrong.
        why: String,
    },
    /// No bot of that name is registered.
    #[error("unknown bot `{name}`; expected one of: {known}")]
    Unknown {
        /// The name.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// The bot takes no parameter of that name.
    #[error("bot `{bot}` has no parameter `{param}`; its parameters: {known}")]
    UnknownParam {
        /// The bot.
        bot: String,
        /// The parameter.
        param: String,
        /// Its parameters, comma-separated (`none` when it has none).
        known: String,
    },
    /// The bot cannot play on this machine ([`crate::Bot::ready`]): the program it runs is
    /// not found.
    #[error("bot `{bot}`: {why}")]
    Program {
        /// The bot's spec.
        bot: String,
        /// What is missing.
        why: String,
    },
    /// A parameter's value is not one the bot accepts.
    #[error("bot `{bot}`: `{param}={value}`: {why}")]
    BadValue {
        /// The bot.
        bot: String,
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
        /// What it should be.
        why: String,
    },
}

fn is_word(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl BotSpec {
    /// The bot `name` with no parameters.
    pub fn new(name: &str) -> BotSpec {
        BotSpec {
            name: name.to_owned(),
            params: Vec::new(),
        }
    }

    /// The same spec with parameter `key` set to `value` (replacing any value it had).
    pub fn with(mut self, key: &str, value: impl fmt::Display) -> BotSpec {
        let value = value.to_string();
        match self.params.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
            Ok(i) => self.params[i].1 = value,
            Err(i) => self.params.insert(i, (key.to_owned(), value)),
        }
        self
    }

    /// The bot's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The parameters, sorted by key.
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// The value of parameter `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
            .ok()
            .map(|i| self.params[i].1.as_str())
    }

    /// Refuses a parameter not among `known` (a typo would otherwise be silently ignored).
    pub fn allow_only(&self, known: &[&str]) -> Result<(), BotError> {
        match self
            .params
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            None => Ok(()),
            Some((k, _)) => Err(BotError::UnknownParam {
                bot: self.name.clone(),
                param: k.clone(),
                known: if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                },
            }),
        }
    }

    /// Parameter `key` parsed as a number in `range`, or `default` when absent.
    pub fn number<T>(
        &self,
        key: &str,
        default: T,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, BotError>
    where
        T: FromStr + PartialOrd + fmt::Display + Copy,
    {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        let bad = || BotError::BadValue {
            bot: self.name.clone(),
            param: key.to_owned(),
            value: text.to_owned(),
            why: format!(
                "expected a number from {} to {}",
                range.start(),
                range.end()
            ),
        };
        let value: T = text.parse().map_err(|_| bad())?;
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(bad())
        }
    }

    /// Parameter `key` as one of the named `choices`, or `default` when absent; any other
    /// word is refused with the names it could have been.
    pub fn word<T: Copy>(
        &self,
        key: &str,
        default: T,
        choices: &[(&str, T)],
    ) -> Result<T, BotError> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        match choices.iter().find(|(name, _)| *name == text) {
            Some(&(_, value)) => Ok(value),
            None => Err(BotError::BadValue {
                bot: self.name.clone(),
                param: key.to_owned(),
                value: text.to_owned(),
                why: format!(
                    "expected {}",
                    choices
                        .iter()
                        .map(|(name, _)| *name)
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            }),
        }
    }
}

/// The bot name whose spec is a command line ([`crate::bots::CmdBot`]).
pub(crate) const CMD: &str = "cmd";

/// The parameter of a `cmd` spec holding its command line.
pub(crate) const COMMAND: &str = "command";

/// True when `head` (a `cmd` spec's text before its first colon after `cmd:`) reads as
/// parameters: `key=value` pieces with word keys, comma-separated.
fn reads_as_params(head: &str) -> bool {
    !head.is_empty()
        && head
            .split(',')
            .all(|pair| pair.split_once('=').is_some_and(|(key, _)| is_word(key)))
}

/// A `cmd` spec's written form: `cmd:`, its other parameters and a colon when it has any (or
/// a lone colon when the command itself would read as parameters), then the command.
fn write_cmd(spec: &BotSpec, command: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{CMD}:")?;
    let mut others = spec.params.iter().filter(|(k, _)| k != COMMAND).peekable();
    let ambiguous = command
        .split_once(':')
        .is_some_and(|(head, _)| head.is_empty() || reads_as_params(head));
    if others.peek().is_some() || ambiguous {
        for (i, (k, v)) in others.enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{k}={v}")?;
        }
        f.write_str(":")?;
    }
    f.write_str(command)
}

/// Adds the `key=value,...` pairs of `pairs` to `spec`, refusing what is not that form.
fn add_params(
    mut spec: BotSpec,
    pairs: &str,
    syntax: &dyn Fn(String) -> BotError,
) -> Result<BotSpec, BotError> {
    for pair in pairs.split(',') {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(syntax(format!("`{pair}` is not key=value")));
        };
        if !is_word(key) {
            return Err(syntax(format!(
                "the parameter `{key}` must be letters, digits, `_` or `-`"
            )));
        }
        if value.is_empty() || value.contains(['=', ':', ',']) {
            return Err(syntax(format!(
                "`{key}` needs a value without `=`, `:` or `,`"
            )));
        }
        if spec.get(key).is_some() {
            return Err(syntax(format!("`{key}` is given twice")));
        }
        spec = spec.with(key, value);
    }
    Ok(spec)
}

/// Reads the text after `cmd:`: optional parameters ended by a colon, then the command line,
/// kept with its words separated by single spaces (its one written form).
fn parse_cmd(rest: &str, syntax: &dyn Fn(String) -> BotError) -> Result<BotSpec, BotError> {
    let (params, command) = match rest.split_once(':') {
        Some((head, tail)) if head.is_empty() || reads_as_params(head) => (head, tail),
        _ => ("", rest),
    };
    let mut spec = BotSpec::new(CMD);
    if !params.is_empty() {
        spec = add_params(spec, params, syntax)?;
    }
    if spec.get(COMMAND).is_some() {
        return Err(syntax(format!(
            "the command is written after the parameters (`{CMD}:key=value:PROGRAM ARGS`), not as `{COMMAND}=`"
        )));
    }
    let words: Vec<&str> = command.split_whitespace().collect();
    if words.is_empty() {
        return Err(syntax(format!(
            "`{CMD}` needs a program to run: `{CMD}:PROGRAM ARGS...`"
        )));
    }
    Ok(spec.with(COMMAND, words.join(" ")))
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name == CMD
            && let Some(command) = self.get(COMMAND)
        {
            return write_cmd(self, command, f);
        }
        f.write_str(&self.name)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            f.write_str(if i == 0 { ":" } else { "," })?;
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

impl FromStr for BotSpec {
    type Err = BotError;

    fn from_str(text: &str) -> Result<BotSpec, BotError> {
        let syntax = |why: String| BotError::Syntax {
            spec: text.to_owned(),
            why,
        };
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name, Some(rest)),
            None => (text, None),
        };
        if !is_word(name) {
            return Err(syntax(format!(
                "the name `{name}` must be letters, digits, `_` or `-`"
            )));
        }
        if name == CMD {
            return parse_cmd(rest.unwrap_or_default(), &syntax);
        }
        match rest {
            Some(rest) => add_params(BotSpec::new(name), rest, &syntax),
            None => Ok(BotSpec::new(name)),
        }
    }
}

impl Serialize for BotSpec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BotSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BotSpec, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_write_one_form() {
        let spec: BotSpec = "mcts:seed=1,iterations=400".parse().unwrap();
        assert_eq!(spec.name(), "mcts");
        assert_eq!(spec.get("iterations"), Some("400"));
        assert_eq!(spec.to_string(), "mcts:iterations=400,seed=1");
        assert_eq!(spec.to_string().parse::<BotSpec>().unwrap(), spec);
        assert_eq!("greedy".parse::<BotSpec>().unwrap().to_string(), "greedy");
        let json = serde_json::to_string(&spec).unwrap();
        assert_eq!(json, "\"mcts:iterations=400,seed=1\"");
        assert_eq!(serde_json::from_str::<BotSpec>(&json).unwrap(), spec);
    }

    #[test]
    fn bad_specs_say_why() {
        for (text, says) in [
            ("", "must be letters"),
            ("mcts:", "is not key=value"),
            ("mcts:iterations", "is not key=value"),
            ("mcts:a=1,a=2", "given twice"),
            ("mc ts", "must be letters"),
            ("mcts:a=", "needs a value"),
        ] {
            let err = text.parse::<BotSpec>().unwrap_err().to_string();
            assert!(err.contains(says), "{text:?}: {err}");
        }
        let spec: BotSpec = "mcts:iterations=0".parse().unwrap();
        let err = spec.number("iterations", 5u32, 1..=10).unwrap_err();
        assert!(err.to_string().contains("from 1 to 10"), "{err}");
        assert_eq!(spec.number("other", 5u32, 1..=10), Ok(5));
        let err = spec.allow_only(&["seed"]).unwrap_err().to_string();
        assert!(err.contains("no parameter `iterations`"), "{err}");
    }

    #[test]
    fn a_cmd_spec_is_a_command_line_after_its_parameters() {
        let spec: BotSpec = "cmd:python3  my_bot.py --depth=3".parse().unwrap();
        assert_eq!(spec.name(), "cmd");
        assert_eq!(spec.get("command"), Some("python3 my_bot.py --depth=3"));
        assert_eq!(spec.to_string(), "cmd:python3 my_bot.py --depth=3");
        let timed: BotSpec = "cmd:timeout_ms=500:./bot --host=a:b".parse().unwrap();
        assert_eq!(timed.get("timeout_ms"), Some("500"));
        assert_eq!(timed.get("command"), Some("./bot --host=a:b"));
        // A command that would itself read as parameters is written after an empty list.
        let odd: BotSpec = "cmd::x=1:prog".parse().unwrap();
        assert_eq!(odd.get("command"), Some("x=1:prog"));
        assert_eq!(odd.params().len(), 1);
        for text in [
            "cmd:python3 bot.py",
            "cmd:timeout_ms=500:./bot --host=a:b",
            "cmd::x=1:prog",
            "cmd:::prog",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
            let json = serde_json::to_string(&spec).unwrap();
            assert_eq!(serde_json::from_str::<BotSpec>(&json).unwrap(), spec);
        }
        let made = BotSpec::new("cmd").with("command", "a=1:b");
        assert_eq!(made.to_string().parse::<BotSpec>().unwrap(), made);
        for (text, says) in [
            ("cmd", "needs a program"),
            ("cmd:", "needs a program"),
            ("cmd:  ", "needs a program"),
            ("cmd:timeout_ms=5:", "needs a program"),
            ("cmd:command=x:y", "after the parameters"),
            ("cmd:a=1,a=2:prog", "given twice"),
        ] {
            let err = text.parse::<BotSpec>().unwrap_err().to_string();
            assert!(err.contains(says), "{text:?}: {err}");
        }
    }
}
