//! A player's view of a game: what one player may know at a decision, and determinization —
//! a full state sampled from the view, for search.
//!
//! A [`PlayerView`] borrows the state and hands out only what its player may see: their own
//! hand; both battlefields, graveyards, pools and health; the combats, pending triggers,
//! pending choices (with their options: public card text) and delayed effects; the sizes of the opponent's hand and
//! of both decks; and the rules' answers about the player's own options (legal actions,
//! targets, attackers, blockers). A card the player cannot locate (the opponent's hand, either
//! deck) reads as `None`; a card it can see comes with everything its instance holds now (stats,
//! damage, `tapped`, `cannot_block`, `unblockable`, and its current techniques, granted and
//! removed ones counted: [`CardInstance::has`]). It is two words (a reference and a
//! seat): making one costs nothing, and reading through it is the same reads as on the state.
//!
//! The public history of a game is what its zones show: cards played stay in a graveyard or on
//! a battlefield. A card that goes back to a hidden zone (a hand, a deck) is treated as not
//! located: the view forgets it rather than leak where it is.

use std::sync::Arc;

use rtg_core::{
    Aim, AlterationData, AlterationRef, CardDefinition, CardInstance, Combat, Content, GameRng,
    GameState, GameStatus, InstanceId, Location, Mana, ManaPool, ParamValue, PendingChoice,
    PendingTrigger, Phase, PlayerId, Target,
};

use crate::action::Action;

/// A delayed effect as one player sees it ([`PlayerView::delays`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DelayView {
    /// The delay's id ([`rtg_core::Delay::id`]).
    pub id: u32,
    /// The card that set it, when the viewer can locate it.
    pub source: Option<InstanceId>,
    /// The definition of that card: what the delay will do is its public text.
    pub def: rtg_core::DefIndex,
    /// The ability's index in that definition.
    pub ability: u16,
    /// The alteration's index in that ability.
    pub alteration: u16,
    /// Whose turn starts count it down.
    pub controller: PlayerId,
    /// What it will be applied to; `None` for a card the viewer cannot locate.
    pub target: Option<Target>,
    /// The turn starts left before it happens.
    pub remaining: u32,
}

/// Who acts now: the controller of the first pending trigger, else of the first pending
/// choice, else the defending player during the defense phase, else the active player.
pub fn to_act(state: &GameState) -> PlayerId {
    if let Some(pending) = state.pending_triggers().front() {
        return pending.controller;
    }
    if let Some(choice) = state.pending_choices().front() {
        return choice.controller;
    }
    if state.phase() == Phase::Defense {
        state.defending()
    } else {
        state.active()
    }
}

/// The player an action is taken by (the phase advance counts as the player to act).
pub fn acts_for(state: &GameState, action: &Action) -> PlayerId {
    match action {
        Action::PlayCard { player, .. }
        | Action::DeclareAttack { player, .. }
        | Action::DeclareDefense { player, .. }
        | Action::OrderBlockers { player, .. }
        | Action::ActivateAbility { player, .. } => *player,
        Action::ResolvePendingTrigger { index, .. } => state
            .pending_triggers()
            .get(*index)
            .map_or(state.active(), |p| p.controller),
        Action::ResolveChoice { index, .. } => state
            .pending_choices()
            .get(*index)
            .map_or(state.active(), |c| c.controller),
        Action::AdvancePhase => to_act(state),
    }
}

/// What one player may know of a game at a decision (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'a> {
    state: &'a GameState,
    player: PlayerId,
}

impl<'a> PlayerView<'a> {
    /// `player`'s view of `state`.
    #[inline]
    pub fn new(state: &'a GameState, player: PlayerId) -> PlayerView<'a> {
        PlayerView { state, player }
    }

    /// The player whose view it is.
    #[inline]
    pub fn player(&self) -> PlayerId {
        self.player
    }

    /// Their opponent.
    #[inline]
    pub fn opponent(&self) -> PlayerId {
        self.player.opponent()
    }

    /// The game's content (every card definition in play and the effects): public, as the
    /// decklists are.
    #[inline]
    pub fn content(&self) -> &'a Arc<Content> {
        self.state.content()
    }

    /// The current phase.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The player whose turn it is.
    #[inline]
    pub fn active(&self) -> PlayerId {
        self.state.active()
    }

    /// The player not taking their turn.
    #[inline]
    pub fn defending(&self) -> PlayerId {
        self.state.defending()
    }

    /// The turn number.
    #[inline]
    pub fn turn(&self) -> u32 {
        self.state.turn()
    }

    /// The turn limit, if any.
    #[inline]
    pub fn turn_limit(&self) -> Option<u32> {
        self.state.turn_limit()
    }

    /// Whether the game goes on, and who won.
    #[inline]
    pub fn status(&self) -> GameStatus {
        self.state.status()
    }

    /// Who acts now ([`to_act`]).
    #[inline]
    pub fn to_act(&self) -> PlayerId {
        to_act(self.state)
    }

    /// The attacks declared this combat.
    #[inline]
    pub fn combats(&self) -> &'a [Combat] {
        self.state.combats()
    }

    /// The triggers waiting for a target, oldest first. Their sources are public cards; the
    /// event that set each off is shown as far as the viewer may see it: a card it names that
    /// the viewer cannot locate (the card the opponent drew) is left out of it.
    pub fn pending_triggers(&self) -> impl ExactSizeIterator<Item = PendingTrigger> + 'a {
        let view = *self;
        self.state.pending_triggers().iter().map(move |pending| {
            let mut pending = pending.clone();
            let hidden = |id: InstanceId| view.card(id).is_none();
            if pending.event.source.is_some_and(hidden) {
                pending.event.source = None;
                pending.event.source_def = None;
            }
            if let Some(Target::Card(id)) = pending.event.target
                && hidden(id)
            {
                pending.event.target = None;
            }
            pending
        })
    }

    /// The delayed effects waiting (PTG 0.9's `delay`), in the order they were set: both
    /// players see every one, what it will do (its alteration, public card text), whose it is
    /// and its turns left. As for pending triggers, a card it names that the viewer cannot
    /// locate (a source or a target gone back to a hand or a deck) is left out: its source or
    /// target reads `None`.
    pub fn delays(&self) -> impl ExactSizeIterator<Item = DelayView> + 'a {
        let view = *self;
        self.state.delays().iter().map(move |d| DelayView {
            id: d.id,
            source: Some(d.alteration.source).filter(|&id| view.card(id).is_some()),
            def: d.alteration.def,
            ability: d.alteration.ability,
            alteration: d.alteration.alteration,
            controller: d.controller,
            target: match d.target {
                Target::Card(id) if view.card(id).is_none() => None,
                target => Some(target),
            },
            remaining: d.remaining,
        })
    }

    /// The choices waiting for a player (`choose_mana`'s, ...), oldest first: both players see
    /// that a choice waits, who makes it and its options, which are the card's public text.
    #[inline]
    pub fn pending_choices(&self) -> &'a [PendingChoice] {
        self.state.pending_choices()
    }

    /// True while a pending trigger or a pending choice waits: then only resolving one is
    /// allowed.
    #[inline]
    pub fn is_waiting(&self) -> bool {
        self.state.is_waiting()
    }

    /// The mana options of the pending choice at `index`, in option order (`choose_mana`'s
    /// `options`): the first mana-options parameter of the alteration that asks. `None` for no
    /// such choice, or a choice whose options are not mana.
    pub fn choice_mana_options(&self, index: usize) -> Option<&'a [Mana]> {
        let choice = self.state.pending_choices().get(index)?;
        self.alteration(choice.alteration)
            .params
            .iter()
            .find_map(|(_, value)| match value {
                ParamValue::ManaOptions(options) => Some(&**options),
                _ => None,
            })
    }

    /// A player's health.
    #[inline]
    pub fn health(&self, player: PlayerId) -> i32 {
        self.state.player(player).health
    }

    /// A player's mana pool.
    #[inline]
    pub fn pool(&self, player: PlayerId) -> ManaPool {
        self.state.player(player).pool
    }

    /// The mana a player's mana cards on the battlefield provide each turn (public: the cards
    /// are on a battlefield).
    pub fn mana_sources(&self, player: PlayerId) -> ManaPool {
        self.state.mana_sources(player)
    }

    /// Mana cards a player played this turn.
    #[inline]
    pub fn mana_played(&self, player: PlayerId) -> u32 {
        self.state.player(player).mana_played
    }

    /// The number of cards in a player's hand.
    #[inline]
    pub fn hand_size(&self, player: PlayerId) -> usize {
        self.state.player(player).hand().len()
    }

    /// The number of cards in a player's deck.
    #[inline]
    pub fn deck_size(&self, player: PlayerId) -> usize {
        self.state.player(player).deck().len()
    }

    /// The viewer's own hand, in order.
    #[inline]
    pub fn hand(&self) -> &'a [InstanceId] {
        self.state.player(self.player).hand()
    }

    /// A player's battlefield, in order of entry.
    #[inline]
    pub fn battlefield(&self, player: PlayerId) -> &'a [InstanceId] {
        self.state.player(player).battlefield()
    }

    /// A player's graveyard, oldest first.
    #[inline]
    pub fn graveyard(&self, player: PlayerId) -> &'a [InstanceId] {
        self.state.player(player).graveyard()
    }

    /// True when the viewer can see this card: anywhere but a deck and the opponent's hand.
    #[inline]
    pub fn sees(&self, card: &CardInstance) -> bool {
        match card.location() {
            Location::Deck => false,
            Location::Hand => card.owner == self.player,
            Location::Battlefield | Location::Graveyard | Location::Resolving | Location::Gone => {
                true
            }
        }
    }

    /// A card the viewer can see; `None` for a card they cannot locate (or no such card).
    #[inline]
    pub fn card(&self, id: InstanceId) -> Option<&'a CardInstance> {
        self.state.try_card(id).filter(|c| self.sees(c))
    }

    /// What the static abilities of a card on the battlefield do now, card by card
    /// ([`GameState::static_reach`]): public, as the battlefield is, and shown by its results.
    pub fn static_reach(&self, id: InstanceId) -> Vec<(InstanceId, rtg_core::Ongoing)> {
        match self.card(id) {
            Some(card) if card.on_battlefield() => self.state.static_reach(id),
            _ => Vec::new(),
        }
    }

    /// The definition of a card the viewer can see.
    #[inline]
    pub fn def(&self, id: InstanceId) -> Option<&'a Arc<CardDefinition>> {
        self.card(id).map(|c| self.state.definition(c.def))
    }

    /// The viewer's legal actions now, in [`crate::legal_actions`] order (empty when it is not
    /// their decision). The rules tell a player their own options; they say nothing hidden.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = crate::legal_actions(self.state);
        actions.retain(|a| acts_for(self.state, a) == self.player);
        actions
    }

    /// The alterations a spell in the viewer's hand applies when played
    /// ([`crate::spell_alterations`]); empty for a card they cannot see.
    pub fn spell_alterations(&self, card: InstanceId) -> Vec<AlterationRef> {
        if self.card(card).is_none() {
            return Vec::new();
        }
        crate::spell_alterations(self.state, card)
    }

    /// The target choices for one use of these alterations ([`crate::targets_for`]).
    pub fn targets_for(&self, refs: &[AlterationRef]) -> Vec<Option<Target>> {
        crate::targets_for(self.state, refs)
    }

    /// The targets one use of these alterations may choose, as plain targets
    /// ([`crate::chosen_targets`]: [`PlayerView::targets_for`]'s `Some` choices, in the same
    /// order); empty when none of them needs a choice or the use is not legal. Rules' answers
    /// about the viewer's own options, as `targets_for`'s: nothing hidden.
    pub fn chosen_targets(&self, refs: &[AlterationRef]) -> Vec<Target> {
        crate::chosen_targets(self.state, refs)
    }

    /// The legal targets of one alteration ([`rtg_events::legal_targets`]).
    pub fn legal_targets(&self, at: AlterationRef) -> Vec<Target> {
        rtg_events::legal_targets(self.state, at)
    }

    /// An alteration's data.
    #[inline]
    pub fn alteration(&self, at: AlterationRef) -> &'a AlterationData {
        rtg_events::alteration(self.state, at)
    }

    /// Where an alteration aims ([`rtg_events::aim_of`]).
    #[inline]
    pub fn aim_of(&self, at: AlterationRef) -> Aim {
        rtg_events::aim_of(self.state, at)
    }

    /// True when the viewer's creature `card` may attack now.
    #[inline]
    pub fn can_attack(&self, card: InstanceId) -> bool {
        rtg_combat::can_attack(self.state, self.player, card)
    }

    /// The viewer's creatures that may attack now.
    pub fn legal_attackers(&self) -> Vec<InstanceId> {
        rtg_combat::legal_attackers(self.state, self.player)
    }

    /// True when `blocker` may block `attacker` (both on a battlefield, so public).
    #[inline]
    pub fn can_block(&self, blocker: InstanceId, attacker: InstanceId) -> bool {
        rtg_combat::can_block_card(self.state, blocker, attacker)
    }

    /// The cards of `player` the viewer cannot locate (the opponent's hand and deck, or the
    /// viewer's own deck), by id: the same list whatever their hidden arrangement.
    pub fn unseen(&self, player: PlayerId) -> Vec<InstanceId> {
        let p = self.state.player(player);
        let mut cards: Vec<InstanceId> = p.deck().iter().copied().collect();
        if player != self.player {
            cards.extend(p.hand().iter().copied());
        }
        cards.sort_unstable();
        cards
    }

    /// A full state sampled from this view: the opponent's hand and deck dealt at random from
    /// the cards the viewer cannot locate (the same sizes), the viewer's deck shuffled, and the
    /// game's generator reseeded — everything the viewer sees left as it is (pending triggers and
    /// choices included, so the sample waits for the same decision). The sample depends only on
    /// the view and `rng`, never on the hidden arrangement, so a search over samples cannot learn
    /// what the viewer may not know.
    pub fn determinize(&self, rng: &mut GameRng) -> GameState {
        let mut state = self.state.clone();
        let foe = self.opponent();
        let mut theirs = self.unseen(foe);
        rng.shuffle(&mut theirs);
        let (hand, deck) = theirs.split_at(self.hand_size(foe));
        state.redeal_hidden(foe, hand, deck);
        let mut mine = self.unseen(self.player);
        rng.shuffle(&mut mine);
        let hand: Vec<InstanceId> = self.hand().to_vec();
        state.redeal_hidden(self.player, &hand, &mine);
        if !state.pending_triggers().is_empty() {
            // The events as the viewer sees them: a sample must not carry the card an
            // opponent drew.
            *state.pending_triggers_mut() = self.pending_triggers().collect();
        }
        state.reseed(rng.next_u64());
        state
    }
}
