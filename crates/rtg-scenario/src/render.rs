//! Compact, stable text forms of cards, events and states, for transcripts and logs.

use std::collections::BTreeMap;
use std::fmt::Write;

use rtg_core::{
    CardType, Event, GameState, GameStatus, InstanceId, Location, PlayerId, Target, Technique, Zone,
};

/// How cards and players are named in text: by handle when the scenario gave one, else
/// `card_id#N`.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Player names by seat.
    pub players: [String; 2],
    /// Handles by instance.
    pub handles: BTreeMap<InstanceId, String>,
}

impl Names {
    /// Names for two players and no handles.
    pub fn new(players: [&str; 2]) -> Names {
        Names {
            players: [players[0].to_owned(), players[1].to_owned()],
            handles: BTreeMap::new(),
        }
    }

    /// A player's name.
    pub fn player(&self, player: PlayerId) -> &str {
        &self.players[player.index()]
    }

    /// A card's name: its handle, or `card_id#N`.
    pub fn card(&self, state: &GameState, id: InstanceId) -> String {
        match self.handles.get(&id) {
            Some(handle) => handle.clone(),
            None => match state.try_card(id) {
                Some(_) => format!("{}#{}", state.def(id).card_id, id.0),
                None => format!("#{}", id.0),
            },
        }
    }

    /// A target's name.
    pub fn target(&self, state: &GameState, target: Target) -> String {
        match target {
            Target::Player(p) => self.player(p).to_owned(),
            Target::Card(c) => self.card(state, c),
        }
    }
}

/// One event on one line: `on_card_receive_damage g1 (bob) amount=2`.
pub fn event_line(state: &GameState, names: &Names, event: &Event) -> String {
    let mut line = event.kind.name().to_owned();
    if let Some(source) = event.source {
        let _ = write!(line, " {}", names.card(state, source));
    }
    if let Some(target) = event.target
        && event.source.map(Target::Card) != Some(target)
    {
        let _ = write!(line, " -> {}", names.target(state, target));
    }
    if let Some(amount) = event.amount {
        let _ = write!(line, " amount={amount}");
    }
    if let Some(owner) = event.zone_owner {
        let _ = write!(line, " ({})", names.player(owner));
    }
    line
}

/// A card in a zone: its name, and on the battlefield its state: a creature's stats and flags,
/// the word `artifact` for an artifact, and `tapped` for any tapped permanent.
///
/// What PTG 0.9's language added (tapped, artifacts, blocking restrictions, techniques that
/// differ from the printed ones) is written only when present, so that a game of PTG 0.2.0's
/// cards reads exactly as it always did.
pub fn card_text(state: &GameState, names: &Names, id: InstanceId) -> String {
    let card = state.card(id);
    let def = state.def(id);
    let mut text = names.card(state, id);
    if card.location() != Location::Battlefield {
        return text;
    }
    if def.is_creature() {
        let _ = write!(text, " {}/{}", card.attack(), card.defense());
        if card.summoning_sick {
            text.push_str(" sick");
        }
        if card.attacked_this_turn {
            text.push_str(" attacked");
        }
    } else if def.card_type == CardType::Artifact {
        text.push_str(" artifact");
    }
    if card.tapped {
        text.push_str(" tapped");
    }
    if card.cannot_block() {
        text.push_str(" cannot_block");
    }
    if card.unblockable() {
        text.push_str(" unblockable");
    }
    // Granted techniques as `+haste`, removed printed ones as `-flying`: the printed ones are
    // the card's file, not its state.
    for technique in Technique::ALL {
        match (def.has(technique), card.has(technique)) {
            (false, true) => {
                let _ = write!(text, " +{}", technique.name());
            }
            (true, false) => {
                let _ = write!(text, " -{}", technique.name());
            }
            _ => {}
        }
    }
    text
}

/// The state in a few stable lines: turn and phase, then each player with health, pool and zones
/// (the deck as a count), then pending triggers and the result when there are any.
pub fn state_text(state: &GameState, names: &Names) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "turn {} {} {}",
        state.turn(),
        names.player(state.active()),
        state.phase()
    );
    for seat in [PlayerId::FIRST, PlayerId::SECOND] {
        let p = state.player(seat);
        let list = |zone: Zone| -> String {
            p.zone(zone)
                .iter()
                .map(|&id| card_text(state, names, id))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            out,
            "{}: health {} pool {} deck {} hand [{}] battlefield [{}] graveyard [{}]",
            names.player(seat),
            p.health,
            p.pool,
            p.deck().len(),
            list(Zone::Hand),
            list(Zone::Battlefield),
            list(Zone::Graveyard),
        );
    }
    if !state.pending_triggers().is_empty() {
        let _ = writeln!(out, "pending triggers: {}", state.pending_triggers().len());
    }
    if !state.pending_choices().is_empty() {
        let _ = writeln!(out, "pending choices: {}", state.pending_choices().len());
    }
    match state.status() {
        GameStatus::Ongoing => {}
        GameStatus::Winner(p) => {
            let _ = writeln!(out, "winner: {}", names.player(p));
        }
        GameStatus::Draw => {
            let _ = writeln!(out, "result: draw");
        }
    }
    out
}

/// A refusal in words, with cards and players by their names rather than raw ids
/// (`goblin_01#3 is summoning sick` instead of `#3 is summoning sick`).
pub fn error_text(state: &GameState, names: &Names, error: &rtg_rules::RulesError) -> String {
    use rtg_rules::{BlockRefusal, RulesError as E};
    let card = |id: InstanceId| names.card(state, id);
    let player = |p: PlayerId| names.player(p).to_owned();
    match error {
        E::NotYourTurn {
            player: who,
            expected,
            action,
        } => format!(
            "{} cannot {action} now: it is {}'s to do",
            player(*who),
            player(*expected)
        ),
        E::SummoningSick(id) => format!("{} is summoning sick", card(*id)),
        E::AlreadyAttacked(id) => format!("{} already attacked this turn", card(*id)),
        E::UnknownCard(id) => format!("no card {id} in this game"),
        E::NotYourCard {
            card: id,
            player: who,
        } => {
            format!("{} is not {}'s card", card(*id), player(*who))
        }
        E::WrongZone {
            card: id,
            expected,
            found,
        } => format!(
            "{} must be in the {expected} but is in the {}",
            card(*id),
            found.name()
        ),
        E::NotACreature(id) => format!("{} is not a creature", card(*id)),
        E::BadAbilityIndex { card: id, index } => format!("{} has no ability {index}", card(*id)),
        E::NotActivatable { card: id, index } => format!(
            "ability {index} of {} is triggered and cannot be activated",
            card(*id)
        ),
        E::IllegalTarget(t) => format!("{} is not a legal target", names.target(state, *t)),
        E::Tapped(id) => format!("{} is tapped", card(*id)),
        E::MaxActivations {
            card: id,
            index,
            max,
        } => format!(
            "ability {index} of {} was already used {max} time(s) this turn",
            card(*id)
        ),
        // The reasons PTG 0.9 added name their cards; the older ones keep the raw ids their
        // transcripts have always shown.
        E::CannotBlock(BlockRefusal::Tapped(id)) => {
            format!("cannot block: {} is tapped and cannot block", card(*id))
        }
        E::CannotBlock(BlockRefusal::Forbidden(id)) => {
            format!(
                "cannot block: {} cannot block (an effect says so)",
                card(*id)
            )
        }
        E::CannotBlock(BlockRefusal::Unblockable(id)) => {
            format!("cannot block: {} cannot be blocked", card(*id))
        }
        E::UnexpectedTarget(t) => {
            format!(
                "this takes no target, but {} was given",
                names.target(state, *t)
            )
        }
        other => other.to_string(),
    }
}
