//! The site header: icon-bar flyouts, header links per site, the user menu, the store finder,
//! the main navigation and the theme-world flyout, the header variant (header spec sections 2,
//! 3, 4, 6, 7 and 9).
//!
//! - [`flyout`]: which icon flyout is open (NONE, CART, STORE_FINDER, USER_MENU, SEARCH) and
//!   whether the page is overlaid;
//! - [`links`]: the fixed routes, the per-site content pages, the coffee category, the store
//!   finder and the user menu;
//! - [`navigation`]: the navigation service's answer, preselection, drill-down, touch taps,
//!   tracking and the navigation bar with its fallback entries;
//! - [`theme_worlds`]: the theme-world flyout's answer as a view.
//!
//! Service answers arrive as text and are read leniently through the JSON value tree (a field of
//! the wrong type is absent; links pass [`crate::content::link::safe_url`]); a body that is not
//! such a document gives `None`, never a panic. Texts are returned verbatim: render them as text.

pub mod flyout;
pub mod links;
pub mod navigation;
pub mod theme_worlds;

pub use flyout::{Flyout, FlyoutContext, FlyoutEvent};
pub use links::{ContentPage, UserMenu};
pub use navigation::{NavEntry, NavNode, NavigationBar};
pub use theme_worlds::ThemeWorldFlyout;

use crate::json::{Json, Value};

/// The largest header service answer read (navigation tree, theme worlds): 2 MiB. Larger than
/// the content documents' cap because a whole catalogue's tree with teasers is one answer; the
/// node cap ([`navigation::NAVIGATION_MAX_NODES`]) bounds what is kept.
pub const HEADER_DOCUMENT_MAX_BYTES: usize = 2 * 1024 * 1024;

/// The page type whose header is the reduced one.
pub const CHECKOUT_PAGE_TYPE: &str = "checkout";

/// The basket (cart page) page type: the cart flyout does not open there (spec section 4).
pub const BASKET_PAGE_TYPE: &str = "basket";

/// Whether a page type is the basket's (trimmed, ASCII case ignored, as the checkout's is read
/// by [`header_variant`]).
pub fn is_basket_page(page_type: &str) -> bool {
    page_type.trim().eq_ignore_ascii_case(BASKET_PAGE_TYPE)
}

/// Which header a page shows (spec section 2 "Reduced header").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum HeaderVariant {
    /// Icons, navigation, benefits bar.
    Full,
    /// Only the logo, the back button and the secure-purchase hint.
    Reduced,
}

/// The reduced header on the checkout page type (`"checkout"`, trimmed, ASCII case ignored);
/// the full header on every other page. The spec names the reduced header's content, not the
/// pages that use it: checkout is the one page where leaving is discouraged. The back button's
/// order (native app back, mobile app back, history) is the view's.
pub fn header_variant(page_type: &str) -> HeaderVariant {
    if page_type.trim().eq_ignore_ascii_case(CHECKOUT_PAGE_TYPE) {
        HeaderVariant::Reduced
    } else {
        HeaderVariant::Full
    }
}

// ---- lenient readers over the value tree (the same rules as `content`'s) ------------------

/// Parses a service answer, refusing one above [`HEADER_DOCUMENT_MAX_BYTES`]; nesting deeper
/// than 128 levels is a parse error, not a stack overflow.
fn parse_document(body: &str) -> Option<Value> {
    crate::content::parse_document_up_to(body, HEADER_DOCUMENT_MAX_BYTES)
}

/// The value-tree readers of `content`, for one member (the same lenient rules).
fn text_at(value: &Value, key: &str) -> Option<String> {
    crate::content::text_at(value, &[key])
}

fn flag_at(value: &Value, key: &str) -> bool {
    crate::content::flag_at(value, &[key])
}

fn count_at(value: &Value, key: &str) -> Option<u32> {
    crate::content::count_at(value, &[key])
}

fn items_at<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    crate::content::items_at(value, &[key])
}

/// The value of one to ten ASCII digits (no sign, no spaces); anything else is `None`.
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 10 {
        return None;
    }
    text.bytes().try_fold(0u64, |whole, byte| {
        byte.is_ascii_digit()
            .then(|| whole * 10 + u64::from(byte - b'0'))
    })
}

/// A link member through `safe_url`: `Ok(None)` when absent or blank, `Err(())` when present
/// but unsafe (the caller drops what carries it).
fn link_at(value: &Value, key: &str) -> Result<Option<String>, ()> {
    match text_at(value, key) {
        None => Ok(None),
        Some(url) => crate::content::link::safe_url(&url).map(Some).ok_or(()),
    }
}

/// Test support: arbitrary JSON whose object keys are often the fields the header's readers
/// look for, so property tests reach deep paths.
#[cfg(test)]
mod strategies {
    use proptest::prelude::*;
    use serde_json::Value;

    const KEYS: &[&str] = &[
        "list",
        "title",
        "href",
        "target",
        "children",
        "teaser",
        "link",
        "url",
        "image",
        "src",
        "alt",
        "width",
        "height",
        "index",
        "childIsSelected",
        "lastSelectedNode",
        "overview",
        "sections",
        "scout",
        "new",
        "more",
        "lastChance",
        "headline",
        "themeworlds",
        "imgUrl",
        "tchiboCard",
        "availability",
        "badges",
        "endDate",
        "endDateText",
        "onlyXDaysLeftText",
        "translations",
    ];

    /// Texts the header's readers give meaning to (links, targets, dates, codes).
    const TEXTS: &[&str] = &[
        "javascript:alert(1)",
        "/kaffee",
        "https://x.example/p",
        "//evil.example",
        "_blank",
        "_self",
        "true",
        "24.12.",
        "29.02.2027",
        "onlineOnly",
        "storeAlso",
        "scout",
        "new",
        "preview",
        "488",
    ];

    /// Arbitrary JSON, up to 6 levels deep (navigation trees nest deeper than content).
    pub(super) fn json() -> impl Strategy<Value = Value> {
        crate::content::strategies::json_over(KEYS, TEXTS, 6, 128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_basket_page_type_is_read_as_the_checkout_s_is() {
        for page_type in ["basket", " Basket ", "BASKET"] {
            assert!(is_basket_page(page_type), "{page_type:?}");
        }
        for page_type in ["", "baskets", "cart", "checkout", "bas ket"] {
            assert!(!is_basket_page(page_type), "{page_type:?}");
        }
    }
    use proptest::prelude::*;

    #[test]
    fn reduced_header_on_checkout_only() {
        let table = [
            ("checkout", HeaderVariant::Reduced),
            (" CHECKOUT ", HeaderVariant::Reduced),
            ("Checkout", HeaderVariant::Reduced),
            ("basket", HeaderVariant::Full),
            ("checkoutfrontend", HeaderVariant::Full),
            ("home", HeaderVariant::Full),
            ("", HeaderVariant::Full),
        ];
        for (page_type, variant) in table {
            assert_eq!(header_variant(page_type), variant, "{page_type:?}");
        }
        assert_eq!(
            crate::json::to_string(&HeaderVariant::Reduced),
            "\"REDUCED\""
        );
    }

    #[test]
    fn readers_degrade_wrong_types_to_absent() {
        let doc: Value = serde_json::json!({
            "s": "x", "blank": " ", "n": 7, "neg": -1, "frac": 1.5, "digits": "12", "big": 5_000_000_000u64,
            "t": true, "ts": " True ", "list": [1], "js": "javascript:alert(1)", "ok": "/a",
        })
        .into();
        assert_eq!(text_at(&doc, "s").as_deref(), Some("x"));
        assert_eq!(text_at(&doc, "blank"), None);
        assert_eq!(text_at(&doc, "n"), None);
        assert_eq!(count_at(&doc, "n"), Some(7));
        assert_eq!(count_at(&doc, "digits"), Some(12));
        for key in ["neg", "frac", "big", "s", "missing"] {
            assert_eq!(count_at(&doc, key), None, "{key}");
        }
        assert!(flag_at(&doc, "t") && flag_at(&doc, "ts") && !flag_at(&doc, "n"));
        assert_eq!(items_at(&doc, "list").len(), 1);
        assert_eq!(items_at(&doc, "s").len(), 0);
        assert_eq!(link_at(&doc, "ok"), Ok(Some("/a".to_owned())));
        assert_eq!(link_at(&doc, "missing"), Ok(None));
        assert_eq!(link_at(&doc, "js"), Err(()));
        let padding = " ".repeat(HEADER_DOCUMENT_MAX_BYTES);
        assert!(parse_document(&["{}", &padding].concat()).is_none());
        assert!(parse_document(&"[".repeat(10_000)).is_none());
    }

    proptest! {
        #[test]
        fn header_variant_is_total(page_type in any::<String>()) {
            let _ = header_variant(&page_type);
            let _ = parse_document(&page_type);
        }
    }
}
