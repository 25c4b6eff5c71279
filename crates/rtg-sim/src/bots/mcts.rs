//! The mcts bot: determinized Monte Carlo search over the player's own options.

use std::time::{Duration, Instant};

use rtg_core::{GameRng, GameState, GameStatus, PlayerId};
use rtg_rules::{Action, PlayerView, Scratch, step, to_act};

use crate::MAX_ACTIONS_PER_PHASE;
use crate::bots::{Bot, BotError, BotSpec, GreedyBot, HeuristicBot};

/// The default number of iterations (sampled worlds, one playout each) per decision.
pub const MCTS_ITERATIONS: u32 = 300;

/// The most iterations a spec may ask for.
pub const MCTS_MAX_ITERATIONS: u32 = 1_000_000;

/// Determinized Monte Carlo search, deciding from its player's view only.
///
/// For each decision with more than one option it runs a budget of iterations. Each samples a
/// world from the view ([`PlayerView::determinize`]: the opponent's hand and both decks' order
/// drawn from the cards the player cannot locate, the game's generator reseeded), picks one of
/// the player's legal actions by UCB1 over the statistics gathered in all the worlds so far
/// (every one of those actions is legal in every world, as they depend only on what the player
/// sees), applies it to the world and plays the game on with a fast policy for both players
/// (the rollout bot: heuristic by default) for a horizon of turns; a finished game scores 1, ½
/// or 0, an unfinished one by the health and board left. It plays the action tried most.
///
/// The budget is in iterations (`iterations`, default [`MCTS_ITERATIONS`]), so a batch gives
/// the same games on any machine; `time_ms` adds a wall-clock limit per decision (then results
/// depend on the machine's speed). The search draws one number from the game's bot generator
/// and runs on its own generator seeded from it (and `seed`), so it is deterministic for a seed
/// and holds no state between decisions: one bot serves every game of a rayon batch.
#[derive(Clone, Copy, Debug)]
pub struct MctsBot {
    /// Iterations per decision.
    pub iterations: u32,
    /// An optional wall-clock limit per decision.
    pub time: Option<Duration>,
    /// The exploration constant of UCB1.
    pub exploration: f64,
    /// Turns a playout looks ahead before the position is scored.
    pub horizon: u32,
    /// The playout policy.
    pub rollout: Rollout,
    /// Mixed into the search's generator: two seeds, two searches.
    pub seed: u64,
}

/// The policy that plays a sampled world on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rollout {
    /// [`GreedyBot`]: the cheapest.
    Greedy,
    /// [`HeuristicBot`]: blocks and trades.
    Heuristic,
}

impl Default for MctsBot {
    fn default() -> MctsBot {
        MctsBot {
            iterations: MCTS_ITERATIONS,
            time: None,
            exploration: 0.7,
            horizon: 8,
            rollout: Rollout::Heuristic,
            seed: 0,
        }
    }
}

impl MctsBot {
    /// The parameters a spec may give.
    pub const PARAMS: [&'static str; 6] = [
        "iterations",
        "time_ms",
        "exploration",
        "horizon",
        "rollout",
        "seed",
    ];

    /// The bot a spec describes (`mcts:iterations=400,time_ms=20`), defaults for the rest.
    pub fn from_spec(spec: &BotSpec) -> Result<MctsBot, BotError> {
        spec.allow_only(&MctsBot::PARAMS)?;
        let d = MctsBot::default();
        let time_ms: u64 = spec.number("time_ms", 0, 0..=3_600_000)?;
        let rollout = match spec.get("rollout") {
            None => d.rollout,
            Some("greedy") => Rollout::Greedy,
            Some("heuristic") => Rollout::Heuristic,
            Some(other) => {
                return Err(BotError::BadValue {
                    bot: spec.name().to_owned(),
                    param: "rollout".to_owned(),
                    value: other.to_owned(),
                    why: "expected greedy or heuristic".to_owned(),
                });
            }
        };
        Ok(MctsBot {
            iterations: spec.number("iterations", d.iterations, 1..=MCTS_MAX_ITERATIONS)?,
            time: (time_ms > 0).then(|| Duration::from_millis(time_ms)),
            exploration: spec.number("exploration", d.exploration, 0.0..=100.0)?,
            horizon: spec.number("horizon", d.horizon, 1..=crate::MAX_TURNS)?,
            rollout,
            seed: spec.number("seed", d.seed, 0..=u64::MAX)?,
        })
    }

    fn rollout_bot(&self) -> &'static dyn Bot {
        match self.rollout {
            Rollout::Greedy => &GreedyBot,
            Rollout::Heuristic => &HeuristicBot,
        }
    }

    /// Plays `world` on for the horizon and scores it for `me` (1 win, 0 loss).
    fn playout(
        &self,
        world: &mut GameState,
        me: PlayerId,
        rng: &mut GameRng,
        scratch: &mut Scratch,
    ) -> f64 {
        let policy = self.rollout_bot();
        let end_turn = world.turn().saturating_add(self.horizon);
        let mut events = Vec::new();
        let mut in_phase = 0u32;
        while !world.is_over() && world.turn() < end_turn {
            let player = to_act(world);
            let mut action = policy.choose(&PlayerView::new(world, player), rng);
            if in_phase >= MAX_ACTIONS_PER_PHASE && world.pending_triggers().is_empty() {
                action = Action::AdvancePhase;
            }
            events.clear();
            if step(world, &action, &mut events, scratch).is_err() {
                break;
            }
            in_phase = if matches!(action, Action::AdvancePhase) {
                0
            } else {
                in_phase + 1
            };
        }
        score(world, me)
    }
}

/// A position's worth for `me`, from 0 to 1: the result of a finished game, else a logistic
/// of the health and board difference.
fn score(world: &GameState, me: PlayerId) -> f64 {
    match world.status() {
        GameStatus::Winner(p) if p == me => return 1.0,
        GameStatus::Winner(_) => return 0.0,
        GameStatus::Draw => return 0.5,
        GameStatus::Ongoing => {}
    }
    let side = |p: PlayerId| -> f64 {
        let board: i32 = world
            .player(p)
            .battlefield()
            .iter()
            .map(|&c| world.card(c))
            .filter(|c| c.creature)
            .map(|c| c.attack() + c.defense().max(0))
            .sum();
        f64::from(world.player(p).health)
            + 0.5 * f64::from(board)
            + 0.3 * world.player(p).hand().len() as f64
    };
    let diff = side(me) - side(me.opponent());
    1.0 / (1.0 + (-diff / 6.0).exp())
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&self, view: &PlayerView<'_>, rng: &mut GameRng) -> Action {
        let mut actions = view.legal_actions();
        actions.retain(|a| !matches!(a, Action::OrderBlockers { .. }));
        if actions.len() <= 1 {
            return actions.pop().unwrap_or(Action::AdvancePhase);
        }
        let mut own = GameRng::seeded(GameRng::derive_seed(rng.next_u64(), self.seed));
        let me = view.player();
        let started = self.time.map(|limit| (Instant::now(), limit));
        let n = actions.len();
        let mut visits = vec![0u32; n];
        let mut totals = vec![0f64; n];
        let mut scratch = Scratch::new();
        let mut events = Vec::new();
        for iteration in 0..self.iterations {
            if let Some((start, limit)) = started
                && iteration > 0
                && start.elapsed() >= limit
            {
                break;
            }
            let pick = if (iteration as usize) < n {
                iteration as usize
            } else {
                let log_n = f64::from(iteration).ln();
                let ucb = |i: usize| {
                    totals[i] / f64::from(visits[i])
                        + self.exploration * (log_n / f64::from(visits[i])).sqrt()
                };
                (0..n)
                    .max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a)))
                    .unwrap_or(0)
            };
            let mut world = view.determinize(&mut own);
            events.clear();
            let reward = match step(&mut world, &actions[pick], &mut events, &mut scratch) {
                Ok(()) => self.playout(&mut world, me, &mut own, &mut scratch),
                // invariant: the view's legal actions are legal in every world sampled from it;
                // should one be refused, it is scored as a loss rather than chosen.
                Err(_) => 0.0,
            };
            visits[pick] += 1;
            totals[pick] += reward;
        }
        let best = (0..n)
            .max_by(|&a, &b| {
                visits[a]
                    .cmp(&visits[b])
                    .then(totals[a].total_cmp(&totals[b]))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        actions.swap_remove(best)
    }
}
