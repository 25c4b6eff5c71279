//! The card language's conditions and computed numbers (PTG 0.9's `condition`,
//! `target_condition` and `$variable` parameters, and rtg's expressions), in their compiled,
//! typed form.
//!
//! A card file names variables and operators as text; the loader checks every name, parameter
//! and type once and builds these values, so that a game evaluates them without looking
//! anything up by name. [`Variable`] is the catalogue of what can be read (PTG 0.9.13's 46
//! condition variables), [`Condition`] a tree of comparisons joined by `and` / `or`, and
//! [`Expr`] a whole number computed from variables with `+ - * /`, `min`, `max` and a clamp.
//! Evaluation ([`Scope`]) only reads the state.

mod eval;
mod serial;
mod vars;

use std::fmt;
use std::sync::Arc;

pub use eval::Scope;
pub use vars::{
    TextValues, VARIABLES, VariableArgs, VariableParam, VariableParamKind, VariableSpec,
};

use crate::alteration::Zone;
use crate::card::Technique;
use crate::ids::CardId;

/// The type of a variable's value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum VarType {
    /// A whole number: compared with any operator, usable in expressions.
    Int,
    /// True or false: compared with `==` / `!=` to `true` or `false`.
    Bool,
    /// A name (a card id, a group, a card type, a zone): compared with `==` / `!=` to text.
    Text,
}

impl VarType {
    /// How the type is called in messages and in `get_all_variables()` (PTG's names).
    pub fn name(self) -> &'static str {
        match self {
            VarType::Int => "int",
            VarType::Bool => "bool",
            VarType::Text => "str",
        }
    }

    /// A variable of this type, in words (`a number variable (int)`), for messages.
    pub fn described(self) -> &'static str {
        match self {
            VarType::Int => "a number variable (int)",
            VarType::Bool => "a true-or-false variable (bool)",
            VarType::Text => "a name variable (str)",
        }
    }

    /// The operators a variable of this type may be compared with.
    pub fn operators(self) -> &'static [CompareOp] {
        match self {
            VarType::Int => &CompareOp::ALL,
            VarType::Bool | VarType::Text => &[CompareOp::Eq, CompareOp::Ne],
        }
    }
}

/// Whose zones a counting variable looks at, from the point of view of the ability's
/// controller.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum ZoneOwner {
    /// The controller's own zones (`self`).
    Own,
    /// The other player's zones.
    Opponent,
    /// Both players' zones.
    Any,
}

impl ZoneOwner {
    /// Every value, in the order they are listed.
    pub const ALL: [ZoneOwner; 3] = [ZoneOwner::Own, ZoneOwner::Opponent, ZoneOwner::Any];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            ZoneOwner::Own => "self",
            ZoneOwner::Opponent => "opponent",
            ZoneOwner::Any => "any",
        }
    }

    /// Parses a YAML name.
    pub fn from_name(name: &str) -> Option<ZoneOwner> {
        ZoneOwner::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// A comparison operator.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum CompareOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
}

impl CompareOp {
    /// Every operator.
    pub const ALL: [CompareOp; 6] = [
        CompareOp::Eq,
        CompareOp::Ne,
        CompareOp::Gt,
        CompareOp::Ge,
        CompareOp::Lt,
        CompareOp::Le,
    ];

    /// How it is written.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
        }
    }

    /// Parses how it is written.
    pub fn from_symbol(symbol: &str) -> Option<CompareOp> {
        CompareOp::ALL.into_iter().find(|o| o.symbol() == symbol)
    }

    /// Compares two values.
    pub fn test<T: Ord + ?Sized>(self, left: &T, right: &T) -> bool {
        match self {
            CompareOp::Eq => left == right,
            CompareOp::Ne => left != right,
            CompareOp::Gt => left > right,
            CompareOp::Ge => left >= right,
            CompareOp::Lt => left < right,
            CompareOp::Le => left <= right,
        }
    }
}

impl fmt::Display for CompareOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// Something a condition or an expression reads from the game: PTG 0.9.13's condition
/// variables, their parameters compiled in. "You" is the ability's controller; "this card" is
/// the ability's card, or, in a `target_condition`, the candidate target.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Variable {
    /// This card's current attack.
    SelfAttack,
    /// This card's current defense (damage counted).
    SelfDefense,
    /// This card's defense without the damage marked on it.
    SelfMaxDefense,
    /// Whether this card is tapped.
    SelfIsTapped,
    /// Whether this card entered the battlefield since its controller's turn began.
    SelfEnteredThisTurn,
    /// Whether this card has the technique now.
    SelfHasTechnique(Technique),
    /// This card's group, or empty.
    SelfGroup,
    /// This card's type.
    SelfType,
    /// The zone this card is in, or empty.
    SelfInZone,
    /// Whether this card belongs to you.
    SelfIsOwnedByController,
    /// Whether this card belongs to your opponent.
    SelfIsOwnedByOpponent,
    /// Whether this card attacked since its controller's turn began.
    SelfAttackedThisTurn,
    /// This card's total mana cost.
    SelfManaCost,
    /// Your health.
    LifeTotal,
    /// Your opponent's health.
    OpponentLifeTotal,
    /// Cards in your hand.
    CardsInHand,
    /// Cards in your opponent's hand.
    OpponentCardsInHand,
    /// Cards in your deck.
    CardsInDeck,
    /// Cards in your graveyard.
    CardsInGraveyard,
    /// Mana cards you played this turn.
    CardsPlayedThisTurn,
    /// The turn counter.
    TurnNumber,
    /// The mana in your pool.
    ManaAvailable,
    /// Whether the last combat resolved was your opponent's attack.
    OpponentAttackedLastTurn,
    /// Creatures on your battlefield.
    CreaturesInBf,
    /// Creatures on your opponent's battlefield.
    OpponentCreaturesInBf,
    /// Artifacts on your battlefield.
    ArtifactsInBf,
    /// Mana cards on your battlefield.
    ManaCardsInBf,
    /// Cards on your battlefield.
    CardsInBf,
    /// Cards on your opponent's battlefield.
    OpponentCardsInBf,
    /// Cards with this card id in a zone.
    CardsWithIdInZone {
        /// The card id.
        card: CardId,
        /// The zone.
        zone: Zone,
        /// Whose zone.
        owner: ZoneOwner,
    },
    /// Cards of this group in a zone.
    CardsOfGroupInZone {
        /// The group.
        group: Arc<str>,
        /// The zone.
        zone: Zone,
        /// Whose zone.
        owner: ZoneOwner,
    },
    /// The highest attack among your creatures (0 if none).
    MaxAttackInBf,
    /// The highest current defense among your creatures (0 if none).
    MaxDefenseInBf,
    /// The highest total mana cost among the cards on a battlefield (0 if none).
    MaxManaCostInBf {
        /// Whose battlefield.
        owner: ZoneOwner,
    },
    /// Whether the event happened in your zone.
    EventInSelfZone,
    /// Whether the event happened in your opponent's zone.
    EventInOpponentZone,
    /// The card id of the event's source card, or empty.
    EventSourceCardId,
    /// The group of the event's source card, or empty.
    EventSourceGroup,
    /// The type of the event's source card, or empty.
    EventSourceType,
    /// The total mana cost of the event's source card (0 if none).
    EventSourceManaCost,
    /// The turns left of the delayed effect the event is about (-1 if none).
    EventDelayRemaining,
    /// The damage dealt by a damage event (0 for other events).
    EventDamageAmount,
    /// The attacks declared in the current combat (0 once it has resolved).
    AttackersCount,
    /// The blockers of this card's combat (or of the first attack, when it is in none).
    BlockersCount,
    /// The highest attack among this card's fellow attackers (0 if it attacks alone).
    StrongestAllyAttackerAttack,
    /// Whether a fellow attacker of this card has more attack than it.
    AttackingWithStrongerAlly,
}

impl Variable {
    /// Its declaration in the catalogue.
    pub fn spec(&self) -> &'static VariableSpec {
        vars::spec_of(self)
    }

    /// Its name in card files.
    pub fn name(&self) -> &'static str {
        self.spec().name
    }

    /// The type of its value.
    pub fn var_type(&self) -> VarType {
        self.spec().var_type
    }

    /// True when its value depends on the event being handled.
    pub fn reads_event(&self) -> bool {
        matches!(
            self,
            Variable::EventInSelfZone
                | Variable::EventInOpponentZone
                | Variable::EventSourceCardId
                | Variable::EventSourceGroup
                | Variable::EventSourceType
                | Variable::EventSourceManaCost
                | Variable::EventDelayRemaining
                | Variable::EventDamageAmount
        )
    }
}

/// The right-hand side of a comparison, of the variable's type.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Operand {
    /// A whole number (a constant or an expression), for a number variable.
    Int(Expr),
    /// `true` or `false`, for a true-or-false variable.
    Bool(bool),
    /// A name, for a name variable.
    Text(Arc<str>),
}

/// A condition: comparisons joined by `and` and `or`.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Condition {
    /// Every part holds (`operator: and`; an empty list holds).
    All(Vec<Condition>),
    /// Some part holds (`operator: or`; an empty list does not).
    Any(Vec<Condition>),
    /// A variable compared with a value of its type.
    Compare {
        /// What is read.
        variable: Variable,
        /// How it is compared.
        op: CompareOp,
        /// What it is compared with.
        value: Operand,
    },
}

/// Why a comparison cannot be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConditionError {
    /// The operator does not apply to the variable's type.
    #[error("operator `{op}` does not apply to `{variable}`, {}; use one of {}",
        var_type.described(), var_type.operators().iter().map(|o| o.symbol()).collect::<Vec<_>>().join(" "))]
    Operator {
        /// The variable.
        variable: &'static str,
        /// Its type.
        var_type: VarType,
        /// The operator given.
        op: CompareOp,
    },
    /// The value is not of the variable's type.
    #[error("`{variable}` is {}: compare it with {}", var_type.described(), match var_type {
        VarType::Int => "a whole number or an expression",
        VarType::Bool => "true or false",
        VarType::Text => "a name (text)",
    })]
    ValueType {
        /// The variable.
        variable: &'static str,
        /// Its type.
        var_type: VarType,
    },
    /// A variable that is not a number used in an expression.
    #[error("`{variable}` is {} and cannot be used as a number", var_type.described())]
    NotANumber {
        /// The variable.
        variable: &'static str,
        /// Its type.
        var_type: VarType,
    },
}

impl Condition {
    /// A comparison, checked: the operator must apply to the variable's type and the value must
    /// be of it.
    pub fn compare(
        variable: Variable,
        op: CompareOp,
        value: Operand,
    ) -> Result<Condition, ConditionError> {
        let var_type = variable.var_type();
        if !var_type.operators().contains(&op) {
            return Err(ConditionError::Operator {
                variable: variable.name(),
                var_type,
                op,
            });
        }
        let fits = matches!(
            (var_type, &value),
            (VarType::Int, Operand::Int(_))
                | (VarType::Bool, Operand::Bool(_))
                | (VarType::Text, Operand::Text(_))
        );
        if !fits {
            return Err(ConditionError::ValueType {
                variable: variable.name(),
                var_type,
            });
        }
        Ok(Condition::Compare {
            variable,
            op,
            value,
        })
    }

    /// Both conditions (flattening nested `and`s).
    pub fn and(self, other: Condition) -> Condition {
        match (self, other) {
            (Condition::All(mut a), Condition::All(b)) => {
                a.extend(b);
                Condition::All(a)
            }
            (Condition::All(mut a), b) => {
                a.push(b);
                Condition::All(a)
            }
            (a, b) => Condition::All(vec![a, b]),
        }
    }

    /// Calls `visit` with every variable the condition reads, its value expressions' included.
    pub fn for_each_variable(&self, visit: &mut dyn FnMut(&Variable)) {
        match self {
            Condition::All(parts) | Condition::Any(parts) => {
                for part in parts {
                    part.for_each_variable(visit);
                }
            }
            Condition::Compare {
                variable, value, ..
            } => {
                visit(variable);
                if let Operand::Int(expr) = value {
                    expr.for_each_variable(visit);
                }
            }
        }
    }
}

/// A whole number computed from the game: a constant, a number variable, or an arithmetic
/// combination of them. Evaluated with saturating arithmetic in 64 bits; whoever uses the
/// value clamps it to the range it needs.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Expr {
    /// A constant.
    Const(i32),
    /// The value of a number variable.
    Var(Variable),
    /// The sum of the parts (`add`).
    Add(Vec<Expr>),
    /// The first minus the second (`sub`).
    Sub(Box<Expr>, Box<Expr>),
    /// The product of the parts (`mul`).
    Mul(Vec<Expr>),
    /// The first divided by a constant of at least 1, rounded down (`div`).
    Div(Box<Expr>, i32),
    /// The smallest part (`min`).
    Min(Vec<Expr>),
    /// The largest part (`max`).
    Max(Vec<Expr>),
    /// The value brought into `[min, max]` (`clamp`); when `min > max`, `min`.
    Clamp {
        /// The value.
        value: Box<Expr>,
        /// The lowest it may be.
        min: Box<Expr>,
        /// The highest it may be.
        max: Box<Expr>,
    },
}

impl Expr {
    /// A variable as a number, checked: only number variables can be.
    pub fn var(variable: Variable) -> Result<Expr, ConditionError> {
        match variable.var_type() {
            VarType::Int => Ok(Expr::Var(variable)),
            var_type => Err(ConditionError::NotANumber {
                variable: variable.name(),
                var_type,
            }),
        }
    }

    /// Calls `visit` with every variable the expression reads.
    pub fn for_each_variable(&self, visit: &mut dyn FnMut(&Variable)) {
        match self {
            Expr::Const(_) => {}
            Expr::Var(v) => visit(v),
            Expr::Add(parts) | Expr::Mul(parts) | Expr::Min(parts) | Expr::Max(parts) => {
                for part in parts {
                    part.for_each_variable(visit);
                }
            }
            Expr::Sub(a, b) => {
                a.for_each_variable(visit);
                b.for_each_variable(visit);
            }
            Expr::Div(a, _) => a.for_each_variable(visit),
            Expr::Clamp { value, min, max } => {
                value.for_each_variable(visit);
                min.for_each_variable(visit);
                max.for_each_variable(visit);
            }
        }
    }
}
