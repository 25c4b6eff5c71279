//! The choice of sample games of a batch: the longest, the shortest, one deck's losses, the
//! draws or the first games, chosen as the batch's rows go by.
//!
//! Rows come in game order, so the choice depends only on the batch (not on the threads); only
//! the chosen games' indices, turns and ends are kept while it runs.

use crate::game::{GameEnd, Side};
use crate::simulate::GameRow;

/// Which games of a batch a sample shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SampleOf {
    /// The games with the most turns (the earliest first among equals).
    Longest,
    /// The games with the fewest turns.
    Shortest,
    /// The first games deck A lost.
    ALosses,
    /// The first games deck B lost.
    BLosses,
    /// The first draws.
    Draws,
    /// The first games of the batch.
    First,
}

impl SampleOf {
    /// Every kind, in the order above.
    pub const ALL: [SampleOf; 6] = [
        SampleOf::Longest,
        SampleOf::Shortest,
        SampleOf::ALosses,
        SampleOf::BLosses,
        SampleOf::Draws,
        SampleOf::First,
    ];

    /// The kind's name, as the command line's `--sample-of` takes it (`a-losses`).
    pub fn name(self) -> &'static str {
        match self {
            SampleOf::Longest => "longest",
            SampleOf::Shortest => "shortest",
            SampleOf::ALosses => "a-losses",
            SampleOf::BLosses => "b-losses",
            SampleOf::Draws => "draws",
            SampleOf::First => "first",
        }
    }

    /// What the kind shows, in a line (the command line's help says it).
    pub fn description(self) -> &'static str {
        match self {
            SampleOf::Longest => "The games with the most turns (the earliest first among equals)",
            SampleOf::Shortest => "The games with the fewest turns",
            SampleOf::ALosses => "The first games deck A lost",
            SampleOf::BLosses => "The first games deck B lost",
            SampleOf::Draws => "The first draws",
            SampleOf::First => "The first games of the batch",
        }
    }
}

/// One chosen game: its index in the batch, its turns and its end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SampledGame {
    /// The game's index in the batch.
    pub index: u64,
    /// Its turns.
    pub turns: u32,
    /// How it ended.
    pub end: GameEnd,
}

/// Watches a batch's rows and keeps the `count` chosen games.
///
/// ```
/// use rtg_sim::{GameSample, SampleOf};
/// let sample = GameSample::new(2, SampleOf::Longest);
/// assert!(sample.chosen().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct GameSample {
    count: usize,
    of: SampleOf,
    chosen: Vec<SampledGame>,
}

impl GameSample {
    /// A sample of `count` games (none when 0) of the kind `of`.
    pub fn new(count: usize, of: SampleOf) -> GameSample {
        GameSample {
            count,
            of,
            chosen: Vec::new(),
        }
    }

    /// Which games it keeps.
    pub fn of(&self) -> SampleOf {
        self.of
    }

    /// Takes one row of the batch (rows come in game order).
    pub fn watch(&mut self, row: &GameRow) {
        if self.count == 0 {
            return;
        }
        let game = SampledGame {
            index: row.index,
            turns: row.record.turns,
            end: row.record.end,
        };
        let wanted = match self.of {
            SampleOf::Longest | SampleOf::Shortest | SampleOf::First => true,
            SampleOf::ALosses => game.end == GameEnd::Won(Side::B),
            SampleOf::BLosses => game.end == GameEnd::Won(Side::A),
            SampleOf::Draws => game.end == GameEnd::Draw,
        };
        if !wanted {
            return;
        }
        self.chosen.push(game);
        // Keep the best K: by turns for longest and shortest, else the earliest (game order).
        match self.of {
            SampleOf::Longest => self
                .chosen
                .sort_by_key(|g| (std::cmp::Reverse(g.turns), g.index)),
            SampleOf::Shortest => self.chosen.sort_by_key(|g| (g.turns, g.index)),
            _ => {}
        }
        self.chosen.truncate(self.count);
    }

    /// The games chosen so far, best first (for the first games, losses and draws: in game
    /// order).
    pub fn chosen(&self) -> &[SampledGame] {
        &self.chosen
    }
}
