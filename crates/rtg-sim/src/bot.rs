//! Bots: policies that choose an action from a state and a seeded generator.

use std::fmt;
use std::str::FromStr;

use rtg_combat::{can_attack, can_block_card, has_deathtouch, legal_attackers};
use rtg_core::{
    Aim, AlterationRef, CardType, GameRng, GameState, InstanceId, Phase, PlayerId, Target,
    TargetSpec,
};
use rtg_events::{aim_of, alteration, legal_targets};
use rtg_rules::{Action, legal_actions, spell_alterations, targets_for};

/// A policy for one player. Bots hold no state between calls (so one bot can play many games on
/// many threads); all their randomness comes from the generator they are given.
pub trait Bot: Send + Sync {
    /// The bot's name.
    fn name(&self) -> &'static str;

    /// The action `player` takes in `state`. It must be legal: the simulator records an illegal
    /// choice as an engine error of that game.
    fn choose(&self, state: &GameState, player: PlayerId, rng: &mut GameRng) -> Action;
}

/// The bots rtg ships, by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`HeuristicBot`].
    Heuristic,
}

impl BotKind {
    /// Every bot.
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Heuristic];

    /// The bot's name.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Heuristic => "heuristic",
        }
    }

    /// The bot itself.
    pub fn bot(self) -> &'static dyn Bot {
        match self {
            BotKind::Random => &RandomBot,
            BotKind::Greedy => &GreedyBot,
            BotKind::Heuristic => &HeuristicBot,
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotKind::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown bot `{s}`; expected random, greedy or heuristic"))
    }
}

/// Chooses uniformly among the legal actions of the player to act, leaving out
/// `OrderBlockers` (the declaration order stands): reordering changes nothing that could end the
/// game and could be repeated forever. Every other action spends a finite resource or moves the
/// game on, and the simulator forces a phase advance after [`crate::MAX_ACTIONS_PER_PHASE`]
/// actions in one phase, so games stay finite.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&self, state: &GameState, player: PlayerId, rng: &mut GameRng) -> Action {
        let actions: Vec<Action> = legal_actions(state)
            .into_iter()
            .filter(|a| acts_for(state, a) == player && !matches!(a, Action::OrderBlockers { .. }))
            .collect();
        if actions.is_empty() {
            return Action::AdvancePhase;
        }
        let pick = rng.below(actions.len() as u32) as usize;
        actions[pick].clone()
    }
}

/// The player an action is taken by (the phase advance counts as the player to act).
pub fn acts_for(state: &GameState, action: &Action) -> PlayerId {
    match action {
        Action::PlayCard { player, .. }
        | Action::DeclareAttack { player, .. }
        | Action::DeclareDefense { player, .. }
        | Action::OrderBlockers { player, .. }
        | Action::ActivateAbility { player, .. } => *player,
        Action::ResolvePendingTrigger { index, .. } => state
            .pending_triggers()
            .get(*index)
            .map_or(state.active(), |p| p.controller),
        Action::AdvancePhase => to_act(state),
    }
}

/// Who acts now: the controller of the first pending trigger, else the defending player during
/// the defense phase, else the active player.
pub fn to_act(state: &GameState) -> PlayerId {
    if let Some(pending) = state.pending_triggers().front() {
        return pending.controller;
    }
    if state.phase() == Phase::Defense {
        state.defending()
    } else {
        state.active()
    }
}

/// The best of the legal targets for `player` by rtg's documented rule: an effect aims where its
/// [`Aim`] says (a harmful one at the opponent's side, others at `player`'s own); among
/// creatures on that side the one with the highest attack (then the earliest on the
/// battlefield); when that side offers none, the first legal target.
pub fn best_target(
    state: &GameState,
    player: PlayerId,
    aim: Aim,
    legal: &[Target],
) -> Option<Target> {
    let side = aim.side(player);
    if legal.contains(&Target::Player(side)) {
        return Some(Target::Player(side));
    }
    let mut best: Option<(i32, Target)> = None;
    for &t in legal {
        if let Target::Card(id) = t {
            let card = state.card(id);
            if card.owner == side && best.is_none_or(|(attack, _)| card.attack() > attack) {
                best = Some((card.attack(), t));
            }
        }
    }
    best.map(|(_, t)| t).or_else(|| legal.first().copied())
}

/// The target for one use of these alterations (a spell's, or one activation's), chosen among
/// what rtg-rules' [`targets_for`] offers — the choices `legal_actions` lists — by
/// [`best_target`] for the aim of the first alteration that needs a choice; `Some(None)` when
/// none needs one; `None` when a target is needed and none is legal.
fn use_target(
    state: &GameState,
    player: PlayerId,
    refs: &[AlterationRef],
) -> Option<Option<Target>> {
    let Some(&chooser) = refs
        .iter()
        .find(|&&at| alteration(state, at).target == TargetSpec::Choose)
    else {
        return Some(None);
    };
    let legal: Vec<Target> = targets_for(state, refs).into_iter().flatten().collect();
    best_target(state, player, aim_of(state, chooser), &legal).map(Some)
}

fn resolve_first_pending(state: &GameState) -> Option<Action> {
    let pending = state.pending_triggers().front()?;
    let legal = legal_targets(state, pending.alteration);
    let aim = aim_of(state, pending.alteration);
    let target = best_target(state, pending.controller, aim, &legal)?;
    Some(Action::ResolvePendingTrigger { index: 0, target })
}

/// The first card in hand the greedy rule would play now, with its target.
fn greedy_play(state: &GameState, player: PlayerId) -> Option<Action> {
    let me = state.player(player);
    if me.mana_played == 0
        && let Some(&card) = me
            .hand()
            .iter()
            .find(|&&c| state.def(c).card_type == CardType::Mana)
    {
        return Some(Action::PlayCard {
            player,
            card,
            target: None,
        });
    }
    for &card in me.hand() {
        let def = state.def(card);
        if def.card_type == CardType::Mana || !me.pool.can_pay(&def.mana) {
            continue;
        }
        let target = if def.card_type == CardType::Spell {
            match use_target(state, player, &spell_alterations(state, card)) {
                Some(t) => t,
                None => continue,
            }
        } else {
            None
        };
        return Some(Action::PlayCard {
            player,
            card,
            target,
        });
    }
    None
}

/// The greedy bot, exactly: in the main phase, play the first mana card in hand if none was
/// played this turn, then repeatedly the first affordable non-mana card in hand order (targets by
/// [`best_target`]; a spell with no legal target is skipped), then declare every creature that
/// can attack; never block; otherwise advance. Pending triggers get the best target.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&self, state: &GameState, player: PlayerId, _rng: &mut GameRng) -> Action {
        if let Some(action) = resolve_first_pending(state) {
            return action;
        }
        if state.phase() == Phase::Main && state.active() == player {
            if let Some(action) = greedy_play(state, player) {
                return action;
            }
            let attacker = state
                .player(player)
                .battlefield()
                .iter()
                .copied()
                .find(|&id| can_attack(state, player, id));
            if let Some(attacker) = attacker {
                return Action::DeclareAttack { player, attacker };
            }
        }
        Action::AdvancePhase
    }
}

/// A smarter bot: plays like [`GreedyBot`], but attacks only with creatures that survive or
/// trade against every possible blocker (or with everything when that is lethal), holds back
/// creatures when behind on board, and blocks: first with a creature that kills the attacker and
/// survives, then with one that survives, and chump-blocks only when the unblocked damage would
/// be lethal.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

fn kills(state: &GameState, hitter: InstanceId, victim: InstanceId) -> bool {
    let attack = state.card(hitter).attack();
    attack > 0 && (has_deathtouch(state.def(hitter)) || attack >= state.card(victim).defense())
}

impl HeuristicBot {
    fn attack(&self, state: &GameState, player: PlayerId) -> Option<Action> {
        let attackers = legal_attackers(state, player);
        let foe = player.opponent();
        let foes: Vec<InstanceId> = state
            .player(foe)
            .battlefield()
            .iter()
            .copied()
            .filter(|&c| state.def(c).is_creature() && !state.card(c).attacked_this_turn)
            .collect();
        let total: i32 = attackers.iter().map(|&a| state.card(a).attack()).sum();
        let lethal = total >= state.player(foe).health && foes.is_empty();
        let their_power: i32 = foes.iter().map(|&c| state.card(c).attack()).sum();
        let behind = their_power >= state.player(player).health;
        for attacker in attackers {
            if state.card(attacker).attack() == 0 {
                continue;
            }
            let safe = foes.iter().all(|&b| {
                !can_block_card(state, b, attacker)
                    || !kills(state, b, attacker)
                    || kills(state, attacker, b)
            });
            if lethal || (safe && !behind) {
                return Some(Action::DeclareAttack { player, attacker });
            }
        }
        None
    }

    fn block(&self, state: &GameState, player: PlayerId) -> Option<Action> {
        let unblocked: i32 = state
            .combats()
            .iter()
            .filter(|c| !c.blocked)
            .map(|c| state.card(c.attacker).attack())
            .sum();
        let in_danger = unblocked >= state.player(player).health;
        for (combat_index, combat) in state.combats().iter().enumerate() {
            if combat.blocked {
                continue;
            }
            let attacker = combat.attacker;
            let candidates: Vec<InstanceId> = state
                .player(player)
                .battlefield()
                .iter()
                .copied()
                .filter(|&b| can_block_card(state, b, attacker))
                .collect();
            let survives = |b: InstanceId| !kills(state, attacker, b);
            let pick = candidates
                .iter()
                .copied()
                .find(|&b| survives(b) && kills(state, b, attacker))
                .or_else(|| candidates.iter().copied().find(|&b| survives(b)))
                .or_else(|| {
                    if in_danger {
                        candidates
                            .iter()
                            .copied()
                            .min_by_key(|&b| state.card(b).attack())
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
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&self, state: &GameState, player: PlayerId, _rng: &mut GameRng) -> Action {
        if let Some(action) = resolve_first_pending(state) {
            return action;
        }
        match state.phase() {
            Phase::Main if state.active() == player => greedy_play(state, player)
                .or_else(|| self.attack(state, player))
                .unwrap_or(Action::AdvancePhase),
            Phase::Defense if state.defending() == player => {
                self.block(state, player).unwrap_or(Action::AdvancePhase)
            }
            _ => Action::AdvancePhase,
        }
    }
}
