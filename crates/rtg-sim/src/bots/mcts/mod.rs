//! The mcts bot: information-set Monte Carlo tree search over sampled worlds.

mod playout;
mod tree;

use std::time::{Duration, Instant};

use rtg_core::GameRng;
use rtg_rules::{Action, PlayerView};

use crate::bots::{Bot, BotError, BotSpec, GreedyBot, HeuristicBot};
use crate::driver::Driver;
use playout::playout;
use tree::Tree;

/// The default number of iterations (sampled worlds, one descent and playout each) per decision.
pub const MCTS_ITERATIONS: u32 = 300;

/// The default tree depth: decisions with a choice, either player's, below the root.
pub const MCTS_DEPTH: u32 = 12;

/// The deepest tree a spec may ask for.
pub const MCTS_MAX_DEPTH: u32 = 1_000;

/// The most iterations a spec may ask for.
pub const MCTS_MAX_ITERATIONS: u32 = 1_000_000;

/// The most trees one decision may search at once (`threads`).
pub const MCTS_MAX_THREADS: u32 = 64;

/// Information-set Monte Carlo tree search (single-observer ISMCTS), deciding from its player's
/// view only.
///
/// For each decision with more than one option it runs a budget of iterations. Each samples a
/// world from the view ([`PlayerView::determinize`]: the opponent's hand and both decks' order
/// drawn from the cards the player cannot locate, the game's generator reseeded) and descends
/// one tree shared by all the worlds: at each decision of either player it takes a move not yet
/// tried there, or else the tried move open in this world with the best UCB1 score, counting
/// how often each move was open rather than how often its parent was visited (the worlds
/// disagree on hidden cards, so on the opponent's options). After one new move, or `depth`
/// decisions, a fast policy (the rollout bot: heuristic by default) plays both sides on for a
/// horizon of turns. A finished game scores 1, ½ or 0, a quicker win a little more and a later
/// loss a little less; an unfinished one is scored by health, board, hand and cards left in the
/// decks. The score goes back up the path, each move credited from its mover's side. It plays
/// the root's move with the best mean among the most searched ones. `depth=1` is a flat search
/// over the player's own moves.
///
/// The budget is in iterations (`iterations`, default [`MCTS_ITERATIONS`]), so a batch gives
/// the same games on any machine; `time_ms` adds a wall-clock limit per decision (then results
/// depend on the machine's speed). The search draws one number from the game's bot generator
/// and runs on its own generator seeded from it (and `seed`), so it is deterministic for a seed
/// and holds no state between decisions: one bot serves every game of a rayon batch.
///
/// `threads=K` (default 1) searches one decision as K independent trees, each with its own
/// generator derived from the search's seed and `k`, each with a K-th of the iterations (the
/// first ones one more when they do not divide), on rayon's pool; their roots' statistics are
/// summed in tree order and the move is chosen from the sums as from one tree (root
/// parallelisation). The result depends on K and the seed only, never on how many threads run
/// the trees or in what order they finish. `threads=1` is the one-tree search.
///
/// `opponent=policy` plays the other player's decisions inside the tree by the rollout policy,
/// as the playouts do, instead of searching them ([`OpponentModel`]): the tree then holds the
/// bot's own decisions only.
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
    /// Decisions with a choice (either player's) the tree holds below the root before a
    /// playout takes over: 1 is a flat search over the root's moves.
    pub depth: u32,
    /// The playout policy.
    pub rollout: Rollout,
    /// Mixed into the search's generator: two seeds, two searches.
    pub seed: u64,
    /// Independent trees searched at once for one decision (root parallelisation).
    pub threads: u32,
    /// How the tree plays the opponent's decisions.
    pub opponent: OpponentModel,
}

/// How the search plays the other player's decisions between its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpponentModel {
    /// Searched in the same tree, each chosen by UCB1 from the opponent's side, as if the
    /// opponent searched too.
    Search,
    /// Played by the rollout policy, as in the playouts: the tree holds the bot's own
    /// decisions only, and its budget goes to them.
    Policy,
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
            depth: MCTS_DEPTH,
            rollout: Rollout::Heuristic,
            seed: 0,
            threads: 1,
            opponent: OpponentModel::Search,
        }
    }
}

impl MctsBot {
    /// The parameters a spec may give.
    pub const PARAMS: [&'static str; 9] = [
        "iterations",
        "depth",
        "time_ms",
        "exploration",
        "horizon",
        "rollout",
        "seed",
        "threads",
        "opponent",
    ];

    /// The bot a spec describes (`mcts:iterations=400,time_ms=20`), defaults for the rest.
    pub fn from_spec(spec: &BotSpec) -> Result<MctsBot, BotError> {
        spec.allow_only(&MctsBot::PARAMS)?;
        let d = MctsBot::default();
        let time_ms: u64 = spec.number("time_ms", 0, 0..=3_600_000)?;
        let rollout = spec.word(
            "rollout",
            d.rollout,
            &[
                ("greedy", Rollout::Greedy),
                ("heuristic", Rollout::Heuristic),
            ],
        )?;
        let opponent = spec.word(
            "opponent",
            d.opponent,
            &[
                ("search", OpponentModel::Search),
                ("policy", OpponentModel::Policy),
            ],
        )?;
        Ok(MctsBot {
            opponent,
            iterations: spec.number("iterations", d.iterations, 1..=MCTS_MAX_ITERATIONS)?,
            time: (time_ms > 0).then(|| Duration::from_millis(time_ms)),
            exploration: spec.number("exploration", d.exploration, 0.0..=100.0)?,
            horizon: spec.number("horizon", d.horizon, 1..=crate::MAX_TURNS)?,
            depth: spec.number("depth", d.depth, 1..=MCTS_MAX_DEPTH)?,
            rollout,
            seed: spec.number("seed", d.seed, 0..=u64::MAX)?,
            threads: spec.number("threads", d.threads, 1..=MCTS_MAX_THREADS)?,
        })
    }

    fn rollout_bot(&self) -> &'static dyn Bot {
        match self.rollout {
            Rollout::Greedy => &GreedyBot,
            Rollout::Heuristic => &HeuristicBot,
        }
    }
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
        let seed = GameRng::derive_seed(rng.next_u64(), self.seed);
        let started = self.time.map(|limit| (Instant::now(), limit));
        let best = if self.threads <= 1 {
            self.search(view, GameRng::seeded(seed), self.iterations, started)
                .best()
        } else {
            use rayon::prelude::*;
            let k = self.threads.min(self.iterations.max(1));
            let trees: Vec<Tree> = (0..k)
                .into_par_iter()
                .map(|i| {
                    let share = self.iterations / k + u32::from(i < self.iterations % k);
                    let own = GameRng::seeded(GameRng::derive_seed(seed, u64::from(i) + 1));
                    self.search(view, own, share, started)
                })
                .collect();
            Tree::best_of(&trees)
        };
        // The root's options are the view's: the same in every world.
        best.filter(|best| actions.contains(best))
            .unwrap_or_else(|| actions.swap_remove(0))
    }
}

impl MctsBot {
    /// One tree of `iterations` sampled worlds from `view`, on the generator `own`.
    fn search(
        &self,
        view: &PlayerView<'_>,
        mut own: GameRng,
        iterations: u32,
        started: Option<(Instant, Duration)>,
    ) -> Tree {
        let me = view.player();
        let policy = self.rollout_bot();
        let mut tree = Tree::new(me);
        // One driver for every sampled world, so that its working memory is reused.
        let mut reused: Option<Driver> = None;
        for iteration in 0..iterations {
            if let Some((start, limit)) = started
                && iteration > 0
                && start.elapsed() >= limit
            {
                break;
            }
            let world = view.determinize(&mut own);
            let driver = if let Some(driver) = &mut reused {
                driver.restart(world);
                driver
            } else {
                reused.insert(Driver::new(world))
            };
            let played = tree.descend(
                driver,
                self.depth,
                self.exploration,
                (self.opponent == OpponentModel::Policy).then_some(policy),
                &mut own,
            );
            // invariant: a move the rules list is legal where they listed it; should one be
            // refused, the iteration is dropped rather than scored.
            if let Some(played) = played {
                let reward = playout(policy, driver, me, self.horizon, played, &mut own);
                tree.backpropagate(me, reward);
            }
        }
        tree
    }
}
