//! The state-based checks and victory: the one place that decides which creatures die and who
//! lost, after refreshing what static abilities do (`GameState::refresh_ongoing`). The rules engine runs them after every part of a step, and the trigger queue
//! (`rtg_events::settle`) and combat (`rtg_combat::resolve_combats`) run them through the
//! function passed to them, so that all of them run these.

use rtg_core::{Event, EventType, GameState, GameStatus, InstanceId, PlayerId, Target};
use rtg_events::Scratch;

/// True when a creature on the battlefield must die: defense 0 or less, or deathtouched.
pub fn must_die(state: &GameState, id: InstanceId) -> bool {
    let card = state.card(id);
    card.is_creature_on_battlefield() && (card.defense() <= 0 || card.deathtouched)
}

/// The state-based checks: every creature that must die dies (once, all together: the active
/// player's creatures first, each battlefield in order), then every player at 0 health or who
/// drew from an empty deck loses (`on_player_death`), then the outcome is decided.
pub fn state_based_checks(state: &mut GameState, events: &mut Vec<Event>) {
    run_checks(state, events, true, &mut Vec::new());
}

/// The checks as a step runs them: the battlefields are looked at only when the step's scratch
/// says a creature may have come to die since the last check (most checks find nobody dying).
pub(crate) fn checks_in_step(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
) {
    let scan = scratch.creatures_may_die(events);
    let mut dying = scratch.take_dying_list();
    run_checks(state, events, scan, &mut dying);
    scratch.return_dying_list(dying);
}

/// The checks, collecting the creatures that die in `dying` (a list the caller keeps, so that
/// a step's checks allocate nothing).
fn run_checks(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scan: bool,
    dying: &mut Vec<InstanceId>,
) {
    let order = [state.active(), state.active().opponent()];
    let mut scan = scan;
    let statics = state.content().has_statics();
    loop {
        // Static abilities first: what they do now decides who dies (a lord's +0/+1 keeps a
        // creature alive; its end may kill one).
        if statics {
            scan |= state.refresh_ongoing().weakened;
        }
        dying.clear();
        if scan {
            for &player in &order {
                for &id in state.player(player).battlefield() {
                    if must_die(state, id) {
                        dying.push(id);
                    }
                }
            }
        }
        for &id in dying.iter() {
            state.destroy(id, events);
        }
        // A death can end a static ability (its source died), so look again until nothing
        // dies; without static abilities one pass decides.
        if dying.is_empty() || !statics {
            break;
        }
        scan = true;
    }
    if state
        .players()
        .iter()
        .all(|p| p.lost || (p.health > 0 && !p.drew_from_empty))
    {
        return;
    }
    let mut newly_lost = false;
    for player in order {
        let p = state.player(player);
        if !p.lost && (p.health <= 0 || p.drew_from_empty) {
            state.player_mut(player).lost = true;
            newly_lost = true;
            events.push(
                Event::new(EventType::OnPlayerDeath)
                    .owner(player)
                    .target(Target::Player(player)),
            );
        }
    }
    if newly_lost && state.status() == GameStatus::Ongoing {
        let lost = |p: PlayerId| state.player(p).lost;
        let status = match (lost(PlayerId::FIRST), lost(PlayerId::SECOND)) {
            (true, true) => GameStatus::Draw,
            (true, false) => GameStatus::Winner(PlayerId::SECOND),
            (false, true) => GameStatus::Winner(PlayerId::FIRST),
            (false, false) => GameStatus::Ongoing,
        };
        state.set_status(status);
    }
}
