//! The four-crate program plays the bundled decks to an end, the same way for the same seed.

use std::path::{Path, PathBuf};

use rtg_core::GameStatus;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

#[test]
fn a_game_from_four_crates_ends_and_repeats_for_its_seed() {
    let root = repository();
    let play = |seed| {
        four_crates::play(
            &root.join("cards"),
            &root.join("decks/aggro.yaml"),
            &root.join("decks/midrange.yaml"),
            seed,
        )
        .unwrap()
    };
    let first = play(11);
    assert_ne!(first.status, GameStatus::Ongoing);
    assert!(
        first.actions > 10,
        "a real game takes more than a few actions: {first:?}"
    );
    assert_eq!(play(11), first);
}
