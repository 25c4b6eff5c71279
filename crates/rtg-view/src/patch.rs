//! Boards as changes: each step of a page stores what its board changed from the step before
//! ([`BoardPatch`]), never the whole board, so that a page grows with what happens in the game,
//! not with the number of steps times the size of the board (issue #23: a 2,000-turn game made
//! a 908 MB page). The page's script and [`Rebuild`] put the boards back together the same way.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::board::{Board, CardView, ChoiceView, CombatView, PlayerBoard};

/// A zone's change as one splice: keep the first `keep` ids, drop the `drop` after them, put
/// `ids` in their place (a card played, a creature that died, a card drawn: each one splice of
/// one id). Serialised as `[keep, drop, [ids]]`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Splice(pub usize, pub usize, pub Vec<u32>);

impl Splice {
    /// The splice that turns `old` into `new`: their common start and end are kept.
    fn between(old: &[u32], new: &[u32]) -> Option<Splice> {
        if old == new {
            return None;
        }
        let keep = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let tail = old[keep..]
            .iter()
            .rev()
            .zip(new[keep..].iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        Some(Splice(
            keep,
            old.len() - keep - tail,
            new[keep..new.len() - tail].to_vec(),
        ))
    }

    /// Applies the splice to `zone`, whose cards are looked up in `views` (ids it does not know,
    /// which no page of rtg holds, are left out). Out-of-range counts are clamped.
    fn apply(&self, zone: &mut Vec<CardView>, views: &BTreeMap<u32, CardView>) {
        let keep = self.0.min(zone.len());
        let end = keep.saturating_add(self.1).min(zone.len());
        let inserted = self.2.iter().filter_map(|id| views.get(id).cloned());
        zone.splice(keep..end, inserted);
    }
}

/// What one player's side changed: each field only when it changed.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct PlayerPatch {
    /// Health.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<i32>,
    /// The mana pool, as `{fire: 1}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    /// Cards left in the deck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck: Option<usize>,
    /// True once they lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost: Option<bool>,
    /// The hand's change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Splice>,
    /// The battlefield's change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battlefield: Option<Splice>,
    /// The graveyard's change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graveyard: Option<Splice>,
}

impl PlayerPatch {
    fn is_empty(&self) -> bool {
        *self == PlayerPatch::default()
    }
}

/// What a board changed from the board before it (for the first step, from an empty board):
/// each field only when it changed, each zone as a [`Splice`] of instance ids, and the view of
/// every card that looks different now (or is shown for the first time) in `cards`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct BoardPatch {
    /// The turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// The phase's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// The seat whose turn it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active: Option<usize>,
    /// The seat that acts next.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_act: Option<usize>,
    /// Each player's change, `null` for none; left out when neither changed.
    #[serde(skip_serializing_if = "both_none")]
    pub players: [Option<PlayerPatch>; 2],
    /// The declared attacks, whole, when they changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combats: Option<Vec<CombatView>>,
    /// Triggers waiting for a target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_triggers: Option<usize>,
    /// The choices waiting, whole, when they changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_choices: Option<Vec<ChoiceView>>,
    /// The result, when it changed (`null` again never happens: a game stays over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Option<String>>,
    /// Why it ended, when it changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_reason: Option<Option<String>>,
    /// The view of each card that changed, by instance id.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub cards: BTreeMap<u32, CardView>,
}

fn both_none(players: &[Option<PlayerPatch>; 2]) -> bool {
    players.iter().all(Option::is_none)
}

/// `Some(new)` when it differs from `old`.
fn changed<T: PartialEq + Clone>(old: Option<&T>, new: &T) -> Option<T> {
    (old != Some(new)).then(|| new.clone())
}

fn ids(zone: &[CardView]) -> Vec<u32> {
    zone.iter().map(|c| c.id).collect()
}

impl BoardPatch {
    /// The change from `old` (none for the first board) to `new`. `shown` holds the last view
    /// sent of each card, and is brought up to date: a card's view goes in `cards` only when it
    /// is not the one last sent.
    pub fn between(
        old: Option<&Board>,
        new: &Board,
        shown: &mut BTreeMap<u32, CardView>,
    ) -> BoardPatch {
        let mut patch = BoardPatch {
            turn: changed(old.map(|b| &b.turn), &new.turn),
            phase: changed(old.map(|b| &b.phase), &new.phase),
            active: changed(old.map(|b| &b.active), &new.active),
            to_act: changed(old.map(|b| &b.to_act), &new.to_act),
            combats: changed(old.map(|b| &b.combats), &new.combats),
            pending_triggers: changed(old.map(|b| &b.pending_triggers), &new.pending_triggers),
            pending_choices: changed(old.map(|b| &b.pending_choices), &new.pending_choices),
            result: changed(old.map(|b| &b.result), &new.result),
            end_reason: changed(old.map(|b| &b.end_reason), &new.end_reason),
            ..BoardPatch::default()
        };
        for (seat, p) in new.players.iter().enumerate() {
            let before = old.map(|b| &b.players[seat]);
            let zone = |pick: fn(&PlayerBoard) -> &Vec<CardView>| {
                let was = before.map(|b| ids(pick(b))).unwrap_or_default();
                Splice::between(&was, &ids(pick(p)))
            };
            let player = PlayerPatch {
                health: changed(before.map(|b| &b.health), &p.health),
                pool: changed(before.map(|b| &b.pool), &p.pool),
                deck: changed(before.map(|b| &b.deck), &p.deck),
                lost: changed(before.map(|b| &b.lost), &p.lost),
                hand: zone(|b| &b.hand),
                battlefield: zone(|b| &b.battlefield),
                graveyard: zone(|b| &b.graveyard),
            };
            patch.players[seat] = (!player.is_empty()).then_some(player);
            for card in p.hand.iter().chain(&p.battlefield).chain(&p.graveyard) {
                if shown.get(&card.id) != Some(card) {
                    shown.insert(card.id, card.clone());
                    patch.cards.insert(card.id, card.clone());
                }
            }
        }
        patch
    }
}

/// Boards put back together from their patches, one step after another (what the page's
/// script does): the board so far, and the last view of each card.
#[derive(Clone, Debug)]
pub struct Rebuild {
    board: Board,
    views: BTreeMap<u32, CardView>,
}

impl Rebuild {
    /// Before the first patch: an empty board whose players have these names.
    pub fn new(names: [String; 2]) -> Rebuild {
        let [a, b] = names;
        let player = |name: String| PlayerBoard {
            name,
            health: 0,
            pool: String::new(),
            deck: 0,
            hand: Vec::new(),
            battlefield: Vec::new(),
            graveyard: Vec::new(),
            lost: false,
        };
        Rebuild {
            board: Board {
                turn: 0,
                phase: String::new(),
                active: 0,
                to_act: 0,
                players: [player(a), player(b)],
                combats: Vec::new(),
                pending_triggers: 0,
                pending_choices: Vec::new(),
                result: None,
                end_reason: None,
            },
            views: BTreeMap::new(),
        }
    }

    /// The board after the patches applied so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Applies the next step's patch.
    pub fn apply(&mut self, patch: &BoardPatch) {
        fn set<T: Clone>(field: &mut T, value: &Option<T>) {
            if let Some(value) = value {
                field.clone_from(value);
            }
        }
        let b = &mut self.board;
        set(&mut b.turn, &patch.turn);
        set(&mut b.phase, &patch.phase);
        set(&mut b.active, &patch.active);
        set(&mut b.to_act, &patch.to_act);
        set(&mut b.combats, &patch.combats);
        set(&mut b.pending_triggers, &patch.pending_triggers);
        set(&mut b.pending_choices, &patch.pending_choices);
        set(&mut b.result, &patch.result);
        set(&mut b.end_reason, &patch.end_reason);
        self.views
            .extend(patch.cards.iter().map(|(id, v)| (*id, v.clone())));
        for (p, change) in b.players.iter_mut().zip(&patch.players) {
            if let Some(change) = change {
                set(&mut p.health, &change.health);
                set(&mut p.pool, &change.pool);
                set(&mut p.deck, &change.deck);
                set(&mut p.lost, &change.lost);
                for (zone, splice) in [
                    (&mut p.hand, &change.hand),
                    (&mut p.battlefield, &change.battlefield),
                    (&mut p.graveyard, &change.graveyard),
                ] {
                    if let Some(splice) = splice {
                        splice.apply(zone, &self.views);
                    }
                }
            }
            // A card whose view changed where it stays (a creature buffed, tapped, damaged).
            for card in p
                .hand
                .iter_mut()
                .chain(&mut p.battlefield)
                .chain(&mut p.graveyard)
            {
                if let Some(view) = patch.cards.get(&card.id) {
                    card.clone_from(view);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Splice;

    #[test]
    fn a_splice_keeps_the_common_start_and_end() {
        assert_eq!(Splice::between(&[1, 2, 3], &[1, 2, 3]), None);
        assert_eq!(
            Splice::between(&[1, 2, 3], &[1, 3]),
            Some(Splice(1, 1, vec![]))
        );
        assert_eq!(
            Splice::between(&[1, 2], &[1, 2, 5]),
            Some(Splice(2, 0, vec![5]))
        );
        assert_eq!(
            Splice::between(&[], &[4, 5]),
            Some(Splice(0, 0, vec![4, 5]))
        );
        assert_eq!(Splice::between(&[7, 7], &[7]), Some(Splice(1, 1, vec![])));
        assert_eq!(
            Splice::between(&[1, 2, 3], &[3, 2, 1]),
            Some(Splice(0, 3, vec![3, 2, 1]))
        );
    }
}
