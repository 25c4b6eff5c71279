//! The extension point for effects: what an effect declares, what it may touch, and the registry
//! that maps effect names to implementations.
//!
//! rtg's own effects (`rtg-effects`) and a user's effects implement the same [`EffectHandler`]
//! trait. A registry is a value passed to the loader and owned by a game's [`crate::Content`]; there
//! is no global registry, so two games with different registries can run side by side.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;

use crate::alteration::{Amount, ParamValue, Params, Zone};
use crate::applied::{Applied, TargetKind};
use crate::content::DefinitionTable;
use crate::event::{Event, Target};
use crate::ids::{InstanceId, PlayerId};
use crate::mana::Mana;
use crate::state::GameState;

/// The type of a parameter, checked when a card file is loaded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParamKind {
    /// A whole number from 0 to [`MAX_COUNT`] (how many cards, tokens, ...).
    Count,
    /// A whole number from 0 to [`MAX_AMOUNT`], or `$attack` / `$defense`. (Every whole-number
    /// kind also takes a `$variable` or an expression, computed when the effect starts.)
    Amount,
    /// A whole number from `-MAX_AMOUNT` to [`MAX_AMOUNT`] (a stat change that may be negative).
    SignedInt,
    /// A whole number from 0 to [`MAX_AMOUNT`] (an absolute stat value).
    Stat,
    /// A map of mana type to count.
    Mana,
    /// A zone name.
    Zone,
    /// A card definition id present in the catalog.
    CardId,
    /// A card definition (inline, or by catalog id).
    Template,
    /// Free text.
    Text,
    /// A technique name.
    Technique,
    /// A list of mana maps to choose one of, each without `any` (`choose_mana`'s `options`).
    ManaOptions,
    /// An artifact definition (inline, or by catalog id): `spawn_artifact`'s `template`.
    ArtifactTemplate,
}

impl ParamKind {
    /// How the loader describes what it expected.
    pub fn expected(self) -> String {
        match self {
            ParamKind::Count => format!("a whole number from 0 to {MAX_COUNT}"),
            ParamKind::Amount => {
                format!("a whole number from 0 to {MAX_AMOUNT}, `$attack` or `$defense`")
            }
            ParamKind::SignedInt => {
                format!("a whole number from -{MAX_AMOUNT} to {MAX_AMOUNT}")
            }
            ParamKind::Stat => format!("a whole number from 0 to {MAX_AMOUNT}"),
            ParamKind::Mana => "a map of mana type to count, e.g. {fire: 2}".to_owned(),
            ParamKind::Zone => "one of deck, hand, battlefield, graveyard".to_owned(),
            ParamKind::CardId => "the card_id of a known card".to_owned(),
            ParamKind::Template => {
                "a card definition (a map with card_id, name, type, ...)".to_owned()
            }
            ParamKind::Text => "a string".to_owned(),
            ParamKind::Technique => {
                "one of haste, flying, reach, trample, deathtouch, vigilance".to_owned()
            }
            ParamKind::ManaOptions => {
                "a list of mana maps to choose from, e.g. [{fire: 1}, {water: 1}]".to_owned()
            }
            ParamKind::ArtifactTemplate => {
                "an artifact definition (a map with card_id, name, type: artifact, ...)".to_owned()
            }
        }
    }

    /// The whole numbers a parameter of this kind may hold, lowest and highest; `None` for the
    /// kinds that are not whole numbers.
    pub fn int_range(self) -> Option<(i32, i32)> {
        match self {
            ParamKind::Count => Some((0, MAX_COUNT)),
            ParamKind::Amount | ParamKind::Stat => Some((0, MAX_AMOUNT)),
            ParamKind::SignedInt => Some((-MAX_AMOUNT, MAX_AMOUNT)),
            _ => None,
        }
    }

    /// `value` brought into this kind's range (unchanged for kinds that are not whole numbers).
    ///
    /// The one clamp of values read at run time: the loader range-checks the numbers written in
    /// card files, but `$attack` and `$defense` take the source's stats when the alteration
    /// starts (contract 22), which buffs can push anywhere. Without it, `spawn_creature count:
    /// $attack` on a 1,000,000-attack card would create a million tokens.
    pub fn clamp(self, value: i32) -> i32 {
        match self.int_range() {
            Some((low, high)) => value.clamp(low, high),
            None => value,
        }
    }
}

impl ParamValue {
    /// The whole number this parameter stands for in `scope` (whose subject is the card whose
    /// alteration it is): a literal as written (the loader checked it against its kind),
    /// `$attack` or `$defense` of the subject clamped with [`ParamKind::clamp`], or an
    /// expression brought into the kind's range (the widest whole numbers for a kind that has
    /// none). `kind` is asked only when needed. `None` for a value that is not a number. The
    /// one reading of a number, for one-shot effects and static abilities alike.
    pub fn whole_in(
        &self,
        scope: &crate::condition::Scope<'_>,
        kind: impl FnOnce() -> ParamKind,
    ) -> Option<i32> {
        let stat = |read: fn(&crate::CardInstance) -> i32| {
            scope.subject.map_or(0, |id| read(scope.state.card(id)))
        };
        match self {
            ParamValue::Int(n) | ParamValue::Amount(Amount::Fixed(n)) => Some(*n),
            ParamValue::Amount(Amount::SourceAttack) => {
                Some(kind().clamp(stat(crate::CardInstance::attack)))
            }
            ParamValue::Amount(Amount::SourceDefense) => {
                Some(kind().clamp(stat(crate::CardInstance::defense)))
            }
            ParamValue::Expr(expr) => {
                let (low, high) = kind().int_range().unwrap_or((-MAX_AMOUNT, MAX_AMOUNT));
                Some(expr.value_in(scope, low, high))
            }
            _ => None,
        }
    }
}

/// The largest count a parameter may hold (cards drawn, tokens created, ...).
pub const MAX_COUNT: i32 = 1_000;
/// The largest amount or stat a parameter or a card field may hold.
pub const MAX_AMOUNT: i32 = 1_000_000;

/// One declared parameter of an effect.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParamSpec {
    /// Its YAML name.
    pub name: String,
    /// Its type.
    pub kind: ParamKind,
    /// Its default; `None` makes it required, unless the effect's
    /// [`EffectHandler::check_params`] accepts it missing.
    pub default: Option<ParamValue>,
    /// Optional: may be left out even without a default.
    pub optional: bool,
}

impl ParamSpec {
    /// A required parameter.
    pub fn required(name: &str, kind: ParamKind) -> ParamSpec {
        ParamSpec {
            name: name.to_owned(),
            kind,
            default: None,
            optional: false,
        }
    }

    /// A parameter with a default.
    pub fn with_default(name: &str, kind: ParamKind, default: ParamValue) -> ParamSpec {
        ParamSpec {
            name: name.to_owned(),
            kind,
            default: Some(default),
            optional: true,
        }
    }

    /// A parameter that may be left out (the effect checks combinations itself).
    pub fn optional(name: &str, kind: ParamKind) -> ParamSpec {
        ParamSpec {
            name: name.to_owned(),
            kind,
            default: None,
            optional: true,
        }
    }
}

/// What an effect declares about itself: checked when cards are loaded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EffectSpec {
    /// The name used in card files.
    pub name: String,
    /// What it acts on.
    pub target_kind: TargetKind,
    /// Its parameters.
    pub params: Vec<ParamSpec>,
    /// True when [`EffectHandler::reverse`] can undo it (so `end_trigger` and `turn_duration` are
    /// allowed).
    pub reversible: bool,
    /// One line for people: what the effect does.
    pub summary: String,
}

/// Whose side an effect is meant for: what a bot needs to know to choose its target, declared
/// by the effect so that nothing has to recognise effects by name.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// It hurts what it targets (damage, destruction, discards): aimed at the opponent's side.
    Harmful,
    /// It helps what it targets (healing, buffs, cards): aimed at its controller's own side.
    Helpful,
    /// Neither: aimed at its controller's own side, like a helpful one. The default.
    #[default]
    Neutral,
}

impl Aim {
    /// The side an effect with this aim is meant for, when `player` controls it.
    pub fn side(self, player: PlayerId) -> PlayerId {
        match self {
            Aim::Harmful => player.opponent(),
            Aim::Helpful | Aim::Neutral => player,
        }
    }
}

/// An effect that failed for a reason other than the game's rules (a bug or a user effect's own
/// error). Turned into a rules error by the engine; the action is then refused as a whole.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum EffectError {
    /// The effect cannot be undone.
    #[error("effect `{0}` cannot be reversed")]
    NotReversible(String),
    /// A parameter is missing or has the wrong type at run time (the loader should have caught it).
    #[error("effect `{effect}`: parameter `{param}` is missing or has the wrong type")]
    BadParam {
        /// The effect.
        effect: String,
        /// The parameter.
        param: String,
    },
    /// The effect got a target of the wrong kind.
    #[error("effect `{effect}` cannot act on {target}")]
    BadTarget {
        /// The effect.
        effect: String,
        /// The target it got.
        target: Target,
    },
    /// A spawn template is not in the game's definition table.
    #[error("card definition `{0}` is not part of this game's content")]
    UnknownDefinition(String),
    /// A choice was resolved that the effect never asked for, or with an option it does not
    /// have.
    #[error("effect `{effect}` has no option {option}")]
    NoSuchOption {
        /// The effect.
        effect: String,
        /// The option given.
        option: usize,
    },
    /// An error reported by a user's effect.
    #[error("{0}")]
    Custom(String),
}

/// Everything an effect may read and change while it runs.
pub struct EffectContext<'a> {
    /// The game, changed in place (the caller works on its own copy).
    pub state: &'a mut GameState,
    /// Where the effect records the events it causes, in order.
    pub events: &'a mut Vec<Event>,
    /// The card whose ability this is.
    pub source: InstanceId,
    /// The player who controls that card.
    pub controller: PlayerId,
    /// The alteration being applied (an effect that asks its controller a question records it
    /// in a [`crate::PendingChoice`]).
    pub alteration: crate::alteration::AlterationRef,
    /// The event that set the alteration off, when a trigger did: what `event_*` variables of
    /// its computed parameters read.
    pub event: Option<Event>,
}

impl EffectContext<'_> {
    /// Resolves an amount: a literal, or the source card's current attack or defense, as they
    /// are (see [`EffectContext::int`] for the value an effect should use).
    pub fn amount(&self, amount: Amount) -> i32 {
        match amount {
            Amount::Fixed(n) => n,
            Amount::SourceAttack => self.state.card(self.source).attack(),
            Amount::SourceDefense => self.state.card(self.source).defense(),
        }
    }

    /// The value of a whole-number parameter of `effect`: a literal as written (the loader has
    /// checked it against its kind), `$attack` or `$defense` read from the source now and
    /// clamped with [`ParamKind::clamp`] to the kind the effect declares for `name` (the widest,
    /// [`ParamKind::SignedInt`], when the registry does not declare it).
    fn whole(&self, effect: &str, name: &str, value: &ParamValue) -> Option<i32> {
        let kind = || {
            self.state
                .content()
                .effects
                .get(effect)
                .and_then(|h| h.spec().params.iter().find(|p| p.name == name))
                .map_or(ParamKind::SignedInt, |p| p.kind)
        };
        value.whole_in(&self.scope(), kind)
    }

    /// The scope the effect's numbers are read in: the source as `self`, its controller as
    /// "you", the event being handled.
    fn scope(&self) -> crate::condition::Scope<'_> {
        crate::condition::Scope {
            state: self.state,
            subject: Some(self.source),
            controller: self.controller,
            event: self.event.as_ref(),
        }
    }

    /// The value of a computed parameter now, with the source as `self` and its controller as
    /// "you", brought into the range of `kind` (the widest whole numbers for a kind that has
    /// none).
    pub fn computed(&self, expr: &crate::condition::Expr, kind: ParamKind) -> i32 {
        let (low, high) = kind.int_range().unwrap_or((-MAX_AMOUNT, MAX_AMOUNT));
        expr.value_in(&self.scope(), low, high)
    }

    /// Reads an integer parameter (`Count`, `Amount`, `SignedInt`, `Stat`) of `effect` (its
    /// registered name), `$attack` and `$defense` clamped to the parameter's kind.
    pub fn int(&self, effect: &str, params: &Params, name: &str) -> Result<i32, EffectError> {
        params
            .get(name)
            .and_then(|v| self.whole(effect, name, v))
            .ok_or_else(|| bad_param(effect, name))
    }

    /// Reads an optional integer parameter of `effect`, like [`EffectContext::int`].
    pub fn opt_int(&self, effect: &str, params: &Params, name: &str) -> Option<i32> {
        params.get(name).and_then(|v| self.whole(effect, name, v))
    }

    /// Reads a mana parameter.
    pub fn mana(&self, effect: &str, params: &Params, name: &str) -> Result<Mana, EffectError> {
        match params.get(name) {
            Some(ParamValue::Mana(m)) => Ok(*m),
            _ => Err(bad_param(effect, name)),
        }
    }

    /// Reads a zone parameter.
    pub fn zone(&self, effect: &str, params: &Params, name: &str) -> Result<Zone, EffectError> {
        match params.get(name) {
            Some(ParamValue::Zone(z)) => Ok(*z),
            _ => Err(bad_param(effect, name)),
        }
    }
}

fn bad_param(effect: &str, name: &str) -> EffectError {
    EffectError::BadParam {
        effect: effect.to_owned(),
        param: name.to_owned(),
    }
}

/// An effect: a pure change to a game state, given its source, target and parameters.
///
/// Implement it to add an effect of your own, then [`EffectRegistry::register`] it; card files
/// can use it by name. Randomness must come only from [`GameState::rng_mut`].
pub trait EffectHandler: Send + Sync {
    /// The effect's declaration, checked when cards are loaded.
    fn spec(&self) -> &EffectSpec;

    /// Checks combinations of parameters that [`EffectSpec::params`] cannot express
    /// ("at least one of"). The message says what is wrong.
    fn check_params(&self, params: &Params) -> Result<(), String> {
        let _ = params;
        Ok(())
    }

    /// True when `target` is a legal target for this effect with these parameters. The default:
    /// a card effect takes a creature on the battlefield, a player effect takes either player
    /// (a seat of the game: the rules refuse other ids before asking).
    fn legal_target(&self, state: &GameState, target: Target, params: &Params) -> bool {
        let _ = params;
        match (self.spec().target_kind, target) {
            (TargetKind::Player, Target::Player(p)) => p.is_seat(),
            (TargetKind::Card, Target::Card(id)) => state
                .try_card(id)
                .is_some_and(|card| card.is_creature_on_battlefield()),
            _ => false,
        }
    }

    /// True when `target` is a legal target for this effect used by `source` (the card whose
    /// alteration it is). The default ignores the source and asks
    /// [`EffectHandler::legal_target`]; an effect that can never act on its own source
    /// (`fight`) says so here, so that it is never offered as a choice.
    fn legal_target_for(
        &self,
        state: &GameState,
        source: InstanceId,
        target: Target,
        params: &Params,
    ) -> bool {
        let _ = source;
        self.legal_target(state, target, params)
    }

    /// The zone a card target must be in, so that target enumeration looks nowhere else: by
    /// default the battlefield for card effects and none for player effects. An effect whose
    /// [`EffectHandler::legal_target`] accepts cards elsewhere must say where.
    fn target_zone(&self, params: &Params) -> Option<Zone> {
        let _ = params;
        match self.spec().target_kind {
            TargetKind::Card => Some(Zone::Battlefield),
            TargetKind::Player => None,
        }
    }

    /// True when a mass alteration (`target: each`, `group`) of this effect may take its cards
    /// from `zone`: when the effect means something for a card there. The loader refuses a
    /// `from_zone` this says no to, naming it, so that no sweep is a silent no-op. The default:
    /// the zone a card target must be in ([`EffectHandler::target_zone`]) and no other.
    fn sweeps_zone(&self, zone: Zone, params: &Params) -> bool {
        self.target_zone(params) == Some(zone)
    }

    /// True when a mass alteration sweeping `zone` (a zone [`EffectHandler::sweeps_zone`]
    /// accepts) acts on `card`, found there, for the alteration of `source`. The default: when
    /// the card is a legal target ([`EffectHandler::legal_target_for`]); an effect that sweeps
    /// other zones than its targets' (`destroy_card` in a hand) says what it takes there.
    fn sweeps_card(
        &self,
        state: &GameState,
        source: InstanceId,
        card: InstanceId,
        zone: Zone,
        params: &Params,
    ) -> bool {
        let _ = zone;
        self.legal_target_for(state, source, Target::Card(card), params)
    }

    /// The effect as a continuous effect of a static ability, with these parameters: what it
    /// does to each card it reaches while the ability holds ([`crate::continuous`]). `None`
    /// (the default) when the effect cannot be static; the loader refuses it there.
    fn continuous(&self, params: &Params) -> Option<crate::continuous::Continuous> {
        let _ = params;
        None
    }

    /// Whose side the effect is meant for ([`Aim`]); [`Aim::Neutral`] unless the effect says.
    fn aim(&self) -> Aim {
        Aim::Neutral
    }

    /// The effect with these parameters compiled once, when a game's [`crate::Content`] is made:
    /// a handler that reads no parameter by name when it runs. `None` (the default) keeps this
    /// handler, given the parameters each time. The compiled handler must behave exactly as
    /// this one does with `params`.
    fn compile(
        &self,
        params: &Params,
        definitions: &DefinitionTable,
    ) -> Option<Arc<dyn EffectHandler>> {
        let _ = (params, definitions);
        None
    }

    /// Applies the effect and says what it applied.
    fn apply(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        params: &Params,
    ) -> Result<Applied, EffectError>;

    /// Undoes exactly what an earlier [`EffectHandler::apply`] applied. Only called when
    /// [`EffectSpec::reversible`] is true.
    fn reverse(&self, ctx: &mut EffectContext<'_>, applied: &Applied) -> Result<(), EffectError> {
        let _ = (ctx, applied);
        Err(EffectError::NotReversible(self.spec().name.clone()))
    }

    /// Applies option `option` of a choice this effect asked for (its `apply` put a
    /// [`crate::PendingChoice`] on the state and returned [`crate::Record::Deferred`]), and says
    /// what it applied, so that a temporary alteration's reversal undoes exactly that. Only
    /// called for effects that ask.
    fn resolve_choice(
        &self,
        ctx: &mut EffectContext<'_>,
        target: Target,
        params: &Params,
        option: usize,
    ) -> Result<Applied, EffectError> {
        let _ = (ctx, target, params);
        Err(EffectError::NoSuchOption {
            effect: self.spec().name.clone(),
            option,
        })
    }
}

/// The effects a game knows, by name.
#[derive(Clone, Default)]
pub struct EffectRegistry {
    handlers: BTreeMap<Arc<str>, Arc<dyn EffectHandler>>,
}

/// Registering an effect under a name that is already taken.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("an effect named `{0}` is already registered")]
pub struct DuplicateEffect(pub String);

impl EffectRegistry {
    /// A registry with no effects (see `rtg_effects::builtin_registry` for rtg's own).
    pub fn empty() -> EffectRegistry {
        EffectRegistry::default()
    }

    /// Adds an effect under the name its spec declares.
    pub fn register(
        &mut self,
        handler: impl EffectHandler + 'static,
    ) -> Result<(), DuplicateEffect> {
        self.register_arc(Arc::new(handler))
    }

    /// Adds an already shared effect.
    pub fn register_arc(&mut self, handler: Arc<dyn EffectHandler>) -> Result<(), DuplicateEffect> {
        let name: Arc<str> = Arc::from(handler.spec().name.as_str());
        if self.handlers.contains_key(&name) {
            return Err(DuplicateEffect(name.to_string()));
        }
        self.handlers.insert(name, handler);
        Ok(())
    }

    /// The effect registered under `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn EffectHandler>> {
        self.handlers.get(name)
    }

    /// Every registered name, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.handlers.keys().map(|k| &**k)
    }

    /// The number of registered effects.
    pub fn len(&self) -> usize {
        self.handlers.len()
    }

    /// True when no effect is registered.
    pub fn is_empty(&self) -> bool {
        self.handlers.is_empty()
    }
}

impl fmt::Debug for EffectRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.names()).finish()
    }
}
