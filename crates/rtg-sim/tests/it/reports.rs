//! Tournaments, per-card statistics and goldfish runs, on the sample deck.

use rtg_core::CardType;
use rtg_sim::*;

use crate::{config, matchup, support};

fn decks() -> Vec<DeckList> {
    let m = matchup();
    let deck = support::sample_deck();
    let mana_heavy: Vec<_> = deck
        .iter()
        .filter(|d| d.card_type == CardType::Mana)
        .chain(deck.iter())
        .cloned()
        .collect();
    vec![
        m.decks[0].clone(),
        m.decks[1].clone(),
        DeckList {
            name: "c".to_owned(),
            cards: mana_heavy,
        },
    ]
}

#[test]
fn each_tournament_cell_is_the_batch_of_its_pair_with_the_same_seed() {
    let decks = decks();
    let config = config(["greedy", "random"], 12);
    let mut rows = 0;
    let t = tournament(&decks, &config, false, &|_| {}, &mut |_, _| {
        rows += 1;
        Ok(())
    })
    .unwrap();
    assert_eq!(rows, 6 * 12);
    assert_eq!(t.decks, ["a", "b", "c"]);
    for (i, row) in t.matrix.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            if i == j {
                assert!(cell.is_none());
                continue;
            }
            let m = Matchup::new(decks[i].clone(), decks[j].clone()).unwrap();
            let report = simulate(&m, &config, &|_| {}).unwrap();
            assert_eq!(cell.as_ref(), Some(&Cell::of(&report)), "{i} vs {j}");
        }
    }
    // The meta is the equilibrium of the matrix, one entry per deck in order.
    let meta = t.meta.as_ref().expect("a meta");
    assert_eq!(meta, &tournament_meta(&t.decks, &t.matrix).unwrap());
    assert_eq!(
        meta.iter().map(|m| m.deck.as_str()).collect::<Vec<_>>(),
        t.decks
    );
    let shares: f64 = meta.iter().map(|m| m.share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "{meta:?}");
    // A tournament of two decks has the digest of their batch.
    let two = tournament(&decks[..2], &config, false, &|_| {}, &mut |_, _| Ok(())).unwrap();
    let m = Matchup::new(decks[0].clone(), decks[1].clone()).unwrap();
    assert_eq!(two.cards_digest, format!("{:016x}", m.cards_digest()));
}

#[test]
fn a_tournament_refuses_one_deck_and_twice_the_same_name() {
    let decks = decks();
    let config = config(["greedy", "greedy"], 2);
    let one = tournament(&decks[..1], &config, false, &|_| {}, &mut |_, _| Ok(()));
    assert!(matches!(one, Err(TournamentError::TooFewDecks(1))));
    let twice = [decks[0].clone(), decks[0].clone()];
    let err = tournament(&twice, &config, false, &|_| {}, &mut |_, _| Ok(())).unwrap_err();
    assert_eq!(
        err.to_string(),
        "two decks are named `a`: names must tell the decks apart in the report"
    );
}

#[test]
fn watching_cards_changes_nothing_in_the_batch_and_counts_consistently() {
    let m = matchup();
    let config = config(["greedy", "greedy"], 30);
    let plain = simulate(&m, &config, &|_| {}).unwrap();
    let batch = play_batch(&m, &config, true, &|_| {}, &mut |_| Ok(())).unwrap();
    assert_eq!(batch.report, plain);
    let rows = batch.cards.unwrap().rows();
    assert!(rows.iter().any(|r| r.deck == "a") && rows.iter().any(|r| r.deck == "b"));
    let mut drawn_any = false;
    for r in &rows {
        assert_eq!(r.games, 30, "{r:?}");
        assert!(
            r.played <= r.drawn,
            "a card is played from a hand it was drawn to: {r:?}"
        );
        assert!(r.drawn <= r.games);
        assert_eq!(r.never_played, r.played == 0);
        drawn_any |= r.drawn > 0;
        if let Some(t) = r.mean_turn_played {
            assert!(t >= 1.0, "{r:?}");
        }
    }
    assert!(drawn_any);
    // Triggered abilities count firings and resolutions; activated ones count uses.
    let mut fired_any = false;
    for (r, a) in rows
        .iter()
        .flat_map(|r| r.abilities.iter().map(move |a| (r, a)))
    {
        match a.kind.as_str() {
            "triggered" => {
                let (fired, resolved) = (a.fired.unwrap(), a.resolved.unwrap());
                assert!(resolved <= fired, "{r:?}");
                assert!(a.used.is_none(), "{r:?}");
                fired_any |= fired > 0;
            }
            _ => assert!(a.fired.is_none() && a.resolved.is_none(), "{r:?}"),
        }
    }
    assert!(
        fired_any,
        "no triggered ability of the sample deck fired in 30 games"
    );
    // A mana card: 12 of 30 cards are mana, so one is drawn in almost every game and played in
    // most.
    let mana = rows
        .iter()
        .find(|r| r.deck == "a" && r.card_id == support::sample_deck()[0].card_id.as_str())
        .unwrap();
    assert!(mana.drawn >= 20 && mana.played >= 15, "{mana:?}");
    // The thread count changes nothing.
    let mut two = config.clone();
    two.threads = Some(2);
    let again = play_batch(&m, &two, true, &|_| {}, &mut |_| Ok(())).unwrap();
    assert_eq!(again.cards.unwrap().rows(), rows);
}

#[test]
fn the_running_counts_reach_the_reports_totals() {
    use std::sync::Mutex;
    let m = matchup();
    let config = config(["random", "greedy"], 25);
    let last = Mutex::new(Running::default());
    let batch = play_batch(
        &m,
        &config,
        false,
        &|r| {
            let mut last = last.lock().unwrap();
            if r.done > last.done {
                *last = r;
            }
        },
        &mut |_| Ok(()),
    )
    .unwrap();
    let last = *last.lock().unwrap();
    assert_eq!(last.done, 25);
    assert_eq!(last.wins, [batch.report.wins_a, batch.report.wins_b]);
    assert_eq!(last.draws, batch.report.draws);
}

fn goldfish_config(games: u64, max_turns: u32) -> GoldfishConfig {
    GoldfishConfig {
        games,
        seed: 3,
        max_turns,
        threads: Some(1),
        ..GoldfishConfig::default()
    }
}

#[test]
fn a_goldfish_never_acts_and_a_deck_kills_it_on_its_own() {
    let deck = matchup().decks[0].clone();
    let report = goldfish(&deck, &goldfish_config(20, 25), true, &|_| {}).unwrap();
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.kills + report.no_kill, 20);
    assert!(report.kills >= 15, "{report:?}");
    let k = &report.kill_turn;
    assert_eq!(k.count, report.kills);
    let (p10, median, p90) = (k.p10.unwrap(), k.median.unwrap(), k.p90.unwrap());
    assert!(1 <= p10 && p10 <= median && median <= p90 && p90 <= 25);
    assert_eq!(
        k.histogram.iter().map(|b| b.games).sum::<u64>(),
        report.kills
    );
    // Every kill is by health: the goldfish never blocked, and it was never decked.
    assert_eq!(report.end_reasons.health[1], report.kills);
    assert_eq!(report.end_reasons.empty_deck[1], 0);
    assert_eq!(
        report.end_reasons.health[0], 0,
        "the goldfish never deals damage"
    );
    // The deck's cards only, and a mana card is played on turn 1 in most games.
    let cards = report.cards.unwrap();
    assert!(cards.iter().all(|c| c.deck == "a"));
    assert_eq!(report.mana_by_turn[0].turn, 1);
    assert_eq!(report.mana_by_turn[0].games, 20);
    assert!(
        report.mana_by_turn[0].share > 0.5,
        "{:?}",
        report.mana_by_turn
    );
}

#[test]
fn a_goldfish_outlasts_a_deck_that_cannot_kill() {
    // Ten mana cards and nothing else: the deck never kills; past its library it decks itself,
    // while the goldfish, drawing as often, never does.
    let deck = support::sample_deck();
    let mana: Vec<_> = deck
        .iter()
        .filter(|d| d.card_type == CardType::Mana)
        .take(10)
        .cloned()
        .collect();
    let deck = DeckList {
        name: "mana".to_owned(),
        cards: mana,
    };
    let report = goldfish(&deck, &goldfish_config(6, 12), false, &|_| {}).unwrap();
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.kills, 0);
    assert_eq!(report.no_kill, 6);
    assert_eq!(report.kill_turn.median, None);
    assert_eq!(report.end_reasons.empty_deck, [6, 0]);
    // Mana on curve: one land a turn while the library lasts.
    assert_eq!(report.mana_by_turn[0].share, 1.0);
}

#[test]
fn goldfish_settings_beyond_the_limits_are_refused() {
    let deck = matchup().decks[0].clone();
    let zero = goldfish(&deck, &goldfish_config(1, 0), false, &|_| {});
    assert!(matches!(zero, Err(GoldfishError::Turns(0))));
    let empty = DeckList {
        name: "empty".to_owned(),
        cards: Vec::new(),
    };
    assert!(matches!(
        goldfish(&empty, &goldfish_config(1, 5), false, &|_| {}),
        Err(GoldfishError::Setup(_))
    ));
}
