//! The 17lands measures of the per-card statistics on played games: games in hand (GIH),
//! opening hand (OH), drawn later (GD), not seen (GNS), and merging them across shards.

use rtg_sim::*;

use crate::{config, matchup};

fn batch(config: &SimConfig) -> Batch {
    play_batch(&matchup(), config, true, &|_| {}, &mut |_| Ok(())).unwrap()
}

#[test]
fn in_hand_splits_into_opening_hand_and_drawn_later_and_with_not_seen_covers_the_games() {
    let config = config(["heuristic", "heuristic"], 60);
    let rows = batch(&config).cards.unwrap().rows();
    let (mut opening_any, mut later_any, mut unseen_any) = (false, false, false);
    for r in &rows {
        for (a, b, c) in [
            (r.gih.games, r.oh.games, r.gd.games),
            (r.gih.wins, r.oh.wins, r.gd.wins),
            (r.gih.draws, r.oh.draws, r.gd.draws),
        ] {
            assert_eq!(a, b + c, "GIH = OH + GD: {r:?}");
        }
        assert_eq!(
            r.gih.games + r.gns.games,
            r.games,
            "GIH + GNS = games: {r:?}"
        );
        assert_eq!(r.gih.games, r.drawn);
        assert_eq!(r.gih.win_rate, r.win_rate_drawn);
        assert_eq!(r.gns.win_rate, r.win_rate_not_drawn);
        assert_eq!(
            (r.when_played.games, r.when_played.win_rate),
            (r.played, r.win_rate_played)
        );
        for rate in [&r.gih, &r.oh, &r.gd, &r.gns] {
            assert_eq!(rate.too_few, rate.games < MIN_RATE_GAMES);
            if let (Some(lo), Some(p), Some(hi)) = (rate.ci_low, rate.win_rate, rate.ci_high) {
                assert!(lo <= p && p <= hi, "{rate:?}");
            }
        }
        assert_eq!(r.iwd.too_few, r.gih.too_few || r.gns.too_few);
        opening_any |= r.oh.games > 0;
        later_any |= r.gd.games > 0;
        unseen_any |= r.gns.games > 0;
    }
    assert!(opening_any && later_any && unseen_any, "{rows:?}");
    // Twelve of the sample deck's thirty cards are one mana card: a copy is in most opening
    // hands of seven.
    let mana = &rows[0];
    assert!(mana.oh.games > mana.gd.games, "{mana:?}");
    // The thread count changes nothing.
    let mut two = config.clone();
    two.threads = Some(2);
    assert_eq!(batch(&two).cards.unwrap().rows(), rows);
}

fn shard(config: &SimConfig, index: u64, count: u64) -> (Report, Vec<CardRow>) {
    let mut c = config.clone();
    c.shard = Shard { index, count };
    let b = batch(&c);
    (b.report, b.cards.unwrap().rows())
}

#[test]
fn the_card_rows_of_shards_merge_into_the_whole_batchs() {
    let config = config(["heuristic", "greedy"], 45);
    let whole = batch(&config).cards.unwrap().rows();
    let shards: Vec<(Report, Vec<CardRow>)> = [2, 0, 1].map(|k| shard(&config, k, 3)).into();
    let named: Vec<(&str, &Report, &[CardRow])> = shards
        .iter()
        .zip(["s2", "s0", "s1"])
        .map(|((r, rows), name)| (name, r, rows.as_slice()))
        .collect();
    assert_eq!(merge_card_rows(&named).unwrap(), whole);
    // Rows of the whole batch do not pass for a shard's: the report's games differ.
    let wrong = [("s0", &shards[1].0, whole.as_slice())];
    let err = merge_card_rows(&wrong).unwrap_err().to_string();
    assert!(
        err.starts_with("s0: inconsistent report: `cards` holds `a` over 45 games"),
        "{err}"
    );
    // A count that contradicts the others names the card.
    let mut bad = shards[0].1.clone();
    bad[0].oh.wins += 1;
    let err = merge_card_rows(&[("s2", &shards[0].0, bad.as_slice())])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("card 0 (") && err.contains("`oh` and `gd`"),
        "{err}"
    );
}
