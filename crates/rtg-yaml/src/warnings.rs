//! Warnings: cards that load and play, but probably not as their designer meant — a creature
//! that dies as it enters, a trigger that can never fire, a file not named for its card, a cost
//! that is never charged, an effect that keeps firing its own trigger, a `$attack` of a card
//! that has no attack, one filter written in both PTG dialects, a condition on an event that
//! nothing fires.
//!
//! They are found on a loaded definition, then placed in the file by reading it once more as a
//! tree of spanned values (linear, with the same limits as loading).

use std::fmt;
use std::path::{Path, PathBuf};

use rtg_core::{
    AbilityType, AlterationData, Amount, CardDefinition, CardId, CardType, EventType, ParamValue,
    TargetSpec, TriggerOwner,
};
use serde_saphyr::Spanned;

use crate::path::{FieldPath, Position, Seg};
use crate::yaml::{Node, at, from_str};

/// What a warning is about.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WarningKind {
    /// A creature whose defense is 0: it dies as soon as it enters the battlefield.
    ZeroDefense,
    /// A spell's triggered alteration on an event that cannot happen while a spell resolves
    /// (a spell's abilities are active only then).
    TriggerNeverFires {
        /// The start trigger.
        event: EventType,
    },
    /// The file's name is not the card's `card_id` (`goblin.yaml` holding `goblin_01`).
    FileNameNotCardId {
        /// The file's name without `.yaml`.
        stem: String,
    },
    /// A spell's ability with a `mana_requirement`, which is not charged: a spell pays its
    /// card's `mana` only (contract item 6).
    SpellAbilityCost,
    /// A triggered alteration whose effect causes the very event it starts on (an
    /// `on_card_draw` trigger that draws), so it may fire itself again and again until the
    /// chain limit refuses the step.
    FeedsOwnTrigger {
        /// The effect.
        effect: String,
        /// The event it starts on and causes.
        event: EventType,
    },
    /// `$attack` or `$defense` on a spell's or a mana card's ability: such a card has no
    /// stats, so the parameter is always 0.
    StatOfStatlessCard {
        /// `$attack` or `$defense`.
        reference: &'static str,
        /// The card's type.
        card_type: CardType,
    },
    /// One alteration filters the same thing in both dialects: PTG 0.2.0's `trigger_owner`
    /// with a condition on `event_in_self_zone` / `event_in_opponent_zone`, or
    /// `trigger_card_id` with one on `event_source_card_id`. Both must pass, which is rarely
    /// what was meant.
    MixedDialects {
        /// The 0.2.0 filter (`trigger_owner`, `trigger_card_id`).
        filter: &'static str,
        /// The condition variable that filters the same thing.
        variable: &'static str,
    },
    /// A condition (or a computed number) reads an `event_*` variable in an alteration that
    /// has no `start_trigger`: nothing fires it, so there is never an event, and the variable
    /// is always false, empty or 0.
    EventWithoutTrigger {
        /// The variable.
        variable: &'static str,
    },
}

impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarningKind::ZeroDefense => {
                f.write_str("a creature with defense 0 dies as soon as it enters the battlefield")
            }
            WarningKind::TriggerNeverFires { event } => write!(
                f,
                "`{}` never happens while a spell resolves, and a spell's triggers are active \
                 only then: this trigger never fires",
                event.name()
            ),
            WarningKind::FileNameNotCardId { stem } => write!(
                f,
                "the file is named `{stem}` but holds another card_id; name card files after \
                 their card_id so they are easy to find"
            ),
            WarningKind::SpellAbilityCost => f.write_str(
                "a spell pays only its card's `mana`: this ability's `mana_requirement` is not \
                 charged (contract item 6)",
            ),
            WarningKind::FeedsOwnTrigger { effect, event } => write!(
                f,
                "`{effect}` causes `{}`, the event this alteration starts on, so it may fire \
                 itself again and again (the chain stops at the engine's limit and the step is \
                 refused)",
                event.name()
            ),
            WarningKind::StatOfStatlessCard {
                reference,
                card_type,
            } => write!(
                f,
                "`{reference}` is the stat of the card the ability belongs to, and a {} card \
                 has none: this parameter is always 0",
                card_type.name()
            ),
            WarningKind::MixedDialects { filter, variable } => write!(
                f,
                "`{filter}` (PTG 0.2.0's filter) and a condition on `{variable}` (PTG 0.9's) \
                 filter the same thing; both must pass: keep one of them"
            ),
            WarningKind::EventWithoutTrigger { variable } => write!(
                f,
                "`{variable}` reads the event that fired the alteration, but it has no \
                 `start_trigger`: there is never an event, so `{variable}` is always false, \
                 empty or 0"
            ),
        }
    }
}

/// One warning about one card file: where it is and what looks wrong. Displays as
/// `path:line:col: warning: card `id`, field `f`: message`, like [`crate::LoadError`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoadWarning {
    /// The file.
    pub file: PathBuf,
    /// Where in the file, when known.
    pub position: Option<Position>,
    /// The card.
    pub card_id: CardId,
    /// The field concerned, like `abilities[0].alterations[1].start_trigger`, if any.
    pub field: Option<String>,
    /// What looks wrong.
    pub kind: WarningKind,
}

impl fmt::Display for LoadWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.file.display())?;
        if let Some(p) = self.position {
            write!(f, "{}:{}:", p.line, p.column)?;
        }
        write!(f, " warning: card `{}`", self.card_id)?;
        if let Some(field) = &self.field {
            write!(f, ", field `{field}`")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// Events no effect can cause while a spell resolves: actions and phase steps.
const NOT_DURING_A_SPELL: [EventType; 8] = [
    EventType::OnTurnStart,
    EventType::OnTurnEnd,
    EventType::OnAttackDeclared,
    EventType::OnCardAttack,
    EventType::OnDefenseDeclared,
    EventType::OnCardDefense,
    EventType::OnCombatResolved,
    EventType::OnAbilityActivated,
];

/// The events a built-in effect causes whatever its parameters (effects of one's own are not
/// known here, so they cause none).
fn caused_by(effect: &str) -> &'static [EventType] {
    use EventType as E;
    match effect {
        "draw_card" => &[E::OnCardDraw],
        "damage_card" => &[E::OnCardReceiveDamage],
        "damage_player" => &[E::OnPlayerReceiveDamage],
        "heal_player" => &[E::OnPlayerHealed],
        "gain_mana" => &[E::OnPlayerManaGained],
        "spend_mana" => &[E::OnPlayerManaSpent],
        "spawn_creature" | "recruit" => &[E::OnCardEnterBattlefield],
        "destroy_card" => &[
            E::OnCardLeaveBattlefield,
            E::OnCardDeath,
            E::OnCardEnterGraveyard,
        ],
        "return_to_hand" => &[E::OnCardLeaveBattlefield],
        "mill" | "random_discard" => &[E::OnCardEnterGraveyard],
        "recycle_graveyard" => &[E::OnCardLeaveGraveyard],
        _ => &[],
    }
}

/// The warnings about a card loaded from `file`, whose text is `text`, in field order.
pub fn card_warnings(file: &Path, text: &str, card: &CardDefinition) -> Vec<LoadWarning> {
    let mut found: Vec<(FieldPath, WarningKind)> = Vec::new();
    let root = FieldPath::root();
    if let Some(stem) = file.file_stem().map(|s| s.to_string_lossy().into_owned())
        && stem != card.card_id.as_str()
    {
        found.push((root.key("card_id"), WarningKind::FileNameNotCardId { stem }));
    }
    if card.card_type == CardType::Creature && card.defense == 0 {
        found.push((root.key("defense"), WarningKind::ZeroDefense));
    }
    for (a, ability) in card.abilities.iter().enumerate() {
        let ability_path = root.key("abilities").index(a);
        if card.card_type == CardType::Spell && !ability.mana_requirement.is_empty() {
            found.push((
                ability_path.key("mana_requirement"),
                WarningKind::SpellAbilityCost,
            ));
        }
        if card.card_type != CardType::Creature {
            for (k, alteration) in ability.alterations.iter().enumerate() {
                for (name, value) in alteration.params.iter() {
                    let reference = match value {
                        ParamValue::Amount(Amount::SourceAttack) => "$attack",
                        ParamValue::Amount(Amount::SourceDefense) => "$defense",
                        _ => continue,
                    };
                    let param = ability_path
                        .key("alterations")
                        .index(k)
                        .key("params")
                        .key(name);
                    found.push((
                        param,
                        WarningKind::StatOfStatlessCard {
                            reference,
                            card_type: card.card_type,
                        },
                    ));
                }
            }
        }
        for (k, alteration) in ability.alterations.iter().enumerate() {
            let at = ability_path.key("alterations").index(k);
            found.extend(dialect_warnings(alteration, &at));
        }
        if ability.ability_type != AbilityType::Triggered {
            continue;
        }
        for (k, alteration) in ability.alterations.iter().enumerate() {
            let Some(event) = alteration.start_trigger else {
                continue;
            };
            let trigger = ability_path
                .key("alterations")
                .index(k)
                .key("start_trigger");
            if card.card_type == CardType::Spell && NOT_DURING_A_SPELL.contains(&event) {
                found.push((trigger.clone(), WarningKind::TriggerNeverFires { event }));
            }
            // `trigger_self` narrows the trigger to the card itself, which the effect reaches
            // only when it targets the card.
            let reaches_itself =
                !alteration.trigger_self || alteration.target == TargetSpec::SelfCard;
            if reaches_itself && caused_by(&alteration.effect).contains(&event) {
                found.push((
                    trigger,
                    WarningKind::FeedsOwnTrigger {
                        effect: alteration.effect.to_string(),
                        event,
                    },
                ));
            }
        }
    }
    if found.is_empty() {
        return Vec::new();
    }
    // The file loaded, so it parses again within the limits; a failure only loses positions.
    let tree: Option<Spanned<Node>> = from_str(text, true).ok();
    found
        .into_iter()
        .map(|(path, kind)| LoadWarning {
            file: file.to_path_buf(),
            position: tree.as_ref().and_then(|t| position_of(t, &path)),
            card_id: card.card_id.clone(),
            field: Some(path.to_string()),
            kind,
        })
        .collect()
}

/// The warnings about the conditions of one alteration (at `path`): both dialects for one
/// filter, and event variables where no event ever is.
fn dialect_warnings(
    alteration: &AlterationData,
    path: &FieldPath,
) -> Vec<(FieldPath, WarningKind)> {
    let mut found = Vec::new();
    let conditions = [
        ("condition", alteration.condition.as_deref()),
        ("target_condition", alteration.target_condition.as_deref()),
    ];
    for (field, condition) in conditions {
        let Some(condition) = condition else { continue };
        let mut variables: Vec<&'static str> = Vec::new();
        let mut events: Vec<&'static str> = Vec::new();
        condition.for_each_variable(&mut |v| {
            variables.push(v.name());
            if v.reads_event() {
                events.push(v.name());
            }
        });
        let mixed = [
            (
                "trigger_owner",
                alteration.trigger_owner != TriggerOwner::Any,
                ["event_in_self_zone", "event_in_opponent_zone"].as_slice(),
            ),
            (
                "trigger_card_id",
                alteration.trigger_card_id.is_some(),
                ["event_source_card_id"].as_slice(),
            ),
        ];
        for (filter, given, same) in mixed {
            if let Some(variable) = variables.iter().find(|v| given && same.contains(v)) {
                found.push((
                    path.key(field),
                    WarningKind::MixedDialects { filter, variable },
                ));
            }
        }
        if alteration.start_trigger.is_none()
            && let Some(variable) = events.first()
        {
            found.push((
                path.key(field),
                WarningKind::EventWithoutTrigger { variable },
            ));
        }
    }
    if alteration.start_trigger.is_none() {
        for (name, value) in alteration.params.iter() {
            let ParamValue::Expr(expr) = value else {
                continue;
            };
            let mut event = None;
            expr.for_each_variable(&mut |v| {
                if v.reads_event() && event.is_none() {
                    event = Some(v.name());
                }
            });
            if let Some(variable) = event {
                found.push((
                    path.key("params").key(name),
                    WarningKind::EventWithoutTrigger { variable },
                ));
            }
        }
    }
    found
}

/// Where the value at `path` is written; for a field that is not written (a defense left at
/// its default of 0), where the deepest part of the path that is written is.
fn position_of(root: &Spanned<Node>, path: &FieldPath) -> Option<Position> {
    let mut node = root;
    for seg in path.segs() {
        let next = match seg {
            Seg::Key(key) => node.value.get(key),
            Seg::Index(index) => node.value.item(*index),
        };
        match next {
            Some(next) => node = next,
            None => break,
        }
    }
    at(node)
}
