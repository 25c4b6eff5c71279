//! How long loading the bundled cards takes: every file of `cards/`, parsed, checked and built
//! in two passes, as `rtg check` and a game setup do.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

fn load_bundled_cards(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards");
    let loader = rtg_yaml::Loader::default();
    c.bench_function("load_cards_from_dir(cards/)", |b| {
        b.iter(|| {
            // Errors are a result like any other here; the tests check that the cards are valid.
            let cards = loader.load_cards_from_dir(black_box(&dir), None);
            black_box(cards.map(|c| c.len()).unwrap_or(0))
        });
    });
}

criterion_group!(benches, load_bundled_cards);
criterion_main!(benches);
