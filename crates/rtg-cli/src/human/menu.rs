//! The legal actions as a menu for the person: each in words, saying whose every target is, and
//! each once (choices that differ only in which of two identical cards they use are one).

use rtg::view::{Names, describe_action};
use rtg::{Action, GameState, InstanceId, Location, PlayerId, Target};

/// One line of the menu: its words and the action it takes.
pub(super) struct Choice {
    pub(super) text: String,
    pub(super) action: Action,
}

/// The legal actions `choices` of `me` as a menu, in their order; of identical choices the
/// first is kept (so it is the one an answer takes).
pub(super) fn menu(
    state: &GameState,
    choices: Vec<Action>,
    me: PlayerId,
    hidden: [bool; 2],
) -> Vec<Choice> {
    let names = Names::seen_by(&[state], hidden);
    let mut menu: Vec<Choice> = Vec::new();
    for action in choices {
        let text = choice_text(state, &names, me, &action);
        // Words alone are not enough: two Goblin Chieftains in hand are `#18` and `#19`.
        let seen = menu
            .iter()
            .any(|c| c.text == text || same_choice(state, &c.action, &action));
        if !seen {
            menu.push(Choice { text, action });
        }
    }
    menu
}

/// A target as the person should read it: `you` or `opponent` for a player, a card's name
/// with `(yours)` or `(opponent's)`, so that a removal spell is never aimed at one's own
/// creature by mistake.
fn target_words(state: &GameState, names: &Names, me: PlayerId, target: Target) -> String {
    match target {
        Target::Player(p) if p == me => "you".to_owned(),
        Target::Player(_) => "opponent".to_owned(),
        Target::Card(c) => {
            let name = names.card(state, c);
            match state.try_card(c) {
                Some(card) if card.owner == me => format!("{name} (yours)"),
                Some(_) => format!("{name} (opponent's)"),
                None => name,
            }
        }
    }
}

/// One action in words as a choice, its target said with [`target_words`].
fn choice_text(state: &GameState, names: &Names, me: PlayerId, action: &Action) -> String {
    let plain = |action: &Action| describe_action(state, names, action, false).unwrap_or_default();
    match action {
        Action::PlayCard {
            target: Some(t), ..
        }
        | Action::ActivateAbility {
            target: Some(t), ..
        } => {
            let mut bare = action.clone();
            if let Action::PlayCard { target, .. } | Action::ActivateAbility { target, .. } =
                &mut bare
            {
                *target = None;
            }
            format!("{} on {}", plain(&bare), target_words(state, names, me, *t))
        }
        Action::ResolvePendingTrigger { index, target } => {
            let source = state
                .pending_triggers()
                .get(*index)
                .map_or("a trigger".to_owned(), |p| {
                    names.card(state, p.alteration.source)
                });
            format!(
                "choose {} for {source}",
                target_words(state, names, me, *target)
            )
        }
        _ => plain(action),
    }
}

/// True when two actions do the same thing: the same action but for cards in hand that are
/// copies of one card in one condition (only their instance ids differ).
fn same_choice(state: &GameState, a: &Action, b: &Action) -> bool {
    let card = |x: &InstanceId, y: &InstanceId| interchangeable(state, *x, *y);
    let target = |x: &Option<Target>, y: &Option<Target>| match (x, y) {
        (Some(x), Some(y)) => same_target(state, *x, *y),
        (x, y) => x == y,
    };
    match (a, b) {
        (
            Action::PlayCard {
                player,
                card: c,
                target: t,
            },
            Action::PlayCard {
                player: p,
                card: d,
                target: u,
            },
        ) => player == p && card(c, d) && target(t, u),
        (
            Action::ActivateAbility {
                player,
                card: c,
                ability_index,
                target: t,
            },
            Action::ActivateAbility {
                player: p,
                card: d,
                ability_index: i,
                target: u,
            },
        ) => player == p && ability_index == i && card(c, d) && target(t, u),
        (
            Action::ResolvePendingTrigger { index, target: t },
            Action::ResolvePendingTrigger {
                index: i,
                target: u,
            },
        ) => index == i && same_target(state, *t, *u),
        _ => a == b,
    }
}

fn same_target(state: &GameState, a: Target, b: Target) -> bool {
    match (a, b) {
        (Target::Card(x), Target::Card(y)) => interchangeable(state, x, y),
        _ => a == b,
    }
}

/// Two cards are interchangeable when they are the same card or both in a hand with everything
/// but their ids equal. Only hands: on the battlefield each card has its own history (its
/// entry stamp, damage, abilities used this turn), and which one is used can matter later.
fn interchangeable(state: &GameState, x: InstanceId, y: InstanceId) -> bool {
    if x == y {
        return true;
    }
    match (state.try_card(x), state.try_card(y)) {
        (Some(a), Some(b)) if a.location() == Location::Hand => {
            let mut same = *a;
            same.id = b.id;
            // Uses are counted by instance, and a card can come back to a hand.
            let mut uses = (0..state.def(x).abilities.len()).filter_map(|i| u16::try_from(i).ok());
            same == *b && uses.all(|i| state.uses_this_turn(x, i) == state.uses_this_turn(y, i))
        }
        _ => false,
    }
}
