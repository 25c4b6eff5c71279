//! Integration tests of the `rtg` binary, as one test binary: each runs the built program on
//! files in a temporary directory (or on the bundled content, from the repository root) and
//! checks its output and exit status.

mod card_impact;
mod card_rates;
mod carried;
mod check;
mod cmd_bot;
mod full_device;
mod games;
mod hostile;
mod human;
mod ladder;
mod own_folder;
mod play;
mod ptg_cards;
mod reports;
mod rules;
mod sample;
mod scenario;
mod signing;
mod simulate;
mod support;
mod verdict;
mod warnings;
