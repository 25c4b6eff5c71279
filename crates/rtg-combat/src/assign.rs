//! Damage assignment of a blocked attacker to its ordered blockers.

/// How an attacker's damage is split: to each blocker in order, and what reaches the player.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Assignment {
    /// Damage to each blocker, in blocker order.
    pub to_blockers: Vec<i32>,
    /// Damage to the defending player (trample only).
    pub to_player: i32,
}

/// The damage that counts as lethal for a blocker with `remaining_defense`: that defense, or 1
/// when the attacker has deathtouch. Never below 0.
pub fn lethal_damage(remaining_defense: i32, deathtouch: bool) -> i32 {
    if deathtouch {
        1
    } else {
        remaining_defense.max(0)
    }
}

/// Splits `attack` over blockers with these remaining defenses, in order: each receives the lesser
/// of the damage left and its lethal damage; what is left after the last goes to the player with
/// trample and is lost without it.
///
/// ```
/// use rtg_combat::assign_damage;
/// // A 5/5 trampler blocked by a 2/2 then a 1/1: 2, 1, and 2 to the player.
/// let a = assign_damage(5, &[2, 1], false, true);
/// assert_eq!((a.to_blockers, a.to_player), (vec![2, 1], 2));
/// // Deathtouch + trample: 1 to each blocker, the rest to the player.
/// let a = assign_damage(5, &[4, 4], true, true);
/// assert_eq!((a.to_blockers, a.to_player), (vec![1, 1], 3));
/// ```
pub fn assign_damage(
    attack: i32,
    blocker_defenses: &[i32],
    deathtouch: bool,
    trample: bool,
) -> Assignment {
    let mut to_blockers = Vec::with_capacity(blocker_defenses.len());
    let to_player = assign_damage_into(
        attack,
        blocker_defenses,
        deathtouch,
        trample,
        &mut to_blockers,
    );
    Assignment {
        to_blockers,
        to_player,
    }
}

/// [`assign_damage`] into a list the caller keeps (cleared first): fills `to_blockers` and
/// returns the damage to the player.
pub fn assign_damage_into(
    attack: i32,
    blocker_defenses: &[i32],
    deathtouch: bool,
    trample: bool,
    to_blockers: &mut Vec<i32>,
) -> i32 {
    to_blockers.clear();
    let mut left = attack.max(0);
    for &defense in blocker_defenses {
        let dealt = left.min(lethal_damage(defense, deathtouch));
        to_blockers.push(dealt);
        left -= dealt;
    }
    if trample { left } else { 0 }
}
