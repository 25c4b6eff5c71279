//! Structured cards (conditions, computed numbers, groups, `each`, target conditions,
//! `require_group`, `max_activations`, the 0.9 effects), built from the fuzzer's bytes by
//! `arbitrary` and rendered as a card file: parsing never panics. Each card is also parsed a
//! second time with every field order kept, to check the loader is deterministic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtg_fuzz::Card;

fuzz_target!(|card: Card| {
    if card.depth() > 48 {
        return;
    }
    let text = card.render();
    if std::env::var_os("RTG_FUZZ_SHOW").is_some() {
        eprintln!("{text}");
    }
    let first = rtg_fuzz::parse(&text)
        .map(|c| format!("{c:?}"))
        .map_err(|e| e.to_string());
    let second = rtg_fuzz::parse(&text)
        .map(|c| format!("{c:?}"))
        .map_err(|e| e.to_string());
    assert_eq!(first, second, "the loader gave two answers for one file");
});
