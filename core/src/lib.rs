//! The shop's rules, written once.
//!
//! Every rule of the two specifications (`shared/specs/`) that is not a view lives here:
//! sites and locales, price display, search, layout, the cart, forms and content documents.
//! The browser reaches it through the `wasm` crate (`@shop/core`), the reference server uses it
//! natively, so both sides judge a form or a cart change with the same code.
//!
//! Invariants (see `docs/ARCHITECTURE.md`):
//! - no I/O and no clock: "now" is always a parameter (milliseconds since the epoch);
//! - total: every public function returns a value or an error value for any input, never panics
//!   (no `unwrap`, `expect` or unchecked indexing; the workspace lints deny them);
//! - money is integer minor units (cents), never floats.

// Tests may search texts with the standard `str::contains` (clippy.toml keeps it out of rules).
#![cfg_attr(test, allow(clippy::disallowed_methods, clippy::disallowed_macros))]

// `#[derive(Json)]` names `::shop_core::json`, inside this crate as in the bindings.
extern crate self as shop_core;

pub mod cart;
pub mod consent;
pub mod content;
pub mod forms;
pub mod header;
pub mod json;
pub mod layout;
pub mod price;
pub mod search;
pub mod site;
mod sort;
pub mod tracking;
pub mod url;

pub use site::{Currency, Locale, Site};

/// Whether `needle` occurs in `haystack`, compared byte by byte. The standard `str::contains`
/// brings a two-way searcher and its panic messages' formatting into the browser build (about
/// 5 KB); the texts searched here are short.
pub(crate) fn contains_text(haystack: &str, needle: &str) -> bool {
    needle.is_empty()
        || haystack
            .as_bytes()
            .windows(needle.len())
            .any(|window| window == needle.as_bytes())
}

/// A whole number in decimal digits, as `to_string` writes it but without the formatting
/// machinery, which the browser build then leaves out.
pub(crate) fn decimal(value: u64) -> String {
    let mut out = String::new();
    json::write_whole(&mut out, false, value);
    out
}

/// Whether `text` holds the character `c`: [`contains_text`]'s reason, for a character (the
/// standard one falls back to the two-way searcher for characters outside ASCII).
pub(crate) fn contains_char(text: &str, c: char) -> bool {
    text.chars().any(|own| own == c)
}

#[cfg(test)]
mod tests {
    use super::{contains_char, contains_text};
    use proptest::prelude::*;

    #[test]
    fn finds_texts_and_characters_where_the_standard_search_does() {
        assert!(contains_text("NO_HEADER,NO_FOOTER", "NO_FOOTER"));
        assert!(contains_text("https://x", "://"));
        assert!(contains_text("abc", ""));
        assert!(!contains_text("NO_HEAD", "NO_HEADER"));
        assert!(contains_char("Łódź", 'ó'));
        assert!(!contains_char("Lodz", 'ó'));
    }

    proptest! {
        #[test]
        fn agrees_with_the_standard_search(haystack in ".{0,40}", needle in ".{0,4}", c in any::<char>()) {
            prop_assert_eq!(contains_text(&haystack, &needle), haystack.contains(needle.as_str()));
            let tail: String = haystack.chars().skip(haystack.chars().count() / 2).collect();
            prop_assert!(contains_text(&haystack, &tail));
            prop_assert_eq!(contains_char(&haystack, c), haystack.contains(c));
        }
    }
}
