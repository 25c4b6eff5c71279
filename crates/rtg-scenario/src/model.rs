//! A scenario checked and in engine terms: players by seat, phases, references and checks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use rtg_core::{EventType, Mana, ManaType, Phase, PlayerId, RuleSet, Zone};
use rtg_rules::RulesError;

use crate::error::ScenarioError;
use crate::raw::{RawAdvanceTo, RawCard, RawScenario, RawStep, Value};

/// The largest `turn` and `turn_limit` a scenario may give (a million turns; a game of rtg
/// lasts tens).
pub const MAX_TURN: u32 = 1_000_000;

/// A reference to a card in a step: a handle given in the setup, or a zone position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CardRef {
    /// A handle (`name:` in the setup).
    Name(String),
    /// `PLAYER.ZONE.INDEX`, counted from 0 when the step runs.
    At {
        /// The player.
        player: PlayerId,
        /// The zone.
        zone: Zone,
        /// The index.
        index: usize,
    },
}

/// A target in a step: a player by name, or a card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TargetRef {
    /// A player.
    Player(PlayerId),
    /// A card.
    Card(CardRef),
}

/// One card of a setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupCard {
    /// Its definition id.
    pub card: String,
    /// Its handle, if any.
    pub name: Option<String>,
    /// Creature state (battlefield only).
    pub sick: bool,
    /// Attacked this turn.
    pub attacked: bool,
    /// Damage marked.
    pub damage: i32,
    /// Attack buff with no end.
    pub attack_buff: i32,
    /// Defense buff with no end.
    pub defense_buff: i32,
    /// Tapped (any permanent; independent of `attacked`).
    pub tapped: bool,
    /// The creature-only keys written on it (`sick`, `attacked`, `damage`, `attack_buff`,
    /// `defense_buff`), whatever their values: an artifact may carry none of them, which only
    /// the card's definition can tell, when the position is built.
    pub creature_keys: Vec<&'static str>,
    /// The line it is written on, when found.
    pub line: Option<usize>,
}

/// One player's setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerSetup {
    /// The player's name (a key of `players:`).
    pub name: String,
    /// Health.
    pub health: i32,
    /// Pool.
    pub pool: Mana,
    /// Mana cards played this turn.
    pub mana_played: u32,
    /// Hand limit.
    pub hand_limit: Option<u32>,
    /// Each zone's cards, in order (deck: top first).
    pub zones: Vec<(Zone, Vec<SetupCard>)>,
}

/// Which error an action step must be refused with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ExpectedError {
    /// Any error.
    Any,
    /// This kind (`not_enough_mana`).
    Kind(String),
}

/// One action or phase step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// Play a card from hand.
    Play {
        /// Who.
        player: PlayerId,
        /// The card.
        card: CardRef,
        /// Its target.
        target: Option<TargetRef>,
    },
    /// Declare an attacker.
    Attack {
        /// Who.
        player: PlayerId,
        /// The attacker.
        card: CardRef,
    },
    /// Declare a blocker.
    Block {
        /// Who.
        player: PlayerId,
        /// The blocker.
        card: CardRef,
        /// The attacker it blocks.
        attacker: CardRef,
    },
    /// Order an attacker's blockers.
    OrderBlockers {
        /// Who.
        player: PlayerId,
        /// The attacker.
        attacker: CardRef,
        /// Its blockers in order.
        blockers: Vec<CardRef>,
    },
    /// Activate an ability.
    Activate {
        /// Who.
        player: PlayerId,
        /// The card.
        card: CardRef,
        /// The ability index.
        ability: usize,
        /// Its target.
        target: Option<TargetRef>,
    },
    /// Resolve a pending trigger.
    ResolvePending {
        /// Index among pending triggers.
        index: usize,
        /// The chosen target.
        target: TargetRef,
    },
    /// Resolve a pending choice by taking one of its options.
    ResolveChoice {
        /// Index among pending choices, oldest first.
        index: usize,
        /// The option, from 0, in the card file's order.
        option: usize,
    },
    /// N phase steps.
    Advance(u32),
    /// Step until a phase (of a player's turn, if given).
    AdvanceTo {
        /// The phase.
        phase: Phase,
        /// Whose turn, if given.
        player: Option<PlayerId>,
    },
}

/// An expected event of the previous step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EventCheck {
    /// The event.
    pub event: EventType,
    /// Its source card, if given.
    pub card: Option<CardRef>,
}

/// What a card's `zone` check may name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// A zone.
    Zone(Zone),
    /// A token that left play.
    Gone,
}

/// The result of the game an `expect: {winner: ...}` check names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Winner {
    /// This player.
    Player(PlayerId),
    /// A draw.
    Draw,
    /// Not over.
    None,
}

/// One check of an `expect` step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Check {
    /// `PLAYER.health`
    Health(PlayerId, i64),
    /// `PLAYER.pool`
    Pool(PlayerId, Mana),
    /// `PLAYER.ZONE`: exact ids in order.
    ZoneCards(PlayerId, Zone, Vec<String>),
    /// `PLAYER.ZONE.count`
    ZoneCount(PlayerId, Zone, usize),
    /// `REF.attack`
    Attack(CardRef, i64),
    /// `REF.defense`
    Defense(CardRef, i64),
    /// `REF.zone`
    CardZone(CardRef, Place),
    /// `REF.sick`
    Sick(CardRef, bool),
    /// `REF.tapped`
    Tapped(CardRef, bool),
    /// `phase`
    Phase(Phase),
    /// `active`
    Active(PlayerId),
    /// `winner`
    Winner(Winner),
    /// `pending_triggers`
    PendingTriggers(usize),
    /// `pending_choices`
    PendingChoices(usize),
    /// `events`
    Events(Vec<EventCheck>),
}

/// One step with what it expects.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StepKind {
    /// An action or phase step, which may have to be refused.
    Act {
        /// The action.
        action: Action,
        /// The error it must be refused with, if any.
        expect_error: Option<ExpectedError>,
    },
    /// Checks.
    Expect(Vec<(String, Check)>),
}

/// A step and where it is written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// What it does.
    pub kind: StepKind,
    /// Its line in the file, when found.
    pub line: Option<usize>,
    /// Its text, for messages.
    pub text: String,
}

/// A checked scenario.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Scenario {
    /// Its name.
    pub name: String,
    /// What it shows, if written.
    pub description: Option<String>,
    /// The file it came from.
    pub file: PathBuf,
    /// The card directories of its `cards:` key, resolved against the file's folder.
    pub cards: Vec<PathBuf>,
    /// The seed.
    pub seed: u64,
    /// The turn counter.
    pub turn: Option<u32>,
    /// The turn limit, if any.
    pub turn_limit: Option<u32>,
    /// The base rules the game follows (`rules:`, default `ptg-0.2`).
    pub rules: RuleSet,
    /// Whose turn.
    pub active: PlayerId,
    /// The phase.
    pub phase: Phase,
    /// The players in seat order.
    pub players: [PlayerSetup; 2],
    /// The steps.
    pub steps: Vec<Step>,
}

impl Scenario {
    /// The name of a seat's player.
    pub fn player_name(&self, player: PlayerId) -> &str {
        &self.players[player.index()].name
    }
}

struct Names<'a> {
    players: [&'a str; 2],
    handles: BTreeSet<String>,
}

impl Names<'_> {
    fn player(&self, name: &str) -> Result<PlayerId, String> {
        self.players
            .iter()
            .position(|p| *p == name)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| {
                format!(
                    "unknown player `{name}`; the players are `{}` and `{}`{}",
                    self.players[0],
                    self.players[1],
                    hint(name, self.players)
                )
            })
    }

    fn card(&self, text: &str) -> Result<CardRef, String> {
        let parts: Vec<&str> = text.split('.').collect();
        if let [player, zone, index] = parts.as_slice() {
            let player = self.player(player)?;
            let zone = zone_name(zone)?;
            let index = index
                .parse::<usize>()
                .map_err(|_| format!("`{text}`: `{index}` is not an index"))?;
            return Ok(CardRef::At {
                player,
                zone,
                index,
            });
        }
        if self.handles.contains(text) {
            Ok(CardRef::Name(text.to_owned()))
        } else {
            let known = self.handles.iter().map(String::as_str).chain(self.players);
            Err(format!(
                "unknown card reference `{text}`: use a `name` given in the setup or PLAYER.ZONE.INDEX{}",
                hint(text, known)
            ))
        }
    }

    fn target(&self, text: &str) -> Result<TargetRef, String> {
        match self.player(text) {
            Ok(p) => Ok(TargetRef::Player(p)),
            Err(_) => self.card(text).map(TargetRef::Card),
        }
    }
}

fn zone_name(name: &str) -> Result<Zone, String> {
    Zone::ALL
        .into_iter()
        .find(|z| z.name() == name)
        .ok_or_else(|| {
            format!(
                "unknown zone `{name}`; expected deck, hand, battlefield or graveyard{}",
                hint(name, Zone::ALL.map(|z| z.name()))
            )
        })
}

/// `; did you mean `x`?` when a valid word is close to the one written, else nothing.
fn hint<'a>(written: &str, valid: impl IntoIterator<Item = &'a str> + Clone) -> String {
    rtg_yaml::did_you_mean(written, valid)
        .map(|close| format!("; did you mean `{close}`?"))
        .unwrap_or_default()
}

/// The line of a top-level `key:` (written at the start of a line), for errors about it.
fn top_level_line(text: &str, key: &str) -> Option<usize> {
    let prefix = format!("{key}:");
    text.lines()
        .position(|l| l.starts_with(&prefix))
        .map(|i| i + 1)
}

fn phase_name(name: &str) -> Result<Phase, String> {
    Phase::from_name(name).ok_or_else(|| {
        format!(
            "unknown phase `{name}`; expected one of: {}{}",
            Phase::ALL.map(|p| p.name()).join(", "),
            hint(name, Phase::ALL.map(|p| p.name()))
        )
    })
}

fn rule_set_name(name: &str) -> Result<RuleSet, String> {
    let names = RuleSet::ALL.map(RuleSet::name);
    RuleSet::from_name(name).ok_or_else(|| {
        format!(
            "unknown rule set `{name}`; expected {} (the default) or {}{}",
            names[0],
            names[1],
            hint(name, names)
        )
    })
}

fn mana_map(entries: &[(String, u32)]) -> Result<Mana, String> {
    let mut mana = Mana::EMPTY;
    for (kind, n) in entries {
        let kind = ManaType::from_name(kind).ok_or_else(|| {
            format!("unknown mana type `{kind}`; expected fire, earth, water, air or any")
        })?;
        mana.add(kind, *n);
    }
    Ok(mana)
}

fn value_mana(value: &Value) -> Result<Mana, String> {
    let Value::Map(entries) = value else {
        return Err(format!(
            "expected a mana map like {{fire: 2}}, found {value}"
        ));
    };
    let mut pairs = Vec::new();
    for (k, v) in entries {
        match v {
            Value::Int(n) if *n >= 0 && *n <= i64::from(u32::MAX) => {
                pairs.push((k.clone(), *n as u32))
            }
            other => return Err(format!("expected a count for `{k}`, found {other}")),
        }
    }
    mana_map(&pairs)
}

fn value_int(value: &Value) -> Result<i64, String> {
    match value {
        Value::Int(n) => Ok(*n),
        other => Err(format!("expected a whole number, found {other}")),
    }
}

fn value_count(value: &Value) -> Result<usize, String> {
    usize::try_from(value_int(value)?).map_err(|_| "expected a count".to_owned())
}

fn value_bool(value: &Value) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => Err(format!("expected true or false, found {other}")),
    }
}

fn value_str(value: &Value) -> Result<&str, String> {
    match value {
        Value::Str(s) => Ok(s),
        other => Err(format!("expected a name, found {other}")),
    }
}

/// Finds the line of each step: the `- ` items right under `steps:`.
fn step_lines(text: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut in_steps = false;
    let mut indent: Option<usize> = None;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let here = line.len() - trimmed.len();
        if !in_steps {
            if line.starts_with("steps:") {
                in_steps = true;
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if here == 0 && !trimmed.starts_with('-') {
            break;
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            match indent {
                None => {
                    indent = Some(here);
                    lines.push(number + 1);
                }
                Some(i) if i == here => lines.push(number + 1),
                _ => {}
            }
        }
    }
    lines
}

impl Scenario {
    /// Checks a raw scenario: names, references, phases, checks and error kinds.
    pub(crate) fn from_raw(
        raw: RawScenario,
        file: PathBuf,
        text: &str,
    ) -> Result<Scenario, ScenarioError> {
        let err = |line: Option<usize>, message: String| ScenarioError::Invalid {
            file: file.clone(),
            line,
            message,
        };
        if raw.players.0.len() != 2 {
            return Err(err(
                None,
                format!(
                    "`players` must list exactly two players, found {}",
                    raw.players.0.len()
                ),
            ));
        }
        let player_names = [raw.players.0[0].0.as_str(), raw.players.0[1].0.as_str()];
        let mut handles: BTreeSet<String> = BTreeSet::new();
        // One pass over the text, instead of one per setup card.
        let card_lines = setup_word_lines(text);
        let card_line = |id: &str| card_lines.get(id).copied();
        let mut players = Vec::new();
        for (name, setup) in &raw.players.0 {
            let mut zones = Vec::new();
            for (zone, cards) in [
                (Zone::Deck, &setup.deck),
                (Zone::Hand, &setup.hand),
                (Zone::Battlefield, &setup.battlefield),
                (Zone::Graveyard, &setup.graveyard),
            ] {
                let mut list = Vec::new();
                for card in cards {
                    let card = match card {
                        RawCard::Id(id) => SetupCard {
                            card: id.clone(),
                            name: None,
                            sick: false,
                            attacked: false,
                            damage: 0,
                            attack_buff: 0,
                            defense_buff: 0,
                            tapped: false,
                            creature_keys: Vec::new(),
                            line: card_line(id),
                        },
                        RawCard::Full(full) => {
                            let creature_keys = full.creature_keys();
                            if !creature_keys.is_empty() && zone != Zone::Battlefield {
                                return Err(err(
                                    None,
                                    format!(
                                        "{name}'s {zone} card `{}`: sick, attacked, damage and buffs apply only on the battlefield",
                                        full.card
                                    ),
                                ));
                            }
                            if full.tapped.is_some() && zone != Zone::Battlefield {
                                return Err(err(
                                    card_line(&full.card),
                                    format!(
                                        "{name}'s {zone} card `{}`: tapped applies only on the battlefield",
                                        full.card
                                    ),
                                ));
                            }
                            SetupCard {
                                card: full.card.clone(),
                                name: full.name.clone(),
                                sick: full.sick.unwrap_or(false),
                                attacked: full.attacked.unwrap_or(false),
                                damage: full.damage.unwrap_or(0),
                                attack_buff: full.attack_buff.unwrap_or(0),
                                defense_buff: full.defense_buff.unwrap_or(0),
                                tapped: full.tapped.unwrap_or(false),
                                creature_keys,
                                line: card_line(&full.card),
                            }
                        }
                    };
                    if let Some(handle) = &card.name {
                        if handles.contains(handle) || player_names.contains(&handle.as_str()) {
                            return Err(err(None, format!("the handle `{handle}` is used twice")));
                        }
                        if handle.contains('.') {
                            return Err(err(
                                None,
                                format!("the handle `{handle}` may not contain a dot"),
                            ));
                        }
                        handles.insert(handle.clone());
                    }
                    list.push(card);
                }
                zones.push((zone, list));
            }
            let health = match setup.health {
                None => rtg_core::STARTING_HEALTH,
                Some(h) if (0..=i64::from(rtg_core::MAX_AMOUNT)).contains(&h) => h as i32,
                Some(h) => {
                    return Err(err(
                        None,
                        format!(
                            "{name}'s health must be from 0 to {}, found {h}",
                            rtg_core::MAX_AMOUNT
                        ),
                    ));
                }
            };
            let pool = match &setup.pool {
                None => Mana::EMPTY,
                Some(p) => mana_map(&p.0).map_err(|m| err(None, format!("{name}'s pool: {m}")))?,
            };
            players.push(PlayerSetup {
                name: name.clone(),
                health,
                pool,
                mana_played: setup.mana_played.unwrap_or(0),
                hand_limit: setup.hand_limit,
                zones,
            });
        }
        let names = Names {
            players: player_names,
            handles,
        };
        let active = names
            .player(&raw.active)
            .map_err(|m| err(top_level_line(text, "active"), format!("active: {m}")))?;
        let phase = phase_name(&raw.phase)
            .map_err(|m| err(top_level_line(text, "phase"), format!("phase: {m}")))?;
        let rules = match &raw.rules {
            None => RuleSet::default(),
            Some(name) => rule_set_name(name)
                .map_err(|m| err(top_level_line(text, "rules"), format!("rules: {m}")))?,
        };
        // The engine's turn counter stops at u32::MAX rather than wrapping, so a turn near it
        // would give both seats the same turn number, and `turn_limit + 1` would never begin.
        for (key, value) in [("turn", raw.turn), ("turn_limit", raw.turn_limit)] {
            if let Some(value) = value
                && value > MAX_TURN
            {
                return Err(err(
                    top_level_line(text, key),
                    format!("{key} {value} is over the limit of {MAX_TURN}"),
                ));
            }
        }
        if let Some(turn) = raw.turn
            && (turn == 0 || (turn % 2 == 1) != (active == PlayerId::FIRST))
        {
            let line = top_level_line(text, "turn");
            return Err(err(
                line,
                format!(
                    "turn {turn} does not match the active player `{}`: odd turns are `{}`'s, even turns `{}`'s",
                    raw.active, player_names[0], player_names[1]
                ),
            ));
        }
        let lines = step_lines(text);
        let text_lines: Vec<&str> = text.lines().collect();
        let mut steps = Vec::new();
        for (i, raw_step) in raw.steps.into_iter().enumerate() {
            let line = lines.get(i).copied();
            let text = step_text(&text_lines, line);
            let kind = convert_step(&names, raw_step)
                .map_err(|m| err(line, format!("step {}: {m}", i + 1)))?;
            steps.push(Step { kind, line, text });
        }
        let base = file.parent().map(PathBuf::from).unwrap_or_default();
        let cards = raw
            .cards
            .unwrap_or_default()
            .into_iter()
            .map(|c| base.join(c))
            .collect();
        let [first, second]: [PlayerSetup; 2] = players
            .try_into()
            .map_err(|_| err(None, "`players` must list exactly two players".to_owned()))?;
        Ok(Scenario {
            name: raw.name,
            description: raw.description,
            file,
            cards,
            seed: raw.seed.unwrap_or(0),
            turn: raw.turn,
            turn_limit: raw.turn_limit,
            rules,
            active,
            phase,
            players: [first, second],
            steps,
        })
    }
}

/// The first line under `players:` of each word written there (a card id, a handle, ...): where
/// a setup card is. Words are separated by spaces and YAML punctuation. One pass over the text.
fn setup_word_lines(text: &str) -> BTreeMap<&str, usize> {
    let mut lines = BTreeMap::new();
    let mut in_players = false;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("players:") {
            in_players = true;
            continue;
        }
        if !in_players {
            continue;
        }
        if !line.starts_with(' ') && !line.starts_with('-') && !line.trim().is_empty() {
            in_players = false;
            continue;
        }
        let separators = |c: char| {
            c.is_whitespace() || matches!(c, '[' | ']' | '{' | '}' | ',' | ':' | '"' | '\'' | '#')
        };
        for word in line
            .split(separators)
            .filter(|w| !w.is_empty() && *w != "-")
        {
            lines.entry(word).or_insert(number + 1);
        }
    }
    lines
}

fn step_text(lines: &[&str], line: Option<usize>) -> String {
    line.and_then(|l| lines.get(l.checked_sub(1)?))
        .map(|l| l.trim().trim_start_matches("- ").to_owned())
        .unwrap_or_default()
}

fn convert_step(names: &Names<'_>, step: RawStep) -> Result<StepKind, String> {
    let mut actions = Vec::new();
    if let Some(p) = step.play {
        actions.push(Action::Play {
            player: names.player(&p.player)?,
            card: names.card(&p.card)?,
            target: p.target.as_deref().map(|t| names.target(t)).transpose()?,
        });
    }
    if let Some(a) = step.attack {
        actions.push(Action::Attack {
            player: names.player(&a.player)?,
            card: names.card(&a.card)?,
        });
    }
    if let Some(b) = step.block {
        actions.push(Action::Block {
            player: names.player(&b.player)?,
            card: names.card(&b.card)?,
            attacker: names.card(&b.attacker)?,
        });
    }
    if let Some(o) = step.order_blockers {
        actions.push(Action::OrderBlockers {
            player: names.player(&o.player)?,
            attacker: names.card(&o.attacker)?,
            blockers: o
                .blockers
                .iter()
                .map(|b| names.card(b))
                .collect::<Result<_, _>>()?,
        });
    }
    if let Some(a) = step.activate {
        actions.push(Action::Activate {
            player: names.player(&a.player)?,
            card: names.card(&a.card)?,
            ability: a.ability,
            target: a.target.as_deref().map(|t| names.target(t)).transpose()?,
        });
    }
    if let Some(r) = step.resolve_pending {
        actions.push(Action::ResolvePending {
            index: r.index,
            target: names.target(&r.target)?,
        });
    }
    if let Some(r) = step.resolve_choice {
        actions.push(Action::ResolveChoice {
            index: r.index,
            option: r.option,
        });
    }
    if let Some(n) = step.advance {
        actions.push(Action::Advance(n));
    }
    if let Some(to) = step.advance_to {
        actions.push(match to {
            RawAdvanceTo::Phase(p) => Action::AdvanceTo {
                phase: phase_name(&p)?,
                player: None,
            },
            RawAdvanceTo::Full(full) => Action::AdvanceTo {
                phase: phase_name(&full.phase)?,
                player: full
                    .player
                    .as_deref()
                    .map(|p| names.player(p))
                    .transpose()?,
            },
        });
    }
    let expect_error = match step.expect_error {
        None | Some(Value::Bool(false)) => None,
        Some(Value::Bool(true)) => Some(ExpectedError::Any),
        Some(Value::Str(kind)) => {
            if !RulesError::KINDS.contains(&kind.as_str()) {
                return Err(format!(
                    "unknown error kind `{kind}`; expected `true` or one of: {}",
                    RulesError::KINDS.join(", ")
                ));
            }
            Some(ExpectedError::Kind(kind))
        }
        Some(other) => {
            return Err(format!(
                "expect_error must be an error kind or `true`, found {other}"
            ));
        }
    };
    match (actions.len(), step.expect) {
        (1, None) => Ok(StepKind::Act {
            action: actions.pop().expect("one action"), // invariant: the length was just checked
            expect_error,
        }),
        (0, Some(expect)) => {
            if expect_error.is_some() {
                return Err("expect_error belongs on an action step, not on `expect`".to_owned());
            }
            let mut checks = Vec::new();
            for (path, value) in expect.0 {
                let check = convert_check(names, &path, &value).map_err(|m| format!("`{path}`: {m}"))?;
                checks.push((path, check));
            }
            Ok(StepKind::Expect(checks))
        }
        (0, None) => Err(
            "a step needs one of: play, attack, block, order_blockers, activate, resolve_pending, resolve_choice, advance, advance_to, expect"
                .to_owned(),
        ),
        _ => Err("a step holds exactly one action (or one `expect`)".to_owned()),
    }
}

fn convert_check(names: &Names<'_>, path: &str, value: &Value) -> Result<Check, String> {
    match path {
        "phase" => return Ok(Check::Phase(phase_name(value_str(value)?)?)),
        "active" => return Ok(Check::Active(names.player(value_str(value)?)?)),
        "pending_triggers" => return Ok(Check::PendingTriggers(value_count(value)?)),
        "pending_choices" => return Ok(Check::PendingChoices(value_count(value)?)),
        "winner" => {
            let w = value_str(value)?;
            return Ok(Check::Winner(match w {
                "draw" => Winner::Draw,
                "none" => Winner::None,
                other => Winner::Player(names.player(other)?),
            }));
        }
        "events" => {
            let Value::List(items) = value else {
                return Err(format!("expected a list of event names, found {value}"));
            };
            let mut checks = Vec::new();
            for item in items {
                checks.push(match item {
                    Value::Str(name) => EventCheck {
                        event: event_name(name)?,
                        card: None,
                    },
                    Value::Map(entries) => {
                        let mut event = None;
                        let mut card = None;
                        for (k, v) in entries {
                            match k.as_str() {
                                "event" => event = Some(event_name(value_str(v)?)?),
                                "card" => card = Some(names.card(value_str(v)?)?),
                                other => return Err(format!("unknown key `{other}` in an event check; expected event, card")),
                            }
                        }
                        EventCheck {
                            event: event.ok_or("an event check needs `event`")?,
                            card,
                        }
                    }
                    other => return Err(format!("expected an event name or {{event, card}}, found {other}")),
                });
            }
            return Ok(Check::Events(checks));
        }
        _ => {}
    }
    let parts: Vec<&str> = path.split('.').collect();
    if let Ok(player) = names.player(parts[0]) {
        return match parts.as_slice() {
            [_, "health"] => Ok(Check::Health(player, value_int(value)?)),
            [_, "pool"] => Ok(Check::Pool(player, value_mana(value)?)),
            [_, zone] => {
                let zone = zone_name(zone)?;
                let Value::List(items) = value else {
                    return Err(format!("expected a list of card ids, found {value}"));
                };
                let ids = items
                    .iter()
                    .map(|i| value_str(i).map(str::to_owned))
                    .collect::<Result<_, _>>()?;
                Ok(Check::ZoneCards(player, zone, ids))
            }
            [_, zone, "count"] => Ok(Check::ZoneCount(
                player,
                zone_name(zone)?,
                usize::try_from(value_int(value)?).map_err(|_| "expected a count".to_owned())?,
            )),
            [p, zone, index, attr] => {
                card_check(names.card(&format!("{p}.{zone}.{index}"))?, attr, value)
            }
            _ => Err("unknown check; see the scenario format for the valid paths".to_owned()),
        };
    }
    match parts.as_slice() {
        [handle, attr] => card_check(names.card(handle)?, attr, value),
        _ => Err(format!(
            "unknown check: expected PLAYER.health, PLAYER.pool, PLAYER.ZONE, PLAYER.ZONE.count, REF.attack, REF.defense, REF.zone, REF.sick, REF.tapped, phase, active, winner, pending_triggers, pending_choices or events{}",
            hint(
                path,
                [
                    "phase",
                    "active",
                    "winner",
                    "pending_triggers",
                    "pending_choices",
                    "events"
                ]
            )
        )),
    }
}

fn card_check(card: CardRef, attr: &str, value: &Value) -> Result<Check, String> {
    match attr {
        "attack" => Ok(Check::Attack(card, value_int(value)?)),
        "defense" => Ok(Check::Defense(card, value_int(value)?)),
        "sick" => Ok(Check::Sick(card, value_bool(value)?)),
        "tapped" => Ok(Check::Tapped(card, value_bool(value)?)),
        "zone" => {
            let name = value_str(value)?;
            if name == "gone" {
                Ok(Check::CardZone(card, Place::Gone))
            } else {
                Ok(Check::CardZone(card, Place::Zone(zone_name(name)?)))
            }
        }
        other => Err(format!(
            "unknown card property `{other}`; expected attack, defense, zone, sick or tapped{}",
            hint(other, ["attack", "defense", "zone", "sick", "tapped"])
        )),
    }
}

fn event_name(name: &str) -> Result<EventType, String> {
    EventType::from_name(name).ok_or_else(|| {
        format!(
            "unknown event `{name}`; expected one of: {}{}",
            EventType::ALL.map(|e| e.name()).join(", "),
            hint(name, EventType::ALL.map(|e| e.name()))
        )
    })
}
