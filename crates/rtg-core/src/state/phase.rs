//! The phases of a turn, as data: the rules of moving between them belong to `rtg-rules`.

use std::fmt;

use serde::Serialize;

/// The phases of a turn, in order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Refill mana, reset flags, draw.
    Draw,
    /// Play cards, activate abilities, declare attackers.
    Main,
    /// Declare attackers.
    Attack,
    /// The defending player declares blockers.
    Defense,
    /// Combat damage (automatic).
    Combat,
    /// Play cards and activate abilities after combat.
    MainPostcombat,
    /// Discard to the hand limit, end-of-turn triggers, damage wears off.
    End,
}

impl Phase {
    /// Every phase in turn order.
    pub const ALL: [Phase; 7] = [
        Phase::Draw,
        Phase::Main,
        Phase::Attack,
        Phase::Defense,
        Phase::Combat,
        Phase::MainPostcombat,
        Phase::End,
    ];

    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Main => "main",
            Phase::Attack => "attack",
            Phase::Defense => "defense",
            Phase::Combat => "combat",
            Phase::MainPostcombat => "main_postcombat",
            Phase::End => "end",
        }
    }

    /// Parses a snake_case name.
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
