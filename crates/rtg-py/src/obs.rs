//! The agent environment's fixed-size spaces: which action an index stands for, and the
//! observation vector of one player.
//!
//! Both are read through rtg-rules' `PlayerView` of the deciding player, which holds only what
//! that player may know: the public board (both battlefields, graveyard and deck sizes, health,
//! pools, combats), its own hand, and only the size of the opponent's hand. Deck order and the
//! opponent's hand cannot enter the observation.
//!
//! Action indices (for the acting player `p`; "slot" is a position in a zone, in zone order):
//!
//! | indices | action |
//! | --- | --- |
//! | 0 | advance the phase |
//! | `PLAY + h*T + t` | play hand slot `h` with target slot `t` |
//! | `ACTIVATE + (b*A + a)*T + t` | activate ability `a` of battlefield slot `b`, target `t` |
//! | `ATTACK + b` | attack with battlefield slot `b` |
//! | `BLOCK + c*B + b` | block attack `c` with battlefield slot `b` |
//! | `RESOLVE + t` | resolve the first pending trigger on target slot `t` |
//! | `CHOOSE + o` | resolve the first pending choice with its option `o` |
//!
//! Target slots: 0 no target, 1 `p` itself, 2 the opponent, `3 + j` `p`'s battlefield slot `j`,
//! `3 + B + j` the opponent's. Legal actions that fit no index (a card past the slots, an order
//! of blockers, a pending trigger other than the first, a pending choice other than the first or
//! an option past the slots) are left out of the space: blockers keep their declared order, as
//! the random bot leaves them. A pending choice always has an option 0, so a player who must
//! choose always has a legal index. The choice slots come last, so every index of the space
//! before them means what it meant before they were added.

use rtg::sim::PlayerView;
use rtg::{Action, InstanceId, ManaType, Phase, Target, Technique};

/// Hand slots.
pub(crate) const HAND: usize = 10;
/// Battlefield slots per player.
pub(crate) const FIELD: usize = 10;
/// Abilities per permanent.
pub(crate) const ABILITIES: usize = 2;
/// Attacks one can block.
pub(crate) const COMBATS: usize = 10;
/// Target slots.
pub(crate) const TARGETS: usize = 3 + 2 * FIELD;
/// Options of a pending choice.
pub(crate) const CHOICES: usize = 8;

const PLAY: usize = 1;
const ACTIVATE: usize = PLAY + HAND * TARGETS;
const ATTACK: usize = ACTIVATE + FIELD * ABILITIES * TARGETS;
const BLOCK: usize = ATTACK + FIELD;
const RESOLVE: usize = BLOCK + COMBATS * FIELD;
const CHOOSE: usize = RESOLVE + TARGETS;
/// The size of the action space.
pub(crate) const ACTION_COUNT: usize = CHOOSE + CHOICES;

const GLOBAL: usize = 11;
const PLAYER: usize = 11;
const HAND_CARD: usize = 9;
const FIELD_CARD: usize = 10 + Technique::ALL.len();
const CHOICE: usize = 1 + CHOICES * ManaType::ALL.len();
/// The length of an observation vector.
pub(crate) const OBSERVATION_SIZE: usize =
    GLOBAL + 2 * PLAYER + HAND * HAND_CARD + 2 * FIELD * FIELD_CARD + CHOICE;

/// Where the count of actions taken in this phase sits in an observation: a `View` holds no
/// such count (the driver does), so an observation made from one has it filled in here.
pub(crate) const IN_PHASE_AT: usize = GLOBAL - 1;

/// The observation's value for `in_phase` actions taken in this phase.
pub(crate) fn phase_count(in_phase: u32) -> f32 {
    scaled(i64::from(in_phase), rtg::sim::MAX_ACTIONS_PER_PHASE as f32)
}

fn slot_of(zone: &[InstanceId], id: InstanceId, limit: usize) -> Option<usize> {
    zone.iter().position(|&c| c == id).filter(|&i| i < limit)
}

fn target_slot(view: &PlayerView<'_>, target: Option<Target>) -> Option<usize> {
    match target {
        None => Some(0),
        Some(Target::Player(p)) if p == view.player() => Some(1),
        Some(Target::Player(_)) => Some(2),
        Some(Target::Card(id)) => {
            let mine = view.battlefield(view.player());
            let theirs = view.battlefield(view.opponent());
            slot_of(mine, id, FIELD)
                .map(|j| 3 + j)
                .or_else(|| slot_of(theirs, id, FIELD).map(|j| 3 + FIELD + j))
        }
    }
}

/// The index of a legal action of the view's player, or None when it fits no index.
pub(crate) fn index_of(view: &PlayerView<'_>, action: &Action) -> Option<usize> {
    let hand = view.hand();
    let field = view.battlefield(view.player());
    match action {
        Action::AdvancePhase => Some(0),
        Action::PlayCard { card, target, .. } => {
            let h = slot_of(hand, *card, HAND)?;
            Some(PLAY + h * TARGETS + target_slot(view, *target)?)
        }
        Action::ActivateAbility {
            card,
            ability_index,
            target,
            ..
        } => {
            let b = slot_of(field, *card, FIELD)?;
            if *ability_index >= ABILITIES {
                return None;
            }
            Some(ACTIVATE + (b * ABILITIES + ability_index) * TARGETS + target_slot(view, *target)?)
        }
        Action::DeclareAttack { attacker, .. } => Some(ATTACK + slot_of(field, *attacker, FIELD)?),
        Action::DeclareDefense {
            blocker,
            combat_index,
            ..
        } => {
            if *combat_index >= COMBATS {
                return None;
            }
            Some(BLOCK + combat_index * FIELD + slot_of(field, *blocker, FIELD)?)
        }
        Action::ResolveChoice { index, option } => {
            if *index != 0 || *option >= CHOICES {
                return None;
            }
            Some(CHOOSE + option)
        }
        Action::OrderBlockers { .. } => None,
        Action::ResolvePendingTrigger { index, target } => {
            if *index != 0 {
                return None;
            }
            Some(RESOLVE + target_slot(view, Some(*target))?)
        }
    }
}

/// The view's player's legal actions by index (the first action listed for an index wins),
/// sorted by index.
pub(crate) fn legal_by_index(view: &PlayerView<'_>, out: &mut Vec<(u16, Action)>) {
    by_index(view, view.legal_actions(), out);
}

/// [`legal_by_index`] of the legal actions `legal`, listed already (a `View` holds them).
pub(crate) fn by_index(
    view: &PlayerView<'_>,
    legal: impl IntoIterator<Item = Action>,
    out: &mut Vec<(u16, Action)>,
) {
    out.clear();
    for action in legal {
        if let Some(i) = index_of(view, &action)
            && !out.iter().any(|(j, _)| usize::from(*j) == i)
        {
            // invariant: ACTION_COUNT < u16::MAX
            out.push((i as u16, action));
        }
    }
    out.sort_by_key(|(i, _)| *i);
}

/// Fills an observation in order.
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, value: f32) {
        self.out[self.at] = value;
        self.at += 1;
    }

    fn skip(&mut self, n: usize) {
        self.at += n;
    }
}

fn scaled(value: i64, by: f32) -> f32 {
    value as f32 / by
}

/// Writes the view's player's observation into `out` (`OBSERVATION_SIZE` values). `legal` are
/// that player's legal actions by index (for the "playable" flags), `in_phase` the actions taken
/// in this phase.
pub(crate) fn observe(
    view: &PlayerView<'_>,
    legal: &[(u16, Action)],
    in_phase: u32,
    out: &mut [f32],
) {
    out.fill(0.0);
    let mut w = Writer { out, at: 0 };
    let me = view.player();
    w.put(scaled(i64::from(view.turn()), 100.0));
    for phase in Phase::ALL {
        w.put(f32::from(u8::from(view.phase() == phase)));
    }
    w.put(f32::from(u8::from(view.active() == me)));
    w.put(f32::from(u8::from(view.pending_triggers().len() > 0)));
    debug_assert_eq!(w.at, IN_PHASE_AT);
    w.put(phase_count(in_phase));
    for p in [me, view.opponent()] {
        w.put(scaled(i64::from(view.health(p)), 20.0));
        let pool = view.pool(p);
        for kind in rtg::ManaType::ALL {
            w.put(scaled(i64::from(pool.get(kind)), 10.0));
        }
        w.put(scaled(i64::from(view.mana_played(p)), 1.0));
        w.put(scaled(view.hand_size(p) as i64, 10.0));
        w.put(scaled(view.deck_size(p) as i64, 40.0));
        w.put(scaled(view.graveyard(p).len() as i64, 40.0));
        w.put(scaled(view.battlefield(p).len() as i64, 10.0));
    }
    // Only the player's own hand: the view shows no other (its size is above).
    let hand = view.hand();
    for h in 0..HAND {
        let Some(def) = hand.get(h).and_then(|&card| view.def(card)) else {
            w.skip(HAND_CARD);
            continue;
        };
        let card = hand[h];
        let playable = legal
            .iter()
            .any(|(_, a)| matches!(a, Action::PlayCard { card: c, .. } if *c == card));
        w.put(1.0);
        w.put(f32::from(u8::from(def.card_type == rtg::CardType::Mana)));
        w.put(f32::from(u8::from(
            def.card_type == rtg::CardType::Creature,
        )));
        w.put(f32::from(u8::from(def.card_type == rtg::CardType::Spell)));
        w.put(scaled(def.mana.total() as i64, 10.0));
        w.put(scaled(i64::from(def.attack), 10.0));
        w.put(scaled(i64::from(def.defense), 10.0));
        w.put(f32::from(u8::from(playable)));
        w.put(scaled(def.abilities.len() as i64, 2.0));
    }
    let combats = view.combats();
    for p in [me, view.opponent()] {
        let field = view.battlefield(p);
        for b in 0..FIELD {
            let seen = field
                .get(b)
                .and_then(|&card| Some((card, view.card(card)?, view.def(card)?)));
            let Some((card, instance, def)) = seen else {
                w.skip(FIELD_CARD);
                continue;
            };
            let in_combat = combats
                .iter()
                .any(|c| c.attacker == card || c.blockers.contains(&card));
            w.put(1.0);
            w.put(f32::from(u8::from(def.is_creature())));
            w.put(f32::from(u8::from(def.card_type == rtg::CardType::Mana)));
            w.put(scaled(i64::from(instance.attack()), 10.0));
            w.put(scaled(i64::from(instance.defense()), 10.0));
            w.put(scaled(i64::from(instance.stats.damage), 10.0));
            w.put(f32::from(u8::from(instance.summoning_sick)));
            w.put(f32::from(u8::from(instance.attacked_this_turn)));
            w.put(f32::from(u8::from(in_combat)));
            // Its techniques now: printed, granted, not removed.
            for t in Technique::ALL {
                w.put(f32::from(u8::from(instance.has(t))));
            }
            w.put(f32::from(u8::from(instance.tapped)));
        }
    }
    // The first pending choice, when the player makes it (the action space resolves only the
    // first): a flag, then each option's mana by type (options that are not mana read as none).
    match view.pending_choices().first() {
        Some(choice) if choice.controller == me => {
            let options = view.choice_mana_options(0).unwrap_or_default();
            w.put(1.0);
            for o in 0..CHOICES {
                for kind in ManaType::ALL {
                    let count = options.get(o).map_or(0, |m| m.get(kind));
                    w.put(scaled(i64::from(count), 10.0));
                }
            }
        }
        _ => w.skip(CHOICE),
    }
    debug_assert_eq!(w.at, OBSERVATION_SIZE);
}
