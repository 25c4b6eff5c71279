//! Rule sets as a setting of everything that plays: games, replays, reports and merges.

use std::sync::Arc;

use rtg_core::{CardDefinition, RuleSet, Technique};
use rtg_rules::Action;
use rtg_sim::*;

use crate::{config, matchup, support};

fn under(rules: RuleSet, bots: [&str; 2], games: u64) -> SimConfig {
    SimConfig {
        rules,
        ..config(bots, games)
    }
}

/// The sample decks with every goblin replaced by a sentry: a 2/2 with vigilance.
fn vigilant_matchup() -> Matchup {
    let fire = support::mana(&[(rtg_core::ManaType::Fire, 1)]);
    let sentry =
        Arc::new(support::creature("sentry", fire, 2, 2).with_techniques([Technique::Vigilance]));
    let deck: Vec<_> = support::sample_deck()
        .into_iter()
        .map(|d| {
            if d.card_id.as_str() == "goblin" {
                Arc::clone(&sentry)
            } else {
                d
            }
        })
        .collect();
    let list = |name: &str, cards: Vec<Arc<CardDefinition>>| DeckList {
        name: name.to_owned(),
        cards,
    };
    Matchup::new(
        list("a", deck.clone()),
        list("b", deck.into_iter().rev().collect()),
    )
    .unwrap()
}

#[test]
fn under_ptg_0_9_an_attacker_is_tapped_unless_it_has_vigilance_and_under_ptg_0_2_never() {
    let m = vigilant_matchup();
    for rules in RuleSet::ALL {
        // [attacks by creatures without vigilance, attacks by creatures with it]
        let mut attacks = [0u32; 2];
        for game in 0..12 {
            let settings = under(rules, ["greedy", "heuristic"], 12).game(game);
            assert_eq!(settings.rules, rules);
            let record = play_game_observed(&m, &settings, false, &mut |state, action, _, _| {
                assert_eq!(state.rules(), rules);
                if let Some(Action::DeclareAttack { attacker, .. }) = action {
                    let card = state.card(*attacker);
                    let vigilant = card.has(Technique::Vigilance);
                    attacks[usize::from(vigilant)] += 1;
                    assert_eq!(
                        card.tapped,
                        rules == RuleSet::Ptg09 && !vigilant,
                        "{rules}: an attacker {} vigilance",
                        if vigilant { "with" } else { "without" }
                    );
                }
            });
            assert!(record.error.is_none(), "{rules}: {:?}", record.error);
        }
        assert!(
            attacks[0] > 0 && attacks[1] > 0,
            "{rules}: the games must attack with and without vigilance: {attacks:?}"
        );
    }
}

#[test]
fn a_replay_recorded_under_ptg_0_9_replays_under_it_and_a_changed_rule_set_is_caught() {
    let m = matchup();
    let settings = under(RuleSet::Ptg09, ["random", "greedy"], 1).game(3);
    let record = play_game(&m, &settings, true);
    assert!(record.error.is_none());
    let replay = Replay::from_record(&m, &record);
    let json = serde_json::to_value(&replay).unwrap();
    assert_eq!(json["settings"]["rules"], "ptg-0.9");
    let back: Replay = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back.settings.rules, RuleSet::Ptg09);
    let mut seen = 0;
    back.verify(&m, |state, _, _| {
        assert_eq!(state.rules(), RuleSet::Ptg09);
        seen += 1;
    })
    .unwrap();
    assert_eq!(seen, record.actions.len() + 1);

    // The rule set is in the digest: another one fails at the very first checkpoint, whether
    // the field is changed or dropped (a replay without it is ptg-0.2).
    let mut changed = back.clone();
    changed.settings.rules = RuleSet::Ptg02;
    let mut dropped = json;
    dropped["settings"]
        .as_object_mut()
        .unwrap()
        .remove("rules")
        .unwrap();
    let dropped: Replay = serde_json::from_value(dropped).unwrap();
    assert_eq!(dropped.settings.rules, RuleSet::Ptg02);
    for tampered in [changed, dropped] {
        assert!(matches!(
            tampered.verify(&m, |_, _, _| {}),
            Err(ReplayError::Digest { actions: 0, .. })
        ));
    }
    // A ptg-0.2 game recorded under ptg-0.9's name fails the same way.
    let plain = play_game(&m, &config(["random", "greedy"], 1).game(3), true);
    let mut renamed = Replay::from_record(&m, &plain);
    renamed.settings.rules = RuleSet::Ptg09;
    assert!(matches!(
        renamed.verify(&m, |_, _, _| {}),
        Err(ReplayError::Digest { actions: 0, .. })
    ));
    // An unknown rule set is refused when the file is read.
    let mut unknown = serde_json::to_value(&replay).unwrap();
    unknown["settings"]["rules"] = "ptg-1.0".into();
    let err = serde_json::from_value::<Replay>(unknown).unwrap_err();
    assert!(err.to_string().contains("ptg-1.0"), "{err}");
}

#[test]
fn a_ptg_0_2_replay_is_written_as_before_without_a_rules_field() {
    let m = matchup();
    let record = play_game(&m, &config(["greedy", "greedy"], 1).game(0), true);
    let replay = Replay::from_record(&m, &record);
    let json = serde_json::to_value(&replay).unwrap();
    assert!(
        json["settings"].get("rules").is_none(),
        "{}",
        json["settings"]
    );
    assert_eq!(replay.version, 2);
    let back: Replay = serde_json::from_value(json).unwrap();
    assert_eq!(back.settings.rules, RuleSet::Ptg02);
    back.verify(&m, |_, _, _| {}).unwrap();
}

#[test]
fn reports_name_the_rule_set_only_when_it_is_not_the_default() {
    let m = matchup();
    let plain = simulate(&m, &config(["greedy", "greedy"], 6), &|_| {}).unwrap();
    let json = serde_json::to_value(&plain).unwrap();
    assert!(json.get("rules").is_none(), "{json}");
    assert!(
        !rtg_report::text::batch_table(&plain).contains("rules"),
        "{}",
        rtg_report::text::batch_table(&plain)
    );

    let nine = simulate(&m, &under(RuleSet::Ptg09, ["greedy", "greedy"], 6), &|_| {}).unwrap();
    assert_eq!(nine.rules, RuleSet::Ptg09);
    let json = serde_json::to_value(&nine).unwrap();
    assert_eq!(json["rules"], "ptg-0.9");
    let first_line = rtg_report::text::batch_table(&nine)
        .lines()
        .next()
        .unwrap()
        .to_owned();
    assert!(first_line.ends_with(", rules ptg-0.9"), "{first_line}");
    // Read back: the rule set survives; a report without it (any written before) is ptg-0.2.
    let back: Report = serde_json::from_value(json).unwrap();
    assert_eq!(back, nine);
    let old: Report = serde_json::from_value(serde_json::to_value(&plain).unwrap()).unwrap();
    assert_eq!(old.rules, RuleSet::Ptg02);

    let decks = [m.decks[0].clone(), m.decks[1].clone()];
    for rules in RuleSet::ALL {
        let t = tournament(
            &decks,
            &under(rules, ["greedy", "greedy"], 4),
            false,
            &|_| {},
            &mut |_, row| {
                assert_eq!(row.record.settings.rules, rules);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(t.rules, rules);
        let g = goldfish(
            &decks[0],
            &GoldfishConfig {
                games: 4,
                threads: Some(1),
                rules,
                ..GoldfishConfig::default()
            },
            false,
            &|_| {},
        )
        .unwrap();
        assert_eq!(g.rules, rules);
        for json in [
            serde_json::to_value(&t).unwrap(),
            serde_json::to_value(&g).unwrap(),
        ] {
            match rules {
                RuleSet::Ptg02 => assert!(json.get("rules").is_none(), "{json}"),
                RuleSet::Ptg09 => assert_eq!(json["rules"], "ptg-0.9"),
            }
        }
    }
}

#[test]
fn shards_of_one_rule_set_merge_and_of_two_are_refused() {
    let m = matchup();
    let shard = |rules: RuleSet, index: u64| {
        let mut c = under(rules, ["greedy", "random"], 10);
        c.shard = Shard { index, count: 2 };
        simulate(&m, &c, &|_| {}).unwrap()
    };
    let whole = simulate(
        &m,
        &under(RuleSet::Ptg09, ["greedy", "random"], 10),
        &|_| {},
    )
    .unwrap();
    let merged = Report::merge(&[shard(RuleSet::Ptg09, 0), shard(RuleSet::Ptg09, 1)]).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged.rules, RuleSet::Ptg09);

    let err = Report::merge(&[shard(RuleSet::Ptg02, 0), shard(RuleSet::Ptg09, 1)]).unwrap_err();
    assert!(matches!(
        err,
        MergeError::DifferentBatch { field: "rules", .. }
    ));
    assert_eq!(
        err.to_string(),
        "report 2: not the batch of report 1: `rules` is ptg-0.9 there, ptg-0.2 in report 1"
    );
}
