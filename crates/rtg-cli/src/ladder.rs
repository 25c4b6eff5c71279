//! `rtg ladder`: every pair of bots on each deck's mirror match, then each bot's Elo rating with
//! a 95% interval and the pairwise win-rate matrix.
//!
//! Ratings are the maximum-likelihood Bradley–Terry fit of every game (a draw counts half a win
//! to each side), with one virtual draw added to each pair so that a sweep (100% wins) keeps a
//! finite rating; they are put on the Elo scale (400 points = ten-to-one odds) and centred on
//! 1500. The interval is ±1.96 standard errors from the fit's Fisher information.

use std::path::PathBuf;

use clap::Args;
use rtg::RuleSet;
use rtg::sim::{BotRegistry, BotSpec, GameRow, Report, SimConfig, simulate_with};

use serde::Serialize;

use crate::content::CliError;
use crate::library::Library;
use crate::settings::Settings;
use crate::setup::sources;
use crate::setup::{RulesArgs, check_max_turns};

/// Play every pair of bots on each deck (mirror matches, seats alternated) and print each bot's
/// Elo rating with a 95% interval and the pairwise win-rate matrix.
#[derive(Args, Debug)]
pub(crate) struct LadderArgs {
    /// Decks: files, or stems looked for in --decks. Default: every deck in --decks.
    #[arg(value_name = "DECK")]
    decks_named: Vec<String>,
    /// Where decks are read from (repeatable), besides the bundled decks. Default: `rtg.toml`'s
    /// `decks`, else `decks/` when there is one.
    #[arg(long = "decks", value_name = "DIR")]
    decks: Vec<PathBuf>,
    /// Card directory or file (repeatable), added to the bundled cards. Default: `rtg.toml`'s
    /// `cards`, else `cards/` when there is one.
    #[arg(long = "cards", value_name = "DIR")]
    cards: Vec<PathBuf>,
    /// Leave the bundled cards and decks out.
    #[arg(long)]
    no_bundled: bool,
    /// The bots, comma-separated specs; a parameter after a comma belongs to the bot before it
    /// (`random,greedy,mcts:iterations=100,seed=2`).
    #[arg(
        long,
        value_name = "SPECS",
        default_value = "random,greedy,heuristic,mcts",
        value_parser = parse_bots
    )]
    bots: BotList,
    /// Games per pair of bots on each deck (seats alternate: even games the first bot starts).
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Master seed (each pair and deck plays the batch of this seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The turn limit of each game; beyond it, a draw.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the ladder as JSON instead of tables.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    rules: RulesArgs,
}

/// The bots of a ladder, in the order given.
#[derive(Clone, Debug)]
pub(crate) struct BotList(Vec<BotSpec>);

/// Parses `a,b:k=1,j=2,c`: pieces split at commas, a `key=value` piece without a name joining
/// the spec before it; each spec checked by the registry.
fn parse_bots(text: &str) -> Result<BotList, String> {
    let mut specs: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match specs.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => specs.push(piece.to_owned()),
        }
    }
    specs
        .iter()
        .map(|s| crate::setup::parse_bot(s.trim()))
        .collect::<Result<_, _>>()
        .map(BotList)
}

fn is_default_rules(rules: &RuleSet) -> bool {
    *rules == RuleSet::default()
}

/// One bot's result on the ladder.
#[derive(Clone, Debug, Serialize)]
struct Rating {
    bot: String,
    elo: f64,
    low: f64,
    high: f64,
    games: u64,
    score: f64,
}

/// The games between two bots on one deck.
#[derive(Clone, Debug, Serialize)]
struct Pairing {
    deck: String,
    first: String,
    second: String,
    games: u64,
    first_wins: u64,
    second_wins: u64,
    draws: u64,
    errors: u64,
}

/// Everything the ladder prints.
#[derive(Clone, Debug, Serialize)]
struct Ladder {
    games_per_pair: u64,
    seed: u64,
    /// The base rules of every game; absent for the default `ptg-0.2`, so a ladder of it is
    /// what it always was.
    #[serde(skip_serializing_if = "is_default_rules")]
    rules: RuleSet,
    decks: Vec<String>,
    ratings: Vec<Rating>,
    /// `matrix[i][j]`: bot i's score against bot j over every deck (wins plus half the draws, per
    /// game); `None` on the diagonal.
    matrix: Vec<Vec<Option<f64>>>,
    pairings: Vec<Pairing>,
}

pub(crate) fn run(args: LadderArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage(
            "--games 0: a pair needs at least one game".to_owned(),
        ));
    }
    check_max_turns(args.max_turns)?;
    let bots = &args.bots.0;
    let names: Vec<String> = bots.iter().map(ToString::to_string).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    if bots.len() < 2 || unique.len() != bots.len() {
        return Err(CliError::Usage(
            "--bots: name at least two different bots".to_owned(),
        ));
    }
    let settings = Settings::load()?;
    let library = Library::open(&sources(
        &args.cards,
        &args.decks,
        args.no_bundled,
        &settings,
    ))?;
    let rules = args.rules.rules()?;
    let mut deck_names = args.decks_named.clone();
    if deck_names.is_empty() {
        deck_names = library.deck_names()?;
        if deck_names.is_empty() {
            return Err(CliError::Usage(
                "no deck to play: name decks or give --decks".to_owned(),
            ));
        }
    }
    let registry = BotRegistry::builtin();
    let mut pairings = Vec::new();
    let mut decks = Vec::new();
    for name in &deck_names {
        let deck = library.deck(name)?;
        decks.push(deck.name.clone());
        let matchup = rtg::sim::Matchup::new(deck.clone(), deck.clone())
            .map_err(|e| CliError::Content(e.to_string()))?;
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                let config = SimConfig {
                    games: args.games,
                    seed: args.seed,
                    bots: [bots[i].clone(), bots[j].clone()],
                    max_turns: args.max_turns,
                    threads: args.threads,
                    rules,
                    ..SimConfig::default()
                };
                let report =
                    simulate_with(&registry, &matchup, &config, &|_| {}, &mut |_: &GameRow| {
                        Ok(())
                    })
                    .map_err(|e| CliError::Usage(e.to_string()))?;
                pairings.push(pairing(&deck.name, &names[i], &names[j], &report));
            }
        }
    }
    let mut ladder = build(&names, &decks, &pairings, args.games, args.seed);
    ladder.rules = rules;
    let text = if args.json {
        serde_json::to_string_pretty(&ladder).map_err(|e| CliError::Content(e.to_string()))? + "\n"
    } else {
        table(&ladder)
    };
    crate::output::text(&text);
    Ok(())
}

fn pairing(deck: &str, first: &str, second: &str, report: &Report) -> Pairing {
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

/// Bradley–Terry ratings (natural log-odds, mean 0) and their standard errors, with one
/// virtual draw per pair. Minorization–maximization iterations, then the Fisher information.
fn fit(score: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let k = score.len();
    let s = |i: usize, j: usize| score[i][j] + 0.5;
    let n = |i: usize, j: usize| games[i][j] + 1.0;
    let mut gamma = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let wins: f64 = (0..k).filter(|&j| j != i).map(|j| s(i, j)).sum();
            let denom: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n(i, j) / (gamma[i] + gamma[j]))
                .sum();
            next[i] = wins / denom;
        }
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / k as f64;
        let next: Vec<f64> = next.iter().map(|g| (g.ln() - mean_log).exp()).collect();
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    // Fisher information: a weighted graph Laplacian; its pseudo-inverse (through L + J/k) is
    // the covariance of the mean-zero ratings.
    let mut info = vec![vec![0.0; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                let w = n(i, j) * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    for row in info.iter_mut() {
        for v in row.iter_mut() {
            *v += 1.0 / k as f64;
        }
    }
    let inverse = invert(info);
    let se = (0..k)
        .map(|i| (inverse[i][i] - 1.0 / k as f64).max(0.0).sqrt())
        .collect();
    (theta, se)
}

/// The inverse of a small symmetric positive-definite matrix (Gauss–Jordan).
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for j in 0..k {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..k {
            if row != col {
                let f = a[row][col];
                for j in 0..k {
                    a[row][j] -= f * a[col][j];
                    inv[row][j] -= f * inv[col][j];
                }
            }
        }
    }
    inv
}

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

fn build(
    names: &[String],
    decks: &[String],
    pairings: &[Pairing],
    games: u64,
    seed: u64,
) -> Ladder {
    let (score, played) = tally(names, pairings);
    let (theta, se) = fit(&score, &played);
    let k = names.len();
    let mut ratings: Vec<Rating> = (0..k)
        .map(|i| {
            let elo = 1500.0 + theta[i] * ELO_PER_NAT;
            let half = 1.96 * se[i] * ELO_PER_NAT;
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

fn table(ladder: &Ladder) -> String {
    let mut out = format!(
        "ladder: {} decks ({}), {} games per pair and deck, seed {}{}\n\n",
        ladder.decks.len(),
        ladder.decks.join(", "),
        ladder.games_per_pair,
        ladder.seed,
        crate::reporting::rules_note(ladder.rules)
    );
    let width = ladder
        .ratings
        .iter()
        .map(|r| r.bot.len())
        .max()
        .unwrap_or(3)
        .clamp(3, crate::reporting::MAX_COLUMN_CHARS);
    out += &format!(
        "{:<width$}  {:>6}  {:>15}  {:>6}  {:>6}\n",
        "bot", "elo", "95% interval", "games", "score"
    );
    for r in &ladder.ratings {
        out += &format!(
            "{:<width$}  {:>6.0}  {:>6.0} .. {:<6.0}  {:>6}  {:>5.1}%\n",
            r.bot,
            r.elo,
            r.low,
            r.high,
            r.games,
            100.0 * r.score
        );
    }
    let names: Vec<&str> = ladder.pairings_names();
    out += "\nwin rate of the row's bot against the column's (all decks, draws count half)\n";
    out += &format!("{:<width$}", "");
    for n in &names {
        out += &format!("  {n:>width$}");
    }
    out += "\n";
    for (i, row) in ladder.matrix.iter().enumerate() {
        out += &format!("{:<width$}", names[i]);
        for cell in row {
            match cell {
                Some(v) => out += &format!("  {:>width$}", format!("{:.1}%", 100.0 * v)),
                None => out += &format!("  {:>width$}", "-"),
            }
        }
        out += "\n";
    }
    out += "\nby deck: first bot's wins / second's / draws\n";
    for p in &ladder.pairings {
        out += &format!(
            "{:<10} {:>width$} vs {:<width$}  {:>5} / {:<5} / {}{}\n",
            p.deck,
            p.first,
            p.second,
            p.first_wins,
            p.second_wins,
            p.draws,
            if p.errors > 0 {
                format!("  ({} errors)", p.errors)
            } else {
                String::new()
            }
        );
    }
    out
}

impl Ladder {
    /// The bots in the matrix's order (the order given).
    fn pairings_names(&self) -> Vec<&str> {
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
        let small = build(
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
        let big = build(
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
        let l = build(&names, &[], &[p("a", "b", 100, 0, 0)], 100, 0);
        assert!(
            l.ratings
                .iter()
                .all(|r| r.elo.is_finite() && r.low < r.elo && r.elo < r.high)
        );
        assert!(l.ratings[0].elo - l.ratings[1].elo > 400.0);
    }
}
