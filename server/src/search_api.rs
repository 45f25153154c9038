//! The search services of the header (header spec sections 3 "Search suggestions", 5, 7, 9):
//!
//! - `GET /service/searchfrontend/api/suggestions?q=&site=&maxSearchTerms=10&maxProducts=5`:
//!   `{"searchTerms": [{"searchterm"}], "products": [{id, title, productViewUrl,
//!   webshopProductDimensionKey?, imageProductThumb}]}`. Products are the catalogue's articles
//!   whose title contains `q` (case folded as the core's suggestion highlight folds it), terms
//!   the seeded popular terms of the site's language (`server/seed/search-terms.json`, each one
//!   finding an orderable article on every site of its language) that start with `q` or have a
//!   word that does, prefix matches first. At most `maxProducts` /
//!   `maxSearchTerms`, capped at 5 and 10 whatever is asked. `q` is cleaned by the core (cut to
//!   200 characters); shorter than 2 characters gives empty lists. A query string above
//!   [`crate::api::MAX_QUERY_BYTES`], a limit that is not a whole number up to `u32::MAX`, or a
//!   `q` with control characters or bytes that are not UTF-8 is refused with 400 and a JSON
//!   error. The dimension key is the article's variant (`tcm`), only for articles with
//!   dimensions.
//! - `GET /service/searchfrontend/api/cachekey`: `{"cacheKey": "<version>-<start time>"}`,
//!   never cached.
//!
//! [`matching_articles`] is the search page's result list too.

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::Duration;

use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use shop_core::cart::service::Offer;
use shop_core::cart::{Article, Availability, CartItem, ItemList};
use shop_core::json::{self, ToJson};
use shop_core::search::{
    SUGGESTIONS_MAX_PRODUCTS, SUGGESTIONS_MAX_SEARCH_TERMS, clean_search_term, split_suggestion,
    suggestions_wanted,
};
use shop_core::site::Site;

use crate::api::{self, bad_request, json_error, json_response};
use crate::app::AppState;
use crate::seed::language;

const TERMS: &str = include_str!("../seed/search-terms.json");

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct SuggestionsAnswer {
    search_terms: Vec<SearchTerm>,
    products: Vec<ProductSuggestion>,
}

#[derive(ToJson)]
struct SearchTerm {
    searchterm: String,
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct ProductSuggestion {
    id: String,
    title: String,
    product_view_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    webshop_product_dimension_key: Option<String>,
    image_product_thumb: String,
}

/// The seeded popular search terms by language.
fn terms() -> &'static BTreeMap<String, Vec<String>> {
    static TERMS_BY_LANGUAGE: OnceLock<BTreeMap<String, Vec<String>>> = OnceLock::new();
    TERMS_BY_LANGUAGE.get_or_init(|| json::from_str(TERMS).unwrap_or_default())
}

/// Whether `text` contains `term`, case folded as the core's suggestion highlight folds it.
fn contains(text: &str, term: &str) -> bool {
    !split_suggestion(text, term).matched.is_empty()
}

/// Whether `text` starts with `term` (case folded).
fn starts_with(text: &str, term: &str) -> bool {
    let parts = split_suggestion(text, term);
    parts.prefix.is_empty() && !parts.matched.is_empty()
}

/// Whether a word of `text` after the first starts with `term`.
fn later_word_starts_with(text: &str, term: &str) -> bool {
    text.char_indices()
        .filter(|(_, c)| *c == ' ' || *c == '-')
        .filter_map(|(index, c)| text.get(index + c.len_utf8()..))
        .any(|rest| starts_with(rest, term))
}

/// The suggested terms for a cleaned term on a site: prefix matches, then word matches.
pub fn suggested_terms(term: &str, site: Site) -> Vec<&'static str> {
    let Some(list) = terms().get(language(site)) else {
        return Vec::new();
    };
    let prefix = list.iter().filter(|candidate| starts_with(candidate, term));
    let word = list.iter().filter(|candidate| {
        !starts_with(candidate, term) && later_word_starts_with(candidate, term)
    });
    prefix.chain(word).map(String::as_str).collect()
}

/// The catalogue's article of an offer in the article list.
pub fn article(offer: &Offer) -> Option<&Article> {
    match (&offer.list, &offer.item) {
        (ItemList::Articles, CartItem::Article(article)) => Some(article),
        _ => None,
    }
}

/// Whether an article can be ordered: the search filter `availability-available` keeps these.
pub fn available(article: &Article) -> bool {
    matches!(
        article.availability,
        Availability::InStock | Availability::Available | Availability::Shortage
    )
}

/// The catalogue's articles whose title contains the (cleaned) term, in catalogue order; an
/// empty term matches nothing.
pub fn matching_articles<'a>(offers: &'a [Offer], term: &str) -> Vec<&'a Offer> {
    if term.trim().is_empty() {
        return Vec::new();
    }
    offers
        .iter()
        .filter(|offer| article(offer).is_some_and(|article| contains(&article.title, term)))
        .collect()
}

/// A limit parameter: absent is the cap, a whole number is capped, anything else is refused
/// (the message says why).
fn limit(query: &str, name: &str, cap: usize) -> Result<usize, String> {
    let Some(text) = api::param(query, name) else {
        return Ok(cap);
    };
    match text.trim().parse::<u32>() {
        Ok(asked) => Ok(usize::try_from(asked).unwrap_or(cap).min(cap)),
        Err(_) => Err(format!(
            "{name} must be a whole number from 0 to 4294967295"
        )),
    }
}

/// `GET /service/searchfrontend/api/suggestions`.
pub async fn get_suggestions(State(state): State<AppState>, uri: Uri) -> Response {
    if let Some(delay) = state.faults.suggestions_delay() {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    if state.faults.take_suggestions_failure() {
        return json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "UNAVAILABLE",
            "the suggestions fail (test fault)",
        );
    }
    let Some(query) = api::query_string(uri.query()) else {
        return api::query_too_long();
    };
    let (max_terms, max_products) = match (
        limit(query, "maxSearchTerms", SUGGESTIONS_MAX_SEARCH_TERMS),
        limit(query, "maxProducts", SUGGESTIONS_MAX_PRODUCTS),
    ) {
        (Ok(terms), Ok(products)) => (terms, products),
        (Err(message), _) | (_, Err(message)) => return bad_request(&message),
    };
    let typed = api::param(query, "q").unwrap_or_default();
    if typed.chars().any(|c| c.is_control() || c == '\u{fffd}') {
        return bad_request("q must be UTF-8 text without control characters");
    }
    let site = api::param(query, "site").map_or(Site::De, |code| Site::from_code_or_default(&code));
    let term = clean_search_term(Some(&typed));
    let mut answer = SuggestionsAnswer {
        search_terms: Vec::new(),
        products: Vec::new(),
    };
    if suggestions_wanted(&term) {
        answer.search_terms = suggested_terms(&term, site)
            .into_iter()
            .take(max_terms)
            .map(|term| SearchTerm {
                searchterm: term.to_owned(),
            })
            .collect();
        let offers = match state.store.offers(site) {
            Ok(offers) => offers,
            Err(_) => {
                return json_error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "UNAVAILABLE",
                    "the catalogue cannot be read",
                );
            }
        };
        answer.products = matching_articles(&offers, &term)
            .into_iter()
            .filter_map(article)
            .take(max_products)
            .map(|article| ProductSuggestion {
                id: article.product_id.clone(),
                title: article.title.clone(),
                product_view_url: article.product_url.clone(),
                webshop_product_dimension_key: (!article.dimensions.is_empty())
                    .then(|| article.tcm.clone())
                    .flatten(),
                image_product_thumb: article.image_url.clone(),
            })
            .collect();
    }
    json_response(StatusCode::OK, json::to_string(&answer))
}

/// `GET /service/searchfrontend/api/cachekey`.
pub async fn get_cache_key(State(state): State<AppState>) -> Response {
    let mut body = String::from("{\"cacheKey\":");
    json::write_str(&mut body, &state.shell.cache_key);
    body.push('}');
    json_response(StatusCode::OK, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A suggested term leads to the search page with `filters=availability-available`: each
    /// one finds an article that can be ordered, on every site of its language.
    #[test]
    fn every_seeded_term_finds_an_orderable_article_on_every_site_of_its_language() {
        let parsed: Result<BTreeMap<String, Vec<String>>, _> = json::from_str(TERMS);
        let terms = parsed.unwrap_or_else(|error| panic!("search-terms.json: {error}"));
        for site in Site::ALL {
            let list = terms.get(language(site)).cloned().unwrap_or_default();
            assert!(list.len() >= 8, "{site:?}: {} terms", list.len());
            let offers = crate::catalogue::offers(site);
            for term in list {
                assert_eq!(
                    clean_search_term(Some(&term)),
                    term,
                    "{site:?}: {term} is not clean"
                );
                let orderable = matching_articles(&offers, &term)
                    .into_iter()
                    .filter_map(|offer| article(offer))
                    .any(available);
                assert!(orderable, "{site:?}: \"{term}\" finds nothing to order");
            }
        }
    }

    #[test]
    fn terms_match_by_prefix_then_by_word() {
        let found = suggested_terms("kaffee", Site::De);
        assert_eq!(found.first(), Some(&"kaffee"));
        assert!(found.contains(&"kaffeevollautomat"));
        let crema = suggested_terms("crema", Site::De);
        assert_eq!(crema, vec!["caffè crema"]);
        assert!(suggested_terms("wolle", Site::De).is_empty(), "mid-word");
        assert!(suggested_terms("KAHVE", Site::Tr).contains(&"çekirdek kahve"));
        assert!(suggested_terms("ÇE", Site::Tr).contains(&"çekirdek kahve"));
        // Typed without diacritics, as on a phone's keyboard of another language.
        assert!(suggested_terms("cekirdek", Site::Tr).contains(&"çekirdek kahve"));
        assert_eq!(
            suggested_terms("kavefo", Site::Hu).first(),
            Some(&"kávéfőző")
        );
        assert!(suggested_terms("kava", Site::Cz).contains(&"zrnková káva"));
    }
}
