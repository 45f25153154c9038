//! Search: term cleaning, suggestions and search targets (header spec sections 2, 3, 5, 7, 9).

use crate::json::{Json, ToJson};

use crate::site::Site;
use crate::url::{decode_component, query, query_values, with_query};

/// Suggestions start at this many typed characters.
pub const SUGGESTIONS_MIN_CHARACTERS: usize = 2;
/// Suggested search terms asked for and shown.
pub const SUGGESTIONS_MAX_SEARCH_TERMS: usize = 10;
/// Suggested products asked for and shown.
pub const SUGGESTIONS_MAX_PRODUCTS: usize = 5;
/// A search term is cut to this many characters.
pub const SEARCH_TERM_MAX_CHARACTERS: usize = 200;
/// A failed suggestions call (status >= 400) is retried this many times ...
pub const SUGGESTIONS_RETRIES: u32 = 4;
/// ... this far apart.
pub const SUGGESTIONS_RETRY_DELAY_MS: u32 = 2_000;
/// The suggestions panel keeps this margin to the bottom of the window.
pub const SUGGESTIONS_PANEL_BOTTOM_MARGIN_PX: u32 = 50;
/// A suggestions call that has not answered after this long counts as failed: no suggestions
/// (the spec names no limit; suggestions that come later than this help nobody typing).
pub const SUGGESTIONS_TIMEOUT_MS: u32 = 8_000;
/// The filter the header's searches add.
pub const AVAILABLE_FILTER: &str = "availability-available";
/// The suggestions service.
pub const SUGGESTIONS_PATH: &str = "/service/searchfrontend/api/suggestions";
/// Called once when the header loads; the answer is ignored.
pub const CACHEKEY_PATH: &str = "/service/searchfrontend/api/cachekey";
/// The search page.
pub const SEARCH_PAGE_PATH: &str = "/search";
/// The client route name for a search.
pub const SEARCH_ROUTE_NAME: &str = "search";
/// On DE this search term leads to the terms-and-conditions page instead of a search.
pub const TERMS_SEARCH_TERM: &str = "agb";
/// The fixed terms-and-conditions page.
pub const TERMS_PAGE_PATH: &str = "/agb-s400007325.html";

/// The search box's numbers in one object for the views (header spec section 9
/// "Suggestions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SearchSettings {
    pub min_characters: usize,
    pub max_search_terms: usize,
    pub max_products: usize,
    pub term_max_characters: usize,
    pub retries: u32,
    pub retry_delay_ms: u32,
    pub panel_bottom_margin_px: u32,
    pub request_timeout_ms: u32,
}

pub const SEARCH_SETTINGS: SearchSettings = SearchSettings {
    min_characters: SUGGESTIONS_MIN_CHARACTERS,
    max_search_terms: SUGGESTIONS_MAX_SEARCH_TERMS,
    max_products: SUGGESTIONS_MAX_PRODUCTS,
    term_max_characters: SEARCH_TERM_MAX_CHARACTERS,
    retries: SUGGESTIONS_RETRIES,
    retry_delay_ms: SUGGESTIONS_RETRY_DELAY_MS,
    panel_bottom_margin_px: SUGGESTIONS_PANEL_BOTTOM_MARGIN_PX,
    request_timeout_ms: SUGGESTIONS_TIMEOUT_MS,
};

/// Cleans a search term before submit. `None` stands for a null or array value and gives the
/// empty term. The term is trimmed; a term of only digits and spaces loses its spaces (article
/// numbers typed in groups; any white space counts, the no-break space a copied number brings
/// too). A control character (a tab or a line break pasted with the text) is a space. The
/// result is cut to 200 characters, and what a cut leaves is cleaned the same way, so cleaning a
/// cleaned term changes nothing.
pub fn clean_search_term(value: Option<&str>) -> String {
    let Some(value) = value else {
        return String::new();
    };
    // Copied only when it holds a control character: a term is cleaned on every search.
    let value = match value.chars().any(char::is_control) {
        true => std::borrow::Cow::Owned(without_controls(value)),
        false => std::borrow::Cow::Borrowed(value),
    };
    let without_spaces_in_numbers = |term: &str| -> String {
        if term
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
        {
            term.chars().filter(|c| !c.is_whitespace()).collect()
        } else {
            term.to_owned()
        }
    };
    let cleaned = without_spaces_in_numbers(value.trim());
    match cleaned.char_indices().nth(SEARCH_TERM_MAX_CHARACTERS) {
        Some((cut, _)) => {
            without_spaces_in_numbers(cleaned.get(..cut).unwrap_or_default().trim_end())
        }
        None => cleaned,
    }
}

/// The text with each control character (a pasted tab or line break) as a space: a search
/// term is one line of text.
fn without_controls(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Whether typed text asks for suggestions: at least two characters, surrounding spaces not
/// counted.
pub fn suggestions_wanted(typed: &str) -> bool {
    typed.trim().chars().count() >= SUGGESTIONS_MIN_CHARACTERS
}

/// Whether a failed suggestions call is tried again: status 400 or above, and fewer than four
/// retries made so far. `retries_made` counts retries, not the first call.
pub fn retry_suggestions(status: u16, retries_made: u32) -> bool {
    status >= 400 && retries_made < SUGGESTIONS_RETRIES
}

/// The suggestions call for typed text.
pub fn suggestions_url(typed: &str, site: Site) -> String {
    let max_terms = crate::decimal(SUGGESTIONS_MAX_SEARCH_TERMS as u64);
    let max_products = crate::decimal(SUGGESTIONS_MAX_PRODUCTS as u64);
    let query = query(&[
        ("q", without_controls(typed).trim()),
        ("site", site.code()),
        ("maxSearchTerms", &max_terms),
        ("maxProducts", &max_products),
    ]);
    [SUGGESTIONS_PATH, "?", &query].concat()
}

/// A suggested term split around what was typed. `prefix + match + suffix` is always the term;
/// `match` is empty when the typed text does not occur in it (the term is then shown plain).
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct SuggestionParts {
    pub prefix: String,
    #[serde(rename = "match")]
    pub matched: String,
    pub suffix: String,
}

/// Splits a suggested term at the first case-insensitive occurrence of the typed text.
///
/// Found in one pass over the term whatever both hold (Knuth-Morris-Pratt over the folded
/// letters): trying the typed text at every position of the term took seconds for a suggestion
/// answer of long, repetitive terms.
pub fn split_suggestion(term: &str, typed: &str) -> SuggestionParts {
    let typed: Vec<char> = typed.trim().chars().map(fold_case).collect();
    // How much of the typed text is matched after `letter`, when `matched` was before it;
    // `border` holds, for each length of a typed start, the longest shorter one that ends it.
    let step = |border: &[usize], mut matched: usize, letter: char| {
        while matched > 0 && typed.get(matched) != Some(&letter) {
            matched = border.get(matched - 1).copied().unwrap_or(0);
        }
        matched + usize::from(typed.get(matched) == Some(&letter))
    };
    let mut border = vec![0; typed.len()];
    let mut length = 0;
    for (index, letter) in typed.iter().enumerate().skip(1) {
        length = step(&border, length, *letter);
        if let Some(slot) = border.get_mut(index) {
            *slot = length;
        }
    }
    // The byte offsets of the term's last `typed.len()` letters' starts, a ring.
    let mut starts = vec![0; typed.len()];
    let mut matched = 0;
    for (count, (offset, letter)) in term.char_indices().enumerate() {
        if let Some(slot) = starts.get_mut(count % typed.len().max(1)) {
            *slot = offset;
        }
        matched = step(&border, matched, fold_case(letter));
        if matched > 0 && matched == typed.len() {
            let start = starts
                .get((count + 1) % typed.len())
                .copied()
                .unwrap_or_default();
            let end = offset + letter.len_utf8();
            return SuggestionParts {
                prefix: term.get(..start).unwrap_or_default().to_owned(),
                matched: term.get(start..end).unwrap_or_default().to_owned(),
                suffix: term.get(end..).unwrap_or_default().to_owned(),
            };
        }
    }
    SuggestionParts {
        prefix: String::new(),
        matched: String::new(),
        suffix: term.to_owned(),
    }
}

/// The base letter of each letter from U+00C0 to U+017F (Latin-1 and Latin Extended-A) that has
/// one, `.` where none (Æ, ß, ×, ŋ, ...): `á` is `a`, `ő` `o`, `ş` `s`, `ł` `l`.
const BASE_LETTERS: &[u8; 192] = b"aaaaaa.ceeeeiiii.nooooo.ouuuuy..\
aaaaaa.ceeeeiiii.nooooo.ouuuuy.y\
aaaaaaccccccccddddeeeeeeeeeegggg\
gggghhhhiiiiiiiii...jjkk.lllllll\
lllnnnnnn...oooooo..rrrrrrssssss\
sstttt..uuuuuuuuuuuuwwyyyzzzzzz.";

/// A letter as the suggestion highlight (and the reference server's search) compares it: the
/// upper- and lowercase letters of the shop's nine sites' languages (ASCII, Latin-1, Latin
/// Extended-A, with Turkish dotted and dotless i both read as `i`) and of basic Greek and
/// Cyrillic fold together, and a letter with a diacritic reads as its base letter
/// ([`BASE_LETTERS`]): a shopper typing "kave" on a phone finds "kávé", "kahve cekirdek" finds
/// "kahve çekirdek". Written out instead of `char::to_lowercase` and a decomposition, whose
/// Unicode tables would cost the browser build 12 KB and more.
fn fold_case(ch: char) -> char {
    let code = u32::from(ch);
    let folded = match code {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x391..=0x3A9 | 0x410..=0x42F => code + 0x20,
        0x130 | 0x131 => u32::from('i'),
        0x100..=0x137 | 0x14A..=0x177 if code % 2 == 0 => code + 1,
        0x139..=0x148 | 0x179..=0x17E if code % 2 == 1 => code + 1,
        0x178 => 0xFF,
        0x400..=0x40F => code + 0x50,
        _ => code,
    };
    let base = folded
        .checked_sub(0xC0)
        .and_then(|index| usize::try_from(index).ok())
        .and_then(|index| BASE_LETTERS.get(index))
        .filter(|base| **base != b'.');
    match base {
        Some(base) => char::from(*base),
        None => char::from_u32(folded).unwrap_or(ch),
    }
}

/// Where a submitted search goes.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SearchTarget {
    /// Empty term: nothing happens but the field gets focus.
    FocusField,
    /// A full page load of `url`.
    #[serde(rename_all = "camelCase")]
    Page { url: String, term: String },
    /// The client route `search` with these query values, for single-page hosts.
    #[serde(rename_all = "camelCase")]
    Route {
        name: String,
        query: String,
        site: Site,
        filters: String,
        url: String,
    },
}

/// The search page URL for a cleaned term: `/search?query=…&site=…&filters=availability-available`.
pub fn search_page_url(term: &str, site: Site) -> String {
    let query = query(&[
        ("query", term),
        ("site", site.code()),
        ("filters", AVAILABLE_FILTER),
    ]);
    [SEARCH_PAGE_PATH, "?", &query].concat()
}

/// Where submitting `value` leads: the value is cleaned first; an empty term only focuses the
/// field; on DE the special term leads to the terms page; otherwise the search page, or the
/// client route when the host page routes itself.
pub fn search_target(value: Option<&str>, site: Site, client_routing: bool) -> SearchTarget {
    let term = clean_search_term(value);
    if term.is_empty() {
        return SearchTarget::FocusField;
    }
    if site == Site::De && term.eq_ignore_ascii_case(TERMS_SEARCH_TERM) {
        return SearchTarget::Page {
            url: TERMS_PAGE_PATH.to_owned(),
            term,
        };
    }
    let url = search_page_url(&term, site);
    if client_routing {
        SearchTarget::Route {
            name: SEARCH_ROUTE_NAME.to_owned(),
            query: term,
            site,
            filters: AVAILABLE_FILTER.to_owned(),
            url,
        }
    } else {
        SearchTarget::Page { url, term }
    }
}

/// The link of a suggested product: its `productViewUrl` plus the query, plus `dim1` from
/// `webshopProductDimensionKey` when present. `None` when the product URL is not a safe link.
pub fn suggestion_product_url(
    product_view_url: &str,
    typed: &str,
    dimension_key: Option<&str>,
) -> Option<String> {
    let base = crate::content::link::safe_url(product_view_url)?;
    let mut pairs = vec![("query", typed.trim())];
    if let Some(key) = dimension_key.map(str::trim).filter(|key| !key.is_empty()) {
        pairs.push(("dim1", key));
    }
    Some(with_query(&base, &query(&pairs)))
}

/// The search box pre-fills itself from the page's `query` parameter (raw query string, with or
/// without the leading `?`). Returns the cleaned value or the empty string. A `query` given
/// more than once is a list (`?query=kaffee&query=tee`), which the cleaning rule makes empty
/// ("a null or array value becomes empty"): no one of them is picked as the shopper's term.
pub fn prefill_from_query_string(query_string: &str) -> String {
    let mut values = query_values(query_string, "query");
    match (values.next(), values.next()) {
        (Some(value), None) => clean_search_term(Some(&decode_component(value))),
        _ => String::new(),
    }
}

/// A suggested term, ready to show.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TermSuggestion {
    pub term: String,
    pub parts: SuggestionParts,
    /// Where clicking the term leads (the search page for it).
    pub url: String,
}

/// A suggested product, ready to show.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ProductSuggestion {
    pub id: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub thumbnail: Option<String>,
    pub url: String,
}

/// The suggestions panel's content.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Suggestions {
    pub terms: Vec<TermSuggestion>,
    pub products: Vec<ProductSuggestion>,
}

/// Reads a suggestions answer (`{products, searchTerms}`) for the typed text: at most 10 terms
/// and 5 products, empty terms, terms over [`SEARCH_TERM_MAX_CHARACTERS`] and products without a
/// safe link left out. A body that is not such a document, or is above
/// [`crate::content::MAX_DOCUMENT_BYTES`], gives no suggestions.
pub fn parse_suggestions(body: &str, typed: &str, site: Site) -> Suggestions {
    use crate::json::Value;
    let Some(Value::Object(response)) =
        crate::content::parse_document_up_to(body, crate::content::MAX_DOCUMENT_BYTES)
    else {
        return Suggestions::default();
    };
    let list = |key: &str| match response.get(key) {
        Some(Value::Array(items)) => items.as_slice(),
        _ => &[],
    };
    let text = |item: &Value, key: &str| match item.get(key) {
        Some(Value::String(text)) => Some(text.clone()),
        _ => None,
    };
    let mut terms = Vec::new();
    for entry in list("searchTerms") {
        if terms.len() == SUGGESTIONS_MAX_SEARCH_TERMS {
            break;
        }
        let term = text(entry, "searchterm")
            .unwrap_or_default()
            .trim()
            .to_owned();
        // A term longer than a search may be cannot be searched as it is shown (its link would
        // search its first 200 characters): no suggestion.
        if term.is_empty() || term.chars().nth(SEARCH_TERM_MAX_CHARACTERS).is_some() {
            continue;
        }
        terms.push(TermSuggestion {
            parts: split_suggestion(&term, typed),
            url: search_page_url(&clean_search_term(Some(&term)), site),
            term,
        });
    }
    let mut products = Vec::new();
    for product in list("products") {
        if products.len() == SUGGESTIONS_MAX_PRODUCTS {
            break;
        }
        let view_url = text(product, "productViewUrl").unwrap_or_default();
        let dimension = text(product, "webshopProductDimensionKey");
        let Some(url) = suggestion_product_url(&view_url, typed, dimension.as_deref()) else {
            continue;
        };
        let id = match product.get("id") {
            Some(Value::String(id)) => id.clone(),
            Some(id @ Value::Number(_)) => crate::json::to_string(id),
            _ => view_url.clone(),
        };
        products.push(ProductSuggestion {
            id,
            title: text(product, "title").unwrap_or_default(),
            thumbnail: text(product, "imageProductThumb")
                .and_then(|src| crate::content::link::safe_url(&src)),
            url,
        });
    }
    Suggestions { terms, products }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn cleaning() {
        let long = "k".repeat(250);
        let umlauts = "ü".repeat(201);
        let table: [(Option<&str>, String); 13] = [
            (None, String::new()),
            (Some(""), String::new()),
            (Some("   "), String::new()),
            (Some("123 456 789"), "123456789".into()),
            (Some(" 12 34 "), "1234".into()),
            (Some("  Kaffee Bohnen "), "Kaffee Bohnen".into()),
            (Some("12 Tassen"), "12 Tassen".into()),
            (Some("\u{a0}123 456\u{a0}"), "123456".into()),
            (Some("12\t34\n"), "1234".into()),
            (Some("Kaffee\tBohnen\r\n"), "Kaffee Bohnen".into()),
            (Some("Tee\u{0}\u{7f}kanne"), "Tee  kanne".into()),
            (Some(&long), "k".repeat(200)),
            (Some(&umlauts), "ü".repeat(200)),
        ];
        for (input, expected) in table {
            assert_eq!(clean_search_term(input), expected, "{input:?}");
        }
    }

    #[test]
    fn suggestions_start_at_two_characters() {
        assert!(!suggestions_wanted(""));
        assert!(!suggestions_wanted("k"));
        assert!(!suggestions_wanted(" k "));
        assert!(suggestions_wanted("ka"));
        assert!(suggestions_wanted("ßü"));
    }

    #[test]
    fn retries_four_times_on_errors() {
        assert!(retry_suggestions(500, 0));
        assert!(retry_suggestions(400, 3));
        assert!(!retry_suggestions(503, 4));
        assert!(!retry_suggestions(399, 0));
        assert!(!retry_suggestions(200, 0));
    }

    #[test]
    fn suggestions_call_for_every_site() {
        for site in Site::ALL {
            assert_eq!(
                suggestions_url(" kaf fee ", site),
                format!(
                    "/service/searchfrontend/api/suggestions?q=kaf%20fee&site={}&maxSearchTerms=10&maxProducts=5",
                    site.code()
                )
            );
        }
        // A pasted tab is a space: the service takes no control characters.
        assert!(suggestions_url("kaf\tfee\n", Site::De).contains("?q=kaf%20fee&"));
    }

    #[test]
    fn splits_suggestions() {
        let split = |term, typed| {
            let parts = split_suggestion(term, typed);
            (parts.prefix, parts.matched, parts.suffix)
        };
        assert_eq!(
            split("Kaffeebohnen", "bohne"),
            ("Kaffee".into(), "bohne".into(), "n".into())
        );
        assert_eq!(
            split("Kaffeebohnen", "KAF"),
            ("".into(), "Kaf".into(), "feebohnen".into())
        );
        // A partial match that fails goes on from where the typed text's start repeats.
        assert_eq!(
            split("Kaffee Kaffee Kaffeemaschine", "kaffeem"),
            ("Kaffee Kaffee ".into(), "Kaffeem".into(), "aschine".into())
        );
        assert_eq!(split("aaab", "AAB"), ("a".into(), "aab".into(), "".into()));
        assert_eq!(
            split("Größe", "ÖSS"),
            ("".into(), "".into(), "Größe".into())
        );
        // The letters of the shop's other languages fold too.
        assert_eq!(
            split("Łyżka", "łyż"),
            ("".into(), "Łyż".into(), "ka".into())
        );
        assert_eq!(
            split("ŽIDLE", "židle"),
            ("".into(), "ŽIDLE".into(), "".into())
        );
        assert_eq!(split("Çaydanlık", "ÇAYDANLIK").1, "Çaydanlık");
        assert_eq!(split("İstanbul", "ist").1, "İst");
        assert_eq!(split("Tchibo Kávé", "KÁVÉ").1, "Kávé");
        assert_eq!(split("Café crème", "CRÈME").1, "crème");
        assert_eq!(split("Größe", "Öß"), ("Gr".into(), "öß".into(), "e".into()));
        assert_eq!(split("Tee", "kaffee"), ("".into(), "".into(), "Tee".into()));
        assert_eq!(split("Tee", ""), ("".into(), "".into(), "Tee".into()));
        assert_eq!(split("İstanbul", "i̇s").0, "");
        // Typed without diacritics (a phone's keyboard), a word with them is found, and the
        // other way round: the letters as they are in the term are highlighted.
        assert_eq!(split("Tchibo Kávé", "kave").1, "Kávé");
        assert_eq!(split("Kahve Çekirdeği", "cekirdegi").1, "Çekirdeği");
        assert_eq!(split("Dzbanek szklany Łódź", "lodz").1, "Łódź");
        assert_eq!(split("Kaffee Müller", "MULLER").1, "Müller");
        assert_eq!(split("Crema", "crèma").1, "Crema");
        // ß, æ and the like have no single base letter: they match only themselves.
        assert_eq!(split("Straße", "strase").1, "");
    }

    #[test]
    fn search_targets() {
        assert_eq!(
            search_target(Some("  "), Site::De, false),
            SearchTarget::FocusField
        );
        assert_eq!(
            search_target(None, Site::De, false),
            SearchTarget::FocusField
        );
        assert_eq!(
            search_target(Some("AGB"), Site::De, false),
            SearchTarget::Page {
                url: "/agb-s400007325.html".into(),
                term: "AGB".into()
            }
        );
        for site in Site::ALL.into_iter().filter(|s| *s != Site::De) {
            assert_eq!(
                search_target(Some("agb"), site, false),
                SearchTarget::Page {
                    url: format!(
                        "/search?query=agb&site={}&filters=availability-available",
                        site.code()
                    ),
                    term: "agb".into()
                }
            );
        }
        assert_eq!(
            search_target(Some("12 34"), Site::Pl, true),
            SearchTarget::Route {
                name: "search".into(),
                query: "1234".into(),
                site: Site::Pl,
                filters: "availability-available".into(),
                url: "/search?query=1234&site=PL&filters=availability-available".into(),
            }
        );
    }

    #[test]
    fn product_links_carry_query_and_dimension() {
        assert_eq!(
            suggestion_product_url("/p/espresso-123", "espr", Some("400012")),
            Some("/p/espresso-123?query=espr&dim1=400012".into())
        );
        assert_eq!(
            suggestion_product_url("/p/espresso-123?x=1", "espr", None),
            Some("/p/espresso-123?x=1&query=espr".into())
        );
        assert_eq!(
            suggestion_product_url("javascript:alert(1)", "x", None),
            None
        );
        // A blank dimension key picks no variant: no `dim1` at all, rather than an empty one.
        for blank in ["", "  "] {
            assert_eq!(
                suggestion_product_url("/p/espresso-123", "espr", Some(blank)),
                Some("/p/espresso-123?query=espr".into())
            );
        }
        assert_eq!(
            suggestion_product_url("/p/espresso-123", "espr", Some(" 400012 ")),
            Some("/p/espresso-123?query=espr&dim1=400012".into())
        );
    }

    #[test]
    fn prefills_from_the_query_parameter() {
        assert_eq!(
            prefill_from_query_string("?query=Kaffee%20Bohnen&site=DE"),
            "Kaffee Bohnen"
        );
        assert_eq!(prefill_from_query_string("site=DE&query=12+34"), "1234");
        assert_eq!(prefill_from_query_string("?q=x"), "");
        assert_eq!(prefill_from_query_string("query=%E2%82"), "\u{fffd}");
        assert_eq!(prefill_from_query_string("query=%zz"), "%zz");
        // Given more than once: a list, which cleans to empty (the server's search page and
        // the header's box alike).
        assert_eq!(prefill_from_query_string("?query=kaffee&query=tee"), "");
        assert_eq!(
            prefill_from_query_string("query=kaffee&site=DE&query=kaffee"),
            ""
        );
        assert_eq!(prefill_from_query_string("query%5B%5D=kaffee"), "");
    }

    #[test]
    fn parses_suggestions() {
        let body = r#"{
            "searchTerms": [{"searchterm":"kaffeebohnen"},{"searchterm":""},{"searchterm":"kaffeemaschine"}],
            "products": [
                {"id":"123","title":"Espresso","productViewUrl":"/p/123","webshopProductDimensionKey":"9","imageProductThumb":"/img/123.jpg"},
                {"id":7,"title":"Evil","productViewUrl":"javascript:alert(1)"}
            ]
        }"#;
        let suggestions = parse_suggestions(body, "kaffee", Site::De);
        assert_eq!(suggestions.terms.len(), 2);
        assert_eq!(suggestions.terms[0].parts.matched, "kaffee");
        assert_eq!(
            suggestions.terms[0].url,
            "/search?query=kaffeebohnen&site=DE&filters=availability-available"
        );
        assert_eq!(suggestions.products.len(), 1);
        assert_eq!(suggestions.products[0].url, "/p/123?query=kaffee&dim1=9");
        assert_eq!(
            suggestions.products[0].thumbnail.as_deref(),
            Some("/img/123.jpg")
        );

        let many_terms: Vec<String> = (0..30)
            .map(|i| format!(r#"{{"searchterm":"t{i}"}}"#))
            .collect();
        let many_products: Vec<String> = (0..30)
            .map(|i| format!(r#"{{"id":"{i}","productViewUrl":"/p/{i}"}}"#))
            .collect();
        let body = format!(
            r#"{{"searchTerms":[{}],"products":[{}]}}"#,
            many_terms.join(","),
            many_products.join(",")
        );
        let capped = parse_suggestions(&body, "t", Site::De);
        assert_eq!((capped.terms.len(), capped.products.len()), (10, 5));

        assert_eq!(
            parse_suggestions("not json", "x", Site::De),
            Suggestions::default()
        );
        assert_eq!(
            parse_suggestions("[1,2]", "x", Site::De),
            Suggestions::default()
        );
        // A term longer than a search may be is left out: its link could not search it.
        let long = "k".repeat(SEARCH_TERM_MAX_CHARACTERS);
        let body = format!(
            r#"{{"searchTerms":[{{"searchterm":"{long}x"}},{{"searchterm":" {long} "}}]}}"#
        );
        let terms = parse_suggestions(&body, "k", Site::De).terms;
        assert_eq!(terms.len(), 1);
        assert_eq!(terms[0].term, long);
        // An answer over the cap is not read; one at the cap is.
        let one = r#"{"searchTerms":[{"searchterm":"kaffee"}]}"#;
        let padded = |bytes: usize| [one, &" ".repeat(bytes - one.len())].concat();
        let cap = crate::content::MAX_DOCUMENT_BYTES;
        assert_eq!(
            parse_suggestions(&padded(cap), "k", Site::De).terms.len(),
            1
        );
        assert_eq!(
            parse_suggestions(&padded(cap + 1), "k", Site::De),
            Suggestions::default()
        );
    }

    /// One malformed entry (or list) costs only itself: the shopper still sees the rest.
    #[test]
    fn malformed_entries_are_skipped_not_the_whole_answer() {
        let body = r#"{
            "searchTerms": [{"searchterm":42},"kaffee",null,{"searchterm":"kaffeebohnen"}],
            "products": [
                {"id":"1","title":7,"productViewUrl":"/p/1","imageProductThumb":false},
                {"id":"2","productViewUrl":["/p/2"]},
                {"id":{"x":1},"title":"Mühle","productViewUrl":"/p/3","webshopProductDimensionKey":3}
            ]
        }"#;
        let suggestions = parse_suggestions(body, "kaffee", Site::De);
        let terms: Vec<&str> = suggestions.terms.iter().map(|t| t.term.as_str()).collect();
        assert_eq!(terms, ["kaffeebohnen"]);
        let products: Vec<(&str, &str, &str)> = suggestions
            .products
            .iter()
            .map(|p| (p.id.as_str(), p.title.as_str(), p.url.as_str()))
            .collect();
        assert_eq!(
            products,
            [
                ("1", "", "/p/1?query=kaffee"),
                ("/p/3", "Mühle", "/p/3?query=kaffee")
            ]
        );
        assert_eq!(suggestions.products[0].thumbnail, None);

        let terms_only = parse_suggestions(
            r#"{"searchTerms":[{"searchterm":"kaffee"}],"products":"none"}"#,
            "ka",
            Site::De,
        );
        assert_eq!((terms_only.terms.len(), terms_only.products.len()), (1, 0));
    }

    #[test]
    fn a_suggested_term_leads_to_its_cleaned_search_and_thumbnails_must_be_safe() {
        let body = r#"{
            "searchTerms": [{"searchterm":"123 456"}],
            "products": [
                {"id":"1","productViewUrl":"/p/1","imageProductThumb":"javascript:alert(1)"},
                {"id":"2","productViewUrl":"/p/2","imageProductThumb":"//evil.example/x.jpg"}
            ]
        }"#;
        for site in Site::ALL {
            let suggestions = parse_suggestions(body, "12", site);
            assert_eq!(suggestions.terms[0].term, "123 456");
            assert_eq!(
                suggestions.terms[0].url,
                [
                    "/search?query=123456&site=",
                    site.code(),
                    "&filters=availability-available"
                ]
                .concat()
            );
            let thumbnails: Vec<Option<&str>> = suggestions
                .products
                .iter()
                .map(|p| p.thumbnail.as_deref())
                .collect();
            assert_eq!(thumbnails, [None, None], "{site:?}");
        }
    }

    proptest! {
        #[test]
        fn cleaning_twice_is_cleaning_once(value in "[0-9 \u{a0}a]{0,210}") {
            let cleaned = clean_search_term(Some(&value));
            prop_assert_eq!(clean_search_term(Some(&cleaned)), cleaned);
        }

        #[test]
        fn cleaning_is_total_and_bounded(value in any::<String>()) {
            let cleaned = clean_search_term(Some(&value));
            prop_assert!(cleaned.chars().count() <= SEARCH_TERM_MAX_CHARACTERS);
            prop_assert!(!cleaned.chars().any(char::is_control));
            prop_assert_eq!(clean_search_term(Some(&cleaned)), cleaned.clone());
        }

        #[test]
        fn splitting_keeps_the_term(term in any::<String>(), typed in any::<String>()) {
            let parts = split_suggestion(&term, &typed);
            prop_assert_eq!(format!("{}{}{}", parts.prefix, parts.matched, parts.suffix), term);
        }

        /// The split is where trying the typed text at each letter of the term in turn finds it
        /// first (terms and typed texts from a few letters, cases and accents, so that they meet
        /// often and partly).
        #[test]
        fn splitting_finds_the_first_occurrence(
            term in "[aAáb]{0,30}|[aAáÁbB ß]{0,12}",
            typed in "[aAb]{1,4}|[aáb ]{0,3}",
        ) {
            let folded = |text: &str| text.chars().map(fold_case).collect::<Vec<_>>();
            let wanted = folded(typed.trim());
            let expected = (!wanted.is_empty())
                .then(|| {
                    term.char_indices().find_map(|(start, _)| {
                        let rest = term.get(start..)?;
                        let mut letters = rest.char_indices();
                        let mut end = start;
                        for want in &wanted {
                            let (index, letter) = letters.next()?;
                            if fold_case(letter) != *want {
                                return None;
                            }
                            end = start + index + letter.len_utf8();
                        }
                        Some((start, end))
                    })
                })
                .flatten();
            let parts = split_suggestion(&term, &typed);
            let found = (!parts.matched.is_empty())
                .then(|| (parts.prefix.len(), parts.prefix.len() + parts.matched.len()));
            prop_assert_eq!(found, expected);
        }

        #[test]
        fn everything_else_is_total(value in any::<String>(), other in any::<String>(), status in any::<u16>(), retries in any::<u32>()) {
            for site in Site::ALL {
                let _ = search_target(Some(&value), site, retries % 2 == 0);
                let _ = suggestions_url(&value, site);
                let _ = parse_suggestions(&value, &other, site);
            }
            let _ = suggestions_wanted(&value);
            let _ = retry_suggestions(status, retries);
            let _ = suggestion_product_url(&value, &other, Some(&other));
            let _ = prefill_from_query_string(&value);
        }
    }
}
