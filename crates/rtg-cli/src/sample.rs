//! `rtg simulate ... --sample K --html DIR`: viewer pages of K chosen games of a batch (the
//! longest, the shortest, one deck's losses, the draws, ...), linked from an index page; and
//! `rtg tournament ... --sample K --html DIR`, K games of each pairing.
//!
//! The choice is the library's ([`GameSample`]: it depends only on the batch, not on the
//! threads). Each chosen game is then played again from its seed, recorded, and written as a
//! replay file and a viewer page.

use std::path::Path;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use rtg::sim::{
    GameEnd, GameRecord, GameRow, GameSample, Matchup, Replay, Report, SampleOf, SampledGame,
    SimConfig, play_game,
};

use crate::content::CliError;
use crate::sample_index::{IndexRow, index_page};

/// The most games `--sample` writes pages of (a page is up to about a megabyte).
pub(crate) const MAX_SAMPLES: usize = 100;

/// Which games of a batch `--sample` shows: the library's [`SampleOf`], whose names and
/// descriptions are the flag's values and their help.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct SampleOfArg(pub(crate) SampleOf);

/// Every value of the flag, in the library's order.
const SAMPLE_OF_ARGS: [SampleOfArg; 6] = {
    let all = SampleOf::ALL;
    [
        SampleOfArg(all[0]),
        SampleOfArg(all[1]),
        SampleOfArg(all[2]),
        SampleOfArg(all[3]),
        SampleOfArg(all[4]),
        SampleOfArg(all[5]),
    ]
};

impl ValueEnum for SampleOfArg {
    fn value_variants<'a>() -> &'a [SampleOfArg] {
        &SAMPLE_OF_ARGS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.description()))
    }
}

/// The flags of sampling.
#[derive(Args, Debug, Clone)]
pub(crate) struct SampleArgs {
    /// Write viewer pages of K chosen games (see --sample-of) into the --html directory, with
    /// an index page linking them. At most 100.
    #[arg(long, value_name = "K", requires = "html")]
    pub(crate) sample: Option<usize>,
    /// Which games --sample shows.
    #[arg(long, value_enum, default_value = "longest", requires = "sample")]
    pub(crate) sample_of: SampleOfArg,
    // The directory is `rtg simulate`'s `--html` (with --sample it names a directory), so that
    // the batch's report page, written into it, links the sample pages.
}

/// Watches a batch's rows and keeps the chosen games (the library's choice, [`GameSample`]).
pub(crate) struct Sampler {
    sample: GameSample,
}

impl Sampler {
    /// A sampler for the flags (keeping nothing without `--sample`). Refuses a K of 0 or over
    /// [`MAX_SAMPLES`].
    pub(crate) fn new(args: &SampleArgs) -> Result<Sampler, CliError> {
        let count = args.sample.unwrap_or(0);
        if args.sample.is_some() && !(1..=MAX_SAMPLES).contains(&count) {
            return Err(CliError::Usage(format!(
                "--sample {count}: must be at least 1 and at most {MAX_SAMPLES}"
            )));
        }
        Ok(Sampler {
            sample: GameSample::new(count, args.sample_of.0),
        })
    }

    /// Takes one row of the batch (rows come in game order).
    pub(crate) fn watch(&mut self, row: &GameRow) {
        self.sample.watch(row);
    }

    /// Writes the chosen games' replays and pages, and the index page, into `dir`; returns each
    /// page's file name (relative to `dir`) and description, for the report page's links.
    /// `report_page` is the batch's report page beside them (relative to `dir`), which the
    /// index links, when one is written.
    pub(crate) fn write(
        &self,
        dir: &Path,
        matchup: &Matchup,
        config: &SimConfig,
        report: &Report,
        report_page: Option<&str>,
    ) -> Result<Vec<(String, String)>, CliError> {
        let rows = self.write_pages(dir, matchup, config)?;
        let index = dir.join("index.html");
        std::fs::write(
            &index,
            index_page(matchup, report, self.sample.of(), report_page, &rows),
        )
        .map_err(|e| io(&index, e))?;
        let links: Vec<(String, String)> = rows.into_iter().map(|r| (r.href, r.label)).collect();
        // On standard error: standard output holds the report (perhaps JSON).
        crate::output::err(format_args!(
            "{} game pages written, linked from {}",
            links.len(),
            index.display()
        ));
        Ok(links)
    }

    /// Writes the chosen games' replays and pages into `dir` (made when missing), without an
    /// index; returns each page's file name and description.
    pub(crate) fn write_games(
        &self,
        dir: &Path,
        matchup: &Matchup,
        config: &SimConfig,
    ) -> Result<Vec<(String, String)>, CliError> {
        let rows = self.write_pages(dir, matchup, config)?;
        Ok(rows.into_iter().map(|r| (r.href, r.label)).collect())
    }

    /// Writes the chosen games' replays and pages into `dir` (made when missing); returns what
    /// the index says of each.
    fn write_pages(
        &self,
        dir: &Path,
        matchup: &Matchup,
        config: &SimConfig,
    ) -> Result<Vec<IndexRow>, CliError> {
        std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let mut rows = Vec::new();
        for (rank, game) in self.sample.chosen().iter().enumerate() {
            let record = play_game(matchup, &config.game(game.index), true);
            let replay = Replay::from_record(matchup, &record).with_origin(config.seed, game.index);
            let (page, _) = rtg::view::replay_page(&replay, matchup)
                .map_err(|e| CliError::Content(format!("game {}: {e}", game.index)))?;
            let name = format!("game-{}", game.index);
            let html = dir.join(format!("{name}.html"));
            std::fs::write(&html, page).map_err(|e| io(&html, e))?;
            let json = dir.join(format!("{name}.json"));
            let text = serde_json::to_string_pretty(&replay)
                .map_err(|e| CliError::Content(e.to_string()))?;
            std::fs::write(&json, text + "\n").map_err(|e| io(&json, e))?;
            rows.push(IndexRow {
                href: format!("{name}.html"),
                replay: format!("{name}.json"),
                label: describe(matchup, game),
                game: game.index,
                seed: config.seed,
                turns: game.turns,
                end: game.end,
                ended: ended(matchup, &record),
                first: if game.index.is_multiple_of(2) { 0 } else { 1 },
                why: why(matchup, self.sample.of(), rank),
            });
        }
        Ok(rows)
    }
}

/// A file error, naming the file.
fn io(path: &Path, e: std::io::Error) -> CliError {
    CliError::Usage(format!("{}: {e}", path.display()))
}

/// One sampler per pairing of a tournament, in the order the pairings are played.
pub(crate) struct PairSamplers {
    args: SampleArgs,
    pairs: Vec<(Matchup, Sampler)>,
}

impl PairSamplers {
    /// Samplers for the flags (none without `--sample`); refuses a K as [`Sampler::new`] does.
    pub(crate) fn new(args: &SampleArgs) -> Result<PairSamplers, CliError> {
        Sampler::new(args)?;
        Ok(PairSamplers {
            args: args.clone(),
            pairs: Vec::new(),
        })
    }

    /// Takes one row of a pairing's batch (a tournament's deck names are distinct, so the two
    /// names tell the pairing).
    pub(crate) fn watch(&mut self, matchup: &Matchup, row: &GameRow) -> Result<(), CliError> {
        if self.args.sample.is_none() {
            return Ok(());
        }
        let same = |m: &Matchup| {
            m.decks[0].name == matchup.decks[0].name && m.decks[1].name == matchup.decks[1].name
        };
        if !self.pairs.last().is_some_and(|(m, _)| same(m)) {
            self.pairs
                .push((matchup.clone(), Sampler::new(&self.args)?));
        }
        if let Some((_, sampler)) = self.pairs.last_mut() {
            sampler.watch(row);
        }
        Ok(())
    }

    /// Writes each pairing's chosen games into a directory of its own under `dir`
    /// (`A-vs-B/`), and returns every page's path (relative to `dir`) and description.
    pub(crate) fn write(
        &self,
        dir: &Path,
        config: &SimConfig,
    ) -> Result<Vec<(String, String)>, CliError> {
        let mut links = Vec::new();
        let mut used = std::collections::BTreeSet::new();
        for (matchup, sampler) in &self.pairs {
            let sub = pairing_dir(&mut used, &matchup.decks[0].name, &matchup.decks[1].name);
            for (href, text) in sampler.write_games(&dir.join(&sub), matchup, config)? {
                let pairing = format!("{} vs {}", matchup.decks[0].name, matchup.decks[1].name);
                links.push((format!("{sub}/{href}"), format!("{pairing}, {text}")));
            }
        }
        crate::output::err(format_args!(
            "{} game pages written under {}",
            links.len(),
            dir.display()
        ));
        Ok(links)
    }
}

/// The directory of a pairing's pages, `A-vs-B`, unique among those `used` so far: two pairings
/// whose names map to one directory (`a b` and `a_b`) get `-2`, `-3`, ... in pairing order, so
/// that no page is written over another's.
fn pairing_dir(used: &mut std::collections::BTreeSet<String>, a: &str, b: &str) -> String {
    let base = format!("{}-vs-{}", file_safe(a), file_safe(b));
    let mut sub = base.clone();
    let mut n = 1u64;
    while !used.insert(sub.clone()) {
        n += 1;
        sub = format!("{base}-{n}");
    }
    sub
}

/// The most characters of a deck name kept in a directory name.
const MAX_FILE_NAME_CHARS: usize = 64;

/// A deck name as a file name: letters, digits, `-` and `_` kept, anything else `_`, and at
/// most [`MAX_FILE_NAME_CHARS`] characters (file systems refuse long names).
fn file_safe(name: &str) -> String {
    name.chars()
        .take(MAX_FILE_NAME_CHARS)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn describe(matchup: &Matchup, game: &SampledGame) -> String {
    let [a, b] = [&matchup.decks[0].name, &matchup.decks[1].name];
    let end = match game.end {
        GameEnd::Won(rtg::sim::Side::A) => format!("{a} (deck A) won"),
        GameEnd::Won(rtg::sim::Side::B) => format!("{b} (deck B) won"),
        GameEnd::Draw => "a draw".to_owned(),
        GameEnd::Error => "an engine error".to_owned(),
    };
    format!("game {}: {end} on turn {}", game.index, game.turns)
}

/// How a recorded game ended, in words: whose health reached 0, who had to draw from an empty
/// deck, or the turn limit.
fn ended(matchup: &Matchup, record: &GameRecord) -> String {
    if record.error.is_some() {
        return "an engine error".to_owned();
    }
    let causes: Vec<String> = record
        .losses
        .iter()
        .zip(&matchup.decks)
        .filter_map(|(cause, deck)| {
            cause.map(|cause| match cause {
                rtg::LossCause::Health => format!("{}'s health reached 0", deck.name),
                rtg::LossCause::EmptyDeck => {
                    format!("{} had to draw from an empty deck", deck.name)
                }
            })
        })
        .collect();
    if causes.is_empty() {
        "the turn limit was reached".to_owned()
    } else {
        causes.join(" and ")
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `12th`, `13th`, `21st`, ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Why the game at `rank` (from 0) of the chosen ones was chosen.
fn why(matchup: &Matchup, of: SampleOf, rank: usize) -> String {
    let [a, b] = [&matchup.decks[0].name, &matchup.decks[1].name];
    let nth = ordinal(rank + 1);
    match of {
        SampleOf::Longest if rank == 0 => "the longest game".to_owned(),
        SampleOf::Longest => format!("the {nth} longest game"),
        SampleOf::Shortest if rank == 0 => "the shortest game".to_owned(),
        SampleOf::Shortest => format!("the {nth} shortest game"),
        SampleOf::ALosses => format!("the {nth} game {a} (deck A) lost"),
        SampleOf::BLosses => format!("the {nth} game {b} (deck B) lost"),
        SampleOf::Draws => format!("the {nth} draw"),
        SampleOf::First => format!("the {nth} game of the batch"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings_whose_names_map_to_one_directory_get_their_own() {
        let mut used = std::collections::BTreeSet::new();
        let dirs: Vec<String> = [("a b", "c"), ("a_b", "c"), ("a?b", "c"), ("x", "y")]
            .iter()
            .map(|(a, b)| pairing_dir(&mut used, a, b))
            .collect();
        assert_eq!(dirs, ["a_b-vs-c", "a_b-vs-c-2", "a_b-vs-c-3", "x-vs-y"]);
    }

    #[test]
    fn the_flag_takes_every_kind_of_the_library_by_its_name() {
        assert_eq!(
            SampleOfArg::value_variants()
                .iter()
                .map(|arg| arg.0)
                .collect::<Vec<_>>(),
            SampleOf::ALL
        );
        for kind in SampleOf::ALL {
            assert_eq!(
                SampleOfArg::from_str(kind.name(), false),
                Ok(SampleOfArg(kind))
            );
        }
        assert!(SampleOfArg::from_str("widest", false).is_err());
    }

    #[test]
    fn ordinals_in_english() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn a_long_deck_name_makes_a_short_directory_name() {
        let long = "n".repeat(1 << 20);
        let dir = pairing_dir(&mut std::collections::BTreeSet::new(), &long, "b");
        assert_eq!(dir.len(), MAX_FILE_NAME_CHARS + "-vs-b".len());
    }
}
