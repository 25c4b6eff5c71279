"""The built-in effects as classes, named as PTG names them (``from ptg.effects.draw import
DrawCardEffect`` becomes ``from rtg import DrawCardEffect``): PTG 0.2.0's 17 and the 13 of PTG
0.9.13 (``TapCardEffect``, ``FightEffect``, ``ChooseManaEffect``, ...).

In rtg an effect is a name the card format knows; an instance of one of these classes stands
for its name in ``AlterationData(effect=...)``. Effects are run by the engine, not by these
objects.
"""

from typing import Any, Dict

__all__ = ["Effect", "CardEffect", "PlayerEffect", "EFFECTS"]


class Effect:
    """An effect, by its registered name (``DrawCardEffect().name == "draw_card"``)."""

    name: str = ""

    def __init__(self, name: str = "") -> None:
        if name:
            self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Effect) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()" if type(self) is not Effect else f"Effect({self.name!r})"


class CardEffect(Effect):
    """An effect whose target is a card."""


class PlayerEffect(Effect):
    """An effect whose target is a player."""


_BUILTINS = [
    ("BuffAllEffect", "buff_all", PlayerEffect),
    ("BuffCardEffect", "buff_card", CardEffect),
    ("DamageCardEffect", "damage_card", CardEffect),
    ("DamagePlayerEffect", "damage_player", PlayerEffect),
    ("DestroyCardEffect", "destroy_card", CardEffect),
    ("DrawCardEffect", "draw_card", PlayerEffect),
    ("GainManaEffect", "gain_mana", PlayerEffect),
    ("HealPlayerEffect", "heal_player", PlayerEffect),
    ("MillEffect", "mill", PlayerEffect),
    ("MoveCardEffect", "move_card", CardEffect),
    ("RandomDiscardEffect", "random_discard", PlayerEffect),
    ("RecruitEffect", "recruit", PlayerEffect),
    ("RecycleGraveyardEffect", "recycle_graveyard", PlayerEffect),
    ("ReturnToHandEffect", "return_to_hand", PlayerEffect),
    ("SetStatsEffect", "set_stats", CardEffect),
    ("SpawnCreatureEffect", "spawn_creature", PlayerEffect),
    ("SpendManaEffect", "spend_mana", PlayerEffect),
    # PTG 0.9.13's
    ("CancelDelayEffect", "cancel_delay", CardEffect),
    ("CannotBlockEffect", "cannot_block", CardEffect),
    ("ChooseManaEffect", "choose_mana", PlayerEffect),
    ("FightEffect", "fight", CardEffect),
    ("GrantTechniqueEffect", "grant_technique", CardEffect),
    ("RemoveTechniqueEffect", "remove_technique", CardEffect),
    ("RestoreStatsEffect", "restore_stats", CardEffect),
    ("RevokeCannotBlockEffect", "revoke_cannot_block", CardEffect),
    ("RevokeUnblockableEffect", "revoke_unblockable", CardEffect),
    ("SpawnArtifactEffect", "spawn_artifact", PlayerEffect),
    ("TapCardEffect", "tap_card", CardEffect),
    ("UnblockableEffect", "unblockable", CardEffect),
    ("UntapCardEffect", "untap_card", CardEffect),
]

#: Every built-in effect class by its name.
EFFECTS: Dict[str, Any] = {}
for _cls_name, _name, _base in _BUILTINS:
    _cls = type(_cls_name, (_base,), {"name": _name, "__doc__": f"The built-in `{_name}` effect.", "__module__": __name__})
    globals()[_cls_name] = _cls
    EFFECTS[_name] = _cls
    __all__.append(_cls_name)


def effect_named(name: str) -> Effect:
    """The effect object of a name (a built-in's class, or a plain ``Effect`` for a user's)."""
    cls = EFFECTS.get(name)
    return cls() if cls is not None else Effect(name)
