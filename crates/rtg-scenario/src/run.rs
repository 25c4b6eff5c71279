//! Running a scenario: build the position, play the steps, evaluate the checks, write the
//! transcript.

use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rtg_core::{
    CardSetup, CardType, Content, Event, GameState, GameStatus, InstanceId, Location, ManaType,
    PermanentSetup, PositionBuilder, RuleSet, Target, Zone,
};
use rtg_rules::{Action as RulesAction, RulesError, apply};

use crate::error::ScenarioError;
use crate::model::{
    Action, CardRef, Check, EventCheck, ExpectedError, Place, Scenario, StepKind, TargetRef, Winner,
};
use crate::render::{Names, error_text, event_line, state_text};

/// Why a scenario failed: the step, the check, what was expected and what was found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The step, counted from 1.
    pub step: usize,
    /// Its line in the file, when known.
    pub line: Option<usize>,
    /// The step as written.
    pub step_text: String,
    /// The check (or action) that failed.
    pub check: String,
    /// What was expected.
    pub expected: String,
    /// What was found.
    pub found: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}", self.step)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        write!(
            f,
            ": {}\n  check: {}\n  expected: {}\n  found: {}",
            self.step_text, self.check, self.expected, self.found
        )
    }
}

/// The readable record of one scenario run: each step, the events it emitted and the state after
/// it, in a compact and stable text form; and the failure, if any. Its `Display` is what
/// `rtg scenario --transcript` prints and what snapshot tests store.
#[derive(Clone, PartialEq, Debug)]
pub struct Transcript {
    /// The scenario's name.
    pub name: String,
    /// The file it came from.
    pub file: PathBuf,
    /// The text.
    pub text: String,
    /// The failure, if the scenario failed.
    pub failure: Option<Failure>,
    /// The state at the end.
    pub final_state: GameState,
}

impl Transcript {
    /// True when every step and check passed.
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)?;
        match &self.failure {
            None => writeln!(f, "PASS"),
            Some(failure) => writeln!(f, "FAIL {failure}"),
        }
    }
}

/// The content a scenario's game is played with: the definitions of the cards its setup places
/// (with the templates they mention), not every card of the folders it loads. A game's content
/// decides what it is played with beyond its cards' own text (`on_card_buff` is emitted only in
/// a game whose cards listen for it, see `Content::hears`), so a card of the folder that the
/// scenario never uses must not change its game. When the setup names a card the folders do not
/// have, the whole content is kept, for the position builder to name the unknown card.
fn content_of_setup(scenario: &Scenario, content: Arc<Content>) -> Arc<Content> {
    let used: std::collections::BTreeSet<&str> = scenario
        .players
        .iter()
        .flat_map(|p| p.zones.iter())
        .flat_map(|(_, cards)| cards.iter())
        .map(|c| c.card.as_str())
        .collect();
    if used
        .iter()
        .any(|id| content.definitions.index_of(id).is_none())
    {
        return content;
    }
    let defs = content
        .definitions
        .iter()
        .filter(|(_, def)| used.contains(def.card_id.as_str()))
        .map(|(_, def)| def);
    match rtg_core::DefinitionTable::new(defs) {
        Ok(table) => Content::new(table, content.effects.clone()),
        Err(_) => content,
    }
}

/// Builds the scenario's starting position from its setup.
pub fn build_position(
    scenario: &Scenario,
    content: Arc<Content>,
) -> Result<(GameState, Names), ScenarioError> {
    let invalid_at = |line: Option<usize>, message: String| ScenarioError::Invalid {
        file: scenario.file.clone(),
        line,
        message,
    };
    let invalid = |message: String| invalid_at(None, message);
    let content = content_of_setup(scenario, content);
    let mut builder = PositionBuilder::new(
        content,
        [
            scenario.players[0].name.as_str(),
            scenario.players[1].name.as_str(),
        ],
    );
    builder
        .seed(scenario.seed)
        .phase(scenario.phase)
        .active(scenario.active)
        .rules(scenario.rules);
    builder.turn_limit(scenario.turn_limit);
    if let Some(turn) = scenario.turn {
        builder.turn(turn);
    }
    let mut names = Names::new([&scenario.players[0].name, &scenario.players[1].name]);
    for (seat, setup) in scenario.players.iter().enumerate() {
        let player = rtg_core::PlayerId(seat as u8);
        builder.health(player, setup.health);
        builder.pool(player, setup.pool);
        builder.mana_played(player, setup.mana_played);
        if let Some(limit) = setup.hand_limit {
            builder.hand_limit(player, limit);
        }
        for (zone, cards) in &setup.zones {
            for card in cards {
                let id = builder
                    .add_card(player, *zone, &card.card)
                    .map_err(|e| invalid_at(card.line, format!("{}'s {zone}: {e}", setup.name)))?;
                let card_type = builder.state().def(id).card_type;
                if *zone == Zone::Battlefield
                    && card_type == CardType::Artifact
                    && !card.creature_keys.is_empty()
                {
                    return Err(invalid_at(
                        card.line,
                        format!(
                            "{}'s battlefield: `{}` is an artifact, which is never sick and never fights: {} apply only to creatures",
                            setup.name,
                            card.card,
                            card.creature_keys.join(", ")
                        ),
                    ));
                }
                if *zone == Zone::Battlefield {
                    builder
                        .set_permanent(
                            id,
                            PermanentSetup {
                                tapped: card.tapped,
                            },
                        )
                        .map_err(|e| {
                            invalid_at(card.line, format!("{}'s battlefield: {e}", setup.name))
                        })?;
                }
                if *zone == Zone::Battlefield && card_type == CardType::Creature {
                    builder
                        .set_card(
                            id,
                            CardSetup {
                                sick: card.sick,
                                attacked: card.attacked,
                                damage: card.damage,
                                attack_buff: card.attack_buff,
                                defense_buff: card.defense_buff,
                            },
                        )
                        .map_err(|e| {
                            invalid_at(card.line, format!("{}'s battlefield: {e}", setup.name))
                        })?;
                }
                if let Some(handle) = &card.name {
                    names.handles.insert(id, handle.clone());
                }
            }
        }
    }
    let state = builder.build().map_err(|e| invalid(e.to_string()))?;
    Ok((state, names))
}

struct Runner<'a> {
    scenario: &'a Scenario,
    names: Names,
    handles: BTreeMap<String, InstanceId>,
    state: GameState,
    last_events: Vec<Event>,
    text: String,
}

type Mismatch = (String, String);

impl Runner<'_> {
    fn card(&self, card: &CardRef) -> Result<InstanceId, String> {
        match card {
            CardRef::Name(name) => self
                .handles
                .get(name)
                .copied()
                .ok_or_else(|| format!("no card named `{name}`")),
            CardRef::At {
                player,
                zone,
                index,
            } => self
                .state
                .player(*player)
                .zone(*zone)
                .get(*index)
                .copied()
                .ok_or_else(|| {
                    format!(
                        "no card at {}.{}.{index}",
                        self.names.player(*player),
                        zone.name()
                    )
                }),
        }
    }

    fn target(&self, target: &TargetRef) -> Result<Target, String> {
        match target {
            TargetRef::Player(p) => Ok(Target::Player(*p)),
            TargetRef::Card(c) => self.card(c).map(Target::Card),
        }
    }

    /// The index of the attack `attacker` declared; an index no attack has when it is not
    /// attacking, so that the engine refuses the step with `bad_combat_index`.
    fn combat_of(&self, attacker: &CardRef) -> Result<usize, String> {
        let attacker = self.card(attacker)?;
        Ok(self
            .state
            .combats()
            .iter()
            .position(|c| c.attacker == attacker)
            .unwrap_or(usize::MAX))
    }

    fn to_action(&self, action: &Action) -> Result<RulesAction, String> {
        Ok(match action {
            Action::Play {
                player,
                card,
                target,
            } => RulesAction::PlayCard {
                player: *player,
                card: self.card(card)?,
                target: target.as_ref().map(|t| self.target(t)).transpose()?,
            },
            Action::Attack { player, card } => RulesAction::DeclareAttack {
                player: *player,
                attacker: self.card(card)?,
            },
            Action::Block {
                player,
                card,
                attacker,
            } => {
                let combat_index = self.combat_of(attacker)?;
                RulesAction::DeclareDefense {
                    player: *player,
                    blocker: self.card(card)?,
                    combat_index,
                }
            }
            Action::OrderBlockers {
                player,
                attacker,
                blockers,
            } => {
                let combat_index = self.combat_of(attacker)?;
                RulesAction::OrderBlockers {
                    player: *player,
                    combat_index,
                    blockers: blockers
                        .iter()
                        .map(|b| self.card(b))
                        .collect::<Result<_, _>>()?,
                }
            }
            Action::Activate {
                player,
                card,
                ability,
                target,
            } => RulesAction::ActivateAbility {
                player: *player,
                card: self.card(card)?,
                ability_index: *ability,
                target: target.as_ref().map(|t| self.target(t)).transpose()?,
            },
            Action::ResolvePending { index, target } => RulesAction::ResolvePendingTrigger {
                index: *index,
                target: self.target(target)?,
            },
            Action::ResolveChoice { index, option } => RulesAction::ResolveChoice {
                index: *index,
                option: *option,
            },
            Action::Advance(_) | Action::AdvanceTo { .. } => RulesAction::AdvancePhase,
        })
    }

    /// True when the step needs no more engine actions. An action step always takes one (after
    /// the game is over it is refused with `game_over`, contract item 4); an advance takes phase
    /// steps until it is there, and stops without error when the game ends on the way (but a
    /// first step on a finished game is still tried, and refused).
    fn advance_done(&self, action: &Action, taken: u32) -> bool {
        let advancing = matches!(action, Action::Advance(_) | Action::AdvanceTo { .. });
        if advancing && taken > 0 && self.state.is_over() {
            return true;
        }
        if advancing && taken == 0 && self.state.is_over() {
            return false;
        }
        match action {
            Action::Advance(n) => taken >= *n,
            Action::AdvanceTo { phase, player } => {
                self.state.phase() == *phase && player.is_none_or(|p| self.state.active() == p)
            }
            _ => taken >= 1,
        }
    }

    fn act(
        &mut self,
        action: &Action,
        expect_error: &Option<ExpectedError>,
    ) -> Result<(), Mismatch> {
        self.last_events.clear();
        let mut taken = 0u32;
        // Two full turns reach any phase of either player; more means the scenario is wrong.
        let cap = match action {
            Action::Advance(n) => *n,
            Action::AdvanceTo { .. } => 21,
            _ => 1,
        };
        if expect_error.is_some() && self.advance_done(action, 0) {
            return Err((
                "the step to be refused".to_owned(),
                "it needed no phase step, so nothing could be refused".to_owned(),
            ));
        }
        while !self.advance_done(action, taken) {
            if taken >= cap {
                return Err((
                    "to reach the phase within three turns".to_owned(),
                    format!(
                        "{} of {}'s turn {}",
                        self.state.phase(),
                        self.names.player(self.state.active()),
                        self.state.turn()
                    ),
                ));
            }
            let rules_action = match self.to_action(action) {
                Ok(a) => a,
                Err(message) => {
                    return match expect_error {
                        Some(ExpectedError::Any) => Ok(()),
                        _ => Err(("the step's cards to exist".to_owned(), message)),
                    };
                }
            };
            let before = self.state.clone();
            match apply(&self.state, &rules_action) {
                Ok(outcome) => {
                    if let Some(expected) = expect_error {
                        return Err((
                            format!("the action to be refused with {}", expected_text(expected)),
                            "it was accepted".to_owned(),
                        ));
                    }
                    self.state = outcome.state;
                    self.last_events.extend(outcome.events);
                }
                Err(error) => {
                    debug_assert_eq!(before, self.state);
                    return self.refused(expect_error, &error);
                }
            }
            taken += 1;
        }
        Ok(())
    }

    fn refused(
        &mut self,
        expect_error: &Option<ExpectedError>,
        error: &RulesError,
    ) -> Result<(), Mismatch> {
        let text = error_text(&self.state, &self.names, error);
        let _ = writeln!(self.text, "  refused: {} ({text})", error.kind());
        match expect_error {
            Some(ExpectedError::Any) => Ok(()),
            Some(ExpectedError::Kind(kind)) if kind == error.kind() => Ok(()),
            Some(ExpectedError::Kind(kind)) => Err((
                format!("the action to be refused with {kind}"),
                format!("refused with {} ({text})", error.kind()),
            )),
            None => Err((
                "the action to be accepted".to_owned(),
                format!("refused with {} ({text})", error.kind()),
            )),
        }
    }

    fn check(&self, check: &Check) -> Result<(), Mismatch> {
        let state = &self.state;
        let cmp = |expected: String, found: String| {
            if expected == found {
                Ok(())
            } else {
                Err((expected, found))
            }
        };
        match check {
            Check::Health(p, h) => cmp(h.to_string(), state.player(*p).health.to_string()),
            Check::Pool(p, mana) => {
                let pool = state.player(*p).pool;
                let all_match = ManaType::ALL.iter().all(|&k| pool.get(k) == mana.get(k));
                if all_match {
                    Ok(())
                } else {
                    Err((mana.to_string(), pool.to_string()))
                }
            }
            Check::ZoneCards(p, zone, ids) => {
                let found: Vec<String> = state
                    .player(*p)
                    .zone(*zone)
                    .iter()
                    .map(|&id| state.def(id).card_id.to_string())
                    .collect();
                cmp(
                    format!("[{}]", ids.join(", ")),
                    format!("[{}]", found.join(", ")),
                )
            }
            Check::ZoneCount(p, zone, n) => cmp(
                n.to_string(),
                state.player(*p).zone(*zone).len().to_string(),
            ),
            Check::Attack(card, n) => {
                let id = self.card(card).map_err(|m| (n.to_string(), m))?;
                cmp(n.to_string(), state.card(id).attack().to_string())
            }
            Check::Defense(card, n) => {
                let id = self.card(card).map_err(|m| (n.to_string(), m))?;
                cmp(n.to_string(), state.card(id).defense().to_string())
            }
            Check::Sick(card, sick) => {
                let id = self.card(card).map_err(|m| (sick.to_string(), m))?;
                cmp(sick.to_string(), state.card(id).summoning_sick.to_string())
            }
            Check::Tapped(card, tapped) => {
                let id = self.card(card).map_err(|m| (tapped.to_string(), m))?;
                cmp(tapped.to_string(), state.card(id).tapped.to_string())
            }
            Check::CardZone(card, place) => {
                let expected = match place {
                    Place::Zone(z) => z.name(),
                    Place::Gone => "gone",
                };
                let id = self.card(card).map_err(|m| (expected.to_owned(), m))?;
                let found = match state.card(id).location() {
                    Location::Gone => "gone",
                    other => other.name(),
                };
                cmp(expected.to_owned(), found.to_owned())
            }
            Check::Phase(phase) => cmp(phase.name().to_owned(), state.phase().name().to_owned()),
            Check::Active(p) => cmp(
                self.names.player(*p).to_owned(),
                self.names.player(state.active()).to_owned(),
            ),
            Check::Winner(w) => {
                let expected = match w {
                    Winner::Player(p) => self.names.player(*p).to_owned(),
                    Winner::Draw => "draw".to_owned(),
                    Winner::None => "none".to_owned(),
                };
                let found = match state.status() {
                    GameStatus::Winner(p) => self.names.player(p).to_owned(),
                    GameStatus::Draw => "draw".to_owned(),
                    GameStatus::Ongoing => "none".to_owned(),
                };
                cmp(expected, found)
            }
            Check::PendingTriggers(n) => {
                cmp(n.to_string(), state.pending_triggers().len().to_string())
            }
            Check::PendingChoices(n) => {
                cmp(n.to_string(), state.pending_choices().len().to_string())
            }
            Check::Events(expected) => self.check_events(expected),
        }
    }

    fn check_events(&self, expected: &[EventCheck]) -> Result<(), Mismatch> {
        let mut found = self.last_events.iter();
        for want in expected {
            let card = match &want.card {
                Some(c) => Some(
                    self.card(c)
                        .map_err(|m| (want.event.name().to_owned(), m))?,
                ),
                None => None,
            };
            let hit = found.any(|e| e.kind == want.event && (card.is_none() || e.source == card));
            if !hit {
                let wanted: Vec<String> = expected
                    .iter()
                    .map(|e| match &e.card {
                        Some(c) => format!("{}({})", e.event.name(), card_ref_text(c, &self.names)),
                        None => e.event.name().to_owned(),
                    })
                    .collect();
                let got: Vec<String> = self
                    .last_events
                    .iter()
                    .map(|e| event_line(&self.state, &self.names, e))
                    .collect();
                return Err((
                    format!("these events in this order: [{}]", wanted.join(", ")),
                    format!("[{}]", got.join("; ")),
                ));
            }
        }
        Ok(())
    }
}

fn card_ref_text(card: &CardRef, names: &Names) -> String {
    match card {
        CardRef::Name(n) => n.clone(),
        CardRef::At {
            player,
            zone,
            index,
        } => format!("{}.{}.{index}", names.player(*player), zone.name()),
    }
}

fn expected_text(expected: &ExpectedError) -> String {
    match expected {
        ExpectedError::Any => "any error".to_owned(),
        ExpectedError::Kind(k) => k.clone(),
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// Runs a checked scenario on a game content, returning its transcript (whose failure, if any,
/// says which step and check failed).
pub fn run(scenario: &Scenario, content: Arc<Content>) -> Result<Transcript, ScenarioError> {
    check_card_ids(scenario, &content)?;
    let (state, names) = build_position(scenario, content)?;
    let handles = names
        .handles
        .iter()
        .map(|(id, name)| (name.clone(), *id))
        .collect();
    let mut runner = Runner {
        scenario,
        names,
        handles,
        state,
        last_events: Vec::new(),
        text: String::new(),
    };
    let _ = writeln!(runner.text, "scenario: {}", scenario.name);
    if let Some(description) = &scenario.description {
        let _ = writeln!(runner.text, "description: {}", description.trim());
    }
    let _ = writeln!(runner.text, "seed: {}", scenario.seed);
    // Only a non-default rule set is written, so that the transcripts of every scenario written
    // before rule sets existed stay byte for byte what they were.
    if scenario.rules != RuleSet::default() {
        let _ = writeln!(runner.text, "rules: {}", scenario.rules);
    }
    let _ = writeln!(runner.text, "setup:");
    runner
        .text
        .push_str(&indent(&state_text(&runner.state, &runner.names)));
    let mut failure = None;
    for (i, step) in scenario.steps.iter().enumerate() {
        let _ = writeln!(runner.text, "{}. {}", i + 1, step.text);
        let result = match &step.kind {
            StepKind::Act {
                action,
                expect_error,
            } => {
                let result = runner.act(action, expect_error);
                for event in &runner.last_events {
                    let line = event_line(&runner.state, &runner.names, event);
                    let _ = writeln!(runner.text, "  {line}");
                }
                if result.is_ok() {
                    let _ = write!(
                        runner.text,
                        "{}",
                        indent(&format!("= {}", state_text(&runner.state, &runner.names)))
                    );
                }
                result.map_err(|(e, f)| ("the step".to_owned(), e, f))
            }
            StepKind::Expect(checks) => {
                let mut outcome = Ok(());
                for (path, check) in checks {
                    if let Err((expected, found)) = runner.check(check) {
                        outcome = Err((path.clone(), expected, found));
                        break;
                    }
                }
                if outcome.is_ok() {
                    let _ = writeln!(runner.text, "  ok");
                }
                outcome
            }
        };
        if let Err((check, expected, found)) = result {
            failure = Some(Failure {
                step: i + 1,
                line: step.line,
                step_text: step.text.clone(),
                check,
                expected,
                found,
            });
            break;
        }
    }
    let _ = runner.scenario;
    Ok(Transcript {
        name: scenario.name.clone(),
        file: scenario.file.clone(),
        text: runner.text,
        failure,
        final_state: runner.state,
    })
}

/// Refuses checks that name card ids the content does not have: such a scenario is invalid, not
/// failing.
fn check_card_ids(scenario: &Scenario, content: &Content) -> Result<(), ScenarioError> {
    for (i, step) in scenario.steps.iter().enumerate() {
        let StepKind::Expect(checks) = &step.kind else {
            continue;
        };
        for (path, check) in checks {
            if let Check::ZoneCards(_, _, ids) = check
                && let Some(unknown) = ids
                    .iter()
                    .find(|id| content.definitions.index_of(id).is_none())
            {
                return Err(ScenarioError::Invalid {
                    file: scenario.file.clone(),
                    line: step.line,
                    message: format!("step {}: `{path}`: unknown card id `{unknown}`", i + 1),
                });
            }
        }
    }
    Ok(())
}

/// Loads and checks a scenario file (not its cards).
pub fn load_scenario(path: &Path) -> Result<Scenario, ScenarioError> {
    let text = rtg_yaml::read_text(path)?;
    let raw = rtg_yaml::parse_document::<crate::raw::RawScenario>(path, &text, "a scenario")?;
    Scenario::from_raw(raw, path.to_path_buf(), &text)
}

/// Loads the card files of these directories (or files) into one game content with rtg's
/// built-in effects.
pub fn load_content(paths: &[PathBuf]) -> Result<Arc<Content>, ScenarioError> {
    load_content_with(paths, rtg_effects::builtin_registry())
}

/// [`load_content`] with an effect registry of one's own.
///
/// Every file of every path is loaded in one batch, as `rtg check` loads them, so that a card
/// may name a card of another path (a `template_card_id`, or the `card_id` of a condition such as
/// `cards_with_id_in_zone`): fixture cards naming bundled ones.
pub fn load_content_with(
    paths: &[PathBuf],
    registry: rtg_core::EffectRegistry,
) -> Result<Arc<Content>, ScenarioError> {
    let loader = rtg_yaml::Loader::new(registry.clone());
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let found = rtg_yaml::yaml_files_in(path).map_err(|e| {
                rtg_yaml::LoadError::new(path.as_path(), rtg_yaml::ErrorKind::Io(e))
            })?;
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    let cards = loader.load_card_files(&files, None).into_result()?;
    let catalog = rtg_yaml::build_catalog(cards.into_iter().map(|c| c.definition))?;
    let table = catalog
        .definition_table()
        .map_err(|e| ScenarioError::Invalid {
            file: paths.first().cloned().unwrap_or_default(),
            line: None,
            message: e.to_string(),
        })?;
    Ok(Content::new(table, registry))
}

/// The card paths a scenario runs with: `cards` when given, else the scenario's own `cards:`
/// key, else `cards/` of the working directory.
pub fn card_paths(scenario: &Scenario, cards: &[PathBuf]) -> Vec<PathBuf> {
    if !cards.is_empty() {
        cards.to_vec()
    } else if !scenario.cards.is_empty() {
        scenario.cards.clone()
    } else {
        vec![PathBuf::from("cards")]
    }
}

/// Loads a scenario and its cards and runs it: the one-call entry point for tests.
///
/// ```no_run
/// let transcript = rtg_scenario::run_scenario("scenarios/cards/goblin.yaml").unwrap();
/// assert!(transcript.passed(), "{transcript}");
/// ```
pub fn run_scenario(path: impl AsRef<Path>) -> Result<Transcript, ScenarioError> {
    run_scenario_with(path.as_ref(), &[])
}

/// [`run_scenario`] with card paths given (as `rtg scenario --cards`).
pub fn run_scenario_with(path: &Path, cards: &[PathBuf]) -> Result<Transcript, ScenarioError> {
    let scenario = load_scenario(path)?;
    let content = load_content(&card_paths(&scenario, cards))?;
    run(&scenario, content)
}
