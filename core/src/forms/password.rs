//! Password strength of the design-system text input in password mode (newsletter spec section 5
//! "Design-system inputs", first bullet; section 9 "Password minimum for scoring 8").

use crate::json::Json;

/// Shortest password that gets a strength, in characters (spec section 9).
pub const PASSWORD_SCORING_MIN_LENGTH: usize = 8;

/// The strength label of a password (spec section 5: "Labels: weak, ok, strong, very strong",
/// translated per locale by the view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PasswordStrength {
    Weak,
    Ok,
    Strong,
    VeryStrong,
}

/// The strength of a password (spec section 5: "nothing computed below 8 characters; otherwise one
/// point each for a lowercase letter, a digit and an uppercase letter").
///
/// `None` below 8 characters (characters, not bytes; whitespace counts). Otherwise one point for
/// containing a lowercase letter (`char::is_lowercase`, any alphabet: `ő`, `ı`, `ж` count), one for
/// an ASCII digit, one for an uppercase letter (`char::is_uppercase`). The spec leaves the mapping
/// from points to labels open; chosen: 0 -> `WEAK`, 1 -> `OK`, 2 -> `STRONG`, 3 -> `VERY_STRONG`.
pub fn password_strength(value: &str) -> Option<PasswordStrength> {
    if value.chars().count() < PASSWORD_SCORING_MIN_LENGTH {
        return None;
    }
    let points = [
        value.chars().any(char::is_lowercase),
        value.chars().any(|c| c.is_ascii_digit()),
        value.chars().any(char::is_uppercase),
    ]
    .into_iter()
    .filter(|point| *point)
    .count();
    Some(match points {
        0 => PasswordStrength::Weak,
        1 => PasswordStrength::Ok,
        2 => PasswordStrength::Strong,
        _ => PasswordStrength::VeryStrong,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use PasswordStrength::*;
    use proptest::prelude::*;

    #[test]
    fn strength_table() {
        let table = [
            ("", None),
            ("Ab1", None),
            ("Abcdef1", None),        // 7 characters
            ("ÖÄÜöäü1", None),        // 7 characters, 14 bytes
            ("!!!!!!!!", Some(Weak)), // exactly 8, no points
            ("        ", Some(Weak)),
            ("😀😀😀😀😀😀😀😀", Some(Weak)),
            ("abcdefgh", Some(Ok)),
            ("12345678", Some(Ok)),
            ("ABCDEFGH", Some(Ok)),
            ("abcd1234", Some(Strong)),
            ("abcdEFGH", Some(Strong)),
            ("ABCD1234", Some(Strong)),
            ("abCD1234", Some(VeryStrong)),
            ("Passwort1!", Some(VeryStrong)),
            ("őűığşçöü", Some(Ok)), // Hungarian and Turkish lowercase letters
            ("ŐŰĞŞÇÖÜİ", Some(Ok)),
            ("Жжжжжжж1", Some(VeryStrong)),
            ("αβγδεζηθ", Some(Ok)),
            ("١٢٣٤٥٦٧٨", Some(Weak)), // Arabic-Indic digits are not ASCII digits
        ];
        for (value, expected) in table {
            assert_eq!(password_strength(value), expected, "{value}");
        }
        assert_eq!(
            Some(crate::json::to_string(&VeryStrong)).as_deref(),
            Some("\"VERY_STRONG\"")
        );
    }

    proptest! {
        #[test]
        fn never_panics(value in any::<String>()) {
            let strength = password_strength(&value);
            prop_assert_eq!(strength.is_none(), value.chars().count() < PASSWORD_SCORING_MIN_LENGTH);
        }

        #[test]
        fn adding_characters_never_weakens(value in ".{8,20}", extra in ".{0,5}") {
            let longer = format!("{value}{extra}");
            prop_assert!(password_strength(&longer) >= password_strength(&value));
        }
    }
}
