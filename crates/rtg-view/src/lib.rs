//! # rtg-view
//!
//! A game shown to people. One board model ([`Board`]: what each player has, where, with its
//! current stats and flags) and one narration ([`narrate`]: each action and what it caused, in
//! words) drive both the text of `rtg play` / `rtg replay` ([`Board::text`]) and the HTML
//! replay viewer ([`page`]), so the page and the terminal never disagree.
//!
//! Cards are named by their names ("Goblin Warrior"), with a short id ("Goblin Warrior #14")
//! only where two copies could be confused ([`Names`]).
//!
//! Invariants: nothing here changes a game or prints; every function reads states and events
//! and returns text or data, the same for the same input (ordered collections only).

mod board;
mod chart;
mod names;
mod narrate;
mod page;
mod patch;

pub use board::{
    Board, CardFace, CardView, ChoiceView, CombatView, PlayerBoard, end_reason_in_words,
    result_line,
};
pub use names::{Names, SHOWN_NAME_CHARS, shown_name};
pub use narrate::{Narrated, describe_action, narrate, narrate_for};
pub use page::{PageStep, Timeline, page, page_title, replay_page};
pub use patch::{BoardPatch, PlayerPatch, Rebuild, Splice};
