use shop_core::site::{self, Locale, Site};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::{read, write};

/// The site for a page language (`de-AT` -> `"AT"`, `fr-CH` -> `"CH_FR"`, unknown -> `"DE"`).
#[wasm_bindgen(js_name = siteFromLanguage)]
pub fn site_from_language(
    #[wasm_bindgen(unchecked_param_type = "string")] language: JsValue,
) -> Result<Ts<Site>, JsError> {
    let language = &crate::text(language, "language")?;
    write(&site::site_from_language(language))
}

/// The site for a site code; anything unknown is `"DE"`.
#[wasm_bindgen(js_name = siteFromCode)]
pub fn site_from_code(
    #[wasm_bindgen(unchecked_param_type = "string")] code: JsValue,
) -> Result<Ts<Site>, JsError> {
    let code = &crate::text(code, "code")?;
    write(&Site::from_code_or_default(code))
}

/// The locale (`"de-AT"`) of a site.
#[wasm_bindgen(js_name = siteLocale)]
pub fn site_locale(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Ts<Locale>, JsError> {
    write(&crate::site(site)?.locale())
}

/// What the site's clocks show at `utcMs` (milliseconds since 1970-01-01T00:00 UTC, as
/// `Date.now()`), in the same milliseconds: read it with `Date`'s UTC getters. TR is UTC+3; every
/// other site Central European Time with the EU's summer time.
#[wasm_bindgen(js_name = siteClockMs)]
pub fn site_clock_ms(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    #[wasm_bindgen(js_name = utcMs)] utc_ms: f64,
) -> Result<f64, JsError> {
    let utc_ms = crate::integer(utc_ms, "utcMs")?;
    // Within ±2^53 ms give or take three hours: still a whole number a JS number holds exactly.
    Ok(crate::site(site)?.local_millis(utc_ms) as f64)
}

/// The currency code (`"EUR"`) of a site.
#[wasm_bindgen(js_name = siteCurrency)]
pub fn site_currency(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<String, JsError> {
    Ok(crate::site(site)?.currency().code().to_owned())
}

/// The locales to look an interface text up in, in order: the locale itself, then German.
#[wasm_bindgen(js_name = textFallbacks)]
pub fn text_fallbacks(locale: Ts<Locale>) -> Result<Vec<Ts<Locale>>, JsError> {
    read(locale, "locale")?
        .text_fallbacks()
        .iter()
        .map(write)
        .collect()
}

/// All nine sites, in site-switcher order.
#[wasm_bindgen(js_name = allSites)]
pub fn all_sites() -> Result<Vec<Ts<Site>>, JsError> {
    Site::ALL.iter().map(write).collect()
}
