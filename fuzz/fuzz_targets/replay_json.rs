//! Arbitrary bytes as a replay file (`rtg play --record`): a JSON `rtg_sim::Replay`. A replay
//! that deserialises gets its matchup as `rtg replay` makes it without `--cards`: from the
//! definitions it carries (version 2, `Replay::carried_matchup`), or, without them, from the
//! bundled cards (`Replay::matchup_from`); a matchup that builds is verified
//! (`Replay::verify`), then verified a second time with its card digest set to the matchup's and
//! its checkpoints dropped, so that the fuzzer's actions are replayed on the engine even after
//! the digests stopped matching. Checks: no panic, no hang; verifying twice gives the same
//! answer; errors are fine. Seeded by `cargo xtask fuzz` with the replays of
//! `fuzz/seeds/replay_json/` (see README.md).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtg_sim::{Matchup, Replay, ReplayCardsError};

fn matchup(replay: &Replay) -> Result<Matchup, ReplayCardsError> {
    if replay.cards.is_some() {
        replay.carried_matchup()
    } else {
        let catalog = rtg_fuzz::bundled_catalog();
        replay.matchup_from(|id| catalog.get(id).cloned())
    }
}

fn verify(replay: &Replay, matchup: &Matchup) -> String {
    let mut states = 0usize;
    let result = replay.verify(matchup, |state, _, events| {
        states += 1;
        let _ = state.digest();
        let _ = events.len();
    });
    format!("{result:?} after {states} states")
}

fuzz_target!(|data: &[u8]| {
    let json = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let Ok(mut replay) = serde_json::from_slice::<Replay>(json) else {
        return;
    };
    let _ = replay.check_checkpoints();
    let _ = replay.seat_bots();
    let Ok(matchup) = matchup(&replay) else {
        return;
    };
    let first = verify(&replay, &matchup);
    assert_eq!(
        first,
        verify(&replay, &matchup),
        "one replay verified two ways"
    );
    replay.cards_digest = format!("{:016x}", matchup.cards_digest());
    replay.checkpoints.clear();
    let _ = verify(&replay, &matchup);
});
