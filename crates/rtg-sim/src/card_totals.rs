//! The running sums of the per-card statistics ([`CardStats`]): what each game's summary
//! ([`CardGame`]) adds, how batches sum, and the rows reports print (read back to their sums
//! by `card_merge.rs`, for `rtg merge`). Every sum is an integer, so the result is the same whatever the
//! threads, the shards, or the order the batches are summed in.

use rtg_core::AbilityType;

use crate::card_rows::{AbilityRow, CardRate, CardRow, Improvement, Tally};
use crate::card_stats::CardGame;
use crate::game::{GameEnd, GameRecord, Side};

/// The running sums of one ability.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct AbilityTotals {
    pub(crate) name: String,
    pub(crate) kind: AbilityType,
    pub(crate) used: u64,
    pub(crate) fired: u64,
    pub(crate) resolved: u64,
}

/// The running sums of one card of one deck.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct CardTotals {
    pub(crate) card_id: String,
    pub(crate) name: String,
    /// A spell: its activated abilities are its effect, counted by its plays, not as uses.
    pub(crate) spell: bool,
    pub(crate) copies: u32,
    /// Games with a copy in hand at any point (GIH).
    pub(crate) in_hand: Tally,
    /// Games with a copy in the opening hand (OH).
    pub(crate) opening: Tally,
    /// Games with no copy in the opening hand and one drawn later (GD).
    pub(crate) drawn_later: Tally,
    /// Games with no copy in hand at any point (GNS).
    pub(crate) not_seen: Tally,
    /// Games with a copy played.
    pub(crate) played: Tally,
    pub(crate) turn_played_sum: u64,
    pub(crate) left_in_hand: u64,
    pub(crate) abilities: Vec<AbilityTotals>,
}

/// The running sums of one deck's cards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct DeckCards {
    pub(crate) deck: String,
    /// Finished games counted.
    pub(crate) games: u64,
    pub(crate) cards: Vec<CardTotals>,
}

/// Per-card statistics of one or more batches, by deck.
///
/// Only finished games count (a game the engine could not finish says nothing of its cards).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardStats {
    pub(crate) decks: Vec<DeckCards>,
}

fn kind_name(kind: AbilityType) -> &'static str {
    match kind {
        AbilityType::Activated => "activated",
        AbilityType::Triggered => "triggered",
        AbilityType::Static => "static",
    }
}

impl CardStats {
    /// Counts one game of the matchup these statistics were made for
    /// ([`crate::CardProbe::stats`]).
    pub fn add(&mut self, game: &CardGame, record: &GameRecord) {
        // (won, drawn) of deck A, then deck B.
        let results = match record.end {
            GameEnd::Error => return,
            GameEnd::Draw => [(false, true), (false, true)],
            GameEnd::Won(Side::A) => [(true, false), (false, false)],
            GameEnd::Won(Side::B) => [(false, false), (true, false)],
        };
        for ((deck, seen), (won, drawn)) in self.decks.iter_mut().zip(&game.sides).zip(results) {
            deck.games += 1;
            for (card, seen) in deck.cards.iter_mut().zip(seen) {
                if seen.drawn {
                    card.in_hand.count(won, drawn);
                    if seen.opening {
                        card.opening.count(won, drawn);
                    } else {
                        card.drawn_later.count(won, drawn);
                    }
                } else {
                    card.not_seen.count(won, drawn);
                }
                if let Some(turn) = seen.first_played {
                    card.played.count(won, drawn);
                    card.turn_played_sum += u64::from(turn);
                }
                card.left_in_hand += u64::from(seen.in_hand_at_end);
                for ((ability, used), (fired, resolved)) in card
                    .abilities
                    .iter_mut()
                    .zip(&seen.activations)
                    .zip(&seen.triggers)
                {
                    ability.used += u64::from(*used);
                    ability.fired += u64::from(*fired);
                    ability.resolved += u64::from(*resolved);
                }
            }
        }
    }

    /// Adds another batch's statistics: a deck already here (same name, same cards) sums, a new
    /// one is appended. Decks keep the order they were first seen in.
    pub fn absorb(&mut self, other: &CardStats) {
        for deck in &other.decks {
            match self
                .decks
                .iter_mut()
                .find(|d| d.deck == deck.deck && d.cards.len() == deck.cards.len())
            {
                // invariant: counts of games played in one process do not reach 2^64
                Some(mine) => {
                    let _ = mine.add(deck);
                }
                None => self.decks.push(deck.clone()),
            }
        }
    }

    /// Keeps only the first `decks` decks (a goldfish run drops its opponent's).
    pub fn truncate(&mut self, decks: usize) {
        self.decks.truncate(decks);
    }

    /// The rows of the report: each deck's cards in the order of the deck list.
    pub fn rows(&self) -> Vec<CardRow> {
        let mut rows = Vec::new();
        for deck in &self.decks {
            for card in &deck.cards {
                let gih = CardRate::of(card.in_hand);
                let gns = CardRate::of(card.not_seen);
                let when_played = CardRate::of(card.played);
                let played = card.played.games;
                rows.push(CardRow {
                    deck: deck.deck.clone(),
                    card_id: card.card_id.clone(),
                    name: card.name.clone(),
                    copies: card.copies,
                    games: deck.games,
                    drawn: card.in_hand.games,
                    played,
                    win_rate_drawn: gih.win_rate,
                    win_rate_not_drawn: gns.win_rate,
                    win_rate_played: when_played.win_rate,
                    mean_turn_played: (played > 0)
                        .then(|| card.turn_played_sum as f64 / played as f64),
                    never_played: played == 0,
                    left_in_hand: card.left_in_hand,
                    abilities: card.abilities.iter().map(|a| card.ability_row(a)).collect(),
                    gih,
                    oh: CardRate::of(card.opening),
                    gd: CardRate::of(card.drawn_later),
                    gns,
                    iwd: Improvement::between(&gih, &gns),
                    when_played,
                    turn_played_sum: card.turn_played_sum,
                });
            }
        }
        rows
    }
}

impl DeckCards {
    /// Adds another deck's sums, card by card; `Err` when a count overflows.
    pub(crate) fn add(&mut self, other: &DeckCards) -> Result<(), ()> {
        let add = |a: u64, b: u64| a.checked_add(b).ok_or(());
        self.games = add(self.games, other.games)?;
        for (a, b) in self.cards.iter_mut().zip(&other.cards) {
            let tally = |x: Tally, y: Tally| x.plus(y).ok_or(());
            a.in_hand = tally(a.in_hand, b.in_hand)?;
            a.opening = tally(a.opening, b.opening)?;
            a.drawn_later = tally(a.drawn_later, b.drawn_later)?;
            a.not_seen = tally(a.not_seen, b.not_seen)?;
            a.played = tally(a.played, b.played)?;
            a.turn_played_sum = add(a.turn_played_sum, b.turn_played_sum)?;
            a.left_in_hand = add(a.left_in_hand, b.left_in_hand)?;
            for (x, y) in a.abilities.iter_mut().zip(&b.abilities) {
                x.used = add(x.used, y.used)?;
                x.fired = add(x.fired, y.fired)?;
                x.resolved = add(x.resolved, y.resolved)?;
            }
        }
        Ok(())
    }
}

impl CardTotals {
    pub(crate) fn ability_row(&self, a: &AbilityTotals) -> AbilityRow {
        let activated = a.kind == AbilityType::Activated && !self.spell;
        let triggered = a.kind == AbilityType::Triggered;
        AbilityRow {
            name: a.name.clone(),
            kind: kind_name(a.kind).to_owned(),
            used: activated.then_some(a.used),
            fired: triggered.then_some(a.fired),
            resolved: triggered.then_some(a.resolved),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::Arc;

    use rtg_core::{CardDefinition, CardType, Mana, ManaType};

    use super::*;
    use crate::card_rows::MIN_RATE_GAMES;
    use crate::card_stats::CardProbe;
    use crate::game::{DeckList, GameSettings, Matchup};
    use crate::{BotSpec, GameRecord};

    pub(crate) fn deck(name: &str) -> DeckList {
        let fire = Arc::new(
            CardDefinition::vanilla("fire_mana_01", "Fire Mana", CardType::Mana)
                .with_cost(Mana::from_pairs([(ManaType::Fire, 1)])),
        );
        let goblin = Arc::new(
            CardDefinition::vanilla("goblin_01", "Goblin", CardType::Creature)
                .with_cost(Mana::from_pairs([(ManaType::Fire, 1)]))
                .with_stats(2, 2),
        );
        DeckList {
            name: name.to_owned(),
            cards: vec![fire.clone(), goblin, fire],
        }
    }

    pub(crate) fn record(end: GameEnd) -> GameRecord {
        GameRecord {
            settings: GameSettings {
                seed: 0,
                a_first: true,
                bots: [BotSpec::new("heuristic"), BotSpec::new("heuristic")],
                max_turns: 10,
                opening_hand: 0,
                rules: rtg_core::RuleSet::Ptg02,
            },
            end,
            turns: 5,
            error: None,
            actions: Vec::new(),
            checkpoints: Vec::new(),
            final_digest: 0,
            losses: [None, None],
        }
    }

    /// Where deck A's goblin (slot 1) was in a game.
    #[derive(Clone, Copy)]
    pub(crate) enum Hand {
        Opening,
        DrawnLater,
        NotSeen,
    }

    /// A game in which deck A's goblin was in hand as `hand` says, and played on a turn or not.
    pub(crate) fn game(probe: &CardProbe, hand: Hand, played: Option<u32>) -> CardGame {
        let mut g = probe.game();
        let goblin = &mut g.sides[0][1];
        goblin.drawn = !matches!(hand, Hand::NotSeen);
        goblin.opening = matches!(hand, Hand::Opening);
        goblin.first_played = played;
        g
    }

    pub(crate) fn probe() -> CardProbe {
        CardProbe::new(&Matchup::new(deck("a"), deck("b")).unwrap())
    }

    #[test]
    fn a_deck_lists_each_card_once_with_its_copies() {
        let rows = probe().stats().rows();
        let ids: Vec<(&str, &str, u32)> = rows
            .iter()
            .map(|r| (r.deck.as_str(), r.card_id.as_str(), r.copies))
            .collect();
        assert_eq!(
            ids,
            [
                ("a", "fire_mana_01", 2),
                ("a", "goblin_01", 1),
                ("b", "fire_mana_01", 2),
                ("b", "goblin_01", 1)
            ]
        );
    }

    #[test]
    fn win_rates_split_by_drawn_not_drawn_and_played() {
        let probe = probe();
        let mut stats = probe.stats();
        // Drawn and played on turn 2: a win. Drawn, played on turn 4: a draw. Drawn, not
        // played: a loss. Not drawn: a win, and a loss. A failed game counts for nothing.
        let drawn = Hand::DrawnLater;
        stats.add(
            &game(&probe, drawn, Some(2)),
            &record(GameEnd::Won(Side::A)),
        );
        stats.add(&game(&probe, drawn, Some(4)), &record(GameEnd::Draw));
        stats.add(&game(&probe, drawn, None), &record(GameEnd::Won(Side::B)));
        stats.add(
            &game(&probe, Hand::NotSeen, None),
            &record(GameEnd::Won(Side::A)),
        );
        stats.add(
            &game(&probe, Hand::NotSeen, None),
            &record(GameEnd::Won(Side::B)),
        );
        stats.add(&game(&probe, drawn, Some(1)), &record(GameEnd::Error));
        let rows = stats.rows();
        let goblin = &rows[1];
        assert_eq!(goblin.card_id, "goblin_01");
        assert_eq!((goblin.games, goblin.drawn, goblin.played), (5, 3, 2));
        assert_eq!(goblin.win_rate_drawn, Some(1.5 / 3.0));
        assert_eq!(goblin.win_rate_not_drawn, Some(0.5));
        assert_eq!(goblin.win_rate_played, Some(0.75));
        assert_eq!(goblin.mean_turn_played, Some(3.0));
        assert!(!goblin.never_played);
        // Deck A's mana was never drawn nor played: no rate where there is no game.
        let mana = &rows[0];
        assert_eq!((mana.drawn, mana.played), (0, 0));
        assert_eq!(mana.win_rate_drawn, None);
        assert_eq!(mana.win_rate_played, None);
        assert_eq!(mana.mean_turn_played, None);
        assert_eq!(mana.win_rate_not_drawn, Some(2.5 / 5.0));
        assert!(mana.never_played);
        // Deck B's cards score from deck B's side.
        assert_eq!(rows[2].win_rate_not_drawn, Some(2.5 / 5.0));
    }

    #[test]
    fn games_in_hand_split_into_opening_hand_and_drawn_later() {
        let probe = probe();
        let mut stats = probe.stats();
        // In the opening hand: a win, a loss. Drawn later: a draw. Not seen: two wins.
        stats.add(
            &game(&probe, Hand::Opening, Some(1)),
            &record(GameEnd::Won(Side::A)),
        );
        stats.add(
            &game(&probe, Hand::Opening, None),
            &record(GameEnd::Won(Side::B)),
        );
        stats.add(
            &game(&probe, Hand::DrawnLater, Some(3)),
            &record(GameEnd::Draw),
        );
        stats.add(
            &game(&probe, Hand::NotSeen, None),
            &record(GameEnd::Won(Side::A)),
        );
        stats.add(
            &game(&probe, Hand::NotSeen, None),
            &record(GameEnd::Won(Side::A)),
        );
        let rows = stats.rows();
        let g = &rows[1];
        let counts = |r: &CardRate| (r.games, r.wins, r.draws);
        assert_eq!(counts(&g.oh), (2, 1, 0));
        assert_eq!(counts(&g.gd), (1, 0, 1));
        assert_eq!(counts(&g.gih), (3, 1, 1));
        assert_eq!(counts(&g.gns), (2, 2, 0));
        assert_eq!(counts(&g.when_played), (2, 1, 1));
        assert_eq!((g.oh.win_rate, g.gd.win_rate), (Some(0.5), Some(0.5)));
        // The older fields are GIH's and GNS's rates.
        assert_eq!(g.gih.win_rate, g.win_rate_drawn);
        assert_eq!(g.gns.win_rate, g.win_rate_not_drawn);
        assert_eq!(g.drawn, g.gih.games);
        // IWD: 1.5 of 3 in hand, 2 of 2 not seen: -50 points, but of too few games to say.
        assert_eq!(g.iwd.points, Some(-50.0));
        assert!(g.iwd.too_few && g.gih.too_few && g.oh.too_few);
        // Deck B's goblin: never seen by this summary, every game is GNS (from deck B's side:
        // one win, one draw).
        assert_eq!(counts(&rows[3].gns), (5, 1, 1));
        assert_eq!(rows[3].gih.games, 0);
        assert_eq!(rows[3].iwd.points, None);
    }

    #[test]
    fn enough_games_are_not_marked_and_the_identities_hold() {
        let probe = probe();
        let mut stats = probe.stats();
        let hands = [Hand::Opening, Hand::DrawnLater, Hand::NotSeen];
        let ends = [GameEnd::Won(Side::A), GameEnd::Won(Side::B), GameEnd::Draw];
        for k in 0..200usize {
            let hand = hands[k % 3];
            stats.add(&game(&probe, hand, None), &record(ends[k % 7 % 3]));
        }
        for r in stats.rows() {
            assert_eq!(r.gih.games, r.oh.games + r.gd.games, "{r:?}");
            assert_eq!(r.gih.wins, r.oh.wins + r.gd.wins, "{r:?}");
            assert_eq!(r.gih.games + r.gns.games, r.games, "{r:?}");
        }
        let g = &stats.rows()[1];
        assert_eq!((g.oh.games, g.gd.games, g.gns.games), (67, 67, 66));
        assert!(g.oh.games >= MIN_RATE_GAMES && !g.oh.too_few && !g.iwd.too_few);
    }

    #[test]
    fn absorbing_sums_the_same_decks_and_appends_new_ones() {
        let ab = Matchup::new(deck("a"), deck("b")).unwrap();
        let ac = Matchup::new(deck("a"), deck("c")).unwrap();
        let (pab, pac) = (CardProbe::new(&ab), CardProbe::new(&ac));
        let mut one = pab.stats();
        one.add(
            &game(&pab, Hand::Opening, Some(2)),
            &record(GameEnd::Won(Side::A)),
        );
        let mut two = pac.stats();
        two.add(
            &game(&pac, Hand::DrawnLater, Some(4)),
            &record(GameEnd::Won(Side::B)),
        );
        one.absorb(&two);
        let rows = one.rows();
        let decks: Vec<&str> = rows.iter().map(|r| r.deck.as_str()).collect();
        assert_eq!(decks, ["a", "a", "b", "b", "c", "c"]);
        assert_eq!(rows[1].games, 2);
        assert_eq!(rows[1].win_rate_played, Some(0.5));
        assert_eq!(rows[1].mean_turn_played, Some(3.0));
        assert_eq!((rows[1].oh.games, rows[1].gd.games), (1, 1));
    }
}
