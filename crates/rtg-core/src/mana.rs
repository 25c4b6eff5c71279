//! Mana types, costs and pools, and the deterministic payment of a cost from a pool.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A kind of mana. `Any` appears only in costs: it is paid with whatever is left.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManaType {
    /// Red.
    Fire,
    /// Green.
    Earth,
    /// Blue.
    Water,
    /// White.
    Air,
    /// Generic: paid with leftover mana of any type.
    Any,
}

impl ManaType {
    /// Every mana type, in the fixed order used everywhere (and for paying `any`).
    pub const ALL: [ManaType; 5] = [
        ManaType::Fire,
        ManaType::Earth,
        ManaType::Water,
        ManaType::Air,
        ManaType::Any,
    ];

    /// The four types a pool can hold, in the order `any` is paid from them.
    pub const SPECIFIC: [ManaType; 4] = [
        ManaType::Fire,
        ManaType::Earth,
        ManaType::Water,
        ManaType::Air,
    ];

    /// The YAML name of the type.
    pub fn name(self) -> &'static str {
        match self {
            ManaType::Fire => "fire",
            ManaType::Earth => "earth",
            ManaType::Water => "water",
            ManaType::Air => "air",
            ManaType::Any => "any",
        }
    }

    /// Parses a YAML name.
    pub fn from_name(name: &str) -> Option<ManaType> {
        ManaType::ALL.into_iter().find(|t| t.name() == name)
    }

    fn slot(self) -> usize {
        self as usize
    }
}

impl fmt::Display for ManaType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An amount of mana per type: a card's cost (`mana`), an ability's `mana_requirement`, or a
/// player's pool. Pools never hold `any`.
///
/// Amounts saturate at `u32::MAX` instead of overflowing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Mana([u32; 5]);

/// A cost to pay: alias of [`Mana`] for readability at call sites.
pub type ManaCost = Mana;
/// A player's mana pool: alias of [`Mana`] for readability at call sites.
pub type ManaPool = Mana;
/// An ability's `mana_requirement`: alias of [`Mana`] (the specification's `ManaRequirement`).
pub type ManaRequirement = Mana;

impl Mana {
    /// No mana at all.
    pub const EMPTY: Mana = Mana([0; 5]);

    /// Builds an amount from `(type, count)` pairs; repeated types add up.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (ManaType, u32)>) -> Mana {
        let mut mana = Mana::EMPTY;
        for (kind, count) in pairs {
            mana.add(kind, count);
        }
        mana
    }

    /// The amount of one type.
    pub fn get(&self, kind: ManaType) -> u32 {
        self.0[kind.slot()]
    }

    /// Sets the amount of one type.
    pub fn set(&mut self, kind: ManaType, count: u32) {
        self.0[kind.slot()] = count;
    }

    /// Adds to one type, saturating.
    pub fn add(&mut self, kind: ManaType, count: u32) {
        let slot = &mut self.0[kind.slot()];
        *slot = slot.saturating_add(count);
    }

    /// Adds every type of `other`, saturating.
    pub fn add_all(&mut self, other: &Mana) {
        for kind in ManaType::ALL {
            self.add(kind, other.get(kind));
        }
    }

    /// Removes up to `other` of every type (never below zero) and returns what was removed.
    pub fn remove_up_to(&mut self, other: &Mana) -> Mana {
        let mut removed = Mana::EMPTY;
        for kind in ManaType::ALL {
            let take = self.get(kind).min(other.get(kind));
            self.0[kind.slot()] -= take;
            removed.set(kind, take);
        }
        removed
    }

    /// The total of every type.
    pub fn total(&self) -> u64 {
        self.0.iter().map(|&n| u64::from(n)).sum()
    }

    /// True when every type is zero.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The non-zero entries in the fixed type order.
    pub fn iter(&self) -> impl Iterator<Item = (ManaType, u32)> + '_ {
        ManaType::ALL
            .into_iter()
            .map(|kind| (kind, self.get(kind)))
            .filter(|&(_, n)| n > 0)
    }

    /// Pays `cost` from this pool, following the specification: every specific type first,
    /// then the `any` part from what remains, taking fire, earth, water, air in that order.
    ///
    /// Returns the mana actually taken from the pool. When the pool cannot cover the cost the
    /// pool is left unchanged and the error says how much of each type is missing.
    ///
    /// ```
    /// use rtg_core::{Mana, ManaType::*};
    /// let mut pool = Mana::from_pairs([(Fire, 2), (Earth, 1)]);
    /// let paid = pool.pay(&Mana::from_pairs([(Fire, 1), (Any, 1)])).unwrap();
    /// assert_eq!(pool, Mana::from_pairs([(Earth, 1)]));
    /// assert_eq!(paid, Mana::from_pairs([(Fire, 2)]));
    /// ```
    pub fn pay(&mut self, cost: &Mana) -> Result<Mana, Mana> {
        let mut pool = *self;
        let mut paid = Mana::EMPTY;
        let mut missing = Mana::EMPTY;
        for kind in ManaType::SPECIFIC {
            let want = cost.get(kind);
            let have = pool.get(kind);
            if have >= want {
                pool.set(kind, have - want);
                paid.add(kind, want);
            } else {
                // What there is goes to the specific cost, so it cannot also count for `any`.
                pool.set(kind, 0);
                missing.set(kind, want - have);
            }
        }
        let mut any_left = cost.get(ManaType::Any);
        for kind in ManaType::SPECIFIC {
            let take = pool.get(kind).min(any_left);
            pool.set(kind, pool.get(kind) - take);
            paid.add(kind, take);
            any_left -= take;
        }
        missing.set(ManaType::Any, any_left);
        if missing.is_empty() {
            *self = pool;
            Ok(paid)
        } else {
            Err(missing)
        }
    }

    /// True when [`Mana::pay`] would succeed.
    #[inline]
    pub fn can_pay(&self, cost: &Mana) -> bool {
        let mut probe = *self;
        probe.pay(cost).is_ok()
    }
}

impl fmt::Debug for Mana {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(k, n)| (k.name(), n)))
            .finish()
    }
}

impl fmt::Display for Mana {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("{}");
        }
        f.write_str("{")?;
        for (i, (kind, n)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(kind.name())?;
            f.write_str(": ")?;
            write_count(f, n)?;
        }
        f.write_str("}")
    }
}

/// Writes `n` in decimal, as `{n}` would with no flags: refusals name the mana they miss, and
/// a loop that tries actions formats many of them, so this skips the general formatter.
fn write_count(f: &mut fmt::Formatter<'_>, n: u32) -> fmt::Result {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    // ASCII digits are UTF-8.
    f.write_str(std::str::from_utf8(&digits[at..]).unwrap_or("?"))
}

impl Serialize for Mana {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Mana {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<ManaType, u32>::deserialize(deserializer)?;
        Ok(Mana::from_pairs(map))
    }
}

#[cfg(test)]
mod tests {
    use super::ManaType::*;
    use super::*;

    #[test]
    fn mana_reads_as_its_nonzero_types_in_order_with_their_counts() {
        assert_eq!(Mana::EMPTY.to_string(), "{}");
        assert_eq!(
            Mana::from_pairs([(Any, 1), (Fire, 2)]).to_string(),
            "{fire: 2, any: 1}"
        );
        let most = Mana::from_pairs([(Earth, u32::MAX), (Water, 10), (Air, 9)]);
        assert_eq!(
            most.to_string(),
            format!("{{earth: {}, water: 10, air: 9}}", u32::MAX)
        );
        assert_eq!(format!("{}", Mana::from_pairs([(Air, 100)])), "{air: 100}");
    }

    #[test]
    fn spec_any_example_pays_specific_first_then_any_in_fixed_order() {
        let mut pool = Mana::from_pairs([(Fire, 2), (Earth, 1)]);
        let paid = pool.pay(&Mana::from_pairs([(Fire, 1), (Any, 1)]));
        assert_eq!(paid, Ok(Mana::from_pairs([(Fire, 2)])));
        assert_eq!(pool, Mana::from_pairs([(Earth, 1)]));
    }

    #[test]
    fn any_takes_types_in_order_fire_earth_water_air() {
        let mut pool = Mana::from_pairs([(Air, 1), (Water, 1), (Earth, 1)]);
        pool.pay(&Mana::from_pairs([(Any, 2)])).unwrap();
        assert_eq!(pool, Mana::from_pairs([(Air, 1)]));
    }

    #[test]
    fn failed_payment_leaves_pool_unchanged_and_names_the_shortfall() {
        let mut pool = Mana::from_pairs([(Fire, 1)]);
        let missing = pool.pay(&Mana::from_pairs([(Fire, 2), (Water, 1), (Any, 1)]));
        assert_eq!(
            missing,
            Err(Mana::from_pairs([(Fire, 1), (Water, 1), (Any, 1)]))
        );
        assert_eq!(pool, Mana::from_pairs([(Fire, 1)]));
    }

    #[test]
    fn amounts_saturate() {
        let mut pool = Mana::from_pairs([(Fire, u32::MAX)]);
        pool.add(Fire, 5);
        assert_eq!(pool.get(Fire), u32::MAX);
    }
}
