use shop_core::Site;
use shop_core::search::{self, SearchTarget, SuggestionParts, Suggestions};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::{read, write};

/// Cleans a search term before submit: digits-and-spaces lose their spaces, others are
/// trimmed, cut to 200 characters; anything but a string (null, an array, ...) is `""`.
#[wasm_bindgen(js_name = cleanSearchTerm)]
pub fn clean_search_term(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
) -> String {
    search::clean_search_term(value.as_string().as_deref())
}

/// Whether typed text asks for suggestions (at least 2 characters).
#[wasm_bindgen(js_name = suggestionsWanted)]
pub fn suggestions_wanted(typed: &str) -> bool {
    search::suggestions_wanted(typed)
}

/// Whether a failed suggestions call is retried (status >= 400, fewer than 4 retries made).
#[wasm_bindgen(js_name = retrySuggestions)]
pub fn retry_suggestions(
    status: u16,
    #[wasm_bindgen(js_name = retriesMade)] retries_made: u32,
) -> bool {
    search::retry_suggestions(status, retries_made)
}

/// The suggestions call for typed text.
#[wasm_bindgen(js_name = suggestionsUrl)]
pub fn suggestions_url(typed: &str, site: Ts<Site>) -> Result<String, JsError> {
    Ok(search::suggestions_url(typed, read(site, "site")?))
}

/// A suggested term split into prefix / match / suffix around the typed text.
#[wasm_bindgen(js_name = splitSuggestion)]
pub fn split_suggestion(term: &str, typed: &str) -> Result<Ts<SuggestionParts>, JsError> {
    write(&search::split_suggestion(term, typed))
}

/// Where submitting the search box leads (cleaned first; empty only focuses the field).
#[wasm_bindgen(js_name = searchTarget)]
pub fn search_target(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
    site: Ts<Site>,
    #[wasm_bindgen(js_name = clientRouting)] client_routing: bool,
) -> Result<Ts<SearchTarget>, JsError> {
    write(&search::search_target(
        value.as_string().as_deref(),
        read(site, "site")?,
        client_routing,
    ))
}

/// A suggested product's link: productViewUrl + query + dim1; `undefined` for an unsafe URL.
#[wasm_bindgen(js_name = suggestionProductUrl)]
pub fn suggestion_product_url(
    #[wasm_bindgen(js_name = productViewUrl)] product_view_url: &str,
    typed: &str,
    #[wasm_bindgen(js_name = dimensionKey)] dimension_key: Option<String>,
) -> Option<String> {
    search::suggestion_product_url(product_view_url, typed, dimension_key.as_deref())
}

/// Reads a suggestions answer body into the panel's content (at most 10 terms, 5 products).
#[wasm_bindgen(js_name = parseSuggestions)]
pub fn parse_suggestions(
    body: &str,
    typed: &str,
    site: Ts<Site>,
) -> Result<Ts<Suggestions>, JsError> {
    write(&search::parse_suggestions(body, typed, read(site, "site")?))
}

/// The search box's pre-fill from the page's query string (`?query=...`).
#[wasm_bindgen(js_name = prefillFromQueryString)]
pub fn prefill_from_query_string(
    #[wasm_bindgen(js_name = queryString)] query_string: &str,
) -> String {
    search::prefill_from_query_string(query_string)
}
