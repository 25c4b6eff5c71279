//! The heuristic bot: sound targeting, trades and blocks that keep value, and a race count.

use rtg_core::{
    AbilityType, Aim, AlterationRef, Amount, CardType, GameRng, InstanceId, ParamValue, Phase,
    PlayerId, Target, TargetSpec, Technique,
};
use rtg_rules::{Action, PlayerView};

use crate::bots::{Bot, best_target, chooser, resolve_first_choice, resolve_first_pending};

/// A bot that plays soundly by rules of thumb, from its player's view only:
///
/// - **Aim**: an effect is aimed where its declared [`Aim`] says (a harmful one at the
///   opponent's side, a helpful or neutral one at its own); when that side offers no legal
///   target the card is not played (a pending trigger, which must resolve, falls back to the
///   first legal target). Removal goes to the biggest threat it kills (highest attack, then
///   defense; a card's static abilities add what they give the other cards, so a lord is a
///   bigger threat than its printed stats), else to the biggest threat; damage that can hit a player goes to the face only
///   when no creature is worth it.
/// - **Plays**: a mana card first (the one whose mana, with the sources already on the
///   battlefield, pays for the most of the rest of the hand), then the affordable cards,
///   dearest first, then the activated abilities of its artifacts whose uses are bounded (a
///   mana cost or `max_activations`) and whose targets are sound. A pending choice takes the
///   option that pays for the most of the hand.
/// - **Attacks**: everything when the attack is lethal through every possible block; otherwise a
///   creature attacks unless some blocker could kill it and survive (a trade is the defender's
///   choice), keeping back enough blockers to survive the opponent's next swing (attacking
///   creatures cannot block on the next turn) unless the race favours attacking. Only creatures
///   that can block count as blockers (not tapped, not barred by `cannot_block`), an
///   `unblockable` attacker's damage always gets through, and techniques are read as each card
///   has them now (a granted deathtouch kills).
/// - **Blocks**: a block that kills the attacker and survives first, then one that trades up
///   (the blocker worth less than the attacker), then one that survives; a chump block only
///   against lethal damage.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

fn attack_of(view: &PlayerView<'_>, id: InstanceId) -> i32 {
    view.card(id).map_or(0, |c| c.attack())
}

fn defense_of(view: &PlayerView<'_>, id: InstanceId) -> i32 {
    view.card(id).map_or(0, |c| c.defense())
}

/// What a creature is worth: its stats and its cost, and what its static abilities do to the
/// other cards (a lord is worth its printed stats and its followers' buffs).
fn value(view: &PlayerView<'_>, id: InstanceId) -> i32 {
    let cost = view
        .def(id)
        .map_or(0, |d| i32::try_from(d.mana.total()).unwrap_or(i32::MAX));
    attack_of(view, id)
        .saturating_mul(2)
        .saturating_add(defense_of(view, id))
        .saturating_add(cost)
        .saturating_add(static_worth(view, id))
}

/// What the static abilities of `id` do to the other cards now, for its controller: each
/// card reached is worth its stat changes (attack twice) and 2 a technique or flag, counted for
/// the controller's cards and against the opponent's. 0 for a card without static abilities.
fn static_worth(view: &PlayerView<'_>, id: InstanceId) -> i32 {
    let Some(owner) = view.card(id).map(|c| c.owner) else {
        return 0;
    };
    let mut worth = 0i32;
    for (target, part) in view.static_reach(id) {
        if target == id {
            continue;
        }
        let techniques = i32::try_from(part.granted.len()).unwrap_or(0)
            - i32::try_from(part.removed.len()).unwrap_or(0);
        let card_worth = part
            .add_attack
            .saturating_mul(2)
            .saturating_add(part.add_defense)
            .saturating_add(techniques.saturating_mul(2))
            .saturating_add(if part.unblockable { 2 } else { 0 })
            .saturating_sub(if part.cannot_block { 2 } else { 0 });
        let friendly = view.card(target).is_some_and(|c| c.owner == owner);
        worth = if friendly {
            worth.saturating_add(card_worth)
        } else {
            worth.saturating_sub(card_worth)
        };
    }
    worth
}

/// True when `hitter`'s combat damage kills `victim` (deathtouch as the hitter has it now,
/// granted or removed).
fn kills(view: &PlayerView<'_>, hitter: InstanceId, victim: InstanceId) -> bool {
    let attack = attack_of(view, hitter);
    attack > 0
        && (view
            .card(hitter)
            .is_some_and(|c| c.has(Technique::Deathtouch))
            || attack >= defense_of(view, victim))
}

/// True when the card cannot be blocked now (`unblockable`).
fn unblockable(view: &PlayerView<'_>, id: InstanceId) -> bool {
    view.card(id).is_some_and(|c| c.unblockable())
}

/// The fixed amount of an alteration's `amount` parameter, if it has one.
fn fixed_amount(view: &PlayerView<'_>, refs: Option<rtg_core::AlterationRef>) -> Option<i32> {
    match view.alteration(refs?).params.get("amount")? {
        ParamValue::Int(n) | ParamValue::Amount(Amount::Fixed(n)) => Some(*n),
        _ => None,
    }
}

/// The target on the side `aim` wants, or `None` when that side has none (the play is then
/// skipped). Harmful: the biggest threat the effect kills (when its damage is known), else the
/// opponent when legal and no creature is worth more, else the biggest threat. Otherwise: the
/// player when legal, else the own creature with the highest attack.
fn sound_target(
    view: &PlayerView<'_>,
    player: PlayerId,
    aim: Aim,
    legal: &[Target],
    amount: Option<i32>,
) -> Option<Target> {
    let side = aim.side(player);
    let creatures = legal.iter().filter_map(|&t| match t {
        Target::Card(id) if view.card(id).is_some_and(|c| c.owner == side) => Some(id),
        _ => None,
    });
    // A lord is a threat for what it gives its followers too.
    let threat = |id: &InstanceId| {
        (
            attack_of(view, *id).saturating_add(static_worth(view, *id)),
            defense_of(view, *id),
        )
    };
    let face = legal.contains(&Target::Player(side));
    if aim == Aim::Harmful {
        if let Some(amount) = amount {
            let killable = creatures
                .clone()
                .filter(|&id| defense_of(view, id) <= amount)
                .max_by_key(threat);
            if let Some(id) = killable {
                return Some(Target::Card(id));
            }
        }
        if face {
            return Some(Target::Player(side));
        }
        return creatures.max_by_key(threat).map(Target::Card);
    }
    if face {
        return Some(Target::Player(side));
    }
    creatures.max_by_key(threat).map(Target::Card)
}

fn pending_target(
    view: &PlayerView<'_>,
    player: PlayerId,
    aim: Aim,
    legal: &[Target],
) -> Option<Target> {
    let at = view.pending_triggers().next().map(|p| p.alteration);
    sound_target(view, player, aim, legal, fixed_amount(view, at))
        .or_else(|| best_target(view, player, aim, legal))
}

/// The mana card in hand to play: the one whose mana, added to the player's sources, pays for
/// the most of the hand's other cards (by total cost, each on its own); the first such card on
/// a tie. `None` without a mana card in hand.
fn mana_to_play(view: &PlayerView<'_>, player: PlayerId) -> Option<InstanceId> {
    let hand = view.hand();
    // Summing the sources walks the battlefield: only for a hand that holds a mana card.
    let mut sources = None;
    let mut best: Option<(u64, InstanceId)> = None;
    for &card in hand {
        let Some(def) = view.def(card) else { continue };
        if def.card_type != CardType::Mana {
            continue;
        }
        let mut after = *sources.get_or_insert_with(|| view.mana_sources(player));
        after.add_all(&def.mana);
        let payable: u64 = hand
            .iter()
            .filter_map(|&c| view.def(c))
            .filter(|d| d.card_type != CardType::Mana && after.can_pay(&d.mana))
            .map(|d| d.mana.total())
            .sum();
        if best.is_none_or(|(b, _)| payable > b) {
            best = Some((payable, card));
        }
    }
    best.map(|(_, card)| card)
}

impl HeuristicBot {
    /// The card to play now, with its target: a mana card if none was played this turn, else
    /// the dearest affordable card that has a sound target (or needs none).
    fn play(&self, view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
        let hand = view.hand();
        if view.mana_played(player) == 0
            && let Some(card) = mana_to_play(view, player)
        {
            return Some(Action::PlayCard {
                player,
                card,
                target: None,
            });
        }
        let pool = view.pool(player);
        let mut best: Option<(u64, Action)> = None;
        for &card in hand {
            let Some(def) = view.def(card) else { continue };
            if def.card_type == CardType::Mana || !pool.can_pay(&def.mana) {
                continue;
            }
            let target = if def.card_type == CardType::Spell {
                let refs = view.spell_alterations(card);
                match chooser(view, &refs) {
                    None => None,
                    Some(at) => {
                        let mut legal = view.chosen_targets(&refs);
                        let amount = fixed_amount(view, Some(at));
                        let aim = view.aim_of(at);
                        // A buff that wears off this turn is worth something only on a creature
                        // that attacks now.
                        if aim != Aim::Harmful && view.alteration(at).is_temporary() {
                            legal.retain(|t| match t {
                                Target::Card(id) => view.can_attack(*id),
                                Target::Player(_) => true,
                            });
                        }
                        match sound_target(view, player, aim, &legal, amount) {
                            Some(t) => Some(t),
                            None => continue,
                        }
                    }
                }
            } else {
                None
            };
            let cost = def.mana.total();
            if best.as_ref().is_none_or(|(c, _)| cost > *c) {
                best = Some((
                    cost,
                    Action::PlayCard {
                        player,
                        card,
                        target,
                    },
                ));
            }
        }
        best.map(|(_, a)| a)
    }

    /// An activated ability of one of the player's artifacts to use now: one whose uses are
    /// bounded (a mana cost, or `max_activations`: a free ability without a limit could be used
    /// forever), that the rules allow now (untapped, affordable, within its limit), whose named
    /// targets are on the side its effects aim at, and whose chosen target is sound. The first
    /// such, in battlefield and ability order. A creature's abilities are left alone, as they
    /// always were.
    fn activate(&self, view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
        let has_one = view.battlefield(player).iter().any(|&id| {
            view.def(id).is_some_and(|d| {
                d.card_type == CardType::Artifact
                    && d.abilities
                        .iter()
                        .any(|a| a.ability_type == AbilityType::Activated)
            })
        });
        if !has_one {
            return None;
        }
        let legal = view.legal_actions();
        for &card in view.battlefield(player) {
            let (Some(instance), Some(def)) = (view.card(card), view.def(card)) else {
                continue;
            };
            if def.card_type != CardType::Artifact {
                continue;
            }
            for (index, ability) in def.abilities.iter().enumerate() {
                let bounded =
                    !ability.mana_requirement.is_empty() || ability.max_activations.is_some();
                if ability.ability_type != AbilityType::Activated || !bounded {
                    continue;
                }
                let targets: Vec<Option<Target>> = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::ActivateAbility {
                            card: c,
                            ability_index,
                            target,
                            ..
                        } if *c == card && *ability_index == index => Some(*target),
                        _ => None,
                    })
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                let refs: Vec<AlterationRef> = (0..ability.alterations.len())
                    .map(|i| AlterationRef {
                        source: card,
                        def: instance.def,
                        ability: u16::try_from(index).unwrap_or(u16::MAX),
                        alteration: u16::try_from(i).unwrap_or(u16::MAX),
                    })
                    .collect();
                // A named target on the wrong side of its aim (harm to itself, help to the
                // opponent) makes the ability a cost the bot does not judge: left alone.
                let misaimed = refs.iter().any(|&at| {
                    let side = match view.alteration(at).target {
                        TargetSpec::SelfCard | TargetSpec::Owner => player,
                        TargetSpec::Opponent => player.opponent(),
                        TargetSpec::Choose | TargetSpec::Each => return false,
                    };
                    match view.aim_of(at) {
                        Aim::Harmful => side == player,
                        Aim::Helpful => side != player,
                        Aim::Neutral => false,
                    }
                });
                if misaimed {
                    continue;
                }
                let target = match chooser(view, &refs) {
                    None => None,
                    Some(at) => {
                        let legal: Vec<Target> = targets.iter().flatten().copied().collect();
                        let amount = fixed_amount(view, Some(at));
                        match sound_target(view, player, view.aim_of(at), &legal, amount) {
                            Some(t) => Some(t),
                            None => continue,
                        }
                    }
                };
                if targets.contains(&target) {
                    return Some(Action::ActivateAbility {
                        player,
                        card,
                        ability_index: index,
                        target,
                    });
                }
            }
        }
        None
    }

    fn attack(&self, view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
        let attackers = view.legal_attackers();
        if attackers.is_empty() {
            return None;
        }
        let foe = player.opponent();
        // Who could block now, and what stays home to block their counterattack, are read from
        // the battlefields where they are needed rather than collected: the lists were two of
        // the allocations of every attack decision, the heuristic's most frequent.
        let may_block = |c: &InstanceId| {
            view.card(*c).is_some_and(|c| {
                c.creature && !c.attacked_this_turn && !c.tapped && !c.cannot_block()
            })
        };
        let blockers = || view.battlefield(foe).iter().copied().filter(may_block);
        let blocker_count = blockers().count();
        // Lethal through every block: the attack left after the strongest attackers are
        // blocked, one per possible blocker, plus what cannot be blocked and what already
        // attacks.
        let mut powers: Vec<i32> = Vec::with_capacity(attackers.len());
        let mut sure = 0i32;
        for &a in &attackers {
            if unblockable(view, a) {
                sure += attack_of(view, a);
            } else {
                powers.push(attack_of(view, a));
            }
        }
        powers.sort_unstable_by(|a, b| b.cmp(a));
        let declared: i32 = view
            .combats()
            .iter()
            .map(|c| attack_of(view, c.attacker))
            .sum();
        let through: i32 = powers.iter().skip(blocker_count).sum::<i32>() + sure + declared;
        if through >= view.health(foe) {
            return attackers
                .into_iter()
                .find(|&a| attack_of(view, a) > 0)
                .map(|attacker| Action::DeclareAttack { player, attacker });
        }
        // The race: when all-out attacks each turn kill them first (this turn's swing comes
        // first), every creature that is not thrown away attacks.
        let my_power: i32 = powers.iter().sum::<i32>() + sure + declared;
        // Their creatures' attacks, the biggest first: the race, their counterattack and what
        // each attack leaves home all read this one list, built once per decision.
        let mut theirs: Vec<i32> = view
            .battlefield(foe)
            .iter()
            .filter(|&&c| view.card(c).is_some_and(|c| c.creature))
            .map(|&c| attack_of(view, c))
            .collect();
        // Summed in battlefield order, before the sort, as it always was.
        let their_total: i32 = theirs.iter().sum();
        theirs.sort_unstable_by(|a, b| b.cmp(a));
        let clock = |health: i32, power: i32| {
            if power <= 0 {
                i32::MAX
            } else {
                (health + power - 1) / power
            }
        };
        let racing = clock(view.health(foe), my_power) <= clock(view.health(player), their_total);
        // Their counterattack next turn: every creature of theirs against what stays home (what
        // can block then: not tapped now, since it untaps only at its own turn, and not barred
        // from blocking).
        let home = view
            .battlefield(player)
            .iter()
            .filter(|c| may_block(c))
            .count();
        let mut ranked: Vec<InstanceId> = attackers
            .into_iter()
            .filter(|&a| attack_of(view, a) > 0)
            .collect();
        // `value` reads static abilities (a list per card): once per attacker, not per
        // comparison. The cached sort is stable too, so ties keep battlefield order.
        ranked.sort_by_cached_key(|&a| -value(view, a));
        for attacker in ranked {
            // The defender decides whether to trade; what an attack must not offer is a free
            // kill: a blocker that kills it and survives.
            let free_kill = blockers().any(|b| {
                view.can_block(b, attacker) && kills(view, b, attacker) && !kills(view, attacker, b)
            });
            if free_kill {
                continue;
            }
            // Keep back enough to survive their swing: the attack of theirs the creatures left
            // home can absorb (one attacker each, the biggest first).
            let staying = home - usize::from(may_block(&attacker));
            let unblocked: i32 = theirs.iter().skip(staying).sum();
            let would_die = !racing && their_total > 0 && unblocked >= view.health(player);
            if !would_die {
                return Some(Action::DeclareAttack { player, attacker });
            }
        }
        None
    }

    fn block(&self, view: &PlayerView<'_>, player: PlayerId) -> Option<Action> {
        let unblocked: i32 = view
            .combats()
            .iter()
            .filter(|c| !c.blocked)
            .map(|c| attack_of(view, c.attacker))
            .sum();
        let in_danger = unblocked >= view.health(player);
        let mut order: Vec<usize> = (0..view.combats().len()).collect();
        order.sort_by_key(|&i| -attack_of(view, view.combats()[i].attacker));
        for combat_index in order {
            let combat = &view.combats()[combat_index];
            if combat.blocked {
                continue;
            }
            let attacker = combat.attacker;
            let candidates: Vec<InstanceId> = view
                .battlefield(player)
                .iter()
                .copied()
                .filter(|&b| view.can_block(b, attacker))
                .collect();
            let survives = |b: InstanceId| !kills(view, attacker, b);
            let cheapest =
                |it: &mut dyn Iterator<Item = InstanceId>| it.min_by_key(|&b| value(view, b));
            let pick = cheapest(
                &mut candidates
                    .iter()
                    .copied()
                    .filter(|&b| survives(b) && kills(view, b, attacker)),
            )
            .or_else(|| {
                cheapest(&mut candidates.iter().copied().filter(|&b| {
                    kills(view, b, attacker) && value(view, b) <= value(view, attacker)
                }))
            })
            .or_else(|| cheapest(&mut candidates.iter().copied().filter(|&b| survives(b))))
            .or_else(|| {
                if in_danger {
                    cheapest(&mut candidates.iter().copied())
                } else {
                    None
                }
            });
            if let Some(blocker) = pick {
                return Some(Action::DeclareDefense {
                    player,
                    blocker,
                    combat_index,
                });
            }
        }
        None
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&self, view: &PlayerView<'_>, _rng: &mut GameRng) -> Action {
        // A waiting trigger or choice comes first: nothing else is allowed meanwhile.
        if view.is_waiting() {
            if let Some(action) = resolve_first_pending(view, pending_target) {
                return action;
            }
            if let Some(action) = resolve_first_choice(view) {
                return action;
            }
        }
        let player = view.player();
        match view.phase() {
            Phase::Main if view.active() == player => self
                .play(view, player)
                .or_else(|| self.activate(view, player))
                .or_else(|| self.attack(view, player))
                .unwrap_or(Action::AdvancePhase),
            Phase::Defense if view.defending() == player => {
                self.block(view, player).unwrap_or(Action::AdvancePhase)
            }
            _ => Action::AdvancePhase,
        }
    }
}
