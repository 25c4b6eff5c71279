"""PTG's phase walk: `Game.advance_phase()` from MAIN_POSTCOMBAT goes through END into the
next player's DRAW in one call, as PTG's does (docs/python.md, "Phases").

One call is one state of `history` and one `undo`; a refused call changes nothing; the walk
stops in END when END leaves a pending trigger or choice, or ends the game. The legacy
methods (`begin_turn`, `end_turn`, `resolve_combat`) are one state each too. The PTG scripts
that count advances are in test_ptg_scripts.py.
"""

import pytest

import rtg
import rtg.enums
import rtg.ptg09
from rtg import (
    AbilityType,
    AlterationData,
    CardAbility,
    CardDefinition,
    CardType,
    ChooseManaEffect,
    DamagePlayerEffect,
    DeclareAttackAction,
    EventType,
    Game,
    HealPlayerEffect,
    PhaseType,
    PlayCardAction,
    Player,
    RuleError,
    TargetSpec,
    TriggerOwner,
)

GOBLIN = CardDefinition("goblin_pw", "Goblin", "", CardType.CREATURE, mana={}, attack=2, defense=2)


def creature(card_id, effect, target, params, trigger=EventType.ON_TURN_END, owner=TriggerOwner.OWNER):
    """A free 1/1 whose one triggered ability fires on `trigger` (by default its controller's
    turn end)."""
    alteration = AlterationData(effect=effect, target=target, start_trigger=trigger, trigger_self=False,
                                trigger_owner=owner, params=params)
    return CardDefinition(card_id, card_id, "", CardType.CREATURE, mana={}, attack=1, defense=1,
                          abilities=[CardAbility(card_id, "", AbilityType.TRIGGERED, {}, [alteration])])


# At its controller's turn end, 1 damage to a player its controller chooses: a pending trigger.
SENTRY = creature("sentry_pw", DamagePlayerEffect(), TargetSpec.CHOOSE, {"amount": 1})
# At its controller's turn end, its controller chooses fire or water: a pending choice.
PRISM = creature("prism_pw", ChooseManaEffect(), TargetSpec.OWNER, {"options": [{"fire": 1}, {"water": 1}]})
# At its controller's turn end, 5 damage to the opponent.
DOOM = creature("doom_pw", DamagePlayerEffect(), TargetSpec.OPPONENT, {"amount": 5})
# Whenever a player is healed, heals its controller: with DAWN (a heal at every turn start), an
# endless chain at the next turn start.
ECHO = creature("echo_pw", HealPlayerEffect(), TargetSpec.OWNER, {"amount": 1},
                trigger=EventType.ON_PLAYER_HEALED, owner=TriggerOwner.ANY)
DAWN = creature("dawn_pw", HealPlayerEffect(), TargetSpec.OWNER, {"amount": 1},
                trigger=EventType.ON_TURN_START, owner=TriggerOwner.ANY)


def game_with(*cards, cls=Game, hand_size=5, bob_health=20, **kwargs):
    """A started game in Alice's turn-1 MAIN, one of each of `cards` played (her deck is ten of
    each, or twenty goblins without `cards`)."""
    alice = Player("Alice", list(cards) * 10 or [GOBLIN] * 20, hand_size=hand_size)
    bob = Player("Bob", [GOBLIN] * 20, initial_health=bob_health, hand_size=5)
    game = cls([alice, bob], **kwargs)
    game.start()
    game.advance_phase()  # DRAW -> MAIN
    for card in cards:
        hand = game.state.hands[alice.uuid]
        played = next(c for c in hand if game.state.all_cards[c].card_definition.card_id == card.card_id)
        game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=played)
    return game, alice, bob


def to_main_postcombat(game):
    for _ in range(4):  # MAIN -> ATTACK -> DEFENSE -> COMBAT -> MAIN_POSTCOMBAT
        game.advance_phase()
    assert game.current_phase == PhaseType.MAIN_POSTCOMBAT


def kinds(events):
    return [e["kind"] for e in events]


def test_one_advance_through_end_is_one_state_of_the_history_and_one_undo():
    game, alice, bob = game_with(hand_size=9)  # nine cards: END discards two
    to_main_postcombat(game)
    before, states, events = game.state, len(game.history), len(game.events)

    state = game.advance_phase()
    assert state is game.state and state.current_phase == PhaseType.DRAW
    assert state.turn == 2 and game.active_player is bob
    assert len(state.hands[alice.uuid]) == 7 and len(state.graveyards[alice.uuid]) == 2
    assert len(state.hands[bob.uuid]) == 6  # Bob's draw
    assert len(game.history) == states + 1 and game.history[-2] is before  # no END state kept
    # END's work, then the next player's DRAW's, in one step: the two discards, on_turn_end,
    # on_turn_start, the draw
    assert kinds(game.events[events:]) == ["on_card_enter_graveyard"] * 2 + [
        "on_turn_end", "on_turn_start", "on_card_draw"]

    assert game.undo()
    assert game.state is before and len(game.history) == states and len(game.events) == events
    assert game.current_phase == PhaseType.MAIN_POSTCOMBAT and game.active_player is alice
    assert len(game.state.hands[alice.uuid]) == 9


def test_from_any_other_phase_one_advance_is_one_phase():
    game, _, _ = game_with()
    states = len(game.history)
    seen = []
    for _ in range(6):
        seen.append(game.advance_phase().current_phase)
    assert seen == [PhaseType.ATTACK, PhaseType.DEFENSE, PhaseType.COMBAT, PhaseType.MAIN_POSTCOMBAT,
                    PhaseType.DRAW, PhaseType.MAIN]
    assert len(game.history) == states + 6


def test_a_refused_advance_changes_nothing():
    # A pending trigger refuses the advance before it starts.
    striker = creature("striker_pw", DamagePlayerEffect(), TargetSpec.CHOOSE, {"amount": 1},
                       trigger=EventType.ON_CARD_ENTER_BATTLEFIELD, owner=TriggerOwner.ANY)
    game, alice, _ = game_with(striker)
    assert len(game.state.pending_triggers) == 1
    before, states, events = game.state, len(game.history), len(game.events)
    with pytest.raises(RuleError) as refused:
        game.advance_phase()
    assert refused.value.kind == "pending_trigger"
    assert game.state is before and len(game.history) == states and len(game.events) == events


def test_a_refused_second_step_takes_the_first_back_too():
    # END is entered, then the next player's DRAW starts an endless chain (chain_limit): the
    # call is refused as a whole, and the game stays in MAIN_POSTCOMBAT.
    game, alice, _ = game_with(ECHO, DAWN, hand_size=7)
    to_main_postcombat(game)
    before, states, events = game.state, len(game.history), len(game.events)
    with pytest.raises(RuleError) as refused:
        game.advance_phase()
    assert refused.value.kind == "chain_limit"
    assert game.state is before and len(game.history) == states and len(game.events) == events
    assert game.current_phase == PhaseType.MAIN_POSTCOMBAT
    assert game.end_turn().current_phase == PhaseType.END  # END alone is fine


@pytest.mark.parametrize("waits", ["trigger", "choice"])
def test_a_decision_left_by_end_stops_the_walk_in_end(waits):
    card, cls = (SENTRY, Game) if waits == "trigger" else (PRISM, rtg.ptg09.Game)
    game, alice, bob = game_with(card, cls=cls)
    to_main_postcombat(game)
    states, events = len(game.history), len(game.events)

    state = game.advance_phase()
    # The game rests in END, where the decision was made pending: Alice's turn, END's work done,
    # the next turn not begun. Nothing is hidden: the phase and the pending list say so.
    assert state.current_phase == PhaseType.END and state.turn == 1 and game.active_player is alice
    assert kinds(game.events[events:])[-1] == "on_turn_end"
    assert len(game.history) == states + 1
    pending = state.pending_triggers if waits == "trigger" else state.pending_choices
    assert len(pending) == 1
    with pytest.raises(RuleError) as refused:  # as every action but the decision is
        game.advance_phase()
    assert refused.value.kind == ("pending_trigger" if waits == "trigger" else "pending_choice")
    assert game.state is state

    if waits == "trigger":
        game.resolve_pending_trigger(0, chosen_target=bob.uuid)
        assert game.state.players[bob.uuid].health == 19
    else:
        game.resolve_pending_choice(0, 1)
    # The next advance goes on from END into Bob's DRAW.
    state = game.advance_phase()
    assert state.current_phase == PhaseType.DRAW and state.turn == 2 and game.active_player is bob
    assert kinds(game.events)[-2:] == ["on_turn_start", "on_card_draw"]


def test_the_game_ending_at_end_stops_the_walk_in_end():
    game, alice, bob = game_with(DOOM, bob_health=3)
    to_main_postcombat(game)
    before, states = game.state, len(game.history)

    state = game.advance_phase()
    assert state.current_phase == PhaseType.END and state.is_over
    assert game.check_victory() is alice and state.players[bob.uuid].health <= 0
    assert len(game.history) == states + 1
    for call in (game.advance_phase, game.begin_turn, game.end_turn):
        with pytest.raises(RuleError) as over:
            call()
        assert over.value.kind == "game_over"
    assert game.undo() and game.state is before and not game.state.is_over


def test_the_turn_limit_ends_the_game_at_the_draw_the_walk_enters():
    game, _, _ = game_with(turn_limit=1)
    to_main_postcombat(game)
    state = game.advance_phase()
    assert state.current_phase == PhaseType.DRAW and state.is_over and game.check_victory() is None


def test_the_legacy_methods_keep_ptgs_meaning_one_state_each():
    game, alice, bob = game_with()
    goblin = next(iter(game.state.hands[alice.uuid]))
    game.apply_action(PlayCardAction(), player_id=alice.uuid, card_id=goblin)

    # end_turn: to this turn's END, where the game rests (Alice's turn still)
    states = len(game.history)
    assert game.end_turn().current_phase == PhaseType.END and game.active_player is alice
    assert len(game.history) == states + 1
    assert game.end_turn() is game.state and len(game.history) == states + 1  # there already
    # begin_turn: passes the turn into the next player's DRAW
    state = game.begin_turn()
    assert state.current_phase == PhaseType.DRAW and state.turn == 2 and game.active_player is bob
    assert len(game.history) == states + 2
    # In DRAW the turn has begun already (its work ran when DRAW was entered): nothing to do, as
    # after PTG's start(), whose DRAW work begin_turn() runs.
    assert game.begin_turn() is state and len(game.history) == states + 2
    # From another phase, begin_turn plays on to the next player's DRAW, in one state.
    game.advance_phase()
    assert game.begin_turn().current_phase == PhaseType.DRAW and game.active_player is alice
    assert len(game.history) == states + 4

    # resolve_combat: into COMBAT, which resolves the declared attacks, in one state
    game.advance_phase()  # DRAW -> MAIN, turn 3: the goblin may attack
    game.apply_action(DeclareAttackAction(), player_id=alice.uuid, attacker_id=goblin)
    states = len(game.history)
    state = game.resolve_combat()
    assert state.current_phase == PhaseType.COMBAT and state.players[bob.uuid].health == 18
    assert len(game.history) == states + 1
    assert game.resolve_combat() is state  # in COMBAT already: resolved when it was entered
    game.advance_phase()
    with pytest.raises(RuleError) as late:
        game.resolve_combat()
    assert late.value.kind == "wrong_phase"


def test_a_legacy_walk_stops_where_a_decision_waits_without_raising():
    game, alice, bob = game_with(SENTRY)
    states = len(game.history)
    state = game.begin_turn()  # from MAIN: stops in END, where the trigger waits
    assert state.current_phase == PhaseType.END and len(state.pending_triggers) == 1
    assert len(game.history) == states + 1
    game.resolve_pending_trigger(0, chosen_target=bob.uuid)
    assert game.begin_turn().current_phase == PhaseType.DRAW and game.active_player is bob


def test_a_ptg_scripts_start_then_begin_turn_is_turn_one():
    game = Game([Player("Alice", [GOBLIN] * 10), Player("Bob", [GOBLIN] * 10)])
    state = game.start()
    assert game.begin_turn() is state and state.turn == 1 and state.current_phase == PhaseType.DRAW
    assert len(game.history) == 2


@pytest.mark.parametrize("module", [rtg, rtg.ptg09, rtg.enums])
def test_current_phase_is_the_phase_type_member_a_script_imports(module):
    # A PTG script imports PhaseType from ptg.api or ptg.core.enums; moved, from rtg or
    # rtg.ptg09 (rtg.enums is where it lives). Every one is the same class.
    Phase = module.PhaseType
    assert Phase is rtg.PhaseType
    cls = rtg.ptg09.Game if module is rtg.ptg09 else Game
    game = cls([Player("Alice", [GOBLIN] * 10), Player("Bob", [GOBLIN] * 10)])
    game.start()
    seen = [game.current_phase]
    for _ in range(6):
        game.advance_phase()
        seen.append(game.current_phase)
    assert seen == [Phase.DRAW, Phase.MAIN, Phase.ATTACK, Phase.DEFENSE, Phase.COMBAT,
                    Phase.MAIN_POSTCOMBAT, Phase.DRAW]
    assert all(isinstance(p, Phase) for p in seen)
    assert seen[0] is Phase.DRAW and game.state.current_phase is Phase.DRAW
    assert {Phase.DRAW: "draw"}[game.current_phase] == "draw"  # hashes as the member
    assert [p.value for p in seen] == ["draw", "main", "attack", "defense", "combat", "main_post", "draw"]
    assert seen[5].name == "MAIN_POSTCOMBAT" and Phase("main_post") is Phase.MAIN_POSTCOMBAT
    assert list(Phase)[-1] is Phase.END  # PTG's seven, in PTG's order
