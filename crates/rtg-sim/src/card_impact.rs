//! Card swaps: how much each card of a deck matters, measured as a controlled experiment.
//!
//! For each card, the deck is played with one copy of it replaced by a filler card (by
//! default the deck's most common mana card) against the same opponent on the same seeds as the
//! unchanged deck, and the two batches are compared game by game ([`PairedShift`]). Where the
//! per-card statistics' "win rate when drawn" is a correlation (a card drawn in long games shows
//! the win rate of long games), this is a cause: the only thing that differs between the paired
//! games is that one card.
//!
//! The copy replaced is the deck's last copy of the card, in its place in the list: the shuffle
//! of game `k` is the same permutation in both batches, so the filler lands exactly where the
//! removed copy would have been and every other card is where it was.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rtg_core::{CardDefinition, CardId, CardType, RuleSet};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::batch::Running;
use crate::bots::{BotRegistry, BotSpec};
use crate::game::{DeckList, Matchup};
use crate::paired::{PairedShift, play_scored};
use crate::replay_cards::CardLookup;
use crate::report::Report;
use crate::simulate::{SimConfig, SimError};

/// What a card-impact run measures: the batch every swap is played with, which cards of deck A
/// to swap out, and what to swap in.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct CardImpactConfig {
    /// The batch of each swap (and of the baseline): deck A is the deck whose cards are
    /// swapped, deck B the unchanged opponent.
    pub sim: SimConfig,
    /// The cards of deck A to swap out (`None`: every distinct card but the filler).
    pub cards: Option<Vec<CardId>>,
    /// The card swapped in (`None`: deck A's most common mana card, see [`most_common_mana`]).
    pub filler: Option<CardId>,
}

/// How far a card-impact run has got, for a progress bar. Batch 0 is the baseline, batch `i`
/// the `i`-th swap; they are played one after the other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CardImpactProgress {
    /// The batch being played (0 the baseline).
    pub batch: usize,
    /// The batches of the run (the baseline and one per swap).
    pub batches: usize,
    /// The games of each batch.
    pub games: u64,
    /// How far the batch being played has got.
    pub running: Running,
}

impl CardImpactProgress {
    /// Games done over the whole run.
    pub fn done(&self) -> u64 {
        (self.batch as u64)
            .saturating_mul(self.games)
            .saturating_add(self.running.done)
    }

    /// Games of the whole run.
    pub fn total(&self) -> u64 {
        (self.batches as u64).saturating_mul(self.games)
    }
}

/// The card swapped in.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FillerCard {
    /// Its id.
    pub card_id: String,
    /// Its display name.
    pub name: String,
    /// Its copies in the unchanged deck (0 when the deck has none).
    pub copies: u32,
}

/// One swap: the deck with one copy of a card replaced by the filler, against the baseline.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardImpactRow {
    /// The card swapped out.
    pub card_id: String,
    /// Its display name.
    pub name: String,
    /// Its copies in the unchanged deck.
    pub copies: u32,
    /// The change of the deck's win rate (swapped minus baseline, -1 to 1, a draw counting
    /// half): negative when the deck does worse without the copy, so the card helps it.
    pub delta: f64,
    /// The low end of the paired 95% interval of the delta.
    pub ci_low: f64,
    /// Its high end.
    pub ci_high: f64,
    /// The games paired: finished in both the baseline and the swap.
    pub games: u64,
    /// The swapped deck's win rate (a draw counting half) over its finished games.
    pub win_rate: f64,
}

/// The result of a card-impact run: the baseline, and one row per swap, the most harmful
/// removal (the most negative delta) first.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardImpactReport {
    /// The deck whose cards are swapped (deck A).
    pub deck: String,
    /// The unchanged opponent (deck B).
    pub vs: String,
    /// The bots of the deck and of the opponent.
    pub bots: [BotSpec; 2],
    /// The master seed of every batch.
    pub seed: u64,
    /// The games of each batch.
    pub games: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The base rules (absent from the JSON for the default `ptg-0.2`, as in [`Report`]).
    #[serde(default, skip_serializing_if = "crate::game::is_default_rules")]
    pub rules: RuleSet,
    /// The card swapped in.
    pub filler: FillerCard,
    /// The unchanged deck's win rate (a draw counting half).
    pub baseline_win_rate: f64,
    /// The low end of its 95% interval (Wilson).
    pub baseline_ci_low: f64,
    /// Its high end.
    pub baseline_ci_high: f64,
    /// The unchanged deck's batch: exactly the report of [`crate::simulate`] with the same
    /// configuration.
    pub baseline: Report,
    /// The swaps, sorted by delta, lowest first (ties by card id).
    pub cards: Vec<CardImpactRow>,
}

/// A card-impact run that cannot be played.
#[derive(Debug, Error)]
pub enum CardImpactError {
    /// A card asked for is not in the deck.
    #[error("card `{card}` is not in deck `{deck}`")]
    NotInDeck {
        /// The deck.
        deck: String,
        /// The card.
        card: String,
    },
    /// The filler asked for is neither in the matchup nor in the catalog.
    #[error("no card `{card}` in the catalog to replace cards of deck `{deck}` with")]
    UnknownFiller {
        /// The deck.
        deck: String,
        /// The filler's id.
        card: String,
    },
    /// No filler was named and the deck has no mana card to be one.
    #[error("deck `{deck}` has no mana card to replace its cards with: name a filler card")]
    NoManaCard {
        /// The deck.
        deck: String,
    },
    /// The filler itself was asked to be swapped out: a swap with itself changes nothing.
    #[error(
        "card `{card}` of deck `{deck}` is the filler: replacing it with itself changes nothing (name another filler)"
    )]
    FillerNamed {
        /// The deck.
        deck: String,
        /// The card.
        card: String,
    },
    /// The swapped deck cannot be set up against the opponent (the filler's definition clashes
    /// with a card of the same id in the opponent's deck).
    #[error("deck `{deck}` with a copy of `{card}` replaced by `{filler}`: {message}")]
    Setup {
        /// The deck.
        deck: String,
        /// The card swapped out.
        card: String,
        /// The filler.
        filler: String,
        /// What the setup said.
        message: String,
    },
    /// The batch configuration or a bot spec is refused.
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// The deck's most common mana card (a card of type `mana`, the engine's mana card), ties
/// broken by the smallest card id; `None` when the deck has no mana card.
pub fn most_common_mana(deck: &DeckList) -> Option<Arc<CardDefinition>> {
    // By id, so that the first of the most common is the smallest id whatever the deck's order.
    let mut counts: BTreeMap<&CardId, (u32, &Arc<CardDefinition>)> = BTreeMap::new();
    for def in deck.cards.iter().filter(|d| d.card_type == CardType::Mana) {
        counts.entry(&def.card_id).or_insert((0, def)).0 += 1;
    }
    let mut best: Option<(u32, &Arc<CardDefinition>)> = None;
    for (count, def) in counts.into_values() {
        if best.is_none_or(|(most, _)| count > most) {
            best = Some((count, def));
        }
    }
    best.map(|(_, def)| Arc::clone(def))
}

/// The deck with its last copy of `card` replaced, in its place, by `filler`: the same size,
/// the same name, every other card where it was. `None` when the deck has no copy of `card`.
pub fn swap_one(deck: &DeckList, card: &str, filler: &Arc<CardDefinition>) -> Option<DeckList> {
    let at = deck
        .cards
        .iter()
        .rposition(|d| d.card_id.as_str() == card)?;
    let mut cards = deck.cards.clone();
    cards[at] = Arc::clone(filler);
    Some(DeckList {
        name: deck.name.clone(),
        cards,
    })
}

/// The deck's distinct cards with their copies, in the order of their first copy.
fn distinct_cards(deck: &DeckList) -> Vec<(&Arc<CardDefinition>, u32)> {
    let mut seen: BTreeMap<&CardId, usize> = BTreeMap::new();
    let mut out: Vec<(&Arc<CardDefinition>, u32)> = Vec::new();
    for def in &deck.cards {
        match seen.get(&def.card_id) {
            Some(&i) => out[i].1 += 1,
            None => {
                seen.insert(&def.card_id, out.len());
                out.push((def, 1));
            }
        }
    }
    out
}

/// The filler of this run: the one named (from the matchup's decks, else the catalog) or the
/// deck's most common mana card.
fn resolve_filler(
    matchup: &Matchup,
    named: Option<&CardId>,
    catalog: &CardLookup<'_>,
) -> Result<Arc<CardDefinition>, CardImpactError> {
    let deck = &matchup.decks[0].name;
    match named {
        None => most_common_mana(&matchup.decks[0])
            .ok_or_else(|| CardImpactError::NoManaCard { deck: deck.clone() }),
        Some(id) => matchup
            .decks
            .iter()
            .flat_map(|d| &d.cards)
            .find(|d| d.card_id == *id)
            .cloned()
            .or_else(|| catalog(id.as_str()))
            .ok_or_else(|| CardImpactError::UnknownFiller {
                deck: deck.clone(),
                card: id.as_str().to_owned(),
            }),
    }
}

/// Sorts the rows by delta, lowest (the card whose removal hurts most) first, ties by card id.
fn sort_rows(rows: &mut [CardImpactRow]) {
    rows.sort_by(|a, b| {
        a.delta
            .partial_cmp(&b.delta)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.card_id.cmp(&b.card_id))
    });
}

/// A swap to play: the card swapped out, its copies, and the matchup with the swapped deck.
struct Swap {
    card: Arc<CardDefinition>,
    copies: u32,
    matchup: Matchup,
}

/// Plays the baseline (deck A as it is against deck B, the batch of `config.sim`) once, then for
/// each card to swap the deck with one copy of it replaced by the filler ([`swap_one`]) on the
/// same seeds, and reports each swap's paired change of deck A's win rate.
///
/// The filler, when named, is looked for in the matchup's decks, then with `catalog`. Every
/// card and the filler are checked, and every swapped deck set up, before any game is played.
/// The filler is never swapped with itself: it has no row unless another filler is named, and
/// asking for it is [`CardImpactError::FillerNamed`]. The report depends only on the
/// configuration, never on the thread count.
pub fn card_impact(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &CardImpactConfig,
    catalog: &CardLookup<'_>,
    progress: &(dyn Fn(CardImpactProgress) + Sync),
) -> Result<CardImpactReport, CardImpactError> {
    config.sim.check().map_err(SimError::from)?;
    registry
        .make_pair(&config.sim.bots)
        .map_err(SimError::from)?;
    let deck = &matchup.decks[0];
    let filler = resolve_filler(matchup, config.filler.as_ref(), catalog)?;
    let distinct = distinct_cards(deck);
    let chosen: Vec<(&Arc<CardDefinition>, u32)> = match &config.cards {
        None => distinct
            .into_iter()
            .filter(|(def, _)| def.card_id != filler.card_id)
            .collect(),
        Some(ids) => {
            let mut chosen = Vec::new();
            // Each card once, however often it is named.
            for id in ids.iter().collect::<BTreeSet<_>>() {
                let Some(&found) = distinct.iter().find(|(def, _)| def.card_id == *id) else {
                    return Err(CardImpactError::NotInDeck {
                        deck: deck.name.clone(),
                        card: id.as_str().to_owned(),
                    });
                };
                if *id == filler.card_id {
                    return Err(CardImpactError::FillerNamed {
                        deck: deck.name.clone(),
                        card: id.as_str().to_owned(),
                    });
                }
                chosen.push(found);
            }
            chosen
        }
    };
    let mut swaps = Vec::with_capacity(chosen.len());
    for (card, copies) in chosen {
        let setup_error = |message: String| CardImpactError::Setup {
            deck: deck.name.clone(),
            card: card.card_id.as_str().to_owned(),
            filler: filler.card_id.as_str().to_owned(),
            message,
        };
        let swapped = swap_one(deck, card.card_id.as_str(), &filler)
            .ok_or_else(|| setup_error("the deck has no copy of it".to_owned()))?;
        // Its own content, as a separate run of the swapped deck would have: the filler may
        // be new to the matchup, and the swapped-out card may be gone from it.
        let swapped = Matchup::with_registry(
            swapped,
            matchup.decks[1].clone(),
            matchup.content.effects.clone(),
        )
        .map_err(|e| setup_error(e.to_string()))?;
        swaps.push(Swap {
            card: Arc::clone(card),
            copies,
            matchup: swapped,
        });
    }
    let batches = swaps.len() + 1;
    let games = config.sim.planned();
    let report_of = |batch: usize| {
        move |running: Running| {
            progress(CardImpactProgress {
                batch,
                batches,
                games,
                running,
            });
        }
    };
    let (baseline, before) = play_scored(registry, matchup, &config.sim, &report_of(0))?;
    let mut rows = Vec::with_capacity(swaps.len());
    for (i, swap) in swaps.iter().enumerate() {
        let (report, after) = play_scored(registry, &swap.matchup, &config.sim, &report_of(i + 1))?;
        let shift = PairedShift::between(&before, &after);
        rows.push(CardImpactRow {
            card_id: swap.card.card_id.as_str().to_owned(),
            name: swap.card.name.clone(),
            copies: swap.copies,
            delta: shift.shift,
            ci_low: shift.ci_low,
            ci_high: shift.ci_high,
            games: shift.games,
            win_rate: report.win_rate_a().0,
        });
    }
    sort_rows(&mut rows);
    let (rate, lo, hi) = baseline.win_rate_a();
    let filler_copies = distinct_cards(deck)
        .iter()
        .find(|(def, _)| def.card_id == filler.card_id)
        .map_or(0, |&(_, copies)| copies);
    Ok(CardImpactReport {
        deck: deck.name.clone(),
        vs: matchup.decks[1].name.clone(),
        bots: config.sim.bots.clone(),
        seed: config.sim.seed,
        games: config.sim.games,
        max_turns: config.sim.max_turns,
        rules: config.sim.rules,
        filler: FillerCard {
            card_id: filler.card_id.as_str().to_owned(),
            name: filler.name.clone(),
            copies: filler_copies,
        },
        baseline_win_rate: rate,
        baseline_ci_low: lo,
        baseline_ci_high: hi,
        baseline,
        cards: rows,
    })
}

#[cfg(test)]
mod tests {
    use rtg_core::{Mana, ManaType};

    use super::*;
    use crate::test_decks::deck;

    fn card(id: &str, card_type: CardType, stats: (i32, i32)) -> Arc<CardDefinition> {
        let cost = match card_type {
            // A mana card's `mana` is what it provides.
            CardType::Mana => Mana::from_pairs([(ManaType::Fire, 1)]),
            _ => Mana::from_pairs([(ManaType::Fire, u32::try_from(stats.0).unwrap_or(1))]),
        };
        Arc::new(
            CardDefinition::vanilla(id, id, card_type)
                .with_cost(cost)
                .with_stats(stats.0, stats.1),
        )
    }

    fn ids(deck: &DeckList) -> Vec<&str> {
        deck.cards.iter().map(|d| d.card_id.as_str()).collect()
    }

    /// Deck A: 9 fire, a twin of fire (the same card under another id), goblins and bears;
    /// deck B: fire, ogres and bears (close to even: deck A wins 11 of the 20 games).
    fn matchup() -> Matchup {
        let fire = card("fire", CardType::Mana, (0, 0));
        let twin = card("fire_twin", CardType::Mana, (0, 0));
        let goblin = card("goblin", CardType::Creature, (1, 1));
        let bear = card("bear", CardType::Creature, (2, 2));
        let ogre = card("ogre", CardType::Creature, (3, 3));
        let a = deck("a", &[(&fire, 9), (&goblin, 6), (&twin, 1), (&bear, 4)]);
        let b = deck("b", &[(&fire, 9), (&ogre, 4), (&bear, 7)]);
        Matchup::new(a, b).expect("the decks set up")
    }

    fn config() -> CardImpactConfig {
        let sim = SimConfig {
            games: 20,
            seed: 5,
            max_turns: 30,
            threads: Some(1),
            ..SimConfig::default()
        };
        CardImpactConfig {
            sim,
            ..CardImpactConfig::default()
        }
    }

    fn run_on(m: &Matchup, config: &CardImpactConfig) -> Result<CardImpactReport, CardImpactError> {
        card_impact(&BotRegistry::builtin(), m, config, &|_| None, &|_| {})
    }

    fn run(config: &CardImpactConfig) -> Result<CardImpactReport, CardImpactError> {
        run_on(&matchup(), config)
    }

    #[test]
    fn one_copy_is_replaced_in_its_place_and_the_deck_keeps_its_size() {
        let m = matchup();
        let filler = card("fire", CardType::Mana, (0, 0));
        let swapped = swap_one(&m.decks[0], "goblin", &filler).expect("a goblin");
        let (before, after) = (ids(&m.decks[0]), ids(&swapped));
        assert_eq!(before.len(), after.len());
        assert_eq!(swapped.name, "a");
        let changed: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != after[i])
            .collect();
        // The last goblin (index 9 + 6 - 1), nothing else.
        assert_eq!(changed, vec![14]);
        assert_eq!(after[14], "fire");
        let count = |list: &[&str], id: &str| list.iter().filter(|c| **c == id).count();
        assert_eq!((count(&after, "goblin"), count(&after, "fire")), (5, 10));
        assert!(swap_one(&m.decks[0], "ogre", &filler).is_none());
    }

    #[test]
    fn the_filler_is_the_most_common_mana_card_ties_by_id() {
        let water = card("water", CardType::Mana, (0, 0));
        let air = card("air", CardType::Mana, (0, 0));
        let giant = card("giant", CardType::Creature, (5, 5));
        // More giants than either mana card: only mana cards are fillers.
        let d = deck("d", &[(&water, 3), (&giant, 8), (&air, 3)]);
        let pick = most_common_mana(&d).map(|c| c.card_id.as_str().to_owned());
        assert_eq!(pick.as_deref(), Some("air"));
        let d = deck("d", &[(&water, 4), (&giant, 8), (&air, 3)]);
        let pick = most_common_mana(&d).map(|c| c.card_id.as_str().to_owned());
        assert_eq!(pick.as_deref(), Some("water"));
        assert!(most_common_mana(&deck("d", &[(&giant, 8)])).is_none());
    }

    #[test]
    fn rows_sort_by_delta_lowest_first_then_by_id() {
        let row = |id: &str, delta: f64| CardImpactRow {
            card_id: id.to_owned(),
            name: id.to_owned(),
            copies: 1,
            delta,
            ci_low: delta - 0.1,
            ci_high: delta + 0.1,
            games: 10,
            win_rate: 0.5,
        };
        let mut rows = vec![row("c", 0.1), row("b", -0.2), row("a", -0.2), row("d", 0.0)];
        sort_rows(&mut rows);
        let order: Vec<&str> = rows.iter().map(|r| r.card_id.as_str()).collect();
        assert_eq!(order, ["a", "b", "d", "c"]);
    }

    #[test]
    fn swapping_a_card_for_its_twin_changes_no_game() {
        // The twin is the filler under another id, so a swap on the same seeds plays the
        // same games: a shift of exactly 0 shows that the games are paired.
        let report = run(&config()).expect("a run");
        let twin = report.cards.iter().find(|r| r.card_id == "fire_twin");
        let twin = twin.expect("a row for the twin");
        assert_eq!((twin.delta, twin.ci_low, twin.ci_high), (0.0, 0.0, 0.0));
        // While a real card's swap does move games.
        assert!(
            report.cards.iter().any(|r| r.delta != 0.0),
            "{:?}",
            report.cards
        );
    }

    #[test]
    fn named_cards_and_a_named_filler_are_checked() {
        let named = |cards: &[&str], filler: Option<&str>| CardImpactConfig {
            cards: Some(cards.iter().map(CardId::new).collect()),
            filler: filler.map(CardId::new),
            ..config()
        };
        let report = run(&named(&["bear", "bear"], Some("ogre"))).expect("a run");
        assert_eq!(report.filler.card_id, "ogre");
        assert_eq!(report.filler.copies, 0);
        assert_eq!(report.cards.len(), 1, "each card once");
        let message = |e: CardImpactError| e.to_string();
        let not_in = run(&named(&["ogre"], None)).map(|_| ()).map_err(message);
        assert_eq!(not_in, Err("card `ogre` is not in deck `a`".to_owned()));
        let unknown = run(&named(&["bear"], Some("dragon"))).map(|_| ());
        assert!(
            matches!(&unknown, Err(CardImpactError::UnknownFiller { deck, card })
                if deck == "a" && card == "dragon"),
            "{unknown:?}"
        );
        let itself = run(&named(&["fire"], None)).map(|_| ());
        assert!(
            matches!(&itself, Err(CardImpactError::FillerNamed { card, .. }) if card == "fire"),
            "{itself:?}"
        );
        // From the catalog when neither deck has it.
        let dragon = card("dragon", CardType::Creature, (4, 4));
        let catalog = |id: &str| (id == "dragon").then(|| Arc::clone(&dragon));
        let from_catalog = card_impact(
            &BotRegistry::builtin(),
            &matchup(),
            &named(&["bear"], Some("dragon")),
            &catalog,
            &|_| {},
        );
        assert_eq!(
            from_catalog.map(|r| r.filler.name).ok().as_deref(),
            Some("dragon")
        );
    }

    #[test]
    fn a_deck_without_mana_needs_a_named_filler() {
        let ogre = card("ogre", CardType::Creature, (3, 3));
        let fire = card("fire", CardType::Mana, (0, 0));
        let m = Matchup::new(deck("ogres", &[(&ogre, 20)]), deck("b", &[(&fire, 20)]))
            .expect("the decks set up");
        let result = run_on(&m, &config());
        assert!(
            matches!(&result, Err(CardImpactError::NoManaCard { deck }) if deck == "ogres"),
            "{result:?}"
        );
        let named = CardImpactConfig {
            filler: Some(CardId::new("fire")),
            ..config()
        };
        assert_eq!(run_on(&m, &named).map(|r| r.cards.len()).ok(), Some(1));
    }
}
