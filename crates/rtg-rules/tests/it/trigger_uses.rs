//! What a step tells of triggered abilities (`Scratch::trigger_uses`): each firing once, however
//! many alterations its ability has, and its resolution once, in the queue or when a waiting
//! trigger's target is chosen. The per-card statistics of a batch count these.

use crate::prelude::*;

use crate::positions::*;

const ALICE: PlayerId = PlayerId(0);
const BOB: PlayerId = PlayerId(1);

fn cards() -> Vec<CardDefinition> {
    let heal = || alt("heal_player", TargetSpec::Owner, &[("amount", amount(1))]);
    let medic = creature("medic", 1, 1).with_ability(triggered(vec![
        on(EventType::OnCardEnterBattlefield, heal()),
        on(EventType::OnCardEnterBattlefield, heal()),
    ]));
    let hunter = creature("hunter", 1, 1).with_ability(triggered(vec![on(
        EventType::OnCardEnterBattlefield,
        alt("damage_card", TargetSpec::Choose, &[("amount", amount(1))]),
    )]));
    vec![medic, hunter, creature("bear", 2, 2)]
}

fn play(state: &mut GameState, card: InstanceId, scratch: &mut Scratch) -> Vec<Event> {
    let mut events = Vec::new();
    let action = Action::PlayCard {
        player: ALICE,
        card,
        target: None,
    };
    step(state, &action, &mut events, scratch).expect("the play is legal");
    events
}

fn uses(scratch: &Scratch) -> Vec<(InstanceId, u16, TriggerStage)> {
    scratch
        .trigger_uses()
        .iter()
        .map(|u| (u.card, u.ability, u.stage))
        .collect()
}

#[test]
fn a_firing_counts_once_and_its_resolution_once_however_many_alterations() {
    let mut p = pos(cards());
    let medic = p.add(ALICE, Zone::Hand, "medic");
    let mut state = p.state();
    let mut scratch = Scratch::new();
    let events = play(&mut state, medic, &mut scratch);
    // Both alterations ran (the trigger really did its work twice over)...
    let heals = events
        .iter()
        .filter(|e| e.kind == EventType::OnPlayerHealed);
    assert_eq!(heals.count(), 2, "{:?}", kinds(&events));
    // ...yet the ability fired once and resolved once.
    assert_eq!(
        uses(&scratch),
        [
            (medic, 0, TriggerStage::Fired),
            (medic, 0, TriggerStage::Resolved)
        ]
    );
    // The next step starts with an empty list.
    let mut events = Vec::new();
    step(&mut state, &Action::AdvancePhase, &mut events, &mut scratch).unwrap();
    assert_eq!(uses(&scratch), []);
}

#[test]
fn a_waiting_trigger_resolves_when_its_target_is_chosen() {
    let mut p = pos(cards());
    let hunter = p.add(ALICE, Zone::Hand, "hunter");
    let bear = p.field(BOB, "bear");
    let mut state = p.state();
    let mut scratch = Scratch::new();
    play(&mut state, hunter, &mut scratch);
    assert_eq!(uses(&scratch), [(hunter, 0, TriggerStage::Fired)]);
    assert_eq!(state.pending_triggers().len(), 1);
    let mut events = Vec::new();
    let resolve = Action::ResolvePendingTrigger {
        index: 0,
        target: Target::Card(bear),
    };
    step(&mut state, &resolve, &mut events, &mut scratch).unwrap();
    assert_eq!(uses(&scratch), [(hunter, 0, TriggerStage::Resolved)]);
    assert_eq!(state.card(bear).stats.damage, 1);
}
