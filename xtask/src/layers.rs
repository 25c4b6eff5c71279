//! The layer table and its check: which workspace crates each crate may depend on, read from
//! `cargo metadata` (what cargo itself resolves, not the manifests' text).

use std::process::Command;

use crate::json::Json;
use crate::tidy::report;
use crate::util::project_root;

/// Which workspace crates each crate under `crates/` may depend on (in `[dependencies]` and
/// `[build-dependencies]`; dev-dependencies are free, since tests may use anything).
///
/// Dependencies point one way, downward:
/// `rtg-core < rtg-effects < rtg-events < rtg-combat < rtg-rules`; `rtg-yaml` sits on the data
/// and the effects; the scenario runner and the simulator use the engine; the report pages use the simulator,
/// and the viewer both (its page is the reports' shell); `rtg` is the facade
/// over everything; `rtg-cli` sees only the facade, and `rtg-py` the facade and the CLI.
/// `rtg-testkit`, the tests' helpers, sits on the engine, rtg-yaml and the simulator, and is a
/// dev-dependency only.
pub(crate) const LAYERS: &[(&str, &[&str])] = &[
    ("rtg-core", &[]),
    ("rtg-effects", &["rtg-core"]),
    ("rtg-events", &["rtg-core", "rtg-effects"]),
    ("rtg-combat", &["rtg-core", "rtg-effects", "rtg-events"]),
    (
        "rtg-rules",
        &["rtg-core", "rtg-effects", "rtg-events", "rtg-combat"],
    ),
    ("rtg-yaml", &["rtg-core", "rtg-effects"]),
    (
        "rtg-scenario",
        &[
            "rtg-core",
            "rtg-effects",
            "rtg-events",
            "rtg-combat",
            "rtg-rules",
            "rtg-yaml",
        ],
    ),
    (
        "rtg-sim",
        &[
            "rtg-core",
            "rtg-effects",
            "rtg-events",
            "rtg-combat",
            "rtg-rules",
            "rtg-yaml",
            "rtg-scenario",
        ],
    ),
    (
        "rtg-report",
        &[
            "rtg-core",
            "rtg-effects",
            "rtg-events",
            "rtg-combat",
            "rtg-rules",
            "rtg-yaml",
            "rtg-scenario",
            "rtg-sim",
        ],
    ),
    // The viewer's page is the report pages' shell (rtg-report's `page`: one escaper, one head).
    (
        "rtg-view",
        &[
            "rtg-core",
            "rtg-effects",
            "rtg-events",
            "rtg-combat",
            "rtg-rules",
            "rtg-yaml",
            "rtg-scenario",
            "rtg-sim",
            "rtg-report",
        ],
    ),
    (
        "rtg",
        &[
            "rtg-core",
            "rtg-effects",
            "rtg-events",
            "rtg-combat",
            "rtg-rules",
            "rtg-yaml",
            "rtg-scenario",
            "rtg-sim",
            "rtg-view",
            "rtg-report",
        ],
    ),
    ("rtg-cli", &["rtg"]),
    // The shared test helpers: every crate's dev-dependency, never a normal one. It builds
    // positions with the engine, loads content with rtg-yaml and the bundled matchup with the
    // simulator.
    (
        "rtg-testkit",
        &[
            "rtg-core",
            "rtg-effects",
            "rtg-events",
            "rtg-combat",
            "rtg-rules",
            "rtg-yaml",
            "rtg-sim",
        ],
    ),
    // The Python package runs the command line itself as its `rtg` console command.
    ("rtg-py", &["rtg", "rtg-cli"]),
];

/// One workspace package as `cargo metadata` describes it: its name, its manifest, and its
/// normal and build dependencies (dev-dependencies are free).
struct Package {
    name: String,
    manifest: String,
    dependencies: Vec<String>,
}

/// The workspace's packages, from `cargo metadata --format-version 1 --no-deps`.
fn packages() -> Vec<Package> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(project_root())
        .output()
        .unwrap_or_else(|error| panic!("cannot run cargo metadata: {error}"));
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let json = Json::parse(&text).unwrap_or_else(|error| panic!("cargo metadata: {error}"));
    let mut packages: Vec<Package> = json
        .get("packages")
        .map(Json::items)
        .unwrap_or_default()
        .iter()
        .map(|package| Package {
            name: package
                .get("name")
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_owned(),
            manifest: package
                .get("manifest_path")
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_owned(),
            dependencies: package
                .get("dependencies")
                .map(Json::items)
                .unwrap_or_default()
                .iter()
                .filter(|dep| dep.get("kind").and_then(Json::as_str) != Some("dev"))
                .filter_map(|dep| dep.get("name").and_then(Json::as_str).map(str::to_owned))
                .collect(),
        })
        .collect();
    packages.sort_by(|a, b| a.name.cmp(&b.name));
    packages
}

/// The crates a crate may depend on, or `None` when it is not in [`LAYERS`].
fn allowed_dependencies(name: &str) -> Option<&'static [&'static str]> {
    LAYERS
        .iter()
        .find(|(crate_name, _)| *crate_name == name)
        .map(|(_, allowed)| *allowed)
}

/// Internal dependencies point one way, as [`LAYERS`] says.
#[test]
fn dependencies_point_down() {
    let packages = packages();
    assert!(
        packages.iter().any(|p| p.name == "rtg-core"),
        "cargo metadata lists the workspace's crates"
    );
    let internal: Vec<&str> = packages.iter().map(|p| p.name.as_str()).collect();
    let crates = project_root().join("crates");
    let mut bad = Vec::new();
    for package in &packages {
        // The layers are the crates under `crates/`; xtask and the documentation's example
        // crates stand outside them.
        if !std::path::Path::new(&package.manifest).starts_with(&crates) {
            continue;
        }
        let Some(allowed) = allowed_dependencies(&package.name) else {
            bad.push(format!(
                "{}: crate `{}` is not in the layer table: add it to LAYERS in \
                 xtask/src/layers.rs (and to docs/architecture.md)",
                package.manifest, package.name
            ));
            continue;
        };
        for dep in &package.dependencies {
            if internal.contains(&dep.as_str()) && !allowed.contains(&dep.as_str()) {
                bad.push(format!(
                    "{}: `{}` must not depend on `{dep}` (it may use: {})",
                    package.manifest,
                    package.name,
                    if allowed.is_empty() {
                        "no workspace crate".to_owned()
                    } else {
                        allowed.join(", ")
                    }
                ));
            }
        }
    }
    report("dependencies point down", bad);
}
