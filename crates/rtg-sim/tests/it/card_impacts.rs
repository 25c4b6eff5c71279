//! `card_impact`: the baseline is the `simulate` batch, every swap is paired with it, and the
//! report does not depend on the thread count.

use rtg_sim::*;

use crate::matchup;

fn impact_config(threads: usize) -> CardImpactConfig {
    CardImpactConfig {
        sim: SimConfig {
            games: 20,
            seed: 3,
            max_turns: 30,
            threads: Some(threads),
            ..SimConfig::default()
        },
        ..CardImpactConfig::default()
    }
}

fn run(config: &CardImpactConfig) -> CardImpactReport {
    card_impact(
        &BotRegistry::builtin(),
        &matchup(),
        config,
        &|_| None,
        &|_| {},
    )
    .unwrap()
}

#[test]
fn the_baseline_is_the_simulate_batch_and_every_card_but_the_filler_has_a_row() {
    let config = impact_config(1);
    let report = run(&config);
    let sim = simulate(&matchup(), &config.sim, &|_| {}).unwrap();
    assert_eq!(report.baseline, sim);
    assert_eq!(
        (
            report.baseline_win_rate,
            report.baseline_ci_low,
            report.baseline_ci_high
        ),
        sim.win_rate_a()
    );
    // Six fire and six earth mana cards: the tie goes to the smaller id.
    assert_eq!(report.filler.card_id, "earth_mana");
    assert_eq!(report.filler.copies, 6);
    let deck = &matchup().decks[0];
    let mut distinct: Vec<&str> = deck.cards.iter().map(|c| c.card_id.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(report.cards.len(), distinct.len() - 1);
    for row in &report.cards {
        assert_ne!(
            row.card_id, "earth_mana",
            "the filler is not swapped with itself"
        );
        let copies = deck
            .cards
            .iter()
            .filter(|c| c.card_id.as_str() == row.card_id)
            .count();
        assert_eq!(row.copies as usize, copies, "{}", row.card_id);
        assert_eq!(row.games, sim.finished(), "{}", row.card_id);
        assert!(row.ci_low <= row.delta && row.delta <= row.ci_high);
    }
    let deltas: Vec<f64> = report.cards.iter().map(|r| r.delta).collect();
    assert!(deltas.windows(2).all(|w| w[0] <= w[1]), "{deltas:?}");
    assert!(deltas.iter().any(|d| *d != 0.0), "{deltas:?}");
}

#[test]
fn a_swap_is_the_simulate_batch_of_the_swapped_deck_paired_with_the_baseline() {
    let config = CardImpactConfig {
        cards: Some(vec![rtg_core::CardId::new("goblin")]),
        ..impact_config(1)
    };
    let report = run(&config);
    let m = matchup();
    let filler = most_common_mana(&m.decks[0]).unwrap();
    let swapped = swap_one(&m.decks[0], "goblin", &filler).unwrap();
    let alone = Matchup::new(swapped, m.decks[1].clone()).unwrap();
    let (_, before) = play_scored(&BotRegistry::builtin(), &m, &config.sim, &|_| {}).unwrap();
    let (after_report, after) =
        play_scored(&BotRegistry::builtin(), &alone, &config.sim, &|_| {}).unwrap();
    let shift = PairedShift::between(&before, &after);
    let row = &report.cards[0];
    assert_eq!(row.card_id, "goblin");
    assert_eq!(
        (row.delta, row.ci_low, row.ci_high, row.games),
        (shift.shift, shift.ci_low, shift.ci_high, shift.games)
    );
    assert_eq!(row.win_rate, after_report.win_rate_a().0);
}

#[test]
fn a_card_impact_run_is_the_same_on_one_thread_and_on_two() {
    let one = run(&impact_config(1));
    let two = run(&impact_config(2));
    assert_eq!(one, two);
    // It reads back (floats to within serde_json's parsing, so the rows are compared by id).
    let json = serde_json::to_string(&one).unwrap();
    let back: CardImpactReport = serde_json::from_str(&json).unwrap();
    let ids = |r: &CardImpactReport| {
        r.cards
            .iter()
            .map(|c| c.card_id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&back), ids(&one));
}
