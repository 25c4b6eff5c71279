//! A stable digest of a game state, for replays that must reproduce a game bit for bit.
//!
//! The digest is FNV-1a (64 bit) over a canonical encoding of the state written out field by
//! field below: integers little-endian, strings as their length then their UTF-8 bytes, lists as
//! their length then their items, cards by definition id (text, not table index). It does not use
//! `std`'s `DefaultHasher`, whose output may change between Rust releases. Changing this encoding
//! changes every digest and invalidates recorded replays: bump the replay format version then.

use crate::alteration::AlterationRef;
use crate::applied::{Applied, Record};
use crate::event::{Event, Target};
use crate::ids::InstanceId;
use crate::mana::{Mana, ManaType};
use crate::state::{GameState, GameStatus, Location, StatLine};

/// FNV-1a, 64 bit.
#[derive(Clone, Copy, Debug)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Feeds an integer, little-endian.
    pub fn u64(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    /// Feeds a signed integer.
    pub fn i64(&mut self, n: i64) {
        self.bytes(&n.to_le_bytes());
    }

    /// Feeds a string: its length, then its bytes.
    pub fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.bytes(s.as_bytes());
    }

    /// The digest so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

fn mana(h: &mut Fnv64, m: &Mana) {
    for kind in ManaType::ALL {
        h.u64(u64::from(m.get(kind)));
    }
}

fn opt(h: &mut Fnv64, value: Option<u64>) {
    match value {
        None => h.u64(0),
        Some(v) => {
            h.u64(1);
            h.u64(v);
        }
    }
}

fn target(h: &mut Fnv64, t: &Target) {
    match t {
        Target::Player(p) => {
            h.u64(0);
            h.u64(u64::from(p.0));
        }
        Target::Card(c) => {
            h.u64(1);
            h.u64(u64::from(c.0));
        }
    }
}

fn stats(h: &mut Fnv64, s: &StatLine) {
    for n in [
        s.base_attack,
        s.base_defense,
        s.attack_buff,
        s.defense_buff,
        s.damage,
    ] {
        h.i64(i64::from(n));
    }
    h.u64(u64::from(s.attack_epoch));
    h.u64(u64::from(s.defense_epoch));
}

fn alteration(h: &mut Fnv64, state: &GameState, at: &AlterationRef) {
    h.u64(u64::from(at.source.0));
    h.str(state.definition(at.def).card_id.as_str());
    h.u64(u64::from(at.ability));
    h.u64(u64::from(at.alteration));
}

fn event(h: &mut Fnv64, e: &Event) {
    h.str(e.kind.name());
    opt(h, e.source.map(|s| u64::from(s.0)));
    opt(h, e.zone_owner.map(|p| u64::from(p.0)));
    match &e.target {
        None => h.u64(0),
        Some(t) => {
            h.u64(1);
            target(h, t);
        }
    }
    opt(h, e.amount.map(|a| a as u64));
}

fn applied(h: &mut Fnv64, a: &Applied) {
    target(h, &a.target);
    match &a.record {
        Record::Nothing => h.u64(0),
        Record::Amount(n) => {
            h.u64(1);
            h.i64(i64::from(*n));
        }
        Record::Buffs {
            attack,
            defense,
            cards,
        } => {
            h.u64(2);
            h.i64(i64::from(*attack));
            h.i64(i64::from(*defense));
            h.u64(cards.len() as u64);
            for (id, attack_epoch, defense_epoch) in cards {
                h.u64(u64::from(id.0));
                h.u64(u64::from(*attack_epoch));
                h.u64(u64::from(*defense_epoch));
            }
        }
        Record::SetStats { attack, defense } => {
            h.u64(3);
            for half in [attack, defense] {
                match half {
                    None => h.u64(0),
                    Some((base, epoch)) => {
                        h.u64(1);
                        h.i64(i64::from(*base));
                        h.u64(u64::from(*epoch));
                    }
                }
            }
        }
        Record::Mana { mana: m, refill } => {
            h.u64(4);
            mana(h, m);
            h.u64(u64::from(*refill));
        }
        Record::Custom(params) => {
            h.u64(5);
            h.str(&format!("{params:?}"));
        }
        Record::Changed { entered } => {
            h.u64(6);
            h.u64(u64::from(*entered));
        }
        Record::Deferred => h.u64(7),
        Record::Technique { technique, entered } => {
            h.u64(8);
            h.str(technique.name());
            h.u64(u64::from(*entered));
        }
        Record::Suppressed {
            technique,
            entered,
            owned,
        } => {
            h.u64(9);
            h.str(technique.name());
            h.u64(u64::from(*entered));
            h.u64(u64::from(*owned));
        }
    }
}

fn ids<'a>(h: &mut Fnv64, list: impl ExactSizeIterator<Item = &'a InstanceId>) {
    h.u64(list.len() as u64);
    for id in list {
        h.u64(u64::from(id.0));
    }
}

impl GameState {
    /// A stable 64-bit digest of everything the state holds (see the module docs for the exact
    /// encoding). Equal states have equal digests on every platform and Rust release.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv64::default();
        h.u64(u64::from(self.turn));
        h.str(self.phase.name());
        h.u64(u64::from(self.active.0));
        match self.status {
            GameStatus::Ongoing => h.u64(0),
            GameStatus::Winner(p) => {
                h.u64(1);
                h.u64(u64::from(p.0));
            }
            GameStatus::Draw => h.u64(2),
        }
        opt(&mut h, self.turn_limit.map(u64::from));
        h.u64(u64::from(self.next_reversal_id));
        h.u64(u64::from(self.last_epoch));
        h.u64(u64::from(self.listening));
        // Formerly the spell being resolved: none between steps, so always encoded as `None`.
        opt(&mut h, None);
        for p in self.players() {
            h.str(&p.name);
            h.i64(i64::from(p.health));
            mana(&mut h, &p.pool);
            h.u64(u64::from(p.mana_played));
            h.u64(u64::from(p.refills));
            h.u64(u64::from(p.hand_limit));
            h.u64(u64::from(p.drew_from_empty));
            h.u64(u64::from(p.lost));
            for zone in crate::alteration::Zone::ALL {
                ids(&mut h, p.zone(zone).iter());
            }
        }
        h.u64(self.cards().len() as u64);
        for card in self.cards() {
            h.str(self.definition(card.def).card_id.as_str());
            h.u64(u64::from(card.owner.0));
            h.str(match card.location() {
                Location::Resolving => "resolving",
                Location::Gone => "gone",
                other => other.name(),
            });
            stats(&mut h, &card.stats);
            for flag in [
                card.summoning_sick,
                card.attacked_this_turn,
                card.deathtouched,
                card.token,
            ] {
                h.u64(u64::from(flag));
            }
        }
        h.u64(self.combats.len() as u64);
        for c in &self.combats {
            h.u64(u64::from(c.attacker.0));
            h.u64(u64::from(c.defender.0));
            ids(&mut h, c.blockers.iter());
            h.u64(u64::from(c.blocked));
        }
        h.u64(self.pending_triggers.len() as u64);
        for p in &self.pending_triggers {
            alteration(&mut h, self, &p.alteration);
            h.u64(u64::from(p.controller.0));
            event(&mut h, &p.event);
        }
        h.u64(self.reversals.len() as u64);
        for r in &self.reversals {
            h.u64(u64::from(r.id));
            alteration(&mut h, self, &r.alteration);
            h.u64(u64::from(r.controller.0));
            applied(&mut h, &r.applied);
            opt(&mut h, r.end_trigger.map(|e| e as u64));
            opt(&mut h, r.expires_on_turn.map(u64::from));
        }
        // Formerly the resolution queue, now step-local and so always empty between steps: its
        // length, 0, is still encoded so that recorded digests stay valid.
        h.u64(0);
        let mut rng = self.rng().clone();
        h.u64(rng.next_u64());
        if self.uses_extensions() {
            self.digest_extensions(&mut h);
        }
        h.finish()
    }

    /// True when some part of the state that PTG 0.2.0's games never have holds anything but
    /// its default: a rule set other than `ptg-0.2`, a tapped card, changed techniques, a
    /// blocking restriction, counted ability uses, a pending choice, a last attacker. Only then
    /// does the digest encode them, so that a game of PTG 0.2.0's cards and rules keeps the
    /// digests recorded before they existed.
    fn uses_extensions(&self) -> bool {
        self.rules != crate::state::RuleSet::Ptg02
            || !self.pending_choices.is_empty()
            || !self.ability_uses.is_empty()
            || self.last_attacker.is_some()
            || self.uses_delays()
            || self.cards().iter().any(|card| {
                card.tapped
                    || card.own_cannot_block
                    || card.own_unblockable
                    || card.own_techniques != self.definition(card.def).techniques
                    || !card.own_removed.is_empty()
            })
    }

    fn digest_extensions(&self, h: &mut Fnv64) {
        h.str("extensions 1");
        h.str(self.rules.name());
        for card in self.cards() {
            h.u64(u64::from(card.tapped));
            h.u64(u64::from(card.own_cannot_block));
            h.u64(u64::from(card.own_unblockable));
            h.u64(u64::from(card.entered));
            h.u64(
                card.own_techniques
                    .iter()
                    .fold(0, |bits, t| bits | 1 << (t as u64)),
            );
        }
        h.u64(self.pending_choices.len() as u64);
        for c in &self.pending_choices {
            alteration(h, self, &c.alteration);
            h.u64(u64::from(c.controller.0));
            target(h, &c.target);
            h.u64(u64::from(c.options));
            match &c.event {
                None => h.u64(0),
                Some(e) => {
                    h.u64(1);
                    event(h, e);
                }
            }
        }
        h.u64(self.ability_uses.len() as u64);
        for u in &self.ability_uses {
            h.u64(u64::from(u.card.0));
            h.u64(u64::from(u.ability));
            h.u64(u64::from(u.turn));
            h.u64(u64::from(u.count));
        }
        opt(h, self.last_attacker.map(|p| u64::from(p.0)));
        // Appended, and only for a game that ever set a delay, so that the extensions of every
        // game before delayed effects existed digest as they did.
        if self.uses_delays() {
            h.str("delays 1");
            h.u64(u64::from(self.next_delay_id));
            h.u64(self.delays.len() as u64);
            for d in &self.delays {
                h.u64(u64::from(d.id));
                alteration(h, self, &d.alteration);
                h.u64(u64::from(d.controller.0));
                target(h, &d.target);
                match d.target_place {
                    None => h.u64(0),
                    Some((location, entered)) => {
                        h.u64(1);
                        h.str(location.name());
                        h.u64(u64::from(entered));
                    }
                }
                h.u64(u64::from(d.remaining));
                match &d.params {
                    None => h.u64(0),
                    Some(params) => {
                        h.u64(1);
                        h.str(&format!("{params:?}"));
                    }
                }
            }
        }
        // Appended, and only while some card has one, for the same reason.
        if self.cards().iter().any(|c| !c.own_removed.is_empty()) {
            h.str("suppressed 1");
            for card in self.cards() {
                h.u64(
                    card.own_removed
                        .iter()
                        .fold(0, |bits, t| bits | 1 << (t as u64)),
                );
            }
        }
    }

    /// True once the game has set a delayed effect (one may have expired since: the id counter
    /// remembers it).
    fn uses_delays(&self) -> bool {
        self.next_delay_id != 0 || !self.delays.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::Fnv64;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        let mut h = Fnv64::default();
        assert_eq!(h.finish(), 0xcbf2_9ce4_8422_2325);
        h.bytes(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv64::default();
        h.bytes(b"foobar");
        assert_eq!(h.finish(), 0x8594_4171_f739_67e8);
    }
}
