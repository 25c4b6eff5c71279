//! The player's view as the `cmd:` protocol writes it: a JSON snapshot of a [`PlayerView`].
//!
//! It lives here, beside the protocol, rather than in rtg-rules beside `PlayerView`: it is a
//! wire format with a version of its own ([`super::CMD_PROTOCOL`]), and being outside the crate
//! that owns the state it can only be built from `PlayerView`'s public accessors — the ones
//! that hand out what the player may know — so it cannot reach the opponent's hand or a deck's
//! order even by mistake.

use rtg_core::{CardType, InstanceId, ManaPool, PlayerId, Target, TechniqueSet};
use rtg_rules::PlayerView;
use serde::Serialize;

/// What one player may know at a decision, for a program: their own hand, both battlefields
/// and graveyards card by card, health, mana, the phase and turn, the declared attacks, what
/// waits to be resolved, and only the sizes of hidden zones (the opponent's hand, both decks).
/// Players are by seat: `players[0]` took the first turn; `you` is the view's seat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewJson {
    /// The seat of the view's player (0 took the first turn).
    pub you: u8,
    /// The turn number (every player's turn counts).
    pub turn: u32,
    /// The turn limit, if any: the game is a draw beyond it.
    pub turn_limit: Option<u32>,
    /// The phase (`main`, `attack`, `defense`, ...).
    pub phase: &'static str,
    /// The seat whose turn it is.
    pub active: u8,
    /// The seat to act now (`you` when the program is asked).
    pub to_act: u8,
    /// The view's own hand, in order.
    pub hand: Vec<CardJson>,
    /// Both players by seat.
    pub players: [PlayerJson; 2],
    /// The attacks declared this combat.
    pub combats: Vec<CombatJson>,
    /// Triggers waiting for a target, oldest first (only resolving one is allowed then).
    pub pending_triggers: Vec<TriggerJson>,
    /// Choices waiting for a player, oldest first.
    pub pending_choices: Vec<ChoiceJson>,
    /// Delayed effects waiting, in the order they were set.
    pub delays: Vec<DelayJson>,
}

/// One player as both players see them: hidden zones by size only.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlayerJson {
    /// Their seat.
    pub seat: u8,
    /// Their health.
    pub health: i32,
    /// Their mana pool, by mana type (types at 0 left out).
    pub pool: ManaPool,
    /// The mana their mana cards on the battlefield provide each turn.
    pub mana_sources: ManaPool,
    /// Mana cards they played this turn.
    pub mana_played: u32,
    /// The number of cards in their hand (the view's own are in [`ViewJson::hand`]).
    pub hand_size: usize,
    /// The number of cards in their deck (never its order).
    pub deck_size: usize,
    /// Their battlefield, in order of entry.
    pub battlefield: Vec<CardJson>,
    /// Their graveyard, oldest first.
    pub graveyard: Vec<CardJson>,
}

/// One card the player can see, as it is now.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardJson {
    /// Its instance id: what actions and targets name.
    pub id: u32,
    /// Its definition's id (the hello message lists every definition by it).
    pub card: String,
    /// Its name.
    pub name: String,
    /// `creature`, `spell` or `mana`.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Its owner's seat.
    pub owner: u8,
    /// Its cost (a mana card: the mana it provides).
    pub cost: ManaPool,
    /// Current attack (buffs and static abilities counted).
    pub attack: i32,
    /// Current defense: toughness less the damage marked.
    pub defense: i32,
    /// Its techniques now (`flying`, `haste`, ...).
    pub techniques: TechniqueSet,
    /// Tapped (it cannot attack, block or activate until it untaps).
    pub tapped: bool,
    /// Entered the battlefield since its controller's turn began.
    pub summoning_sick: bool,
    /// Attacked this turn.
    pub attacked_this_turn: bool,
    /// It cannot block.
    pub cannot_block: bool,
    /// It cannot be blocked.
    pub unblockable: bool,
    /// A token (gone when it leaves the battlefield).
    pub token: bool,
}

/// One declared attack.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CombatJson {
    /// The attacking creature.
    pub attacker: u32,
    /// The seat it attacks.
    pub defender: u8,
    /// Its blockers, in damage assignment order.
    pub blockers: Vec<u32>,
    /// Blocked (it stays blocked when its blockers leave).
    pub blocked: bool,
}

/// A trigger waiting for its controller to choose a target.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TriggerJson {
    /// The card whose ability it is.
    pub source: u32,
    /// The ability's index in that card's definition.
    pub ability: u16,
    /// The alteration's index in that ability.
    pub alteration: u16,
    /// The seat that chooses.
    pub controller: u8,
}

/// A choice waiting for a player (`choose_mana`'s, ...): public card text.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ChoiceJson {
    /// The card that asks.
    pub source: u32,
    /// The seat that chooses.
    pub controller: u8,
    /// What the chosen option is applied to, when the player can locate it.
    pub target: Option<Target>,
    /// How many options there are.
    pub options: u16,
    /// The mana of each option, when the options are mana.
    pub mana_options: Option<Vec<ManaPool>>,
}

/// A delayed effect waiting.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DelayJson {
    /// The card that set it, when the player can locate it.
    pub source: Option<u32>,
    /// Its definition's id.
    pub card: String,
    /// The ability's index in that definition.
    pub ability: u16,
    /// The alteration's index in that ability.
    pub alteration: u16,
    /// The seat whose turn starts count it down.
    pub controller: u8,
    /// What it will be applied to, when the player can locate it.
    pub target: Option<Target>,
    /// Turn starts left before it happens.
    pub remaining: u32,
}

/// The cards of `ids` the view shows (a card it cannot locate is left out).
fn cards(view: &PlayerView<'_>, ids: &[InstanceId]) -> Vec<CardJson> {
    ids.iter().filter_map(|&id| card(view, id)).collect()
}

fn card(view: &PlayerView<'_>, id: InstanceId) -> Option<CardJson> {
    let card = view.card(id)?;
    let def = view.def(id)?;
    Some(CardJson {
        id: id.0,
        card: def.card_id.to_string(),
        name: def.name.clone(),
        card_type: def.card_type,
        owner: card.owner.0,
        cost: def.mana,
        attack: card.attack(),
        defense: card.defense(),
        techniques: card.techniques(),
        tapped: card.tapped,
        summoning_sick: card.summoning_sick,
        attacked_this_turn: card.attacked_this_turn,
        cannot_block: card.cannot_block(),
        unblockable: card.unblockable(),
        token: card.token,
    })
}

/// A target, unless it is a card the view cannot locate.
fn located(view: &PlayerView<'_>, target: Target) -> Option<Target> {
    match target {
        Target::Card(id) if view.card(id).is_none() => None,
        t => Some(t),
    }
}

fn player(view: &PlayerView<'_>, seat: PlayerId) -> PlayerJson {
    PlayerJson {
        seat: seat.0,
        health: view.health(seat),
        pool: view.pool(seat),
        mana_sources: view.mana_sources(seat),
        mana_played: view.mana_played(seat),
        hand_size: view.hand_size(seat),
        deck_size: view.deck_size(seat),
        battlefield: cards(view, view.battlefield(seat)),
        graveyard: cards(view, view.graveyard(seat)),
    }
}

impl ViewJson {
    /// The snapshot of `view`, read through its accessors only.
    pub fn of(view: &PlayerView<'_>) -> ViewJson {
        ViewJson {
            you: view.player().0,
            turn: view.turn(),
            turn_limit: view.turn_limit(),
            phase: view.phase().name(),
            active: view.active().0,
            to_act: view.to_act().0,
            hand: cards(view, view.hand()),
            players: PlayerId::ALL.map(|seat| player(view, seat)),
            combats: view
                .combats()
                .iter()
                .map(|c| CombatJson {
                    attacker: c.attacker.0,
                    defender: c.defender.0,
                    blockers: c.blockers.iter().map(|b| b.0).collect(),
                    blocked: c.blocked,
                })
                .collect(),
            pending_triggers: view
                .pending_triggers()
                .map(|t| TriggerJson {
                    source: t.alteration.source.0,
                    ability: t.alteration.ability,
                    alteration: t.alteration.alteration,
                    controller: t.controller.0,
                })
                .collect(),
            pending_choices: view
                .pending_choices()
                .iter()
                .enumerate()
                .map(|(i, c)| ChoiceJson {
                    source: c.alteration.source.0,
                    controller: c.controller.0,
                    target: located(view, c.target),
                    options: c.options,
                    mana_options: view.choice_mana_options(i).map(<[ManaPool]>::to_vec),
                })
                .collect(),
            delays: view
                .delays()
                .map(|d| DelayJson {
                    source: d.source.map(|s| s.0),
                    card: view.content().definitions.get(d.def).card_id.to_string(),
                    ability: d.ability,
                    alteration: d.alteration,
                    controller: d.controller.0,
                    target: d.target,
                    remaining: d.remaining,
                })
                .collect(),
        }
    }
}
