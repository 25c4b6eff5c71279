//! Integration tests of rtg-yaml, as one test binary (matklad, "Delete Cargo Integration Tests").

mod batch;
mod bundled;
mod decks;
mod docs;
mod document;
mod hostile;
mod linear;
mod rejections;
mod round_trip;
mod support;
mod valid;
mod warnings;
