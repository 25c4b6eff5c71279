//! The base rules a game is played under: PTG 0.2.0's, or PTG 0.9.13's changes to them.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which base rules a game follows. Card files play under either; the rule set decides only what
/// the engine itself does (see `docs/rules.md`, "Rule sets").
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
pub enum RuleSet {
    /// PTG 0.2.0's rules, every behaviour rtg has always had (the default).
    #[default]
    #[serde(rename = "ptg-0.2")]
    Ptg02,
    /// PTG 0.9.13's changes: an attacker becomes tapped unless it has vigilance.
    #[serde(rename = "ptg-0.9")]
    Ptg09,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 2] = [RuleSet::Ptg02, RuleSet::Ptg09];

    /// Its name (`ptg-0.2`, `ptg-0.9`): what `--rules`, scenario files and replays write.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Ptg02 => "ptg-0.2",
            RuleSet::Ptg09 => "ptg-0.9",
        }
    }

    /// Parses a name.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name() == name)
    }

    /// True when declaring an attacker taps it (unless it has vigilance).
    pub fn attacking_taps(self) -> bool {
        self == RuleSet::Ptg09
    }

    /// True when every buff an effect makes emits `on_card_buff`, whether or not a card of the
    /// game listens for it, as PTG 0.9.13 emits it. Under `ptg-0.2` it is emitted only in games
    /// whose cards listen for it ([`crate::Content::hears`]), so that the event logs of PTG
    /// 0.2.0's cards stay what they always were.
    pub fn emits_every_buff(self) -> bool {
        self == RuleSet::Ptg09
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for RuleSet {
    type Err = String;

    fn from_str(s: &str) -> Result<RuleSet, String> {
        RuleSet::from_name(s)
            .ok_or_else(|| format!("unknown rule set `{s}`: use ptg-0.2 (the default) or ptg-0.9"))
    }
}
