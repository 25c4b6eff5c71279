//! The per-card statistics as reports print them (the JSON's `cards`): one [`CardRow`] per card
//! of each deck, with the games behind every win rate and its 95% interval ([`CardRate`]), and
//! the improvement when drawn ([`Improvement`]) in the way 17lands' card ratings show them, so
//! that a designer reads them as they already read those.
//!
//! Every rate is computed here from integer counts the row also carries, so that the rows of
//! shard reports merge into the rows of the whole batch ([`crate::merge_card_rows`]) exactly.

use serde::{Deserialize, Serialize};

use crate::report::wilson_interval;

/// Below this many games a rate is marked `too_few` (and shown as `n<30` in tables): a win rate
/// over 29 games has a 95% interval some 34 points wide, which says almost nothing of a card.
pub const MIN_RATE_GAMES: u64 = 30;

/// Games, wins and draws of a deck over some of its games: the integer sums a rate is made of
/// (a draw counts half a win).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) games: u64,
    pub(crate) wins: u64,
    pub(crate) draws: u64,
}

impl Tally {
    /// Counts one game: won, drawn, or (neither) lost.
    pub(crate) fn count(&mut self, won: bool, drawn: bool) {
        self.games += 1;
        self.wins += u64::from(won);
        self.draws += u64::from(drawn);
    }

    /// The sum of two tallies; `None` when a count overflows.
    pub(crate) fn plus(self, other: Tally) -> Option<Tally> {
        Some(Tally {
            games: self.games.checked_add(other.games)?,
            wins: self.wins.checked_add(other.wins)?,
            draws: self.draws.checked_add(other.draws)?,
        })
    }
}

/// The deck's win rate over some games (a draw counts half), with the counts it is made of and
/// its 95% Wilson score interval; `null` rates when there is no game.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardRate {
    /// The games counted.
    pub games: u64,
    /// Of those, the deck's wins.
    pub wins: u64,
    /// Of those, the drawn games.
    pub draws: u64,
    /// `(wins + draws / 2) / games`.
    pub win_rate: Option<f64>,
    /// The 95% Wilson score interval's low end.
    pub ci_low: Option<f64>,
    /// Its high end.
    pub ci_high: Option<f64>,
    /// Fewer than [`MIN_RATE_GAMES`] games: the rate is too uncertain to read.
    pub too_few: bool,
}

impl CardRate {
    /// The rate of `wins` and `draws` in `games` (for tests and tools that build rows; a batch
    /// makes its own).
    pub fn from_counts(games: u64, wins: u64, draws: u64) -> CardRate {
        CardRate::of(Tally { games, wins, draws })
    }

    /// The rate of a tally.
    pub(crate) fn of(t: Tally) -> CardRate {
        let score = t.wins as f64 + t.draws as f64 / 2.0;
        let (ci_low, ci_high) = match t.games {
            0 => (None, None),
            n => {
                let (lo, hi) = wilson_interval(score, n as f64);
                (Some(lo), Some(hi))
            }
        };
        CardRate {
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            win_rate: (t.games > 0).then(|| score / t.games as f64),
            ci_low,
            ci_high,
            too_few: t.games < MIN_RATE_GAMES,
        }
    }

    /// The counts it is made of.
    pub(crate) fn tally(&self) -> Tally {
        Tally {
            games: self.games,
            wins: self.wins,
            draws: self.draws,
        }
    }
}

/// Improvement when drawn (17lands' IWD): the win rate in games the card was in hand (GIH) minus
/// the win rate in games it was not seen (GNS), in percentage points, with the 95% interval of
/// that difference of two independent proportions by Newcombe's hybrid score method (built from
/// the two Wilson intervals, so it stays sensible near 0% and 100% where a normal interval does
/// not).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Improvement {
    /// GIH win rate minus GNS win rate, in points (`3.5` is 3.5 percentage points); `null` when
    /// either has no game.
    pub points: Option<f64>,
    /// The 95% interval's low end, in points.
    pub ci_low: Option<f64>,
    /// Its high end, in points.
    pub ci_high: Option<f64>,
    /// GIH or GNS holds fewer than [`MIN_RATE_GAMES`] games.
    pub too_few: bool,
}

impl Improvement {
    /// The improvement of the in-hand rate over the not-seen one.
    pub fn between(in_hand: &CardRate, not_seen: &CardRate) -> Improvement {
        let too_few = in_hand.too_few || not_seen.too_few;
        let parts = |r: &CardRate| Some((r.win_rate?, r.ci_low?, r.ci_high?));
        match (parts(in_hand), parts(not_seen)) {
            (Some((p1, l1, u1)), Some((p2, l2, u2))) => {
                let d = p1 - p2;
                let low = d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt();
                let high = d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt();
                Improvement {
                    points: Some(100.0 * d),
                    ci_low: Some(100.0 * low.max(-1.0)),
                    ci_high: Some(100.0 * high.min(1.0)),
                    too_few,
                }
            }
            _ => Improvement {
                points: None,
                ci_low: None,
                ci_high: None,
                too_few,
            },
        }
    }
}

/// One ability of a card in [`CardRow`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct AbilityRow {
    /// The ability's name.
    pub name: String,
    /// `activated` or `triggered`.
    pub kind: String,
    /// Times it was used (activated abilities of permanents); `null` for triggered abilities and
    /// for a spell's own effect, which the simulator does not see fire (a spell's is its plays).
    pub used: Option<u64>,
    /// Times it fired (an event set it off): triggered abilities only, else `null`.
    pub fired: Option<u64>,
    /// Times a firing took effect (one with no legal target left does not): triggered
    /// abilities only, else `null`.
    pub resolved: Option<u64>,
}

/// One card of one deck, as reports print it (the `cards` list of the JSON).
///
/// "In hand" is 17lands' sense: a copy was in the opening hand or came to the hand later
/// (drawn, or moved there by an effect). The opening hand is the hand dealt before turn 1 (rtg
/// has no mulligan); the player on the draw draws its first card on its own first turn, which
/// is "drawn later". GIH games split into OH and GD (a game with a copy in the opening hand is
/// an OH game however many more copies are drawn), and GIH and GNS split the deck's games.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardRow {
    /// The deck's name.
    pub deck: String,
    /// The card's id.
    pub card_id: String,
    /// Its display name.
    pub name: String,
    /// Copies in the deck.
    pub copies: u32,
    /// Finished games of the deck counted.
    pub games: u64,
    /// Games in which a copy was in the opening hand or drawn (the games of `gih`).
    pub drawn: u64,
    /// Games in which a copy was played.
    pub played: u64,
    /// The deck's win rate (a draw half) in games it was drawn; `null` with no such game.
    pub win_rate_drawn: Option<f64>,
    /// The deck's win rate in games it was not drawn.
    pub win_rate_not_drawn: Option<f64>,
    /// The deck's win rate in games it was played.
    pub win_rate_played: Option<f64>,
    /// The mean of the deck's own turn (1 = its first turn) a copy was first played, over the
    /// games it was played.
    pub mean_turn_played: Option<f64>,
    /// True when no copy was played in any game.
    pub never_played: bool,
    /// Games that ended with a copy in the deck's hand.
    pub left_in_hand: u64,
    /// Its abilities, in the card's order.
    pub abilities: Vec<AbilityRow>,
    /// Games in hand (GIH): a copy in the opening hand or drawn; `win_rate_drawn` with its count
    /// and interval.
    pub gih: CardRate,
    /// Opening hand (OH): a copy in the opening hand.
    pub oh: CardRate,
    /// Games drawn (GD): no copy in the opening hand, one drawn later.
    pub gd: CardRate,
    /// Games not seen (GNS): no copy in hand at any point; `win_rate_not_drawn` with its count
    /// and interval.
    pub gns: CardRate,
    /// Improvement when drawn (IWD): GIH win rate minus GNS win rate.
    pub iwd: Improvement,
    /// The games a copy was played: `win_rate_played` with its count and interval.
    pub when_played: CardRate,
    /// The sum over those games of the turn a copy was first played (`mean_turn_played` is this
    /// over `played`), so that merged reports rebuild the mean exactly.
    pub turn_played_sum: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(games: u64, wins: u64, draws: u64) -> CardRate {
        CardRate::of(Tally { games, wins, draws })
    }

    #[test]
    fn a_rate_counts_draws_half_and_holds_its_wilson_interval() {
        let r = rate(40, 20, 2);
        assert_eq!(r.win_rate, Some(21.0 / 40.0));
        let (lo, hi) = wilson_interval(21.0, 40.0);
        assert_eq!((r.ci_low, r.ci_high), (Some(lo), Some(hi)));
        assert!(!r.too_few);
        assert_eq!(
            r.tally(),
            Tally {
                games: 40,
                wins: 20,
                draws: 2
            }
        );
        let none = rate(0, 0, 0);
        assert_eq!(
            (none.win_rate, none.ci_low, none.ci_high),
            (None, None, None)
        );
        assert!(none.too_few);
    }

    #[test]
    fn fewer_than_thirty_games_are_too_few() {
        assert!(rate(MIN_RATE_GAMES - 1, 10, 0).too_few);
        assert!(!rate(MIN_RATE_GAMES, 10, 0).too_few);
    }

    #[test]
    fn the_improvement_is_in_points_with_newcombes_interval() {
        // 60% of 100 games in hand, 50% of 100 not seen: +10 points.
        let (gih, gns) = (rate(100, 60, 0), rate(100, 50, 0));
        let iwd = Improvement::between(&gih, &gns);
        let points = iwd.points.unwrap();
        assert!((points - 10.0).abs() < 1e-9, "{iwd:?}");
        let (lo, hi) = (iwd.ci_low.unwrap(), iwd.ci_high.unwrap());
        assert!(lo < 0.0 && hi > 20.0, "{iwd:?}");
        assert!(!iwd.too_few);
        // Newcombe (1998), Statistics in Medicine 17, table II: 56/70 against 48/80 by the
        // hybrid score method (10) is 0.0524 to 0.3339.
        let published = Improvement::between(&rate(70, 56, 0), &rate(80, 48, 0));
        let (lo, hi) = (published.ci_low.unwrap(), published.ci_high.unwrap());
        assert!(
            (lo - 5.24).abs() < 0.01 && (hi - 33.39).abs() < 0.01,
            "{published:?}"
        );
        // Asymmetric near the edges, and never beyond ±100 points.
        let edge = Improvement::between(&rate(50, 50, 0), &rate(50, 0, 0));
        assert_eq!(edge.points, Some(100.0));
        assert!(edge.ci_high.unwrap() <= 100.0 && edge.ci_low.unwrap() < 100.0);
        // A side with few games marks the whole; one with none leaves no figure.
        assert!(Improvement::between(&rate(29, 10, 0), &gns).too_few);
        let none = Improvement::between(&gih, &rate(0, 0, 0));
        assert_eq!((none.points, none.too_few), (None, true));
    }
}
