//! # rtg-yaml
//!
//! Card and deck files: the only crate that knows YAML.
