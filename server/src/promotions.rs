//! The promotion service (newsletter spec sections 2 "Promotions", 3 "Promotion", 4
//! "Promotion fetch" and 7): `GET /service/promotion/api/promotion/{promotionId}` with the
//! site from the `site` request header (default DE) and optional tag filters
//! `allOfTags`, `anyOfTags`, `noneOfTags`, written as the core's `promotion_url` writes them:
//! each tag percent-encoded, the tags joined by a literal `,`.
//!
//! The answer is `{"type": ..., "contentJSON": "<the document as a JSON string>"}`; the
//! documents (`server/seed/promotions.json`, per site) use exactly the fields the core's
//! `content::promotion` reads. Each site has `~header_top` (the four header benefits),
//! `top-banner` (voucher code, legal text and hint), `category-coffee` (category banner with
//! image cutouts under `/image-delivery/`, which the core rewrites to `/img/`) and
//! `phase-weekly` (phase integration with a button). A promotion is kept by the filters when
//! it has every `allOfTags` tag, at least one `anyOfTags` tag (if any are given) and none of
//! the `noneOfTags` tags; filtered out or unknown: 404.
//!
//! The promotion id `SHOP_FOOTER` is the site's footer document (`footer.rs`, type
//! `ApiFooter`, no tags); the `footer` test fault fails it alone, `promotions` every id.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use shop_core::content::footer::FOOTER_KEY;
use shop_core::json::{self, FromJson, ToJson, Value};
use shop_core::site::Site;

use crate::api::{self, json_error, json_response};
use crate::app::AppState;
use crate::footer;

/// The promotion service's path with the id parameter.
pub const PROMOTION_ROUTE: &str = "/service/promotion/api/promotion/{promotion_id}";

/// The longest promotion id read.
pub const MAX_ID_CHARS: usize = 200;

const SEED: &str = include_str!("../seed/promotions.json");

/// A seeded promotion.
#[derive(Clone, Debug, Default, FromJson)]
#[serde(default)]
pub struct SeededPromotion {
    pub id: String,
    /// `ApiHeaderBenefitsPromotion`, `ApiTopBannerPromotion`, `ApiCategory` or `ApiPiPromotion`.
    #[serde(rename = "type")]
    pub kind: String,
    pub tags: Vec<String>,
    /// The document; sent as a JSON string.
    pub content: Value,
}

#[derive(ToJson)]
struct PromotionAnswer<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    #[serde(rename = "contentJSON")]
    content_json: String,
}

/// Every site's promotions, by site code.
pub fn seeded() -> &'static BTreeMap<String, Vec<SeededPromotion>> {
    static PROMOTIONS: OnceLock<BTreeMap<String, Vec<SeededPromotion>>> = OnceLock::new();
    PROMOTIONS.get_or_init(|| json::from_str(SEED).unwrap_or_default())
}

/// The answer body for a seeded promotion.
pub fn answer_body(promotion: &SeededPromotion) -> String {
    document_answer(&promotion.kind, &promotion.content)
}

/// A promotion answer: `{"type": kind, "contentJSON": "<the document as a JSON string>"}`.
pub fn document_answer(kind: &str, content: &Value) -> String {
    json::to_string(&PromotionAnswer {
        kind,
        content_json: json::to_string(content),
    })
}

/// The tags of a filter parameter: split at the literal commas, then each decoded and trimmed;
/// empty tags are left out.
fn tags(query: &str, name: &str) -> Vec<String> {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| {
            value
                .split(',')
                .map(|tag| shop_core::url::decode_component(tag).trim().to_owned())
                .filter(|tag| !tag.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a promotion's tags pass the filters.
pub fn passes(
    tags_of: &[String],
    all_of: &[String],
    any_of: &[String],
    none_of: &[String],
) -> bool {
    let has = |tag: &String| tags_of.contains(tag);
    all_of.iter().all(has)
        && (any_of.is_empty() || any_of.iter().any(has))
        && !none_of.iter().any(has)
}

/// `GET /service/promotion/api/promotion/{promotionId}`.
pub async fn get_promotion(
    State(state): State<AppState>,
    Path(promotion_id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if state.faults.promotions() {
        return json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "the promotions fail (test fault)",
        );
    }
    let Some(query) = api::query_string(uri.query()) else {
        return api::query_too_long();
    };
    if promotion_id.chars().count() > MAX_ID_CHARS || promotion_id.chars().any(char::is_control) {
        return api::bad_request("the promotion id is too long or has control characters");
    }
    let site: Site = api::header_site(&headers);
    let (all_of, any_of, none_of) = (
        tags(query, "allOfTags"),
        tags(query, "anyOfTags"),
        tags(query, "noneOfTags"),
    );
    let id = promotion_id.trim();
    let body = if id == FOOTER_KEY {
        if state.faults.footer() {
            return json_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "UNAVAILABLE",
                "the footer fails (test fault)",
            );
        }
        // The footer has no tags.
        footer::answer_body(site)
            .filter(|_| passes(&[], &all_of, &any_of, &none_of))
            .map(str::to_owned)
    } else {
        seeded()
            .get(site.code())
            .into_iter()
            .flatten()
            .find(|promotion| promotion.id == id)
            .filter(|promotion| passes(&promotion.tags, &all_of, &any_of, &none_of))
            .map(answer_body)
    };
    match body {
        Some(body) => json_response(StatusCode::OK, body),
        None => json_error(
            StatusCode::NOT_FOUND,
            "NOT_FOUND",
            "no such promotion for this site and these tags",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_parameters_read_as_the_core_writes_them() {
        let url = shop_core::content::promotion::promotion_url(
            "~header_top",
            &["a b".into(), "c,d".into(), " ".into()],
            &[],
            &["x".into()],
        )
        .unwrap_or_default();
        let query = url.split_once('?').map_or("", |(_, query)| query);
        assert_eq!(tags(query, "allOfTags"), vec!["a b", "c,d"]);
        assert!(tags(query, "anyOfTags").is_empty());
        assert_eq!(tags(query, "noneOfTags"), vec!["x"]);
    }

    #[test]
    fn filters() {
        let own: Vec<String> = vec!["banner".into(), "coffee".into()];
        let list = |tags: &[&str]| tags.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>();
        assert!(passes(&own, &[], &[], &[]));
        assert!(passes(&own, &list(&["banner", "coffee"]), &[], &[]));
        assert!(!passes(&own, &list(&["banner", "tea"]), &[], &[]));
        assert!(passes(&own, &[], &list(&["tea", "coffee"]), &[]));
        assert!(!passes(&own, &[], &list(&["tea"]), &[]));
        assert!(!passes(&own, &[], &[], &list(&["coffee"])));
        assert!(passes(&own, &[], &[], &list(&["tea"])));
    }
}
