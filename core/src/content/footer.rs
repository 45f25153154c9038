//! The per-site footer document (newsletter spec section 2 "Footer", section 3 "Footer content
//! per site", section 4 "Footer newsletter block", section 7 `GET
//! /service/promotion/api/promotion/SHOP_FOOTER`, section 8 "a failed footer fetch returns
//! nothing silently").
//!
//! The footer is fetched as the promotion [`FOOTER_KEY`]; its `contentJSON` holds the document.
//! Every part is optional and read leniently: a part of the wrong shape is left out, links
//! must pass [`safe_url`] (unsafe ones are dropped), http and mailto links open in a new tab
//! with no referrer, unknown icon names leave the icon out, and logo sources become image
//! files under [`FOOTER_IMAGE_PATH`].
//!
//! Link entries are read as `{ "link": { "url", "text" } }` or directly as `{ "url", "text" }`;
//! a link needs both a safe URL and a text.

use crate::json::Value;
use crate::json::{Json, ToJson};

use super::link::{LinkTarget, link_target, safe_url};
use super::{at, count_at, embedded_object, flag_at, items_at, parse_document, text_at};

/// The promotion key of the footer document (spec section 9: "Footer key SHOP_FOOTER").
pub const FOOTER_KEY: &str = "SHOP_FOOTER";

/// Where logo and teaser-image sources live (spec section 3: "Logo sources map to image files
/// under a footer-images path"): `visa` is `/img/footer/visa.svg`.
pub const FOOTER_IMAGE_PATH: &str = "/img/footer/";

/// The file type of footer images.
pub const FOOTER_IMAGE_EXTENSION: &str = ".svg";

/// The longest accepted logo source name.
pub const MAX_IMAGE_SOURCE_LENGTH: usize = 64;

/// The query parameter that forces the desktop webshop (spec section 2: "A link to the desktop
/// version ... built from the current path with a forced-webshop parameter").
pub const FORCE_WEBSHOP_PARAM: &str = "forceWebshop";

/// The forced-webshop parameter with its value.
pub const FORCE_WEBSHOP_QUERY: &str = "forceWebshop=true";

/// The URL by which a legal link is marked as the one opening the consent settings (spec
/// section 2: "A legal link opens the consent settings"); it becomes a button, not a link.
pub const CONSENT_SETTINGS_URL: &str = "#consent-settings";

/// A footer icon (spec section 3 "Icon names"). Serialised in snake_case as the icon names
/// are spelled; the 30-day-return icon is `return_30_days`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FooterIcon {
    Android,
    Appleinc,
    BranchStore,
    ClickCollect,
    Contact,
    DeliveryViaHaulageCompany,
    EasyPay,
    Facebook,
    FreeShipping,
    Instagram,
    Linkedin,
    Pinterest,
    ReturnShipping,
    ServiceInfo,
    Twitter,
    Xing,
    Youtube,
    /// The loyalty-card icon (`loyalty_card`, `tchibo_card`).
    LoyaltyCard,
    /// The meeting / near-you icon (`near_you`, `meeting`).
    NearYou,
    /// The 30-day-return icon (`thirty_day_return`).
    #[serde(rename = "return_30_days")]
    Return30Days,
}

/// The icon for an icon name from the footer document (spec section 3 "Icon names"; trimmed,
/// case-insensitive); `None` for an unknown name, which leaves the icon out.
pub fn footer_icon(name: &str) -> Option<FooterIcon> {
    use FooterIcon::*;
    let icon = match name.trim().to_ascii_lowercase().as_str() {
        "android" => Android,
        "appleinc" => Appleinc,
        "branch_store" => BranchStore,
        "click_collect" => ClickCollect,
        "contact" => Contact,
        "delivery_via_haulage_company" => DeliveryViaHaulageCompany,
        "easy_pay" => EasyPay,
        "facebook" => Facebook,
        "free_shipping" => FreeShipping,
        "instagram" => Instagram,
        "linkedin" => Linkedin,
        "pinterest" => Pinterest,
        "return_shipping" => ReturnShipping,
        "service_info" => ServiceInfo,
        "twitter" => Twitter,
        "xing" => Xing,
        "youtube" => Youtube,
        "loyalty_card" | "tchibo_card" => LoyaltyCard,
        "near_you" | "meeting" => NearYou,
        "thirty_day_return" => Return30Days,
        _ => return None,
    };
    Some(icon)
}

/// The image file of a logo or teaser-image source (spec section 3: logo sources map to image
/// files under a footer-images path): `visa` is `/img/footer/visa.svg`. The source is trimmed
/// and lowercased and must then be 1 to [`MAX_IMAGE_SOURCE_LENGTH`] characters of
/// `[a-z0-9_-]`; anything else gives `None` (the image is dropped).
pub fn footer_image_path(source: &str) -> Option<String> {
    let source = source.trim().to_ascii_lowercase();
    let valid = !source.is_empty()
        && source.len() <= MAX_IMAGE_SOURCE_LENGTH
        && source
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    valid.then(|| [FOOTER_IMAGE_PATH, &source, FOOTER_IMAGE_EXTENSION].concat())
}

/// The URL the footer document is fetched from (spec section 7): the promotion service's path
/// ([`PROMOTION_PATH`](super::promotion::PROMOTION_PATH)) with the key [`FOOTER_KEY`].
pub const FOOTER_DOCUMENT_PATH: &str = "/service/promotion/api/promotion/SHOP_FOOTER";

/// The A/B test service's assignment call, fired when the footer loads; its answer is not used
/// (spec section 7).
pub const AB_TEST_ASSIGNMENT_PATH: &str = "/service/abtestfrontend/api/v1/getassignment";

/// Where the app banner's closed flag is kept (`localStorage`; spec section 4 "App banner":
/// closing stores a closed flag locally).
pub const APP_BANNER_CLOSED_KEY: &str = "shop.appBannerClosed";

/// The window event the consent-settings legal link dispatches (spec section 2: "A legal link
/// opens the consent settings"); the page's consent-management integration listens for it.
pub const CONSENT_SETTINGS_EVENT: &str = "shop:consent-settings";

/// The footer's calls (spec section 7) and the app banner's fixed parts, for the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FooterSettings {
    /// The footer document (GET; 404 or any failure means no footer).
    pub document_path: &'static str,
    /// The visitor data with `nl_status` (GET, never cached), for the newsletter block.
    pub newsletter_status_path: &'static str,
    /// Fired on footer load; the answer is ignored.
    pub ab_test_assignment_path: &'static str,
    /// The app banner's stars (spec section 9: 5 stars).
    pub app_rating_stars: u32,
    /// The text after the stars (spec section 9: "(89k)").
    pub app_rating_count_text: &'static str,
    pub app_banner_closed_key: &'static str,
    pub consent_settings_event: &'static str,
    /// The largest footer answer read ([`super::MAX_DOCUMENT_BYTES`]): a body longer than this
    /// in UTF-16 units is surely longer in bytes, so the fragment can drop it without handing
    /// it to the core (whose memory would keep the room it took).
    pub max_document_bytes: usize,
}

pub const FOOTER_SETTINGS: FooterSettings = FooterSettings {
    document_path: FOOTER_DOCUMENT_PATH,
    newsletter_status_path: super::visitor::NEWSLETTER_STATUS_PATH,
    ab_test_assignment_path: AB_TEST_ASSIGNMENT_PATH,
    app_rating_stars: crate::layout::APP_RATING_STARS,
    app_rating_count_text: crate::layout::APP_RATING_COUNT_TEXT,
    app_banner_closed_key: APP_BANNER_CLOSED_KEY,
    consent_settings_event: CONSENT_SETTINGS_EVENT,
    max_document_bytes: super::MAX_DOCUMENT_BYTES,
};

/// The footer of a site (spec section 3 "Footer content per site").
#[derive(Clone, Debug, Default, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    /// The service groups (expandable panels).
    pub teaser_groups: Vec<TeaserGroup>,
    /// The popular-categories panel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seo: Option<SeoPanel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub social_media: Option<IconGroup>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub app_references: Option<IconGroup>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality_logos: Option<QualityLogos>,
    pub legal_links: Vec<LegalLink>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view_changer: Option<ViewChanger>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sales_tax: Option<SalesTax>,
}

/// A text link of the footer: a text and a checked [`LinkTarget`].
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FooterLink {
    pub text: String,
    pub target: LinkTarget,
}

/// A service group (spec section 3: heading, hideGroupInCheckout, introductoryText, links,
/// images). A group with no heading text, introductory text, links or images is left out.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TeaserGroup {
    pub heading: GroupHeading,
    pub hide_group_in_checkout: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub introductory_text: Option<String>,
    pub links: Vec<TeaserLink>,
    pub images: Vec<FooterImage>,
}

/// A group heading: `iconName` and `link {url, text}`. The text stays when the link is unsafe
/// and the rest stays when the icon name is unknown.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GroupHeading {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<FooterIcon>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<LinkTarget>,
}

/// A link of a service group, with its `hideInClassic` flag.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TeaserLink {
    pub text: String,
    pub target: LinkTarget,
    pub hide_in_classic: bool,
}

/// An image of a service group (`label`, `source`).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FooterImage {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// [`footer_image_path`] of the source.
    pub src: String,
}

/// The popular-categories panel (spec section 3: seo with heading and columns of links).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SeoPanel {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    /// Each column a list of links (or `{ "links": [...] }`); empty columns are left out.
    pub columns: Vec<Vec<FooterLink>>,
}

/// The social-media or app-store icons (spec section 3: heading, icons with link). Left out
/// when no icon is usable.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct IconGroup {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    pub icons: Vec<IconLink>,
}

/// An icon link: entry `{ "icon" | "iconName", "link": {url, text} | "url" }`. Entries with an
/// unknown icon or no safe link are dropped. `label` (the link text, else `label`) is the
/// accessible name.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct IconLink {
    pub icon: FooterIcon,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub target: LinkTarget,
}

/// The quality and payment logos (spec section 3: heading, logos with link, image label,
/// source, width, height). Left out when no logo is usable.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct QualityLogos {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    pub logos: Vec<QualityLogo>,
}

/// One logo; dropped when its source is unusable. `link` may be a URL string or `{url}`.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct QualityLogo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// [`footer_image_path`] of the source.
    pub src: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<LinkTarget>,
}

/// A legal link. The one whose URL is [`CONSENT_SETTINGS_URL`] opens the consent settings
/// (spec section 2) and has no target: render it as a button.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LegalLink {
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<LinkTarget>,
    pub opens_consent_settings: bool,
}

/// The mobile / desktop view switch texts (spec section 3: viewChanger toMobile, toDesktop).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ViewChanger {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_mobile: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_desktop: Option<String>,
}

/// The sales-tax note (spec section 3: text before link, link, text after).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SalesTax {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_before_link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<FooterLink>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_after_link: Option<String>,
}

/// The footer in a `SHOP_FOOTER` response body `{ "contentJSON": "<json string>" }`
/// (contentJSON may also be an object). `None` when the body or the document is not a JSON
/// object, is above [`super::MAX_DOCUMENT_BYTES`], has no contentJSON, or has no legal link
/// (spec section 7: any failure means no footer). A shop's footer always carries its legal
/// links (imprint, privacy, terms); a document without one is not the footer (an empty one, the
/// footer wrapped in another object, another content's document), and the page keeps the footer
/// it has, legal links and tax note included, rather than trading it for one without them.
pub fn parse_footer(body: &str) -> Option<Footer> {
    let mut body = parse_document(body)?;
    let document = Value::Object(embedded_object(body.get_mut("contentJSON")?.take())?);
    let footer = footer_from(&document);
    (!footer.legal_links.is_empty()).then_some(footer)
}

/// The footer as shown (spec section 2 "Footer behaviour").
///
/// `reduced` (the checkout footer) leaves out the groups flagged hideGroupInCheckout, the
/// popular-categories (seo) panel and the social and app icon groups (the newsletter block is
/// not part of the document: `crate::layout::footer_newsletter_visible` decides it).
///
/// `classic_view` leaves out the links flagged hideInClassic. Reading of "in the classic view
/// on mobile only the overview link is shown": the editors flag every link of a group except
/// its overview link, so dropping the flagged links leaves each group with its overview link;
/// the caller passes `classic_view` from [`crate::layout::footer_mode`] (CLASSIC on a smartphone).
pub fn footer_view(footer: Footer, reduced: bool, classic_view: bool) -> Footer {
    let mut view = footer;
    if reduced {
        view.teaser_groups
            .retain(|group| !group.hide_group_in_checkout);
        view.seo = None;
        view.social_media = None;
        view.app_references = None;
    }
    if classic_view {
        for group in &mut view.teaser_groups {
            group.links.retain(|link| !link.hide_in_classic);
        }
    }
    view
}

/// The link to the desktop version (spec section 2: built from the current path with a
/// forced-webshop parameter): the same-origin path and query with [`FORCE_WEBSHOP_QUERY`]
/// appended (an existing `forceWebshop` parameter is replaced, the fragment kept). Anything
/// that is not a same-origin path (`/...`, see [`safe_url`]) gives `/?forceWebshop=true`.
pub fn desktop_version_url(current_path_and_query: &str) -> String {
    with_force_webshop(current_path_and_query, true)
}

/// The link back from the forced desktop version: the same path and query without the
/// `forceWebshop` parameter (an empty query left out, the fragment kept); `/` for anything that
/// is not a same-origin path.
pub fn mobile_version_url(current_path_and_query: &str) -> String {
    with_force_webshop(current_path_and_query, false)
}

/// The current same-origin path and query without its `forceWebshop` parameter, with
/// [`FORCE_WEBSHOP_QUERY`] appended when `force`.
fn with_force_webshop(current_path_and_query: &str, force: bool) -> String {
    let current = safe_url(current_path_and_query)
        .filter(|url| url.starts_with('/'))
        .unwrap_or_else(|| "/".to_owned());
    let (path, query, fragment) = crate::url::url_parts(&current);
    let mut parameters: Vec<&str> = query
        .split('&')
        .filter(|parameter| {
            !parameter.is_empty()
                && parameter.split('=').next().unwrap_or_default() != FORCE_WEBSHOP_PARAM
        })
        .collect();
    if force {
        parameters.push(FORCE_WEBSHOP_QUERY);
    }
    let mut url = String::with_capacity(current.len() + FORCE_WEBSHOP_QUERY.len() + 2);
    url.push_str(path);
    if !parameters.is_empty() {
        url.push('?');
        url.push_str(&parameters.join("&"));
    }
    if let Some(fragment) = fragment {
        url.push('#');
        url.push_str(fragment);
    }
    url
}

/// Which way the footer's view changer leads (footer document `viewChanger`: `toDesktop`,
/// `toMobile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ViewChange {
    ToDesktop,
    ToMobile,
}

/// The footer's view-changer link: its direction (the text is the footer document's
/// `viewChanger.toDesktop` or `toMobile`) and URL.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ViewChangeLink {
    pub change: ViewChange,
    pub url: String,
}

/// The view changer of a page (spec section 2: "A link to the desktop version is shown on
/// non-app clients, built from the current path with a forced-webshop parameter"): none inside
/// the shop's app; on a page forced to the desktop version (`forceWebshop=true`) the way back
/// (`toMobile`, [`mobile_version_url`]); on a MATCH or TABLET page the way to the desktop
/// version ([`desktop_version_url`]); none on a page that is CLASSIC by its width, which is the
/// desktop version already.
pub fn view_change_link(
    in_app: bool,
    platform: crate::layout::Platform,
    current_path_and_query: &str,
) -> Option<ViewChangeLink> {
    if in_app {
        return None;
    }
    let (_, query, _) = crate::url::url_parts(current_path_and_query);
    if crate::layout::forced_platform(query).is_some() {
        Some(ViewChangeLink {
            change: ViewChange::ToMobile,
            url: mobile_version_url(current_path_and_query),
        })
    } else if platform != crate::layout::Platform::Classic {
        Some(ViewChangeLink {
            change: ViewChange::ToDesktop,
            url: desktop_version_url(current_path_and_query),
        })
    } else {
        None
    }
}

fn footer_from(document: &Value) -> Footer {
    Footer {
        headline: text_at(document, &["headline"]),
        teaser_groups: items_at(document, &["teaserGroups"])
            .iter()
            .filter_map(teaser_group)
            .collect(),
        seo: seo_panel(document.get("seo")),
        social_media: icon_group(document.get("socialMedia")),
        app_references: icon_group(document.get("appReferences")),
        quality_logos: quality_logos(document.get("qualityLogos")),
        legal_links: items_at(document, &["legalLinks"])
            .iter()
            .filter_map(legal_link)
            .collect(),
        view_changer: view_changer(document.get("viewChanger")),
        sales_tax: sales_tax(document.get("salesTax")),
    }
}

/// The object holding `url` and `text` of a link entry: its `link` object, else the entry.
fn link_object(entry: &Value) -> &Value {
    match entry.get("link") {
        Some(link @ Value::Object(_)) => link,
        _ => entry,
    }
}

fn footer_link(entry: &Value) -> Option<FooterLink> {
    let link = link_object(entry);
    Some(FooterLink {
        target: link_target(&text_at(link, &["url"])?, false)?,
        text: text_at(link, &["text"])?,
    })
}

/// A link given as a URL string or as an object with `url`.
fn url_target(value: Option<&Value>) -> Option<LinkTarget> {
    match value? {
        Value::String(url) => link_target(url, false),
        object => link_target(&text_at(object, &["url"])?, false),
    }
}

fn teaser_group(group: &Value) -> Option<TeaserGroup> {
    let heading_link = at(group, &["heading", "link"]);
    let heading = GroupHeading {
        icon: text_at(group, &["heading", "iconName"]).and_then(|name| footer_icon(&name)),
        text: heading_link.and_then(|link| text_at(link, &["text"])),
        target: heading_link.and_then(|link| url_target(Some(link))),
    };
    let links: Vec<TeaserLink> = items_at(group, &["links"])
        .iter()
        .filter_map(|entry| {
            let link = footer_link(entry)?;
            Some(TeaserLink {
                text: link.text,
                target: link.target,
                hide_in_classic: flag_at(entry, &["hideInClassic"]),
            })
        })
        .collect();
    let images: Vec<FooterImage> = items_at(group, &["images"])
        .iter()
        .filter_map(|image| {
            Some(FooterImage {
                label: text_at(image, &["label"]),
                src: footer_image_path(&text_at(image, &["source"])?)?,
            })
        })
        .collect();
    let introductory_text = text_at(group, &["introductoryText"]);
    let shows_something = heading.text.is_some()
        || introductory_text.is_some()
        || !links.is_empty()
        || !images.is_empty();
    shows_something.then(|| TeaserGroup {
        heading,
        hide_group_in_checkout: flag_at(group, &["hideGroupInCheckout"]),
        introductory_text,
        links,
        images,
    })
}

fn seo_panel(seo: Option<&Value>) -> Option<SeoPanel> {
    let seo = seo?;
    let columns: Vec<Vec<FooterLink>> = items_at(seo, &["columns"])
        .iter()
        .map(|column| {
            let entries = match column {
                Value::Array(entries) => entries.as_slice(),
                other => items_at(other, &["links"]),
            };
            entries.iter().filter_map(footer_link).collect::<Vec<_>>()
        })
        .filter(|column| !column.is_empty())
        .collect();
    let heading = text_at(seo, &["heading"]);
    (heading.is_some() || !columns.is_empty()).then_some(SeoPanel { heading, columns })
}

fn icon_group(group: Option<&Value>) -> Option<IconGroup> {
    let group = group?;
    let icons: Vec<IconLink> = items_at(group, &["icons"])
        .iter()
        .filter_map(|entry| {
            let name = text_at(entry, &["icon"]).or_else(|| text_at(entry, &["iconName"]))?;
            let link = link_object(entry);
            Some(IconLink {
                icon: footer_icon(&name)?,
                label: text_at(link, &["text"]).or_else(|| text_at(entry, &["label"])),
                target: url_target(entry.get("link"))
                    .or_else(|| link_target(entry.get("url")?.as_str()?, false))?,
            })
        })
        .collect();
    (!icons.is_empty()).then(|| IconGroup {
        heading: text_at(group, &["heading"]),
        icons,
    })
}

fn quality_logos(group: Option<&Value>) -> Option<QualityLogos> {
    let group = group?;
    let logos: Vec<QualityLogo> = items_at(group, &["logos"])
        .iter()
        .filter_map(|logo| {
            Some(QualityLogo {
                label: text_at(logo, &["label"]),
                src: footer_image_path(&text_at(logo, &["source"])?)?,
                width: count_at(logo, &["width"]).filter(|width| *width > 0),
                height: count_at(logo, &["height"]).filter(|height| *height > 0),
                target: url_target(logo.get("link")),
            })
        })
        .collect();
    (!logos.is_empty()).then(|| QualityLogos {
        heading: text_at(group, &["heading"]),
        logos,
    })
}

fn legal_link(entry: &Value) -> Option<LegalLink> {
    let link = link_object(entry);
    let text = text_at(link, &["text"])?;
    let url = text_at(link, &["url"])?;
    if url.trim().eq_ignore_ascii_case(CONSENT_SETTINGS_URL) {
        return Some(LegalLink {
            text,
            target: None,
            opens_consent_settings: true,
        });
    }
    Some(LegalLink {
        text,
        target: Some(link_target(&url, false)?),
        opens_consent_settings: false,
    })
}

fn view_changer(changer: Option<&Value>) -> Option<ViewChanger> {
    let changer = changer?;
    let to_mobile = text_at(changer, &["toMobile"]);
    let to_desktop = text_at(changer, &["toDesktop"]);
    (to_mobile.is_some() || to_desktop.is_some()).then_some(ViewChanger {
        to_mobile,
        to_desktop,
    })
}

fn sales_tax(note: Option<&Value>) -> Option<SalesTax> {
    let note = note?;
    let tax = SalesTax {
        text_before_link: text_at(note, &["textBeforeLink"]),
        link: note.get("link").and_then(footer_link),
        text_after_link: text_at(note, &["textAfterLink"]),
    };
    (tax.text_before_link.is_some() || tax.link.is_some() || tax.text_after_link.is_some())
        .then_some(tax)
}

#[cfg(test)]
mod tests {
    use super::super::link::NEW_TAB_REL;
    use super::super::strategies;
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    fn internal(href: &str) -> LinkTarget {
        LinkTarget {
            href: href.into(),
            new_tab: false,
            rel: None,
        }
    }

    fn external(href: &str) -> LinkTarget {
        LinkTarget {
            href: href.into(),
            new_tab: true,
            rel: Some(NEW_TAB_REL.into()),
        }
    }

    fn link(text: &str, target: LinkTarget) -> FooterLink {
        FooterLink {
            text: text.into(),
            target,
        }
    }

    fn s(text: &str) -> Option<String> {
        Some(text.to_owned())
    }

    fn document() -> Value {
        json!({
            "headline": "Service & Hilfe",
            "teaserGroups": [
                {
                    "heading": {"iconName": "contact", "link": {"url": "/contact", "text": "Kontakt"}},
                    "hideGroupInCheckout": false,
                    "introductoryText": "Wir sind für Sie da",
                    "links": [
                        {"link": {"url": "/service", "text": "Übersicht"}},
                        {"link": {"url": "/faq", "text": "FAQ"}, "hideInClassic": true},
                        {"link": {"url": "mailto:service@example.com", "text": "E-Mail"}, "hideInClassic": true},
                    ],
                    "images": [{"label": "Visa", "source": "visa"}],
                },
                {
                    "heading": {"iconName": "tchibo_card", "link": {"url": "/tchibocard", "text": "Karte"}},
                    "hideGroupInCheckout": true,
                    "links": [{"link": {"url": "/tchibocard/register", "text": "Registrieren"}}],
                    "images": [],
                },
            ],
            "seo": {
                "heading": "Beliebte Kategorien",
                "columns": [
                    [{"url": "/c/kaffee", "text": "Kaffee"}, {"link": {"url": "/c/mode", "text": "Mode"}}],
                    {"links": [{"url": "/c/garten", "text": "Garten"}]},
                    [],
                ],
            },
            "socialMedia": {
                "heading": "Folgen Sie uns",
                "icons": [
                    {"icon": "facebook", "link": {"url": "https://facebook.com/shop", "text": "Facebook"}},
                    {"iconName": "instagram", "link": "https://instagram.com/shop"},
                ],
            },
            "appReferences": {
                "heading": "Unsere App",
                "icons": [{"icon": "appleinc", "link": {"url": "https://apps.apple.com/x", "text": "App Store"}}],
            },
            "qualityLogos": {
                "heading": "Sicher einkaufen",
                "logos": [{"link": "https://trust.example", "label": "Trusted", "source": "trusted_shops", "width": 40, "height": "40"}],
            },
            "legalLinks": [
                {"url": "/impressum", "text": "Impressum"},
                {"link": {"url": "#consent-settings", "text": "Cookie-Einstellungen"}},
            ],
            "viewChanger": {"toMobile": "Zur mobilen Ansicht", "toDesktop": "Zur Desktop-Ansicht"},
            "salesTax": {
                "textBeforeLink": "Alle Preise inkl. MwSt., zzgl. ",
                "link": {"url": "/versandkosten", "text": "Versandkosten"},
                "textAfterLink": ".",
            },
        })
    }

    fn expected() -> Footer {
        Footer {
            headline: s("Service & Hilfe"),
            teaser_groups: vec![
                TeaserGroup {
                    heading: GroupHeading {
                        icon: Some(FooterIcon::Contact),
                        text: s("Kontakt"),
                        target: Some(internal("/contact")),
                    },
                    hide_group_in_checkout: false,
                    introductory_text: s("Wir sind für Sie da"),
                    links: vec![
                        TeaserLink {
                            text: "Übersicht".into(),
                            target: internal("/service"),
                            hide_in_classic: false,
                        },
                        TeaserLink {
                            text: "FAQ".into(),
                            target: internal("/faq"),
                            hide_in_classic: true,
                        },
                        TeaserLink {
                            text: "E-Mail".into(),
                            target: external("mailto:service@example.com"),
                            hide_in_classic: true,
                        },
                    ],
                    images: vec![FooterImage {
                        label: s("Visa"),
                        src: "/img/footer/visa.svg".into(),
                    }],
                },
                TeaserGroup {
                    heading: GroupHeading {
                        icon: Some(FooterIcon::LoyaltyCard),
                        text: s("Karte"),
                        target: Some(internal("/tchibocard")),
                    },
                    hide_group_in_checkout: true,
                    introductory_text: None,
                    links: vec![TeaserLink {
                        text: "Registrieren".into(),
                        target: internal("/tchibocard/register"),
                        hide_in_classic: false,
                    }],
                    images: Vec::new(),
                },
            ],
            seo: Some(SeoPanel {
                heading: s("Beliebte Kategorien"),
                columns: vec![
                    vec![
                        link("Kaffee", internal("/c/kaffee")),
                        link("Mode", internal("/c/mode")),
                    ],
                    vec![link("Garten", internal("/c/garten"))],
                ],
            }),
            social_media: Some(IconGroup {
                heading: s("Folgen Sie uns"),
                icons: vec![
                    IconLink {
                        icon: FooterIcon::Facebook,
                        label: s("Facebook"),
                        target: external("https://facebook.com/shop"),
                    },
                    IconLink {
                        icon: FooterIcon::Instagram,
                        label: None,
                        target: external("https://instagram.com/shop"),
                    },
                ],
            }),
            app_references: Some(IconGroup {
                heading: s("Unsere App"),
                icons: vec![IconLink {
                    icon: FooterIcon::Appleinc,
                    label: s("App Store"),
                    target: external("https://apps.apple.com/x"),
                }],
            }),
            quality_logos: Some(QualityLogos {
                heading: s("Sicher einkaufen"),
                logos: vec![QualityLogo {
                    label: s("Trusted"),
                    src: "/img/footer/trusted_shops.svg".into(),
                    width: Some(40),
                    height: Some(40),
                    target: Some(external("https://trust.example")),
                }],
            }),
            legal_links: vec![
                LegalLink {
                    text: "Impressum".into(),
                    target: Some(internal("/impressum")),
                    opens_consent_settings: false,
                },
                LegalLink {
                    text: "Cookie-Einstellungen".into(),
                    target: None,
                    opens_consent_settings: true,
                },
            ],
            view_changer: Some(ViewChanger {
                to_mobile: s("Zur mobilen Ansicht"),
                to_desktop: s("Zur Desktop-Ansicht"),
            }),
            sales_tax: Some(SalesTax {
                text_before_link: s("Alle Preise inkl. MwSt., zzgl. "),
                link: Some(link("Versandkosten", internal("/versandkosten"))),
                text_after_link: s("."),
            }),
        }
    }

    #[test]
    fn full_footer_document_with_every_part() {
        let body = json!({"contentJSON": document().to_string()});
        assert_eq!(parse_footer(&body.to_string()), Some(expected()));
        let body = json!({"contentJSON": document()});
        assert_eq!(parse_footer(&body.to_string()), Some(expected()));
    }

    #[test]
    fn missing_or_malformed_bodies_give_no_footer() {
        for body in [
            "",
            "not json",
            "[]",
            "{}",
            "{\"contentJSON\": 42}",
            "{\"contentJSON\": \"not json\"}",
            "{\"contentJSON\": \"[1]\"}",
            "{\"contentJSON\": \"{\\\"headline\\\": \"}",
        ] {
            assert_eq!(parse_footer(body), None, "{body}");
        }
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(parse_footer(&deep), None);
        let deep_content = json!({ "contentJSON": deep });
        assert_eq!(parse_footer(&deep_content.to_string()), None);
    }

    #[test]
    fn a_document_without_legal_links_is_no_footer() {
        assert_eq!(parse_footer("{\"contentJSON\": \"{}\"}"), None);
        // The footer wrapped in another object, and a promotion's document, are not the footer.
        let de = json!({"headline": "Wir sind für dich da",
                        "legalLinks": [{"link": {"url": "/impressum", "text": "Impressum"}}]});
        assert!(parse_footer(&json!({"contentJSON": de.clone()}).to_string()).is_some());
        let wrapped = json!({"contentJSON": {"DE": de}});
        assert_eq!(parse_footer(&wrapped.to_string()), None);
        let promotion =
            json!({"contentJSON": {"headline": "Sale", "subline": "Nur heute", "legalLinks": "x"}});
        assert_eq!(parse_footer(&promotion.to_string()), None);
        // One legal link is enough.
        let minimal = json!({"contentJSON": {"legalLinks": [{"link": {"url": "/impressum", "text": "Impressum"}}]}});
        assert!(parse_footer(&minimal.to_string()).is_some());
    }

    #[test]
    fn wrong_typed_parts_degrade_alone() {
        let doc = json!({
            "headline": 42,
            "teaserGroups": [
                {"heading": {"iconName": "unknown_icon", "link": {"url": "javascript:alert(1)", "text": "Hilfe"}},
                 "links": [{"link": {"url": "javascript:alert(1)", "text": "evil"}},
                           {"link": {"url": "/ok", "text": "<script>ok</script>"}}],
                 "images": [{"source": "../etc/passwd"}, {"source": "Visa "}]},
                {"heading": {}, "links": "x"},
                "garbage",
            ],
            "seo": "x",
            "socialMedia": {"icons": [{"icon": "myspace", "link": {"url": "https://x.example"}},
                                      {"icon": "xing", "link": {"url": "javascript:x"}}]},
            "appReferences": [],
            "qualityLogos": {"logos": [{"source": "<svg>"}, {"source": "paypal", "width": -1, "height": "x"}]},
            "legalLinks": [{"url": "javascript:x", "text": "evil"}, {"url": "/ok"},
                           {"link": {"url": "javascript:x", "text": "evil"}},
                           {"link": {"url": "/impressum", "text": "Impressum"}}],
            "viewChanger": {"toMobile": 1},
            "salesTax": {"link": {"url": "vbscript:x", "text": "t"}},
        });
        let footer = parse_footer(&json!({ "contentJSON": doc }).to_string()).unwrap();
        assert_eq!(footer.headline, None);
        assert_eq!(footer.teaser_groups.len(), 1);
        let group = &footer.teaser_groups[0];
        assert_eq!(group.heading.icon, None, "unknown icon left out");
        assert_eq!(group.heading.text.as_deref(), Some("Hilfe"), "text kept");
        assert_eq!(group.heading.target, None, "unsafe link dropped");
        assert_eq!(group.links.len(), 1);
        assert_eq!(group.links[0].text, "<script>ok</script>");
        assert_eq!(group.images.len(), 1);
        assert_eq!(group.images[0].src, "/img/footer/visa.svg");
        assert_eq!(footer.seo, None);
        assert_eq!(footer.social_media, None);
        assert_eq!(footer.app_references, None);
        let logos = footer.quality_logos.unwrap().logos;
        assert_eq!(logos.len(), 1);
        assert_eq!((logos[0].width, logos[0].height), (None, None));
        assert_eq!(
            footer.legal_links.len(),
            1,
            "the one well-formed, safe legal link"
        );
        assert_eq!(footer.view_changer, None);
        assert_eq!(footer.sales_tax, None);
    }

    #[test]
    fn a_group_of_only_images_stays_and_zero_logo_sizes_are_left_out() {
        let doc = json!({
            "teaserGroups": [{"heading": {}, "images": [{"label": "Visa", "source": "visa"}]}],
            "qualityLogos": {"logos": [{"source": "paypal", "width": 0, "height": 0}]},
            "legalLinks": [{"link": {"url": "/impressum", "text": "Impressum"}}],
        });
        let footer = parse_footer(&json!({ "contentJSON": doc }).to_string()).unwrap();
        assert_eq!(footer.teaser_groups.len(), 1);
        assert_eq!(
            footer.teaser_groups[0].images,
            vec![FooterImage {
                label: s("Visa"),
                src: "/img/footer/visa.svg".into()
            }]
        );
        let logos = footer.quality_logos.unwrap().logos;
        assert_eq!((logos[0].width, logos[0].height), (None, None));
    }

    #[test]
    fn every_icon_name() {
        use FooterIcon::*;
        let table = [
            ("android", Some(Android), "android"),
            ("appleinc", Some(Appleinc), "appleinc"),
            ("branch_store", Some(BranchStore), "branch_store"),
            ("click_collect", Some(ClickCollect), "click_collect"),
            ("contact", Some(Contact), "contact"),
            (
                "delivery_via_haulage_company",
                Some(DeliveryViaHaulageCompany),
                "delivery_via_haulage_company",
            ),
            ("easy_pay", Some(EasyPay), "easy_pay"),
            ("facebook", Some(Facebook), "facebook"),
            ("free_shipping", Some(FreeShipping), "free_shipping"),
            ("instagram", Some(Instagram), "instagram"),
            ("linkedin", Some(Linkedin), "linkedin"),
            ("pinterest", Some(Pinterest), "pinterest"),
            ("return_shipping", Some(ReturnShipping), "return_shipping"),
            ("service_info", Some(ServiceInfo), "service_info"),
            ("twitter", Some(Twitter), "twitter"),
            ("xing", Some(Xing), "xing"),
            ("youtube", Some(Youtube), "youtube"),
            ("loyalty_card", Some(LoyaltyCard), "loyalty_card"),
            ("tchibo_card", Some(LoyaltyCard), "loyalty_card"),
            ("near_you", Some(NearYou), "near_you"),
            ("meeting", Some(NearYou), "near_you"),
            ("thirty_day_return", Some(Return30Days), "return_30_days"),
            (" Facebook ", Some(Facebook), "facebook"),
        ];
        for (name, icon, serialised) in table {
            assert_eq!(footer_icon(name), icon, "{name}");
            let json =
                serde_json::from_str::<serde_json::Value>(&crate::json::to_string(&icon)).unwrap();
            assert_eq!(json, json!(serialised));
            let back: FooterIcon = crate::json::FromJson::from_json(&json.clone().into()).unwrap();
            assert_eq!(Some(back), icon);
        }
        for unknown in [
            "",
            "myspace",
            "face book",
            "thirty-day-return",
            "return_30_days",
        ] {
            assert_eq!(footer_icon(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn logo_sources() {
        let table: &[(&str, Option<&str>)] = &[
            ("visa", Some("/img/footer/visa.svg")),
            ("paypal-express_2", Some("/img/footer/paypal-express_2.svg")),
            ("VISA", Some("/img/footer/visa.svg")),
            ("../x", None),
            ("a/b", None),
            ("visa.svg", None),
            ("", None),
            ("ä", None),
        ];
        for (source, expected) in table {
            assert_eq!(footer_image_path(source).as_deref(), *expected, "{source}");
        }
        let long = "a".repeat(MAX_IMAGE_SOURCE_LENGTH + 1);
        assert_eq!(footer_image_path(&long), None);
    }

    #[test]
    fn reduced_footer_hides_checkout_groups_seo_and_icons() {
        let view = footer_view(expected(), true, false);
        let mut want = expected();
        want.teaser_groups.truncate(1);
        want.seo = None;
        want.social_media = None;
        want.app_references = None;
        assert_eq!(view, want);
        assert!(view.quality_logos.is_some());
        assert_eq!(view.legal_links.len(), 2);
    }

    #[test]
    fn classic_view_shows_only_the_unflagged_overview_links() {
        let view = footer_view(expected(), false, true);
        let texts: Vec<&str> = view.teaser_groups[0]
            .links
            .iter()
            .map(|link| link.text.as_str())
            .collect();
        assert_eq!(texts, ["Übersicht"]);
        assert_eq!(view.teaser_groups.len(), 2);
        assert!(view.seo.is_some());
        let both = footer_view(expected(), true, true);
        assert_eq!(both.teaser_groups.len(), 1);
        assert_eq!(both.teaser_groups[0].links.len(), 1);
        assert_eq!(footer_view(expected(), false, false), expected());
    }

    #[test]
    fn desktop_version_urls() {
        let table = [
            ("/c/kaffee", "/c/kaffee?forceWebshop=true"),
            ("/", "/?forceWebshop=true"),
            ("/c/kaffee?page=2", "/c/kaffee?page=2&forceWebshop=true"),
            (
                "/c/kaffee?forceWebshop=false&page=2",
                "/c/kaffee?page=2&forceWebshop=true",
            ),
            ("/p/1?a=1#details", "/p/1?a=1&forceWebshop=true#details"),
            ("/p/1?&&a", "/p/1?a&forceWebshop=true"),
            ("https://evil.example/x", "/?forceWebshop=true"),
            ("//evil.example/x", "/?forceWebshop=true"),
            ("javascript:alert(1)", "/?forceWebshop=true"),
            ("relative", "/?forceWebshop=true"),
            ("", "/?forceWebshop=true"),
            ("/a\nb", "/?forceWebshop=true"),
        ];
        for (current, expected) in table {
            assert_eq!(desktop_version_url(current), expected, "{current:?}");
        }
    }

    #[test]
    fn the_footer_document_is_the_promotion_of_its_key() {
        let promotion_path = crate::content::promotion::PROMOTION_PATH;
        assert_eq!(FOOTER_DOCUMENT_PATH, [promotion_path, FOOTER_KEY].concat());
        assert_eq!(FOOTER_SETTINGS.newsletter_status_path, "/json/psdata");
        assert_eq!(FOOTER_SETTINGS.app_rating_stars, 5);
    }

    #[test]
    fn round_trips_through_json() {
        let json = serde_json::from_str::<serde_json::Value>(&crate::json::to_string(&expected()))
            .unwrap();
        assert_eq!(json["teaserGroups"][0]["hideGroupInCheckout"], json!(false));
        assert_eq!(json["teaserGroups"][0]["heading"]["icon"], json!("contact"));
        assert_eq!(
            json["legalLinks"][1],
            json!({"text": "Cookie-Einstellungen", "opensConsentSettings": true})
        );
        let back: Footer = crate::json::FromJson::from_json(&json.into()).unwrap();
        assert_eq!(back, expected());
    }

    #[test]
    fn mobile_version_urls() {
        let table = [
            ("/c/kaffee?forceWebshop=true", "/c/kaffee"),
            ("/c/kaffee?page=2&forceWebshop=true", "/c/kaffee?page=2"),
            ("/p/1?forceWebshop=true&a=1#details", "/p/1?a=1#details"),
            ("/", "/"),
            ("https://evil.example/x?forceWebshop=true", "/"),
            ("", "/"),
        ];
        for (current, expected) in table {
            assert_eq!(mobile_version_url(current), expected, "{current:?}");
        }
    }

    #[test]
    fn the_view_changer_leads_to_the_other_view() {
        use crate::layout::Platform::{Classic, Match, Tablet};
        let to = |change, url: &str| {
            Some(ViewChangeLink {
                change,
                url: url.to_owned(),
            })
        };
        for platform in [Match, Tablet] {
            assert_eq!(
                view_change_link(false, platform, "/c/kaffee?page=2"),
                to(ViewChange::ToDesktop, "/c/kaffee?page=2&forceWebshop=true")
            );
        }
        assert_eq!(view_change_link(false, Classic, "/c/kaffee"), None);
        // Forced to the desktop version (CLASSIC by the parameter): the way back.
        assert_eq!(
            view_change_link(false, Classic, "/c/kaffee?forceWebshop=true#top"),
            to(ViewChange::ToMobile, "/c/kaffee#top")
        );
        // Inside the app: never.
        for platform in [Classic, Tablet, Match] {
            assert_eq!(
                view_change_link(true, platform, "/?forceWebshop=true"),
                None
            );
            assert_eq!(view_change_link(true, platform, "/"), None);
        }
    }

    proptest! {
        #[test]
        fn total_on_arbitrary_strings(text in any::<String>(), reduced in any::<bool>(), classic in any::<bool>()) {
            if let Some(footer) = parse_footer(&text) {
                let _ = footer_view(footer, reduced, classic);
            }
            let _ = footer_icon(&text);
            let _ = footer_image_path(&text);
            let url = desktop_version_url(&text);
            prop_assert!(url.starts_with('/') && !url.starts_with("//"));
            prop_assert!(url.contains(FORCE_WEBSHOP_QUERY));
            let back = mobile_version_url(&text);
            prop_assert!(back.starts_with('/') && !back.starts_with("//"));
            prop_assert!(!back.contains(FORCE_WEBSHOP_QUERY));
            let _ = view_change_link(reduced, crate::layout::Platform::Match, &text);
        }

        #[test]
        fn total_on_arbitrary_json(value in strategies::json(), reduced in any::<bool>(), classic in any::<bool>()) {
            let text = value.to_string();
            for body in [
                text.clone(),
                json!({ "contentJSON": text }).to_string(),
                json!({ "contentJSON": value }).to_string(),
                json!({ "contentJSON": { "teaserGroups": [value.clone()], "seo": value.clone(),
                    "socialMedia": value.clone(), "qualityLogos": value.clone(),
                    "legalLinks": value.clone(), "salesTax": value.clone() } }).to_string(),
                // With one well-formed legal link, so that a footer comes out and its views run.
                json!({ "contentJSON": { "teaserGroups": [value.clone()], "seo": value.clone(),
                    "socialMedia": value.clone(), "qualityLogos": value.clone(), "salesTax": value.clone(),
                    "legalLinks": [value.clone(), {"link": {"url": "/impressum", "text": "Impressum"}}] } }).to_string(),
            ] {
                if let Some(footer) = parse_footer(&body) {
                    let view = footer_view(footer.clone(), reduced, classic);
                    if reduced {
                        prop_assert!(view.seo.is_none() && view.social_media.is_none());
                        prop_assert!(view.teaser_groups.iter().all(|g| !g.hide_group_in_checkout));
                    }
                }
            }
        }
    }
}
