//! What the person types at a decision, read a line at a time, and the help that lists it.

use std::io::BufRead;

use crate::content::CliError;

/// What the person typed.
pub(super) enum Reply {
    /// The choice of this index (from 0) in the menu.
    Choose(usize),
    Undo,
    Quit,
    Help,
    /// `show CARD`: the words after `show`, trimmed (never empty).
    Show(String),
    Unclear,
}

fn reply(line: Option<&str>, choices: usize) -> Reply {
    let Some(line) = line else {
        return Reply::Quit;
    };
    let text = line.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    match text {
        "q" | "quit" => return Reply::Quit,
        "u" | "undo" => return Reply::Undo,
        "?" => return Reply::Help,
        _ => {}
    }
    // Only the new words are read regardless of case: `q` and `u` stay exactly what they were.
    if word.eq_ignore_ascii_case("help") && rest.trim().is_empty() {
        return Reply::Help;
    }
    if word.eq_ignore_ascii_case("show") {
        return Reply::Show(rest.trim().to_owned());
    }
    match text.parse::<usize>() {
        Ok(n) if (1..=choices).contains(&n) => Reply::Choose(n - 1),
        _ => Reply::Unclear,
    }
}

/// The prompt under the menu, said again after every reply that is not a move.
pub(super) fn prompt(choices: usize) -> String {
    format!("choose 1-{choices}, u to undo your last action, q to quit, ? for help:")
}

/// The lines of `help` and `?`: every command the prompt takes.
pub(super) fn help(choices: usize) -> Vec<String> {
    let numbers = format!("1-{choices}");
    vec![
        "commands:".to_owned(),
        format!("  {numbers:<10} take that choice"),
        "  show CARD  a card's cost, stats and rules text; CARD is its id (goblin_01), its name,"
            .to_owned(),
        "             its number on the board (#18), or a choice's number (that choice's card)"
            .to_owned(),
        "  u, undo    take back your last action (and the bot's moves after it)".to_owned(),
        "  q, quit    stop the game here (the end of the input quits too)".to_owned(),
        "  ?, help    this list".to_owned(),
    ]
}

/// The longest reply line read; the rest of a longer line is skipped.
pub(super) const MAX_REPLY_BYTES: u64 = 1024;

/// Reads one reply line: the reply, or why it is none (said, then asked again). A reply is a
/// few characters: at most [`MAX_REPLY_BYTES`] of a line are kept and the rest of a longer one
/// is skipped unread into memory, so that a huge line costs no memory.
pub(super) fn read_reply(
    input: &mut dyn BufRead,
    choices: usize,
) -> Result<Result<Reply, String>, CliError> {
    let stdin_error = |e: std::io::Error| CliError::Usage(format!("standard input: {e}"));
    let mut line = String::new();
    let read = <&mut dyn BufRead as std::io::Read>::take(&mut *input, MAX_REPLY_BYTES)
        .read_line(&mut line)
        .map_err(stdin_error)?;
    if read as u64 == MAX_REPLY_BYTES && !line.ends_with('\n') {
        input.skip_until(b'\n').map_err(stdin_error)?;
        return Ok(Err(format!(
            "that line is longer than {MAX_REPLY_BYTES} bytes; type a choice's number"
        )));
    }
    Ok(match reply((read > 0).then_some(line.as_str()), choices) {
        Reply::Unclear => Err(format!(
            "`{}` is not one of the choices (? lists the commands)",
            line.trim()
        )),
        Reply::Show(what) if what.is_empty() => Err(
            "show which card? say `show` and its id, name or #number, as `show Fire Mana`"
                .to_owned(),
        ),
        got => Ok(got),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Reply, String> {
        read_reply(&mut std::io::Cursor::new(text.as_bytes().to_vec()), 3).unwrap()
    }

    #[test]
    fn a_huge_reply_line_is_skipped_without_keeping_it() {
        let mut text = "x".repeat(8 << 20);
        text.push_str("\n2\n");
        let mut input = std::io::Cursor::new(text.into_bytes());
        let first = read_reply(&mut input, 3).unwrap();
        assert!(matches!(&first, Err(why) if why.contains("longer than 1024 bytes")));
        // The rest of the long line is gone, the next line is read as the reply.
        assert!(matches!(
            read_reply(&mut input, 3).unwrap(),
            Ok(Reply::Choose(1))
        ));
        assert!(matches!(
            read_reply(&mut input, 3).unwrap(),
            Ok(Reply::Quit)
        ));
    }

    #[test]
    fn help_and_show_are_read_and_the_old_replies_stay() {
        assert!(matches!(read("?\n"), Ok(Reply::Help)));
        assert!(matches!(read("  HELP \n"), Ok(Reply::Help)));
        assert!(matches!(read("show  Fire Mana \n"), Ok(Reply::Show(s)) if s == "Fire Mana"));
        assert!(matches!(read("show\n"), Err(why) if why.starts_with("show which card?")));
        assert!(read("help me\n").is_err());
        assert!(matches!(read("3\n"), Ok(Reply::Choose(2))));
        assert!(matches!(read("4\n"), Err(why) if why.starts_with("`4` is not one")));
        assert!(matches!(read("u\n"), Ok(Reply::Undo)));
        assert!(matches!(read("quit\n"), Ok(Reply::Quit)));
        assert!(matches!(read(""), Ok(Reply::Quit)));
    }
}
