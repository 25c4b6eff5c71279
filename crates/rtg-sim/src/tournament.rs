//! Tournaments: every ordered pair of distinct decks plays a batch, with paired seeds.
//!
//! The cell of row deck `i` and column deck `j` is exactly the batch `simulate i j` with the
//! tournament's settings: deck `i` is deck A, game `k` is seeded from (master seed, k) and deck
//! A goes first in even games. Every pair uses the same master seed, so game `k` of `i` vs `j`
//! and game `k` of `j` vs `i` are shuffled by the same generator with the decks' seats swapped
//! (paired seeds, or common random numbers): the luck of the shuffle weighs alike on both
//! orders, which narrows the variance of the difference between them.
//!
//! The report also holds the pool's meta ([`crate::meta_shares`]): the Nash equilibrium of the
//! matrix as a symmetric zero-sum game, each deck's share of it and its win rate against it.

use std::time::Instant;

use rtg_core::RuleSet;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::batch::{Running, play_batch_with};
use crate::bots::{BotRegistry, BotSpec};
use crate::card_rows::CardRow;
use crate::card_totals::CardStats;
use crate::end_reasons::EndReasons;
use crate::game::{DeckList, Matchup};
use crate::meta::{MetaShare, tournament_meta};
use crate::report::Report;
use crate::simulate::{GameRow, SimConfig, SimError};

/// One cell of the matrix: the row deck's results against the column deck, as deck A.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Cell {
    /// Games played.
    pub games: u64,
    /// Games the row deck won.
    pub wins: u64,
    /// Games the row deck lost (the column deck won).
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games the engine could not finish.
    pub errors: u64,
    /// The row deck's win rate over finished games, a draw counting half.
    pub win_rate: f64,
    /// The 95% interval of the win rate (Wilson score): its low end.
    pub ci_low: f64,
    /// Its high end.
    pub ci_high: f64,
    /// Games won by the player who went first.
    pub first_player_wins: u64,
    /// Mean turns of the finished games.
    pub mean_turns: f64,
    /// Why the games ended (deck A is the row deck).
    pub end_reasons: EndReasons,
}

impl Cell {
    /// The cell of a batch's report.
    pub fn of(report: &Report) -> Cell {
        let (win_rate, ci_low, ci_high) = report.win_rate_a();
        Cell {
            games: report.games,
            wins: report.wins_a,
            losses: report.wins_b,
            draws: report.draws,
            errors: report.errors(),
            win_rate,
            ci_low,
            ci_high,
            first_player_wins: report.first_player_wins,
            mean_turns: report.mean_turns(),
            end_reasons: report.end_reasons.unwrap_or_default(),
        }
    }
}

/// A deck's overall result.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Standing {
    /// The deck's name.
    pub deck: String,
    /// Its rank by mean win rate, 1 the best (decks with equal rates share a rank).
    pub rank: usize,
    /// The mean of its win rates over its pairings, both orders (as row deck: the cell's win
    /// rate; as column deck: one minus it), leaving out pairings with no finished game.
    pub mean_win_rate: f64,
    /// Games it played.
    pub games: u64,
    /// Games it won.
    pub wins: u64,
    /// Games it lost.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
}

/// The report of a tournament.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TournamentReport {
    /// The decks' names, in the order of the matrix's rows and columns.
    pub decks: Vec<String>,
    /// The row deck's and the column deck's bots.
    pub bots: [BotSpec; 2],
    /// The master seed of every pairing.
    pub seed: u64,
    /// Games of each ordered pair.
    pub games_per_pair: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The base rules the games followed; absent from the JSON for the default `ptg-0.2`, so
    /// reports of that rule set are what they were before rule sets existed.
    #[serde(default, skip_serializing_if = "crate::game::is_default_rules")]
    pub rules: RuleSet,
    /// The digest of every deck's card definitions (hex), as a batch's report computes it.
    pub cards_digest: String,
    /// Row `i`, column `j`: deck `i` (as deck A) against deck `j`; the diagonal is `null`.
    pub matrix: Vec<Vec<Option<Cell>>>,
    /// Each deck's mean win rate and rank, in the order of `decks`.
    pub standings: Vec<Standing>,
    /// The meta: each deck's share of the pool's maximum-entropy Nash equilibrium and its win
    /// rate against that field, in the order of `decks` (see [`crate::meta_shares`]). `null`
    /// only when it cannot be computed: more than [`crate::MAX_META_DECKS`] decks, or a solver
    /// breakdown; absent from reports written before it existed, which read as `None`.
    #[serde(default)]
    pub meta: Option<Vec<MetaShare>>,
    /// Per-card statistics of every deck over all its games (with card statistics).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardRow>>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A tournament that cannot be played.
#[derive(Debug, Error)]
pub enum TournamentError {
    /// Fewer than two decks.
    #[error("a tournament needs at least two decks, got {0}")]
    TooFewDecks(usize),
    /// Two decks with one name.
    #[error("two decks are named `{0}`: names must tell the decks apart in the report")]
    DuplicateName(String),
    /// Two decks do not make a game.
    #[error("{0} vs {1}: {2}")]
    Setup(String, String, String),
    /// A pairing's batch stopped.
    #[error(transparent)]
    Batch(#[from] SimError),
}

/// How far a tournament has got: the pairing being played (from 0) of how many, and its
/// batch's running results.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TournamentProgress {
    /// The pairing being played, from 0.
    pub pair: usize,
    /// Pairings in all.
    pub pairs: usize,
    /// Row and column deck of that pairing (indexes into the decks).
    pub decks: [usize; 2],
    /// The pairing's games so far.
    pub running: Running,
}

/// Plays a tournament between `decks` with `config` for every ordered pair (its shard is
/// ignored: the whole batch of each pair is played), with rtg's bots. `rows` gets each game's
/// row with its pairing's matchup, in pairing order then game order.
pub fn tournament(
    decks: &[DeckList],
    config: &SimConfig,
    card_stats: bool,
    progress: &(dyn Fn(TournamentProgress) + Sync),
    rows: &mut dyn FnMut(&Matchup, &GameRow) -> std::io::Result<()>,
) -> Result<TournamentReport, TournamentError> {
    tournament_with(
        &BotRegistry::builtin(),
        decks,
        config,
        card_stats,
        progress,
        rows,
    )
}

/// [`tournament`] with the bots of `registry` (one's own included).
pub fn tournament_with(
    registry: &BotRegistry,
    decks: &[DeckList],
    config: &SimConfig,
    card_stats: bool,
    progress: &(dyn Fn(TournamentProgress) + Sync),
    rows: &mut dyn FnMut(&Matchup, &GameRow) -> std::io::Result<()>,
) -> Result<TournamentReport, TournamentError> {
    if decks.len() < 2 {
        return Err(TournamentError::TooFewDecks(decks.len()));
    }
    for (i, deck) in decks.iter().enumerate() {
        if decks[..i].iter().any(|d| d.name == deck.name) {
            return Err(TournamentError::DuplicateName(deck.name.clone()));
        }
    }
    let config = SimConfig {
        shard: crate::report::Shard::WHOLE,
        ..config.clone()
    };
    config.check().map_err(SimError::from)?;
    let started = Instant::now();
    let n = decks.len();
    let pairs = n * (n - 1);
    let mut matrix: Vec<Vec<Option<Cell>>> = vec![vec![None; n]; n];
    let mut cards: Option<CardStats> = None;
    let mut pair = 0;
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            let setup = |e: &dyn std::fmt::Display| {
                TournamentError::Setup(decks[i].name.clone(), decks[j].name.clone(), e.to_string())
            };
            let matchup =
                Matchup::new(decks[i].clone(), decks[j].clone()).map_err(|e| setup(&e))?;
            let batch = play_batch_with(
                registry,
                &matchup,
                &config,
                card_stats,
                &|running| {
                    progress(TournamentProgress {
                        pair,
                        pairs,
                        decks: [i, j],
                        running,
                    })
                },
                &mut |row| rows(&matchup, row),
            )?;
            matrix[i][j] = Some(Cell::of(&batch.report));
            if let Some(stats) = &batch.cards {
                match &mut cards {
                    Some(all) => all.absorb(stats),
                    None => cards = Some(stats.clone()),
                }
            }
            pair += 1;
        }
    }
    // Card statistics list the decks in the tournament's order.
    let cards = cards.map(|all| {
        let rows = all.rows();
        decks
            .iter()
            .flat_map(|d| rows.iter().filter(|r| r.deck == d.name).cloned())
            .collect()
    });
    let all_cards: Vec<_> = decks.iter().flat_map(|d| d.cards.iter().cloned()).collect();
    let everything = DeckList {
        name: "all".to_owned(),
        cards: all_cards,
    };
    let nothing = DeckList {
        name: "none".to_owned(),
        cards: Vec::new(),
    };
    let digest = Matchup::new(everything, nothing)
        .map_err(|e| TournamentError::Setup("all".to_owned(), "none".to_owned(), e.to_string()))?
        .cards_digest();
    let names: Vec<String> = decks.iter().map(|d| d.name.clone()).collect();
    Ok(TournamentReport {
        decks: names.clone(),
        bots: config.bots.clone(),
        seed: config.seed,
        games_per_pair: config.games,
        max_turns: config.max_turns,
        rules: config.rules,
        cards_digest: format!("{digest:016x}"),
        standings: standings(decks, &matrix),
        meta: tournament_meta(&names, &matrix).ok(),
        matrix,
        cards,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Each deck's totals, mean win rate and rank from the matrix.
pub fn standings(decks: &[DeckList], matrix: &[Vec<Option<Cell>>]) -> Vec<Standing> {
    let mut out: Vec<Standing> = decks
        .iter()
        .enumerate()
        .map(|(i, deck)| {
            let mut s = Standing {
                deck: deck.name.clone(),
                rank: 0,
                mean_win_rate: 0.0,
                games: 0,
                wins: 0,
                losses: 0,
                draws: 0,
            };
            let mut rates = Vec::new();
            for (j, row) in matrix.iter().enumerate() {
                if i == j {
                    continue;
                }
                if let Some(Some(c)) = matrix[i].get(j) {
                    s.games += c.games;
                    s.wins += c.wins;
                    s.losses += c.losses;
                    s.draws += c.draws;
                    if c.wins + c.losses + c.draws > 0 {
                        rates.push(c.win_rate);
                    }
                }
                if let Some(Some(c)) = row.get(i) {
                    s.games += c.games;
                    s.wins += c.losses;
                    s.losses += c.wins;
                    s.draws += c.draws;
                    if c.wins + c.losses + c.draws > 0 {
                        rates.push(1.0 - c.win_rate);
                    }
                }
            }
            if !rates.is_empty() {
                s.mean_win_rate = rates.iter().sum::<f64>() / rates.len() as f64;
            }
            s
        })
        .collect();
    let rates: Vec<f64> = out.iter().map(|s| s.mean_win_rate).collect();
    for s in &mut out {
        s.rank = 1 + rates.iter().filter(|&&r| r > s.mean_win_rate).count();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(wins: u64, losses: u64, draws: u64) -> Option<Cell> {
        let n = (wins + losses + draws) as f64;
        Some(Cell {
            games: wins + losses + draws,
            wins,
            losses,
            draws,
            errors: 0,
            win_rate: (wins as f64 + draws as f64 / 2.0) / n,
            ci_low: 0.0,
            ci_high: 1.0,
            first_player_wins: 0,
            mean_turns: 0.0,
            end_reasons: EndReasons::default(),
        })
    }

    fn deck(name: &str) -> DeckList {
        DeckList {
            name: name.to_owned(),
            cards: Vec::new(),
        }
    }

    #[test]
    fn standings_count_both_orders_of_each_pairing() {
        let decks = [deck("x"), deck("y"), deck("z")];
        // x beats y 3-1 as row and 2-2 as column; z loses everything 0-4.
        let matrix = vec![
            vec![None, cell(3, 1, 0), cell(4, 0, 0)],
            vec![cell(2, 2, 0), None, cell(3, 0, 1)],
            vec![cell(0, 4, 0), cell(0, 4, 0), None],
        ];
        let s = standings(&decks, &matrix);
        // x: 0.75, 1.0, 1 - 0.5, 1 - 0.0 -> 0.8125 over 16 games, 13 won.
        assert_eq!(s[0].mean_win_rate, 0.8125);
        assert_eq!((s[0].games, s[0].wins, s[0].losses), (16, 13, 3));
        // y: 0.5, 0.875, 0.25, 1.0 -> 0.65625
        assert_eq!(s[1].mean_win_rate, 0.65625);
        assert_eq!(s[1].draws, 1);
        // z: 0, 0, 0, 1 - 0.875 -> 0.03125
        assert_eq!(s[2].mean_win_rate, 0.03125);
        let ranks: Vec<usize> = s.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 2, 3]);
    }

    #[test]
    fn equal_rates_share_a_rank() {
        let decks = [deck("x"), deck("y")];
        let matrix = vec![vec![None, cell(1, 1, 0)], vec![cell(0, 0, 2), None]];
        let ranks: Vec<usize> = standings(&decks, &matrix).iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 1]);
    }
}
