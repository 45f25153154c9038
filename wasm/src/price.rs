use shop_core::price::{self, ArticlePrice, PriceLine, PriceSummary, SummaryRow};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::{integer, read, write};

/// A price in cents as shoppers see it on a site: `formatPrice(123456, "DE")` is `"1.234,56"`,
/// on AT `"1.234,56 €"` (no-break spaces), on CH `"CHF 1'234.56"`. Throws for a non-integer.
#[wasm_bindgen(js_name = formatPrice)]
pub fn format_price(
    cents: f64,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<String, JsError> {
    Ok(price::format_price(
        integer(cents, "cents")?,
        crate::site(site)?,
    ))
}

/// The amount alone, without the currency symbol.
#[wasm_bindgen(js_name = formatAmount)]
pub fn format_amount(
    cents: f64,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<String, JsError> {
    Ok(price::format_amount(
        integer(cents, "cents")?,
        crate::site(site)?,
    ))
}

/// A count (loyalty beans) in the site's number format: `formatCount(1250, "DE")` is `"1.250"`,
/// on CH `"1'250"`, on PL `"1 250"` (a no-break space). Throws for a negative or non-integer count.
#[wasm_bindgen(js_name = formatCount)]
pub fn format_count(
    count: f64,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<String, JsError> {
    Ok(price::format_count(
        u64::from(crate::count(count, "count")?),
        crate::site(site)?,
    ))
}

/// The currency symbol a site shows (`undefined` on DE, which shows none).
#[wasm_bindgen(js_name = currencySymbol)]
pub fn currency_symbol(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Option<String>, JsError> {
    Ok(price::currency_symbol(crate::site(site)?).map(str::to_owned))
}

/// What an article's price block shows, in order: previous, current, best price, base price.
#[wasm_bindgen(js_name = priceView)]
pub fn price_view(
    price: Ts<ArticlePrice>,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Vec<Ts<PriceLine>>, JsError> {
    price::price_view(&read(price, "price")?, crate::site(site)?)
        .iter()
        .map(write)
        .collect()
}

/// The mini cart's summary rows, in order.
#[wasm_bindgen(js_name = summaryView)]
pub fn summary_view(
    summary: Ts<PriceSummary>,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Vec<Ts<SummaryRow>>, JsError> {
    price::summary_view(&read(summary, "price summary")?, crate::site(site)?)
        .iter()
        .map(write)
        .collect()
}
