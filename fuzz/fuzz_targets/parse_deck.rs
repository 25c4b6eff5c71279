//! Arbitrary bytes (UTF-8 only) as a deck file: `rtg_yaml::Loader::parse_deck` against the
//! catalog of the bundled cards (`cards/`) returns a deck or the list of its errors, never
//! panics, never takes long (libFuzzer's `-timeout`), and gives the same answer when the same
//! text is parsed a second time. Seeded with `decks/*.yaml`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn parse(text: &str) -> Result<String, String> {
    rtg_yaml::Loader::default()
        .parse_deck(rtg_fuzz::bundled_catalog(), "fuzz.yaml", text)
        .map(|deck| format!("{deck:?}"))
        .map_err(|e| format!("{e}\n{e:?}"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let first = parse(text);
    let second = parse(text);
    assert_eq!(
        first, second,
        "the deck loader gave two answers for one file"
    );
});
