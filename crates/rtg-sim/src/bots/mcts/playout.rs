//! Playouts: a sampled world played on by a fast policy for both players, and the score of
//! where it ends.

use rtg_core::{GameRng, GameState, GameStatus, PlayerId};

use crate::bots::Bot;
use crate::driver::Driver;

/// Plays the driver's world on with `policy` for both players until the game ends or `horizon`
/// more turns have begun, and scores it for `me` ([`score`]); `played` is the number of moves
/// made since the decision searched, to which the playout's own are added. The phase cap counts
/// from the playout's first move.
pub(crate) fn playout(
    policy: &dyn Bot,
    driver: &mut Driver,
    me: PlayerId,
    horizon: u32,
    mut played: u32,
    rng: &mut GameRng,
) -> f64 {
    driver.restart_phase_count();
    let end_turn = driver.state().turn().saturating_add(horizon);
    while !driver.state().is_over() && driver.state().turn() < end_turn {
        if driver.step_bot(policy, rng, |_| {}).is_err() {
            break;
        }
        played = played.saturating_add(1);
    }
    score(driver.state(), me, played)
}

/// A position's worth for `me`, from 0 to 1: the result of a finished game, a win worth a little
/// less and a loss a little more the more moves (`played`) it took, so the search prefers the
/// quicker win and the later loss; else a logistic of
/// the difference in health, board (attack plus defense of the creatures) and cards in hand,
/// less a penalty for a deck running out (a player who must draw from an empty deck loses), which
/// grows as the deck shrinks.
pub(crate) fn score(world: &GameState, me: PlayerId, played: u32) -> f64 {
    let delay = DELAY_COST * f64::from(played.min(DELAY_CAP));
    match world.status() {
        GameStatus::Winner(p) if p == me => return 1.0 - delay,
        GameStatus::Winner(_) => return delay,
        GameStatus::Draw => return 0.5,
        GameStatus::Ongoing => {}
    }
    let side = |p: PlayerId| -> f64 {
        let player = world.player(p);
        let board: i32 = player
            .battlefield()
            .iter()
            .map(|&c| world.card(c))
            .filter(|c| c.creature)
            .map(|c| c.attack().saturating_add(c.defense().max(0)))
            .fold(0i32, i32::saturating_add);
        let deck = player.deck().len() as f64;
        f64::from(player.health) + 0.5 * f64::from(board) + 0.3 * player.hand().len() as f64
            - DECK_PENALTY / (deck + 2.0)
    };
    let diff = side(me) - side(me.opponent());
    1.0 / (1.0 + (-diff / 6.0).exp())
}

/// What each move before the end takes off a win (and adds to a loss)...
const DELAY_COST: f64 = 0.0005;

/// ...for at most this many moves: a win is always worth at least 0.95.
const DELAY_CAP: u32 = 100;

/// The deck penalty's scale: 2 health for a full deck of 18, 20 for an empty one.
const DECK_PENALTY: f64 = 40.0;
