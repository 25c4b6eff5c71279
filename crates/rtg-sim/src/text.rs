//! Padding text to a column by hand: `format!("{:<w$}")` panics ("Formatting argument out of
//! range") when `w` is over `u16::MAX`, and a column as wide as its longest name can be, since
//! names come from files (a report's deck names, a replay's).

/// `text` followed by spaces up to `width` characters (as it is when already as long).
pub fn pad_right(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + width);
    out.push_str(text);
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(text.chars().count()),
    ));
    out
}

/// Spaces up to `width` characters, then `text` (as it is when already as long).
pub fn pad_left(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + width);
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(text.chars().count()),
    ));
    out.push_str(text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_in_characters_like_format_does() {
        for text in ["", "a", "héllo", "twelve chars"] {
            for width in [0, 1, 5, 12, 20] {
                assert_eq!(pad_right(text, width), format!("{text:<width$}"));
                assert_eq!(pad_left(text, width), format!("{text:>width$}"));
            }
        }
    }

    #[test]
    fn widths_past_u16_max_do_not_panic() {
        let long = "n".repeat(70_000);
        assert_eq!(pad_right(&long, 70_010).chars().count(), 70_010);
        assert_eq!(pad_left("x", 70_000).chars().count(), 70_000);
        assert_eq!(pad_right(&long, 10), long);
    }
}
