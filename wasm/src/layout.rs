use shop_core::layout::{
    self, AppBanner, Breakpoint, Device, FooterMode, FooterPanels, PageSlots, Platform, Timings,
};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::{read, write};

/// The platform for a viewport width (below 980 MATCH, below 1440 TABLET, else CLASSIC); a
/// platform given by the page wins.
/// The platform the page's query forces (`forceWebshop=true`: CLASSIC), else `undefined`.
#[wasm_bindgen(js_name = forcedPlatform)]
pub fn forced_platform(
    #[wasm_bindgen(unchecked_param_type = "string")] query: JsValue,
) -> Result<Option<Ts<Platform>>, JsError> {
    let query = &crate::text(query, "query")?;
    layout::forced_platform(query)
        .as_ref()
        .map(write)
        .transpose()
}

#[wasm_bindgen(js_name = platformFromWidth)]
pub fn platform_from_width(
    width: f64,
    #[wasm_bindgen(js_name = pageOverride)] page_override: Option<Ts<Platform>>,
) -> Result<Ts<Platform>, JsError> {
    let page_override = page_override.map(|p| read(p, "platform")).transpose()?;
    write(&layout::platform_from_width(width, page_override))
}

/// Sticky mode: platform not CLASSIC, or the behaviour set to sticky.
#[wasm_bindgen(js_name = stickyHeader)]
pub fn sticky_header(
    platform: Ts<Platform>,
    #[wasm_bindgen(js_name = stickyBehaviour)] sticky_behaviour: bool,
) -> Result<bool, JsError> {
    Ok(layout::sticky_header(
        read(platform, "platform")?,
        sticky_behaviour,
    ))
}

/// The largest responsive breakpoint a width has reached (`undefined` below xs 374).
#[wasm_bindgen(js_name = breakpointForWidth)]
pub fn breakpoint_for_width(width: f64) -> Result<Option<Ts<Breakpoint>>, JsError> {
    layout::breakpoint_for_width(width)
        .as_ref()
        .map(write)
        .transpose()
}

/// How the footer panels start (collapsed below 767 px, on a smartphone or MATCH).
#[wasm_bindgen(js_name = footerPanels)]
pub fn footer_panels(
    width: Option<f64>,
    smartphone: bool,
    platform: Ts<Platform>,
) -> Result<Ts<FooterPanels>, JsError> {
    write(&layout::footer_panels(
        width,
        smartphone,
        read(platform, "platform")?,
    ))
}

/// Whether the cookies reduce the footer (affiliate number or the new app's marker).
#[wasm_bindgen(js_name = footerReduced)]
pub fn footer_reduced(
    #[wasm_bindgen(unchecked_param_type = "string")] cookies: JsValue,
) -> Result<bool, JsError> {
    let cookies = &crate::text(cookies, "cookies")?;
    Ok(layout::footer_reduced(cookies))
}

/// How the footer shows on a page: reduced (cookies or the checkout), the classic view (CLASSIC
/// on a smartphone).
#[wasm_bindgen(js_name = footerMode)]
pub fn footer_mode(
    #[wasm_bindgen(unchecked_param_type = "string")] cookies: JsValue,
    #[wasm_bindgen(js_name = pageType, unchecked_param_type = "string")] page_type: JsValue,
    platform: Ts<Platform>,
    smartphone: bool,
) -> Result<Ts<FooterMode>, JsError> {
    let cookies = &crate::text(cookies, "cookies")?;
    let page_type = &crate::text(page_type, "pageType")?;
    let platform = read(platform, "platform")?;
    write(&layout::footer_mode(
        cookies, page_type, platform, smartphone,
    ))
}

/// Whether the footer's newsletter block shows.
#[wasm_bindgen(js_name = footerNewsletterVisible)]
pub fn footer_newsletter_visible(
    #[wasm_bindgen(js_name = pageHidesForm)] page_hides_form: bool,
    #[wasm_bindgen(js_name = newsletterStatus, unchecked_param_type = "string | null | undefined")]
    newsletter_status: JsValue,
    #[wasm_bindgen(js_name = footerReduced)] footer_reduced: bool,
) -> Result<bool, JsError> {
    let newsletter_status = crate::optional_text(newsletter_status, "newsletterStatus")?;
    Ok({
        layout::footer_newsletter_visible(
            page_hides_form,
            newsletter_status.as_deref(),
            footer_reduced,
        )
    })
}

/// The device family of a user agent.
#[wasm_bindgen(js_name = deviceFromUserAgent)]
pub fn device_from_user_agent(
    #[wasm_bindgen(js_name = userAgent, unchecked_param_type = "string")] user_agent: JsValue,
) -> Result<Ts<Device>, JsError> {
    let user_agent = &crate::text(user_agent, "userAgent")?;
    write(&layout::device_from_user_agent(user_agent))
}

/// A phone (not a tablet) by its user agent (`Mobi`, `iPhone` or `iPod`).
#[wasm_bindgen(js_name = isSmartphone)]
pub fn is_smartphone(
    #[wasm_bindgen(js_name = userAgent, unchecked_param_type = "string")] user_agent: JsValue,
) -> Result<bool, JsError> {
    Ok(layout::is_smartphone(&crate::text(
        user_agent,
        "userAgent",
    )?))
}

/// What the app-install prompt does.
#[wasm_bindgen(js_name = appBanner)]
pub fn app_banner(
    #[wasm_bindgen(js_name = closedBefore)] closed_before: bool,
    #[wasm_bindgen(js_name = inApp)] in_app: bool,
    #[wasm_bindgen(js_name = footerReduced)] footer_reduced: bool,
    device: Ts<Device>,
) -> Result<Ts<AppBanner>, JsError> {
    write(&layout::app_banner(
        closed_before,
        in_app,
        footer_reduced,
        read(device, "device")?,
    ))
}

/// Which page slots render for a content header (NO_HEADER / NO_FOOTER).
#[wasm_bindgen(js_name = pageSlots)]
pub fn page_slots(
    #[wasm_bindgen(js_name = contentHeader, unchecked_param_type = "string")]
    content_header: JsValue,
) -> Result<Ts<PageSlots>, JsError> {
    let content_header = &crate::text(content_header, "contentHeader")?;
    write(&layout::page_slots(content_header))
}

/// The responsive breakpoints, ascending (xs 374 ... 4xl 1919): the design tokens' source.
#[wasm_bindgen]
pub fn breakpoints() -> Result<Vec<Ts<Breakpoint>>, JsError> {
    layout::BREAKPOINTS.iter().map(write).collect()
}

/// The top of the rating scale (5 stars).
#[wasm_bindgen(js_name = ratingMax)]
pub fn rating_max() -> u32 {
    layout::RATING_MAX
}

/// A star rating as the site shows it: the value clamped to 0..5 and written with one decimal
/// in the site's number format (`4,5`; CH and CH_FR `4.5`), the top of the scale, and each
/// star's fill (the value rounded to the nearest half). Not a finite number is 0.
#[wasm_bindgen(js_name = ratingView)]
pub fn rating_view(
    value: f64,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Ts<layout::RatingView>, JsError> {
    write(&layout::rating_view(value, crate::site(site)?))
}

/// The header's measures: search box widths (default, focus, flyout, overlay), the store
/// search's width on focus, the teaser image size.
#[wasm_bindgen(js_name = headerDimensions)]
pub fn header_dimensions() -> Result<Ts<layout::HeaderDimensions>, JsError> {
    write(&layout::HEADER_DIMENSIONS)
}

/// The timing constants of the header spec, in milliseconds.
#[wasm_bindgen]
pub fn timings() -> Result<Ts<Timings>, JsError> {
    write(&layout::TIMINGS)
}
