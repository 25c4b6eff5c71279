//! Signed replays: `rtg keygen`, `rtg play --record FILE --sign KEY` and `rtg replay FILE
//! --verify-key PUB` (issue 23, item 7). The signature covers the whole file: any change to it,
//! another key or a missing signature is refused.

use crate::support::{TempDir, rtg, rtg_root};

fn signed_game(dir: &TempDir) -> (String, String) {
    let made = rtg(dir.path(), &["keygen", "me"]);
    assert_eq!(made.code, Some(0), "{}", made.stderr);
    let game = dir.file("game.json");
    let key = dir.file("me.key");
    let played = rtg_root(&[
        "play", "aggro", "midrange", "--quiet", "--record", &game, "--sign", &key,
    ]);
    assert_eq!(played.code, Some(0), "{}", played.stderr);
    assert!(
        played.stdout.contains("signature written to"),
        "{}",
        played.stdout
    );
    (game, dir.file("me.pub"))
}

#[test]
fn a_signed_replay_verifies_with_its_key() {
    let dir = TempDir::new();
    let (game, public) = signed_game(&dir);
    let run = rtg_root(&["replay", &game, "--quiet", "--verify-key", &public]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("replay OK"), "{}", run.stdout);
}

#[test]
fn a_changed_file_another_key_or_no_signature_is_refused() {
    let dir = TempDir::new();
    let (game, public) = signed_game(&dir);
    // One byte more (a space: the JSON, and so the replay, is the same game).
    let mut text = dir.read("game.json");
    text.push(' ');
    dir.write("changed.json", &text);
    std::fs::copy(format!("{game}.sig"), dir.file("changed.json.sig")).unwrap();
    let run = rtg_root(&["replay", &dir.file("changed.json"), "--verify-key", &public]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("the signature does not verify"),
        "{}",
        run.stderr
    );
    // Another key.
    assert_eq!(rtg(dir.path(), &["keygen", "other"]).code, Some(0));
    let run = rtg_root(&["replay", &game, "--verify-key", &dir.file("other.pub")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    // No signature file.
    std::fs::remove_file(format!("{game}.sig")).unwrap();
    let run = rtg_root(&["replay", &game, "--verify-key", &public]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("game.json.sig"), "{}", run.stderr);
}

#[test]
fn keygen_never_overwrites_a_key() {
    let dir = TempDir::new();
    assert_eq!(rtg(dir.path(), &["keygen", "me"]).code, Some(0));
    let before = dir.read("me.key");
    let again = rtg(dir.path(), &["keygen", "me"]);
    assert_eq!(again.code, Some(2), "{}", again.stderr);
    assert_eq!(dir.read("me.key"), before);
    // A key file that is not a key is a clear error.
    dir.write("bad.pub", "not hex\n");
    let (game, _) = {
        let other = TempDir::new();
        let g = signed_game(&other);
        std::fs::copy(&g.0, dir.file("g.json")).unwrap();
        std::fs::copy(format!("{}.sig", g.0), dir.file("g.json.sig")).unwrap();
        (dir.file("g.json"), ())
    };
    let run = rtg_root(&["replay", &game, "--verify-key", &dir.file("bad.pub")]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("64 hex digits"), "{}", run.stderr);
}
