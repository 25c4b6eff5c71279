//! Blocker orders and the size of `legal_actions` (issue #10): listing every permutation of an
//! attack's blockers made `legal_actions` factorial (ten blockers took 1.5 s and 0.95 GB, eleven
//! aborted the process). It now lists, per attack, each blocker put first with the rest kept in
//! order; `apply` accepts any full order.

use crate::prelude::*;

use crate::support::*;

/// Seat 0's 99/99 giant and 6/6 ogre attack; seat 1 blocks the giant with `walls` 1/1 walls and
/// the ogre with `pups` 0/1 pups. The state is the defense phase after every block.
fn blocked(walls: usize, pups: usize) -> (GameState, Vec<InstanceId>, Vec<InstanceId>) {
    let mut p = pos(vec![
        creature("giant", 99, 99),
        creature("ogre", 6, 6),
        creature("wall", 1, 1),
        creature("pup", 0, 1),
    ]);
    let giant = p.field(P0, "giant");
    let ogre = p.field(P0, "ogre");
    let walls = p.many(P1, Zone::Battlefield, "wall", walls);
    let pups = p.many(P1, Zone::Battlefield, "pup", pups);
    let mut state = p.state();
    for attacker in [giant, ogre] {
        state = ok(
            &state,
            Action::DeclareAttack {
                player: P0,
                attacker,
            },
        )
        .0;
    }
    state = advance_to(&state, Phase::Defense).0;
    for (combat_index, blockers) in [(0, &walls), (1, &pups)] {
        for &blocker in blockers {
            state = ok(
                &state,
                Action::DeclareDefense {
                    player: P1,
                    blocker,
                    combat_index,
                },
            )
            .0;
        }
    }
    (state, walls, pups)
}

fn orders(state: &GameState, combat: usize) -> Vec<Vec<InstanceId>> {
    legal_actions(state)
        .into_iter()
        .filter_map(|a| match a {
            Action::OrderBlockers {
                combat_index,
                blockers,
                ..
            } if combat_index == combat => Some(blockers),
            _ => None,
        })
        .collect()
}

fn order(combat_index: usize, blockers: &[InstanceId]) -> Action {
    Action::OrderBlockers {
        player: P0,
        combat_index,
        blockers: blockers.to_vec(),
    }
}

#[test]
fn sixteen_blockers_on_one_attacker_list_one_order_per_blocker() {
    let n = 16;
    let (state, walls, _) = blocked(n, 0);
    let listed = orders(&state, 0);
    // each blocker put first, in the current order, the others kept in order
    assert_eq!(listed.len(), n);
    for (i, order) in listed.iter().enumerate() {
        assert_eq!(order[0], walls[i]);
        let rest: Vec<InstanceId> = walls.iter().copied().filter(|&w| w != walls[i]).collect();
        assert_eq!(order[1..], rest[..]);
    }
    assert_eq!(listed[0], walls, "the first listed is the current order");
    let all = legal_actions(&state);
    assert!(all.len() <= n * n + 4, "{} actions", all.len());
    assert_eq!(all.last(), Some(&Action::AdvancePhase));
}

#[test]
fn orders_are_listed_per_attack_and_two_blockers_list_both_orders_as_before() {
    let (state, walls, pups) = blocked(12, 2);
    assert_eq!(orders(&state, 0).len(), 12);
    assert_eq!(
        orders(&state, 1),
        vec![vec![pups[0], pups[1]], vec![pups[1], pups[0]]]
    );
    let (fewer, _, _) = blocked(1, 0);
    assert!(orders(&fewer, 0).is_empty(), "one blocker has no order");
    assert_eq!(walls.len(), 12);
}

#[test]
fn apply_accepts_any_full_order_of_twelve_blockers_and_damage_follows_it() {
    let (state, walls, _) = blocked(12, 0);
    let mut rng = GameRng::seeded(2026);
    for _ in 0..20 {
        let mut order_ids = walls.clone();
        for i in (1..order_ids.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            order_ids.swap(i, j);
        }
        let (ordered, events) = ok(&state, order(0, &order_ids));
        assert!(events.is_empty());
        let now: Vec<InstanceId> = ordered.combats()[0].blockers.iter().copied().collect();
        assert_eq!(now, order_ids);
    }
    // reversed, then combat: the giant's 99 kills every wall, in the chosen order
    let reversed: Vec<InstanceId> = walls.iter().rev().copied().collect();
    let (ordered, _) = ok(&state, order(0, &reversed));
    let (_, events) = advance(&ordered, 1);
    let hit: Vec<InstanceId> = events
        .iter()
        .filter(|e| e.kind == EventType::OnCardReceiveDamage)
        .filter_map(|e| e.source.filter(|id| walls.contains(id)))
        .collect();
    assert_eq!(hit, reversed);
    // not a permutation: refused, state unchanged
    let mut short = reversed.clone();
    short.pop();
    assert_eq!(
        refused(&state, order(0, &short)).kind(),
        "bad_blocker_order"
    );
    let mut doubled = reversed;
    doubled[0] = doubled[1];
    assert_eq!(
        refused(&state, order(0, &doubled)).kind(),
        "bad_blocker_order"
    );
}

#[test]
fn listed_put_first_choices_reach_any_order() {
    let (mut state, walls, _) = blocked(6, 0);
    // the target order: a fixed shuffle
    let target: Vec<InstanceId> = [3, 0, 5, 1, 4, 2].iter().map(|&i| walls[i]).collect();
    // put the intended last first, then the one before it, ..., the intended first last
    for &next in target.iter().rev() {
        let choice = legal_actions(&state)
            .into_iter()
            .find(|a| matches!(a, Action::OrderBlockers { blockers, .. } if blockers[0] == next))
            .expect("putting each blocker first is listed");
        state = ok(&state, choice).0;
    }
    let now: Vec<InstanceId> = state.combats()[0].blockers.iter().copied().collect();
    assert_eq!(now, target);
}
