//! The ladder: every pair of bots on each deck's mirror match, then each bot's Elo rating with a
//! 95% interval and the pairwise win-rate matrix.
//!
//! Ratings are the maximum-likelihood Bradley–Terry fit of every game ([`bradley_terry`]: a draw
//! counts half a win to each side, one virtual draw is added to each pair so that a sweep keeps a
//! finite rating); they are put on the Elo scale (400 points = ten-to-one odds) and centred on
//! 1500. The interval is ±1.96 standard errors from the fit's Fisher information.

use rtg_core::RuleSet;
use serde::Serialize;
use thiserror::Error;

use crate::bots::{BotRegistry, BotSpec};
use crate::game::{DeckList, Matchup};
use crate::report::Report;
use crate::simulate::{GameRow, SimConfig, SimError, simulate_with};
use crate::stats::bradley_terry;

/// What a ladder plays: the bots, and the batch of every pair on every deck.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    /// The bots, at least two different ones, in the order the matrix lists them.
    pub bots: Vec<BotSpec>,
    /// Games per pair of bots on each deck (seats alternate: even games the first bot starts).
    pub games: u64,
    /// The master seed: each pair and deck plays the batch of this seed.
    pub seed: u64,
    /// The turn limit of each game; beyond it, a draw.
    pub max_turns: u32,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// The base rules of every game.
    pub rules: RuleSet,
}

impl Default for LadderConfig {
    fn default() -> Self {
        LadderConfig {
            bots: Vec::new(),
            games: 200,
            seed: 0,
            max_turns: 200,
            threads: None,
            rules: RuleSet::default(),
        }
    }
}

/// Why a ladder cannot be played.
#[derive(Debug, Error)]
pub enum LadderError {
    /// No games per pair.
    #[error("a pair needs at least one game")]
    NoGames,
    /// Fewer than two bots, or one named twice.
    #[error("name at least two different bots")]
    Bots,
    /// No deck to play on.
    #[error("no deck to play")]
    NoDecks,
    /// A deck's mirror match cannot be set up.
    #[error("{0}")]
    Setup(String),
    /// A pair's batch refused its settings or failed.
    #[error(transparent)]
    Sim(#[from] SimError),
}

impl LadderConfig {
    /// Checks what needs no game: games per pair, and at least two different bots.
    pub fn check(&self) -> Result<(), LadderError> {
        if self.games == 0 {
            return Err(LadderError::NoGames);
        }
        let mut names = self.names();
        names.sort();
        names.dedup();
        if self.bots.len() < 2 || names.len() != self.bots.len() {
            return Err(LadderError::Bots);
        }
        Ok(())
    }

    /// The bots' names, as the ladder shows them.
    fn names(&self) -> Vec<String> {
        self.bots.iter().map(ToString::to_string).collect()
    }
}

/// One bot's result on the ladder.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Rating {
    /// The bot's spec.
    pub bot: String,
    /// Its Elo rating (the bots' mean is 1500).
    pub elo: f64,
    /// The low end of its 95% interval.
    pub low: f64,
    /// The high end of its 95% interval.
    pub high: f64,
    /// The games it played, draws included, errors not.
    pub games: u64,
    /// Its score per game: wins plus half the draws.
    pub score: f64,
}

/// The games between two bots on one deck.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Pairing {
    /// The deck both bots played.
    pub deck: String,
    /// The first bot (it starts the even games).
    pub first: String,
    /// The second bot.
    pub second: String,
    /// Games of the pair.
    pub games: u64,
    /// Games the first bot won.
    pub first_wins: u64,
    /// Games the second bot won.
    pub second_wins: u64,
    /// Draws.
    pub draws: u64,
    /// Games that ended in an engine error (left out of the ratings).
    pub errors: u64,
}

impl Pairing {
    /// The pair's result as a batch's report tells it.
    pub fn of(deck: &str, first: &str, second: &str, report: &Report) -> Pairing {
        Pairing {
            deck: deck.to_owned(),
            first: first.to_owned(),
            second: second.to_owned(),
            games: report.games,
            first_wins: report.wins_a,
            second_wins: report.wins_b,
            draws: report.draws,
            errors: report.games - report.wins_a - report.wins_b - report.draws,
        }
    }
}

/// A ladder's result: the ratings, the matrix, every pairing.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Ladder {
    /// Games per pair of bots on each deck.
    pub games_per_pair: u64,
    /// The master seed.
    pub seed: u64,
    /// The base rules of every game; absent for the default `ptg-0.2`, so a ladder of it is
    /// what it always was.
    #[serde(skip_serializing_if = "is_default_rules")]
    pub rules: RuleSet,
    /// The decks, in the order played.
    pub decks: Vec<String>,
    /// The ratings, best first (ties by name).
    pub ratings: Vec<Rating>,
    /// `matrix[i][j]`: bot i's score against bot j over every deck (wins plus half the draws, per
    /// game), bots in the order given; `None` on the diagonal.
    pub matrix: Vec<Vec<Option<f64>>>,
    /// Every pair's games on every deck, in the order played.
    pub pairings: Vec<Pairing>,
}

fn is_default_rules(rules: &RuleSet) -> bool {
    *rules == RuleSet::default()
}

/// Elo points per natural unit of log-odds: 400 points are ten-to-one odds.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Plays the ladder: every pair of `config.bots` (made by `registry`) on each deck's mirror
/// match, each pair the batch of `config.seed`; then the ratings.
///
/// ```
/// use rtg_sim::{BotRegistry, BotSpec, DeckList, LadderConfig, ladder};
/// let bundled = rtg_yaml::bundled();
/// let aggro = bundled.deck("aggro").unwrap();
/// let deck = DeckList { name: "aggro".to_owned(), cards: aggro.cards.clone() };
/// let config = LadderConfig {
///     bots: vec![BotSpec::new("random"), BotSpec::new("greedy")],
///     games: 10,
///     seed: 1,
///     ..LadderConfig::default()
/// };
/// let ladder = ladder(&BotRegistry::builtin(), &[deck], &config).unwrap();
/// assert_eq!(ladder.pairings.len(), 1);
/// assert_eq!(ladder.ratings.len(), 2);
/// assert!(ladder.ratings.iter().all(|r| r.low < r.elo && r.elo < r.high));
/// ```
pub fn ladder(
    registry: &BotRegistry,
    decks: &[DeckList],
    config: &LadderConfig,
) -> Result<Ladder, LadderError> {
    config.check()?;
    if decks.is_empty() {
        return Err(LadderError::NoDecks);
    }
    let bots = &config.bots;
    let names = config.names();
    let mut pairings = Vec::new();
    for deck in decks {
        let matchup = Matchup::new(deck.clone(), deck.clone())
            .map_err(|e| LadderError::Setup(e.to_string()))?;
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                let batch = SimConfig {
                    games: config.games,
                    seed: config.seed,
                    bots: [bots[i].clone(), bots[j].clone()],
                    max_turns: config.max_turns,
                    threads: config.threads,
                    rules: config.rules,
                    ..SimConfig::default()
                };
                let report =
                    simulate_with(registry, &matchup, &batch, &|_| {}, &mut |_: &GameRow| {
                        Ok(())
                    })?;
                pairings.push(Pairing::of(&deck.name, &names[i], &names[j], &report));
            }
        }
    }
    let decks: Vec<String> = decks.iter().map(|d| d.name.clone()).collect();
    let mut ladder = Ladder::of_pairings(&names, &decks, &pairings, config.games, config.seed);
    ladder.rules = config.rules;
    Ok(ladder)
}

/// Scores (wins plus half the draws) and games between every two bots, over every deck.
fn tally(names: &[String], pairings: &[Pairing]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let k = names.len();
    let index = |n: &str| names.iter().position(|m| m == n).unwrap_or(0);
    let mut score = vec![vec![0.0; k]; k];
    let mut games = vec![vec![0.0; k]; k];
    for p in pairings {
        let (i, j) = (index(&p.first), index(&p.second));
        let played = (p.first_wins + p.second_wins + p.draws) as f64;
        let half = p.draws as f64 / 2.0;
        score[i][j] += p.first_wins as f64 + half;
        score[j][i] += p.second_wins as f64 + half;
        games[i][j] += played;
        games[j][i] += played;
    }
    (score, games)
}

impl Ladder {
    /// The ladder of these pairings between the bots `names` (the matrix's order), under the
    /// default rules.
    pub fn of_pairings(
        names: &[String],
        decks: &[String],
        pairings: &[Pairing],
        games: u64,
        seed: u64,
    ) -> Ladder {
        let (score, played) = tally(names, pairings);
        let fit = bradley_terry(&score, &played);
        let k = names.len();
        let mut ratings: Vec<Rating> = (0..k)
            .map(|i| {
                let elo = 1500.0 + fit.theta[i] * ELO_PER_NAT;
                let half = 1.96 * fit.se[i] * ELO_PER_NAT;
                let total: f64 = played[i].iter().sum();
                Rating {
                    bot: names[i].clone(),
                    elo,
                    low: elo - half,
                    high: elo + half,
                    games: total as u64,
                    score: if total > 0.0 {
                        score[i].iter().sum::<f64>() / total
                    } else {
                        0.0
                    },
                }
            })
            .collect();
        ratings.sort_by(|a, b| b.elo.total_cmp(&a.elo).then(a.bot.cmp(&b.bot)));
        let matrix = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| (i != j && played[i][j] > 0.0).then(|| score[i][j] / played[i][j]))
                    .collect()
            })
            .collect();
        Ladder {
            games_per_pair: games,
            seed,
            rules: RuleSet::default(),
            decks: decks.to_vec(),
            ratings,
            matrix,
            pairings: pairings.to_vec(),
        }
    }

    /// The bots in the matrix's order (the order given), as the pairings name them.
    pub fn bots(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for p in &self.pairings {
            for n in [p.first.as_str(), p.second.as_str()] {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(first: &str, second: &str, a: u64, b: u64, d: u64) -> Pairing {
        Pairing {
            deck: "d".to_owned(),
            first: first.to_owned(),
            second: second.to_owned(),
            games: a + b + d,
            first_wins: a,
            second_wins: b,
            draws: d,
            errors: 0,
        }
    }

    #[test]
    fn ratings_follow_the_results_and_narrow_with_games() {
        let names: Vec<String> = ["x", "y", "z"].map(str::to_owned).to_vec();
        let small = Ladder::of_pairings(
            &names,
            &[],
            &[
                p("x", "y", 30, 10, 0),
                p("y", "z", 30, 10, 0),
                p("x", "z", 38, 2, 0),
            ],
            40,
            0,
        );
        let order: Vec<&str> = small.ratings.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(order, ["x", "y", "z"]);
        let mean: f64 = small.ratings.iter().map(|r| r.elo).sum::<f64>() / 3.0;
        assert!((mean - 1500.0).abs() < 1e-6, "{mean}");
        // 75% is about 191 Elo: x over y should be near it.
        let gap = small.ratings[0].elo - small.ratings[1].elo;
        assert!((120.0..260.0).contains(&gap), "{gap}");
        let big = Ladder::of_pairings(
            &names,
            &[],
            &[
                p("x", "y", 300, 100, 0),
                p("y", "z", 300, 100, 0),
                p("x", "z", 380, 20, 0),
            ],
            400,
            0,
        );
        let width = |l: &Ladder| l.ratings[0].high - l.ratings[0].low;
        assert!(
            width(&big) < width(&small) / 2.5,
            "{} vs {}",
            width(&big),
            width(&small)
        );
        assert_eq!(small.matrix[0][1], Some(0.75));
        assert_eq!(small.matrix[1][0], Some(0.25));
        assert_eq!(small.matrix[0][0], None);
    }

    #[test]
    fn a_sweep_keeps_a_finite_rating() {
        let names: Vec<String> = ["a", "b"].map(str::to_owned).to_vec();
        let l = Ladder::of_pairings(&names, &[], &[p("a", "b", 100, 0, 0)], 100, 0);
        assert!(
            l.ratings
                .iter()
                .all(|r| r.elo.is_finite() && r.low < r.elo && r.elo < r.high)
        );
        assert!(l.ratings[0].elo - l.ratings[1].elo > 400.0);
    }

    #[test]
    fn a_ladder_needs_games_and_two_different_bots() {
        let bots = |names: &[&str]| LadderConfig {
            bots: names.iter().map(|n| BotSpec::new(n)).collect(),
            ..LadderConfig::default()
        };
        assert!(matches!(bots(&["greedy"]).check(), Err(LadderError::Bots)));
        assert!(matches!(
            bots(&["greedy", "greedy"]).check(),
            Err(LadderError::Bots)
        ));
        let none = LadderConfig {
            games: 0,
            ..bots(&["greedy", "random"])
        };
        assert!(matches!(none.check(), Err(LadderError::NoGames)));
        assert!(matches!(
            ladder(&BotRegistry::builtin(), &[], &bots(&["greedy", "random"])),
            Err(LadderError::NoDecks)
        ));
    }
}
