//! Card names for people: the card's name, with a short id where two copies could be confused.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use rtg_core::{CardType, GameState, InstanceId, Location, PlayerId, Target};

/// The most characters of a player's or a card's name that narration, boards and pages show: a
/// longer name (the loaders allow 256) is cut there, ending in `…`, so that a name repeated on
/// every line of a long game cannot make its page huge.
pub const SHOWN_NAME_CHARS: usize = 64;

/// `name` as shown: itself, or its first [`SHOWN_NAME_CHARS`] - 1 characters and `…`.
pub fn shown_name(name: &str) -> Cow<'_, str> {
    match name.char_indices().nth(SHOWN_NAME_CHARS) {
        None => Cow::Borrowed(name),
        Some(_) => {
            let cut = name
                .char_indices()
                .nth(SHOWN_NAME_CHARS - 1)
                .map_or(name.len(), |(i, _)| i);
            Cow::Owned(format!("{}…", &name[..cut]))
        }
    }
}

/// How the cards of one moment of a game are named.
///
/// A card is named by its definition's name. When another card of the same name is in a hand
/// or on a battlefield (of either player, in any of the states the names were made from), the
/// name gets the card's short id: `Goblin Warrior #14`. Mana cards are never numbered: two
/// Fire Mana are interchangeable.
#[derive(Clone, Debug, Default)]
pub struct Names {
    players: [String; 2],
    visible: BTreeMap<String, BTreeSet<InstanceId>>,
}

impl Names {
    /// The names of the cards in `states` (for a step: the state before and the state after).
    pub fn new(states: &[&GameState]) -> Names {
        Names::seen_by(states, [false, false])
    }

    /// The same, for a person who does not see the hands of the `hidden` seats: the cards
    /// there are not counted, so that a short id never gives away what a hidden hand holds.
    pub fn seen_by(states: &[&GameState], hidden: [bool; 2]) -> Names {
        let mut names = Names::default();
        if let Some(first) = states.first() {
            let players = first.players();
            names.players = [0, 1].map(|seat| shown_name(&players[seat].name).into_owned());
        }
        for state in states {
            for seat in PlayerId::ALL {
                let p = state.player(seat);
                let seen = !hidden[seat.index()];
                let hand = p.hand().iter().filter(|_| seen);
                for &id in hand.chain(p.battlefield().iter()) {
                    let def = state.def(id);
                    if def.card_type != CardType::Mana {
                        names
                            .visible
                            .entry(def.name.clone())
                            .or_default()
                            .insert(id);
                    }
                }
            }
        }
        names
    }

    /// A player's name.
    pub fn player(&self, player: PlayerId) -> &str {
        self.players.get(player.index()).map_or("?", String::as_str)
    }

    /// A card's name in `state`, with its short id when another card has the same name.
    pub fn card(&self, state: &GameState, id: InstanceId) -> String {
        if state.try_card(id).is_none() {
            return format!("#{}", id.0);
        }
        let name = &state.def(id).name;
        let copies = self.visible.get(name);
        let others = copies.map_or(0, |set| set.iter().filter(|&&c| c != id).count());
        let shown = shown_name(name);
        if others > 0 {
            format!("{shown} #{}", id.0)
        } else {
            shown.into_owned()
        }
    }

    /// A card's name, or `a token` words for a token that no longer exists.
    pub fn card_or_gone(&self, state: &GameState, id: InstanceId) -> String {
        match state.try_card(id) {
            Some(card) if card.location() == Location::Gone => {
                format!("{} (token)", self.card(state, id))
            }
            _ => self.card(state, id),
        }
    }

    /// A target's name: a player's or a card's.
    pub fn target(&self, state: &GameState, target: Target) -> String {
        match target {
            Target::Player(p) => self.player(p).to_owned(),
            Target::Card(c) => self.card(state, c),
        }
    }
}
