"""States are immutable values; games are deterministic; refused actions raise and change
nothing."""

import copy

import pytest

import rtg
from rtg import CardDefinition, CardType, Game, ManaType, PhaseType, PlayCardAction, Player, RuleError


def cards():
    fire = CardDefinition("fire_t", "Fire Mana", "", CardType.MANA, mana={ManaType.FIRE: 1})
    goblin = CardDefinition("gob_t", "Goblin", "", CardType.CREATURE, mana={ManaType.FIRE: 1}, attack=2, defense=2)
    ogre = CardDefinition("ogre_t", "Ogre", "", CardType.CREATURE, mana={ManaType.FIRE: 3}, attack=4, defense=4)
    return fire, goblin, ogre


def new_game(seed=7):
    fire, goblin, ogre = cards()
    deck = [fire] * 6 + [goblin] * 4 + [ogre] * 4
    game = Game([Player("Alice", deck), Player("Bob", deck)], seed=seed)
    game.start()
    game.advance_phase()
    return game


def test_apply_returns_a_new_state_and_leaves_the_old_one_as_it_was():
    game = new_game()
    before = game.state
    snapshot = (before.hands, before.battlefield, before.players, before.digest())
    alice = game.players[0].uuid
    mana = next(c for c in before.hands[alice] if before.all_cards[c].type == CardType.MANA)
    after = before.apply(PlayCardAction(), player_id=alice, card_id=mana)
    assert after is not before and after != before
    assert mana in after.battlefield[alice] and mana not in before.battlefield[alice]
    assert (before.hands, before.battlefield, before.players, before.digest()) == snapshot


def test_copies_are_the_state_itself_and_states_cannot_be_changed():
    state = new_game().state
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    assert copy.deepcopy(state.native) is state.native
    with pytest.raises(AttributeError):
        state.turn = 5
    with pytest.raises(AttributeError):
        state.native.turn = 5


def test_every_legal_action_applies_and_each_gives_a_different_state():
    state = new_game().state
    actions = state.legal_actions()
    assert actions[-1] == rtg.Action.advance_phase()
    results = [state.apply(a) for a in actions]
    assert len({r.digest() for r in results}) == len(actions)


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    def digests(seed):
        game = new_game(seed)
        out = []
        for _ in range(40):
            if game.state.is_over:
                break
            game.apply_action(game.state.legal_actions()[0])
            out.append(game.state.digest())
        return out

    assert digests(3) == digests(3)
    assert digests(3) != digests(4)


def test_a_refused_action_raises_its_kind_and_changes_nothing():
    game = new_game()
    alice = game.players[0].uuid
    state = game.state
    ogre = next(c for c in state.hands[alice] if state.all_cards[c].name == "Ogre")
    with pytest.raises(RuleError) as refused:
        game.apply_action(PlayCardAction(), player_id=alice, card_id=ogre)
    assert refused.value.kind == "not_enough_mana"
    assert isinstance(refused.value, ValueError)
    assert game.state is state and len(game.history) == 3

    manas = [c for c in state.hands[alice] if state.all_cards[c].type == CardType.MANA]
    game.apply_action(PlayCardAction(), player_id=alice, card_id=manas[0])
    with pytest.raises(RuleError) as second:
        game.apply_action(PlayCardAction(), player_id=alice, card_id=manas[1])
    assert second.value.kind == "mana_already_played"
    assert second.value.kind in rtg.RULE_KINDS


def test_phases_come_in_turn_order_and_the_advance_from_main_postcombat_passes_the_turn():
    game = new_game()
    seen = [game.current_phase]
    for _ in range(5):
        game.advance_phase()
        seen.append(game.current_phase)
    # PTG's walk: MAIN_POSTCOMBAT -> END -> the next player's DRAW is one advance
    assert seen == [PhaseType.MAIN, PhaseType.ATTACK, PhaseType.DEFENSE, PhaseType.COMBAT,
                    PhaseType.MAIN_POSTCOMBAT, PhaseType.DRAW]
    assert game.state.turn == 2 and game.active_player is game.players[1]
    assert game.playable_phases == (PhaseType.MAIN, PhaseType.MAIN_POSTCOMBAT)


def test_check_victory_returns_the_winning_player_object():
    fire, goblin, _ = cards()
    alice = Player("Alice", [goblin] * 10, hand_size=1)
    bob = Player("Bob", [fire] * 2, initial_health=20, hand_size=1)
    game = Game([alice, bob])
    game.start()
    while game.check_victory() is None:
        game.advance_phase()
    assert game.check_victory() is alice  # Bob drew from an empty deck
    with pytest.raises(RuleError) as over:
        game.advance_phase()
    assert over.value.kind == "game_over"


def test_the_game_keeps_its_events_and_undo_forgets_the_last_steps():
    game = new_game()
    kinds = [e["kind"] for e in game.events]
    assert "on_card_draw" in kinds and "on_turn_start" in kinds
    before = len(game.events)
    game.advance_phase()  # MAIN -> ATTACK: no event
    game.advance_phase()  # DEFENSE
    game.advance_phase()  # COMBAT: on_combat_resolved
    assert [e["kind"] for e in game.events[before:]] == ["on_combat_resolved"]
    assert game.undo() and len(game.events) == before and game.current_phase == PhaseType.DEFENSE


def test_action_classes_check_their_keywords_and_take_classes_or_instances():
    game = new_game()
    alice = game.players[0].uuid
    with pytest.raises(TypeError, match="needs `card_id`"):
        game.apply_action(PlayCardAction(), player_id=alice)
    with pytest.raises(TypeError, match="not `attacker_id`"):
        game.apply_action(PlayCardAction, player_id=alice, attacker_id=3)
    with pytest.raises(TypeError):
        PlayCardAction(colour="red")
    with pytest.raises(RuleError) as unknown:
        game.apply_action(PlayCardAction(card_id=0), player_id="nobody")
    assert unknown.value.kind == "unknown_player"
    mana = next(c for c in game.state.hands[alice] if game.state.all_cards[c].type == CardType.MANA)
    bound = PlayCardAction(player_id=alice, card_id=mana)
    assert mana in game.apply_action(bound).battlefield[alice]
    assert len(game.history) == 4 and game.state.apply(rtg.AdvancePhaseAction()).current_phase == PhaseType.ATTACK
