//! Signed replays, for provenance: an Ed25519 signature over the whole replay file, kept beside
//! it in `FILE.sig`. `rtg keygen NAME` makes a key pair (`NAME.key`, secret; `NAME.pub`,
//! public), `rtg play --record FILE --sign NAME.key` writes `FILE.sig`, and `rtg replay FILE
//! --verify-key NAME.pub` refuses the file unless the signature verifies. Keys and signatures
//! are written in hex, one line each.

use std::path::{Path, PathBuf};

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use rtg::sim::read_bounded;

use crate::content::CliError;

/// The most bytes a key or signature file may hold (hex of 64 bytes, with room for spaces).
const MAX_KEY_FILE_BYTES: u64 = 1024;

/// The signature file of a replay: `FILE.sig`.
pub(crate) fn signature_path(replay: &Path) -> PathBuf {
    let mut name = replay.as_os_str().to_owned();
    name.push(".sig");
    PathBuf::from(name)
}

/// `N` bytes written in hex in the file at `path` (surrounding white space ignored).
fn read_hex<const N: usize>(path: &Path, what: &str) -> Result<[u8; N], CliError> {
    let bytes = read_bounded(path, MAX_KEY_FILE_BYTES)
        .map_err(|e| CliError::Usage(format!("{what}: {e}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut out = [0u8; N];
    hex::decode_to_slice(text.trim(), &mut out).map_err(|e| {
        CliError::Usage(format!(
            "{}: not a {what} ({} hex digits expected: {e})",
            path.display(),
            2 * N
        ))
    })?;
    Ok(out)
}

/// Makes a key pair from the operating system's randomness and writes `NAME.key` and
/// `NAME.pub`, refusing to overwrite either.
pub(crate) fn keygen(name: &Path) -> Result<(PathBuf, PathBuf), CliError> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)
        .map_err(|e| CliError::Content(format!("no randomness for a key: {e}")))?;
    let key = SigningKey::from_bytes(&seed);
    let (secret, public) = (name.with_extension("key"), name.with_extension("pub"));
    for (path, text) in [
        (&secret, hex::encode(key.to_bytes())),
        (&public, hex::encode(key.verifying_key().to_bytes())),
    ] {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        std::io::Write::write_all(&mut file, format!("{text}\n").as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    }
    Ok((secret, public))
}

/// Signs the replay file's exact bytes with the secret key at `key`, writing `FILE.sig`.
pub(crate) fn sign(replay: &Path, bytes: &[u8], key: &Path) -> Result<PathBuf, CliError> {
    let key = SigningKey::from_bytes(&read_hex::<32>(key, "secret key")?);
    let signature = key.sign(bytes);
    let path = signature_path(replay);
    std::fs::write(&path, format!("{}\n", hex::encode(signature.to_bytes())))
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    Ok(path)
}

/// Checks `FILE.sig` against the replay file's exact bytes and the public key at `key`.
pub(crate) fn verify(replay: &Path, bytes: &[u8], key: &Path) -> Result<(), CliError> {
    let public = read_hex::<32>(key, "public key")?;
    let public = VerifyingKey::from_bytes(&public).map_err(|e| {
        CliError::Usage(format!("{}: not an Ed25519 public key: {e}", key.display()))
    })?;
    let signature = Signature::from_bytes(&read_hex::<64>(&signature_path(replay), "signature")?);
    public.verify(bytes, &signature).map_err(|_| {
        CliError::Content(format!(
            "{}: the signature does not verify with {}: the file was changed after it was signed, or signed with another key",
            replay.display(),
            key.display()
        ))
    })
}
