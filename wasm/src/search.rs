use shop_core::search::{self, SearchTarget, SuggestionParts, Suggestions};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::write;

/// Cleans a search term before submit: digits-and-spaces lose their spaces, others are
/// trimmed, cut to 200 characters; anything but a string (null, an array, ...) is `""`.
#[wasm_bindgen(js_name = cleanSearchTerm)]
pub fn clean_search_term(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
) -> String {
    search::clean_search_term(value.as_string().as_deref())
}

/// The search box's numbers: minimum characters, how many terms and products, the term cap,
/// retries and their delay, the panel's bottom margin.
#[wasm_bindgen(js_name = searchSettings)]
pub fn search_settings() -> Result<Ts<search::SearchSettings>, JsError> {
    write(&search::SEARCH_SETTINGS)
}

/// Whether typed text asks for suggestions (at least 2 characters).
#[wasm_bindgen(js_name = suggestionsWanted)]
pub fn suggestions_wanted(
    #[wasm_bindgen(unchecked_param_type = "string")] typed: JsValue,
) -> Result<bool, JsError> {
    let typed = &crate::text(typed, "typed")?;
    Ok(search::suggestions_wanted(typed))
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
pub fn suggestions_url(
    #[wasm_bindgen(unchecked_param_type = "string")] typed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<String, JsError> {
    let typed = &crate::text(typed, "typed")?;
    Ok(search::suggestions_url(typed, crate::site(site)?))
}

/// A suggested term split into prefix / match / suffix around the typed text.
#[wasm_bindgen(js_name = splitSuggestion)]
pub fn split_suggestion(
    #[wasm_bindgen(unchecked_param_type = "string")] term: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] typed: JsValue,
) -> Result<Ts<SuggestionParts>, JsError> {
    let term = &crate::text(term, "term")?;
    let typed = &crate::text(typed, "typed")?;
    write(&search::split_suggestion(term, typed))
}

/// Where submitting the search box leads (cleaned first; empty only focuses the field).
#[wasm_bindgen(js_name = searchTarget)]
pub fn search_target(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    #[wasm_bindgen(js_name = clientRouting)] client_routing: bool,
) -> Result<Ts<SearchTarget>, JsError> {
    write(&search::search_target(
        value.as_string().as_deref(),
        crate::site(site)?,
        client_routing,
    ))
}

/// A suggested product's link: productViewUrl + query + dim1; `undefined` for an unsafe URL.
#[wasm_bindgen(js_name = suggestionProductUrl)]
pub fn suggestion_product_url(
    #[wasm_bindgen(js_name = productViewUrl, unchecked_param_type = "string")]
    product_view_url: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] typed: JsValue,
    #[wasm_bindgen(js_name = dimensionKey, unchecked_param_type = "string | null | undefined")]
    dimension_key: JsValue,
) -> Result<Option<String>, JsError> {
    let product_view_url = &crate::text(product_view_url, "productViewUrl")?;
    let typed = &crate::text(typed, "typed")?;
    let dimension_key = crate::optional_text(dimension_key, "dimensionKey")?;
    Ok(search::suggestion_product_url(
        product_view_url,
        typed,
        dimension_key.as_deref(),
    ))
}

/// Reads a suggestions answer body into the panel's content (at most 10 terms, 5 products).
#[wasm_bindgen(js_name = parseSuggestions)]
pub fn parse_suggestions(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] typed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Ts<Suggestions>, JsError> {
    let body = &crate::body(body)?;
    let typed = &crate::text(typed, "typed")?;
    write(&search::parse_suggestions(body, typed, crate::site(site)?))
}

/// The search box's pre-fill from the page's query string (`?query=...`).
#[wasm_bindgen(js_name = prefillFromQueryString)]
pub fn prefill_from_query_string(
    #[wasm_bindgen(js_name = queryString, unchecked_param_type = "string")] query_string: JsValue,
) -> Result<String, JsError> {
    let query_string = &crate::text(query_string, "queryString")?;
    Ok(search::prefill_from_query_string(query_string))
}
