//! Layout rules: platform, sticky header, breakpoints, header timings, footer panels, reduced
//! footer, newsletter block, app banner and the page's content headers (header spec sections 2,
//! 4, 9; newsletter spec sections 2, 4, 9).

use crate::json::{Json, ToJson};
use crate::price::format_tenths;
use crate::site::Site;

/// Below this width the platform is MATCH (smartphone layout).
pub const MATCH_BELOW_PX: f64 = 980.0;
/// Below this width (and from 980) the platform is TABLET; from here on CLASSIC.
pub const TABLET_BELOW_PX: f64 = 1440.0;
/// A header icon's flyout opens after hovering this long.
pub const FLYOUT_HOVER_DELAY_MS: u32 = 200;
/// A navigation item becomes active after hovering this long.
pub const NAVIGATION_OPEN_DELAY_MS: u32 = 300;
/// Layout is recalculated this long after the last resize.
pub const RECALCULATE_DELAY_MS: u32 = 500;
/// The page overlay appears after hovering a flyout this long.
pub const OVERLAY_HOVER_DELAY_MS: u32 = 1_000;
/// Scroll events of the sticky header are debounced by this much.
pub const STICKY_SCROLL_DEBOUNCE_MS: u32 = 50;
/// Slide-in animation of flyouts.
pub const SLIDE_ENTER_MS: u32 = 600;
/// Default teaser image size (width, height).
pub const TEASER_IMAGE_SIZE: (u32, u32) = (488, 287);
/// The store search input widens to this on focus.
pub const STORE_SEARCH_FOCUS_WIDTH_PX: u32 = 350;
/// Search box widths: default, on focus, inside a flyout (two variants), as an overlay.
pub const SEARCH_BOX_WIDTH_PX: u32 = 170;
pub const SEARCH_BOX_FOCUS_WIDTH_PX: u32 = 408;
pub const SEARCH_BOX_FLYOUT_WIDTHS_PX: (u32, u32) = (270, 350);
pub const SEARCH_BOX_OVERLAY_WIDTH_PX: u32 = 550;
/// Footer panels count a viewport below this width as narrow.
pub const FOOTER_NARROW_BELOW_PX: f64 = 767.0;
/// The width assumed before the viewport is measured.
pub const UNMEASURED_WIDTH_PX: f64 = 20_000.0;
/// The app banner's rating and its count text.
pub const APP_RATING_STARS: u32 = 5;
pub const APP_RATING_COUNT_TEXT: &str = "(89k)";
/// Rating components never show more than this.
pub const RATING_MAX: u32 = 5;

/// How one star of a rating shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum StarFill {
    Full,
    Half,
    Empty,
}

/// A star rating as a site shows it (design system: rating scale max 5).
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RatingView {
    /// The value clamped to 0..[`RATING_MAX`] and rounded to one decimal, in the site's number
    /// format ([`crate::price::format_tenths`]: `4,5`, CH `4.5`, `5`).
    pub value: String,
    /// The top of the scale in the same format (`5`).
    pub max: String,
    /// Each of the [`RATING_MAX`] stars: the value rounded to the nearest half, star by star full,
    /// then half, then empty.
    pub stars: Vec<StarFill>,
}

/// The view of a rating `value` (4.5) on a site; a value that is not a finite number is 0.
pub fn rating_view(value: f64, site: Site) -> RatingView {
    let top = f64::from(RATING_MAX);
    let value = if value.is_finite() {
        value.clamp(0.0, top)
    } else {
        0.0
    };
    // In 0..=50 and 0..=10 after the clamp: the casts neither truncate nor saturate.
    let tenths = (value * 10.0).round() as u64;
    let halves = (value * 2.0).round() as u32;
    let stars = (0..RATING_MAX)
        .map(|star| match halves.saturating_sub(2 * star) {
            0 => StarFill::Empty,
            1 => StarFill::Half,
            _ => StarFill::Full,
        })
        .collect();
    RatingView {
        value: format_tenths(tenths, site),
        max: format_tenths(u64::from(RATING_MAX) * 10, site),
        stars,
    }
}
/// A button's ripple shows at least this long.
pub const RIPPLE_MIN_MS: u32 = 250;
/// Cookie holding an affiliate number: its presence reduces the footer.
pub const AFFILIATE_COOKIE: &str = "affiliateNumber";
/// Cookie set by the shop's new app: its presence reduces the footer.
pub const NEW_APP_COOKIE: &str = "shopNewApp";
/// The `nl_status` values for which the footer's newsletter block is hidden.
pub const NEWSLETTER_DONE_STATUSES: [&str; 2] = ["WAITING_FOR_DOI", "SUBSCRIBED"];
/// Content-header markers that hide the header or footer slot.
pub const NO_HEADER: &str = "NO_HEADER";
pub const NO_FOOTER: &str = "NO_FOOTER";

/// The layout family (header spec section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Platform {
    Classic,
    Tablet,
    Match,
}

/// The platform for a viewport width; a platform given by the page or a property wins.
/// A width that is not a number counts as unmeasured (20000, so CLASSIC).
pub fn platform_from_width(width: f64, page_override: Option<Platform>) -> Platform {
    if let Some(platform) = page_override {
        return platform;
    }
    let width = measured(width);
    if width < MATCH_BELOW_PX {
        Platform::Match
    } else if width < TABLET_BELOW_PX {
        Platform::Tablet
    } else {
        Platform::Classic
    }
}

/// The platform a page's address forces (spec section 2 "Footer": the desktop-version link is
/// the current path with the forced-webshop parameter): `forceWebshop=true` in the query is
/// CLASSIC, whatever the width; anything else forces nothing. `query` with or without `?`.
pub fn forced_platform(query: &str) -> Option<Platform> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let forced = crate::url::query_value(query, crate::content::footer::FORCE_WEBSHOP_PARAM);
    (forced.as_deref() == Some("true")).then_some(Platform::Classic)
}

fn measured(width: f64) -> f64 {
    if width.is_nan() {
        UNMEASURED_WIDTH_PX
    } else {
        width
    }
}

/// Sticky mode applies when the platform is not CLASSIC or the behaviour is set to sticky.
pub fn sticky_header(platform: Platform, sticky_behaviour: bool) -> bool {
    platform != Platform::Classic || sticky_behaviour
}

/// A named responsive breakpoint (newsletter spec section 9; header spec section 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Breakpoint {
    pub name: &'static str,
    pub px: u32,
}

/// The responsive breakpoints, ascending: xs 374 ... 4xl 1919.
pub const BREAKPOINTS: [Breakpoint; 8] = [
    Breakpoint {
        name: "xs",
        px: 374,
    },
    Breakpoint { name: "s", px: 667 },
    Breakpoint { name: "m", px: 767 },
    Breakpoint { name: "l", px: 979 },
    Breakpoint {
        name: "xl",
        px: 1023,
    },
    Breakpoint {
        name: "xxl",
        px: 1279,
    },
    Breakpoint {
        name: "3xl",
        px: 1439,
    },
    Breakpoint {
        name: "4xl",
        px: 1919,
    },
];

/// The largest breakpoint a width has reached (`None` below xs).
pub fn breakpoint_for_width(width: f64) -> Option<Breakpoint> {
    let width = measured(width);
    BREAKPOINTS
        .into_iter()
        .rev()
        .find(|breakpoint| width >= f64::from(breakpoint.px))
}

/// How the footer's panels start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FooterPanels {
    pub service_groups_expanded: bool,
    pub popular_categories_expanded: bool,
}

/// Footer panels start collapsed on a viewport narrower than 767 px, on a smartphone or on the
/// MATCH platform; expanded otherwise. `width` is `None` before it is measured (then 20000).
pub fn footer_panels(width: Option<f64>, smartphone: bool, platform: Platform) -> FooterPanels {
    let width = width.map_or(UNMEASURED_WIDTH_PX, measured);
    let narrow = width < FOOTER_NARROW_BELOW_PX || smartphone || platform == Platform::Match;
    FooterPanels {
        service_groups_expanded: !narrow,
        popular_categories_expanded: !narrow,
    }
}

/// The value of a cookie in a `Cookie` header / `document.cookie` string.
pub fn cookie_value<'a>(cookies: &'a str, name: &str) -> Option<&'a str> {
    cookies
        .split(';')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| key.trim() == name)
        .map(|(_, value)| value.trim())
}

/// The footer is reduced (checkout footer) when a cookie holds an affiliate number or the new
/// app's marker.
pub fn footer_reduced(cookies: &str) -> bool {
    let present = |name| cookie_value(cookies, name).is_some_and(|value| !value.is_empty());
    present(AFFILIATE_COOKIE) || present(NEW_APP_COOKIE)
}

/// How the footer shows on a page (header spec: the checkout gets the reduced footer; newsletter
/// spec section 2: the classic view on mobile shows only each group's overview link).
#[derive(Clone, Copy, Debug, PartialEq, Eq, crate::json::Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FooterMode {
    /// The checkout's footer ([`crate::content::footer::footer_view`]'s `reduced`): the cookies
    /// say so ([`footer_reduced`]) or the page gets the reduced header (checkout).
    pub reduced: bool,
    /// The classic view on a mobile device: the CLASSIC platform (by width or forced with
    /// `forceWebshop=true`) on a smartphone ([`is_smartphone`]).
    pub classic_view: bool,
}

/// The footer's mode on a page of `page_type`, with the page's cookies, platform and device.
pub fn footer_mode(
    cookies: &str,
    page_type: &str,
    platform: Platform,
    smartphone: bool,
) -> FooterMode {
    FooterMode {
        reduced: footer_reduced(cookies)
            || crate::header::header_variant(page_type) == crate::header::HeaderVariant::Reduced,
        classic_view: platform == Platform::Classic && smartphone,
    }
}

/// The footer's newsletter block shows unless the page hides the form, the visitor's
/// `nl_status` is WAITING_FOR_DOI or SUBSCRIBED, or the footer is reduced.
pub fn footer_newsletter_visible(
    page_hides_form: bool,
    newsletter_status: Option<&str>,
    footer_reduced: bool,
) -> bool {
    let done = newsletter_status.is_some_and(|status| NEWSLETTER_DONE_STATUSES.contains(&status));
    !page_hides_form && !done && !footer_reduced
}

/// The device families the app banner cares about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Device {
    Android,
    IosChrome,
    IosOther,
    Other,
}

/// The device family from a user-agent string.
pub fn device_from_user_agent(user_agent: &str) -> Device {
    let has = |needle: &str| crate::contains_text(user_agent, needle);
    if has("Android") {
        Device::Android
    } else if has("iPhone") || has("iPad") || has("iPod") {
        if has("CriOS") {
            Device::IosChrome
        } else {
            Device::IosOther
        }
    } else {
        Device::Other
    }
}

/// A phone (not a tablet) by its user agent: `iPhone` or `iPod`, or `Mobi` (the token browsers
/// put into a phone's user agent) except on an iPad, whose Safari says `Mobile/...` too (an
/// iPad that asks for desktop sites says neither). Decides, with the platform, whether the
/// footer's panels start collapsed and whether the classic view shows only the overview links.
pub fn is_smartphone(user_agent: &str) -> bool {
    let has = |needle: &str| crate::contains_text(user_agent, needle);
    has("iPhone") || has("iPod") || (has("Mobi") && !has("iPad"))
}

/// What the app-install prompt does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AppBanner {
    /// The banner with the rating and a close control.
    Show,
    /// Add the browser's smart-app-banner hint instead (iOS browsers other than Chrome).
    SmartAppBannerHint,
    Hidden,
}

/// The app banner shows only if it was not closed before, the visitor is not inside the shop's
/// own app, the footer is not reduced, and the device is Android or iOS Chrome. Other iOS
/// browsers get the smart-app-banner hint instead: not inside the app and not with the reduced
/// (checkout) footer either, which promotes no app; the browser's own banner has its own close,
/// so the banner's closed flag does not hold it back.
pub fn app_banner(
    closed_before: bool,
    in_app: bool,
    footer_reduced: bool,
    device: Device,
) -> AppBanner {
    if in_app || footer_reduced {
        return AppBanner::Hidden;
    }
    match device {
        Device::IosOther => AppBanner::SmartAppBannerHint,
        Device::Android | Device::IosChrome if !closed_before && !footer_reduced => AppBanner::Show,
        _ => AppBanner::Hidden,
    }
}

/// Which slots of the default page layout render.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PageSlots {
    pub header: bool,
    pub footer: bool,
}

/// A content header value containing NO_HEADER hides the header, NO_FOOTER the footer.
pub fn page_slots(content_header: &str) -> PageSlots {
    PageSlots {
        header: !crate::contains_text(content_header, NO_HEADER),
        footer: !crate::contains_text(content_header, NO_FOOTER),
    }
}

/// The header's measures in pixels, in one object for the views (header spec sections 2, 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct HeaderDimensions {
    pub search_box_width_px: u32,
    pub search_box_focus_width_px: u32,
    /// The search box inside a flyout: the narrow and the wide variant.
    pub search_box_flyout_widths_px: [u32; 2],
    pub search_box_overlay_width_px: u32,
    pub store_search_focus_width_px: u32,
    pub teaser_image_width_px: u32,
    pub teaser_image_height_px: u32,
}

pub const HEADER_DIMENSIONS: HeaderDimensions = HeaderDimensions {
    search_box_width_px: SEARCH_BOX_WIDTH_PX,
    search_box_focus_width_px: SEARCH_BOX_FOCUS_WIDTH_PX,
    search_box_flyout_widths_px: [SEARCH_BOX_FLYOUT_WIDTHS_PX.0, SEARCH_BOX_FLYOUT_WIDTHS_PX.1],
    search_box_overlay_width_px: SEARCH_BOX_OVERLAY_WIDTH_PX,
    store_search_focus_width_px: STORE_SEARCH_FOCUS_WIDTH_PX,
    teaser_image_width_px: TEASER_IMAGE_SIZE.0,
    teaser_image_height_px: TEASER_IMAGE_SIZE.1,
};

/// The timing constants the fragments schedule with, in one object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    pub flyout_hover_delay_ms: u32,
    pub navigation_open_delay_ms: u32,
    pub recalculate_delay_ms: u32,
    pub overlay_hover_delay_ms: u32,
    pub sticky_scroll_debounce_ms: u32,
    pub slide_enter_ms: u32,
    pub ripple_min_ms: u32,
}

pub const TIMINGS: Timings = Timings {
    flyout_hover_delay_ms: FLYOUT_HOVER_DELAY_MS,
    navigation_open_delay_ms: NAVIGATION_OPEN_DELAY_MS,
    recalculate_delay_ms: RECALCULATE_DELAY_MS,
    overlay_hover_delay_ms: OVERLAY_HOVER_DELAY_MS,
    sticky_scroll_debounce_ms: STICKY_SCROLL_DEBOUNCE_MS,
    slide_enter_ms: SLIDE_ENTER_MS,
    ripple_min_ms: RIPPLE_MIN_MS,
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_forced_webshop_is_classic() {
        for (query, forced) in [
            ("?forceWebshop=true", Some(Platform::Classic)),
            ("page=2&forceWebshop=true", Some(Platform::Classic)),
            ("?forceWebshop=false", None),
            ("?forceWebshop", None),
            ("?xforceWebshop=true", None),
            ("", None),
        ] {
            assert_eq!(forced_platform(query), forced, "{query:?}");
        }
        // The desktop-version link forces what it promises.
        let link = crate::content::footer::desktop_version_url("/c/kaffee?page=2");
        let query = link
            .split_once('?')
            .map(|(_, query)| query)
            .unwrap_or_default();
        assert_eq!(forced_platform(query), Some(Platform::Classic));
    }

    #[test]
    fn platform_from_width_and_override() {
        let table = [
            (0.0, Platform::Match),
            (979.9, Platform::Match),
            (980.0, Platform::Tablet),
            (1439.0, Platform::Tablet),
            (1440.0, Platform::Classic),
            (f64::NAN, Platform::Classic),
            (f64::INFINITY, Platform::Classic),
            (f64::NEG_INFINITY, Platform::Match),
        ];
        for (width, platform) in table {
            assert_eq!(platform_from_width(width, None), platform, "{width}");
        }
        assert_eq!(
            platform_from_width(300.0, Some(Platform::Classic)),
            Platform::Classic
        );
    }

    #[test]
    fn sticky_rule() {
        assert!(!sticky_header(Platform::Classic, false));
        assert!(sticky_header(Platform::Classic, true));
        assert!(sticky_header(Platform::Tablet, false));
        assert!(sticky_header(Platform::Match, false));
    }

    #[test]
    fn breakpoints() {
        assert_eq!(breakpoint_for_width(300.0), None);
        assert_eq!(breakpoint_for_width(374.0).map(|b| b.name), Some("xs"));
        assert_eq!(breakpoint_for_width(800.0).map(|b| b.name), Some("m"));
        assert_eq!(breakpoint_for_width(1919.0).map(|b| b.name), Some("4xl"));
        let px: Vec<u32> = BREAKPOINTS.iter().map(|b| b.px).collect();
        assert_eq!(px, [374, 667, 767, 979, 1023, 1279, 1439, 1919]);
        // The spec's names, which the stylesheets' custom properties and editors' cutouts use.
        let names: Vec<&str> = BREAKPOINTS.iter().map(|b| b.name).collect();
        assert_eq!(names, ["xs", "s", "m", "l", "xl", "xxl", "3xl", "4xl"]);
    }

    #[test]
    fn footer_panel_start_state() {
        let open = FooterPanels {
            service_groups_expanded: true,
            popular_categories_expanded: true,
        };
        let closed = FooterPanels {
            service_groups_expanded: false,
            popular_categories_expanded: false,
        };
        assert_eq!(footer_panels(None, false, Platform::Classic), open);
        assert_eq!(footer_panels(Some(767.0), false, Platform::Tablet), open);
        assert_eq!(footer_panels(Some(766.0), false, Platform::Tablet), closed);
        assert_eq!(footer_panels(Some(1200.0), true, Platform::Tablet), closed);
        assert_eq!(footer_panels(Some(1200.0), false, Platform::Match), closed);
        assert_eq!(
            footer_panels(Some(f64::NAN), false, Platform::Classic),
            open
        );
    }

    #[test]
    fn the_footers_mode_follows_cookies_page_platform_and_device() {
        let mode = |cookies, page, platform, smartphone| {
            let FooterMode {
                reduced,
                classic_view,
            } = footer_mode(cookies, page, platform, smartphone);
            (reduced, classic_view)
        };
        assert_eq!(mode("", "home", Platform::Classic, false), (false, false));
        assert_eq!(mode("", "checkout", Platform::Match, false), (true, false));
        assert_eq!(
            mode("", " Checkout ", Platform::Tablet, false),
            (true, false)
        );
        assert_eq!(
            mode("affiliateNumber=4711", "home", Platform::Match, false),
            (true, false)
        );
        assert_eq!(mode("", "home", Platform::Classic, true), (false, true));
        assert_eq!(mode("", "home", Platform::Tablet, true), (false, false));
        assert_eq!(
            mode("shopNewApp=1", "checkout", Platform::Classic, true),
            (true, true)
        );
    }

    #[test]
    fn reduced_footer_from_cookies() {
        assert!(!footer_reduced(""));
        assert!(!footer_reduced("session=abc; affiliateNumber="));
        assert!(footer_reduced("session=abc; affiliateNumber=4711"));
        assert!(footer_reduced("shopNewApp=1"));
        assert!(!footer_reduced("xaffiliateNumber=1"));
        assert_eq!(cookie_value("a=1; b = 2 ", "b"), Some("2"));
    }

    #[test]
    fn newsletter_block_visibility() {
        assert!(footer_newsletter_visible(false, None, false));
        assert!(footer_newsletter_visible(
            false,
            Some("UNSUBSCRIBED"),
            false
        ));
        assert!(!footer_newsletter_visible(
            false,
            Some("WAITING_FOR_DOI"),
            false
        ));
        assert!(!footer_newsletter_visible(false, Some("SUBSCRIBED"), false));
        assert!(!footer_newsletter_visible(true, None, false));
        assert!(!footer_newsletter_visible(false, None, true));
    }

    #[test]
    fn app_banner_rules() {
        const ANDROID: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile";
        const IOS_CHROME: &str =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) CriOS/126 Mobile";
        const IOS_SAFARI: &str =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Safari";
        const DESKTOP: &str = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126";
        let device = device_from_user_agent;
        assert_eq!(device(ANDROID), Device::Android);
        assert_eq!(device(IOS_CHROME), Device::IosChrome);
        assert_eq!(device(IOS_SAFARI), Device::IosOther);
        assert_eq!(device(DESKTOP), Device::Other);
        const IPAD: &str = "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 \
             (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1";
        const IPAD_DESKTOP: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) \
             AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
        const ANDROID_TABLET: &str = "Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/126";
        for (user_agent, phone) in [
            (ANDROID, true),
            (IOS_CHROME, true),
            (IOS_SAFARI, true),
            ("Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8)", true),
            (IPAD, false),
            (IPAD_DESKTOP, false),
            (ANDROID_TABLET, false),
            (DESKTOP, false),
            ("", false),
        ] {
            assert_eq!(is_smartphone(user_agent), phone, "{user_agent}");
        }
        assert_eq!(
            app_banner(false, false, false, Device::Android),
            AppBanner::Show
        );
        assert_eq!(
            app_banner(false, false, false, Device::IosChrome),
            AppBanner::Show
        );
        assert_eq!(
            app_banner(true, false, false, Device::Android),
            AppBanner::Hidden
        );
        assert_eq!(
            app_banner(false, true, false, Device::Android),
            AppBanner::Hidden
        );
        assert_eq!(
            app_banner(false, false, true, Device::Android),
            AppBanner::Hidden
        );
        assert_eq!(
            app_banner(false, false, false, Device::Other),
            AppBanner::Hidden
        );
        assert_eq!(
            app_banner(false, false, false, Device::IosOther),
            AppBanner::SmartAppBannerHint
        );
        assert_eq!(
            app_banner(false, true, false, Device::IosOther),
            AppBanner::Hidden
        );
        assert_eq!(
            app_banner(false, false, true, Device::IosOther),
            AppBanner::Hidden,
            "no app hint with the reduced (checkout) footer"
        );
        assert_eq!(
            app_banner(true, false, false, Device::IosOther),
            AppBanner::SmartAppBannerHint,
            "the browser's banner has its own close"
        );
        assert_eq!(
            app_banner(false, true, false, Device::IosOther),
            AppBanner::Hidden
        );
    }

    /// An iPad is an iOS device (the app banner's rule: Chrome on it gets the banner, other
    /// browsers the smart-app-banner hint), though not a phone.
    #[test]
    fn an_ipad_is_an_ios_device() {
        const IPAD_SAFARI: &str = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) \
             AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
        const IPAD_CHROME: &str = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) \
             AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1";
        for (user_agent, device, banner) in [
            (IPAD_SAFARI, Device::IosOther, AppBanner::SmartAppBannerHint),
            (IPAD_CHROME, Device::IosChrome, AppBanner::Show),
        ] {
            assert_eq!(device_from_user_agent(user_agent), device, "{user_agent}");
            assert_eq!(app_banner(false, false, false, device), banner);
            assert!(!is_smartphone(user_agent), "{user_agent}");
        }
    }

    /// A cookie's value runs from the first `=` to the `;` (base64 values end in `=`).
    #[test]
    fn a_cookie_value_may_hold_equals_signs() {
        assert_eq!(
            cookie_value("token=YWJj==; affiliateNumber=4711", "token"),
            Some("YWJj==")
        );
        assert!(footer_reduced("session=1; affiliateNumber=NDcxMQ=="));
    }

    /// The timings and the header's measures are the specs' (header spec section 9, newsletter
    /// spec section 9, header spec section 2 "Search box").
    #[test]
    fn timings_and_measures_are_the_specs() {
        assert_eq!(
            TIMINGS,
            Timings {
                flyout_hover_delay_ms: 200,
                navigation_open_delay_ms: 300,
                recalculate_delay_ms: 500,
                overlay_hover_delay_ms: 1_000,
                sticky_scroll_debounce_ms: 50,
                slide_enter_ms: 600,
                ripple_min_ms: 250,
            }
        );
        assert_eq!(
            HEADER_DIMENSIONS,
            HeaderDimensions {
                search_box_width_px: 170,
                search_box_focus_width_px: 408,
                search_box_flyout_widths_px: [270, 350],
                search_box_overlay_width_px: 550,
                store_search_focus_width_px: 350,
                teaser_image_width_px: 488,
                teaser_image_height_px: 287,
            }
        );
        assert_eq!((APP_RATING_STARS, APP_RATING_COUNT_TEXT), (5, "(89k)"));
    }

    #[test]
    fn content_headers_hide_slots() {
        assert_eq!(
            page_slots(""),
            PageSlots {
                header: true,
                footer: true
            }
        );
        assert_eq!(
            page_slots("NO_HEADER"),
            PageSlots {
                header: false,
                footer: true
            }
        );
        assert_eq!(
            page_slots("x,NO_FOOTER"),
            PageSlots {
                header: true,
                footer: false
            }
        );
        assert_eq!(
            page_slots("NO_HEADER NO_FOOTER"),
            PageSlots {
                header: false,
                footer: false
            }
        );
    }

    #[test]
    fn a_rating_is_clamped_rounded_and_written_as_its_site_writes_numbers() {
        use StarFill::{Empty, Full, Half};
        let table: [(f64, &str, [StarFill; 5]); 10] = [
            (4.5, "4,5", [Full, Full, Full, Full, Half]),
            (4.45, "4,5", [Full, Full, Full, Full, Half]),
            (4.2, "4,2", [Full, Full, Full, Full, Empty]),
            (4.3, "4,3", [Full, Full, Full, Full, Half]),
            (0.2, "0,2", [Empty, Empty, Empty, Empty, Empty]),
            (0.0, "0", [Empty, Empty, Empty, Empty, Empty]),
            (5.0, "5", [Full, Full, Full, Full, Full]),
            (7.0, "5", [Full, Full, Full, Full, Full]),
            (-1.0, "0", [Empty, Empty, Empty, Empty, Empty]),
            (f64::NAN, "0", [Empty, Empty, Empty, Empty, Empty]),
        ];
        for (value, label, stars) in table {
            let view = rating_view(value, Site::De);
            assert_eq!(view.value, label, "{value}");
            assert_eq!(view.max, "5");
            assert_eq!(view.stars, stars, "{value}");
        }
        assert_eq!(rating_view(f64::INFINITY, Site::De).value, "0");
        for site in Site::ALL {
            let expected = if matches!(site, Site::Ch | Site::ChFr) {
                "4.5"
            } else {
                "4,5"
            };
            assert_eq!(rating_view(4.5, site).value, expected, "{site:?}");
        }
    }

    proptest! {
        #[test]
        fn layout_rules_are_total(width in any::<f64>(), text in any::<String>(), flags in any::<(bool, bool, bool)>()) {
            let platform = platform_from_width(width, None);
            let _ = sticky_header(platform, flags.0);
            let _ = breakpoint_for_width(width);
            let _ = footer_panels(Some(width), flags.1, platform);
            let _ = footer_reduced(&text);
            let _ = footer_newsletter_visible(flags.0, Some(&text), flags.2);
            let _ = app_banner(flags.0, flags.1, flags.2, device_from_user_agent(&text));
            let _ = is_smartphone(&text);
            let _ = page_slots(&text);
        }

        #[test]
        fn a_rating_always_has_its_five_stars_in_order(value in any::<f64>()) {
            for site in Site::ALL {
                let view = rating_view(value, site);
                prop_assert_eq!(view.stars.len(), RATING_MAX as usize);
                let rank = |fill: &StarFill| match fill {
                    StarFill::Full => 0,
                    StarFill::Half => 1,
                    StarFill::Empty => 2,
                };
                prop_assert!(view.stars.windows(2).all(|pair| rank(&pair[0]) <= rank(&pair[1])));
                prop_assert!(view.stars.iter().filter(|fill| **fill == StarFill::Half).count() <= 1);
                prop_assert_eq!(view.max, "5");
            }
        }
    }
}
