//! `parse_document`: other crates' YAML formats get the same protections and error reports.

use std::path::Path;

use rtg_yaml::{ErrorKind, parse_document};

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Scenario {
    name: String,
    turns: u32,
}

#[test]
fn documents_of_other_formats_get_located_typed_errors() {
    let file = Path::new("s.yaml");
    let ok: Scenario = parse_document(file, "name: a\nturns: 3\n", "a scenario").unwrap();
    assert_eq!(ok.turns, 3);

    let e = parse_document::<Scenario>(file, "name: a\nturn: 3\n", "a scenario").unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField { suggestion: Some(s), .. } if s == "turns"),
        "{e}"
    );
    assert!(e.to_string().starts_with("s.yaml:2:1: error: "), "{e}");

    let e =
        parse_document::<Scenario>(file, "name: a\nturns: 3\nname: b\n", "a scenario").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DuplicateKey { .. }), "{e}");
    assert_eq!(e.line(), Some(3));

    let e = parse_document::<Scenario>(file, "# nothing\n", "a scenario").unwrap_err();
    assert!(e.to_string().contains("expected a scenario"), "{e}");
}
