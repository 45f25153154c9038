//! Generic form validation of the design system (newsletter spec section 5, "Design-system
//! inputs", last bullet): the rules `required` and `pattern`, the default failure message and
//! when validation runs.

use super::pattern::Pattern;
use crate::json::Json;

/// Debounce before a generic field is validated, in milliseconds (spec section 5: "debounce 5 ms").
pub const VALIDATION_DEBOUNCE_MS: u32 = 5;

/// Longest pattern [`validate_field`] compiles, in characters; a longer one is
/// [`RuleError::InvalidPattern`]. Not in the spec: a guard so a hostile or broken configuration
/// cannot make the core compile a huge regex.
pub const PATTERN_MAX_LENGTH: usize = 1000;

/// The message key the view translates for any [`RuleFailure`]: the spec's default message
/// "the field is not valid" (spec section 5). The core returns codes; texts live in the view.
pub const RULE_FAILURE_MESSAGE_KEY: &str = "FIELD_NOT_VALID";

/// One validation rule of a generic field (spec section 5: "rules are regex match and required").
/// JSON: `{ "kind": "required" }` or `{ "kind": "pattern", "pattern": "^[0-9]{5}$" }`.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FieldRule {
    /// The value must be non-empty after trimming whitespace.
    Required,
    /// The value must match the regular expression somewhere (unanchored, like JS
    /// `RegExp.prototype.test`); write `^...$` to match the whole value. Syntax: the common
    /// ground of JavaScript and Rust regular expressions described in [`super::pattern`]
    /// (`\d`, `\w`, `\s` are ASCII-only). An empty value is not checked against patterns (as with the HTML `pattern`
    /// attribute); combine with `required` to refuse it.
    Pattern { pattern: String },
}

/// Which rule a value failed (spec section 5, generic form validation). Every failure shows the
/// default message [`RULE_FAILURE_MESSAGE_KEY`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RuleFailure {
    /// A `required` rule failed: the value is empty after trimming.
    Required,
    /// A `pattern` rule failed: the value does not match.
    Pattern,
}

/// A rule list that cannot be evaluated: a programming or configuration error, not a user error.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RuleError {
    /// A `pattern` rule does not compile, is longer than [`PATTERN_MAX_LENGTH`] characters, or
    /// exceeds the matcher's compiled-size or nesting limits.
    InvalidPattern { message: String },
}

/// An event of a generic field that may trigger validation (spec section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ValidationTrigger {
    /// Each keystroke (`input` event).
    Input,
    /// The committed value changed (`change` event).
    Change,
    /// The field lost focus (`blur` event).
    Blur,
}

/// Whether a generic field validates on this event (spec section 5: "validation runs on blur and
/// on change, not on input").
pub const fn validation_trigger_runs(trigger: ValidationTrigger) -> bool {
    matches!(trigger, ValidationTrigger::Blur | ValidationTrigger::Change)
}

/// Compiles one pattern with the length guard (the size and nesting guards are the matcher's).
fn compile(pattern: &str) -> Result<Pattern, RuleError> {
    let invalid = |message: &str| RuleError::InvalidPattern {
        message: message.to_owned(),
    };
    if pattern.chars().count() > PATTERN_MAX_LENGTH {
        return Err(invalid("the pattern is longer than 1000 characters"));
    }
    Pattern::new(pattern).map_err(|error| invalid(error.0))
}

/// Checks a value against generic field rules (spec section 5, generic form validation).
///
/// Every pattern is compiled first, so a broken pattern is reported as
/// `Err(RuleError::InvalidPattern)` whatever the value. Then the rules are checked in order and
/// the first failure is returned; `Ok(None)` means the value is valid:
/// - `required`: fails when the value is empty after trimming;
/// - `pattern`: fails when the (untrimmed) value is non-empty and the regex matches nowhere in it.
pub fn validate_field(value: &str, rules: &[FieldRule]) -> Result<Option<RuleFailure>, RuleError> {
    let mut compiled = Vec::new();
    for rule in rules {
        match rule {
            FieldRule::Required => compiled.push(None),
            FieldRule::Pattern { pattern } => compiled.push(Some(compile(pattern)?)),
        }
    }
    for regex in &compiled {
        match regex {
            None if value.trim().is_empty() => return Ok(Some(RuleFailure::Required)),
            Some(regex) if !value.is_empty() && !regex.is_match(value) => {
                return Ok(Some(RuleFailure::Pattern));
            }
            _ => {}
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pattern(p: &str) -> FieldRule {
        FieldRule::Pattern {
            pattern: p.to_owned(),
        }
    }

    #[test]
    fn rules_table() {
        let digits = pattern(r"^\d{5}$");
        let table: Vec<(&str, Vec<FieldRule>, Option<RuleFailure>)> = vec![
            ("", vec![], None),
            ("anything", vec![], None),
            ("", vec![FieldRule::Required], Some(RuleFailure::Required)),
            (
                "   \t",
                vec![FieldRule::Required],
                Some(RuleFailure::Required),
            ),
            (" x ", vec![FieldRule::Required], None),
            ("12345", vec![digits.clone()], None),
            ("1234", vec![digits.clone()], Some(RuleFailure::Pattern)),
            ("123456", vec![digits.clone()], Some(RuleFailure::Pattern)),
            // An empty value is not checked against a pattern ...
            ("", vec![digits.clone()], None),
            // ... unless required says so; the first failing rule wins.
            (
                "",
                vec![FieldRule::Required, digits.clone()],
                Some(RuleFailure::Required),
            ),
            (
                "abc",
                vec![FieldRule::Required, digits.clone()],
                Some(RuleFailure::Pattern),
            ),
            (
                "abc",
                vec![digits.clone(), FieldRule::Required],
                Some(RuleFailure::Pattern),
            ),
            // Unanchored, like RegExp.test.
            ("abc123", vec![pattern(r"\d")], None),
            ("abc", vec![pattern(r"\d")], Some(RuleFailure::Pattern)),
            // Whitespace-only is non-empty for a pattern.
            ("  ", vec![pattern(r"^\S+$")], Some(RuleFailure::Pattern)),
            ("Grüße", vec![pattern("ü")], None),
        ];
        for (value, rules, expected) in table {
            assert_eq!(
                validate_field(value, &rules),
                Ok(expected),
                "{value:?} {rules:?}"
            );
        }
    }

    #[test]
    fn broken_patterns_are_errors_not_panics() {
        for bad in ["(", "[a-", "a{5,1}", "\\", "(?P<x>a)(?P<x>b)", "*"] {
            let result = validate_field("abc", &[pattern(bad)]);
            assert!(
                matches!(result, Err(RuleError::InvalidPattern { ref message }) if !message.is_empty()),
                "{bad}: {result:?}"
            );
            // Reported even when an earlier rule already fails.
            let result = validate_field("", &[FieldRule::Required, pattern(bad)]);
            assert!(
                matches!(result, Err(RuleError::InvalidPattern { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn hostile_patterns_are_refused() {
        let long = "a".repeat(PATTERN_MAX_LENGTH + 1);
        assert!(matches!(
            validate_field("a", &[pattern(&long)]),
            Err(RuleError::InvalidPattern { .. })
        ));
        assert_eq!(
            validate_field("a", &[pattern(&"a".repeat(PATTERN_MAX_LENGTH))]),
            Ok(Some(RuleFailure::Pattern))
        );
        // Counted repetition blows the compiled size up far beyond the limit.
        assert!(matches!(
            validate_field("a", &[pattern("(a{1000}){1000}")]),
            Err(RuleError::InvalidPattern { .. })
        ));
        let deep = format!("{}a{}", "(".repeat(200), ")".repeat(200));
        assert!(matches!(
            validate_field("a", &[pattern(&deep)]),
            Err(RuleError::InvalidPattern { .. })
        ));
    }

    #[test]
    fn triggers() {
        assert!(!validation_trigger_runs(ValidationTrigger::Input));
        assert!(validation_trigger_runs(ValidationTrigger::Change));
        assert!(validation_trigger_runs(ValidationTrigger::Blur));
        assert_eq!(VALIDATION_DEBOUNCE_MS, 5);
    }

    #[test]
    fn json_shapes() {
        let rules: Result<Vec<FieldRule>, _> =
            crate::json::from_str(r#"[{"kind":"required"},{"kind":"pattern","pattern":"^a$"}]"#);
        assert_eq!(rules.ok(), Some(vec![FieldRule::Required, pattern("^a$")]));
        assert_eq!(
            Some(crate::json::to_string(&RuleFailure::Pattern)).as_deref(),
            Some("\"PATTERN\"")
        );
        assert_eq!(
            Some(crate::json::to_string(&RuleError::InvalidPattern {
                message: "m".into()
            }))
            .as_deref(),
            Some(r#"{"kind":"INVALID_PATTERN","message":"m"}"#)
        );
        assert_eq!(
            Some(crate::json::to_string(&ValidationTrigger::Blur)).as_deref(),
            Some("\"BLUR\"")
        );
    }

    proptest! {
        #[test]
        fn never_panics(value in any::<String>(), p in any::<String>(), q in ".*") {
            let _ = validate_field(&value, &[FieldRule::Required, pattern(&p), pattern(&q)]);
        }

        #[test]
        fn regex_shaped_patterns_never_panic(value in ".{0,40}", p in r"[\\\[\]()a-c*+?{}|^$.\d,-]{0,30}") {
            let _ = validate_field(&value, &[pattern(&p)]);
        }

        #[test]
        fn required_is_non_empty_after_trim(value in any::<String>()) {
            let failure = validate_field(&value, &[FieldRule::Required]);
            prop_assert_eq!(failure, Ok(value.trim().is_empty().then_some(RuleFailure::Required)));
        }
    }
}
