//! Player ids: only seats 0 and 1 play. An action naming any other id, as the acting player or as
//! a player target, is refused with `unknown_player` and changes nothing (issue #10: ids were
//! folded onto a seat with `& 1`, so `PlayerId(3)` acted as seat 1 and its events carried the
//! bad id).

use crate::prelude::*;

use super::positions::*;

/// Seat 0 in its main phase with a spell and an ability that damage a chosen player, creatures to
/// attack, block and order, and a pending trigger that aims at a chosen player.
struct Table {
    main: GameState,
    zap: InstanceId,
    pinger: InstanceId,
    bear: InstanceId,
    /// The defense phase of seat 0's attack with `bear`, blocked by two of seat 1's walls.
    defense: GameState,
    walls: [InstanceId; 2],
    /// A third wall of seat 1's, not blocking.
    spare: InstanceId,
    /// A pending trigger of seat 0 waits for a player to damage.
    pending: GameState,
}

fn table() -> Table {
    let zap = spell(
        "zap",
        vec![alt(
            "damage_player",
            TargetSpec::Choose,
            &[("amount", amount(1))],
        )],
    );
    let pinger = creature("pinger", 1, 1).with_ability(activated(
        Mana::EMPTY,
        vec![alt(
            "damage_player",
            TargetSpec::Choose,
            &[("amount", amount(1))],
        )],
    ));
    let herald = creature("herald", 1, 1).with_ability(triggered(vec![on(
        EventType::OnCardEnterBattlefield,
        alt(
            "damage_player",
            TargetSpec::Choose,
            &[("amount", amount(2))],
        ),
    )]));
    let mut p = pos(vec![
        zap,
        pinger,
        herald,
        creature("bear", 2, 2),
        creature("wall", 0, 4),
    ]);
    let zap = p.add(P0, Zone::Hand, "zap");
    let herald = p.add(P0, Zone::Hand, "herald");
    let pinger = p.field(P0, "pinger");
    let bear = p.field(P0, "bear");
    let walls = [p.field(P1, "wall"), p.field(P1, "wall")];
    let spare = p.field(P1, "wall");
    let main = p.state();
    let (attacking, _) = ok(
        &main,
        Action::DeclareAttack {
            player: P0,
            attacker: bear,
        },
    );
    let (mut defense, _) = advance_to(&attacking, Phase::Defense);
    for blocker in walls {
        defense = ok(
            &defense,
            Action::DeclareDefense {
                player: P1,
                blocker,
                combat_index: 0,
            },
        )
        .0;
    }
    let (pending, _) = ok(&main, play(P0, herald));
    assert_eq!(pending.pending_triggers().len(), 1);
    Table {
        main,
        zap,
        pinger,
        bear,
        defense,
        walls,
        spare,
        pending,
    }
}

/// Every action that names `player` as its actor or its player target, with the state it is
/// tried on. With a seat in place of `player`, each would be accepted or refused for another
/// reason.
fn naming(t: &Table, player: PlayerId) -> Vec<(&'static str, GameState, Action)> {
    vec![
        (
            "play a card",
            t.main.clone(),
            play_at(player, t.zap, Target::Player(P1)),
        ),
        (
            "play at a player",
            t.main.clone(),
            play_at(P0, t.zap, Target::Player(player)),
        ),
        (
            "activate",
            t.main.clone(),
            Action::ActivateAbility {
                player,
                card: t.pinger,
                ability_index: 0,
                target: Some(Target::Player(P1)),
            },
        ),
        (
            "activate at a player",
            t.main.clone(),
            Action::ActivateAbility {
                player: P0,
                card: t.pinger,
                ability_index: 0,
                target: Some(Target::Player(player)),
            },
        ),
        (
            "attack",
            t.main.clone(),
            Action::DeclareAttack {
                player,
                attacker: t.bear,
            },
        ),
        (
            "block",
            t.defense.clone(),
            Action::DeclareDefense {
                player,
                blocker: t.spare,
                combat_index: 0,
            },
        ),
        (
            "order blockers",
            t.defense.clone(),
            Action::OrderBlockers {
                player,
                combat_index: 0,
                blockers: vec![t.walls[1], t.walls[0]],
            },
        ),
        (
            "resolve a pending trigger at a player",
            t.pending.clone(),
            Action::ResolvePendingTrigger {
                index: 0,
                target: Target::Player(player),
            },
        ),
    ]
}

#[test]
fn actions_naming_players_two_three_and_255_are_refused_with_unknown_player() {
    let t = table();
    for id in [2, 3, 255] {
        let player = PlayerId(id);
        for (what, state, action) in naming(&t, player) {
            let error = refused(&state, action);
            assert_eq!(
                error,
                RulesError::UnknownPlayer(player),
                "{what} as {player}"
            );
            assert_eq!(error.kind(), "unknown_player");
        }
    }
}

#[test]
fn the_same_actions_naming_real_seats_are_accepted() {
    // Pins that the refusals above come from the id alone.
    let t = table();
    let by_seat = |what: &str| match what {
        "block" => P1,
        "play at a player" | "activate at a player" | "resolve a pending trigger at a player" => P1,
        _ => P0,
    };
    for (what, _, _) in naming(&t, PlayerId(9)) {
        let seat = by_seat(what);
        let (_, state, action) = naming(&t, seat)
            .into_iter()
            .find(|(w, _, _)| *w == what)
            .expect("same cases");
        let (after, events) = ok(&state, action);
        assert_ne!(after, state, "{what} by {seat}");
        for event in &events {
            assert!(
                event.zone_owner.is_none_or(PlayerId::is_seat),
                "{what}: {event:?}"
            );
        }
    }
}

#[test]
fn every_u8_id_other_than_the_two_seats_is_refused_as_actor_and_as_target() {
    let t = table();
    for id in 0..=u8::MAX {
        let player = PlayerId(id);
        let at = apply(&t.main, &play_at(P0, t.zap, Target::Player(player)));
        let by = apply(&t.main, &play_at(player, t.zap, Target::Player(P1)));
        let resolve = apply(
            &t.pending,
            &Action::ResolvePendingTrigger {
                index: 0,
                target: Target::Player(player),
            },
        );
        match id {
            0 | 1 => {
                let hit = at.expect("a seat is a legal target").state;
                assert_eq!(hit.player(player).health, 19);
                assert!(resolve.is_ok());
                if id == 0 {
                    assert!(by.is_ok());
                } else {
                    assert_eq!(by.unwrap_err().kind(), "not_your_turn");
                }
            }
            _ => {
                for result in [at, by, resolve] {
                    assert_eq!(result.unwrap_err(), RulesError::UnknownPlayer(player));
                }
            }
        }
        // legal_actions never lists an id that is no seat
        for state in [&t.main, &t.defense, &t.pending] {
            for action in legal_actions(state) {
                let named = match action {
                    Action::PlayCard {
                        target: Some(Target::Player(p)),
                        ..
                    }
                    | Action::ActivateAbility {
                        target: Some(Target::Player(p)),
                        ..
                    }
                    | Action::ResolvePendingTrigger {
                        target: Target::Player(p),
                        ..
                    } => Some(p),
                    _ => None,
                };
                assert!(named.is_none_or(PlayerId::is_seat));
            }
        }
    }
}

#[test]
fn game_over_and_pending_trigger_still_come_before_unknown_player() {
    // Contracts 4 and 14 refuse every action; the id is checked after them.
    let t = table();
    let bad = play_at(PlayerId(7), t.zap, Target::Player(P1));
    assert_eq!(refused(&t.pending, bad.clone()).kind(), "pending_trigger");
    let mut over = t.main.clone();
    over.declare_draw();
    assert_eq!(refused(&over, bad).kind(), "game_over");
}

#[test]
fn a_record_with_every_player_target_renumbered_no_longer_replays() {
    // Renumbering seat 1 to 3 once went unnoticed (3 & 1 == 1).
    let t = table();
    let actions = vec![
        play_at(P0, t.zap, Target::Player(P1)),
        Action::ActivateAbility {
            player: P0,
            card: t.pinger,
            ability_index: 0,
            target: Some(Target::Player(P1)),
        },
    ];
    let mut states = vec![t.main.clone()];
    for action in &actions {
        let next = ok(states.last().expect("a state"), action.clone()).0;
        states.push(next);
    }
    assert_eq!(states[2].player(P1).health, 18);
    let renumbered: Vec<Action> = actions
        .iter()
        .map(|a| match a.clone() {
            Action::PlayCard { player, card, .. } => Action::PlayCard {
                player,
                card,
                target: Some(Target::Player(PlayerId(3))),
            },
            Action::ActivateAbility {
                player,
                card,
                ability_index,
                ..
            } => Action::ActivateAbility {
                player,
                card,
                ability_index,
                target: Some(Target::Player(PlayerId(3))),
            },
            other => other,
        })
        .collect();
    for (state, action) in states.iter().zip(renumbered) {
        assert_eq!(
            refused(state, action),
            RulesError::UnknownPlayer(PlayerId(3))
        );
    }
}

#[test]
fn the_position_builder_refuses_ids_that_are_no_seat() {
    let mut p = pos(vec![creature("bear", 2, 2)]);
    assert_eq!(
        p.builder.add_card(PlayerId(2), Zone::Hand, "bear"),
        Err(SetupError::UnknownPlayer(PlayerId(2)))
    );
    p.builder.health(PlayerId(255), 5);
    assert_eq!(
        p.builder.build(),
        Err(SetupError::UnknownPlayer(PlayerId(255)))
    );
    let mut p = pos(vec![]);
    p.builder.active(PlayerId(3));
    assert_eq!(
        p.builder.build(),
        Err(SetupError::UnknownPlayer(PlayerId(3)))
    );
}

#[test]
fn player_ids_index_only_their_own_seat() {
    assert!(PlayerId(0).is_seat() && PlayerId(1).is_seat());
    assert_eq!(PlayerId(3).checked_index(), None);
    assert_eq!(PlayerId(1).checked_index(), Some(1));
    assert_eq!(PlayerId(0).opponent(), P1);
    assert_eq!(PlayerId(1).opponent(), P0);
    assert!(!PlayerId(2).opponent().is_seat() && !PlayerId(3).opponent().is_seat());
    let state = pos(vec![]).state();
    assert!(state.try_player(PlayerId(2)).is_none());
    assert_eq!(state.try_player(P1).map(|p| p.health), Some(20));
}

#[test]
fn an_action_names_its_actor_then_its_player_target() {
    let named = |a: Action| a.named_players().collect::<Vec<_>>();
    assert_eq!(
        named(play_at(P0, InstanceId(0), Target::Player(P1))),
        [P0, P1]
    );
    assert_eq!(
        named(play_at(P1, InstanceId(0), Target::Card(InstanceId(1)))),
        [P1]
    );
    let resolve = Action::ResolvePendingTrigger {
        index: 0,
        target: Target::Player(PlayerId(4)),
    };
    assert_eq!(named(resolve), [PlayerId(4)]);
    assert!(named(Action::AdvancePhase).is_empty());
}
