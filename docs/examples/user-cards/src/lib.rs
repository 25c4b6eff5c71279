//! A user's card collection: the cards are data (`cards/`), their behaviour is pinned by the
//! scenarios in `scenarios/` and the snapshot test in `tests/cards.rs`.
