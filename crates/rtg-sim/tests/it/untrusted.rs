//! Reports and replays that do not come from rtg: inconsistent counts, overflowing sums and
//! tampered checkpoints are refused with an error naming the report and the field, never a
//! panic (the reproducers of issue #10).

use rtg_sim::*;

use crate::{config, matchup};

/// A change made to a report.
type Tamper = Box<dyn Fn(&mut Report)>;

/// The two shard reports of a 20-game batch, and the whole batch's report.
fn shards() -> (Report, Report, Report) {
    let m = matchup();
    let mut c = config(["random", "greedy"], 20);
    let whole = simulate(&m, &c, &|_| {}).unwrap();
    c.shard = Shard { index: 0, count: 2 };
    let a = simulate(&m, &c, &|_| {}).unwrap();
    c.shard = Shard { index: 1, count: 2 };
    let b = simulate(&m, &c, &|_| {}).unwrap();
    (a, b, whole)
}

/// The field an inconsistent report is refused for, by `check` and `merge` alike.
fn inconsistent(report: &Report) -> &'static str {
    assert_eq!(
        report.check().map_err(|e| e.field),
        Report::merge(std::slice::from_ref(report))
            .map(|_| ())
            .map_err(|e| match e {
                MergeError::Inconsistent { problem, .. } => problem.field,
                other => panic!("{other}"),
            })
    );
    match report.check() {
        Err(e) => e.field,
        Ok(()) => panic!("accepted: {report:?}"),
    }
}

#[test]
fn a_report_with_no_shards_is_refused_not_a_panic() {
    let (mut a, b, _) = shards();
    a.shards.clear();
    let error = Report::merge(&[a.clone(), b]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "report 1: inconsistent report: `shards` is empty"
    );
    assert_eq!(inconsistent(&a), "shards");
}

#[test]
fn wins_beyond_the_games_are_refused() {
    let (mut a, b, _) = shards();
    a.wins_a = 1_000_000_000_000_000_000;
    let error = Report::merge(&[b, a]).unwrap_err();
    assert!(
        error.to_string().starts_with(
            "report 2: inconsistent report: `games` is 10, but wins_a 1000000000000000000"
        ),
        "{error}"
    );
    // The sums overflowed a u64 before: now it is the same refusal.
    let (mut a, mut b, _) = shards();
    a.wins_a = u64::MAX;
    b.wins_a = u64::MAX;
    assert!(matches!(
        Report::merge(&[a, b]),
        Err(MergeError::Inconsistent {
            problem: Inconsistency { field: "games", .. },
            ..
        })
    ));
}

#[test]
fn sums_that_do_not_fit_are_an_overflow_error() {
    // Two consistent halves of a batch of 2^64 - 1 games whose turn sums add past 2^64.
    let (a, _, _) = shards();
    let half = |index: u64| {
        let mut r = a.clone();
        r.batch_games = u64::MAX;
        r.shards = vec![Shard { index, count: 2 }];
        r.games = Shard { index, count: 2 }.games_in(u64::MAX);
        r.wins_a = r.games;
        r.wins_b = 0;
        r.draws = 0;
        r.first_player_wins = 0;
        r.turns_min = Some(1);
        r.turns_max = Some(201);
        r.turns_sum = u64::MAX;
        r.failures.clear();
        r.end_reasons = Some(EndReasons {
            health: [0, r.games],
            ..EndReasons::default()
        });
        // Made-up counts: leave out what they do not make up, as a report of before.
        without_lengths_and_seats(&mut r);
        r.check().unwrap();
        r
    };
    let error = Report::merge(&[half(0), half(1)]).unwrap_err();
    assert_eq!(
        error,
        MergeError::Overflow {
            report: "report 2".to_owned(),
            field: "turns_sum"
        }
    );
    // Durations that add up to infinity (JSON cannot hold it) are an overflow too.
    let fast = |index| {
        let mut r = half(index);
        r.turns_sum = r.games;
        r.seconds = f64::MAX;
        r
    };
    assert_eq!(
        Report::merge(&[fast(0), fast(1)]),
        Err(MergeError::Overflow {
            report: "report 2".to_owned(),
            field: "seconds"
        })
    );
}

#[test]
fn every_count_is_checked_against_the_others() {
    let (a, _, _) = shards();
    let cases: Vec<(&str, Tamper)> = vec![
        ("games", Box::new(|r| r.games += 1)),
        ("games", Box::new(|r| r.draws += 1)),
        ("games", Box::new(|r| r.batch_games = 1000)),
        (
            "first_player_wins",
            Box::new(|r| r.first_player_wins = r.wins_a + r.wins_b + 1),
        ),
        (
            "turns_min",
            Box::new(|r| r.turns_min = r.turns_max.map(|t| t + 1)),
        ),
        ("turns_min", Box::new(|r| r.turns_max = None)),
        (
            "turns_max",
            Box::new(|r| r.turns_max = Some(r.max_turns + 2)),
        ),
        ("turns_sum", Box::new(|r| r.turns_sum = 0)),
        ("turns_sum", Box::new(|r| r.turns_sum = u64::MAX)),
        (
            "shards",
            Box::new(|r| r.shards = vec![Shard { index: 2, count: 2 }]),
        ),
        (
            "shards",
            Box::new(|r| r.shards = vec![Shard { index: 0, count: 0 }]),
        ),
        ("shards", Box::new(|r| r.shards.push(r.shards[0]))),
        (
            "shards",
            Box::new(|r| r.shards.push(Shard { index: 1, count: 3 })),
        ),
        ("seconds", Box::new(|r| r.seconds = -1.0)),
        ("max_turns", Box::new(|r| r.max_turns = u32::MAX)),
        (
            "cards_digest",
            Box::new(|r| r.cards_digest = "nope".to_owned()),
        ),
        ("failures_omitted", Box::new(|r| r.failures_omitted = 1)),
        (
            "turns_histogram",
            Box::new(|r| {
                let bars = r.turns_histogram.as_mut().unwrap();
                bars[0].games += 1;
            }),
        ),
        (
            "turns_histogram",
            Box::new(|r| {
                let bars = r.turns_histogram.as_mut().unwrap();
                assert!(bars.len() > 1, "{bars:?}");
                bars.reverse();
            }),
        ),
        (
            "play_draw",
            Box::new(|r| {
                // A win of deck A moved from its games on the play to those on the draw: the
                // totals hold, the first player's wins do not.
                let seats = r.play_draw.as_mut().unwrap();
                assert!(seats.a_first.wins_a > 0, "{seats:?}");
                seats.a_first.wins_a -= 1;
                seats.a_first.games -= 1;
                seats.b_first.wins_a += 1;
                seats.b_first.games += 1;
            }),
        ),
        (
            "play_draw",
            Box::new(|r| r.play_draw.as_mut().unwrap().a_first.games += 1),
        ),
    ];
    for (field, tamper) in cases {
        let mut r = a.clone();
        tamper(&mut r);
        assert_eq!(inconsistent(&r), field, "{r:?}");
    }
}

/// A report whose first two games failed: games 0 and 2 of shard 0/2.
fn with_failures(mut r: Report) -> Report {
    let failure = |index| GameFailure {
        index,
        seed: seed_of(&r, index),
        message: "refused".to_owned(),
    };
    r.failures = vec![failure(0), failure(2)];
    r.wins_a -= 1;
    r.wins_b -= 1;
    // One of deck B's losses and one of deck A's become failures.
    let reasons = r
        .end_reasons
        .as_mut()
        .expect("a new report counts end reasons");
    for deck in 0..2 {
        if reasons.health[deck] > 0 {
            reasons.health[deck] -= 1;
        } else {
            reasons.empty_deck[deck] -= 1;
        }
    }
    // The turns are made up by the callers: leave out what they do not make up.
    without_lengths_and_seats(&mut r);
    r
}

/// A report as rtg wrote them before it counted game lengths and seats, for the tests that
/// make counts up by hand (the tests of those counts are below).
fn without_lengths_and_seats(r: &mut Report) {
    r.turns_histogram = None;
    r.play_draw = None;
}

/// The seed of game `index` of the report's batch.
fn seed_of(r: &Report, index: u64) -> u64 {
    let c = SimConfig {
        seed: r.seed,
        ..SimConfig::default()
    };
    c.game(index).seed
}

#[test]
fn failures_must_be_games_of_the_report_in_order_with_their_seed() {
    let (a, _, _) = shards();
    assert!(a.wins_a > 0 && a.wins_b > 0, "{a:?}");
    let good = with_failures(a);
    let turns = |r: &mut Report| {
        // Two fewer finished games: keep the turn sum within min/max for the 8 left.
        r.turns_sum = u64::from(r.turns_min.unwrap()) * 8;
        r.turns_max = r.turns_min;
    };
    let mut ok = good.clone();
    turns(&mut ok);
    ok.check().unwrap();
    let mut wrong_seed = ok.clone();
    wrong_seed.failures[1].seed ^= 1;
    assert_eq!(inconsistent(&wrong_seed), "failures");
    let mut out_of_order = ok.clone();
    out_of_order.failures.swap(0, 1);
    assert_eq!(inconsistent(&out_of_order), "failures");
    let mut other_shard = ok.clone();
    other_shard.failures[1].index = 1;
    other_shard.failures[1].seed = seed_of(&other_shard, 1);
    assert_eq!(inconsistent(&other_shard), "failures");
}

#[test]
fn reports_of_other_batches_are_refused_naming_the_field() {
    let (a, b, _) = shards();
    let cases: Vec<(&str, Tamper)> = vec![
        ("deck_a", Box::new(|r| r.deck_a = "other".to_owned())),
        ("deck_b", Box::new(|r| r.deck_b = "other".to_owned())),
        (
            "bots",
            Box::new(|r| r.bots = ["heuristic", "heuristic"].map(BotSpec::new)),
        ),
        (
            "cards_digest",
            Box::new(|r| r.cards_digest = "0123456789abcdef".to_owned()),
        ),
        ("max_turns", Box::new(|r| r.max_turns = 100)),
    ];
    for (field, tamper) in cases {
        let mut other = b.clone();
        tamper(&mut other);
        match Report::merge(&[a.clone(), other]) {
            Err(MergeError::DifferentBatch {
                report,
                first,
                field: f,
                ..
            }) => {
                assert_eq!(
                    (report.as_str(), first.as_str(), f),
                    ("report 2", "report 1", field)
                );
            }
            other => panic!("{field}: {other:?}"),
        }
    }
    let mut thirds = b.clone();
    thirds.shards = vec![Shard { index: 1, count: 3 }];
    thirds.batch_games = 20;
    thirds.games = Shard { index: 1, count: 3 }.games_in(20);
    let error = Report::merge(&[a, thirds]).unwrap_err();
    assert!(
        matches!(
            &error,
            MergeError::Inconsistent { .. }
                | MergeError::DifferentBatch {
                    field: "shard count",
                    ..
                }
        ),
        "{error}"
    );
}

#[test]
fn failures_beyond_the_listed_ones_are_counted_and_merge_like_the_whole_batch() {
    // Synthetic records: the fold is what is tested, not the games.
    let settings = |index| SimConfig::default().game(index);
    let failed = |index| GameRecord {
        settings: settings(index),
        end: GameEnd::Error,
        turns: 0,
        error: Some("refused".to_owned()),
        actions: Vec::new(),
        checkpoints: Vec::new(),
        final_digest: 0,
        losses: [None, None],
    };
    let games = 3 * MAX_LISTED_FAILURES as u64;
    let report = |shard: Shard| {
        let mut r = Report::new("a", "b", SimConfig::default().bots, 0, games, 200, 7, shard);
        for index in (0..games).filter(|&i| shard.has(i)) {
            r.add(index, &failed(index));
        }
        r
    };
    let whole = report(Shard::WHOLE);
    assert_eq!(whole.failures.len(), MAX_LISTED_FAILURES);
    assert_eq!(whole.failures_omitted, games - MAX_LISTED_FAILURES as u64);
    assert_eq!(whole.errors(), games);
    assert_eq!(
        whole.failures.last().map(|f| f.index),
        Some(MAX_LISTED_FAILURES as u64 - 1)
    );
    whole.check().unwrap();
    let parts: Vec<Report> = (0..4)
        .map(|index| report(Shard { index, count: 4 }))
        .collect();
    let merged = Report::merge(&parts).unwrap();
    assert_eq!(merged, whole);
    // A report of before the bound lists every failure: it is accepted, and merging bounds it.
    let mut unbounded = whole.clone();
    unbounded.failures = (0..games)
        .map(|index| GameFailure {
            index,
            seed: settings(index).seed,
            message: "refused".to_owned(),
        })
        .collect();
    unbounded.failures_omitted = 0;
    unbounded.check().unwrap();
    assert_eq!(Report::merge(&[unbounded]).unwrap(), whole);
    let line = format!("  {:<24}{:>10}\n", "engine errors", games);
    assert!(
        rtg_report::text::batch_table(&whole).contains(&line),
        "{}",
        rtg_report::text::batch_table(&whole)
    );
}

#[test]
fn the_shard_plan_is_computed_for_any_batch_size() {
    let last = Shard {
        index: u64::MAX - 1,
        count: u64::MAX,
    };
    assert_eq!(last.games_in(u64::MAX), 1);
    assert_eq!(last.game(0), u64::MAX - 1);
    assert_eq!(
        Shard {
            index: 0,
            count: u64::MAX
        }
        .games_in(u64::MAX),
        1
    );
    assert_eq!(Shard::WHOLE.games_in(u64::MAX), u64::MAX);
    assert_eq!(
        Shard { index: 1, count: 2 }.games_in(u64::MAX),
        (1 << 63) - 1
    );
    assert_eq!(Shard { index: 0, count: 2 }.games_in(u64::MAX), 1 << 63);
    assert_eq!(Shard { index: 5, count: 3 }.games_in(100), 0, "not a shard");
    assert_eq!(Shard { index: 0, count: 0 }.games_in(100), 0);
    assert!(!Shard { index: 0, count: 0 }.has(0));
    for count in 1..6 {
        for batch in 0..20 {
            for index in 0..count {
                let s = Shard { index, count };
                let listed: Vec<u64> = (0..batch).filter(|&g| s.has(g)).collect();
                let planned: Vec<u64> = (0..s.games_in(batch)).map(|k| s.game(k)).collect();
                assert_eq!(planned, listed, "{s:?} of {batch}");
            }
        }
    }
    // A batch of 2^64 - 1 games, of which this shard has one: played at once.
    let m = matchup();
    let mut c = config(["greedy", "greedy"], u64::MAX);
    c.shard = Shard {
        index: 0,
        count: u64::MAX,
    };
    let report = simulate(&m, &c, &|_| {}).unwrap();
    assert_eq!(report.games, 1);
    report.check().unwrap();
}

#[test]
fn counts_beyond_their_limits_are_refused_before_playing() {
    let m = matchup();
    let base = config(["greedy", "greedy"], 2);
    let refused = |c: SimConfig| match simulate(&m, &c, &|_| {}) {
        Err(SimError::Config(e)) => e,
        other => panic!("{other:?}"),
    };
    let c = SimConfig {
        opening_hand: u32::MAX,
        ..base.clone()
    };
    assert_eq!(
        refused(c),
        ConfigError::Settings(SettingsError::OpeningHand(u32::MAX))
    );
    let c = SimConfig {
        max_turns: MAX_TURNS + 1,
        ..base.clone()
    };
    assert_eq!(
        refused(c),
        ConfigError::Settings(SettingsError::MaxTurns(MAX_TURNS + 1))
    );
    let c = SimConfig {
        threads: Some(MAX_THREADS + 1),
        ..base.clone()
    };
    assert_eq!(refused(c), ConfigError::Threads(MAX_THREADS + 1));
    let c = SimConfig {
        threads: Some(0),
        ..base.clone()
    };
    assert_eq!(refused(c), ConfigError::Threads(0));
    let c = SimConfig {
        shard: Shard { index: 3, count: 3 },
        ..base.clone()
    };
    assert_eq!(refused(c), ConfigError::Shard { index: 3, count: 3 });
    // At the limits, games are played.
    let c = SimConfig {
        opening_hand: MAX_OPENING_HAND,
        max_turns: MAX_TURNS,
        ..base.clone()
    };
    assert_eq!(simulate(&m, &c, &|_| {}).unwrap().games, 2);
}

/// A recorded game's replay.
fn replay() -> (Matchup, Replay) {
    let m = matchup();
    let settings = config(["random", "greedy"], 1).game(3);
    let record = play_game(&m, &settings, true);
    assert!(record.error.is_none());
    let replay = Replay::from_record(&m, &record);
    assert!(replay.checkpoints.len() > 4);
    (m, replay)
}

#[test]
fn a_replay_verifies_every_checkpoint_and_says_how_many() {
    let (m, replay) = replay();
    let verified = replay.verify(&m, |_, _, _| {}).unwrap();
    assert_eq!(
        verified,
        Verified {
            actions: replay.actions.len(),
            checkpoints: replay.checkpoints.len()
        }
    );
    // The last checkpoint is checked too, not only the first.
    let mut tampered = replay.clone();
    let last = tampered.checkpoints.len() - 1;
    tampered.checkpoints[last].digest = "0123456789abcdef".to_owned();
    let at = tampered.checkpoints[last].actions;
    match tampered.verify(&m, |_, _, _| {}) {
        Err(ReplayError::Digest {
            actions, recorded, ..
        }) => {
            assert_eq!((actions, recorded.as_str()), (at, "0123456789abcdef"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_first_checkpoint_beyond_the_game_does_not_hide_the_others() {
    // The reproducer: the first checkpoint names action 10^9, the others are corrupted.
    let (m, mut replay) = replay();
    replay.checkpoints[0].actions = 1_000_000_000;
    for cp in &mut replay.checkpoints[1..] {
        cp.digest = "ffffffffffffffff".to_owned();
    }
    assert_eq!(
        replay.verify(&m, |_, _, _| {}),
        Err(ReplayError::CheckpointBeyond {
            position: 0,
            actions: 1_000_000_000,
            total: replay.actions.len()
        })
    );
}

#[test]
fn checkpoints_out_of_order_or_twice_are_refused() {
    let (m, replay) = replay();
    let mut swapped = replay.clone();
    swapped.checkpoints.swap(1, 2);
    assert!(matches!(
        swapped.verify(&m, |_, _, _| {}),
        Err(ReplayError::CheckpointOrder { position: 2, .. })
    ));
    let mut twice = replay.clone();
    let copy = twice.checkpoints[1].clone();
    twice.checkpoints.insert(1, copy);
    let error = twice.verify(&m, |_, _, _| {}).unwrap_err();
    assert!(
        matches!(error, ReplayError::CheckpointOrder { position: 2, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("each once"), "{error}");
    // A million checkpoints (within the file cap) are refused at the second.
    let mut many = replay;
    many.checkpoints = vec![many.checkpoints[0].clone(); 1_000_000];
    assert!(matches!(
        many.verify(&m, |_, _, _| {}),
        Err(ReplayError::CheckpointOrder { position: 1, .. })
    ));
}

#[test]
fn replay_settings_beyond_the_limits_are_refused_before_the_setup() {
    let (m, replay) = replay();
    let mut hand = replay.clone();
    hand.settings.opening_hand = u32::MAX;
    assert_eq!(
        hand.verify(&m, |_, _, _| {}),
        Err(ReplayError::Settings(SettingsError::OpeningHand(u32::MAX)))
    );
    let mut turns = replay;
    turns.settings.max_turns = u32::MAX;
    assert_eq!(
        turns.verify(&m, |_, _, _| {}),
        Err(ReplayError::Settings(SettingsError::MaxTurns(u32::MAX)))
    );
}

/// A deck of one free artifact with a free ability that can be used any number of times (the
/// reproducer of issue #23: 32,000 uses in one phase cost half a minute to replay).
fn whirligig_matchup() -> Matchup {
    use crate::support::{ability, alteration, amount};
    use rtg_core::{AbilityType, CardDefinition, CardType, Mana, TargetSpec};
    let heal = alteration("heal_player", TargetSpec::Owner, &[("amount", amount(1))]);
    let whirligig = std::sync::Arc::new(
        CardDefinition::vanilla("whirligig", "Whirligig", CardType::Artifact)
            .with_ability(ability(AbilityType::Activated, Mana::EMPTY, vec![heal])),
    );
    let cards = vec![whirligig; 40];
    Matchup::new(
        DeckList {
            name: "a".to_owned(),
            cards: cards.clone(),
        },
        DeckList {
            name: "b".to_owned(),
            cards,
        },
    )
    .unwrap()
}

#[test]
fn a_replay_beyond_the_per_phase_cap_is_refused_at_the_first_extra_action() {
    use rtg_core::{InstanceId, Phase};
    use rtg_rules::{Action, Scratch, step};
    let m = whirligig_matchup();
    let settings = config(["random", "random"], 1).game(0);
    let record = play_game(&m, &settings, true);
    let mut replay = Replay::from_record(&m, &record);
    // Seat 0's turn 1: to its main phase, play a whirligig, then use it past the cap.
    let mut state = rtg_sim::initial_state(&m, &settings).unwrap();
    let mut actions = Vec::new();
    let mut apply = |state: &mut rtg_core::GameState, action: Action| {
        step(state, &action, &mut Vec::new(), &mut Scratch::new()).unwrap();
        actions.push(action);
    };
    while state.phase() != Phase::Main {
        apply(&mut state, Action::AdvancePhase);
    }
    let player = state.active();
    let card: InstanceId = state.player(player).hand()[0];
    apply(
        &mut state,
        Action::PlayCard {
            player,
            card,
            target: None,
        },
    );
    let uses = MAX_ACTIONS_PER_PHASE as usize + 5;
    for _ in 0..uses {
        apply(
            &mut state,
            Action::ActivateAbility {
                player,
                card,
                ability_index: 0,
                target: None,
            },
        );
    }
    let advances = actions
        .iter()
        .filter(|a| matches!(a, Action::AdvancePhase))
        .count();
    replay.actions = actions;
    replay.checkpoints.clear();
    // The first action past the cap: the cap counts the play and the uses since the last
    // advance; every action before it is replayed, none after.
    let mut replayed = 0;
    match replay.verify(&m, |_, action, _| replayed += usize::from(action.is_some())) {
        Err(ReplayError::PhaseCap { index, limit, .. }) => {
            assert_eq!(limit, MAX_ACTIONS_PER_PHASE);
            assert_eq!(index, advances + MAX_ACTIONS_PER_PHASE as usize);
            assert_eq!(replayed, index);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_replay_deck_longer_than_a_deck_file_may_be_is_refused_while_reading() {
    let (_, replay) = replay();
    let mut json: serde_json::Value = serde_json::to_value(&replay).unwrap();
    let cards = vec![serde_json::Value::from("goblin"); rtg_yaml::MAX_DECK_CARDS as usize + 1];
    json["decks"][0]["cards"] = serde_json::Value::from(cards);
    let error = serde_json::from_value::<Replay>(json)
        .unwrap_err()
        .to_string();
    assert!(error.contains("at most 10000 cards"), "{error}");
}

#[test]
fn a_replay_naming_a_bot_rtg_cannot_make_is_refused() {
    let (m, replay) = replay();
    for spec in ["x", "mcts:iterations=99999999999999999999"] {
        let mut tampered = replay.clone();
        tampered.settings.bots[1] = spec.parse().unwrap();
        match tampered.verify(&m, |_, _, _| {}) {
            Err(ReplayError::Bot { side: 'B', .. }) => {}
            other => panic!("{spec}: {other:?}"),
        }
    }
}

#[test]
fn a_replay_deck_name_longer_than_a_deck_file_may_have_is_refused() {
    let (_, replay) = replay();
    let mut json: serde_json::Value = serde_json::to_value(&replay).unwrap();
    json["decks"][1]["name"] = serde_json::Value::from("n".repeat(1 << 20));
    let error = serde_json::from_value::<Replay>(json)
        .unwrap_err()
        .to_string();
    assert!(error.contains("at most 256 characters"), "{error}");
}

/// A deck of creatures whose free ability gives itself +1/+1 for a thousand turns, as often as
/// its controller likes: every use arms one more reversal (issue #23: each use was slower than
/// the last, as every event was matched against every armed reversal).
fn pump_matchup(ends_on: Option<rtg_core::EventType>) -> Matchup {
    use crate::support::{ability, alteration, amount};
    use rtg_core::{AbilityType, CardDefinition, CardType, Mana, TargetSpec, TurnCount};
    let mut pump = alteration(
        "buff_card",
        TargetSpec::SelfCard,
        &[
            ("attack_increase", amount(1)),
            ("defense_increase", amount(1)),
        ],
    );
    pump.turn_duration = Some(TurnCount::Fixed(1000));
    pump.end_trigger = ends_on;
    let pumper = std::sync::Arc::new(
        CardDefinition::vanilla("pumper", "Pumper", CardType::Creature)
            .with_stats(1, 1)
            .with_ability(ability(AbilityType::Activated, Mana::EMPTY, vec![pump])),
    );
    let cards = vec![pumper; 200];
    let deck = |name: &str| DeckList {
        name: name.to_owned(),
        cards: cards.clone(),
    };
    Matchup::new(deck("a"), deck("b")).unwrap()
}

#[test]
fn armed_reversals_are_bounded_and_events_they_do_not_wait_for_never_scan_them() {
    use rtg_core::{InstanceId, Phase};
    use rtg_rules::{Action, RulesError, Scratch, apply, step};
    let m = pump_matchup(None);
    let settings = config(["random", "random"], 1).game(0);
    let mut state = rtg_sim::initial_state(&m, &settings).unwrap();
    let mut scratch = Scratch::new();
    let mut events = Vec::new();
    let mut pumpers: [Option<InstanceId>; 2] = [None, None];
    let mut uses = 0usize;
    let refusal = 'game: loop {
        while state.phase() != Phase::Main {
            step(&mut state, &Action::AdvancePhase, &mut events, &mut scratch).unwrap();
        }
        let player = state.active();
        match pumpers[player.index()] {
            // Summoning sick on the turn it is played: used from its controller's next turn.
            None => {
                let card = state.player(player).hand()[0];
                let play = Action::PlayCard {
                    player,
                    card,
                    target: None,
                };
                step(&mut state, &play, &mut events, &mut scratch).unwrap();
                pumpers[player.index()] = Some(card);
            }
            Some(card) => {
                let pump = Action::ActivateAbility {
                    player,
                    card,
                    ability_index: 0,
                    target: None,
                };
                for _ in 0..MAX_ACTIONS_PER_PHASE - 1 {
                    events.clear();
                    // Kept only for the one step the test expects to be refused: a copy per
                    // step would copy the list of reversals each time.
                    let full = state.reversals().len() == rtg_events::MAX_ARMED_REVERSALS;
                    let before = full.then(|| state.clone());
                    if let Err(error) = step(&mut state, &pump, &mut events, &mut scratch) {
                        let before = before.expect("refused only once full");
                        // The pure form refuses it the same way.
                        assert_eq!(apply(&before, &pump).unwrap_err(), error);
                        break 'game (error, before);
                    }
                    uses += 1;
                    assert!(state.reversals().len() <= rtg_events::MAX_ARMED_REVERSALS);
                }
            }
        }
        step(&mut state, &Action::AdvancePhase, &mut events, &mut scratch).unwrap();
    };
    let (error, before) = refusal;
    assert_eq!(error.kind(), "reversal_limit", "{error}");
    assert!(matches!(error, RulesError::ReversalLimit(_)));
    assert_eq!(uses, rtg_events::MAX_ARMED_REVERSALS);
    assert_eq!(before.reversals().len(), rtg_events::MAX_ARMED_REVERSALS);
    // Ten thousand armed, ten thousand uses and every phase between them: no event ended a
    // reversal, so none was ever tested (before the fix, each event tested every one).
    assert_eq!(scratch.reversals_examined(), 0);

    // The same pump ending at the end of its turn: each turn's end tests the reversals armed,
    // and fires them all.
    let m = pump_matchup(Some(rtg_core::EventType::OnTurnEnd));
    let mut state = rtg_sim::initial_state(&m, &settings).unwrap();
    let mut scratch = Scratch::new();
    let mut pumper = None;
    while scratch.reversals_examined() == 0 {
        while state.phase() != Phase::Main {
            step(&mut state, &Action::AdvancePhase, &mut events, &mut scratch).unwrap();
        }
        let player = state.active();
        let card = *pumper.get_or_insert_with(|| state.player(player).hand()[0]);
        let action = if state.card(card).location() == rtg_core::Location::Hand {
            Action::PlayCard {
                player,
                card,
                target: None,
            }
        } else if state.card(card).owner == player {
            Action::ActivateAbility {
                player,
                card,
                ability_index: 0,
                target: None,
            }
        } else {
            Action::AdvancePhase
        };
        if !matches!(action, Action::AdvancePhase) {
            for _ in 0..3 {
                step(&mut state, &action, &mut events, &mut scratch).unwrap();
                if matches!(action, Action::PlayCard { .. }) {
                    break;
                }
            }
        }
        step(&mut state, &Action::AdvancePhase, &mut events, &mut scratch).unwrap();
    }
    assert_eq!(scratch.reversals_examined(), 3);
    assert!(state.reversals().is_empty());
}
