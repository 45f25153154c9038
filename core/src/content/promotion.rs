//! Promotions from the promotion service (newsletter spec section 2 "Promotions", section 3
//! "Promotion", section 4 "Promotion fetch" and "Promo code copy", section 7 "Promotion
//! response", section 8 "a failed promotion fetch shows no promotion"; header spec section 2
//! "Promotion benefits bar").
//!
//! The service answers `{ "type": ..., "contentJSON": "<json string>" }`. The type picks the
//! kind of promotion ([`PromotionKind`]); an unknown type, a contentJSON that is not a JSON
//! object, or a promotion with nothing to show gives no promotion (`None`). Fields of the
//! wrong type are left out, links and image paths are checked ([`safe_url`]), colours must be
//! hex codes ([`safe_color`]) and image CSS is reduced to an allow-list ([`css_declarations`]).
//!
//! How contentJSON maps onto [`Promotion`] (the spec names the fields, not their shapes):
//! - `headline` is `headline`, else `promotionLongText`, else `promotionShortText`;
//!   `headlineShort` is `promotionShortText`, else the headline.
//! - `img.imageData` (else `piImage.imageData`) is the image, see [`ImageCutout`] for its shape.
//! - `useDarkTheme: true` is the DARK theme, anything else LIGHT.
//! - `voucherCode {code, instruction}` and `ctaButton.ctaLink {url, text}` fill the voucher and
//!   button fields. The top-level `link` (an object `{url, text}` or a URL string) and then
//!   `linkURL` are the promotion's main link: they fill `ctaButtonLink` / `ctaButtonText` when
//!   `ctaButton` gives none (category banners and the benefits bar link this way).
//! - `voucherOrButton.selector` (`"voucherCode"` or `"ctaButton"`) chooses [`Cta`]; a chosen
//!   call to action that is incomplete shows none. Without a selector the voucher code wins,
//!   then the button.
//! - `links` is a list of entries `{url | linkURL | link, text, boldLink}` where `link` may be a
//!   URL string or an object `{url, text}`. For the header benefits the first
//!   [`BENEFIT_SLOTS`]`.len()` entries are the benefits (slot = position in the list) and
//!   `links` stays empty; for the other kinds they are [`PromotionLink`]s, and entries without
//!   text or with an unsafe URL are dropped.

use crate::json::Json;
use crate::json::Value;

use super::link::{safe_color, safe_url};
use super::{at, count_at, embedded_object, flag_at, items_at, parse_document, text_at};
use crate::contains_char;
use crate::layout::BREAKPOINTS;
use crate::url::encode_component;

/// The promotion id of the header benefits bar (spec section 7: "Header benefits use the id
/// ~header_top").
pub const HEADER_BENEFITS_ID: &str = "~header_top";

/// The promotion service path; the promotion id follows (spec section 7).
pub const PROMOTION_PATH: &str = "/service/promotion/api/promotion/";

/// The image-delivery prefix image paths arrive with (spec section 7: "Image paths are
/// rewritten from the image-delivery prefix to an /img prefix"): a path, or the path of an
/// absolute or protocol-relative URL on any host, starting with it is rewritten.
pub const IMAGE_DELIVERY_PREFIX: &str = "/image-delivery/";

/// The prefix image paths are rewritten to (spec section 7).
pub const IMAGE_PATH_PREFIX: &str = "/img";

/// Tracking names of the header benefit slots 0 to 3 (spec section 7: "Benefit slots 0 to 3
/// are tracked as free shipping, newsletter registration, cross-channel and service").
pub const BENEFIT_SLOTS: [&str; 4] = [
    "free shipping",
    "newsletter registration",
    "cross-channel",
    "service",
];

/// How long the "copied" success shows after a promo code is copied (spec section 4 "Promo
/// code copy": 3 seconds).
pub const PROMO_CODE_COPIED_MS: u32 = 3000;

/// The cookie a staff preview session leaves (newsletter spec section 4 "Promotion fetch":
/// promotions are fetched afresh while it exists, so staff see the previewed content).
pub const PREVIEW_TOKEN_COOKIE: &str = "previewToken";

/// Whether the page's cookies (`document.cookie`) hold a non-empty preview token.
pub fn preview_token_present(cookies: &str) -> bool {
    crate::layout::cookie_value(cookies, PREVIEW_TOKEN_COOKIE)
        .is_some_and(|value| !value.is_empty())
}

/// The CSS properties an image or its container may set through `imageCss` / `containerCss`;
/// every other declaration is dropped.
pub const CSS_PROPERTIES: [&str; 11] = [
    "object-position",
    "object-fit",
    "width",
    "height",
    "max-width",
    "aspect-ratio",
    "top",
    "left",
    "right",
    "bottom",
    "transform",
];

/// Text that makes a CSS value unsafe (matched case-insensitively): a declaration whose value
/// contains one is dropped.
pub const CSS_FORBIDDEN: [&str; 14] = [
    "url",
    "expression",
    "javascript",
    ";",
    "{",
    "}",
    "<",
    ">",
    "\\",
    "\"",
    "'",
    "@",
    "/*",
    "!",
];

/// The longest CSS value kept.
pub const MAX_CSS_VALUE_LENGTH: usize = 200;

/// A promotion service response as the client receives it (spec section 7: "type and
/// contentJSON"). Read leniently: a missing or wrong-typed field is empty.
#[derive(Clone, Debug, Default, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(default)]
pub struct PromotionResponse {
    /// `ApiHeaderBenefitsPromotion`, `ApiTopBannerPromotion`, `ApiPiPromotion` or `ApiCategory`.
    #[serde(rename = "type", deserialize_with = "super::lenient")]
    pub kind: String,
    /// The promotion document as a JSON string.
    #[serde(rename = "contentJSON", deserialize_with = "super::lenient")]
    pub content_json: String,
}

/// The kind of a promotion, from the response type (spec section 4 "Promotion fetch": the
/// result type follows the response type), named as spec section 3 names the promotion types:
/// `BENEFITS` the header benefits, `BANNER` the top banner, `PHASE_INTEGRATION`, `CATEGORY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PromotionKind {
    Benefits,
    Banner,
    PhaseIntegration,
    Category,
}

impl PromotionKind {
    /// All kinds.
    pub const ALL: [PromotionKind; 4] = [
        PromotionKind::Benefits,
        PromotionKind::Banner,
        PromotionKind::PhaseIntegration,
        PromotionKind::Category,
    ];

    /// The response `type` of this kind (spec section 7).
    pub const fn api_type(self) -> &'static str {
        match self {
            PromotionKind::Benefits => "ApiHeaderBenefitsPromotion",
            PromotionKind::Banner => "ApiTopBannerPromotion",
            PromotionKind::PhaseIntegration => "ApiPiPromotion",
            PromotionKind::Category => "ApiCategory",
        }
    }

    /// The kind for a response `type` (surrounding whitespace ignored); `None` for an unknown
    /// type, which shows nothing (spec section 4).
    pub fn from_api_type(api_type: &str) -> Option<PromotionKind> {
        let api_type = api_type.trim();
        PromotionKind::ALL
            .into_iter()
            .find(|kind| kind.api_type() == api_type)
    }
}

/// The colour theme of a promotion (spec section 3: theme dark or light, from `useDarkTheme`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "UPPERCASE")]
pub enum Theme {
    Dark,
    #[default]
    Light,
}

/// Which call to action a promotion shows (contentJSON `voucherOrButton.selector`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Cta {
    /// The voucher code with its copy control and instructions.
    VoucherCode,
    /// The button `ctaButtonText` linking to `ctaButtonLink`.
    CtaButton,
    /// Neither.
    #[default]
    #[serde(rename = "NONE")]
    Neither,
}

/// A promotion ready to render (spec section 3 "Promotion"). Texts are verbatim and must be
/// rendered as text; links, image paths and colours are checked.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Promotion {
    pub kind: PromotionKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline_short: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subline: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<PromotionImage>,
    pub theme: Theme,
    /// A hex colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background_color_code: Option<String>,
    /// A hex colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), only together with a
    /// [`Promotion::background_color_code`]: the editor chose it for that background.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_text_hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_text_hint_short: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voucher_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voucher_code_instructions: Option<String>,
    /// A safe link ([`safe_url`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cta_button_link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cta_button_text: Option<String>,
    /// Text links (not for the header benefits, whose entries are in `benefits`).
    pub links: Vec<PromotionLink>,
    /// The header benefits, slots 0 to 3 (only for [`PromotionKind::Benefits`]).
    pub benefits: Vec<Benefit>,
    pub cta: Cta,
}

/// A text link of a promotion (spec section 3: links with url, text, optional boldLink).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PromotionLink {
    /// A safe link ([`safe_url`]).
    pub url: String,
    pub text: String,
    pub bold_link: bool,
}

/// One entry of the header benefits bar (header spec section 2 "Promotion benefits bar":
/// slots 0 to 3, tracked as [`BENEFIT_SLOTS`]).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Benefit {
    /// 0 to 3: the entry's position in the `links` list.
    pub slot: u8,
    /// The slot's tracking name ([`benefit_slot_name`]).
    pub tracking_name: String,
    pub text: String,
    /// A safe link ([`safe_url`]); absent when the entry has none or an unsafe one (the text
    /// is still shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub bold_link: bool,
}

/// A responsive promotion image (spec section 3: "image with responsive cutouts").
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PromotionImage {
    /// In the order of the document; never empty.
    pub cutouts: Vec<ImageCutout>,
    /// How the cutouts go into a `<picture>` ([`picture_view`]).
    pub picture: PictureView,
}

/// How a promotion image is put into a `<picture>` (the fragment's and the server's alike): one
/// `<source>` per cutout with a breakpoint, widest first (of equal ones the first in the
/// document, as the browser takes the first that matches), and the `<img>` showing the cutout
/// without a breakpoint, else the narrowest one.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PictureView {
    pub sources: Vec<PictureSource>,
    /// The index in `cutouts` of the cutout the `<img>` shows (and whose CSS applies when no
    /// source matches).
    pub fallback: usize,
    /// The `<img>`'s `src`: the fallback cutout's path.
    pub src: String,
}

/// One `<source>` of a [`PictureView`].
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PictureSource {
    /// `(min-width: 1023px)`.
    pub media: String,
    /// The cutout's path with every whitespace character percent-encoded (whitespace would end
    /// the URL inside `srcset`).
    pub srcset: String,
    /// The index of the cutout in `cutouts` (its CSS applies while the source is in use).
    pub cutout: usize,
}

/// The `<picture>` of an image's cutouts; `None` when there is none.
pub fn picture_view(cutouts: &[ImageCutout]) -> Option<PictureView> {
    // Widest first, of equal ones the first in the document: an insertion into the place after
    // every wider or equal one (images have a handful of cutouts).
    let mut order: Vec<(u32, usize)> = Vec::new();
    for (index, cutout) in cutouts.iter().enumerate() {
        if let Some(breakpoint) = cutout.breakpoint {
            let at = order
                .iter()
                .position(|(wider, _)| *wider < breakpoint)
                .unwrap_or(order.len());
            order.insert(at, (breakpoint, index));
        }
    }
    let fallback = cutouts
        .iter()
        .position(|cutout| cutout.breakpoint.is_none())
        .or_else(|| order.last().map(|(_, index)| *index))?;
    let sources = order
        .into_iter()
        .filter_map(|(breakpoint, index)| {
            let cutout = cutouts.get(index)?;
            Some(PictureSource {
                media: ["(min-width: ", &crate::decimal(breakpoint.into()), "px)"].concat(),
                srcset: srcset_url(&cutout.image_path),
                cutout: index,
            })
        })
        .collect();
    Some(PictureView {
        sources,
        fallback,
        src: cutouts.get(fallback)?.image_path.clone(),
    })
}

/// A path inside `srcset`: each whitespace character percent-encoded (its UTF-8 bytes).
fn srcset_url(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for ch in path.chars() {
        if ch.is_whitespace() {
            let mut bytes = [0; 4];
            out.push_str(&encode_component(ch.encode_utf8(&mut bytes)));
        } else {
            out.push(ch);
        }
    }
    out
}

/// One cutout of a promotion image (spec section 3: targetSize width, breakpoint, imagePath,
/// imageCss, containerCss).
///
/// `imageData` is read as a list of cutouts, an object `{ "cutouts": [...] }`, a single cutout
/// object, or any of these as a JSON string. A cutout reads:
/// `{ "targetSize": { "width": 1920 } | 1920, "breakpoint": 1023 | "1023px" | "xl",
///    "imagePath": "/image-delivery/...", "imageCss": "object-position: 50% 20%",
///    "containerCss": "aspect-ratio: 16/9" }`.
/// A cutout without a usable image path is dropped; an image without cutouts is absent.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ImageCutout {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_size: Option<TargetSize>,
    /// The minimum viewport width in px from which the cutout applies; absent means always.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub breakpoint: Option<u32>,
    /// The rewritten, checked path ([`image_path`]).
    pub image_path: String,
    /// Declarations for the `<img>` ([`css_declarations`]).
    pub image_css: Vec<CssDeclaration>,
    /// Declarations for the image's container ([`css_declarations`]).
    pub container_css: Vec<CssDeclaration>,
}

/// The size a cutout was cut for.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TargetSize {
    /// Pixels.
    pub width: u32,
}

/// One allowed CSS declaration. `property` is the lowercase kebab-case CSS name
/// (`object-position`): use it with `style.setProperty`, or camel-case it for a React style
/// object (`objectPosition`).
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CssDeclaration {
    pub property: String,
    pub value: String,
}

/// The promotion in a service response (spec section 4 "Promotion fetch"): `None` for an
/// unknown type, a contentJSON that is not a JSON object (or is above the document cap), or a
/// promotion with nothing to show.
pub fn parse_promotion(response: &PromotionResponse) -> Option<Promotion> {
    let kind = PromotionKind::from_api_type(&response.kind)?;
    let content = Value::Object(embedded_object(Value::String(
        response.content_json.clone(),
    ))?);
    promotion_from_content(kind, &content)
}

/// The promotion in a response body given as text (`{"type": ..., "contentJSON": ...}`);
/// contentJSON may also be an object. `None` as for [`parse_promotion`], and for a body that
/// is not a JSON object or is above [`super::MAX_DOCUMENT_BYTES`].
pub fn parse_promotion_json(body: &str) -> Option<Promotion> {
    let mut body = parse_document(body)?;
    let content = body.get_mut("contentJSON")?.take();
    parse_promotion_document(body.get("type")?.as_str()?, content)
}

/// The promotion of a service answer's parts already read: its `type` and its `contentJSON`
/// (the document as a JSON string, or the object itself); `None` as for [`parse_promotion`].
/// For a server holding the documents as trees, read as the browser reads their answers.
pub fn parse_promotion_document(kind: &str, content: Value) -> Option<Promotion> {
    let kind = PromotionKind::from_api_type(kind)?;
    let content = Value::Object(embedded_object(content)?);
    promotion_from_content(kind, &content)
}

/// The tracking name of a header benefit slot (spec section 7: slots 0 to 3 are free
/// shipping, newsletter registration, cross-channel and service); `None` for other indices.
pub fn benefit_slot_name(index: usize) -> Option<&'static str> {
    BENEFIT_SLOTS.get(index).copied()
}

/// The URL of a promotion (spec section 7:
/// `GET /service/promotion/api/promotion/{promotionId}?allOfTags&anyOfTags&noneOfTags`;
/// section 5: ids and tag filters are sent only when non-empty).
///
/// The id is trimmed and percent-encoded; an empty id gives `None`. Each tag is trimmed,
/// empty tags are left out, the rest percent-encoded one by one and joined by a literal `,`;
/// a parameter whose list ends up empty is not sent.
/// `promotion_url("~header_top", &["a b".into()], &[], &[])` is
/// `/service/promotion/api/promotion/~header_top?allOfTags=a%20b`.
pub fn promotion_url(
    id: &str,
    all_of_tags: &[String],
    any_of_tags: &[String],
    none_of_tags: &[String],
) -> Option<String> {
    let id = id.trim();
    if id.is_empty() {
        return None;
    }
    let mut url = [PROMOTION_PATH, &encode_component(id)].concat();
    let mut separator = '?';
    for (name, tags) in [
        ("allOfTags", all_of_tags),
        ("anyOfTags", any_of_tags),
        ("noneOfTags", none_of_tags),
    ] {
        let joined = crate::url::encoded_list(tags);
        if !joined.is_empty() {
            url.push(separator);
            url.push_str(name);
            url.push('=');
            url.push_str(&joined);
            separator = '&';
        }
    }
    Some(url)
}

/// An image path ready for an `src` (spec section 7: image paths are rewritten from the
/// image-delivery prefix to an /img prefix). A path starting with [`IMAGE_DELIVERY_PREFIX`],
/// or an `http(s)://` or protocol-relative URL on any host whose path starts with it, becomes
/// [`IMAGE_PATH_PREFIX`] + `/` + the rest (query kept); a path already under
/// [`IMAGE_PATH_PREFIX`] stays; an `http(s)://` URL on another host must pass [`safe_url`].
///
/// An image is loaded with the shopper's cookies as soon as the promotion shows, so a path of
/// the shop itself must name a file under [`IMAGE_PATH_PREFIX`] and stay there: any other path
/// (`/logout`), a `.` or `..` segment (also written `%2e`) and a backslash give `None`, or an
/// editor's `/image-delivery/../logout` would sign out every shopper who sees the promotion.
pub fn image_path(path: &str) -> Option<String> {
    let trimmed = path.trim();
    if trimmed.chars().any(char::is_control) {
        return None;
    }
    let lower = trimmed.to_ascii_lowercase();
    let after_host = ["https://", "http://", "//"]
        .iter()
        .find(|scheme| lower.starts_with(**scheme))
        .and_then(|scheme| trimmed.get(scheme.len()..))
        .map(|rest| {
            rest.find('/')
                .and_then(|i| rest.get(i..))
                .unwrap_or_default()
        });
    let local_path = after_host.unwrap_or(trimmed);
    if let Some(rest) = local_path.strip_prefix(IMAGE_DELIVERY_PREFIX) {
        return stays_in_folder(rest).then(|| [IMAGE_PATH_PREFIX, "/", rest].concat());
    }
    if after_host.is_none() {
        let file = trimmed
            .strip_prefix(IMAGE_PATH_PREFIX)
            .and_then(|rest| rest.strip_prefix('/'))?;
        return stays_in_folder(file).then(|| trimmed.to_owned());
    }
    safe_url(trimmed)
}

/// Whether a path inside a folder names a file there: its part before `?` or `#` is not empty,
/// has no backslash (a browser reads it as `/`) and no `.` or `..` segment, also not
/// percent-encoded (`%2e`), which a browser would resolve out of the folder.
fn stays_in_folder(path: &str) -> bool {
    let file = path
        .find(['?', '#'])
        .and_then(|end| path.get(..end))
        .unwrap_or(path);
    !file.is_empty() && !contains_char(file, '\\') && !file.split('/').any(is_dot_segment)
}

/// `.` or `..`, with any dot written as `%2e` or `%2E`.
fn is_dot_segment(segment: &str) -> bool {
    let mut rest = segment.as_bytes();
    let mut dots = 0;
    while let Some((&first, after)) = rest.split_first() {
        rest = match (first, after) {
            (b'.', _) => after,
            (b'%', [b'2', e, after @ ..]) if e.eq_ignore_ascii_case(&b'e') => after,
            _ => return false,
        };
        dots += 1;
    }
    (1..=2).contains(&dots)
}

/// The allowed declarations of an `imageCss` / `containerCss` string (`prop: value; ...`), in
/// order. A declaration is kept only if its property (case-insensitive) is in
/// [`CSS_PROPERTIES`] and its value is non-empty, at most [`MAX_CSS_VALUE_LENGTH`] long, free
/// of control characters, contains nothing from [`CSS_FORBIDDEN`] (so `url(`,
/// `expression(`, a second declaration or a rule block never get through) and closes every
/// bracket it opens (an open `(` or `[` would swallow the rules after it in a style sheet).
pub fn css_declarations(css: &str) -> Vec<CssDeclaration> {
    css.split(';')
        .filter_map(|declaration| {
            let (property, value) = declaration.split_once(':')?;
            css_declaration(property, value)
        })
        .collect()
}

fn css_declaration(property: &str, value: &str) -> Option<CssDeclaration> {
    let property = property.trim().to_ascii_lowercase();
    if !CSS_PROPERTIES.contains(&property.as_str()) {
        return None;
    }
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    if value.is_empty()
        || value.len() > MAX_CSS_VALUE_LENGTH
        || value.chars().any(char::is_control)
        || CSS_FORBIDDEN
            .iter()
            .any(|bad| crate::contains_text(&lower, bad))
        || !brackets_balanced(value)
    {
        return None;
    }
    Some(CssDeclaration {
        property,
        value: value.to_owned(),
    })
}

/// Whether every `(` and `[` is closed, by its own kind and in order.
fn brackets_balanced(value: &str) -> bool {
    let mut open = Vec::new();
    for byte in value.bytes() {
        match byte {
            b'(' | b'[' => open.push(byte),
            b')' if open.pop() != Some(b'(') => return false,
            b']' if open.pop() != Some(b'[') => return false,
            _ => {}
        }
    }
    open.is_empty()
}

/// CSS given as a string, or as an object of property -> string value.
fn css_from(value: Option<&Value>) -> Vec<CssDeclaration> {
    match value {
        Some(Value::String(css)) => css_declarations(css),
        Some(Value::Object(map)) => map
            .iter()
            .filter_map(|(property, value)| css_declaration(property, value.as_str()?))
            .collect(),
        _ => Vec::new(),
    }
}

fn promotion_from_content(kind: PromotionKind, content: &Value) -> Option<Promotion> {
    let headline = text_at(content, &["headline"])
        .or_else(|| text_at(content, &["promotionLongText"]))
        .or_else(|| text_at(content, &["promotionShortText"]));
    let headline_short = text_at(content, &["promotionShortText"]).or_else(|| headline.clone());
    let image = image_from(at(content, &["img", "imageData"]))
        .or_else(|| image_from(at(content, &["piImage", "imageData"])));

    let voucher_code = text_at(content, &["voucherCode", "code"]);
    // The main link: `link` / `linkURL` (a top-level `text` or `url` is not part of it).
    let main_url = text_at(content, &["link", "url"])
        .or_else(|| text_at(content, &["link"]))
        .or_else(|| text_at(content, &["linkURL"]))
        .and_then(|url| safe_url(&url));
    let main_text = text_at(content, &["link", "text"]);
    let cta_button_link = text_at(content, &["ctaButton", "ctaLink", "url"])
        .and_then(|url| safe_url(&url))
        .or(main_url);
    let cta_button_text = text_at(content, &["ctaButton", "ctaLink", "text"]).or(main_text);
    let has_voucher = voucher_code.is_some();
    let has_button = cta_button_link.is_some() && cta_button_text.is_some();
    let cta = match text_at(content, &["voucherOrButton", "selector"]).as_deref() {
        Some("voucherCode") if has_voucher => Cta::VoucherCode,
        Some("ctaButton") if has_button => Cta::CtaButton,
        Some("voucherCode" | "ctaButton") => Cta::Neither,
        _ if has_voucher => Cta::VoucherCode,
        _ if has_button => Cta::CtaButton,
        _ => Cta::Neither,
    };

    let entries = items_at(content, &["links"]);
    let (links, benefits) = if kind == PromotionKind::Benefits {
        (Vec::new(), benefits_from(entries))
    } else {
        (links_from(entries), Vec::new())
    };

    // An editor's text colour was chosen for their background colour: without that background
    // (none given, or not a colour) the theme's background shows, and the text keeps the
    // theme's colour too (white text stayed on the light theme's white).
    let background_color_code =
        text_at(content, &["backgroundColor", "colorCode"]).and_then(|color| safe_color(&color));
    let text_color = background_color_code.as_ref().and_then(|_| {
        text_at(content, &["promotionTextColor", "colorCode"]).and_then(|color| safe_color(&color))
    });
    let promotion = Promotion {
        kind,
        headline,
        headline_short,
        subline: text_at(content, &["subline"]),
        image,
        theme: if flag_at(content, &["useDarkTheme"]) {
            Theme::Dark
        } else {
            Theme::Light
        },
        background_color_code,
        text_color,
        legal_text: text_at(content, &["legalText"]),
        legal_text_hint: text_at(content, &["legalTextHint"]),
        legal_text_hint_short: text_at(content, &["legalTextHintShort"]),
        voucher_code,
        voucher_code_instructions: text_at(content, &["voucherCode", "instruction"]),
        cta_button_link,
        cta_button_text,
        links,
        benefits,
        cta,
    };
    has_content(&promotion).then_some(promotion)
}

/// Whether a promotion shows anything at all; one that does not is no promotion (and leaves no
/// empty, labelled region on the page). What counts is what its kind's view shows:
/// - the benefits bar: its benefits, else its headline;
/// - the top banner: headline (or its short form), subline, the call to action the core chose
///   (voucher code or button) and the legal text;
/// - the phase integration: the same with the image, the top banner's legal text as small print;
/// - the category banner: the phase integration's and its text links.
fn has_content(promotion: &Promotion) -> bool {
    let texts = promotion.headline.is_some()
        || promotion.subline.is_some()
        || promotion.legal_text.is_some()
        || promotion.cta != Cta::Neither;
    match promotion.kind {
        PromotionKind::Benefits => !promotion.benefits.is_empty() || promotion.headline.is_some(),
        PromotionKind::Banner => texts || promotion.headline_short.is_some(),
        PromotionKind::PhaseIntegration => texts || promotion.image.is_some(),
        PromotionKind::Category => {
            texts || promotion.image.is_some() || !promotion.links.is_empty()
        }
    }
}

/// The (safe URL, text) of a link-bearing object: `link` as an object `{url, text}` or a URL
/// string, then `linkURL`, then `url`; the text is `text`, else `link.text`.
fn entry_link(entry: &Value) -> (Option<String>, Option<String>) {
    let url = text_at(entry, &["link", "url"])
        .or_else(|| text_at(entry, &["link"]))
        .or_else(|| text_at(entry, &["linkURL"]))
        .or_else(|| text_at(entry, &["url"]))
        .and_then(|url| safe_url(&url));
    let text = text_at(entry, &["text"]).or_else(|| text_at(entry, &["link", "text"]));
    (url, text)
}

fn links_from(entries: &[Value]) -> Vec<PromotionLink> {
    entries
        .iter()
        .filter_map(|entry| match entry_link(entry) {
            (Some(url), Some(text)) => Some(PromotionLink {
                url,
                text,
                bold_link: flag_at(entry, &["boldLink"]),
            }),
            _ => None,
        })
        .collect()
}

fn benefits_from(entries: &[Value]) -> Vec<Benefit> {
    entries
        .iter()
        .zip(BENEFIT_SLOTS)
        .zip(0u8..)
        .filter_map(|((entry, tracking_name), slot)| {
            let (url, text) = entry_link(entry);
            Some(Benefit {
                slot,
                tracking_name: tracking_name.to_owned(),
                text: text.or_else(|| text_at(entry, &["headline"]))?,
                url,
                bold_link: flag_at(entry, &["boldLink"]),
            })
        })
        .collect()
}

fn image_from(image_data: Option<&Value>) -> Option<PromotionImage> {
    let parsed;
    let image_data = match image_data? {
        Value::String(text) => {
            parsed = parse_document(text)?;
            &parsed
        }
        other => other,
    };
    let cutouts: &[Value] = match image_data {
        Value::Array(items) => items,
        Value::Object(map) if map.contains_key("cutouts") => items_at(image_data, &["cutouts"]),
        single @ Value::Object(_) => std::slice::from_ref(single),
        _ => &[],
    };
    let cutouts: Vec<ImageCutout> = cutouts.iter().filter_map(cutout_from).collect();
    let picture = picture_view(&cutouts)?;
    Some(PromotionImage { cutouts, picture })
}

fn cutout_from(cutout: &Value) -> Option<ImageCutout> {
    Some(ImageCutout {
        target_size: count_at(cutout, &["targetSize", "width"])
            .or_else(|| count_at(cutout, &["targetSize"]))
            .map(|width| TargetSize { width }),
        breakpoint: breakpoint_from(cutout),
        image_path: image_path(&text_at(cutout, &["imagePath"])?)?,
        image_css: css_from(cutout.get("imageCss")),
        container_css: css_from(cutout.get("containerCss")),
    })
}

/// A breakpoint as px: a number, a digit string with an optional `px`, or a breakpoint name
/// (spec section 9, [`BREAKPOINTS`]).
fn breakpoint_from(cutout: &Value) -> Option<u32> {
    if let Some(px) = count_at(cutout, &["breakpoint"]) {
        return Some(px);
    }
    let name = text_at(cutout, &["breakpoint"])?;
    let name = name.trim();
    let digits = name.strip_suffix("px").unwrap_or(name);
    if !digits.is_empty() && digits.len() <= 9 && digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits.parse().ok();
    }
    BREAKPOINTS
        .iter()
        .find(|breakpoint| breakpoint.name.eq_ignore_ascii_case(name))
        .map(|breakpoint| breakpoint.px)
}

#[cfg(test)]
mod tests {

    #[test]
    fn preview_token_cookie() {
        let table = [
            ("", false),
            ("previewToken=abc", true),
            ("a=1; previewToken=abc; b=2", true),
            ("previewToken=", false),
            ("xpreviewToken=abc", false),
            ("previewTokens=abc", false),
        ];
        for (cookies, present) in table {
            assert_eq!(preview_token_present(cookies), present, "{cookies}");
        }
    }

    use super::super::strategies;
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    fn response(kind: PromotionKind, content: &Value) -> PromotionResponse {
        PromotionResponse {
            kind: kind.api_type().to_owned(),
            content_json: content.to_string(),
        }
    }

    fn css(pairs: &[(&str, &str)]) -> Vec<CssDeclaration> {
        pairs
            .iter()
            .map(|(property, value)| CssDeclaration {
                property: (*property).to_owned(),
                value: (*value).to_owned(),
            })
            .collect()
    }

    fn s(text: &str) -> Option<String> {
        Some(text.to_owned())
    }

    /// A content document with every field the spec names populated.
    fn full_content(image_key: &str) -> Value {
        json!({
            "headline": "Kaffee-Wochen",
            "promotionLongText": "Long text",
            "promotionShortText": "Kaffee!",
            "subline": "Nur diese Woche",
            image_key: {"imageData": [
                {
                    "targetSize": {"width": 1920},
                    "breakpoint": 1023,
                    "imagePath": "/image-delivery/banner/desktop.jpg",
                    "imageCss": "object-position: 50% 20%; object-fit: cover",
                    "containerCss": "aspect-ratio: 16/9",
                },
                {
                    "targetSize": {"width": 767},
                    "breakpoint": "s",
                    "imagePath": "https://cdn.example/image-delivery/banner/mobile.jpg?v=2",
                    "imageCss": "width: 100%",
                    "containerCss": "",
                },
            ]},
            "useDarkTheme": true,
            "backgroundColor": {"colorCode": "#1a2b3c"},
            "promotionTextColor": {"colorCode": "#fff"},
            "legalText": "Gültig bis 31.12.",
            "legalTextHint": "Details zum Angebot",
            "legalTextHintShort": "Details",
            "voucherCode": {"code": "KAFFEE10", "instruction": "Im Warenkorb eingeben"},
            "ctaButton": {"ctaLink": {"url": "/c/kaffee", "text": "Jetzt entdecken"}},
            "voucherOrButton": {"selector": "voucherCode"},
            "links": [
                {"url": "/c/kaffee/bohnen", "text": "Bohnen", "boldLink": true},
                {"link": {"url": "https://x.example/maschinen", "text": "Maschinen"}},
                {"linkURL": "/c/kaffee/kapseln", "text": "Kapseln"},
                {"url": "/c/kaffee/pads", "text": "Pads"},
                {"url": "/c/kaffee/extra", "text": "Extra"},
            ],
        })
    }

    fn expected_cutouts() -> PromotionImage {
        image_of(vec![
            ImageCutout {
                target_size: Some(TargetSize { width: 1920 }),
                breakpoint: Some(1023),
                image_path: "/img/banner/desktop.jpg".into(),
                image_css: css(&[("object-position", "50% 20%"), ("object-fit", "cover")]),
                container_css: css(&[("aspect-ratio", "16/9")]),
            },
            ImageCutout {
                target_size: Some(TargetSize { width: 767 }),
                breakpoint: Some(667),
                image_path: "/img/banner/mobile.jpg?v=2".into(),
                image_css: css(&[("width", "100%")]),
                container_css: Vec::new(),
            },
        ])
    }

    /// An image as the parser makes it: its cutouts and their picture.
    fn image_of(cutouts: Vec<ImageCutout>) -> PromotionImage {
        let picture = picture_view(&cutouts).unwrap_or_else(|| panic!("no cutouts"));
        PromotionImage { cutouts, picture }
    }

    #[test]
    fn a_picture_has_its_sources_widest_first_and_shows_the_cutout_without_breakpoint() {
        let cutout = |breakpoint: Option<u32>, path: &str| ImageCutout {
            target_size: None,
            breakpoint,
            image_path: path.into(),
            image_css: Vec::new(),
            container_css: Vec::new(),
        };
        let source = |breakpoint: u32, srcset: &str, cutout: usize| PictureSource {
            media: format!("(min-width: {breakpoint}px)"),
            srcset: srcset.into(),
            cutout,
        };
        // Document order: small, default, wide, another wide (equal: the first stays first).
        let cutouts = vec![
            cutout(Some(667), "/img/s.jpg"),
            cutout(None, "/img/default.jpg"),
            cutout(Some(1023), "/img/w one.jpg"),
            cutout(Some(1023), "/img/w2.jpg"),
        ];
        assert_eq!(
            picture_view(&cutouts),
            Some(PictureView {
                sources: vec![
                    source(1023, "/img/w%20one.jpg", 2),
                    source(1023, "/img/w2.jpg", 3),
                    source(667, "/img/s.jpg", 0),
                ],
                fallback: 1,
                src: "/img/default.jpg".into(),
            })
        );
        // Without a cutout for every width, the narrowest is the fallback.
        let view = expected_cutouts().picture;
        assert_eq!(view.fallback, 1);
        assert_eq!(view.src, "/img/banner/mobile.jpg?v=2");
        assert_eq!(
            view.sources.iter().map(|s| s.cutout).collect::<Vec<_>>(),
            [0, 1]
        );
        assert_eq!(picture_view(&[]), None);
        assert_eq!(srcset_url("/a\tb\u{a0}c d"), "/a%09b%C2%A0c%20d");
    }

    fn expected_links() -> Vec<PromotionLink> {
        let link = |url: &str, text: &str, bold_link: bool| PromotionLink {
            url: url.into(),
            text: text.into(),
            bold_link,
        };
        vec![
            link("/c/kaffee/bohnen", "Bohnen", true),
            link("https://x.example/maschinen", "Maschinen", false),
            link("/c/kaffee/kapseln", "Kapseln", false),
            link("/c/kaffee/pads", "Pads", false),
            link("/c/kaffee/extra", "Extra", false),
        ]
    }

    fn expected(kind: PromotionKind) -> Promotion {
        Promotion {
            kind,
            headline: s("Kaffee-Wochen"),
            headline_short: s("Kaffee!"),
            subline: s("Nur diese Woche"),
            image: Some(expected_cutouts()),
            theme: Theme::Dark,
            background_color_code: s("#1a2b3c"),
            text_color: s("#fff"),
            legal_text: s("Gültig bis 31.12."),
            legal_text_hint: s("Details zum Angebot"),
            legal_text_hint_short: s("Details"),
            voucher_code: s("KAFFEE10"),
            voucher_code_instructions: s("Im Warenkorb eingeben"),
            cta_button_link: s("/c/kaffee"),
            cta_button_text: s("Jetzt entdecken"),
            links: expected_links(),
            benefits: Vec::new(),
            cta: Cta::VoucherCode,
        }
    }

    #[test]
    fn top_banner_with_every_field() {
        let kind = PromotionKind::Banner;
        let parsed = parse_promotion(&response(kind, &full_content("img")));
        assert_eq!(parsed, Some(expected(kind)));
    }

    #[test]
    fn phase_integration_reads_pi_image() {
        let kind = PromotionKind::PhaseIntegration;
        let parsed = parse_promotion(&response(kind, &full_content("piImage")));
        assert_eq!(parsed, Some(expected(kind)));
    }

    #[test]
    fn category_with_every_field_and_its_main_link() {
        let kind = PromotionKind::Category;
        let mut content = full_content("img");
        // A category banner links with `link` / `linkURL` instead of a CTA button.
        if let Some(map) = content.as_object_mut() {
            map.remove("ctaButton");
            map.insert(
                "link".into(),
                json!({"url": "/c/kaffee", "text": "Jetzt entdecken"}),
            );
            map.insert("linkURL".into(), json!("/ignored-when-link-is-set"));
            map.insert("voucherOrButton".into(), json!({"selector": "ctaButton"}));
        }
        let parsed = parse_promotion(&response(kind, &content));
        let mut want = expected(kind);
        want.cta = Cta::CtaButton;
        assert_eq!(parsed, Some(want));
    }

    #[test]
    fn category_link_url_alone_is_the_button_link() {
        let content = json!({"headline": "Sale", "linkURL": "/sale", "text": "Zum Sale"});
        let parsed = parse_promotion(&response(PromotionKind::Category, &content));
        let parsed = parsed.unwrap();
        assert_eq!(parsed.cta_button_link.as_deref(), Some("/sale"));
        assert_eq!(parsed.cta, Cta::Neither, "a button needs a text");
        let content = json!({"headline": "Sale", "link": "/sale"});
        let parsed = parse_promotion(&response(PromotionKind::Category, &content));
        assert_eq!(
            parsed.and_then(|p| p.cta_button_link).as_deref(),
            Some("/sale")
        );
    }

    #[test]
    fn a_document_held_as_a_tree_reads_as_its_answer() {
        for kind in PromotionKind::ALL {
            let content = full_content("img");
            let answer = parse_promotion(&response(kind, &content));
            assert!(answer.is_some(), "{kind:?}");
            let tree = crate::json::from_str::<crate::json::Value>(&content.to_string()).ok();
            let tree = tree.unwrap_or(crate::json::Value::Null);
            assert_eq!(
                parse_promotion_document(kind.api_type(), tree.clone()),
                answer
            );
            // contentJSON as the string it is in an answer.
            let text = crate::json::Value::String(content.to_string());
            assert_eq!(parse_promotion_document(kind.api_type(), text), answer);
            assert_eq!(parse_promotion_document("UNKNOWN", tree), None);
        }
        let not_an_object = crate::json::Value::String("[1]".into());
        assert_eq!(
            parse_promotion_document(PromotionKind::Banner.api_type(), not_an_object),
            None
        );
    }

    #[test]
    fn header_benefits_with_every_field() {
        let kind = PromotionKind::Benefits;
        let parsed = parse_promotion(&response(kind, &full_content("img")));
        let benefit = |slot: u8, text: &str, url: Option<&str>, bold_link: bool| Benefit {
            slot,
            tracking_name: BENEFIT_SLOTS[usize::from(slot)].to_owned(),
            text: text.into(),
            url: url.map(str::to_owned),
            bold_link,
        };
        let mut want = expected(kind);
        want.links = Vec::new();
        want.benefits = vec![
            benefit(0, "Bohnen", Some("/c/kaffee/bohnen"), true),
            benefit(1, "Maschinen", Some("https://x.example/maschinen"), false),
            benefit(2, "Kapseln", Some("/c/kaffee/kapseln"), false),
            benefit(3, "Pads", Some("/c/kaffee/pads"), false),
        ];
        assert_eq!(parsed, Some(want));
    }

    #[test]
    fn benefits_keep_their_slots_and_text_without_safe_links() {
        let content = json!({"links": [
            {"text": "Gratis Versand", "url": "javascript:alert(1)"},
            {"url": "/subscribenewsletter"},
            {"headline": "Filialen", "link": {"url": "/service/storefinder/"}},
        ]});
        let parsed = parse_promotion(&response(PromotionKind::Benefits, &content));
        let benefits = parsed.map(|p| p.benefits).unwrap_or_default();
        assert_eq!(benefits.len(), 2);
        assert_eq!((benefits[0].slot, benefits[0].url.as_deref()), (0, None));
        assert_eq!(benefits[0].tracking_name, "free shipping");
        assert_eq!(benefits[1].slot, 2);
        assert_eq!(benefits[1].tracking_name, "cross-channel");
        assert_eq!(benefits[1].text, "Filialen");
        assert_eq!(benefits[1].url.as_deref(), Some("/service/storefinder/"));
    }

    #[test]
    fn benefit_slot_names() {
        assert_eq!(benefit_slot_name(0), Some("free shipping"));
        assert_eq!(benefit_slot_name(1), Some("newsletter registration"));
        assert_eq!(benefit_slot_name(2), Some("cross-channel"));
        assert_eq!(benefit_slot_name(3), Some("service"));
        assert_eq!(benefit_slot_name(4), None);
        assert_eq!(benefit_slot_name(usize::MAX), None);
    }

    #[test]
    fn unknown_or_malformed_responses_give_no_promotion() {
        let content = json!({"headline": "x"}).to_string();
        let table: &[(&str, &str)] = &[
            ("ApiUnknownPromotion", &content),
            ("", &content),
            ("apitopbannerpromotion", &content),
            ("ApiTopBannerPromotion", "not json"),
            ("ApiTopBannerPromotion", ""),
            ("ApiTopBannerPromotion", "{\"headline\": "),
            ("ApiTopBannerPromotion", "[1, 2]"),
            ("ApiTopBannerPromotion", "\"headline\""),
            ("ApiTopBannerPromotion", "42"),
            ("ApiTopBannerPromotion", "null"),
            ("ApiTopBannerPromotion", "{}"),
            (
                "ApiTopBannerPromotion",
                "{\"headline\": 42, \"links\": \"x\"}",
            ),
        ];
        for (kind, content_json) in table {
            let response = PromotionResponse {
                kind: (*kind).into(),
                content_json: (*content_json).into(),
            };
            assert_eq!(parse_promotion(&response), None, "{kind} {content_json}");
        }
        // A known type with whitespace around it is that type.
        let padded = PromotionResponse {
            kind: " ApiTopBannerPromotion\n".into(),
            content_json: content,
        };
        assert_eq!(
            parse_promotion(&padded).map(|promotion| promotion.kind),
            Some(PromotionKind::Banner)
        );
    }

    /// A promotion whose only content is what its kind's view does not show is no promotion:
    /// the page would get an empty, labelled region.
    #[test]
    fn content_its_view_does_not_show_is_no_promotion() {
        let image = json!({"cutouts": [{"imagePath": "/image-delivery/a.jpg", "targetSize": 640, "breakpoint": "xl"}]});
        let only = |kind: PromotionKind, content: serde_json::Value| {
            parse_promotion(&response(kind, &content)).is_some()
        };
        let subline_and_code = json!({"subline": "Nur heute", "voucherCode": {"code": "KAFFEE10"}});
        let links = json!({"links": [{"url": "/kaffee", "text": "Kaffee"}]});
        let image_only = json!({ "img": { "imageData": image } });
        // The benefits bar shows benefits, else the headline.
        assert!(!only(PromotionKind::Benefits, subline_and_code.clone()));
        assert!(!only(PromotionKind::Benefits, image_only.clone()));
        assert!(only(
            PromotionKind::Benefits,
            json!({"headline": "Gratis Versand"})
        ));
        // The top banner shows neither links nor an image.
        assert!(!only(PromotionKind::Banner, links.clone()));
        assert!(!only(PromotionKind::Banner, image_only.clone()));
        assert!(only(PromotionKind::Banner, subline_and_code.clone()));
        assert!(only(
            PromotionKind::Banner,
            json!({"legalText": "Gilt bis Sonntag."})
        ));
        // A voucher code the selector does not choose shows nothing.
        assert!(!only(
            PromotionKind::Banner,
            json!({"voucherCode": {"code": "X"}, "voucherOrButton": {"selector": "ctaButton"}})
        ));
        // The phase integration shows its image, not links; the category banner both.
        assert!(only(PromotionKind::PhaseIntegration, image_only.clone()));
        assert!(!only(PromotionKind::PhaseIntegration, links.clone()));
        assert!(only(PromotionKind::Category, links));
        assert!(only(PromotionKind::Category, image_only));
    }

    #[test]
    fn a_document_saved_with_a_byte_order_mark_is_read() {
        let content = ["\u{feff}", &json!({"headline": "Sale"}).to_string()].concat();
        let response = PromotionResponse {
            kind: "ApiTopBannerPromotion".into(),
            content_json: content,
        };
        let parsed = parse_promotion(&response).map(|p| p.headline);
        assert_eq!(parsed, Some(Some("Sale".into())));
    }

    #[test]
    fn wrong_typed_fields_degrade_alone() {
        let content = json!({
            "headline": "Sale",
            "subline": 42,
            "img": {"imageData": "garbage"},
            "useDarkTheme": "yes",
            "backgroundColor": "#fff",
            "promotionTextColor": {"colorCode": 7},
            "voucherCode": "CODE",
            "links": {"url": "/one", "text": "One"},
            "voucherOrButton": {"selector": 1},
        });
        let parsed = parse_promotion(&response(PromotionKind::Banner, &content));
        let parsed = parsed.unwrap();
        assert_eq!(parsed.headline.as_deref(), Some("Sale"));
        assert_eq!(parsed.subline, None);
        assert_eq!(parsed.image, None);
        assert_eq!(parsed.theme, Theme::Light);
        assert_eq!(parsed.background_color_code, None);
        assert_eq!(parsed.text_color, None);
        assert_eq!(parsed.voucher_code, None);
        assert_eq!(
            parsed.links.len(),
            1,
            "a single link object counts as a list"
        );
        assert_eq!(parsed.cta, Cta::Neither);
    }

    #[test]
    fn headline_fallbacks() {
        let table = [
            (
                json!({"promotionLongText": "L", "promotionShortText": "S"}),
                "L",
                "S",
            ),
            (json!({"promotionShortText": "S"}), "S", "S"),
            (json!({"headline": "H"}), "H", "H"),
            (json!({"headline": " ", "promotionLongText": "L"}), "L", "L"),
        ];
        for (content, headline, short) in table {
            let parsed = parse_promotion(&response(PromotionKind::Banner, &content));
            let parsed = parsed.unwrap();
            assert_eq!(parsed.headline.as_deref(), Some(headline));
            assert_eq!(parsed.headline_short.as_deref(), Some(short));
        }
    }

    #[test]
    fn call_to_action_selection() {
        let voucher = json!({"code": "C"});
        let button = json!({"ctaLink": {"url": "/x", "text": "Go"}});
        let table = [
            (
                json!({"voucherCode": voucher, "ctaButton": button}),
                Cta::VoucherCode,
            ),
            (json!({"ctaButton": button}), Cta::CtaButton),
            (
                json!({"voucherCode": voucher, "ctaButton": button, "voucherOrButton": {"selector": "ctaButton"}}),
                Cta::CtaButton,
            ),
            (
                json!({"ctaButton": button, "voucherOrButton": {"selector": "voucherCode"}, "headline": "H"}),
                Cta::Neither,
            ),
            (
                json!({"voucherCode": voucher, "voucherOrButton": {"selector": "other"}}),
                Cta::VoucherCode,
            ),
            (json!({"headline": "H"}), Cta::Neither),
            (
                json!({"ctaButton": {"ctaLink": {"url": "javascript:x", "text": "Go"}}, "headline": "H"}),
                Cta::Neither,
            ),
        ];
        for (content, cta) in table {
            let parsed = parse_promotion(&response(PromotionKind::Banner, &content));
            assert_eq!(parsed.map(|p| p.cta), Some(cta), "{content}");
        }
    }

    #[test]
    fn a_text_colour_applies_only_with_its_background_colour() {
        let banner = |background: Option<&str>, text: &str| {
            let mut content =
                json!({"headline": "Sale", "promotionTextColor": {"colorCode": text}});
            if let Some(background) = background {
                content["backgroundColor"] = json!({"colorCode": background});
            }
            parse_promotion(&response(PromotionKind::Banner, &content))
                .map(|p| (p.background_color_code, p.text_color))
        };
        let some = |color: &str| Some(color.to_owned());
        assert_eq!(
            banner(Some("#3b2a1e"), "#ffffff"),
            Some((some("#3b2a1e"), some("#ffffff")))
        );
        assert_eq!(
            banner(Some("#3b2a1e80"), "#fff8"),
            Some((some("#3b2a1e80"), some("#fff8")))
        );
        // The background is no colour (or missing): white text would stay on the theme's white.
        assert_eq!(banner(Some("rgb(59,42,30)"), "#ffffff"), Some((None, None)));
        assert_eq!(banner(Some("black"), "#fff"), Some((None, None)));
        assert_eq!(banner(None, "#fff"), Some((None, None)));
    }

    #[test]
    fn hostile_content_is_dropped_or_kept_as_text() {
        let content = json!({
            "headline": "<script>alert(1)</script>",
            "subline": "<img src=x onerror=alert(1)>",
            "backgroundColor": {"colorCode": "red;background:url(x)"},
            "promotionTextColor": {"colorCode": "#fff;background:url(x)"},
            "ctaButton": {"ctaLink": {"url": "javascript:alert(1)", "text": "Go"}},
            "links": [
                {"url": "javascript:alert(1)", "text": "evil"},
                {"url": "data:text/html,x", "text": "evil"},
                {"url": "//evil.example", "text": "evil"},
                {"url": "/ok", "text": "<b>ok</b>"},
            ],
            "img": {"imageData": {
                "imagePath": "/image-delivery/a.jpg",
                "imageCss": "background: url(x); width: url(x); height: expression(alert(1)); top: 1px",
                "containerCss": "width: 1px} body {color: red; left: 0",
            }},
        });
        let parsed = parse_promotion(&response(PromotionKind::Banner, &content));
        let parsed = parsed.unwrap();
        assert_eq!(
            parsed.headline.as_deref(),
            Some("<script>alert(1)</script>")
        );
        assert_eq!(
            parsed.subline.as_deref(),
            Some("<img src=x onerror=alert(1)>")
        );
        assert_eq!(parsed.background_color_code, None);
        assert_eq!(parsed.text_color, None);
        assert_eq!(parsed.cta_button_link, None);
        assert_eq!(parsed.cta, Cta::Neither);
        assert_eq!(
            parsed.links,
            vec![PromotionLink {
                url: "/ok".into(),
                text: "<b>ok</b>".into(),
                bold_link: false,
            }]
        );
        let image = parsed.image.unwrap();
        assert_eq!(image.cutouts[0].image_css, css(&[("top", "1px")]));
        assert_eq!(image.cutouts[0].container_css, css(&[("left", "0")]));
    }

    #[test]
    fn image_path_rewrites() {
        let table: &[(&str, Option<&str>)] = &[
            ("/image-delivery/a/b.jpg", Some("/img/a/b.jpg")),
            (" /image-delivery/a.jpg?w=10 ", Some("/img/a.jpg?w=10")),
            (
                "https://cdn.example/image-delivery/a.jpg",
                Some("/img/a.jpg"),
            ),
            (
                "HTTP://cdn.example/image-delivery/a.jpg",
                Some("/img/a.jpg"),
            ),
            ("//cdn.example/image-delivery/a.jpg", Some("/img/a.jpg")),
            ("/img/already.jpg", Some("/img/already.jpg")),
            ("/img/a/b.jpg?w=1", Some("/img/a/b.jpg?w=1")),
            // Nothing outside the images: a shop page would be loaded with the cookies.
            ("/image-delivery/../logout", None),
            ("/image-delivery/a/../../logout", None),
            ("/image-delivery/%2e%2e/logout", None),
            ("/image-delivery/.%2E/logout", None),
            ("/image-delivery/./a.jpg", None),
            ("/image-delivery/..\\logout", None),
            ("https://cdn.example/image-delivery/../logout", None),
            ("/img/../logout", None),
            ("/img/", None),
            ("/imgx/a.jpg", None),
            ("/img", None),
            ("/logout", None),
            ("/image-delivery/a..b/c...jpg", Some("/img/a..b/c...jpg")),
            ("/image-delivery/a.jpg?x=/../y", Some("/img/a.jpg?x=/../y")),
            (
                "https://cdn.example/other/a.jpg",
                Some("https://cdn.example/other/a.jpg"),
            ),
            ("/image-delivery/", None),
            ("/image-delivery/?x", None),
            ("//cdn.example/other/a.jpg", None),
            ("javascript:alert(1)", None),
            ("data:image/png;base64,xx", None),
            ("/image-delivery/a\n.jpg", None),
            ("image-delivery/a.jpg", None),
            ("/Image-Delivery/a.jpg", None),
            ("", None),
        ];
        for (input, expected) in table {
            assert_eq!(image_path(input).as_deref(), *expected, "{input:?}");
        }
    }

    #[test]
    fn image_data_shapes() {
        let cutout = json!({"imagePath": "/image-delivery/a.jpg", "targetSize": 640, "breakpoint": "1023px"});
        let want = image_of(vec![ImageCutout {
            target_size: Some(TargetSize { width: 640 }),
            breakpoint: Some(1023),
            image_path: "/img/a.jpg".into(),
            image_css: Vec::new(),
            container_css: Vec::new(),
        }]);
        let shapes = [
            json!([cutout.clone()]),
            json!({"cutouts": [cutout.clone()]}),
            cutout.clone(),
            json!(json!([cutout.clone()]).to_string()),
            json!([cutout.clone(), {"imagePath": "javascript:x"}, 3, "x"]),
        ];
        for shape in shapes {
            assert_eq!(
                image_from(Some(&shape.clone().into())),
                Some(want.clone()),
                "{shape}"
            );
        }
        for nothing in [json!([]), json!({"cutouts": 1}), json!(1), json!("[")] {
            assert_eq!(image_from(Some(&nothing.clone().into())), None, "{nothing}");
        }
        let names = [("xs", 374), ("XL", 1023), ("4xl", 1919), ("huge", 0)];
        for (name, px) in names {
            let cutout = json!({"breakpoint": name});
            assert_eq!(
                breakpoint_from(&cutout.into()),
                (px > 0).then_some(px),
                "{name}"
            );
        }
    }

    #[test]
    fn css_allow_list() {
        let table: &[(&str, &[(&str, &str)])] = &[
            (
                "object-position: 50% 20%",
                &[("object-position", "50% 20%")],
            ),
            (
                "OBJECT-FIT: cover; transform: translate(-50%, -50%);",
                &[
                    ("object-fit", "cover"),
                    ("transform", "translate(-50%, -50%)"),
                ],
            ),
            (
                "width: 100%; height: auto; max-width: 40rem; aspect-ratio: 4/3",
                &[
                    ("width", "100%"),
                    ("height", "auto"),
                    ("max-width", "40rem"),
                    ("aspect-ratio", "4/3"),
                ],
            ),
            (
                "top: 0; left: 1px; right: 2px; bottom: 3px",
                &[
                    ("top", "0"),
                    ("left", "1px"),
                    ("right", "2px"),
                    ("bottom", "3px"),
                ],
            ),
            ("background-image: url(x)", &[]),
            ("width: url(x)", &[]),
            ("width: URL(x)", &[]),
            ("width: expression(alert(1))", &[]),
            ("width: 1px !important", &[]),
            ("width: \"x\"", &[]),
            ("width: 1px /* c */", &[]),
            ("width: <b>", &[]),
            ("width: \\75rl(x)", &[]),
            ("position: fixed", &[]),
            ("aspect-ratio: calc(4/3", &[]),
            ("transform: translate(1px, 2px))", &[]),
            ("transform: translate(1px, [2px)]", &[]),
            (
                "width: calc(100% - (2 * 1rem))",
                &[("width", "calc(100% - (2 * 1rem))")],
            ),
            ("width:", &[]),
            ("width", &[]),
            ("", &[]),
        ];
        for (input, expected) in table {
            assert_eq!(css_declarations(input), css(expected), "{input:?}");
        }
        let long = format!("width: {}", "1".repeat(MAX_CSS_VALUE_LENGTH + 1));
        assert_eq!(css_declarations(&long), Vec::new());
        let object = json!({"width": "10px", "top": 3, "position": "fixed", "left": "url(x)"});
        assert_eq!(css_from(Some(&object.into())), css(&[("width", "10px")]));
    }

    #[test]
    fn promotion_urls() {
        let tags = |list: &[&str]| list.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            promotion_url(HEADER_BENEFITS_ID, &[], &[], &[]).as_deref(),
            Some("/service/promotion/api/promotion/~header_top")
        );
        assert_eq!(
            promotion_url(
                "cat/kaffee",
                &tags(&["a b", "c"]),
                &tags(&["", "  "]),
                &tags(&["x,y", "ö"])
            )
            .as_deref(),
            Some(
                "/service/promotion/api/promotion/cat%2Fkaffee?allOfTags=a%20b,c&noneOfTags=x%2Cy,%C3%B6"
            )
        );
        assert_eq!(
            promotion_url(" id ", &[], &tags(&["t"]), &[]).as_deref(),
            Some("/service/promotion/api/promotion/id?anyOfTags=t")
        );
        assert_eq!(promotion_url("", &tags(&["a"]), &[], &[]), None);
        assert_eq!(promotion_url("   ", &[], &[], &[]), None);
    }

    #[test]
    fn parses_the_whole_body_text() {
        let content = json!({"headline": "H"});
        let as_string = json!({"type": "ApiCategory", "contentJSON": content.to_string()});
        let as_object = json!({"type": "ApiCategory", "contentJSON": content});
        for body in [as_string, as_object] {
            let parsed = parse_promotion_json(&body.to_string());
            assert_eq!(parsed.map(|p| p.kind), Some(PromotionKind::Category));
        }
        for body in [
            "",
            "not json",
            "[]",
            "{\"type\": \"ApiCategory\"}",
            "{\"type\": 1, \"contentJSON\": \"{}\"}",
            "{\"type\": \"ApiX\", \"contentJSON\": \"{\\\"headline\\\": \\\"H\\\"}\"}",
            "{\"type\": \"ApiCategory\", \"contentJSON\": \"{\\\"headline\\\": \"}",
        ] {
            assert_eq!(parse_promotion_json(body), None, "{body}");
        }
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(parse_promotion_json(&deep), None);
        let deep_content = json!({"type": "ApiCategory", "contentJSON": deep});
        assert_eq!(parse_promotion_json(&deep_content.to_string()), None);
    }

    #[test]
    fn responses_deserialise_leniently() {
        let read = |text: &str| crate::json::from_str::<PromotionResponse>(text).ok();
        assert_eq!(
            read("{\"type\": \"ApiCategory\", \"contentJSON\": \"{}\"}"),
            Some(PromotionResponse {
                kind: "ApiCategory".into(),
                content_json: "{}".into()
            })
        );
        assert_eq!(read("{}"), Some(PromotionResponse::default()));
        assert_eq!(
            read("{\"type\": 5, \"contentJSON\": {\"a\": 1}}"),
            Some(PromotionResponse::default())
        );
    }

    #[test]
    fn serialises_camel_case_without_absent_fields() {
        let content = json!({"headline": "H", "voucherCode": {"code": "C"}});
        let parsed = parse_promotion(&response(PromotionKind::Banner, &content));
        let value =
            serde_json::from_str::<serde_json::Value>(&crate::json::to_string(&parsed)).ok();
        assert_eq!(
            value,
            Some(json!({
                "kind": "BANNER",
                "headline": "H",
                "headlineShort": "H",
                "theme": "LIGHT",
                "voucherCode": "C",
                "links": [],
                "benefits": [],
                "cta": "VOUCHER_CODE",
            }))
        );
    }

    proptest! {
        #[test]
        fn total_on_arbitrary_strings(text in any::<String>(), other in ".*") {
            let _ = parse_promotion_json(&text);
            let _ = image_path(&text);
            let _ = css_declarations(&text);
            let _ = preview_token_present(&text);
            let _ = promotion_url(&text, std::slice::from_ref(&other), std::slice::from_ref(&text), &[]);
            for kind in PromotionKind::ALL {
                let response = PromotionResponse { kind: kind.api_type().into(), content_json: text.clone() };
                let _ = parse_promotion(&response);
            }
            let _ = PromotionKind::from_api_type(&other);
        }

        #[test]
        fn total_on_arbitrary_json(value in strategies::json(), index in any::<usize>()) {
            let text = value.to_string();
            let _ = parse_promotion_json(&text);
            for kind in PromotionKind::ALL {
                let response = PromotionResponse { kind: kind.api_type().into(), content_json: text.clone() };
                if let Some(promotion) = parse_promotion(&response) {
                    prop_assert!(promotion.benefits.len() <= BENEFIT_SLOTS.len());
                    if let Some(image) = &promotion.image {
                        // Every image that parses has a picture: every cutout with a breakpoint
                        // a source, widest first, and a fallback among its cutouts.
                        let view = &image.picture;
                        prop_assert_eq!(Some(view.clone()), picture_view(&image.cutouts));
                        prop_assert!(view.fallback < image.cutouts.len());
                        prop_assert_eq!(view.sources.len(), image.cutouts.iter().filter(|c| c.breakpoint.is_some()).count());
                        let widths: Vec<Option<u32>> = view.sources.iter().map(|s| image.cutouts.get(s.cutout).and_then(|c| c.breakpoint)).collect();
                        prop_assert!(widths.windows(2).all(|pair| pair[0] >= pair[1]));
                        prop_assert!(view.sources.iter().all(|s| !s.srcset.contains(char::is_whitespace)));
                    }
                    for link in &promotion.links {
                        prop_assert_eq!(safe_url(&link.url), Some(link.url.clone()));
                    }
                }
                let body = json!({"type": kind.api_type(), "contentJSON": text.clone()});
                let _ = parse_promotion_json(&body.to_string());
                let body = json!({"type": kind.api_type(), "contentJSON": value.clone()});
                let _ = parse_promotion_json(&body.to_string());
                if let Ok(tree) = crate::json::from_str::<crate::json::Value>(&text) {
                    let _ = parse_promotion_document(kind.api_type(), tree);
                }
            }
            let _ = crate::json::from_str::<PromotionResponse>(&text);
            let _ = benefit_slot_name(index);
        }
    }
}
