//! `cmd:` bots: programs of one's own speaking JSON lines (python3 scripts here, as CI has
//! CPython). The protocol's messages, every way a program can fail (each a game's engine error
//! that says what and where, never a panic or a hang), the same games whatever the threads,
//! and no process left behind.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rtg_sim::*;
use serde_json::Value;

use crate::{config, matchup};

/// A fresh directory for one test's files.
fn scratch_dir() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "rtg-cmd-bots-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A python3 script of `body` (after `import json, os, sys, time`), as a `cmd:` spec.
fn script(body: &str) -> (String, PathBuf) {
    let dir = scratch_dir();
    let path = dir.join("bot.py");
    std::fs::write(&path, format!("import json, os, sys, time\n{body}\n")).unwrap();
    (format!("cmd:python3 {}", path.display()), dir)
}

/// The example bot of docs/bots.md.
fn example_bot() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/bots/random_bot.py");
    format!("cmd:python3 {path}")
}

/// One game of the test matchup, deck A played by `spec`, deck B by the heuristic bot.
fn one_game(spec: &str) -> GameRecord {
    let registry = BotRegistry::builtin();
    let bot = registry.make(&spec.parse().unwrap()).unwrap();
    let settings = config(["heuristic", "heuristic"], 1).game(0);
    play_game_with(
        &matchup(),
        &settings,
        [&*bot, &HeuristicBot],
        true,
        &mut |_, _, _, _| {},
    )
}

/// The engine error of one game of `body` as deck A's bot.
fn failure(body: &str) -> String {
    let (spec, _dir) = script(body);
    let record = one_game(&spec);
    assert_eq!(record.end, GameEnd::Error, "{record:?}");
    let error = record.error.expect("an error");
    assert!(
        error.starts_with("turn ") && error.contains(&format!("deck A's bot {spec} failed: ")),
        "{error}"
    );
    error
}

/// Answers the first legal action (0) to every decision.
const FIRST: &str = r#"
for line in sys.stdin:
    if json.loads(line)["type"] == "decide":
        print(json.dumps({"action": 0}), flush=True)
"#;

#[test]
fn the_docs_quote_the_example_bot_whole() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let bot = std::fs::read_to_string(format!("{root}/docs/bots/random_bot.py")).unwrap();
    let page = std::fs::read_to_string(format!("{root}/docs/bots.md")).unwrap();
    assert!(
        page.contains(&format!("```python\n{bot}```")),
        "docs/bots.md must quote docs/bots/random_bot.py whole, as it is"
    );
    assert!(bot.lines().count() <= 20, "the example stays short");
}

#[test]
fn the_example_bot_plays_whole_games() {
    let spec = example_bot();
    let record = one_game(&spec);
    assert_ne!(record.end, GameEnd::Error, "{:?}", record.error);
    assert!(record.actions.len() > 20);
    // A program's games replay: the spec is recorded, and verifying never runs the program.
    assert!(BotRegistry::builtin().parse(&spec).is_ok());
}

#[test]
fn the_messages_are_a_hello_then_decisions_with_the_view_and_the_legal_actions() {
    let dir = scratch_dir();
    let log = dir.join("heard.jsonl");
    let (spec, _keep) = script(&format!(
        "log = open({:?}, 'w')\n\
         for line in sys.stdin:\n    \
             log.write(line)\n    \
             log.flush()\n    \
             if json.loads(line)['type'] == 'decide':\n        \
                 print(json.dumps({{'action': 0}}), flush=True)",
        log.display().to_string(),
    ));
    let record = one_game(&spec);
    assert_ne!(record.end, GameEnd::Error, "{:?}", record.error);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let hello = &lines[0];
    assert_eq!(hello["protocol"], 1);
    assert_eq!(hello["type"], "hello");
    assert!(hello["seat"] == 0 || hello["seat"] == 1);
    assert_eq!(hello["timeout_ms"], 10_000);
    let cards = hello["cards"].as_array().unwrap();
    assert!(
        cards
            .iter()
            .all(|c| c["card_id"].is_string() && c["type"].is_string())
    );
    assert!(lines.len() > 5);
    for (n, decide) in lines[1..].iter().enumerate() {
        assert_eq!(decide["protocol"], 1);
        assert_eq!(decide["type"], "decide");
        assert_eq!(decide["decision"], n as u64);
        assert!(decide["seed"].is_u64());
        assert!(decide["actions"].as_array().unwrap().len() >= 2, "{decide}");
        let view = &decide["view"];
        assert_eq!(view["you"], hello["seat"]);
        assert_eq!(view["to_act"], view["you"]);
        for key in ["turn", "phase", "active", "hand", "players", "combats"] {
            assert!(!view[key].is_null(), "no {key} in {view}");
        }
        for player in view["players"].as_array().unwrap() {
            for key in [
                "health",
                "pool",
                "hand_size",
                "deck_size",
                "battlefield",
                "graveyard",
            ] {
                assert!(!player[key].is_null(), "no {key} in {player}");
            }
            assert!(player.get("hand").is_none() && player.get("deck").is_none());
        }
    }
    // The actions as rtg serializes them: `advance_phase` a string (a variant without fields),
    // the others an object named by their kind.
    let first = &lines[1]["actions"];
    assert!(
        first
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "advance_phase"),
        "{first}"
    );
}

#[test]
fn a_program_that_writes_no_answer_fails_its_game_saying_what_it_wrote() {
    let error = failure("for line in sys.stdin:\n    print('hello', flush=True)");
    assert!(
        error.contains("the program wrote `hello`, not {\"action\": INDEX}"),
        "{error}"
    );
    let error = failure("for line in sys.stdin:\n    print('3', flush=True)");
    assert!(error.contains("wrote `3`"), "{error}");
}

#[test]
fn an_index_out_of_range_fails_its_game() {
    let error = failure(
        "for line in sys.stdin:\n    m = json.loads(line)\n    \
         if m['type'] == 'decide': print(json.dumps({'action': len(m['actions'])}), flush=True)",
    );
    assert!(error.contains("the program chose action "), "{error}");
    assert!(error.contains("legal actions (0 to "), "{error}");
}

#[test]
fn a_program_that_exits_early_fails_its_game_with_its_exit_status() {
    let error = failure("sys.stdin.readline()\nsys.exit(3)");
    assert!(
        error.contains("the program exited before answering (exit status: 3)"),
        "{error}"
    );
    // A crash, its traceback on stderr.
    let error = failure("raise ValueError('my bug')");
    assert!(
        error.contains("exited before answering (exit status: 1)"),
        "{error}"
    );
}

#[test]
fn a_slow_program_times_out_and_a_runaway_line_is_cut() {
    let (spec, _dir) = script("for line in sys.stdin:\n    time.sleep(30)");
    let timed = spec.replacen("cmd:", "cmd:timeout_ms=300:", 1);
    let started = Instant::now();
    let record = one_game(&timed);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the timeout ends the wait"
    );
    let error = record.error.unwrap();
    assert!(error.contains("did not answer within 300 ms"), "{error}");
    let error = failure("for line in sys.stdin:\n    print('x' * (2 << 20), flush=True)");
    assert!(error.contains("wrote a line over 1048576 bytes"), "{error}");
}

#[test]
fn a_missing_program_is_refused_as_a_flag_and_fails_a_game_it_is_given() {
    let spec = "cmd:rtg-no-such-bot --fast";
    let err = BotRegistry::builtin().parse(spec).unwrap_err();
    assert!(matches!(err, BotError::Program { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "bot `cmd:rtg-no-such-bot --fast`: the program `rtg-no-such-bot` is not found on PATH"
    );
    let err = BotRegistry::builtin()
        .parse("cmd:./no/such/bot.py")
        .unwrap_err();
    assert!(
        err.to_string().contains("`./no/such/bot.py` is not found"),
        "{err}"
    );
    // Made without the check (as a replay's spec is), the game fails at its start.
    let record = one_game(spec);
    let error = record.error.unwrap();
    assert!(
        error.contains("deck A's bot cmd:rtg-no-such-bot --fast failed: the program `rtg-no-such-bot` is not found"),
        "{error}"
    );
    assert_eq!(record.actions.len(), 0);
}

#[test]
fn a_cmd_bots_batch_is_the_same_whatever_the_threads() {
    let spec: BotSpec = example_bot().parse().unwrap();
    let run = |threads: usize| {
        let config = SimConfig {
            bots: [spec.clone(), BotSpec::new("heuristic")],
            threads: Some(threads),
            ..config(["heuristic", "heuristic"], 6)
        };
        let mut report = simulate(&matchup(), &config, &|_| {}).unwrap();
        report.seconds = 0.0;
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        serde_json::to_string(&report).unwrap()
    };
    assert_eq!(run(1), run(2));
}

#[cfg(target_os = "linux")]
#[test]
fn no_process_outlives_its_game_even_one_that_ignores_the_end() {
    // The program writes its pid, answers, and ignores the end of its input: dropping the
    // session (the game's end) kills and reaps it.
    let dir = scratch_dir();
    let pids = dir.join("pids");
    let (spec, _keep) = script(&format!(
        "open({:?}, 'a').write(f'{{os.getpid()}}\\n')\n{FIRST}\nwhile True: time.sleep(1)",
        pids.display().to_string()
    ));
    let record = one_game(&spec);
    assert_ne!(record.end, GameEnd::Error, "{:?}", record.error);
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(pids.lines().count(), 1, "one process for the seat");
    for pid in pids.lines() {
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists(),
            "process {pid} still exists"
        );
    }
}

#[test]
fn choose_without_a_session_shares_one_process_and_refuses_on_failure() {
    // A game loop of one's own that calls `choose`: one process answers every call.
    let (spec, _dir) = script(FIRST);
    let bot = BotRegistry::builtin().make(&spec.parse().unwrap()).unwrap();
    let m = matchup();
    let settings = config(["heuristic", "heuristic"], 1).game(0);
    let mut state = initial_state(&m, &settings).unwrap();
    let mut rng = rtg_core::GameRng::seeded(1);
    // The first decision with a choice (a forced one is taken without asking).
    while PlayerView::new(&state, to_act(&state))
        .legal_actions()
        .len()
        < 2
    {
        let action = HeuristicBot.choose(&PlayerView::new(&state, to_act(&state)), &mut rng);
        rtg_rules::step(
            &mut state,
            &action,
            &mut Vec::new(),
            &mut rtg_rules::Scratch::new(),
        )
        .unwrap();
    }
    let view = PlayerView::new(&state, to_act(&state));
    let legal = view.legal_actions();
    assert_eq!(bot.choose(&view, &mut rng), legal[0]);
    assert_eq!(bot.choose(&view, &mut rng), legal[0]);
    let (broken, _dir) = script("sys.exit(0)");
    let broken = BotRegistry::builtin()
        .make(&broken.parse().unwrap())
        .unwrap();
    let refused = broken.choose(&view, &mut rng);
    assert!(!legal.contains(&refused), "{refused:?}");
}
