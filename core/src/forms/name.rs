//! First and last name of the newsletter sign-up (newsletter spec section 5 "Sign-up form",
//! second bullet; section 9 "first and last name max 40").

use crate::json::Json;

/// Longest accepted first or last name, in characters (spec section 9).
pub const NAME_MAX_LENGTH: usize = 40;

/// The punctuation a name may contain besides letters, digits and whitespace (spec section 5:
/// ``+ & ' ` ´ , ( ) / . -``), with the typographic apostrophe `’` and the hyphens `‐ ‑` that
/// phones and word processors type for `'` and `-` (an iPhone writes `O’Brien`).
const NAME_PUNCTUATION: &str = "+&'`´,()/.-’‐‑";

/// The combining diacritical marks (U+0300 to U+036F): a name typed or pasted decomposed
/// (`Dvor\u{030C}a\u{0301}k`) is the same name as its composed form.
const COMBINING_MARKS: std::ops::RangeInclusive<char> = '\u{0300}'..='\u{036F}';

/// A value's characters as its composed form would count them: without combining marks.
fn composed_chars(value: &str) -> impl Iterator<Item = char> + '_ {
    value.chars().filter(|c| !COMBINING_MARKS.contains(c))
}

/// Why a first or last name is refused (spec section 5). The view shows
/// 'Dieses Feld enthält ungültige Zeichen.' for `INVALID_CHARACTERS`. Requiredness is per site
/// (see [`super::newsletter`]); an empty name is valid here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NameError {
    /// Longer than [`NAME_MAX_LENGTH`] characters (after trimming).
    TooLong,
    /// A character outside the allowed set, or the value looks like a web address.
    InvalidCharacters,
}

/// Validates a first or last name (spec section 5, names).
///
/// Leading and trailing whitespace is ignored (the request sends the trimmed name). Then:
/// - more than 40 characters -> `TOO_LONG` (checked first);
/// - any character that is not a letter of any alphabet (`char::is_alphabetic`: Latin with
///   accents, Cyrillic, Greek, Turkish `ı ğ ş`, Hungarian `ő ű`, CJK, ...), a combining
///   diacritical mark on a letter (decomposed text), an ASCII digit, whitespace or one of
///   ``+ & ' ` ´ , ( ) / . -`` (with `’ ‐ ‑` for `'` and `-`) -> `INVALID_CHARACTERS` (so emoji,
///   `@`, `:`, `_`, `!`, `"`, `<`, `>` are refused);
/// - a value that [`looks_like_web_address`] -> `INVALID_CHARACTERS`.
///
/// An empty value is valid.
pub fn validate_name(value: &str) -> Option<NameError> {
    let value = value.trim();
    // Counted as the composed form would be: a combining mark adds no character.
    if composed_chars(value).count() > NAME_MAX_LENGTH {
        return Some(NameError::TooLong);
    }
    // A combining mark belongs to the letter before it (with the marks already on it).
    let mut after_letter = false;
    let allowed = value.chars().all(|c| {
        let letter = c.is_alphabetic() || (after_letter && COMBINING_MARKS.contains(&c));
        after_letter = letter;
        letter
            || c.is_ascii_digit()
            || c.is_whitespace()
            || crate::contains_char(NAME_PUNCTUATION, c)
    });
    if !allowed || looks_like_web_address(value) {
        Some(NameError::InvalidCharacters)
    } else {
        None
    }
}

/// Whether a value looks like a web address or domain (spec section 5: "A value that looks like a
/// web address or domain (including starting with www. or a scheme) is rejected").
///
/// True when, ignoring ASCII case and surrounding whitespace, the value
/// - starts with `www.`, or
/// - starts with a scheme `http:`, `https:`, `ftp:`, `ftps:`, `mailto:` or `file:`, or
/// - contains `://`, or
/// - contains a `label.tld` token: a letter or digit, immediately a dot, immediately two letters
///   (any alphabet). So `example.com`, `shop.de`, `Max.Mustermann` and `www.x.pl` are caught,
///   while `St. John`, `J. R. R.`, `A.B.` and `Dr.2` are not (a space after the dot, or fewer than
///   two letters after it).
pub fn looks_like_web_address(value: &str) -> bool {
    // Judged without combining marks, as the composed form would be (`shope\u{0301}.de` is
    // `shopé.de`).
    let composed: String = composed_chars(value.trim()).collect();
    let value = composed.as_str();
    let starts_with = |prefix: &str| {
        value
            .get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    const PREFIXES: [&str; 7] = [
        "www.", "http:", "https:", "ftp:", "ftps:", "mailto:", "file:",
    ];
    if PREFIXES.into_iter().any(starts_with) || crate::contains_text(value, "://") {
        return true;
    }
    let chars: Vec<char> = value.chars().collect();
    chars.windows(4).any(|window| {
        matches!(window, [before, '.', first, second]
            if before.is_alphanumeric() && first.is_alphabetic() && second.is_alphabetic())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn name_table() {
        let valid = [
            "",
            "   ",
            "Max",
            "Anna-Lena",
            "O'Brien",
            "D`Arc",
            "D´Alembert",
            "St. John",
            "J. R. R.",
            "A.B.",
            "Müller-Lüdenscheidt",
            "Jan (Hans)",
            "Meier / Schulze",
            "Smith & Sons",
            "Karl+Lisa",
            "von Bülow, Vicco",
            "Ludwig 2",
            "Łukasz Żółć",
            "Dvořák",
            "Ľudovít Štúr",
            "Gödel Kőrösi Űrhajós",
            "Ilıcalı Ağaoğlu Şeyma İpek",
            "Иван Петров",
            "Αλέξανδρος",
            "Zoë",
            "李小龙",
            "  Max  ",
            // What phones and word processors type: the typographic apostrophe and hyphens,
            // and decomposed accents.
            "O’Brien",
            "D’Alembert",
            "Anna‐Lena",
            "Anna‑Lena",
            "Zoe\u{0308}",
            "Dvor\u{030C}a\u{0301}k",
        ];
        for value in valid {
            assert_eq!(validate_name(value), None, "{value}");
        }
        let invalid = [
            "Max😀",
            "😀",
            "max@example",
            "Max_Power",
            "Max!",
            "\"Max\"",
            "<script>",
            "a:b",
            "50%",
            "#1",
            "example.com",
            "shop.de",
            "Max.Mustermann",
            "www.shop",
            "WWW.Shop",
            "www.1",
            "Visit shop.de now",
            "http://x",
            "https:x",
            "HTTP:",
            "ftp:files",
            "a://b",
            "mailto:x",
            "ex.AMPLE",
            "магазин.рф",
            // Dashes are no hyphens, and a combining mark is no character of its own.
            "Anna–Lena",
            "Anna—Lena",
            "\u{0301}",
            // A web address stays one with decomposed accents in it.
            "Cafe\u{0301}.de",
            "Visit shope\u{0301}.de now",
            "shop.d\u{0301}e",
            "w\u{0301}ww.shop",
        ];
        for value in invalid {
            assert_eq!(
                validate_name(value),
                Some(NameError::InvalidCharacters),
                "{value}"
            );
        }
    }

    #[test]
    fn length_limit_is_40_characters() {
        assert_eq!(validate_name(&"a".repeat(40)), None);
        assert_eq!(validate_name(&"a".repeat(41)), Some(NameError::TooLong));
        // Characters, not bytes.
        assert_eq!(validate_name(&"ő".repeat(40)), None);
        assert_eq!(validate_name(&"ő".repeat(41)), Some(NameError::TooLong));
        assert_eq!(validate_name(&"Ж".repeat(41)), Some(NameError::TooLong));
        // Decomposed accents count as their composed letters.
        assert_eq!(validate_name(&"a\u{0301}".repeat(40)), None);
        assert_eq!(
            validate_name(&"a\u{0301}".repeat(41)),
            Some(NameError::TooLong)
        );
        // Surrounding whitespace does not count; length wins over characters.
        assert_eq!(validate_name(&format!("  {}  ", "a".repeat(40))), None);
        assert_eq!(validate_name(&"😀".repeat(41)), Some(NameError::TooLong));
    }

    #[test]
    fn web_addresses() {
        assert!(looks_like_web_address("www."));
        assert!(looks_like_web_address(" https://shop.de "));
        assert!(!looks_like_web_address("St. John"));
        assert!(!looks_like_web_address("Dr.2"));
        assert!(!looks_like_web_address("wwwx"));
        assert!(!looks_like_web_address(""));
        assert!(!looks_like_web_address("ö"));
        assert_eq!(
            Some(crate::json::to_string(&NameError::InvalidCharacters)).as_deref(),
            Some("\"INVALID_CHARACTERS\"")
        );
    }

    proptest! {
        #[test]
        fn never_panics(value in any::<String>()) {
            let _ = validate_name(&value);
            let _ = looks_like_web_address(&value);
        }

        #[test]
        fn plain_letter_words_are_valid(words in proptest::collection::vec("[A-Za-zÀ-ÖØ-öø-ÿ]{1,8}", 1..4)) {
            let value = words.join(" ");
            prop_assume!(value.chars().count() <= NAME_MAX_LENGTH);
            prop_assert_eq!(validate_name(&value), None);
        }
    }
}
