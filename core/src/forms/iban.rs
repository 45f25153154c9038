//! The design-system text input in IBAN mode (newsletter spec section 5 "Design-system inputs":
//! "strips non-alphanumerics, groups in blocks of 4 separated by spaces, blocks keystrokes that do
//! not fit two letters followed by digits").

use crate::json::Json;

/// Longest IBAN, in characters without spaces (ISO 13616: at most 34).
pub const IBAN_MAX_LENGTH: usize = 34;

/// Characters per block of the formatted IBAN (spec section 5: "blocks of 4").
const IBAN_BLOCK_LENGTH: usize = 4;

/// Number of leading letters (the country code) before the digits start.
const IBAN_COUNTRY_LENGTH: usize = 2;

/// A formatted IBAN value with the caret that goes with it (see [`format_iban_with_caret`]).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct IbanEdit {
    /// The formatted value, as [`format_iban`] gives it.
    pub value: String,
    /// Where the caret goes in `value` (UTF-16 code units = characters, the value is ASCII).
    pub caret: u32,
}

/// The ASCII letters and digits of a text, uppercased (everything else is dropped).
fn compact(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
}

/// Whether `c` may stand at `position` (0-based, in the compact IBAN): letters first, then digits.
fn fits_at(position: usize, c: char) -> bool {
    position < IBAN_MAX_LENGTH
        && if position < IBAN_COUNTRY_LENGTH {
            c.is_ascii_alphabetic()
        } else {
            c.is_ascii_digit()
        }
}

/// Formats an IBAN for display (spec section 5): keeps the ASCII letters and digits (anything
/// else, spaces, dashes and non-ASCII letters included, is dropped), uppercases them, keeps the
/// first 34, and separates blocks of 4 with single spaces: `de89 3704-0044 0532 0130 00` ->
/// `DE89 3704 0044 0532 0130 00`. It does not check the pattern or the checksum (see
/// [`iban_fits`]). Idempotent.
pub fn format_iban(value: &str) -> String {
    let mut formatted = String::new();
    for (index, c) in compact(value).take(IBAN_MAX_LENGTH).enumerate() {
        if index > 0 && index % IBAN_BLOCK_LENGTH == 0 {
            formatted.push(' ');
        }
        formatted.push(c);
    }
    formatted
}

/// Whether a whole value fits the IBAN input (spec section 5: "two letters followed by digits"):
/// once compacted as in [`format_iban`] (non-alphanumerics ignored, letters uppercased), positions
/// 0 and 1 are letters, every later position a digit, and there are at most 34. The empty value
/// and a lone letter fit. (All nine sites' IBANs are digits after the country code; IBANs with
/// letters in the account part, such as GB or NL, do not fit, as the spec's rule says.)
pub fn iban_fits(value: &str) -> bool {
    let mut length = 0_usize;
    for (position, c) in compact(value).enumerate() {
        if !fits_at(position, c) {
            return false;
        }
        length = position.saturating_add(1);
    }
    length <= IBAN_MAX_LENGTH
}

/// Whether a keystroke or insertion is accepted (spec section 5: "blocks keystrokes that do not fit
/// two letters followed by digits").
///
/// The alphanumerics of `inserted` (uppercased) are appended after the alphanumerics of
/// `compact_so_far` (the text before the caret, spaces allowed) and each must fit its position:
/// positions 0-1 letters, from 2 on digits, at most 34 in all. Only the inserted characters are
/// checked, so a pre-filled value that does not fit does not lock the field. Non-alphanumerics in
/// `inserted` are ignored; an insertion with none (a space, a dash) is refused.
pub fn iban_accepts(compact_so_far: &str, inserted: &str) -> bool {
    let start = compact(compact_so_far).count();
    let mut any = false;
    for (offset, c) in compact(inserted).enumerate() {
        if !fits_at(start.saturating_add(offset), c) {
            return false;
        }
        any = true;
    }
    any
}

/// Formats the IBAN input after an edit and says where the caret goes (spec section 5, IBAN input),
/// so the caret stays where the shopper expects it while spaces come and go.
///
/// `caret` is the caret in `raw` in UTF-16 code units, as the DOM's `selectionStart` gives it (for
/// text without characters beyond U+FFFF, the number of characters); a caret past the end means
/// the end. The returned caret stands right after the same number of letters and digits (among
/// the 34 kept) as the caret had before it in `raw`, before any space that follows them: typing
/// the fifth character of `DE893|` gives `DE89 3|`; a caret in front of everything stays at 0.
pub fn format_iban_with_caret(raw: &str, caret: usize) -> IbanEdit {
    let mut offset = 0_usize;
    let mut before = 0_usize;
    for c in raw.chars() {
        if offset >= caret {
            break;
        }
        if c.is_ascii_alphanumeric() {
            before = before.saturating_add(1);
        }
        offset = offset.saturating_add(c.len_utf16());
    }
    let value = format_iban(raw);
    let kept = value.chars().filter(char::is_ascii_alphanumeric).count();
    let before = before.min(kept);
    let spaces = before.saturating_sub(1) / IBAN_BLOCK_LENGTH;
    let position = before.saturating_add(spaces);
    IbanEdit {
        value,
        caret: u32::try_from(position).unwrap_or(u32::MAX),
    }
}

/// What to insert when the shopper pastes into the IBAN input (spec section 5, IBAN input): the
/// longest prefix of the pasted text's alphanumerics (uppercased, non-alphanumerics dropped) that
/// fits after `current_compact` (see [`iban_accepts`]), in compact form; the empty string when
/// nothing fits. `DE89 3704 0044` pasted into an empty field gives `DE8937040044`; `12AB` pasted
/// after `DE89` gives `12`.
pub fn sanitize_iban_paste(current_compact: &str, pasted: &str) -> String {
    let start = compact(current_compact).count();
    compact(pasted)
        .enumerate()
        .take_while(|(offset, c)| fits_at(start.saturating_add(*offset), *c))
        .map(|(_, c)| c)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn format_table() {
        let table = [
            ("", ""),
            ("   ", ""),
            ("de", "DE"),
            ("DE89", "DE89"),
            ("DE893", "DE89 3"),
            ("de89 3704-0044.0532/0130 00", "DE89 3704 0044 0532 0130 00"),
            ("DE89  3704\t0044", "DE89 3704 0044"),
            ("ÄÖÜ de89 ß", "DE89"),
            ("😀DE😀89", "DE89"),
            ("GB82 WEST 1234 5698 7654 32", "GB82 WEST 1234 5698 7654 32"),
            (
                "MT84MALT011000012345MTLCAST001S",
                "MT84 MALT 0110 0001 2345 MTLC AST0 01S",
            ),
            (
                &"1".repeat(40),
                "1111 1111 1111 1111 1111 1111 1111 1111 11",
            ),
        ];
        for (raw, formatted) in table {
            assert_eq!(format_iban(raw), formatted, "{raw}");
        }
    }

    #[test]
    fn fits_and_accepts() {
        for (value, fits) in [
            ("", true),
            ("D", true),
            ("de", true),
            ("DE89 3704 0044 0532 0130 00", true),
            ("1", false),
            ("D1", false),
            ("DEU", false),
            ("DE89A", false),
            ("GB82 WEST 1234", false),
            (&format!("DE{}", "1".repeat(32)), true),
            (&format!("DE{}", "1".repeat(33)), false),
        ] {
            assert_eq!(iban_fits(value), fits, "{value}");
        }
        let table = [
            ("", "D", true),
            ("", "d", true),
            ("", "1", false),
            ("D", "E", true),
            ("D", "1", false),
            ("DE", "8", true),
            ("DE", "A", false),
            ("DE89", " ", false),
            ("DE89", "-", false),
            ("DE89", "", false),
            ("DE89 ", "3", true),
            ("DE89 3704", "0044", true),
            ("DE89 3704", "00 44", true),
            ("DE89 3704", "00A4", false),
            ("", "DE89", true),
            ("", "ä", false),
            (&format!("DE{}", "1".repeat(31)), "1", true),
            (&format!("DE{}", "1".repeat(32)), "1", false),
            (&format!("DE{}", "1".repeat(31)), "12", false),
            // A pre-filled value that does not fit does not lock the field.
            ("GB82 WEST 1234", "5", true),
        ];
        for (so_far, inserted, accepted) in table {
            assert_eq!(
                iban_accepts(so_far, inserted),
                accepted,
                "{so_far:?} + {inserted:?}"
            );
        }
    }

    #[test]
    fn caret_table() {
        // raw text, caret in it, formatted value, caret in the formatted value
        let table = [
            ("", 0, "", 0),
            ("D", 1, "D", 1),
            ("DE893", 5, "DE89 3", 6), // the fifth character gets a space in front
            ("DE89 3", 6, "DE89 3", 6),
            ("DE89 37040", 10, "DE89 3704 0", 11),
            ("DE8937040", 2, "DE89 3704 0", 2), // caret in the middle stays behind the same character
            ("DE89 370", 4, "DE89 370", 4),
            ("DE89 370", 5, "DE89 370", 4), // after a space: right after the fourth character
            ("DE89704", 4, "DE89 704", 4),  // the fifth character was deleted
            ("de-89", 3, "DE89", 2),        // the dash disappears
            ("DE89 3704", 0, "DE89 3704", 0),
            ("DE89", 99, "DE89", 4), // past the end
            ("  DE89", 2, "DE89", 0),
            ("😀DE", 2, "DE", 0), // the emoji is two UTF-16 units
            ("😀DE", 3, "DE", 1),
            ("😀DE", 1, "DE", 0), // inside the surrogate pair
        ];
        for (raw, caret, value, expected) in table {
            assert_eq!(
                format_iban_with_caret(raw, caret),
                IbanEdit {
                    value: value.to_owned(),
                    caret: expected
                },
                "{raw:?} at {caret}"
            );
        }
        // Beyond 34 characters the caret ends at the end of what is kept.
        let long = "1".repeat(40);
        let edit = format_iban_with_caret(&long, 40);
        assert_eq!(edit.caret as usize, edit.value.chars().count());
    }

    #[test]
    fn paste_table() {
        let table = [
            ("", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000"),
            ("", "de89-3704", "DE893704"),
            ("DE89", "12AB", "12"),
            ("DE89", "DE89", ""),
            ("D", "E8", "E8"),
            ("", "12345", ""),
            ("", "", ""),
            ("", "😀", ""),
            (&format!("DE{}", "1".repeat(30)), "123456", "12"),
        ];
        for (current, pasted, expected) in table {
            assert_eq!(
                sanitize_iban_paste(current, pasted),
                expected,
                "{current:?} + {pasted:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn format_gives_blocks_and_is_idempotent(raw in any::<String>()) {
            let formatted = format_iban(&raw);
            prop_assert!(formatted.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == ' '));
            prop_assert!(!formatted.contains("  "));
            prop_assert!(!formatted.starts_with(' ') && !formatted.ends_with(' '));
            prop_assert!(formatted.is_empty() || formatted.split(' ').all(|block| !block.is_empty() && block.len() <= 4));
            prop_assert!(formatted.chars().filter(|c| *c != ' ').count() <= IBAN_MAX_LENGTH);
            prop_assert_eq!(format_iban(&formatted), formatted);
        }

        #[test]
        fn caret_stays_inside(raw in any::<String>(), caret in any::<usize>()) {
            let edit = format_iban_with_caret(&raw, caret);
            prop_assert_eq!(&edit.value, &format_iban(&raw));
            prop_assert!(edit.caret as usize <= edit.value.len());
        }

        #[test]
        fn accepts_and_paste_never_panic(so_far in any::<String>(), inserted in ".*") {
            let _ = iban_accepts(&so_far, &inserted);
            let _ = iban_fits(&so_far);
            let pasted = sanitize_iban_paste(&so_far, &inserted);
            prop_assert!(pasted.is_empty() || iban_accepts(&so_far, &pasted));
        }

        #[test]
        fn typing_a_valid_iban_is_accepted(digits in "[0-9]{0,32}") {
            let iban = format!("DE{digits}");
            let mut typed = String::new();
            for c in iban.chars() {
                prop_assert!(iban_accepts(&typed, &c.to_string()));
                typed.push(c);
            }
            prop_assert!(iban_fits(&typed));
            prop_assert_eq!(sanitize_iban_paste("", &iban), iban);
        }
    }
}
