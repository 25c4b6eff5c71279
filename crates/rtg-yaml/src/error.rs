//! The errors of loading: one [`LoadError`] per problem, saying where (file, line, column, card,
//! field) and what was expected; [`LoadErrors`] when a batch of files has several.

use std::fmt;
use std::path::{Path, PathBuf};

use rtg_core::{CardId, ConditionError};
use thiserror::Error;

use crate::path::{FieldPath, Position};
use crate::suggest::suggest;

/// What kind of name was not recognised.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NameKind {
    /// An effect name (`effect:`), looked up in the loader's registry.
    Effect,
    /// An event name (`start_trigger:`, `end_trigger:`).
    Event,
    /// A technique (`techniques:`).
    Technique,
    /// A mana type (keys of `mana:`, `mana_requirement:`, mana parameters).
    ManaType,
    /// A zone (`from_zone:`, `to_zone:`).
    Zone,
    /// A card type (`type:`).
    CardType,
    /// A target (`target:`).
    Target,
    /// A trigger owner filter (`trigger_owner:`).
    TriggerOwner,
    /// An ability type (`ability_type:`).
    AbilityType,
    /// A condition variable (`variable:` of a condition or an expression, `$name`).
    Variable,
    /// A comparison operator (`operator:` of a comparison: `==`, `>=`, ...) or a group's
    /// (`and`, `or`).
    Operator,
    /// Whose zone a condition counts (`zone_owner:`, `require_zone_owner:`).
    ZoneOwner,
}

impl NameKind {
    const ALL: [NameKind; 12] = [
        NameKind::Effect,
        NameKind::Event,
        NameKind::Technique,
        NameKind::ManaType,
        NameKind::Zone,
        NameKind::CardType,
        NameKind::Target,
        NameKind::TriggerOwner,
        NameKind::AbilityType,
        NameKind::Variable,
        NameKind::Operator,
        NameKind::ZoneOwner,
    ];

    /// How messages call it.
    pub fn describe(self) -> &'static str {
        match self {
            NameKind::Effect => "effect",
            NameKind::Event => "event",
            NameKind::Technique => "technique",
            NameKind::ManaType => "mana type",
            NameKind::Zone => "zone",
            NameKind::CardType => "card type",
            NameKind::Target => "target",
            NameKind::TriggerOwner => "trigger owner",
            NameKind::AbilityType => "ability type",
            NameKind::Variable => "condition variable",
            NameKind::Operator => "operator",
            NameKind::ZoneOwner => "zone owner",
        }
    }

    fn code(self) -> usize {
        NameKind::ALL.iter().position(|k| *k == self).unwrap_or(0)
    }

    pub(crate) fn from_code(code: &str) -> Option<NameKind> {
        code.parse::<usize>()
            .ok()
            .and_then(|i| NameKind::ALL.get(i).copied())
    }
}

impl fmt::Display for NameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Why a deck cannot be built.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum DeckError {
    /// The deck names a card the catalog does not have.
    #[error("unknown card `{card_id}` in deck{}", did_you_mean_any(.close))]
    UnknownCard {
        /// The id written in the deck.
        card_id: String,
        /// Known ids close to it, closest first.
        close: Vec<String>,
    },
    /// A count of 0 or more than [`crate::MAX_COPIES`].
    #[error(
        "card `{card_id}`: expected a count from 1 to {}, found {count}",
        crate::MAX_COPIES
    )]
    BadCount {
        /// The card.
        card_id: String,
        /// The count given.
        count: u64,
    },
    /// The same card listed twice.
    #[error("card `{0}` is listed twice")]
    DuplicateEntry(String),
    /// No cards at all.
    #[error("the deck is empty: list at least one card under `cards`")]
    Empty,
    /// More cards in total than [`crate::MAX_DECK_CARDS`].
    #[error("the deck has {0} cards, more than the limit of {max}", max = crate::MAX_DECK_CARDS)]
    TooManyCards(u64),
}

/// What is wrong, without where (see [`LoadError`]).
#[derive(Debug, Error)]
pub enum ErrorKind {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(#[source] std::io::Error),
    /// The path names something other than a regular file (a FIFO, a device, a socket), which
    /// could block or never end if read.
    #[error("not a regular file (a FIFO, device or socket is not read)")]
    NotRegularFile,
    /// The file is larger than the loader accepts.
    #[error("the file is {size} bytes, more than the limit of {limit} bytes")]
    TooLarge {
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("the file is not valid UTF-8 text (first bad byte at offset {offset})")]
    NotUtf8 {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// The file is empty (or only comments).
    #[error("the file is empty: expected {expected}")]
    Empty {
        /// What the file should hold.
        expected: &'static str,
    },
    /// Not well-formed YAML.
    #[error("invalid YAML: {0}")]
    Syntax(String),
    /// More than one YAML document (`---`) in one file.
    #[error("the file holds several YAML documents; put one card or deck per file")]
    MultipleDocuments,
    /// Nested deeper than the parser allows.
    #[error(
        "the YAML is nested too deeply (the limit is {} levels)",
        crate::yaml::MAX_DEPTH
    )]
    TooDeep,
    /// More parts (values, events, anchors, text) than one card or deck file needs.
    #[error("the YAML has too many parts ({0}); a card or deck file needs far fewer")]
    TooComplex(String),
    /// Aliases expand to too much data (an "alias bomb").
    #[error("YAML aliases expand to too much data (refused as a possible alias bomb)")]
    AliasBomb,
    /// A key given twice in one mapping.
    #[error("duplicate key `{key}`: each key may appear only once in a mapping")]
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// A field the format does not have.
    #[error("unknown field `{field}`; expected one of: {}{}", .expected.join(", "), did_you_mean(.suggestion))]
    UnknownField {
        /// The field written.
        field: String,
        /// The valid fields there.
        expected: Vec<String>,
        /// The closest valid field, if any is close.
        suggestion: Option<String>,
    },
    /// A required field is missing.
    #[error("missing required field `{field}`")]
    MissingField {
        /// The field.
        field: String,
    },
    /// A name not among the valid ones.
    #[error("unknown {kind} `{name}`; expected one of: {}{}", .expected.join(", "), did_you_mean(.suggestion))]
    UnknownName {
        /// What kind of name.
        kind: NameKind,
        /// The name written.
        name: String,
        /// The valid names.
        expected: Vec<String>,
        /// The closest valid name, if any is close.
        suggestion: Option<String>,
    },
    /// A value of the wrong type (a string where a number goes, ...).
    #[error("expected {expected}, found {found}")]
    WrongType {
        /// What was expected.
        expected: String,
        /// What was found.
        found: String,
    },
    /// A value of none of the shapes a field accepts (a field that takes either a name or a
    /// map, given a list); the message names the shapes.
    #[error("expected {0}")]
    Expected(String),
    /// A number outside its range (negative, too large, zero where it must be positive).
    #[error("expected {expected}, found {found}")]
    OutOfRange {
        /// The valid range.
        expected: String,
        /// The number found.
        found: String,
    },
    /// A text value that is not acceptable (an empty name, a card id with spaces).
    #[error("expected {expected}, found {found}")]
    InvalidValue {
        /// What was expected.
        expected: String,
        /// What was found.
        found: String,
    },
    /// A name longer than [`crate::MAX_NAME_CHARS`] characters (a card's, an ability's or a
    /// deck's `name`). The message gives its length, not the name.
    #[error("expected {what} of at most {limit} characters, found one of {length} characters")]
    TooLong {
        /// What it is (`a card name`, `a deck name`, ...).
        what: &'static str,
        /// Its length in characters.
        length: usize,
        /// The limit, [`crate::MAX_NAME_CHARS`].
        limit: usize,
    },
    /// A parameter the effect does not take.
    #[error("effect `{effect}` takes no parameter `{param}`; it takes: {}{}", list_or_none(.expected), did_you_mean(.suggestion))]
    UnknownParam {
        /// The effect.
        effect: String,
        /// The parameter written.
        param: String,
        /// The parameters the effect takes.
        expected: Vec<String>,
        /// The closest one, if any is close.
        suggestion: Option<String>,
    },
    /// A required parameter is missing.
    #[error("effect `{effect}` needs the parameter `{param}`: {expected}")]
    MissingParam {
        /// The effect.
        effect: String,
        /// The parameter.
        param: String,
        /// What it should be.
        expected: String,
    },
    /// The effect's own check of its parameters failed.
    #[error("invalid parameters for effect `{effect}`: {message}")]
    BadParams {
        /// The effect.
        effect: String,
        /// What the effect said.
        message: String,
    },
    /// The target does not fit what the effect acts on.
    #[error("effect `{effect}` acts on a {acts_on}, so its target must be one of: {}; found `{target}`", .allowed.join(", "))]
    TargetMismatch {
        /// The effect.
        effect: String,
        /// `card` or `player`.
        acts_on: &'static str,
        /// The target written (`choose` when left out).
        target: &'static str,
        /// The targets that fit.
        allowed: Vec<&'static str>,
    },
    /// A triggered ability's alteration without `start_trigger`.
    #[error(
        "a triggered ability needs a `start_trigger` on each alteration (the event that fires it)"
    )]
    MissingStartTrigger,
    /// An activated ability's alteration with a trigger or trigger filter.
    #[error(
        "an activated ability is used by its controller, so its alterations take no `{field}` (make the ability `triggered` instead)"
    )]
    TriggerOnActivated {
        /// The field that does not belong.
        field: &'static str,
    },
    /// A static ability's alteration with a field only used or triggered abilities have.
    #[error(
        "a static ability holds while its card is on the battlefield, so its alterations take no `{field}` (make the ability `triggered` for an effect that starts on an event)"
    )]
    NotOnStatic {
        /// The field that does not belong.
        field: &'static str,
    },
    /// An effect without a continuous form in a static ability.
    #[error(
        "effect `{effect}` happens once, so it cannot be static; static abilities take effects that hold (see \"Static abilities\" in docs/cards.md)"
    )]
    NotStatic {
        /// The effect.
        effect: String,
    },
    /// `end_trigger` or `turn_duration` on an effect that cannot be undone.
    #[error(
        "`{field}` asks for a reversal, but it cannot be reversed: effect `{effect}` cannot be undone"
    )]
    NotReversible {
        /// The effect.
        effect: String,
        /// `end_trigger` or `turn_duration`.
        field: &'static str,
    },
    /// A mass alteration (`target: each`, `group`) sweeping a zone where its effect means
    /// nothing, so that it would silently do nothing.
    #[error(
        "effect `{effect}` does nothing to a card there (`from_zone: {zone}`), so `{sweep}` cannot take its cards from it; it sweeps: {}", .sweeps.join(", ")
    )]
    NotInZone {
        /// The effect.
        effect: String,
        /// The zone swept (`from_zone`).
        zone: &'static str,
        /// `group` or `target: each`.
        sweep: &'static str,
        /// The zones the effect sweeps.
        sweeps: Vec<&'static str>,
    },
    /// `move_card`'s `card_definition_id` with a target that chooses or sweeps cards.
    #[error(
        "`card_definition_id` finds the card `move_card` moves by its id (the controller's zone first), so nothing is {how}: write `target: self`"
    )]
    FoundById {
        /// `chosen` or `swept`.
        how: &'static str,
    },
    /// Two fields that exclude each other.
    #[error("give either `{first}` or `{second}`, not both")]
    Conflict {
        /// The first field.
        first: String,
        /// The second field.
        second: String,
    },
    /// A field that makes no sense on this kind of card or ability.
    #[error("{0}")]
    Meaningless(String),
    /// An item listed twice in a list that is a set (`techniques`).
    #[error("`{0}` is listed twice")]
    DuplicateItem(String),
    /// A list with no items where at least one is needed.
    #[error("`{0}` must list at least one item")]
    EmptyList(&'static str),
    /// A spawn template of another card type than its effect creates (`spawn_creature` makes
    /// creatures, `spawn_artifact` artifacts).
    #[error("a spawn template must be {}, but `{card_id}` is {}", a(.required), a(.card_type))]
    WrongTemplateType {
        /// The template's card id.
        card_id: String,
        /// Its type.
        card_type: &'static str,
        /// The type the effect needs.
        required: &'static str,
    },
    /// `template_card_id` that could not be resolved.
    #[error("unresolved template_card_id `{card_id}`: {reason}{}", did_you_mean_any(.close))]
    UnresolvedTemplate {
        /// The id written.
        card_id: String,
        /// Why it could not be resolved.
        reason: String,
        /// Known ids close to it.
        close: Vec<String>,
    },
    /// A card id (`card_definition_id`, `trigger_card_id`) that names no known card.
    #[error("unknown card `{card_id}`: no loaded card has this card_id{}", did_you_mean_any(.close))]
    UnknownCard {
        /// The id written.
        card_id: String,
        /// Known ids close to it.
        close: Vec<String>,
    },
    /// Two files define the same card_id.
    #[error(
        "duplicate card_id `{card_id}`: defined in {} and again in {}{}",
        .first.display(),
        .second.display(),
        if .first.starts_with(crate::BUNDLED_ROOT) {
            " (a card of your own cannot reuse a bundled card's id: rename it, or leave the \
             bundled cards out with --no-bundled)"
        } else {
            ""
        }
    )]
    DuplicateCardId {
        /// The id.
        card_id: String,
        /// Where it was defined first.
        first: PathBuf,
        /// Where it was defined again.
        second: PathBuf,
    },
    /// Two different definitions (a card and an inline template, or two templates) share a
    /// card_id, so a game could not tell them apart.
    #[error(
        "two different definitions use the card_id `{card_id}` (an inline spawn template must not reuse another card's id)"
    )]
    ConflictingDefinitions {
        /// The id.
        card_id: String,
    },
    /// A deck problem.
    #[error(transparent)]
    Deck(#[from] DeckError),
    /// A part of PTG 0.9's card language that rtg does not read yet (static abilities,
    /// delayed effects); the message says which.
    #[error("{0}")]
    Unsupported(String),
    /// A comparison or an expression whose types do not fit: an operator that does not apply
    /// to its variable, a value of another type, a variable that is not a number used as one.
    #[error(transparent)]
    Condition(#[from] ConditionError),
    /// A parameter that a condition variable does not take.
    #[error("variable `{variable}` takes no parameter `{param}`; it takes: {}{}", list_or_none(.expected), did_you_mean(.suggestion))]
    UnknownVariableParam {
        /// The variable.
        variable: String,
        /// The parameter written.
        param: String,
        /// The parameters it takes.
        expected: Vec<String>,
        /// The closest one, if any is close.
        suggestion: Option<String>,
    },
    /// A required parameter of a condition variable is missing.
    #[error("variable `{variable}` needs the parameter `{param}`: {expected}")]
    MissingVariableParam {
        /// The variable.
        variable: String,
        /// The parameter.
        param: String,
        /// What it should be, and how to write it.
        expected: String,
    },
    /// A field that means something only together with another (`exclude_self` without
    /// `target: each` or `group`).
    #[error("`{field}` has a meaning only with {needs}")]
    Needs {
        /// The field given.
        field: String,
        /// What it needs, as written in the message.
        needs: String,
    },
    /// A field about the cards an effect acts on (`group`, `target_condition`), on an
    /// effect that acts on a player.
    #[error(
        "`{field}` is about the cards an effect acts on, but effect `{effect}` acts on a player"
    )]
    CardsOnly {
        /// The field given.
        field: &'static str,
        /// The effect.
        effect: String,
    },
}

/// A noun with its indefinite article (`a creature`, `an artifact`).
fn a(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

fn did_you_mean(suggestion: &Option<String>) -> String {
    suggestion
        .as_ref()
        .map(|s| format!("; did you mean `{s}`?"))
        .unwrap_or_default()
}

fn did_you_mean_any(close: &[String]) -> String {
    match close {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        many => format!(
            "; did you mean one of: {}?",
            many.iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn list_or_none(list: &[String]) -> String {
    if list.is_empty() {
        "no parameters".to_owned()
    } else {
        list.join(", ")
    }
}

/// One problem with one card or deck file: where it is and what is wrong.
///
/// Displays as `path:line:col: error: message` (without `line:col:` when the position is not
/// known), which is what `rtg check` prints.
#[derive(Debug)]
pub struct LoadError {
    /// The file (or the source name given to a `parse_*` function).
    pub file: PathBuf,
    /// Where in the file, when known.
    pub position: Option<Position>,
    /// The card concerned, when known.
    pub card_id: Option<CardId>,
    /// The field concerned, like `abilities[0].alterations[1].params.amount`, when there is one.
    pub field: Option<String>,
    /// What is wrong (boxed, to keep results small; see also [`LoadError::kind`]).
    pub kind: Box<ErrorKind>,
}

impl LoadError {
    /// An error about a whole file.
    pub fn new(file: impl Into<PathBuf>, kind: ErrorKind) -> LoadError {
        LoadError {
            file: file.into(),
            position: None,
            card_id: None,
            field: None,
            kind: Box::new(kind),
        }
    }

    /// What is wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The line, from 1, when known.
    pub fn line(&self) -> Option<usize> {
        self.position.map(|p| p.line)
    }

    /// The column, from 1, when known.
    pub fn column(&self) -> Option<usize> {
        self.position.map(|p| p.column)
    }

    /// The message without the location prefix.
    pub fn message(&self) -> String {
        let mut out = String::new();
        match (&self.card_id, &self.field) {
            (Some(id), Some(field)) => out.push_str(&format!("card `{id}`, field `{field}`: ")),
            (Some(id), None) => out.push_str(&format!("card `{id}`: ")),
            (None, Some(field)) => out.push_str(&format!("field `{field}`: ")),
            (None, None) => {}
        }
        out.push_str(&self.kind.to_string());
        out
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.file.display())?;
        if let Some(p) = self.position {
            write!(f, "{}:{}:", p.line, p.column)?;
        }
        write!(f, " error: {}", self.message())
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.kind)
    }
}

/// Every problem found in a batch of files, in file order.
#[derive(Debug, Default)]
pub struct LoadErrors(pub Vec<LoadError>);

impl LoadErrors {
    /// The errors.
    pub fn iter(&self) -> std::slice::Iter<'_, LoadError> {
        self.0.iter()
    }

    /// The number of errors.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

impl From<LoadError> for LoadErrors {
    fn from(error: LoadError) -> Self {
        LoadErrors(vec![error])
    }
}

impl IntoIterator for LoadErrors {
    type Item = LoadError;
    type IntoIter = std::vec::IntoIter<LoadError>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a LoadErrors {
    type Item = &'a LoadError;
    type IntoIter = std::slice::Iter<'a, LoadError>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The file being loaded, for attaching a place to errors.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub(crate) file: &'a Path,
    pub(crate) text: &'a str,
}

impl Source<'_> {
    /// An error at `path`, written at `position`.
    pub(crate) fn error(
        &self,
        card_id: Option<&CardId>,
        path: &FieldPath,
        position: Option<Position>,
        kind: ErrorKind,
    ) -> LoadError {
        LoadError {
            file: self.file.to_path_buf(),
            position,
            card_id: card_id.cloned(),
            field: (!path.is_root()).then(|| path.to_string()),
            kind: Box::new(kind),
        }
    }
}

/// Markers of the messages this crate's own deserialisers raise, decoded by
/// [`crate::parse_error::classify_message`].
pub(crate) mod encode {
    use super::NameKind;

    const MARK: char = '\u{1f}';

    /// A `found` that stands for the value as written in the file (a number too large for the
    /// parser to hold exactly).
    pub(crate) const AS_WRITTEN: &str = "\u{1f}as-written";

    /// An unknown name of a kind.
    pub(crate) fn unknown(kind: NameKind, name: &str) -> String {
        format!("{MARK}unknown{MARK}{}{MARK}{name}", kind.code())
    }

    /// A number out of range.
    pub(crate) fn range(lo: i64, hi: i64, found: &str) -> String {
        format!("{MARK}range{MARK}{lo}{MARK}{hi}{MARK}{found}")
    }

    /// A duplicate key.
    pub(crate) fn duplicate(key: &str) -> String {
        format!("{MARK}dup{MARK}{key}")
    }

    /// A name of PTG 0.9's language that rtg does not read yet, with the full message.
    pub(crate) fn unsupported(message: &str) -> String {
        format!("{MARK}unsupported{MARK}{message}")
    }

    pub(crate) fn decode(message: &str) -> Option<Vec<&str>> {
        let rest = message.strip_prefix(MARK)?;
        Some(rest.splitn(4, MARK).collect())
    }
}

/// The expected names for a kind (not for effects, which depend on the registry).
pub(crate) fn valid_names(kind: NameKind) -> Vec<&'static str> {
    use crate::raw::Vocab;
    use rtg_core::{
        AbilityType, CardType, EventType, ManaType, TargetSpec, Technique, TriggerOwner, Zone,
    };
    fn names<T: Vocab>() -> Vec<&'static str> {
        T::all().iter().map(|t| t.vocab_name()).collect()
    }
    match kind {
        NameKind::Effect => Vec::new(),
        NameKind::Event => names::<EventType>(),
        NameKind::Technique => names::<Technique>(),
        NameKind::ManaType => names::<ManaType>(),
        NameKind::Zone => names::<Zone>(),
        NameKind::CardType => names::<CardType>(),
        NameKind::Target => names::<TargetSpec>(),
        NameKind::TriggerOwner => names::<TriggerOwner>(),
        NameKind::AbilityType => names::<AbilityType>(),
        NameKind::Variable => rtg_core::VARIABLES.iter().map(|v| v.name).collect(),
        NameKind::Operator => rtg_core::CompareOp::ALL
            .iter()
            .map(|o| o.symbol())
            .collect(),
        NameKind::ZoneOwner => rtg_core::ZoneOwner::ALL.iter().map(|o| o.name()).collect(),
    }
}

/// The error for an unknown name of a kind that is not an effect.
pub(crate) fn unknown_name(kind: NameKind, name: &str) -> ErrorKind {
    let expected = valid_names(kind);
    let mut candidates = expected.clone();
    if kind == NameKind::Event {
        candidates.push("on_card_enter");
    }
    let suggestion = suggest(name, candidates.iter().copied());
    let expected = expected
        .into_iter()
        .map(|n| {
            if n == "on_card_enter_battlefield" {
                format!("{n} (alias on_card_enter)")
            } else {
                n.to_owned()
            }
        })
        .collect();
    ErrorKind::UnknownName {
        kind,
        name: name.to_owned(),
        expected,
        suggestion,
    }
}
