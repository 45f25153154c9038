//! The design-system text input in number mode (newsletter spec section 5 "Design-system inputs":
//! "only digits and a decimal point plus navigation keys; input is blocked at the maximum length").

/// The keys (`KeyboardEvent.key` values) a number input always lets through: navigation and
/// editing (spec section 5: "plus navigation keys").
pub const NUMBER_NAVIGATION_KEYS: [&str; 11] = [
    "Backspace",
    "Delete",
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "ArrowDown",
    "Tab",
    "Home",
    "End",
    "Enter",
    "Escape",
];

/// The decimal point of the number input (spec section 5: "a decimal point").
const DECIMAL_POINT: char = '.';

/// Whether the number input lets a keystroke through (spec section 5, number input).
///
/// `key` is the `KeyboardEvent.key` value. Navigation and editing keys
/// ([`NUMBER_NAVIGATION_KEYS`]) always pass. A character key passes only when it is an ASCII digit
/// or the decimal point `.`, and
/// - for `.`: `current` holds no `.` yet (a second decimal point is blocked, even when the
///   selection would replace the first; the shopper deletes it first);
/// - with a `max_length`: the length of `current` (characters) minus `selection_length` (the
///   selected characters the key replaces) is below `max_length`.
///
/// Every other character (letters, `,`, `-`, `e`, `+`, space) is blocked. Keys that type nothing
/// pass, so the shopper keeps the browser's own keys while in the field: their names
/// (`F5`, `PageUp`, `Shift`, `ContextMenu`, `Unidentified`, ...) are an ASCII capital followed by
/// letters and digits, unlike any text a key types. What a mobile keyboard or an input method
/// types under `Unidentified` or `Process` is checked by the caller on `beforeinput`. The caller
/// lets keyboard shortcuts (Ctrl or Meta held: copy, paste, select all) pass without asking.
pub fn number_key_accepted(
    current: &str,
    key: &str,
    max_length: Option<u32>,
    selection_length: u32,
) -> bool {
    if NUMBER_NAVIGATION_KEYS.contains(&key) || types_nothing(key) {
        return true;
    }
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return false;
    };
    let allowed =
        c.is_ascii_digit() || (c == DECIMAL_POINT && !crate::contains_char(current, DECIMAL_POINT));
    // Counted in u64: lossless for usize on every target the core builds for.
    let remaining = (current.chars().count() as u64).saturating_sub(u64::from(selection_length));
    let room = max_length.is_none_or(|max| remaining < u64::from(max));
    allowed && room
}

/// Whether a `KeyboardEvent.key` value names a key that types no text (`F5`, `PageUp`, `Shift`).
fn types_nothing(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|first| first.is_ascii_uppercase())
        && key.len() > 1
        && chars.all(|c| c.is_ascii_alphanumeric())
}

/// Cleans pasted text for the number input (spec section 5, number input): keeps the ASCII digits
/// and the first `.`, drops everything else, and cuts the result to `max_length` characters
/// (`None`: no limit). `"1,234.5.6 €"` -> `"1234.56"`.
pub fn sanitize_number(pasted: &str, max_length: Option<u32>) -> String {
    let limit = max_length.map_or(usize::MAX, |max| usize::try_from(max).unwrap_or(usize::MAX));
    let mut seen_point = false;
    pasted
        .chars()
        .filter(|c| {
            if *c == DECIMAL_POINT {
                !std::mem::replace(&mut seen_point, true)
            } else {
                c.is_ascii_digit()
            }
        })
        .take(limit)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn key_table() {
        // current, key, max length, selection length, accepted
        let table = [
            ("", "1", None, 0, true),
            ("", "0", None, 0, true),
            ("12", "9", None, 0, true),
            ("", ".", None, 0, true),
            ("12", ".", None, 0, true),
            ("1.2", ".", None, 0, false),
            ("1.2", ".", None, 3, false),
            ("", ",", None, 0, false),
            ("", "-", None, 0, false),
            ("", "e", None, 0, false),
            ("", "+", None, 0, false),
            ("", "a", None, 0, false),
            ("", " ", None, 0, false),
            ("", "١", None, 0, false),
            ("", "", None, 0, false),
            ("", "11", None, 0, false),
            ("", "A", None, 0, false),
            ("", "Ab", None, 0, true),
            ("1234", "F5", Some(4), 0, true),
            ("", "F12", None, 0, true),
            ("", "PageUp", None, 0, true),
            ("", "Shift", None, 0, true),
            ("", "Unidentified", None, 0, true),
            ("", "1a", None, 0, false),
            ("", "Ü1", None, 0, false),
            ("", "F 5", None, 0, false),
            ("123", "4", Some(4), 0, true),
            ("1234", "5", Some(4), 0, false),
            ("1234", ".", Some(4), 0, false),
            ("1234", "5", Some(4), 1, true),
            ("1234", "5", Some(4), 4, true),
            ("1234", "5", Some(4), 99, true),
            ("", "1", Some(0), 0, false),
            ("12345", "6", Some(4), 0, false),
            ("12345", "6", Some(4), 1, false),
        ];
        for (current, key, max, selection, accepted) in table {
            assert_eq!(
                number_key_accepted(current, key, max, selection),
                accepted,
                "{current:?} {key:?} {max:?} {selection}"
            );
        }
        for key in NUMBER_NAVIGATION_KEYS {
            assert!(number_key_accepted("1234", key, Some(4), 0), "{key}");
            assert!(number_key_accepted("1.2", key, Some(0), 0), "{key}");
        }
    }

    #[test]
    fn paste_table() {
        let table = [
            ("", None, ""),
            ("123", None, "123"),
            ("1,234.5.6 €", None, "1234.56"),
            ("-12e3", None, "123"),
            ("..1", None, ".1"),
            ("abc", None, ""),
            ("١٢٣", None, ""),
            ("123456", Some(4), "1234"),
            ("12.3456", Some(4), "12.3"),
            ("123", Some(0), ""),
            (" 1 2 3 ", Some(u32::MAX), "123"),
        ];
        for (pasted, max, expected) in table {
            assert_eq!(sanitize_number(pasted, max), expected, "{pasted:?} {max:?}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(current in any::<String>(), key in ".*", max in any::<Option<u32>>(), selection in any::<u32>()) {
            let _ = number_key_accepted(&current, &key, max, selection);
            let cleaned = sanitize_number(&current, max);
            prop_assert!(cleaned.chars().all(|c| c.is_ascii_digit() || c == '.'));
            prop_assert!(cleaned.matches('.').count() <= 1);
            if let Some(max) = max {
                prop_assert!(cleaned.chars().count() <= max as usize);
            }
            prop_assert_eq!(sanitize_number(&cleaned, max), cleaned.clone());
        }
    }
}
