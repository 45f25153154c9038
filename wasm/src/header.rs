//! Bindings for `shop_core::header`: flyouts, header links, the user menu, the store finder, the
//! navigation, the theme-world flyout and the header variant. The parsers take response bodies
//! as text and never throw: a malformed answer is `undefined` (the fallback stays).

use shop_core::cart::SubscriptionTracking;
use shop_core::content::PersonalData;
use shop_core::header::{
    self, HeaderVariant,
    flyout::{self, Flyout, FlyoutContext, FlyoutEvent},
    links::{self, ContentPage, HeaderPaths, UserMenu},
    navigation::{self, NavTapOutcome, NavigationBar, TrackingEvent},
    theme_worlds::{self, ThemeWorldFlyout, ThemeWorldOverview},
};
use shop_core::json::{FromJson, ToJson};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::{from_json, hand_over, integer, json_tree, malformed, write};

/// A list result (`number[]`, `NavNode[]`) handed over as JSON, like every structured value.
fn json_value<T: ToJson + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    hand_over(&shop_core::json::to_string(value))
}

/// A position or index: a safe integer, not negative.
fn position(value: f64, what: &str) -> Result<usize, JsError> {
    usize::try_from(integer(value, what)?)
        .map_err(|_| JsError::new(&["@shop/core: ", what, " must not be negative"].concat()))
}

/// Categories as `parseNavigation` gave them, read by the same rules; `null` / `undefined` are
/// "not loaded".
fn optional_nodes(value: &JsValue) -> Result<Option<Vec<navigation::NavNode>>, JsError> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    navigation::nodes_from_value(&json_tree(value, "categories")?)
        .map(Some)
        .ok_or_else(|| malformed("categories", "expected an array of navigation nodes"))
}

/// The part of a `ThemeWorldFlyout` the navigation bar shows; the rest is not read.
#[derive(FromJson)]
struct OverviewOnly {
    overview: ThemeWorldOverview,
}

/// The icon flyout after an event: one open at a time, the cart only where allowed, a tap on
/// the cart icon changes nothing, a tap or activation of the open one closes it.
#[wasm_bindgen(js_name = nextFlyout)]
pub fn next_flyout(
    current: Ts<Flyout>,
    event: Ts<FlyoutEvent>,
    context: Ts<FlyoutContext>,
) -> Result<Ts<Flyout>, JsError> {
    write(&flyout::next_flyout(
        from_json(&current.js_value(), "flyout")?,
        from_json(&event.js_value(), "flyout event")?,
        from_json(&context.js_value(), "flyout context")?,
    ))
}

/// Whether the cart flyout may open: not on the basket page, and the mini cart on.
#[wasm_bindgen(js_name = cartFlyoutAllowed)]
pub fn cart_flyout_allowed(context: Ts<FlyoutContext>) -> Result<bool, JsError> {
    Ok(flyout::cart_flyout_allowed(from_json(
        &context.js_value(),
        "flyout context",
    )?))
}

/// Whether the page is overlaid and marked flyout-open.
#[wasm_bindgen(js_name = pageOverlayShown)]
pub fn page_overlay_shown(
    flyout: Ts<Flyout>,
    #[wasm_bindgen(js_name = navigationOpen)] navigation_open: bool,
) -> Result<bool, JsError> {
    Ok(flyout::page_overlay_shown(
        from_json(&flyout.js_value(), "flyout")?,
        navigation_open,
    ))
}

/// The path of a site's content page; `undefined` where the site has none.
#[wasm_bindgen(js_name = contentPagePath)]
pub fn content_page_path(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    page: Ts<ContentPage>,
) -> Result<Option<String>, JsError> {
    let site = crate::site(site)?;
    Ok(
        links::content_page_path(site, from_json(&page.js_value(), "content page")?)
            .map(str::to_owned),
    )
}

/// The header's fixed routes and the theme-world service.
#[wasm_bindgen(js_name = headerPaths)]
pub fn header_paths() -> Result<Ts<HeaderPaths>, JsError> {
    write(&links::HEADER_PATHS)
}

/// The user menu for a site and the visitor's personal data.
#[wasm_bindgen(js_name = userMenu)]
pub fn user_menu(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    visitor: Ts<PersonalData>,
) -> Result<Ts<UserMenu>, JsError> {
    let site = crate::site(site)?;
    write(&links::user_menu(
        site,
        &from_json(&visitor.js_value(), "personal data")?,
    ))
}

/// The store finder's results for what was typed, sent as typed.
#[wasm_bindgen(js_name = storeFinderUrl)]
pub fn store_finder_url(
    #[wasm_bindgen(unchecked_param_type = "string")] term: JsValue,
) -> Result<String, JsError> {
    Ok(links::store_finder_url(&crate::text(term, "term")?))
}

/// The supermarket-offers link of the store finder flyout (DE only).
#[wasm_bindgen(js_name = supermarketOffersLink)]
pub fn supermarket_offers_link(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Option<String>, JsError> {
    Ok(links::supermarket_offers_link(crate::site(site)?).map(str::to_owned))
}

/// The navigation call: the page's route when safe, else `/jsonflyoutnavigation?site=<CODE>`.
#[wasm_bindgen(js_name = navigationUrl)]
pub fn navigation_url(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] route: JsValue,
) -> Result<String, JsError> {
    let site = crate::site(site)?;
    let route = crate::optional_text(route, "route")?;
    Ok(navigation::navigation_url(site, route.as_deref()))
}

/// The categories of a navigation answer body; `undefined` when malformed or empty.
#[wasm_bindgen(js_name = parseNavigation, unchecked_return_type = "NavNode[] | undefined")]
pub fn parse_navigation(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<JsValue, JsError> {
    let body = &crate::body(body)?;
    match navigation::parse_navigation(body) {
        Some(nodes) => json_value(&nodes),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// The preselected drill-down path: the server's flags, else the deepest node matching the
/// current path.
#[wasm_bindgen(js_name = selectedPath, unchecked_return_type = "number[]")]
pub fn selected_path(
    #[wasm_bindgen(unchecked_param_type = "NavNode[]")] nodes: JsValue,
    #[wasm_bindgen(js_name = currentPath, unchecked_param_type = "string")] current_path: JsValue,
) -> Result<JsValue, JsError> {
    let nodes = optional_nodes(&nodes)?
        .ok_or_else(|| malformed("categories", "expected an array of navigation nodes"))?;
    let current_path = &crate::text(current_path, "currentPath")?;
    json_value(&navigation::selected_path(&nodes, current_path))
}

/// Whether a link leads to the current page (path compared as `selectedPath` compares it).
#[wasm_bindgen(js_name = isCurrentLink)]
pub fn is_current_link(
    #[wasm_bindgen(unchecked_param_type = "string")] href: JsValue,
    #[wasm_bindgen(js_name = currentPath, unchecked_param_type = "string")] current_path: JsValue,
) -> Result<bool, JsError> {
    let href = &crate::text(href, "href")?;
    let current_path = &crate::text(current_path, "currentPath")?;
    Ok(navigation::is_current_link(href, current_path))
}

/// The drill-down selection after a click on the node at `clicked`.
#[wasm_bindgen(js_name = toggleDrilldown, unchecked_return_type = "number[]")]
pub fn toggle_drilldown(
    #[wasm_bindgen(unchecked_param_type = "number[]")] selected: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number[]")] clicked: JsValue,
) -> Result<JsValue, JsError> {
    let selected: Vec<usize> = from_json(&selected, "selected")?;
    let clicked: Vec<usize> = from_json(&clicked, "clicked")?;
    json_value(&navigation::toggle_drilldown(&selected, &clicked))
}

/// Touch: open the flyout on the first tap, follow the link on a tap of the open entry.
#[wasm_bindgen(js_name = navigationTap)]
pub fn navigation_tap(open: Option<f64>, tapped: f64) -> Result<Ts<NavTapOutcome>, JsError> {
    let open = open.map(|open| position(open, "open")).transpose()?;
    write(&navigation::navigation_tap(
        open,
        position(tapped, "tapped")?,
    ))
}

/// The data-layer push of a navigation click.
#[wasm_bindgen(js_name = navigationTracking)]
pub fn navigation_tracking(
    #[wasm_bindgen(unchecked_param_type = "string")] action: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] labels: JsValue,
) -> Result<Ts<TrackingEvent>, JsError> {
    let action = &crate::text(action, "action")?;
    let labels: Vec<String> = from_json(&labels, "labels")?;
    write(&navigation::navigation_tracking(action, &labels))
}

/// The navigation bar: the theme-world entry and the categories once both have loaded, the
/// four fallback entries until then. Reads only `overview` of the theme worlds.
#[wasm_bindgen(js_name = navigationBar)]
pub fn navigation_bar(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NavNode[] | null | undefined")] categories: JsValue,
    #[wasm_bindgen(
        js_name = themeWorlds,
        unchecked_param_type = "ThemeWorldFlyout | null | undefined"
    )]
    theme_worlds: JsValue,
) -> Result<Ts<NavigationBar>, JsError> {
    let site = crate::site(site)?;
    let categories = optional_nodes(&categories)?;
    let overview = if theme_worlds.is_null() || theme_worlds.is_undefined() {
        None
    } else {
        Some(from_json::<OverviewOnly>(&theme_worlds, "theme worlds")?.overview)
    };
    write(&navigation::navigation_bar_with_overview(
        site,
        categories.as_deref(),
        overview.as_ref(),
    ))
}

/// The theme-world flyout of an answer body; `undefined` when malformed or without overview.
#[wasm_bindgen(js_name = parseThemeWorlds)]
pub fn parse_theme_worlds(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
    #[wasm_bindgen(js_name = hideSublines)] hide_sublines: bool,
) -> Result<Option<Ts<ThemeWorldFlyout>>, JsError> {
    let body = &crate::body(body)?;
    theme_worlds::parse_theme_worlds(body, hide_sublines)
        .as_ref()
        .map(write)
        .transpose()
}

/// Whether the page type is the basket's (the cart flyout does not open there).
#[wasm_bindgen(js_name = isBasketPage)]
pub fn is_basket_page(
    #[wasm_bindgen(js_name = pageType, unchecked_param_type = "string")] page_type: JsValue,
) -> Result<bool, JsError> {
    Ok(header::is_basket_page(&crate::text(page_type, "pageType")?))
}

/// The reduced header on the checkout page type, the full one elsewhere.
#[wasm_bindgen(js_name = headerVariant)]
pub fn header_variant(
    #[wasm_bindgen(js_name = pageType, unchecked_param_type = "string")] page_type: JsValue,
) -> Result<Ts<HeaderVariant>, JsError> {
    write(&header::header_variant(&crate::text(
        page_type, "pageType",
    )?))
}

/// The data-layer push of a shop event (promotion and benefit clicks, the mini cart's open,
/// removals, links to cart, checkout and products, a suggested product's click) with its label;
/// a subscription's removal also carries the subscription's tracking information (the mini
/// cart line's `subscriptionTracking`).
#[wasm_bindgen(js_name = trackingEvent)]
pub fn tracking_event(
    event: Ts<shop_core::tracking::ShopEvent>,
    #[wasm_bindgen(unchecked_param_type = "string")] label: JsValue,
    subscription: Option<Ts<SubscriptionTracking>>,
) -> Result<Ts<TrackingEvent>, JsError> {
    let label = &crate::text(label, "label")?;
    let subscription = subscription
        .map(|subscription| crate::read(subscription, "subscription"))
        .transpose()?;
    write(&shop_core::tracking::tracking_event_with(
        crate::read(event, "event")?,
        label,
        subscription,
    ))
}
