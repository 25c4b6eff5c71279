//! A bot's program as a child process: started shell-free, spoken to in lines, each answer
//! awaited for at most the bot's timeout, each line read with a length cap, and ended (killed
//! and reaped) when dropped — so that nothing a program does can hang or exhaust rtg.
//!
//! The pipes are served by one helper thread per process, which writes a line and reads the
//! answer; the game's thread waits for that answer with a timeout. A program that stops reading
//! (a full pipe) or never answers is then killed, which unblocks the helper.

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

/// The longest answer line read from a program, in bytes (1 MiB): a longer one is an error, so
/// a runaway program cannot make rtg hold more.
pub const CMD_LINE_LIMIT: usize = 1 << 20;

/// How long a program that has closed its input is given to exit before it is killed.
const GRACE: Duration = Duration::from_millis(100);

/// Why a program gave no action. Each says what went wrong; the game's engine error adds the
/// turn, phase, deck and the bot (`cmd:` and the command line).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ProgramError {
    /// The program is not an executable file (as a path), nor one on `PATH` (as a name).
    #[error("the program `{program}` is not found{}", if program.contains(['/', '\\']) { "" } else { " on PATH" })]
    NotFound {
        /// The program, as written.
        program: String,
    },
    /// The operating system would not start it.
    #[error("the program `{program}` cannot be started: {why}")]
    Spawn {
        /// The program.
        program: String,
        /// The system's reason.
        why: String,
    },
    /// It exited, or closed its output, before answering.
    #[error("the program exited before answering ({status})")]
    Exited {
        /// Its exit status (`exit status: 1`), or what is known of it.
        status: String,
    },
    /// It did not answer within the timeout.
    #[error(
        "the program did not answer within {ms} ms (the timeout; set it with cmd:timeout_ms=N:...)"
    )]
    Timeout {
        /// The timeout, in milliseconds.
        ms: u64,
    },
    /// Its answer line is over [`CMD_LINE_LIMIT`] bytes.
    #[error("the program wrote a line over {limit} bytes")]
    TooLong {
        /// The limit.
        limit: usize,
    },
    /// Its answer is not `{"action": INDEX}`.
    #[error("the program wrote `{line}`, not {{\"action\": INDEX}} (INDEX from 0 to {last})")]
    NotAnAnswer {
        /// The line (cut to 100 characters).
        line: String,
        /// The highest index it could have chosen.
        last: usize,
    },
    /// Its index is not one of the legal actions'.
    #[error("the program chose action {index}, but there are {count} legal actions (0 to {})", count.saturating_sub(1))]
    OutOfRange {
        /// The index it wrote.
        index: i128,
        /// How many legal actions there were.
        count: usize,
    },
    /// Writing to it or reading from it failed otherwise.
    #[error("talking to the program failed: {why}")]
    Io {
        /// The system's reason.
        why: String,
    },
}

/// A command line split into its program and arguments: words separated by whitespace, with
/// no shell (no quoting, globbing, variables or pipes; a script of one's own does those).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct CommandLine {
    pub(crate) program: String,
    pub(crate) args: Vec<String>,
}

impl CommandLine {
    /// The words of `text`; `None` when it has none.
    pub(crate) fn parse(text: &str) -> Option<CommandLine> {
        let mut words = text.split_whitespace().map(str::to_owned);
        Some(CommandLine {
            program: words.next()?,
            args: words.collect(),
        })
    }

    /// Where the program is: a path as it is (relative to the working directory), a bare name
    /// searched on `PATH` — as the system will look for it — or [`ProgramError::NotFound`].
    pub(crate) fn locate(&self) -> Result<PathBuf, ProgramError> {
        let not_found = || ProgramError::NotFound {
            program: self.program.clone(),
        };
        let path = Path::new(&self.program);
        if path.components().count() > 1 || self.program.contains(['/', '\\']) {
            return is_executable(path)
                .then(|| path.to_owned())
                .ok_or_else(not_found);
        }
        let dirs = std::env::var_os("PATH").ok_or_else(not_found)?;
        std::env::split_paths(&dirs)
            .flat_map(|dir| candidates(&dir, &self.program))
            .find(|c| is_executable(c))
            .ok_or_else(not_found)
    }
}

#[cfg(windows)]
fn candidates(dir: &Path, program: &str) -> Vec<PathBuf> {
    vec![dir.join(program), dir.join(format!("{program}.exe"))]
}

#[cfg(not(windows))]
fn candidates(dir: &Path, program: &str) -> Vec<PathBuf> {
    vec![dir.join(program)]
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.metadata().is_ok_and(|m| m.is_file())
}

/// One line for the program, and whether an answer line is awaited.
struct Request {
    line: Vec<u8>,
    answer: bool,
}

/// What the helper thread got back.
enum Heard {
    Line(Vec<u8>),
    /// End of its output, or its input closed (it exited, or closed a pipe).
    Closed,
    TooLong,
    Failed(String),
}

/// A running program and the thread that serves its pipes.
pub(crate) struct Program {
    child: Child,
    requests: Option<SyncSender<Request>>,
    heard: Receiver<Heard>,
    timeout: Duration,
}

impl Program {
    /// Starts `command` with piped input and output (its standard error is rtg's, so what it
    /// prints there shows).
    pub(crate) fn spawn(command: &CommandLine, timeout: Duration) -> Result<Program, ProgramError> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| match e.kind() {
                ErrorKind::NotFound => ProgramError::NotFound {
                    program: command.program.clone(),
                },
                _ => ProgramError::Spawn {
                    program: command.program.clone(),
                    why: e.to_string(),
                },
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            end(&mut child);
            return Err(ProgramError::Io {
                why: "no pipes to the program".to_owned(),
            });
        };
        // Room for the hello and one question: a session never has more outstanding.
        let (requests, inbox) = sync_channel::<Request>(2);
        let (outbox, heard) = sync_channel::<Heard>(2);
        let served = thread::Builder::new()
            .name("rtg-cmd-bot".to_owned())
            .spawn(move || serve(stdin, stdout, &inbox, &outbox));
        if let Err(e) = served {
            end(&mut child);
            return Err(ProgramError::Spawn {
                program: command.program.clone(),
                why: e.to_string(),
            });
        }
        Ok(Program {
            child,
            requests: Some(requests),
            heard,
            timeout,
        })
    }

    /// Writes `line` (with its newline) and awaits no answer. A failure shows at the next
    /// [`Program::ask`].
    pub(crate) fn tell(&mut self, line: Vec<u8>) {
        if let Some(requests) = &self.requests {
            // A closed channel means the helper stopped; `ask` reports why.
            let _ = requests.try_send(Request {
                line,
                answer: false,
            });
        }
    }

    /// Writes `line` (with its newline) and returns the program's answer line (without it),
    /// within the timeout.
    pub(crate) fn ask(&mut self, line: Vec<u8>) -> Result<Vec<u8>, ProgramError> {
        // Never blocks: a session has at most the hello and one question outstanding, and asks again only
        // after an answer (a failure ends it). Were the channel full or closed, the wait below
        // times out or hears why the helper stopped.
        if let Some(requests) = &self.requests {
            let _ = requests.try_send(Request { line, answer: true });
        }
        match self.heard.recv_timeout(self.timeout) {
            Ok(Heard::Line(line)) => Ok(line),
            Ok(Heard::Closed) | Err(RecvTimeoutError::Disconnected) => Err(self.exited()),
            Ok(Heard::TooLong) => Err(ProgramError::TooLong {
                limit: CMD_LINE_LIMIT,
            }),
            Ok(Heard::Failed(why)) => Err(ProgramError::Io { why }),
            Err(RecvTimeoutError::Timeout) => {
                end(&mut self.child);
                Err(ProgramError::Timeout {
                    ms: u64::try_from(self.timeout.as_millis()).unwrap_or(u64::MAX),
                })
            }
        }
    }

    /// Why the program stopped talking: its exit status, once it exits (within [`GRACE`]);
    /// else it is killed, having closed its output while still running.
    fn exited(&mut self) -> ProgramError {
        let status = match wait_for(&mut self.child, GRACE) {
            Some(status) => status.to_string(),
            None => {
                end(&mut self.child);
                "it closed its output but kept running, and was stopped".to_owned()
            }
        };
        ProgramError::Exited { status }
    }
}

impl Drop for Program {
    /// Closes the program's input (its end of the game), gives it [`GRACE`] to exit, then kills
    /// it; either way it is reaped.
    fn drop(&mut self) {
        self.requests = None;
        if wait_for(&mut self.child, GRACE).is_none() {
            end(&mut self.child);
        }
    }
}

/// Kills the child (if it still runs) and reaps it.
fn end(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// The child's exit status, if it exits within `grace`.
fn wait_for(child: &mut Child, grace: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if start.elapsed() < grace => {
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(10));
            }
            _ => return None,
        }
    }
}

/// The helper thread: for each request, writes its line and, when asked, reads one answer
/// line. Stops at the first failure (after reporting it) or when the program is dropped, which
/// closes the program's input.
fn serve(
    mut stdin: ChildStdin,
    stdout: ChildStdout,
    inbox: &Receiver<Request>,
    outbox: &SyncSender<Heard>,
) {
    let mut reader = BufReader::new(stdout);
    for request in inbox {
        let written = stdin
            .write_all(&request.line)
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        if let Err(e) = written {
            let _ = outbox.send(match e.kind() {
                ErrorKind::BrokenPipe => Heard::Closed,
                _ => Heard::Failed(e.to_string()),
            });
            return;
        }
        if !request.answer {
            continue;
        }
        let heard = read_line(&mut reader, CMD_LINE_LIMIT);
        let stop = !matches!(heard, Heard::Line(_));
        if outbox.send(heard).is_err() || stop {
            return;
        }
    }
}

/// One line (without its newline) of at most `limit` bytes; the bytes of an unfinished last
/// line are dropped as the program's output closes.
fn read_line(reader: &mut impl BufRead, limit: usize) -> Heard {
    let mut line = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Heard::Failed(e.to_string()),
        };
        if buf.is_empty() {
            return Heard::Closed;
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        if line.len() + take > limit {
            return Heard::TooLong;
        }
        line.extend_from_slice(&buf[..take]);
        reader.consume(if done { take + 1 } else { take });
        if done {
            return Heard::Line(line);
        }
    }
}

/// Reads `reader` as lines, for tests of the cap.
#[cfg(test)]
fn lines_of(bytes: &[u8], limit: usize) -> Vec<Result<Vec<u8>, &'static str>> {
    let mut reader = BufReader::with_capacity(4, bytes);
    let mut out = Vec::new();
    loop {
        match read_line(&mut reader, limit) {
            Heard::Line(l) => out.push(Ok(l)),
            Heard::Closed => return out,
            Heard::TooLong => {
                out.push(Err("too long"));
                return out;
            }
            Heard::Failed(_) => {
                out.push(Err("failed"));
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_and_capped() {
        assert_eq!(
            lines_of(b"{\"action\": 1}\n2\n\nlast", 100),
            vec![
                Ok(b"{\"action\": 1}".to_vec()),
                Ok(b"2".to_vec()),
                Ok(vec![])
            ]
        );
        assert_eq!(lines_of(b"12345678\n", 8), vec![Ok(b"12345678".to_vec())]);
        assert_eq!(lines_of(b"123456789\n", 8), vec![Err("too long")]);
        assert_eq!(lines_of(b"123456789", 8), vec![Err("too long")]);
    }

    #[test]
    fn a_command_line_is_split_by_whitespace_without_a_shell() {
        let c = CommandLine::parse("  python3   my_bot.py --x='a b' ").unwrap();
        assert_eq!(c.program, "python3");
        assert_eq!(c.args, ["my_bot.py", "--x='a", "b'"]);
        assert_eq!(CommandLine::parse(" \t "), None);
    }

    #[test]
    fn a_missing_program_is_not_found_before_it_is_run() {
        for program in ["rtg-no-such-program-here", "./no/such/bot.py"] {
            let err = CommandLine::parse(program).unwrap().locate().unwrap_err();
            assert!(matches!(err, ProgramError::NotFound { .. }), "{err}");
            assert!(err.to_string().contains(program), "{err}");
        }
    }
}
