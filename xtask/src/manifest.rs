//! A tiny line-based reader for `Cargo.toml` (no `toml` crate): enough for the tidy tests'
//! checks of this repository's manifests, which follow cargo's usual layout.

use std::path::{Path, PathBuf};

use crate::tidy::read;
use crate::util::project_root;

/// Which table a dependency is declared in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum DepKind {
    /// `[dependencies]` (or a target-specific one).
    Normal,
    /// `[dev-dependencies]`.
    Dev,
    /// `[build-dependencies]`.
    Build,
}

/// One dependency declaration of a manifest.
#[derive(Debug)]
pub(crate) struct Dependency {
    /// The key it is declared under.
    pub(crate) key: String,
    /// The package it names (`package = "..."` when renamed, else the key).
    pub(crate) package: String,
    /// The table it is in.
    pub(crate) kind: DepKind,
    /// The 1-based line of the declaration.
    pub(crate) line: usize,
    /// Whether it says `workspace = true`.
    pub(crate) workspace: bool,
    /// Whether it names a version itself.
    pub(crate) has_version: bool,
}

/// A `Cargo.toml`, read line by line: enough to find sections, the package name and the
/// dependencies.
pub(crate) struct Manifest {
    /// Where it is.
    pub(crate) path: PathBuf,
    /// Its lines without comments, numbered from 1.
    pub(crate) lines: Vec<(usize, String)>,
    /// The section header in force at each line (index = line number - 1); "" before any.
    pub(crate) sections: Vec<String>,
    /// Its dependency declarations, in order.
    pub(crate) dependencies: Vec<Dependency>,
}

impl Manifest {
    /// Reads and parses the manifest at `path`.
    pub(crate) fn read(path: &Path) -> Manifest {
        Manifest::parse(path.to_path_buf(), &read(path))
    }

    /// Parses manifest text.
    pub(crate) fn parse(path: PathBuf, text: &str) -> Manifest {
        let mut lines = Vec::new();
        let mut sections = Vec::new();
        let mut dependencies: Vec<Dependency> = Vec::new();
        let mut section = String::new();
        // In a `[dependencies.name]` table: the index of its declaration.
        let mut table_dep: Option<usize> = None;
        for (index, raw) in text.lines().enumerate() {
            let number = index + 1;
            let line = strip_comment(raw).trim().to_owned();
            if let Some(header) = section_header(&line) {
                section = header.to_owned();
                table_dep = None;
                if let Some((kind, Some(key))) = dependency_section(&section) {
                    dependencies.push(Dependency {
                        key: key.to_owned(),
                        package: key.to_owned(),
                        kind,
                        line: number,
                        workspace: false,
                        has_version: false,
                    });
                    table_dep = Some(dependencies.len() - 1);
                }
            } else if let Some((key, value)) = line.split_once('=') {
                let key = key.trim().trim_matches('"');
                let value = value.trim();
                if let Some(index) = table_dep {
                    let dep = &mut dependencies[index];
                    match key {
                        "workspace" => dep.workspace = value == "true",
                        "version" | "git" => dep.has_version = true,
                        "package" => dep.package = value.trim_matches('"').to_owned(),
                        _ => {}
                    }
                } else if let Some((kind, None)) = dependency_section(&section) {
                    dependencies.push(parse_dependency(kind, key, value, number));
                }
            }
            sections.push(section.clone());
            lines.push((number, line));
        }
        Manifest {
            path,
            lines,
            sections,
            dependencies,
        }
    }

    /// Whether this is the workspace's root manifest.
    pub(crate) fn is_root(&self) -> bool {
        self.path == project_root().join("Cargo.toml")
    }

    /// `[package] name`, if any.
    pub(crate) fn package_name(&self) -> Option<&str> {
        self.code_lines().find_map(|(number, line)| {
            if self.section_at(number) != "package" {
                return None;
            }
            let (key, value) = line.split_once('=')?;
            (key.trim() == "name").then(|| value.trim().trim_matches('"'))
        })
    }

    /// The non-empty lines without comments, numbered from 1.
    pub(crate) fn code_lines(&self) -> impl Iterator<Item = (usize, &str)> {
        self.lines
            .iter()
            .filter(|(_, line)| !line.is_empty())
            .map(|(number, line)| (*number, line.as_str()))
    }

    /// The section header in force at a 1-based line.
    pub(crate) fn section_at(&self, number: usize) -> &str {
        &self.sections[number - 1]
    }
}

/// The header of `[section]` or `[[array]]`, without brackets.
pub(crate) fn section_header(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(inner);
    Some(inner.trim())
}

/// Whether a section holds dependencies: their kind, and for `[dependencies.name]` the name.
pub(crate) fn dependency_section(section: &str) -> Option<(DepKind, Option<&str>)> {
    // Target-specific tables: `target.'cfg(unix)'.dependencies` and friends.
    let local = match section.strip_prefix("target.") {
        Some(rest) => {
            let (_, after) = rest.rsplit_once("'.").or_else(|| rest.rsplit_once("\"."))?;
            after
        }
        None => section,
    };
    let (table, name) = match local.split_once('.') {
        Some((table, name)) => (table, Some(name.trim_matches('"'))),
        None => (local, None),
    };
    let kind = match table {
        "dependencies" => DepKind::Normal,
        "dev-dependencies" => DepKind::Dev,
        "build-dependencies" => DepKind::Build,
        _ => return None,
    };
    Some((kind, name))
}

/// Parses `key = value` in a dependencies table: `name.workspace = true`, `name = "1.0"` or
/// `name = { ... }`.
pub(crate) fn parse_dependency(kind: DepKind, key: &str, value: &str, line: usize) -> Dependency {
    let (name, attribute) = match key.split_once('.') {
        Some((name, attribute)) => (name.trim(), Some(attribute.trim())),
        None => (key, None),
    };
    let mut dep = Dependency {
        key: name.to_owned(),
        package: name.to_owned(),
        kind,
        line,
        workspace: false,
        has_version: false,
    };
    match attribute {
        Some("workspace") => dep.workspace = value == "true",
        Some("version" | "git") => dep.has_version = true,
        Some(_) => {}
        None if value.starts_with('"') => dep.has_version = true,
        None => {
            let inner = value.trim_start_matches('{').trim_end_matches('}');
            for field in inner.split(',') {
                let Some((field_key, field_value)) = field.split_once('=') else {
                    continue;
                };
                match field_key.trim() {
                    "workspace" => dep.workspace = field_value.trim() == "true",
                    "version" | "git" => dep.has_version = true,
                    "package" => dep.package = field_value.trim().trim_matches('"').to_owned(),
                    _ => {}
                }
            }
        }
    }
    dep
}

/// Whether `line` is `key = true`.
pub(crate) fn is_true_assignment(line: &str, key: &str) -> bool {
    line.split_once('=')
        .is_some_and(|(k, v)| k.trim() == key && v.trim() == "true")
}

/// The line without a `#` comment (a `#` inside a string is kept).
pub(crate) fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    for (index, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &line[..index],
            _ => {}
        }
    }
    line
}
