//! What effects act on and what one application of an effect did: the data an armed reversal
//! keeps, so that it undoes exactly that.

use imbl::Vector;
use serde::Serialize;

use crate::alteration::Params;
use crate::event::Target;
use crate::ids::InstanceId;
use crate::mana::Mana;

/// What an effect acts on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    /// A card instance (a creature on the battlefield unless the effect says otherwise).
    Card,
    /// A player.
    Player,
}

/// What one application of an effect did, kept so that a reversal undoes exactly that.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Applied {
    /// What the effect acted on.
    pub target: Target,
    /// The amounts involved.
    pub record: Record,
}

/// The amounts an effect applied, in a form its reversal can use.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Record {
    /// Nothing to undo.
    Nothing,
    /// One number (damage dealt, health healed, ...).
    Amount(i32),
    /// A stat change on each listed card, made while each card had the given stat epochs.
    Buffs {
        /// Attack change.
        attack: i32,
        /// Defense change.
        defense: i32,
        /// The cards changed, with the attack and defense epochs each had (see
        /// [`crate::StatLine::attack_epoch`]): each half is undone only while its epoch holds.
        cards: Vector<(InstanceId, u32, u32)>,
    },
    /// The base stats a card had before `set_stats`, for each stat it set, with the epoch the
    /// set gave that stat: the reversal restores a base only while its epoch holds.
    SetStats {
        /// The attack before, and the attack epoch of the set.
        attack: Option<(i32, u32)>,
        /// The defense before, and the defense epoch of the set.
        defense: Option<(i32, u32)>,
    },
    /// Mana moved to or from a player's pool, and the pool's refill count at the time.
    Mana {
        /// The mana.
        mana: Mana,
        /// [`crate::PlayerState::refills`] when it moved.
        refill: u32,
    },
    /// Free-form values, for effects registered by users.
    Custom(Params),
    /// A flag of the target card changed (tapped or untapped, a technique granted or removed,
    /// `cannot_block` or `unblockable` set or revoked), on the object that entered the
    /// battlefield with this epoch ([`crate::CardInstance::entered`]): the reversal changes it
    /// back on that object only, and a change that found the flag already so records
    /// [`Record::Nothing`] instead.
    Changed {
        /// The card's entry epoch when it changed.
        entered: u32,
    },
    /// A technique granted or removed, on the object that entered the battlefield with this
    /// epoch (as [`Record::Changed`]).
    Technique {
        /// The technique.
        technique: crate::card::Technique,
        /// The card's entry epoch when it changed.
        entered: u32,
    },
    /// A technique a static ability grants, taken away by a one-shot `remove_technique` (on the
    /// object that entered with this epoch): the static's grant no longer gives it, and the
    /// card's own technique, when it had it too (`owned`), is removed as well.
    Suppressed {
        /// The technique.
        technique: crate::card::Technique,
        /// The card's entry epoch when it changed.
        entered: u32,
        /// The card had the technique of its own too.
        owned: bool,
    },
    /// Nothing applied yet: the effect waits for its controller's choice (a
    /// [`crate::PendingChoice`]); what the choice applies is recorded, and reversed, then.
    Deferred,
}
