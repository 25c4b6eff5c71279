//! The board model: what a person sees of one state of a game, as data (for the page) and as
//! text (for the terminal).

use std::collections::BTreeMap;
use std::fmt::Write;

use rtg_core::{
    CardType, GameState, GameStatus, InstanceId, Location, ParamValue, PendingChoice, PlayerId,
    Zone,
};
use rtg_rules::{EndReason, LossCause, end_reason};
use serde::Serialize;

use crate::names::{Names, shown_name};

/// What does not change about a card: its definition, as shown.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardFace {
    /// Its name.
    pub name: String,
    /// `creature`, `spell`, `mana` or `artifact`.
    pub kind: &'static str,
    /// Its cost (for a mana card, the mana it gives), as `{fire: 2, any: 1}`.
    pub cost: String,
    /// Printed attack and defense of a creature.
    pub stats: Option<(i32, i32)>,
    /// Its techniques (`flying`, `haste`, ...).
    pub techniques: Vec<&'static str>,
    /// Its abilities' names.
    pub abilities: Vec<String>,
    /// Its description.
    pub text: String,
}

/// One card where it is now.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardView {
    /// Its instance id.
    pub id: u32,
    /// Its definition's id (a key of the faces).
    pub card_id: String,
    /// Its name, with a short id where two copies could be confused.
    pub label: String,
    /// Current attack and defense, for a creature on the battlefield.
    pub attack: Option<i32>,
    /// Current defense (damage subtracted).
    pub defense: Option<i32>,
    /// Damage marked on it.
    pub damage: i32,
    /// `sick`, `attacked`, `damaged`, `buffed`, `tapped`, `cannot block`, `unblockable`,
    /// `artifact`, `token`: what a person should notice. Only cards of PTG 0.9's language (or
    /// its rule set, where attackers tap) ever show `tapped`, `cannot block`, `unblockable` or
    /// `artifact`.
    pub flags: Vec<&'static str>,
    /// Techniques it has now beyond its printed ones (granted by an effect), on the
    /// battlefield; left out of the data when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub granted: Vec<&'static str>,
    /// Printed techniques it has lost (removed by an effect), on the battlefield; left out of
    /// the data when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<&'static str>,
    /// Its printed attack and defense, for a creature on the battlefield whose attack or
    /// defense static abilities change (so `attack` / `defense` are shown beside them); left out
    /// of the data otherwise, so a game whose cards have no static ability has the data it
    /// always had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed: Option<(i32, i32)>,
}

/// A choice waiting for a player (`choose_mana`'s): who makes it, for which card, and the
/// options.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ChoiceView {
    /// The seat that chooses.
    pub player: usize,
    /// The instance id of the card that asks.
    pub card: u32,
    /// That card's label.
    pub label: String,
    /// The options in words, in option order (`{fire: 2}`; `option 1`, ... when they are not
    /// mana).
    pub options: Vec<String>,
}

/// One declared attack: the attacker, whom it attacks, and its blockers in order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CombatView {
    /// The attacking creature's instance id.
    pub attacker: u32,
    /// The defending seat.
    pub defender: usize,
    /// The blockers' instance ids.
    pub blockers: Vec<u32>,
}

/// One player's side of the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlayerBoard {
    /// Their name (the deck's).
    pub name: String,
    /// Health.
    pub health: i32,
    /// Their mana pool, as `{fire: 1}`.
    pub pool: String,
    /// Cards left in the deck.
    pub deck: usize,
    /// The hand, in order.
    pub hand: Vec<CardView>,
    /// The battlefield, in order of arrival.
    pub battlefield: Vec<CardView>,
    /// The graveyard, oldest first.
    pub graveyard: Vec<CardView>,
    /// True once they lost.
    pub lost: bool,
}

/// One moment of a game, as shown to people.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Board {
    /// The turn (from 1).
    pub turn: u32,
    /// The phase's name.
    pub phase: String,
    /// The seat whose turn it is.
    pub active: usize,
    /// The seat that acts next (pending trigger's controller, defender, or active player).
    pub to_act: usize,
    /// Both players, first player first.
    pub players: [PlayerBoard; 2],
    /// Declared attacks.
    pub combats: Vec<CombatView>,
    /// Triggers waiting for a target.
    pub pending_triggers: usize,
    /// Choices waiting for a player, oldest first; left out of the data when there is none (so
    /// a game of PTG 0.2.0's cards has the data it always had).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pending_choices: Vec<ChoiceView>,
    /// The result, once the game is over: `aggro wins on turn 13 (aggro at 18 health, ...)`.
    pub result: Option<String>,
    /// Why it ended, once it is over: `midrange's health reached 0`.
    pub end_reason: Option<String>,
}

fn view(state: &GameState, names: &Names, id: InstanceId) -> CardView {
    let card = state.card(id);
    let def = state.def(id);
    let on_field = card.location() == Location::Battlefield && def.is_creature();
    let mut flags = Vec::new();
    if on_field {
        if card.summoning_sick {
            flags.push("sick");
        }
        if card.attacked_this_turn {
            flags.push("attacked");
        }
        if card.stats.damage > 0 {
            flags.push("damaged");
        }
        if card.stats.attack_buff != 0 || card.stats.defense_buff != 0 {
            flags.push("buffed");
        }
    }
    // Only cards of PTG 0.9's language or its rule set (attackers tap) are ever tapped, barred
    // from blocking or artifacts, so the boards of other games are what they always were.
    let (mut granted, mut removed) = (Vec::new(), Vec::new());
    if card.location() == Location::Battlefield {
        if card.tapped {
            flags.push("tapped");
        }
        if card.cannot_block() {
            flags.push("cannot block");
        }
        if card.unblockable() {
            flags.push("unblockable");
        }
        if def.card_type == CardType::Artifact {
            flags.push("artifact");
        }
        if card.techniques() != def.techniques {
            granted = card
                .techniques()
                .iter()
                .filter(|&t| !def.has(t))
                .map(|t| t.name())
                .collect();
            removed = def
                .techniques
                .iter()
                .filter(|&t| !card.has(t))
                .map(|t| t.name())
                .collect();
        }
    }
    if card.token {
        flags.push("token");
    }
    let printed = (on_field && static_part(card) != (0, 0)).then_some((def.attack, def.defense));
    CardView {
        id: id.0,
        card_id: def.card_id.to_string(),
        label: names.card(state, id),
        attack: on_field.then(|| card.attack()),
        defense: on_field.then(|| card.defense()),
        damage: if on_field { card.stats.damage } else { 0 },
        flags,
        granted,
        removed,
        printed,
    }
}

/// What static abilities add to a card's attack and toughness now, sets included: its values
/// less those it would have without them.
pub(crate) fn static_part(card: &rtg_core::CardInstance) -> (i32, i32) {
    let mut bare = *card;
    bare.ongoing = rtg_core::Ongoing::default();
    (
        card.attack() - bare.attack(),
        card.toughness() - bare.toughness(),
    )
}

/// The options of a pending choice in words, in option order: the mana of each option of the
/// alteration's mana options (`choose_mana`'s `options`), else `option 1`, `option 2`, ...
pub(crate) fn choice_options(state: &GameState, choice: &PendingChoice) -> Vec<String> {
    let at = choice.alteration;
    let mana = state
        .definition(at.def)
        .abilities
        .get(usize::from(at.ability))
        .and_then(|a| a.alterations.get(usize::from(at.alteration)))
        .and_then(|alt| {
            alt.params.iter().find_map(|(_, v)| match v {
                ParamValue::ManaOptions(options) => Some(options.clone()),
                _ => None,
            })
        });
    (0..usize::from(choice.options))
        .map(|i| match mana.as_ref().and_then(|m| m.get(i)) {
            Some(m) => m.to_string(),
            None => format!("option {}", i + 1),
        })
        .collect()
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The face of a definition.
pub(crate) fn face(def: &rtg_core::CardDefinition) -> CardFace {
    CardFace {
        name: def.name.clone(),
        kind: def.card_type.name(),
        cost: def.mana.to_string(),
        stats: def.is_creature().then_some((def.attack, def.defense)),
        techniques: def.techniques.iter().map(|t| t.name()).collect(),
        abilities: def.abilities.iter().map(|a| a.name.clone()).collect(),
        text: def.description.clone(),
    }
}

/// The result of a finished game in one line, `None` while it goes on.
pub fn result_line(state: &GameState) -> Option<String> {
    let players = state.players();
    match state.status() {
        GameStatus::Winner(p) => Some(format!(
            "{} wins on turn {} ({} at {} health, {} at {})",
            shown_name(&players[p.index()].name),
            state.turn(),
            shown_name(&players[0].name),
            players[0].health,
            shown_name(&players[1].name),
            players[1].health
        )),
        GameStatus::Draw => Some(format!("The game is a draw on turn {}", state.turn())),
        GameStatus::Ongoing => None,
    }
}

/// Why a game ended, as a sentence's end: "bob's health reached 0", "the turn limit was
/// reached", ...
pub fn end_reason_in_words(state: &GameState, reason: EndReason) -> String {
    let name = |p: PlayerId| shown_name(&state.player(p).name).into_owned();
    let lost = |p: PlayerId| {
        reason.cause_of(p).map(|cause| match cause {
            LossCause::Health => format!("{}'s health reached 0", name(p)),
            LossCause::EmptyDeck => format!("{} had to draw from an empty deck", name(p)),
        })
    };
    match reason {
        EndReason::TurnLimit => match state.turn_limit() {
            Some(1) => "the turn limit of 1 turn was reached".to_owned(),
            Some(limit) => format!("the turn limit of {limit} turns was reached"),
            None => "the turn limit was reached".to_owned(),
        },
        EndReason::Lost { .. } => {
            let parts: Vec<String> = [PlayerId::FIRST, PlayerId::SECOND]
                .into_iter()
                .filter_map(lost)
                .collect();
            parts.join(" and ")
        }
    }
}

/// Labels of a zone for text: mana cards of the same name counted (`Fire Mana ×3`), creatures
/// on the battlefield with their stats and flags.
fn zone_text(cards: &[CardView], faces: impl Fn(&str) -> bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for card in cards {
        let mut text = card.label.clone();
        if let (Some(a), Some(d)) = (card.attack, card.defense) {
            let _ = write!(text, " {a}/{d}");
        }
        // Printed stats beside the current ones static abilities changed: `(printed 1/1, ...)`.
        let mut flags: Vec<String> = card
            .printed
            .map(|(a, d)| format!("printed {a}/{d}"))
            .into_iter()
            .collect();
        flags.extend(
            card.flags
                .iter()
                .filter(|f| **f != "damaged")
                .map(|f| (*f).to_owned()),
        );
        // Techniques granted and removed: `+flying`, `-reach`.
        flags.extend(card.granted.iter().map(|t| format!("+{t}")));
        flags.extend(card.removed.iter().map(|t| format!("-{t}")));
        if !flags.is_empty() {
            let _ = write!(text, " ({})", flags.join(", "));
        }
        // Mana cards are interchangeable: one entry with a count.
        if faces(&card.card_id)
            && let Some(at) = parts.iter().position(|p| *p == text)
        {
            *counts.entry(at).or_insert(1) += 1;
            continue;
        }
        parts.push(text);
    }
    for (at, n) in counts {
        parts[at] = format!("{} ×{n}", parts[at]);
    }
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}

impl Board {
    /// The board of `state`, cards named by `names`.
    pub fn new(state: &GameState, names: &Names) -> Board {
        let player = |seat: PlayerId| {
            let p = state.player(seat);
            let list = |zone: Zone| -> Vec<CardView> {
                p.zone(zone)
                    .iter()
                    .map(|&id| view(state, names, id))
                    .collect()
            };
            PlayerBoard {
                name: shown_name(&p.name).into_owned(),
                health: p.health,
                pool: p.pool.to_string(),
                deck: p.deck().len(),
                hand: list(Zone::Hand),
                battlefield: list(Zone::Battlefield),
                graveyard: list(Zone::Graveyard),
                lost: p.lost,
            }
        };
        Board {
            turn: state.turn(),
            phase: state.phase().to_string(),
            active: state.active().index(),
            to_act: rtg_sim::to_act(state).index(),
            players: [player(PlayerId::FIRST), player(PlayerId::SECOND)],
            combats: state
                .combats()
                .iter()
                .map(|c| CombatView {
                    attacker: c.attacker.0,
                    defender: c.defender.index(),
                    blockers: c.blockers.iter().map(|b| b.0).collect(),
                })
                .collect(),
            pending_triggers: state.pending_triggers().len(),
            pending_choices: state
                .pending_choices()
                .iter()
                .map(|c| ChoiceView {
                    player: c.controller.index(),
                    card: c.alteration.source.0,
                    label: names.card(state, c.alteration.source),
                    options: choice_options(state, c),
                })
                .collect(),
            result: result_line(state),
            end_reason: end_reason(state).map(|r| end_reason_in_words(state, r)),
        }
    }

    /// The board in a few lines: per player, health, pool, deck size and hand (or only its
    /// size when `hidden[seat]`), then the battlefield; then a line per pending choice, if any
    /// (`  choice     aggro chooses for Prism: {fire: 2} or {water: 1}`).
    pub fn text(&self, state: &GameState, hidden: [bool; 2]) -> String {
        let mana = |card_id: &str| {
            state
                .content()
                .definitions
                .iter()
                .any(|(_, d)| d.card_id.as_str() == card_id && d.card_type == CardType::Mana)
        };
        let mut out = String::new();
        for (seat, p) in self.players.iter().enumerate() {
            let hand = if hidden[seat] {
                format!("{} cards", p.hand.len())
            } else {
                zone_text(&p.hand, mana)
            };
            let _ = writeln!(
                out,
                "  {:<10} health {:>3}  pool {}  deck {}  hand: {}",
                p.name, p.health, p.pool, p.deck, hand
            );
            let _ = writeln!(
                out,
                "  {:<10} board: {}",
                "",
                zone_text(&p.battlefield, mana)
            );
        }
        for choice in &self.pending_choices {
            let _ = writeln!(
                out,
                "  {:<10} {} chooses for {}: {}",
                "choice",
                self.players[choice.player.min(1)].name,
                choice.label,
                join_or(&choice.options)
            );
        }
        out
    }
}
