//! The viewer's health timeline: both players' health at every step of the game, drawn once as
//! a small inline SVG when the page is made, so that a person sees the shape of the game (who
//! was ahead, when it turned) before stepping through it, and can click a moment to go there.
//!
//! The chart is read from the steps' patches (health and turn only change where a patch says
//! so), so it costs one pass over the game, and its size grows with the number of health
//! changes and turns, never with steps times anything. It holds numbers only: no text of the
//! game (names are the page script's, set as text), so nothing in it needs escaping.

use std::fmt::Write as _;

use crate::page::Timeline;

/// Each step's health of both players and turn, as the boards of the page have them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Course {
    /// Health of seat 0 and seat 1 at each step (0 is the start).
    pub(crate) health: Vec<[i32; 2]>,
    /// The turn at each step.
    pub(crate) turns: Vec<u32>,
    /// The seat whose turn it is at each step.
    pub(crate) active: Vec<usize>,
}

impl Course {
    /// The course of a timeline, from its patches (a board starts from 0 health, turn 0, as
    /// the page's does).
    pub(crate) fn of(timeline: &Timeline) -> Course {
        let mut course = Course::default();
        let (mut health, mut turn, mut active) = ([0, 0], 0, 0);
        for step in &timeline.steps {
            let patch = &step.patch;
            turn = patch.turn.unwrap_or(turn);
            active = patch.active.unwrap_or(active);
            for (seat, change) in patch.players.iter().enumerate() {
                if let Some(h) = change.as_ref().and_then(|c| c.health) {
                    health[seat] = h;
                }
            }
            course.health.push(health);
            course.turns.push(turn);
            course.active.push(active.min(1));
        }
        course
    }

    /// The first step of each turn, in order (step 0 first).
    pub(crate) fn turn_starts(&self) -> Vec<usize> {
        (0..self.turns.len())
            .filter(|&i| i == 0 || self.turns[i] != self.turns[i - 1])
            .collect()
    }
}

/// The most turn bands the chart draws: beyond it, consecutive turns of a long game share a
/// band, so the chart stays small whatever the game's length.
const MAX_BANDS: usize = 400;

/// The chart as an `<svg>` element. Its user units are steps across (`viewBox` width: the last
/// step, at least 1) and health down (from the highest health of the game to 0, or to the
/// lowest when a player went below 0); it is stretched to the page's width, its strokes kept
/// thin (`vector-effect`). The turns of the second seat are shaded, the current step is the
/// line `#health-now` the script moves, and `data-width` tells the script how to turn a click
/// into a step.
pub(crate) fn health_svg(course: &Course) -> String {
    let steps = course.health.len();
    let width = steps.saturating_sub(1).max(1);
    let top = course
        .health
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let bottom = course
        .health
        .iter()
        .flatten()
        .copied()
        .min()
        .unwrap_or(0)
        .min(0);
    let height = i64::from(top) - i64::from(bottom);
    let y = |h: i32| i64::from(top) - i64::from(h);
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg id=\"health-chart\" viewBox=\"0 0 {width} {height}\" preserveAspectRatio=\"none\" \
         data-width=\"{width}\" data-top=\"{top}\" data-bottom=\"{bottom}\" role=\"img\" \
         aria-label=\"both players' health at every step; click to go to a step\">"
    );
    // The second seat's turns, shaded: a band from a turn's first step to the next turn's.
    let starts = course.turn_starts();
    let per_band = starts.len().div_ceil(MAX_BANDS).max(1);
    for (n, chunk) in starts.chunks(per_band).enumerate() {
        let from = chunk[0];
        let to = starts.get((n + 1) * per_band).copied().unwrap_or(width);
        let second = course.active.get(from).copied() == Some(1);
        // Long games: every other group of turns.
        if (per_band == 1 && !second) || (per_band > 1 && n % 2 == 0) {
            continue;
        }
        let _ = write!(
            svg,
            "<rect class=\"band\" x=\"{from}\" y=\"0\" width=\"{}\" height=\"{height}\"/>",
            to.saturating_sub(from).max(1)
        );
    }
    if bottom < 0 {
        let _ = write!(
            svg,
            "<line class=\"zero\" x1=\"0\" x2=\"{width}\" y1=\"{z}\" y2=\"{z}\"/>",
            z = y(0)
        );
    }
    for seat in 0..2 {
        let _ = write!(svg, "<polyline class=\"hp hp{seat}\" points=\"");
        // A step function: flat until a change, then straight down or up at its step.
        let (mut last, mut x) = (None, 0);
        for (i, h) in course.health.iter().map(|h| h[seat]).enumerate() {
            match last {
                None => {
                    let _ = write!(svg, "0,{}", y(h));
                }
                Some(was) if was != h => {
                    let _ = write!(svg, " {i},{} {i},{}", y(was), y(h));
                    x = i;
                }
                Some(_) => {}
            }
            last = Some(h);
        }
        let last = last.unwrap_or(0);
        if x < width {
            let _ = write!(svg, " {width},{}", y(last));
        }
        svg.push_str("\"/>");
    }
    let _ = write!(
        svg,
        "<line id=\"health-now\" x1=\"0\" x2=\"0\" y1=\"0\" y2=\"{height}\"/></svg>"
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::PageStep;
    use crate::patch::{BoardPatch, PlayerPatch};

    /// A step whose patch sets the turn (when given) and each seat's health (when given).
    fn step(turn: Option<u32>, active: Option<usize>, health: [Option<i32>; 2]) -> PageStep {
        PageStep {
            patch: BoardPatch {
                turn,
                active,
                players: health.map(|h| {
                    h.map(|h| PlayerPatch {
                        health: Some(h),
                        ..PlayerPatch::default()
                    })
                }),
                ..BoardPatch::default()
            },
            action: None,
            lines: Vec::new(),
        }
    }

    fn timeline(steps: Vec<PageStep>) -> Timeline {
        let mut timeline = Timeline::default();
        timeline.steps = steps;
        timeline
    }

    #[test]
    fn the_course_follows_the_patches() {
        let t = timeline(vec![
            step(Some(1), Some(0), [Some(20), Some(20)]),
            step(None, None, [None, Some(18)]),
            step(Some(2), Some(1), [None, None]),
            step(None, None, [Some(-3), None]),
        ]);
        let course = Course::of(&t);
        assert_eq!(course.health, [[20, 20], [20, 18], [20, 18], [-3, 18]]);
        assert_eq!(course.turns, [1, 1, 2, 2]);
        assert_eq!(course.active, [0, 0, 1, 1]);
        assert_eq!(course.turn_starts(), [0, 2]);
    }

    #[test]
    fn the_chart_draws_each_health_change_as_a_step_and_marks_zero_below_it() {
        let t = timeline(vec![
            step(Some(1), Some(0), [Some(20), Some(20)]),
            step(None, None, [None, Some(18)]),
            step(Some(2), Some(1), [None, None]),
            step(None, None, [Some(-3), None]),
        ]);
        let svg = health_svg(&Course::of(&t));
        // Steps across (3 = the last step), health down from 20 to -3.
        assert!(
            svg.starts_with("<svg id=\"health-chart\" viewBox=\"0 0 3 23\""),
            "{svg}"
        );
        assert!(svg.contains("data-width=\"3\""));
        assert!(
            svg.contains("<polyline class=\"hp hp0\" points=\"0,0 3,0 3,23\"/>"),
            "{svg}"
        );
        assert!(
            svg.contains("<polyline class=\"hp hp1\" points=\"0,0 1,0 1,2 3,2\"/>"),
            "{svg}"
        );
        assert!(svg.contains("<line class=\"zero\" x1=\"0\" x2=\"3\" y1=\"20\" y2=\"20\"/>"));
        // Turn 2 is the second seat's: shaded from its first step to the end.
        assert!(
            svg.contains("<rect class=\"band\" x=\"2\" y=\"0\" width=\"1\""),
            "{svg}"
        );
        assert!(
            svg.ends_with("<line id=\"health-now\" x1=\"0\" x2=\"0\" y1=\"0\" y2=\"23\"/></svg>")
        );
    }

    #[test]
    fn an_empty_or_one_step_game_still_makes_a_chart() {
        for steps in [vec![], vec![step(Some(1), Some(0), [Some(5), Some(0)])]] {
            let svg = health_svg(&Course::of(&timeline(steps)));
            assert!(svg.contains("viewBox=\"0 0 1 "), "{svg}");
            assert!(svg.ends_with("</svg>"));
        }
    }

    #[test]
    fn a_long_game_shares_bands_between_turns() {
        let steps: Vec<PageStep> = (0..3000)
            .map(|i| step(Some(i + 1), Some(i as usize % 2), [Some(20), Some(20)]))
            .collect();
        let svg = health_svg(&Course::of(&timeline(steps)));
        let bands = svg.matches("class=\"band\"").count();
        assert!((1..=MAX_BANDS).contains(&bands), "{bands} bands");
        assert!(svg.len() < 40_000, "{} bytes", svg.len());
    }
}
