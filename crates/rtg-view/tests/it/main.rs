//! The narration, the board model and the page, on the golden games of the bundled decks (the
//! games `rtg play` snapshots in rtg-cli).

use std::path::Path;

use rtg_core::{Event, EventType, GameState, Target};
use rtg_sim::{BotSpec, DeckList, Matchup, Replay, SimConfig, play_game_observed};
use rtg_view::{Board, Names, Narrated, Timeline, narrate, page};

// The workspace's shared deck of PTG 0.9's language, built in Rust.
use rtg_testkit::language_deck;

mod delays;
mod language;
mod page_size;
mod statics;
mod viewer;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn deck(catalog: &rtg_yaml::Catalog, name: &str) -> DeckList {
    let deck = rtg_yaml::load_deck(catalog, root().join(format!("decks/{name}.yaml"))).unwrap();
    DeckList {
        name: name.to_owned(),
        cards: deck.cards,
    }
}

fn matchup(a: &str, b: &str) -> Matchup {
    let cards = rtg_yaml::load_cards_from_dir(root().join("cards"), None).unwrap();
    let catalog = rtg_yaml::build_catalog(cards).unwrap();
    Matchup::new(deck(&catalog, a), deck(&catalog, b)).unwrap()
}

/// One narrated step with what it was made from.
struct Step {
    before: GameState,
    after: GameState,
    events: Vec<Event>,
    said: Narrated,
}

/// Plays game 0 of a batch (as `rtg play` does) and narrates every step.
fn golden(a: &str, b: &str, seed: u64, bots: [&str; 2]) -> (Matchup, Vec<Step>) {
    let m = matchup(a, b);
    let settings = SimConfig {
        seed,
        bots: bots.map(BotSpec::new),
        ..SimConfig::default()
    }
    .game(0);
    let mut steps = Vec::new();
    let mut previous: Option<GameState> = None;
    let record = play_game_observed(&m, &settings, true, &mut |state, action, events, _| {
        if let (Some(before), Some(action)) = (&previous, action) {
            steps.push(Step {
                before: before.clone(),
                after: state.clone(),
                events: events.to_vec(),
                said: narrate(before, state, action, events),
            });
        }
        previous = Some(state.clone());
    });
    assert!(record.error.is_none());
    (m, steps)
}

fn golden_games() -> Vec<Vec<Step>> {
    vec![
        golden("aggro", "midrange", 1, ["greedy", "greedy"]).1,
        golden("flyers", "control", 2, ["heuristic", "heuristic"]).1,
        golden("midrange", "flyers", 3, ["random", "greedy"]).1,
    ]
}

#[test]
fn every_death_and_every_damage_of_the_golden_games_is_told_in_words() {
    let (mut deaths, mut damages) = (0, 0);
    for game in golden_games() {
        for step in &game {
            let names = Names::new(&[&step.before, &step.after]);
            let text = step.said.lines.join("\n");
            for line in &step.said.lines {
                assert!(!line.contains("on_"), "an engine name in `{line}`");
            }
            for e in &step.events {
                match (e.kind, e.source) {
                    (EventType::OnCardDeath, Some(id)) => {
                        deaths += 1;
                        let dies = format!("{} dies", names.card(&step.after, id));
                        assert!(text.contains(&dies), "`{dies}` not in:\n{text}");
                    }
                    (EventType::OnCardReceiveDamage, Some(id)) => {
                        damages += 1;
                        let dealt = format!(
                            "{} damage to {}",
                            e.amount.unwrap(),
                            names.card(&step.after, id)
                        );
                        assert!(text.contains(&dealt), "`{dealt}` not in:\n{text}");
                    }
                    (EventType::OnPlayerReceiveDamage, _) => {
                        let Some(Target::Player(p)) = e.target else {
                            panic!("{e:?}")
                        };
                        let dealt = format!("{} damage to {}", e.amount.unwrap(), names.player(p));
                        assert!(text.contains(&dealt), "`{dealt}` not in:\n{text}");
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        deaths >= 5 && damages >= 10,
        "{deaths} deaths, {damages} damages"
    );
}

#[test]
fn damage_wearing_off_at_the_turn_end_is_said_so_not_as_healing() {
    let mut told = 0;
    for game in golden_games() {
        // Advancing the phase: the turn's end, where damage is removed.
        for step in game.iter().filter(|s| s.said.action.is_none()) {
            let names = Names::new(&[&step.before, &step.after]);
            for e in step
                .events
                .iter()
                .filter(|e| e.kind == EventType::OnCardHealed)
            {
                let name = names.card(&step.after, e.source.unwrap());
                let line = step
                    .said
                    .lines
                    .iter()
                    .find(|l| l.starts_with("the damage on ") && l.ends_with(" wears off"))
                    .unwrap_or_else(|| panic!("no `damage wears off` in {:?}", step.said.lines));
                assert!(line.contains(&name), "{line}");
                told += 1;
            }
        }
    }
    assert!(told > 0, "the golden games have damage that wears off");
}

#[test]
fn a_spell_kill_a_buff_and_its_end_are_told_as_a_person_would() {
    let (_, steps) = golden("aggro", "midrange", 3, ["greedy", "greedy"]);
    let lines: Vec<&str> = steps
        .iter()
        .flat_map(|s| s.said.lines.iter().map(String::as_str))
        .collect();
    let actions: Vec<&str> = steps
        .iter()
        .filter_map(|s| s.said.action.as_deref())
        .collect();
    for expected in [
        "Fireball deals 3 damage to Goblin Warrior; Goblin Warrior dies",
        "Battle Cry: Pyromancer gets +3/+0 until end of turn",
        "+3/+0 on Pyromancer wears off",
        "aggro gets {fire: 1} from Fire Mana",
        "Sanguine Noble heals midrange by 3",
    ] {
        assert!(lines.contains(&expected), "`{expected}` not in {lines:#?}");
    }
    for expected in [
        "aggro plays Fireball on Goblin Warrior",
        "aggro plays Battle Cry on Pyromancer",
        "midrange attacks with Pyromancer",
        // Two Raging Berserkers in aggro's hand: each is named with its short id.
        "aggro plays Raging Berserker #26",
    ] {
        assert!(
            actions.contains(&expected),
            "`{expected}` not in {actions:#?}"
        );
    }
    // Advancing the phase is not an action in words; mana cards are never numbered.
    assert!(
        steps
            .iter()
            .all(|s| !matches!(s.said.action.as_deref(), Some(a) if a.contains("Mana #")))
    );
    let advance = steps.iter().find(|s| s.said.action.is_none()).unwrap();
    assert!(advance.said.lines.iter().all(|l| !l.is_empty()));
}

#[test]
fn the_board_shows_each_players_zones_with_current_stats_and_flags() {
    let (_, steps) = golden("aggro", "midrange", 3, ["greedy", "greedy"]);
    // Right after Battle Cry: the buffed creature's current attack, and its flag.
    let buffed = steps
        .iter()
        .find(|s| s.said.lines.iter().any(|l| l.starts_with("Battle Cry:")))
        .unwrap();
    let board = Board::new(&buffed.after, &Names::new(&[&buffed.after]));
    let pyromancer = board.players[1]
        .battlefield
        .iter()
        .find(|c| c.label == "Pyromancer")
        .unwrap();
    assert_eq!((pyromancer.attack, pyromancer.defense), (Some(5), Some(3)));
    assert!(
        pyromancer.flags.contains(&"buffed"),
        "{:?}",
        pyromancer.flags
    );
    let last = &steps.last().unwrap().after;
    let board = Board::new(last, &Names::new(&[last]));
    for (seat, p) in board.players.iter().enumerate() {
        let state = last.player(rtg_core::PlayerId::ALL[seat]);
        assert_eq!(p.health, state.health);
        assert_eq!(p.deck, state.deck().len());
        let ids: Vec<u32> = state.battlefield().iter().map(|c| c.0).collect();
        assert_eq!(p.battlefield.iter().map(|c| c.id).collect::<Vec<_>>(), ids);
        assert_eq!(p.graveyard.len(), state.graveyard().len());
    }
    assert!(board.result.as_deref().unwrap().contains(" wins on turn "));
    assert_eq!(
        board.end_reason.as_deref(),
        Some("midrange's health reached 0")
    );
    let text = board.text(last, [false, true]);
    assert!(text.contains("hand: 5 cards"), "{text}");
}

#[test]
fn a_deck_named_like_a_slot_of_the_page_stays_text() {
    let m = matchup("aggro", "midrange");
    let mut decks = m.decks.clone();
    decks[0].name = "/*RTG-DATA*/<!--RTG-TITLE-->".to_owned();
    let m = Matchup::new(decks[0].clone(), decks[1].clone()).unwrap();
    let settings = SimConfig::default().game(0);
    let mut timeline = Timeline::new();
    let record = play_game_observed(&m, &settings, true, &mut |s, a, e, _| {
        timeline.observe(s, a, e)
    });
    let replay = Replay::from_record(&m, &record);
    let html = page(&replay, &timeline);
    let title_start = html.find("<title>").unwrap() + "<title>".len();
    let title_end = title_start + html[title_start..].find("</title>").unwrap();
    assert_eq!(
        &html[title_start..title_end],
        format!(
            "/*RTG-DATA*/&lt;!--RTG-TITLE--&gt; vs midrange — game seed {}",
            replay.settings.seed
        )
    );
    let start = html.find("id=\"rtg-replay\">").unwrap() + "id=\"rtg-replay\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(data["replay"], serde_json::to_value(&replay).unwrap());
}

#[test]
fn the_page_embeds_the_replay_and_no_name_can_close_its_script() {
    let m = matchup("aggro", "midrange");
    let mut decks = m.decks.clone();
    decks[0].name = "a</script><b>".to_owned();
    let m = Matchup::new(decks[0].clone(), decks[1].clone()).unwrap();
    let settings = SimConfig::default().game(0);
    let mut timeline = Timeline::new();
    let record = play_game_observed(&m, &settings, true, &mut |s, a, e, _| {
        timeline.observe(s, a, e)
    });
    let replay = Replay::from_record(&m, &record);
    let html = page(&replay, &timeline);
    assert_eq!(
        html.matches("</script>").count(),
        2,
        "two script elements, closed once each"
    );
    let start = html.find("id=\"rtg-replay\">").unwrap() + "id=\"rtg-replay\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(data["replay"], serde_json::to_value(&replay).unwrap());
    let steps = data["view"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), replay.actions.len() + 1);
    assert_eq!(data["view"]["names"][0], "a</script><b>");
    assert!(
        html.contains("<title>a&lt;/script&gt;&lt;b&gt; vs midrange"),
        "the title is escaped"
    );
    // Nothing is fetched: no external script, style or image.
    for needle in ["src=\"http", "href=\"http", "@import", "url(http"] {
        assert!(!html.contains(needle), "{needle}");
    }
    // Every card shown has its face.
    let faces = data["view"]["faces"].as_object().unwrap();
    assert!(
        m.decks[0]
            .cards
            .iter()
            .all(|c| faces.contains_key(c.card_id.as_str()))
    );
}

#[test]
fn a_short_id_never_gives_away_a_hidden_hand() {
    use rtg_core::{CardType, PlayerId};
    let mut differ = 0;
    for game in golden_games() {
        for step in &game {
            let state = &step.after;
            let all = Names::new(&[state]);
            let mine = Names::seen_by(&[state], [false, true]);
            let me = state.player(PlayerId::FIRST);
            let other = state.player(PlayerId::SECOND);
            // What seat 0 sees: their hand and both battlefields.
            let seen: Vec<_> = me
                .hand()
                .iter()
                .chain(me.battlefield().iter())
                .chain(other.battlefield().iter())
                .copied()
                .filter(|&id| state.def(id).card_type != CardType::Mana)
                .collect();
            for &id in &seen {
                let name = &state.def(id).name;
                let copies = seen.iter().filter(|&&c| &state.def(c).name == name).count();
                assert_eq!(mine.card(state, id).contains('#'), copies > 1, "{name}");
                if mine.card(state, id) != all.card(state, id) {
                    differ += 1;
                }
            }
        }
    }
    assert!(
        differ > 0,
        "some card would have been numbered because of a hidden copy"
    );
}
