//! Merging the per-card statistics of shard reports (`rtg simulate --shard K/N --card-stats
//! --json`) into those of the whole batch, as [`Report::merge`] merges their counts: the rows
//! are read back to their integer sums (checked), the sums added and the rates computed again.

use rtg_core::AbilityType;

use crate::card_rows::CardRow;
use crate::card_totals::{AbilityTotals, CardStats, CardTotals, DeckCards};
use crate::merge::{Inconsistency, MergeError};
use crate::report::Report;

/// Why the statistics of a shard do not add to another's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum ShardMismatch {
    /// A deck or a card differs: what the shard has, and what the other has.
    Differ { found: String, expected: String },
    /// A sum does not fit.
    Overflow,
}

impl CardStats {
    /// Adds the statistics of another shard of the same batch, deck by deck and card by card.
    /// Nothing is added on an error: a deck or card that differs, or a count that overflows.
    pub(crate) fn add_shard(&mut self, other: &CardStats) -> Result<(), ShardMismatch> {
        if self.decks.len() != other.decks.len() {
            return Err(ShardMismatch::Differ {
                found: format!("{} decks", other.decks.len()),
                expected: format!("{} decks", self.decks.len()),
            });
        }
        for (mine, theirs) in self.decks.iter().zip(&other.decks) {
            mine.same_cards(theirs)?;
        }
        let mut sum = self.clone();
        for (mine, theirs) in sum.decks.iter_mut().zip(&other.decks) {
            mine.add(theirs).map_err(|()| ShardMismatch::Overflow)?;
        }
        *self = sum;
        Ok(())
    }

    /// The decks' names and finished games, in order.
    pub(crate) fn deck_games(&self) -> Vec<(&str, u64)> {
        self.decks
            .iter()
            .map(|d| (d.deck.as_str(), d.games))
            .collect()
    }

    /// The sums behind rows a report printed ([`CardStats::rows`] of them is those rows):
    /// consecutive rows of one deck name are a deck, until a card id comes again (a mirror
    /// match lists two decks of one name). Every count is checked against the others; the
    /// rates are not read, they are computed again from the counts.
    pub(crate) fn from_rows(rows: &[CardRow]) -> Result<CardStats, Inconsistency> {
        let mut decks: Vec<DeckCards> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let card = CardTotals::from_row(row).map_err(|reason| Inconsistency {
                field: "cards",
                reason: format!("card {i} (`{}` of `{}`): {reason}", row.card_id, row.deck),
            })?;
            match decks.last_mut() {
                Some(deck)
                    if deck.deck == row.deck
                        && !deck.cards.iter().any(|c| c.card_id == row.card_id) =>
                {
                    if deck.games != row.games {
                        return Err(Inconsistency {
                            field: "cards",
                            reason: format!(
                                "card {i} (`{}` of `{}`) counts {} games, the deck's others {}",
                                row.card_id, row.deck, row.games, deck.games
                            ),
                        });
                    }
                    deck.cards.push(card);
                }
                _ => decks.push(DeckCards {
                    deck: row.deck.clone(),
                    games: row.games,
                    cards: vec![card],
                }),
            }
        }
        Ok(CardStats { decks })
    }
}

impl DeckCards {
    /// `Ok` when the two list the same cards with the same abilities, else what differs.
    fn same_cards(&self, other: &DeckCards) -> Result<(), ShardMismatch> {
        let deck = |d: &DeckCards| format!("deck `{}` of {} cards", d.deck, d.cards.len());
        if self.deck != other.deck || self.cards.len() != other.cards.len() {
            return Err(ShardMismatch::Differ {
                found: deck(other),
                expected: deck(self),
            });
        }
        for (a, b) in self.cards.iter().zip(&other.cards) {
            let abilities = |c: &CardTotals| -> Vec<(String, AbilityType)> {
                c.abilities
                    .iter()
                    .map(|x| (x.name.clone(), x.kind))
                    .collect()
            };
            if (a.card_id.as_str(), a.copies, a.spell) != (b.card_id.as_str(), b.copies, b.spell)
                || abilities(a) != abilities(b)
            {
                let card = |c: &CardTotals| {
                    format!(
                        "`{}` ({} copies) in deck `{}`",
                        c.card_id, c.copies, self.deck
                    )
                };
                return Err(ShardMismatch::Differ {
                    found: card(b),
                    expected: card(a),
                });
            }
        }
        Ok(())
    }
}

impl CardTotals {
    /// The sums of a printed row, checked: the rates' games add up (GIH = OH + GD, GIH + GNS =
    /// the games), no rate wins more games than it holds, and the older fields agree with the
    /// counts.
    fn from_row(row: &CardRow) -> Result<CardTotals, String> {
        let rates = [
            ("gih", &row.gih),
            ("oh", &row.oh),
            ("gd", &row.gd),
            ("gns", &row.gns),
            ("when_played", &row.when_played),
        ];
        for (name, r) in rates {
            if r.wins.checked_add(r.draws).is_none_or(|n| n > r.games) {
                return Err(format!(
                    "`{name}` has {} wins and {} draws in {} games",
                    r.wins, r.draws, r.games
                ));
            }
        }
        let (gih, oh, gd, gns) = (
            row.gih.tally(),
            row.oh.tally(),
            row.gd.tally(),
            row.gns.tally(),
        );
        if oh.plus(gd) != Some(gih) {
            return Err("`oh` and `gd` do not add up to `gih`".to_owned());
        }
        if gih.games.checked_add(gns.games) != Some(row.games) {
            return Err(format!(
                "`gih` and `gns` hold {} and {} of its {} games",
                gih.games, gns.games, row.games
            ));
        }
        let played = row.when_played.games;
        if row.drawn != gih.games || row.played != played {
            return Err("`drawn` or `played` differs from its rate's games".to_owned());
        }
        if played > row.games || row.left_in_hand > row.games {
            return Err("`played` or `left_in_hand` is over its games".to_owned());
        }
        if (played == 0) != (row.turn_played_sum == 0) || row.turn_played_sum < played {
            return Err(format!(
                "`turn_played_sum` {} does not fit {played} games played",
                row.turn_played_sum
            ));
        }
        let mut spell = false;
        let mut abilities = Vec::with_capacity(row.abilities.len());
        for a in &row.abilities {
            let kind = match a.kind.as_str() {
                "activated" => AbilityType::Activated,
                "triggered" => AbilityType::Triggered,
                "static" => AbilityType::Static,
                other => return Err(format!("ability `{}` is of kind `{other}`", a.name)),
            };
            // A spell's activated ability is its effect: its uses are not counted.
            spell |= kind == AbilityType::Activated && a.used.is_none();
            abilities.push(AbilityTotals {
                name: a.name.clone(),
                kind,
                used: a.used.unwrap_or(0),
                fired: a.fired.unwrap_or(0),
                resolved: a.resolved.unwrap_or(0),
            });
        }
        let card = CardTotals {
            card_id: row.card_id.clone(),
            name: row.name.clone(),
            spell,
            copies: row.copies,
            in_hand: gih,
            opening: oh,
            drawn_later: gd,
            not_seen: gns,
            played: row.when_played.tally(),
            turn_played_sum: row.turn_played_sum,
            left_in_hand: row.left_in_hand,
            abilities,
        };
        // The nulls of the abilities are those of the kinds.
        if card
            .abilities
            .iter()
            .map(|a| card.ability_row(a))
            .zip(&row.abilities)
            .any(|(mine, theirs)| {
                (
                    mine.used.is_some(),
                    mine.fired.is_some(),
                    mine.resolved.is_some(),
                ) != (
                    theirs.used.is_some(),
                    theirs.fired.is_some(),
                    theirs.resolved.is_some(),
                )
            })
        {
            return Err("an ability's counts do not fit its kind".to_owned());
        }
        Ok(card)
    }
}

/// The per-card rows of shard reports merged into the whole batch's. Each shard's rows are read
/// back to their integer sums (checked against each other and against the shard's report: its
/// two decks, over its finished games), the sums are added and every rate is computed again,
/// so the result equals the rows of the batch played at once, whatever the shards. `name`
/// names each shard in errors (its file, for `rtg merge`); merge the reports themselves with
/// [`Report::merge_files`], which checks that they are shards of one batch.
pub fn merge_card_rows(shards: &[(&str, &Report, &[CardRow])]) -> Result<Vec<CardRow>, MergeError> {
    let mut sum: Option<(&str, CardStats)> = None;
    for &(name, report, rows) in shards {
        let inconsistent = |problem: Inconsistency| MergeError::Inconsistent {
            report: name.to_owned(),
            problem,
        };
        report.check().map_err(inconsistent)?;
        let stats = CardStats::from_rows(rows).map_err(inconsistent)?;
        let failed = (report.failures.len() as u64).saturating_add(report.failures_omitted);
        let finished = report.games.saturating_sub(failed);
        let expected = [
            (report.deck_a.as_str(), finished),
            (report.deck_b.as_str(), finished),
        ];
        let found = stats.deck_games();
        if found != expected {
            let list = |decks: &[(&str, u64)]| {
                decks
                    .iter()
                    .map(|(deck, games)| format!("`{deck}` over {games} games"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(inconsistent(Inconsistency {
                field: "cards",
                reason: format!(
                    "holds {}, but the report's decks are {} (its finished games)",
                    if found.is_empty() {
                        "no deck".to_owned()
                    } else {
                        list(&found)
                    },
                    list(&expected)
                ),
            }));
        }
        match &mut sum {
            None => sum = Some((name, stats)),
            Some((first, all)) => all.add_shard(&stats).map_err(|e| match e {
                ShardMismatch::Differ { found, expected } => MergeError::DifferentBatch {
                    report: name.to_owned(),
                    first: (*first).to_owned(),
                    field: "cards",
                    found,
                    expected,
                },
                ShardMismatch::Overflow => MergeError::Overflow {
                    report: name.to_owned(),
                    field: "cards",
                },
            })?,
        }
    }
    sum.map(|(_, stats)| stats.rows()).ok_or(MergeError::Empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_stats::CardProbe;
    use crate::card_totals::tests::{Hand, deck, game, probe, record};
    use crate::game::{GameEnd, Matchup, Side};

    /// Statistics of games `range` of a fixed list of 90.
    fn shard(probe: &CardProbe, range: std::ops::Range<usize>) -> CardStats {
        let hands = [
            Hand::Opening,
            Hand::DrawnLater,
            Hand::NotSeen,
            Hand::Opening,
        ];
        let ends = [
            GameEnd::Won(Side::A),
            GameEnd::Draw,
            GameEnd::Won(Side::B),
            GameEnd::Error,
        ];
        let mut stats = probe.stats();
        for k in range {
            let played = (k % 5 != 0).then_some(1 + (k % 4) as u32);
            stats.add(
                &game(probe, hands[k % 4], played),
                &record(ends[k % 11 % 4]),
            );
        }
        stats
    }

    #[test]
    fn two_shards_sum_to_the_whole_and_rows_read_back_to_their_sums() {
        let probe = probe();
        let whole = shard(&probe, 0..90);
        let mut first = shard(&probe, 0..37);
        first.add_shard(&shard(&probe, 37..90)).unwrap();
        assert_eq!(first, whole);
        assert_eq!(first.rows(), whole.rows());
        // The rows hold every sum: read back, they are the same statistics.
        let read = CardStats::from_rows(&whole.rows()).unwrap();
        assert_eq!(read.rows(), whole.rows());
        // Another deck's statistics are not a shard of these.
        let other = CardProbe::new(&Matchup::new(deck("a"), deck("c")).unwrap());
        let err = first.add_shard(&other.stats()).unwrap_err();
        assert!(
            matches!(&err, ShardMismatch::Differ { found, .. } if found.contains("deck `c`")),
            "{err:?}"
        );
        assert_eq!(first, whole, "nothing added on an error");
    }

    #[test]
    fn rows_whose_counts_disagree_are_refused() {
        let rows = shard(&probe(), 0..90).rows();
        let mut bad = rows.clone();
        bad[1].gd.games += 1;
        let err = CardStats::from_rows(&bad).unwrap_err();
        assert!(
            err.reason.contains("`oh` and `gd` do not add up to `gih`"),
            "{err}"
        );
        let mut bad = rows.clone();
        bad[1].gns.wins = bad[1].gns.games + 1;
        assert!(CardStats::from_rows(&bad).is_err());
        let mut bad = rows.clone();
        bad[2].games += 1;
        assert!(CardStats::from_rows(&bad).is_err());
        let mut bad = rows;
        bad[1].turn_played_sum = 0;
        assert!(CardStats::from_rows(&bad).is_err());
    }
}
