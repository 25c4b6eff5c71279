//! Integration tests of bots, batches, shards and replays.

// The workspace's shared test cards: the varied sample deck and PTG 0.9's language deck.
use rtg_testkit::{cards as support, language_deck};

mod bots;
mod card_impacts;
mod card_rates;
mod carried;
mod cmd_bots;
mod end_reasons;
mod language;
mod long_names;
mod reports;
mod rules;
mod seats;
mod untrusted;
mod verdicts;
mod views;

use rtg_sim::*;

pub(crate) fn matchup() -> Matchup {
    let deck = support::sample_deck();
    Matchup::new(
        DeckList {
            name: "a".to_owned(),
            cards: deck.clone(),
        },
        DeckList {
            name: "b".to_owned(),
            cards: deck.into_iter().rev().collect(),
        },
    )
    .unwrap()
}

pub(crate) fn config(bots: [&str; 2], games: u64) -> SimConfig {
    SimConfig {
        games,
        seed: 42,
        bots: bots.map(BotSpec::new),
        threads: Some(1),
        ..SimConfig::default()
    }
}

#[test]
fn every_bot_finishes_its_games_without_engine_errors() {
    let m = matchup();
    for bots in [
        ["greedy", "greedy"],
        ["random", "random"],
        ["heuristic", "greedy"],
    ] {
        let report = simulate(&m, &config(bots, 40), &|_| {}).unwrap();
        assert_eq!(report.games, 40);
        assert!(
            report.failures.is_empty(),
            "{bots:?}: {:?}",
            report.failures
        );
        assert_eq!(report.wins_a + report.wins_b + report.draws, 40);
    }
}

#[test]
fn reports_do_not_depend_on_the_thread_count() {
    let m = matchup();
    let one = simulate(&m, &config(["random", "greedy"], 60), &|_| {}).unwrap();
    let mut many_config = config(["random", "greedy"], 60);
    many_config.threads = Some(4);
    let many = simulate(&m, &many_config, &|_| {}).unwrap();
    assert_eq!(one, many);
}

#[test]
fn merged_shard_reports_equal_the_whole_batch() {
    let m = matchup();
    let whole = simulate(&m, &config(["random", "heuristic"], 50), &|_| {}).unwrap();
    let shards: Vec<Report> = (0..3)
        .map(|k| {
            let mut c = config(["random", "heuristic"], 50);
            c.shard = Shard { index: k, count: 3 };
            simulate(&m, &c, &|_| {}).unwrap()
        })
        .collect();
    assert_eq!(shards.iter().map(|r| r.games).sum::<u64>(), 50);
    let merged = Report::merge(&[shards[2].clone(), shards[0].clone(), shards[1].clone()]).unwrap();
    assert_eq!(merged, whole);
    let json = serde_json::to_string(&merged).unwrap();
    let back: Report = serde_json::from_str(&json).unwrap();
    assert_eq!(back, whole);
}

#[test]
fn merging_refuses_duplicate_shards_and_other_batches() {
    let m = matchup();
    let mut c = config(["greedy", "greedy"], 4);
    c.shard = Shard { index: 0, count: 2 };
    let a = simulate(&m, &c, &|_| {}).unwrap();
    assert_eq!(
        Report::merge(&[a.clone(), a.clone()])
            .unwrap_err()
            .to_string(),
        "report 2: shard 0/2 appears twice (also in report 1)"
    );
    let mut c = config(["greedy", "greedy"], 4);
    c.seed = 7;
    c.shard = Shard { index: 1, count: 2 };
    let other = simulate(&m, &c, &|_| {}).unwrap();
    assert!(matches!(
        Report::merge(&[a, other]),
        Err(MergeError::DifferentBatch { field: "seed", .. })
    ));
}

#[test]
fn a_recorded_game_replays_bit_for_bit_and_a_tampered_one_does_not() {
    let m = matchup();
    let settings = config(["random", "greedy"], 1).game(3);
    let record = play_game(&m, &settings, true);
    assert!(record.error.is_none());
    let replay = Replay::from_record(&m, &record);
    let json = serde_json::to_string_pretty(&replay).unwrap();
    let back: Replay = serde_json::from_str(&json).unwrap();
    let mut states = 0;
    back.verify(&m, |_, _, _| states += 1).unwrap();
    assert_eq!(states, record.actions.len() + 1);

    let mut tampered = back.clone();
    tampered.final_digest = "0000000000000000".to_owned();
    assert!(matches!(
        tampered.verify(&m, |_, _, _| {}),
        Err(ReplayError::Digest { .. })
    ));
}

#[test]
fn the_same_game_played_twice_is_identical() {
    let m = matchup();
    let settings = config(["random", "random"], 1).game(11);
    let a = play_game(&m, &settings, true);
    let b = play_game(&m, &settings, true);
    assert_eq!(a, b);
}

/// An effect with a bug: it panics. A batch must record it as that game's failure and go on.
struct Boom(rtg_core::EffectSpec);

impl rtg_core::EffectHandler for Boom {
    fn spec(&self) -> &rtg_core::EffectSpec {
        &self.0
    }

    fn apply(
        &self,
        _: &mut rtg_core::EffectContext<'_>,
        _: rtg_core::Target,
        _: &rtg_core::Params,
    ) -> Result<rtg_core::Applied, rtg_core::EffectError> {
        panic!("boom")
    }
}

#[test]
fn a_panicking_game_is_recorded_as_a_failure_and_the_batch_goes_on() {
    use rtg_core::*;
    let mut registry = rtg_effects::builtin_registry();
    registry
        .register(Boom(EffectSpec {
            name: "boom".to_owned(),
            target_kind: TargetKind::Player,
            params: Vec::new(),
            reversible: false,
            summary: "panics".to_owned(),
        }))
        .unwrap();
    let mut alt = AlterationData::new("boom", TargetSpec::Owner);
    alt.start_trigger = Some(EventType::OnCardEnterBattlefield);
    let bomb = std::sync::Arc::new(
        CardDefinition::vanilla("bomb", "Bomb", CardType::Creature)
            .with_stats(1, 1)
            .with_ability(CardAbility {
                name: "Boom".to_owned(),
                description: String::new(),
                ability_type: AbilityType::Triggered,
                mana_requirement: Mana::EMPTY,
                alterations: vec![alt],
                max_activations: None,
            }),
    );
    let safe = support::sample_deck();
    let deck_a = DeckList {
        name: "bombs".to_owned(),
        cards: vec![bomb; 20],
    };
    let deck_b = DeckList {
        name: "safe".to_owned(),
        cards: safe,
    };
    let m = Matchup::with_registry(deck_a, deck_b, registry).unwrap();
    let mut rows = Vec::new();
    let report = simulate_rows(&m, &config(["greedy", "greedy"], 4), &|_| {}, &mut |row| {
        rows.push(row.clone());
        Ok(())
    })
    .unwrap();
    assert_eq!(report.games, 4);
    assert_eq!(
        report.failures.len(),
        4,
        "every game plays a bomb on its first turn"
    );
    assert!(report.failures[0].message.contains("panicked: boom"));
    assert_eq!(report.failures[1].seed, rows[1].record.settings.seed);
}

/// A batch's memory does not grow with its number of games: rows are handed out as the games
/// finish, at most one chunk behind the games played, so no list of every game's row exists;
/// the report keeps only counts, extremes and a bounded list of failures (tested in
/// `untrusted`). Checked structurally, through the progress count, not by timing or RSS.
#[test]
fn rows_leave_the_batch_chunk_by_chunk_in_game_order() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let m = matchup();
    for threads in [1, 2] {
        // Short games: the fold is what is tested.
        let config = SimConfig {
            games: CHUNK_GAMES + 100,
            max_turns: 1,
            threads: Some(threads),
            ..config(["greedy", "greedy"], 0)
        };
        let played = AtomicU64::new(0);
        let progress = |done: u64| {
            played.fetch_max(done, Ordering::Relaxed);
        };
        let mut next = 0u64;
        let mut widest = 0u64;
        let report = simulate_rows(&m, &config, &progress, &mut |row| {
            assert_eq!(row.index, next, "rows come in game order");
            next += 1;
            let ahead = played.load(Ordering::Relaxed) - row.index;
            widest = widest.max(ahead);
            Ok(())
        })
        .unwrap();
        assert_eq!(next, config.games);
        assert_eq!(report.games, config.games);
        assert!(
            widest <= CHUNK_GAMES,
            "{threads} threads: a row was handed out {widest} games after its own"
        );
    }
}

#[test]
fn observing_a_game_sees_what_its_replay_sees() {
    let m = matchup();
    let settings = config(["heuristic", "random"], 1).game(5);
    let mut played: Vec<(u64, Option<rtg_rules::Action>, usize)> = Vec::new();
    let record = play_game_observed(&m, &settings, true, &mut |state, action, events, _| {
        played.push((state.digest(), action.cloned(), events.len()))
    });
    assert!(record.error.is_none(), "{:?}", record.error);
    assert_eq!(played.len(), record.actions.len() + 1);
    let mut replayed = Vec::new();
    Replay::from_record(&m, &record)
        .verify(&m, |state, action, events| {
            replayed.push((state.digest(), action.cloned(), events.len()))
        })
        .unwrap();
    assert_eq!(played, replayed);
    // Observing changes nothing about the game.
    let plain = play_game(&m, &settings, true);
    assert_eq!(plain.final_digest, record.final_digest);
    assert_eq!(plain.actions, record.actions);
}

#[test]
fn a_report_header_counts_its_games_and_shards_in_good_english() {
    let m = matchup();
    let mut c = config(["greedy", "greedy"], 5);
    c.shard = Shard {
        index: 3,
        count: 10,
    };
    let one = simulate(&m, &c, &|_| {}).unwrap();
    let header = rtg_report::text::batch_table(&one)
        .lines()
        .next()
        .unwrap()
        .to_owned();
    // Once "1 games (shards 3/10 of a batch of 5)".
    assert!(
        header.ends_with(", 1 game (shard 3/10 of a batch of 5)"),
        "{header}"
    );
    c.shard = Shard {
        index: 4,
        count: 10,
    };
    let other = simulate(&m, &c, &|_| {}).unwrap();
    let merged = Report::merge(&[one, other]).unwrap();
    let header = rtg_report::text::batch_table(&merged)
        .lines()
        .next()
        .unwrap()
        .to_owned();
    assert!(
        header.ends_with(", 2 games (shards 3/10, 4/10 of a batch of 5)"),
        "{header}"
    );
}

#[test]
fn an_mcts_batch_is_the_same_on_any_thread_count_and_its_replay_names_the_budget() {
    let m = matchup();
    let spec: BotSpec = "mcts:iterations=6,horizon=2".parse().unwrap();
    let mut one = config(["greedy", "greedy"], 4);
    one.bots = [spec.clone(), BotSpec::new("heuristic")];
    let mut two = one.clone();
    two.threads = Some(2);
    let (a, b) = (
        simulate(&m, &one, &|_| {}).unwrap(),
        simulate(&m, &two, &|_| {}).unwrap(),
    );
    assert_eq!(a, b);
    assert_eq!(a.games, 4);
    assert!(a.failures.is_empty(), "{:?}", a.failures);
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(json["bots"][0], "mcts:horizon=2,iterations=6");
    // A recorded game keeps the spec, and replays bit for bit.
    let record = play_game(&m, &one.game(1), true);
    assert!(record.error.is_none(), "{:?}", record.error);
    let replay = Replay::from_record(&m, &record);
    let text = serde_json::to_string(&replay).unwrap();
    assert!(text.contains("\"mcts:horizon=2,iterations=6\""), "{text}");
    let back: Replay = serde_json::from_str(&text).unwrap();
    assert_eq!(back.settings.bots[0], spec);
    back.verify(&m, |_, _, _| {}).unwrap();
    // The same seed plays the same game again.
    assert_eq!(play_game(&m, &one.game(1), true).actions, record.actions);
}
