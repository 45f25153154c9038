//! The newsletter e-mail field (newsletter spec section 5 "Sign-up form", first bullet; section 9
//! "E-mail max 256").

use crate::json::Json;

use super::rules::ValidationTrigger;

/// Longest accepted e-mail address, in characters (spec section 9: "E-mail max 256").
pub const EMAIL_MAX_LENGTH: usize = 256;

/// Longest domain label (RFC 1035; the HTML `type=email` rule allows 63 characters per label).
const DOMAIN_LABEL_MAX_LENGTH: usize = 63;

/// Why an e-mail address is refused (spec section 5). The view shows
/// 'Die E-Mail-Adresse ist ein Pflichtfeld.' for `REQUIRED` and
/// 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' for `INVALID` (and `TOO_LONG`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EmailError {
    /// Empty after trimming whitespace.
    Required,
    /// Longer than [`EMAIL_MAX_LENGTH`] characters (after trimming).
    TooLong,
    /// Not a standard e-mail address (see [`validate_email`]).
    Invalid,
}

/// Validates the newsletter e-mail field (spec section 5: "required, must match a standard e-mail
/// pattern, maximum 256 characters").
///
/// Leading and trailing whitespace is ignored (the request sends the trimmed address); then, in
/// this order: empty -> `REQUIRED`; more than 256 characters -> `TOO_LONG`; not an address ->
/// `INVALID`. An address is accepted when it is, like the HTML `type=email` rule:
/// - a local part of one or more of ``A-Z a-z 0-9 . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -``
///   (dots anywhere, as browsers accept them; no quotes, no spaces, no non-ASCII);
/// - exactly one `@`;
/// - a domain of dot-separated labels of ASCII letters, digits and `-`, each 1 to 63
///   characters, not starting or ending with `-`;
///
/// and, stricter than HTML: the domain has at least two labels (`user@localhost` is refused) and
/// the last label (the top-level domain) is two or more ASCII letters (`a@b.c`, `a@1.23` are
/// refused). Internationalised (non-ASCII) domains must be entered in their `xn--` form.
pub fn validate_email(value: &str) -> Option<EmailError> {
    let value = value.trim();
    if value.is_empty() {
        return Some(EmailError::Required);
    }
    if value.chars().count() > EMAIL_MAX_LENGTH {
        return Some(EmailError::TooLong);
    }
    if is_email_address(value) {
        None
    } else {
        Some(EmailError::Invalid)
    }
}

/// Whether the newsletter e-mail field validates on this event (spec section 5: "validation runs
/// on blur, not on value change"; errors clear on focus, which is the view's job).
pub const fn email_validation_runs(trigger: ValidationTrigger) -> bool {
    matches!(trigger, ValidationTrigger::Blur)
}

fn is_local_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || crate::contains_char(".!#$%&'*+/=?^_`{|}~-", c)
}

fn is_domain_label(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= DOMAIN_LABEL_MAX_LENGTH
        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && !label.starts_with('-')
        && !label.ends_with('-')
}

fn is_email_address(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    if local.is_empty() || !local.chars().all(is_local_char) {
        return false;
    }
    // Every label but the last is checked when the next one arrives: the last is the top level.
    let mut top_level = "";
    let mut count = 0_usize;
    for label in domain.split('.') {
        if count > 0 && !is_domain_label(top_level) {
            return false;
        }
        top_level = label;
        count = count.saturating_add(1);
    }
    count >= 2
        && is_domain_label(top_level)
        && top_level.len() >= 2
        && top_level.chars().all(|c| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn email_table() {
        let valid = [
            "max@example.com",
            "  max@example.com  ",
            "Max.Mustermann@Example.DE",
            "a@b.de",
            "first.last+tag@sub.domain.co.uk",
            "o'neil@example.ie",
            "!#$%&'*+/=?^_`{|}~-@example.org",
            "user@xn--mller-kva.de",
            "user@my-shop.com",
            "1234@123.com",
            ".dots..anywhere.@example.com",
        ];
        for value in valid {
            assert_eq!(validate_email(value), None, "{value}");
        }
        let invalid = [
            "plainaddress",
            "@example.com",
            "max@",
            "max@example",
            "max@localhost",
            "max@example.c",
            "max@example.123",
            "max@example.c0m",
            "max@@example.com",
            "max@exa@mple.com",
            "max@-example.com",
            "max@example-.com",
            "max@example..com",
            "max@.example.com",
            "max@example.com.",
            "max example@example.com",
            "max@exa mple.com",
            "\"quoted\"@example.com",
            "müller@example.de",
            "max@müller.de",
            "max@example.com>",
            "max@exam_ple.com",
            "max(comment)@example.com",
        ];
        for value in invalid {
            assert_eq!(validate_email(value), Some(EmailError::Invalid), "{value}");
        }
        for value in ["", "   ", "\t\n"] {
            assert_eq!(
                validate_email(value),
                Some(EmailError::Required),
                "{value:?}"
            );
        }
    }

    #[test]
    fn length_limit_is_256_characters() {
        let domain = "@example.com"; // 12 characters
        let exactly = format!("{}{domain}", "a".repeat(EMAIL_MAX_LENGTH - 12));
        assert_eq!(exactly.chars().count(), 256);
        assert_eq!(validate_email(&exactly), None);
        let over = format!("a{exactly}");
        assert_eq!(over.chars().count(), 257);
        assert_eq!(validate_email(&over), Some(EmailError::TooLong));
        // Surrounding whitespace does not count.
        assert_eq!(validate_email(&format!("  {exactly}  ")), None);
        // Length is checked before format.
        assert_eq!(validate_email(&"ü".repeat(257)), Some(EmailError::TooLong));
        assert_eq!(validate_email(&"ü".repeat(256)), Some(EmailError::Invalid));
    }

    #[test]
    fn label_length() {
        let ok = format!("a@{}.de", "b".repeat(63));
        let long = format!("a@{}.de", "b".repeat(64));
        assert_eq!(validate_email(&ok), None);
        assert_eq!(validate_email(&long), Some(EmailError::Invalid));
        // The top-level domain is a label too.
        let long_top = format!("a@b.{}", "c".repeat(64));
        assert_eq!(validate_email(&long_top), Some(EmailError::Invalid));
        assert_eq!(validate_email(&format!("a@b.{}", "c".repeat(63))), None);
    }

    #[test]
    fn triggers_and_json() {
        assert!(email_validation_runs(ValidationTrigger::Blur));
        assert!(!email_validation_runs(ValidationTrigger::Change));
        assert!(!email_validation_runs(ValidationTrigger::Input));
        assert_eq!(
            Some(crate::json::to_string(&EmailError::TooLong)).as_deref(),
            Some("\"TOO_LONG\"")
        );
    }

    proptest! {
        #[test]
        fn never_panics(value in any::<String>()) {
            let _ = validate_email(&value);
        }

        #[test]
        fn generated_addresses_are_valid(
            local in "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,30}",
            label in "[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?",
            tld in "[a-z]{2,6}",
        ) {
            let address = format!("{local}@{label}.{tld}");
            prop_assert_eq!(validate_email(&address), None);
        }

        #[test]
        fn without_at_is_never_valid(value in "[^@]*") {
            prop_assert!(validate_email(&value).is_some());
        }
    }
}
