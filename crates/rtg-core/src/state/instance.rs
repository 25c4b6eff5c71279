//! One card instance and its stat line.

use serde::Serialize;

use crate::card::{CardDefinition, CardType, TechniqueSet};
use crate::continuous::Ongoing;
use crate::ids::{DefIndex, InstanceId, PlayerId};
use crate::state::Location;

/// A creature's stats: a base (printed, or set by `set_stats`), buffs on top, damage marked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct StatLine {
    /// Base attack.
    pub base_attack: i32,
    /// Base defense.
    pub base_defense: i32,
    /// Sum of active attack buffs.
    pub attack_buff: i32,
    /// Sum of active defense buffs.
    pub defense_buff: i32,
    /// Damage marked this turn.
    pub damage: i32,
    /// A game-wide unique number, renewed whenever the attack is set outright (entering the
    /// battlefield, `set_stats` of attack), so that reversing an attack buff made before no
    /// longer counts against the new value.
    pub attack_epoch: u32,
    /// The same for defense.
    pub defense_epoch: u32,
}

impl StatLine {
    /// Stats as printed.
    pub fn printed(attack: i32, defense: i32) -> StatLine {
        StatLine {
            base_attack: attack,
            base_defense: defense,
            ..StatLine::default()
        }
    }
}

/// One copy of a card in one game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CardInstance {
    /// Its id.
    pub id: InstanceId,
    /// Its definition.
    pub def: DefIndex,
    /// The player who owns and controls it.
    pub owner: PlayerId,
    pub(crate) location: Location,
    /// Its stats.
    pub stats: StatLine,
    /// Entered the battlefield since its controller's turn last began.
    pub summoning_sick: bool,
    /// Attacked since its controller's turn last began.
    pub attacked_this_turn: bool,
    /// Was dealt damage by a deathtouch source: dies at the next state-based check.
    pub deathtouched: bool,
    /// A token: created by an effect, ceases to exist when it leaves the battlefield.
    pub token: bool,
    /// Its definition is a creature (kept here so state-based checks need no lookup).
    pub creature: bool,
    /// Its own techniques: the printed ones with those granted and removed by one-shot effects
    /// (`grant_technique`, `remove_technique`), before static abilities; read
    /// [`CardInstance::techniques`]. Back to the printed ones when it enters the battlefield.
    pub own_techniques: TechniqueSet,
    /// Techniques a one-shot `remove_technique` took away while a static ability granted them:
    /// static grants do not give them back until that removal ends (a later removal beats an
    /// earlier grant, MTG rule 613.7). Empty when it enters the battlefield.
    pub own_removed: TechniqueSet,
    /// Tapped: it cannot attack, block or activate abilities until it untaps (at its
    /// controller's turn start, or by `untap_card`).
    pub tapped: bool,
    /// A one-shot `cannot_block` holds, until revoked; read [`CardInstance::cannot_block`].
    pub own_cannot_block: bool,
    /// A one-shot `unblockable` holds, until revoked; read [`CardInstance::unblockable`].
    pub own_unblockable: bool,
    /// The stat epoch it entered the battlefield with (see [`StatLine::attack_epoch`]): which
    /// object on the battlefield it is, so that a reversal made for an earlier stay there
    /// leaves it alone. 0 for a card that never entered.
    pub entered: u32,
    /// What static abilities do to it now (see [`crate::continuous`]): derived from the state,
    /// refreshed where the state-based checks run, empty off the battlefield.
    pub ongoing: Ongoing,
}

impl CardInstance {
    /// The one constructor: a new instance of `printed` (its definition, at index `def`), with
    /// its printed stats and no flags set.
    pub fn new(
        id: InstanceId,
        def: DefIndex,
        owner: PlayerId,
        location: Location,
        printed: &CardDefinition,
    ) -> CardInstance {
        CardInstance {
            id,
            def,
            owner,
            location,
            stats: StatLine::printed(printed.attack, printed.defense),
            summoning_sick: false,
            attacked_this_turn: false,
            deathtouched: false,
            token: false,
            creature: printed.card_type == CardType::Creature,
            own_techniques: printed.techniques,
            own_removed: TechniqueSet::EMPTY,
            tapped: false,
            own_cannot_block: false,
            own_unblockable: false,
            entered: 0,
            ongoing: Ongoing::default(),
        }
    }

    /// The same instance made a token (summoning sick: it is created onto the battlefield).
    pub(crate) fn token(self) -> CardInstance {
        CardInstance {
            token: true,
            summoning_sick: true,
            ..self
        }
    }

    /// Where the card is.
    pub fn location(&self) -> Location {
        self.location
    }

    /// True on the battlefield.
    #[inline]
    pub fn on_battlefield(&self) -> bool {
        self.location == Location::Battlefield
    }

    /// True for a creature on the battlefield: what card effects target and what fights. The
    /// one place this is decided.
    pub fn is_creature_on_battlefield(&self) -> bool {
        self.creature && self.location == Location::Battlefield
    }
}
