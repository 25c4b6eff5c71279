"""Card and deck errors carry their file, line and field."""

import pytest

import rtg
from rtg import CardError


def test_a_duplicate_key_names_file_line_and_key(tmp_path):
    path = tmp_path / "giant.yaml"
    path.write_text("card_id: giant_01\nname: Clumsy Giant\ntype: creature\nmana:\n  earth: 2\ndefense: 5\nattack: 3\ndefense: 1\n")
    with pytest.raises(CardError) as error:
        rtg.load_card(path)
    e = error.value
    assert e.kind == "duplicate_key"
    assert e.file == str(path) and e.line == 8
    assert "defense" in str(e)


def test_an_unknown_field_has_its_line_field_and_suggestion(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("card_id: x\nname: X\ntype: creature\nhealth: 3\n")
    with pytest.raises(CardError) as error:
        rtg.load_card(path)
    e = error.value
    assert (e.kind, e.line, e.column, e.card_id) == ("unknown_field", 4, 1, "x")
    assert "did you mean `defense`?" in str(e)


def test_a_directory_reports_every_bad_file(tmp_path):
    (tmp_path / "a.yaml").write_text("card_id: a\nname: A\ntype: creture\n")
    (tmp_path / "b.yaml").write_text("card_id: b\nname: B\ntype: creature\nattack: lots\n")
    with pytest.raises(CardError) as error:
        rtg.load_cards_from_dir(tmp_path)
    files = sorted(e.file.rsplit("/", 1)[-1] for e in error.value.errors)
    assert files == ["a.yaml", "b.yaml"]
    assert all(e.line == 3 or e.line == 4 for e in error.value.errors)


def test_a_card_made_in_python_is_checked_as_a_file_is():
    with pytest.raises(CardError) as error:
        rtg.CardDefinition(
            "zap", "Zap", "", rtg.CardType.SPELL,
            abilities=[rtg.CardAbility("Zap", ability_type=rtg.AbilityType.ACTIVATED,
                                       alterations=[rtg.AlterationData("damage_playr", target=rtg.TargetSpec.OPPONENT)])],
        )
    e = error.value
    assert e.field == "abilities[0].alterations[0].effect"
    assert "damage_player" in str(e)  # did you mean


def test_decks_load_in_file_order_and_unknown_cards_are_named(root, tmp_path):
    catalog = rtg.build_catalog(rtg.load_cards_from_dir("cards"))
    deck = rtg.load_deck(catalog, "decks/aggro.yaml")
    assert len(deck) == 35 and deck[0].card_id == "fire_mana_01" and deck.name == "Goblin Blitz"
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  fire_mana_01: 2\n  goblin_02: 3\n")
    with pytest.raises(CardError) as error:
        rtg.load_deck(catalog, bad)
    assert error.value.line == 3 and "goblin_01" in str(error.value)
    with pytest.raises(rtg.DeckError):
        rtg.build_deck(catalog, {"nope_01": 2})
    assert [c.card_id for c in rtg.build_deck(catalog, {"goblin_01": 2, "fire_mana_01": 1})] == [
        "goblin_01", "goblin_01", "fire_mana_01"]


def test_definitions_read_back_as_the_spec_names_them(root):
    pyro = rtg.load_card("cards/pyromancer_01.yaml")
    assert (pyro.card_id, pyro.type, pyro.attack, pyro.defense) == ("pyromancer_01", rtg.CardType.CREATURE, 2, 3)
    assert pyro.mana == {rtg.ManaType.FIRE: 2}
    ability = pyro.abilities[0]
    assert ability.ability_type == rtg.AbilityType.ACTIVATED
    assert ability.mana_requirement == {rtg.ManaType.FIRE: 2}
    assert ability.alterations[0].effect == rtg.DamagePlayerEffect() and ability.alterations[0].effect_name == "damage_player"
    assert ability.alterations[0].target == rtg.TargetSpec.OPPONENT
    # A definition rebuilt from what it reads back is the same definition.
    again = rtg.CardDefinition(pyro.card_id, pyro.name, pyro.description, pyro.type, mana=pyro.mana,
                               attack=pyro.attack, defense=pyro.defense, abilities=pyro.abilities)
    assert again == pyro


def test_the_stub_names_every_native_item():
    import ast

    import rtg._rtg as native
    from conftest import ROOT

    stub = ast.parse((ROOT / "crates/rtg-py/python/rtg/_rtg.pyi").read_text())
    named = set()
    for node in stub.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            named.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            named.add(node.target.id)
    public = {n for n in dir(native) if not n.startswith("_")}
    assert public == named - {"_Path", "_Target"}
