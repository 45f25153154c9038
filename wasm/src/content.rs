//! Bindings for `shop_core::content`: promotions, the footer, visitor data, A/B tests and the
//! staff preview check. The parsers take response bodies as text and never throw: a malformed
//! document is `undefined` (or the logged-out default for personal data).

use shop_core::content::{
    abtest::{self, AbTest, CheckAuth},
    footer::{self, Footer, FooterIcon},
    link::{self, LinkTarget},
    promotion::{self, Promotion, PromotionResponse},
    visitor::{self, NewsletterStatus, PersonalData},
};
use tsify::Ts;
use wasm_bindgen::prelude::*;

use crate::{read, write};

/// The promotion in a promotion service response `{type, contentJSON}`; `undefined` for an
/// unknown type, malformed content or a value that is not such an object at all.
#[wasm_bindgen(js_name = parsePromotion)]
pub fn parse_promotion(
    #[wasm_bindgen(unchecked_param_type = "PromotionResponse")] response: JsValue,
) -> Result<Option<Ts<Promotion>>, JsError> {
    // Read through the same JSON path as every other value; a non-object is no promotion.
    let Ok(response) = crate::from_json::<PromotionResponse>(&response, "promotion response")
    else {
        return Ok(None);
    };
    promotion::parse_promotion(&response)
        .as_ref()
        .map(write)
        .transpose()
}

/// The promotion in a promotion service response body given as text; `undefined` when there
/// is none.
#[wasm_bindgen(js_name = parsePromotionJson)]
pub fn parse_promotion_json(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Ts<Promotion>>, JsError> {
    let body = &crate::body(body)?;
    promotion::parse_promotion_json(body)
        .as_ref()
        .map(write)
        .transpose()
}

/// The URL of a promotion with its tag filters; `undefined` for an empty id.
#[wasm_bindgen(js_name = promotionUrl)]
pub fn promotion_url(
    #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    #[wasm_bindgen(js_name = allOfTags, unchecked_param_type = "string[]")] all_of_tags: JsValue,
    #[wasm_bindgen(js_name = anyOfTags, unchecked_param_type = "string[]")] any_of_tags: JsValue,
    #[wasm_bindgen(js_name = noneOfTags, unchecked_param_type = "string[]")] none_of_tags: JsValue,
) -> Result<Option<String>, JsError> {
    let id = &crate::text(id, "id")?;
    let all_of_tags: Vec<String> = crate::from_json(&all_of_tags, "allOfTags")?;
    let any_of_tags: Vec<String> = crate::from_json(&any_of_tags, "anyOfTags")?;
    let none_of_tags: Vec<String> = crate::from_json(&none_of_tags, "noneOfTags")?;
    Ok(promotion::promotion_url(
        id,
        &all_of_tags,
        &any_of_tags,
        &none_of_tags,
    ))
}

/// The promotion id of the header benefits bar (`"~header_top"`).
#[wasm_bindgen(js_name = headerBenefitsId)]
pub fn header_benefits_id() -> String {
    promotion::HEADER_BENEFITS_ID.to_owned()
}

/// The tracking name of a header benefit slot 0 to 3; `undefined` for any other index.
#[wasm_bindgen(js_name = benefitSlotName)]
pub fn benefit_slot_name(index: f64) -> Option<String> {
    // Whole and in range, so the cast is exact; the core decides which slots exist.
    let slot = (index.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&index))
        .then_some(index as usize)?;
    promotion::benefit_slot_name(slot).map(str::to_owned)
}

/// How long the "copied" success of a promo code shows, in milliseconds (3000).
#[wasm_bindgen(js_name = promoCodeCopiedMs)]
pub fn promo_code_copied_ms() -> u32 {
    promotion::PROMO_CODE_COPIED_MS
}

/// Whether the page's cookies hold a staff preview token: promotions are then fetched afresh.
#[wasm_bindgen(js_name = previewTokenPresent)]
pub fn preview_token_present(
    #[wasm_bindgen(unchecked_param_type = "string")] cookies: JsValue,
) -> Result<bool, JsError> {
    let cookies = &crate::text(cookies, "cookies")?;
    Ok(promotion::preview_token_present(cookies))
}

/// The footer in a `SHOP_FOOTER` response body; `undefined` when there is none.
#[wasm_bindgen(js_name = parseFooter)]
pub fn parse_footer(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Ts<Footer>>, JsError> {
    let body = &crate::body(body)?;
    footer::parse_footer(body).as_ref().map(write).transpose()
}

/// The footer's calls (its document, the newsletter status, the A/B assignment) and the app
/// banner's rating and closed-flag key.
#[wasm_bindgen(js_name = footerSettings)]
pub fn footer_settings() -> Result<Ts<footer::FooterSettings>, JsError> {
    write(&footer::FOOTER_SETTINGS)
}

/// The footer in a `SHOP_FOOTER` response body as shown: `reduced` is the checkout footer,
/// `classicView` the classic mobile view; `undefined` when there is no footer.
///
/// Takes the body rather than a `Footer` object on purpose: reading a `Footer` back from JS
/// would link a deserializer for the whole footer tree (about 19 KB gzipped of WebAssembly).
#[wasm_bindgen(js_name = footerView)]
pub fn footer_view(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
    reduced: bool,
    #[wasm_bindgen(js_name = classicView)] classic_view: bool,
) -> Result<Option<Ts<Footer>>, JsError> {
    let body = &crate::body(body)?;
    footer::parse_footer(body)
        .map(|footer| footer::footer_view(footer, reduced, classic_view))
        .as_ref()
        .map(write)
        .transpose()
}

/// The icon for a footer icon name; `undefined` when unknown.
#[wasm_bindgen(js_name = footerIcon)]
pub fn footer_icon(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
) -> Result<Option<Ts<FooterIcon>>, JsError> {
    let name = &crate::text(name, "name")?;
    footer::footer_icon(name).as_ref().map(write).transpose()
}

/// The footer's view-changer link on a page: to the desktop version on MATCH and TABLET, back
/// from a page forced to it (`forceWebshop=true`), none in the app or on CLASSIC by width.
#[wasm_bindgen(js_name = viewChangeLink)]
pub fn view_change_link(
    #[wasm_bindgen(js_name = inApp)] in_app: bool,
    platform: Ts<shop_core::layout::Platform>,
    #[wasm_bindgen(js_name = currentPathAndQuery, unchecked_param_type = "string")]
    current_path_and_query: JsValue,
) -> Result<Option<Ts<footer::ViewChangeLink>>, JsError> {
    let current_path_and_query = &crate::text(current_path_and_query, "currentPathAndQuery")?;
    footer::view_change_link(
        in_app,
        crate::read(platform, "platform")?,
        current_path_and_query,
    )
    .as_ref()
    .map(write)
    .transpose()
}

/// The link if it is safe for an `href`; `undefined` when it must be dropped.
#[wasm_bindgen(js_name = safeUrl)]
pub fn safe_url(
    #[wasm_bindgen(unchecked_param_type = "string")] url: JsValue,
) -> Result<Option<String>, JsError> {
    let url = &crate::text(url, "url")?;
    Ok(link::safe_url(url))
}

/// The checked link with its new-tab and `rel` settings; `undefined` when unsafe. `newTab`
/// asks for a new tab whatever the link.
#[wasm_bindgen(js_name = linkTarget)]
pub fn link_target(
    #[wasm_bindgen(unchecked_param_type = "string")] url: JsValue,
    #[wasm_bindgen(js_name = newTab)] new_tab: Option<bool>,
) -> Result<Option<Ts<LinkTarget>>, JsError> {
    let url = &crate::text(url, "url")?;
    link::link_target(url, new_tab == Some(true))
        .as_ref()
        .map(write)
        .transpose()
}

/// The colour if it is a plain hex code; `undefined` otherwise.
#[wasm_bindgen(js_name = safeColor)]
pub fn safe_color(
    #[wasm_bindgen(unchecked_param_type = "string")] color: JsValue,
) -> Result<Option<String>, JsError> {
    let color = &crate::text(color, "color")?;
    Ok(link::safe_color(color))
}

/// The personal-data service's path and the CSRF cookie and header its calls (and the other
/// calls that reveal or change a visitor's data) use.
#[wasm_bindgen(js_name = visitorSettings)]
pub fn visitor_settings() -> Result<Ts<visitor::VisitorSettings>, JsError> {
    write(&visitor::VISITOR_SETTINGS)
}

/// The visitor's personal data in a psdata body; malformed is the logged-out default with
/// `initialized: false`.
#[wasm_bindgen(js_name = parsePersonalData)]
pub fn parse_personal_data(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Ts<PersonalData>, JsError> {
    let body = &crate::body(body)?;
    write(&visitor::parse_personal_data(body))
}

/// The visitor's `nl_status` in a `/json/psdata` body; `undefined` when absent.
#[wasm_bindgen(js_name = parseNewsletterStatus)]
pub fn parse_newsletter_status(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Ts<NewsletterStatus>>, JsError> {
    let body = &crate::body(body)?;
    visitor::parse_newsletter_status(body)
        .as_ref()
        .map(write)
        .transpose()
}

/// The active A/B tests in a `gettestsat` body; `undefined` when it is not a list.
#[wasm_bindgen(js_name = parseAbTests)]
pub fn parse_ab_tests(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Vec<Ts<AbTest>>>, JsError> {
    let body = &crate::body(body)?;
    abtest::parse_ab_tests(body)
        .map(|tests| tests.iter().map(write).collect())
        .transpose()
}

/// The staff auth check answer in a `checkauth` body; `undefined` when malformed.
#[wasm_bindgen(js_name = parseCheckAuth)]
pub fn parse_check_auth(
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Option<Ts<CheckAuth>>, JsError> {
    let body = &crate::body(body)?;
    abtest::parse_check_auth(body)
        .as_ref()
        .map(write)
        .transpose()
}

/// Whether the preview panel shows: a staff auth cookie and an auth check with status SUCCESS.
#[wasm_bindgen(js_name = previewPanelVisible)]
pub fn preview_panel_visible(
    #[wasm_bindgen(js_name = hasStaffCookie)] has_staff_cookie: bool,
    check: Option<Ts<CheckAuth>>,
) -> Result<bool, JsError> {
    let check = check.map(|check| read(check, "auth check")).transpose()?;
    Ok(abtest::preview_panel_visible(
        has_staff_cookie,
        check.as_ref(),
    ))
}

/// The preview panel's staff cookie, auth calls and renewal period (300000 ms).
#[wasm_bindgen(js_name = previewSettings)]
pub fn preview_settings() -> Result<Ts<abtest::PreviewSettings>, JsError> {
    write(&abtest::PREVIEW_SETTINGS)
}

/// The call for the A/B tests active at an ISO date-time (`gettestsat?time=...`).
#[wasm_bindgen(js_name = abTestsAtPath)]
pub fn ab_tests_at_path(
    #[wasm_bindgen(js_name = isoDateTime, unchecked_param_type = "string")] iso_date_time: JsValue,
) -> Result<String, JsError> {
    Ok(abtest::ab_tests_at_path(&crate::text(
        iso_date_time,
        "isoDateTime",
    )?))
}

/// The A/B part of the preview panel: `tests` is `null` or `undefined` while the list loads,
/// `failed` after a call that failed; `test` and `group` are the choice (`null`: none).
#[wasm_bindgen(js_name = abSelection)]
pub fn ab_selection(
    #[wasm_bindgen(unchecked_param_type = "AbTest[] | null | undefined")] tests: JsValue,
    failed: bool,
    #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] test: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] group: JsValue,
) -> Result<Ts<abtest::AbSelection>, JsError> {
    let tests: Option<Vec<AbTest>> = if tests.is_null() || tests.is_undefined() {
        None
    } else {
        Some(crate::from_json(&tests, "tests")?)
    };
    let test = crate::optional_text(test, "test")?;
    let group = crate::optional_text(group, "group")?;
    let list = if failed {
        Some(Err(()))
    } else {
        tests.as_deref().map(Ok)
    };
    write(&abtest::ab_selection(
        list,
        test.as_deref(),
        group.as_deref(),
    ))
}
