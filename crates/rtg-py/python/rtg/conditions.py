"""PTG 0.9.13's conditions: ``Condition``, ``ConditionGroup`` and ``get_all_variables()``.

A condition is card data: it is written into the card document (``to_dict``, the card file's
form) and compiled by the engine's loader, which checks the variable, its parameters, the
operator and the type of the value, and says where a name is wrong and what was meant. Nothing
here evaluates a condition: the engine does, while the game runs.

``get_all_variables()`` lists the engine's own catalogue (the one the loader checks names
against), in PTG's dict shape.
"""

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, List, Mapping, Optional, Union

from . import _rtg
from .enums import ComparisonOperator

__all__ = ["Condition", "ConditionGroup", "ComparisonOperator", "get_all_variables"]


def _plain(value: Any) -> Any:
    """A value as the card format writes it: enum members by their value, containers inside out."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Condition:
    """One comparison: ``Condition("life_total", ComparisonOperator.GREATER, 15)``.

    ``variable`` is a name of ``get_all_variables()``; ``operator`` a ``ComparisonOperator`` (or
    its symbol, ``">"``); ``value`` an int, a bool or a name, of the variable's type (for a
    number, also an expression of the card format: ``"$creatures_in_bf"``, ``{"add": [...]}``);
    ``params`` the variable's parameters (``{"card_id": "giant_01", "zone": "battlefield",
    "zone_owner": "self"}``). Checked when the card is made, as a card file is.
    """

    variable: str
    operator: Union[ComparisonOperator, str]
    value: Any
    params: Dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> Dict[str, Any]:
        """The comparison as a card file writes it."""
        out: Dict[str, Any] = {
            "variable": self.variable,
            "operator": _plain(self.operator),
            "value": _plain(self.value),
        }
        if self.params:
            out["params"] = _plain(self.params)
        return out


@dataclass(frozen=True)
class ConditionGroup:
    """Conditions joined by ``"and"`` (all hold; an empty group holds) or ``"or"`` (one holds):
    ``ConditionGroup("and", [Condition(...), ConditionGroup("or", [...])])``."""

    operator: str = "and"
    conditions: List[Union[Condition, "ConditionGroup", Dict[str, Any]]] = field(default_factory=list)

    def to_dict(self) -> Dict[str, Any]:
        """The group as a card file writes it."""
        return {"operator": _plain(self.operator), "conditions": [condition_dict(c) for c in self.conditions]}


ConditionTree = Union[Condition, ConditionGroup, None]


def condition_dict(condition: Any) -> Any:
    """A ``Condition``, a ``ConditionGroup`` or a card file's dict, as the card file's dict."""
    if hasattr(condition, "to_dict"):
        return condition.to_dict()
    return _plain(condition)


def condition_from_dict(data: Optional[Mapping[str, Any]]) -> ConditionTree:
    """The ``Condition`` or ``ConditionGroup`` of a card file's (or a definition's) condition."""
    if data is None:
        return None
    if "conditions" in data:
        return ConditionGroup(
            operator=data.get("operator", "and"),
            conditions=[condition_from_dict(c) for c in data.get("conditions") or []],
        )
    operator = data.get("operator")
    try:
        operator = ComparisonOperator(operator)
    except ValueError:
        pass
    return Condition(
        variable=data["variable"],
        operator=operator,
        value=data.get("value"),
        params=dict(data.get("params") or {}),
    )


def get_all_variables() -> Dict[str, Dict[str, Any]]:
    """Every condition variable, by name, in PTG 0.9.13's order and dict shape: ``name``,
    ``description``, ``return_type`` (``"int"``, ``"bool"``, ``"str"``),
    ``applicable_operators`` (symbols), ``example_values`` and ``params_schema`` (``{param:
    {"type", "description"}}``, or None). rtg adds ``category`` (``self``, ``player``,
    ``battlefield``, ``event``, ``combat``) and, for each parameter, ``required`` and
    ``default``. It is the engine's catalogue: the names the loader accepts."""
    return {v["name"]: v for v in _rtg.variables()}
