//! The search tree of single-observer information-set MCTS (SO-ISMCTS): one tree over the
//! decisions of both players, shared by every sampled world.
//!
//! A node is reached by a sequence of decisions from the root. The worlds disagree on hidden
//! cards, so the actions open at a node differ between worlds: each iteration descends through
//! the edges legal in its own world, and an edge counts how often it was *available* as well as
//! how often it was taken, so a rarely open move is not favoured for its few visits (Cowling,
//! Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

use rtg_core::{GameRng, GameState, PlayerId};
use rtg_rules::{Action, acts_for, legal_actions};

use crate::bots::Bot;
use crate::driver::Driver;

/// One node: the decision that led to it and its statistics, seen from the player who made
/// that decision.
#[derive(Debug)]
struct Node {
    /// The decision from the parent (`None` at the root).
    action: Option<Action>,
    /// Who made it: rewards are summed from their side.
    mover: PlayerId,
    /// Children, in the order they were first tried.
    children: Vec<u32>,
    /// Iterations that took this edge.
    visits: u32,
    /// Iterations in which this edge was open when its parent was passed through.
    available: u32,
    /// The sum of the rewards of the iterations that took it, for `mover`.
    total: f64,
}

/// The tree of one decision: an arena of nodes, the root first.
#[derive(Debug)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    /// Nodes from the root down of the current iteration.
    path: Vec<u32>,
    /// The legal options at the node being passed through.
    options: Vec<Action>,
}

/// The player's options in `world`: its legal actions without the reorders of blockers (the
/// rules' damage order is kept, which a bot may not improve on by searching every permutation).
pub(crate) fn options_into(world: &GameState, mover: PlayerId, into: &mut Vec<Action>) {
    into.clear();
    into.extend(
        legal_actions(world)
            .into_iter()
            .filter(|a| !matches!(a, Action::OrderBlockers { .. }) && acts_for(world, a) == mover),
    );
}

impl Tree {
    /// A tree whose root is the decision of `me`.
    pub(crate) fn new(me: PlayerId) -> Tree {
        Tree {
            nodes: vec![Node {
                action: None,
                mover: me,
                children: Vec::new(),
                visits: 0,
                available: 0,
                total: 0.0,
            }],
            path: Vec::new(),
            options: Vec::new(),
        }
    }

    /// Descends from the root through the driver's world, taking at most `depth` decisions that
    /// had a choice (forced moves are played without a node): through known edges by UCB1 with
    /// availability while every open move has been tried, then one new edge. With an
    /// `opponent` policy, the other player's decisions are that policy's, played without a
    /// node (the tree then holds the root player's decisions only). Leaves the world at the
    /// position to play out from, and returns the moves it played (forced ones included);
    /// `None` when the rules refused a move (the iteration is then not scored).
    ///
    /// The moves are played exactly as chosen ([`Driver::step_exactly`]): the phase cap does
    /// not apply in the tree, which stops instead after [`crate::MAX_ACTIONS_PER_PHASE`] moves
    /// in a row without a node.
    pub(crate) fn descend(
        &mut self,
        driver: &mut Driver,
        depth: u32,
        exploration: f64,
        opponent: Option<&dyn Bot>,
        rng: &mut GameRng,
    ) -> Option<u32> {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut taken = 0u32;
        // Forced moves need no node, but a phase that never ends must not hold the search.
        let mut forced = 0u32;
        let mut played = 0u32;
        while !driver.state().is_over() && taken < depth && forced < crate::MAX_ACTIONS_PER_PHASE {
            let mover = driver.to_act();
            if let Some(policy) = opponent
                && mover != self.nodes[0].mover
            {
                let action = policy.choose(&driver.view(), rng);
                if driver.step_exactly(&action, |_| {}).is_err() {
                    return None;
                }
                played += 1;
                forced += 1;
                continue;
            }
            let mut options = std::mem::take(&mut self.options);
            options_into(driver.state(), mover, &mut options);
            let chosen = match options.len() {
                0 => Some((Action::AdvancePhase, None)),
                1 => options.pop().map(|a| (a, None)),
                _ => Some(self.select(node, &options, exploration, rng)),
            };
            self.options = options;
            let Some((action, edge)) = chosen else { break };
            if driver.step_exactly(&action, |_| {}).is_err() {
                return None;
            }
            played += 1;
            match edge {
                None => forced += 1,
                Some(Edge::Known(child)) => {
                    node = child;
                    self.path.push(child);
                    taken += 1;
                    forced = 0;
                }
                Some(Edge::New) => {
                    let child = self.push(node, action, mover);
                    self.path.push(child);
                    return Some(played);
                }
            }
        }
        Some(played)
    }

    /// Adds the first try of `action` under `parent`.
    fn push(&mut self, parent: u32, action: Action, mover: PlayerId) -> u32 {
        let id = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.nodes.push(Node {
            action: Some(action),
            mover,
            children: Vec::new(),
            visits: 0,
            available: 1,
            total: 0.0,
        });
        self.nodes[parent as usize].children.push(id);
        id
    }

    /// The move at `node` among `options`: an untried one (at random) while any is left, else
    /// the child with the best UCB1 score, with availability counts in place of the parent's
    /// visits.
    fn select(
        &mut self,
        node: u32,
        options: &[Action],
        exploration: f64,
        rng: &mut GameRng,
    ) -> (Action, Option<Edge>) {
        let tried = |tree: &Tree, option: &Action| {
            tree.nodes[node as usize]
                .children
                .iter()
                .any(|&c| tree.nodes[c as usize].action.as_ref() == Some(option))
        };
        let untried = options.iter().filter(|o| !tried(self, o)).count();
        if untried > 0 {
            let len = u32::try_from(untried).unwrap_or(u32::MAX);
            let k = rng.below(len) as usize;
            if let Some(pick) = options.iter().filter(|o| !tried(self, o)).nth(k) {
                return (pick.clone(), Some(Edge::New));
            }
        }
        let mut best: Option<(f64, u32)> = None;
        for i in 0..self.nodes[node as usize].children.len() {
            let child = self.nodes[node as usize].children[i];
            let n = &mut self.nodes[child as usize];
            let open = n
                .action
                .as_ref()
                .is_some_and(|a| options.iter().any(|o| o == a));
            if !open {
                continue;
            }
            n.available += 1;
            let visits = f64::from(n.visits.max(1));
            let ucb =
                n.total / visits + exploration * (f64::from(n.available).ln() / visits).sqrt();
            if best.is_none_or(|(score, _)| ucb > score) {
                best = Some((ucb, child));
            }
        }
        match best {
            Some((_, child)) => {
                let action = self.nodes[child as usize]
                    .action
                    .clone()
                    .unwrap_or(Action::AdvancePhase);
                (action, Some(Edge::Known(child)))
            }
            // invariant: every option is tried, so some child is open; should none be, the
            // first option is played as if new.
            None => (options[0].clone(), Some(Edge::New)),
        }
    }

    /// Adds an iteration's reward (for `me`, from 0 to 1) to every edge it took.
    pub(crate) fn backpropagate(&mut self, me: PlayerId, reward: f64) {
        for &id in &self.path[1..] {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            n.total += if n.mover == me { reward } else { 1.0 - reward };
        }
    }

    /// The root's move with the best mean reward among those searched at least half as often
    /// as the most searched one (ties: more visits, then the first tried). UCB1 spreads its
    /// visits nearly evenly between moves whose values differ by little, such as a win now and
    /// the same win a few moves later, so the visits alone would not tell them apart; the
    /// threshold keeps a move whose mean rests on a few lucky samples out.
    pub(crate) fn best(&self) -> Option<Action> {
        Tree::best_of(std::slice::from_ref(self))
    }

    /// [`Tree::best`] over the summed root statistics of several trees of one decision (root
    /// parallelisation): a move's visits and rewards are added over the trees, in their order.
    pub(crate) fn best_of(trees: &[Tree]) -> Option<Action> {
        // (move, visits, total) in the order first tried, the first tree's first.
        let mut moves: Vec<(&Action, u32, f64)> = Vec::new();
        for tree in trees {
            for &child in &tree.nodes[0].children {
                let n = &tree.nodes[child as usize];
                let Some(action) = &n.action else { continue };
                match moves.iter_mut().find(|(a, _, _)| *a == action) {
                    Some(entry) => {
                        entry.1 = entry.1.saturating_add(n.visits);
                        entry.2 += n.total;
                    }
                    None => moves.push((action, n.visits, n.total)),
                }
            }
        }
        let most = moves.iter().map(|m| m.1).max()?;
        let mut best: Option<(&Action, u32, f64)> = None;
        for &(action, visits, total) in &moves {
            if visits == 0 || visits.saturating_mul(2) < most {
                continue;
            }
            let mean = total / f64::from(visits);
            let better = best.is_none_or(|(_, b_visits, b_total)| {
                let best_mean = b_total / f64::from(b_visits);
                mean > best_mean || (mean == best_mean && visits > b_visits)
            });
            if better {
                best = Some((action, visits, total));
            }
        }
        best.map(|(action, _, _)| action.clone())
    }
}

/// Which edge a descent took.
enum Edge {
    Known(u32),
    New,
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rtg_core::{
        CardDefinition, CardSetup, CardType, Content, DefinitionTable, Phase, PositionBuilder, Zone,
    };
    use rtg_rules::PlayerView;

    use super::*;

    /// Seat 0's main phase: two goblins a side, cards in both decks and in the opponent's hand.
    fn position() -> GameState {
        let goblin = Arc::new(
            CardDefinition::vanilla("goblin", "Goblin", CardType::Creature).with_stats(2, 2),
        );
        let table = DefinitionTable::new([&goblin]).unwrap();
        let mut p = PositionBuilder::new(
            Content::new(table, rtg_effects::builtin_registry()),
            ["me", "foe"],
        );
        p.phase(Phase::Main);
        for player in PlayerId::ALL {
            for _ in 0..2 {
                let id = p.add_card(player, Zone::Battlefield, "goblin").unwrap();
                p.set_card(id, CardSetup::default()).unwrap();
            }
            for _ in 0..6 {
                p.add_card(player, Zone::Deck, "goblin").unwrap();
            }
        }
        p.add_card(PlayerId(1), Zone::Hand, "goblin").unwrap();
        p.build().unwrap()
    }

    #[test]
    fn every_iteration_takes_one_root_move_and_a_move_is_open_at_least_as_often_as_taken() {
        let state = position();
        let me = PlayerId(0);
        let view = PlayerView::new(&state, me);
        let root_options = view.legal_actions();
        assert!(root_options.len() > 1);
        let mut tree = Tree::new(me);
        let mut rng = GameRng::seeded(3);
        let iterations = 50;
        for i in 0..iterations {
            let mut driver = Driver::new(view.determinize(&mut rng));
            assert!(tree.descend(&mut driver, 6, 0.7, None, &mut rng).is_some());
            tree.backpropagate(me, f64::from(i % 2));
        }
        let root = &tree.nodes[0];
        let visits: u32 = root
            .children
            .iter()
            .map(|&c| tree.nodes[c as usize].visits)
            .sum();
        assert_eq!(visits, iterations);
        // Every root option was tried, and the tree grew below the root.
        assert_eq!(root.children.len(), root_options.len());
        assert!(tree.nodes.len() > root_options.len() + 1);
        for node in &tree.nodes[1..] {
            assert!(node.available >= node.visits, "{node:?}");
            assert!(node.total <= f64::from(node.visits));
        }
        // The opponent's decisions are in the tree too, credited from their side.
        assert!(tree.nodes.iter().any(|n| n.mover == PlayerId(1)));
        let best = tree.best().unwrap();
        assert!(root_options.contains(&best));
    }

    #[test]
    fn with_the_opponent_played_by_a_policy_the_tree_holds_the_root_players_decisions_only() {
        let state = position();
        let me = PlayerId(0);
        let view = PlayerView::new(&state, me);
        let mut tree = Tree::new(me);
        let mut rng = GameRng::seeded(5);
        let policy = crate::bots::HeuristicBot;
        for i in 0..60 {
            let mut driver = Driver::new(view.determinize(&mut rng));
            let played = tree.descend(&mut driver, 6, 0.7, Some(&policy), &mut rng);
            assert!(played.is_some());
            tree.backpropagate(me, f64::from(i % 2));
        }
        // Deeper than the root's moves, and every node is the root player's.
        assert!(tree.path.len() > 1);
        assert!(tree.nodes.len() > tree.nodes[0].children.len() + 1);
        assert!(tree.nodes.iter().all(|n| n.mover == me));
    }
}
