//! Content documents: promotions, the footer, visitor personal data, A/B tests and the staff
//! preview check (newsletter spec sections 2 "Footer" and "Promotions", 3, 4, 7 and 8; header
//! spec section 3 "Visitor personal data").
//!
//! Every document arrives as the text of a service response and is read leniently: a field of
//! the wrong type degrades to "absent" instead of rejecting the document, links and colours
//! that could run script or inject CSS are dropped, and a body that is not JSON, is larger than
//! [`MAX_DOCUMENT_BYTES`] or nests deeper than serde_json's recursion limit (128) gives the
//! "nothing to show" value of its parser (`None`, or the logged-out default for personal data).
//! Texts are returned verbatim (`<script>` stays text): the views render them as text, never as
//! HTML.
//!
//! - [`link`]: safe link targets and colour codes, shared by the footer and the promotions;
//! - [`promotion`]: the promotion service's four promotion types;
//! - [`footer`]: the per-site footer document and its reduced and classic views;
//! - [`visitor`]: visitor personal data and the newsletter status;
//! - [`abtest`]: the active A/B tests and the staff preview auth check.

pub mod abtest;
pub mod footer;
pub mod link;
pub mod promotion;
pub mod visitor;

pub use abtest::{AbGroup, AbTest, CheckAuth, PreviewStatus};
pub use footer::{Footer, FooterIcon};
pub use link::LinkTarget;
pub use promotion::{Promotion, PromotionKind, PromotionResponse};
pub use visitor::{LoginStatus, NewsletterStatus, PersonalData};

use crate::json::{FromJson, JsonError, Map, Value};

/// The largest document (a response body or a contentJSON string) any parser here reads:
/// 512 KiB. Anything larger is rejected before parsing (newsletter spec section 8: a failed
/// fetch shows nothing).
pub const MAX_DOCUMENT_BYTES: usize = 512 * 1024;

/// Parses a document, refusing one above [`MAX_DOCUMENT_BYTES`]. serde_json's recursion limit
/// refuses deeper nesting than 128 levels, so hostile nesting is an error, not a stack overflow.
fn parse_document(text: &str) -> Option<Value> {
    parse_document_up_to(text, MAX_DOCUMENT_BYTES)
}

/// Parses a document of at most `max_bytes` (service answers of other sizes: the header's
/// navigation tree).
pub(crate) fn parse_document_up_to(text: &str, max_bytes: usize) -> Option<Value> {
    if text.len() > max_bytes {
        return None;
    }
    // A byte-order mark in front, as some editors save a document, is not content (RFC 8259
    // lets a parser ignore it).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The tree itself: `from_str::<Value>` would copy the whole tree once more.
    crate::json::parse(text).ok()
}

/// Parses a document that must be a JSON object.
fn parse_object(text: &str) -> Option<Map> {
    match parse_document(text)? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// A nested JSON document held either as a JSON string (`"contentJSON": "{...}"`, as the
/// promotion service sends it) or already as an object.
fn embedded_object(value: Value) -> Option<Map> {
    match value {
        Value::String(text) => parse_object(&text),
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// The value at `path` below `value`, walking objects only.
fn at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(value, |current, key| current.get(key))
}

/// A string at `path` with something to see, kept verbatim (texts are rendered as text, never
/// as HTML). Any other type, and a text of nothing but white space and invisible characters
/// ([`visible`]: zero-width spaces and joiners, direction marks, word joiner, byte-order mark,
/// soft hyphen, variation selectors, fillers: what text pasted from an office program can
/// carry), is treated as absent: it would make an empty banner, region or link with no name.
pub(crate) fn text_at(value: &Value, path: &[&str]) -> Option<String> {
    match at(value, path)? {
        Value::String(text) if text.chars().any(visible) => Some(text.clone()),
        _ => None,
    }
}

/// Whether a character shows: not white space, not an invisible format, direction or joining
/// mark, not a variation selector or tag, not one of the blank characters that are letters or
/// symbols (the Hangul fillers, the blank Braille pattern): a text of nothing else is no text.
fn visible(c: char) -> bool {
    !c.is_whitespace()
        && !matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E007F}'
                | '\u{E0100}'..='\u{E01EF}'
        )
}

/// `true` only for a JSON `true` (or the string `"true"`); anything else is `false`.
pub(crate) fn flag_at(value: &Value, path: &[&str]) -> bool {
    match at(value, path) {
        Some(Value::Bool(flag)) => *flag,
        Some(Value::String(text)) => text.trim().eq_ignore_ascii_case("true"),
        _ => false,
    }
}

/// A non-negative whole number at `path`: a JSON integer, an integral float or a string of
/// digits, at most `u32::MAX`. Negative, fractional, oversized or other values are absent.
pub(crate) fn count_at(value: &Value, path: &[&str]) -> Option<u32> {
    let number = match at(value, path)? {
        Value::Number(number) => {
            if let Some(whole) = number.as_u64() {
                whole
            } else {
                let float = number.as_f64()?;
                if float.is_finite() && float >= 0.0 && float.fract() == 0.0 && float <= 4e9 {
                    // Integral and in range, so the cast is exact.
                    float as u64
                } else {
                    return None;
                }
            }
        }
        Value::String(text) => {
            let text = text.trim();
            if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            text.parse().ok()?
        }
        _ => return None,
    };
    u32::try_from(number).ok()
}

/// The items of a list at `path`; a single object counts as a one-item list, anything else
/// as an empty list.
pub(crate) fn items_at<'a>(value: &'a Value, path: &[&str]) -> &'a [Value] {
    match at(value, path) {
        Some(Value::Array(items)) => items,
        Some(single @ Value::Object(_)) => std::slice::from_ref(single),
        _ => &[],
    }
}

/// Reads an input field leniently: a value of the wrong type becomes the field's default
/// instead of rejecting the whole document (the lenient reading this module promises).
fn lenient<T: FromJson + Default>(value: &Value) -> Result<T, JsonError> {
    Ok(T::from_json(value).unwrap_or_default())
}

/// Test support shared by the submodules: an arbitrary-JSON strategy whose object keys are
/// often the field names the parsers look for, so property tests reach deep paths.
#[cfg(test)]
pub(crate) mod strategies {
    use proptest::prelude::*;
    use serde_json::{Map, Number, Value};

    const KEYS: &[&str] = &[
        "type",
        "contentJSON",
        "headline",
        "promotionLongText",
        "promotionShortText",
        "subline",
        "img",
        "piImage",
        "imageData",
        "cutouts",
        "targetSize",
        "width",
        "height",
        "breakpoint",
        "imagePath",
        "imageCss",
        "containerCss",
        "useDarkTheme",
        "backgroundColor",
        "promotionTextColor",
        "colorCode",
        "legalText",
        "legalTextHint",
        "legalTextHintShort",
        "voucherCode",
        "code",
        "instruction",
        "ctaButton",
        "ctaLink",
        "url",
        "text",
        "voucherOrButton",
        "selector",
        "links",
        "link",
        "linkURL",
        "boldLink",
        "teaserGroups",
        "heading",
        "iconName",
        "icon",
        "hideGroupInCheckout",
        "introductoryText",
        "hideInClassic",
        "images",
        "label",
        "source",
        "seo",
        "columns",
        "socialMedia",
        "icons",
        "appReferences",
        "qualityLogos",
        "logos",
        "legalLinks",
        "viewChanger",
        "toMobile",
        "toDesktop",
        "salesTax",
        "textBeforeLink",
        "textAfterLink",
        "tracking",
        "loginStatus",
        "customer",
        "statuses",
        "isCommunityMember",
        "isTchibocardMember",
        "loyaltyBeans",
        "firstname",
        "lastname",
        "nl_status",
        "name",
        "groups",
        "status",
        "dateTime",
        "abTestName",
        "abTestGroup",
    ];

    /// Texts the parsers give meaning to (links, colours, codes, CSS).
    const TEXTS: &[&str] = &[
        "javascript:alert(1)",
        "/image-delivery/a.jpg",
        "https://x.example/p",
        "#fff",
        "LOGGED_IN",
        "REMEMBERED",
        "SUCCESS",
        "voucherCode",
        "ctaButton",
        "facebook",
        "visa",
        "width: 10px; object-position: 1px 2px",
    ];

    /// Arbitrary JSON whose object keys are often `keys` and whose strings are often `texts`,
    /// up to `depth` levels and about `nodes` values: the generator every document parser's
    /// property test uses (content here, the header's with its own fields).
    pub(crate) fn json_over(
        keys: &'static [&'static str],
        texts: &'static [&'static str],
        depth: u32,
        nodes: u32,
    ) -> impl Strategy<Value = Value> {
        let key = prop_oneof![
            3 => proptest::sample::select(keys).prop_map(str::to_owned),
            1 => ".*",
        ];
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| Value::Number(n.into())),
            any::<f64>().prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
            ".*".prop_map(Value::String),
            proptest::sample::select(texts).prop_map(|s| Value::String(s.to_owned())),
        ];
        leaf.prop_recursive(depth, nodes, 6, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                proptest::collection::vec((key.clone(), inner), 0..8)
                    .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>())),
            ]
        })
    }

    /// Arbitrary JSON, up to 5 levels deep.
    pub(crate) fn json() -> impl Strategy<Value = Value> {
        json_over(KEYS, TEXTS, 5, 96)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_text_of_white_space_and_invisible_characters_is_no_text() {
        let document = |text: &str| crate::json::Value::String(text.to_owned());
        for blank in [
            "",
            "   ",
            "\u{200B}",
            "\u{00AD}\u{FEFF}\u{2060}",
            " \u{200C}\u{200D} \u{180E}",
            // Direction marks, overrides and isolates; a combining grapheme joiner; variation
            // selectors; the Hangul fillers and the blank Braille pattern; tags.
            "\u{200E}",
            "\u{200F}\u{202E}\u{2066}\u{2069}\u{061C}",
            "\u{034F}\u{FE0F}\u{E0100}",
            "\u{3164}\u{115F}\u{1160}\u{FFA0}",
            "\u{2800}",
            "\u{E0041}\u{E007F}",
        ] {
            assert_eq!(text_at(&document(blank), &[]), None, "{blank:?}");
        }
        for shown in [
            "a",
            "\u{200B}Sale",
            " 10 % ",
            "\u{202E}Sale\u{202C}",
            "❤\u{FE0F}",
        ] {
            assert_eq!(text_at(&document(shown), &[]).as_deref(), Some(shown));
        }
    }

    #[test]
    fn documents_above_the_cap_are_refused_before_parsing() {
        let padding = " ".repeat(MAX_DOCUMENT_BYTES);
        assert!(parse_document(&format!("{{}}{padding}")).is_none());
        assert!(parse_document("{}").is_some());
        // Exactly at the cap is still read; one byte more is not.
        let at_cap = ["{}", &" ".repeat(MAX_DOCUMENT_BYTES - 2)].concat();
        assert!(parse_document(&at_cap).is_some());
        assert!(parse_document(&[at_cap.as_str(), " "].concat()).is_none());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(parse_document(&deep).is_none());
        let deep_object = format!("{}1{}", "{\"a\":".repeat(10_000), "}".repeat(10_000));
        assert!(parse_object(&deep_object).is_none());
    }

    #[test]
    fn field_readers_degrade_wrong_types_to_absent() {
        let doc: Value = json!({
            "s": "text", "blank": "  ", "n": 5, "f": 5.0, "neg": -1, "frac": 1.5, "digits": "42",
            "big": 5_000_000_000u64, "t": true, "ts": "TRUE", "list": [1, 2], "one": {"a": 1},
        })
        .into();
        assert_eq!(text_at(&doc, &["s"]).as_deref(), Some("text"));
        assert_eq!(text_at(&doc, &["blank"]), None);
        assert_eq!(text_at(&doc, &["n"]), None);
        assert_eq!(text_at(&doc, &["s", "deeper"]), None);
        assert_eq!(count_at(&doc, &["n"]), Some(5));
        assert_eq!(count_at(&doc, &["f"]), Some(5));
        assert_eq!(count_at(&doc, &["digits"]), Some(42));
        for garbage in ["neg", "frac", "big", "s", "t", "missing"] {
            assert_eq!(count_at(&doc, &[garbage]), None, "{garbage}");
        }
        assert!(flag_at(&doc, &["t"]));
        assert!(flag_at(&doc, &["ts"]));
        assert!(!flag_at(&doc, &["n"]));
        assert_eq!(items_at(&doc, &["list"]).len(), 2);
        assert_eq!(items_at(&doc, &["one"]).len(), 1);
        assert_eq!(items_at(&doc, &["s"]).len(), 0);
    }

    #[test]
    fn embedded_documents_may_be_strings_or_objects() {
        assert!(embedded_object(json!("{\"a\":1}").into()).is_some());
        assert!(embedded_object(json!({"a": 1}).into()).is_some());
        assert!(embedded_object(json!("[1]").into()).is_none());
        assert!(embedded_object(json!("not json").into()).is_none());
        assert!(embedded_object(json!(7).into()).is_none());
    }
}
