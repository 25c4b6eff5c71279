//! The bot registry: names to bots with parameters, so flags and files can name any bot —
//! rtg's own and a user's — by a [`BotSpec`].

use std::fmt;
use std::sync::Arc;

use crate::bots::{Bot, BotError, BotSpec, CmdBot, GreedyBot, HeuristicBot, MctsBot, RandomBot};

/// Makes a bot from its spec (checking the parameters).
pub type BotFactory = dyn Fn(&BotSpec) -> Result<Arc<dyn Bot>, BotError> + Send + Sync;

struct Entry {
    name: String,
    about: String,
    make: Arc<BotFactory>,
}

/// Bots by name, in the order they were registered. [`BotRegistry::builtin`] holds rtg's own;
/// [`BotRegistry::register`] adds one's own, which [`crate::simulate_with`] then plays like any
/// other.
#[derive(Clone, Default)]
pub struct BotRegistry {
    entries: Vec<Arc<Entry>>,
}

impl fmt::Debug for BotRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// A bot that takes no parameter.
fn plain<B: Bot + Default + 'static>(spec: &BotSpec) -> Result<Arc<dyn Bot>, BotError> {
    spec.allow_only(&[])?;
    Ok(Arc::new(B::default()))
}

impl BotRegistry {
    /// No bots.
    pub fn empty() -> BotRegistry {
        BotRegistry::default()
    }

    /// rtg's bots: random, greedy, heuristic, mcts, and cmd (a program of one's own, run per
    /// game: [`CmdBot`]). Making a bot runs nothing; only playing a game with a `cmd` bot
    /// starts its program.
    pub fn builtin() -> BotRegistry {
        let mut registry = BotRegistry::empty();
        registry.register(
            "random",
            "uniform among the legal actions (no parameters)",
            plain::<RandomBot>,
        );
        registry.register(
            "greedy",
            "plays the first affordable card, attacks with everything, never blocks (no parameters)",
            plain::<GreedyBot>,
        );
        registry.register(
            "heuristic",
            "aims by each effect's declared aim, trades and blocks to survive, races (no parameters)",
            plain::<HeuristicBot>,
        );
        registry.register(
            "mcts",
            "information-set Monte Carlo tree search (iterations, depth, time_ms, exploration, horizon, rollout, seed)",
            |spec| Ok(Arc::new(MctsBot::from_spec(spec)?)),
        );
        registry.register(
            "cmd",
            "a program of one's own, one process per seat and game, JSON lines on its stdin and stdout: cmd:PROGRAM ARGS, or cmd:timeout_ms=N:PROGRAM ARGS (docs/bots.md)",
            |spec| Ok(Arc::new(CmdBot::from_spec(spec)?)),
        );
        registry
    }

    /// Adds (or replaces) the bot `name`, made by `make` from a spec naming it.
    pub fn register(
        &mut self,
        name: &str,
        about: &str,
        make: impl Fn(&BotSpec) -> Result<Arc<dyn Bot>, BotError> + Send + Sync + 'static,
    ) {
        let entry = Arc::new(Entry {
            name: name.to_owned(),
            about: about.to_owned(),
            make: Arc::new(make),
        });
        match self.entries.iter().position(|e| e.name == name) {
            Some(i) => self.entries[i] = entry,
            None => self.entries.push(entry),
        }
    }

    /// The registered names, in registration order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// The one-line description of bot `name`.
    pub fn about(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.about.as_str())
    }

    /// The bot a spec names, with its parameters checked.
    pub fn make(&self, spec: &BotSpec) -> Result<Arc<dyn Bot>, BotError> {
        match self.entries.iter().find(|e| e.name == spec.name()) {
            Some(entry) => (entry.make)(spec),
            None => Err(BotError::Unknown {
                name: spec.name().to_owned(),
                known: self.names().collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// The bots of deck A and deck B.
    pub fn make_pair(&self, specs: &[BotSpec; 2]) -> Result<[Arc<dyn Bot>; 2], BotError> {
        Ok([self.make(&specs[0])?, self.make(&specs[1])?])
    }

    /// Parses `text` as a spec and checks that it makes a bot that can play here
    /// ([`Bot::ready`]: a `cmd` bot's program is found), for flags.
    pub fn parse(&self, text: &str) -> Result<BotSpec, BotError> {
        let spec: BotSpec = text.parse()?;
        self.make(&spec)?.ready()?;
        Ok(spec)
    }
}
