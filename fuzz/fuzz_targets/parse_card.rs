//! Arbitrary bytes as a card file: `rtg_yaml::parse_card` with the bundled catalog must return
//! a card or an error, never panic, and never take long (libFuzzer's `-timeout`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = rtg_fuzz::parse(text);
    }
});
