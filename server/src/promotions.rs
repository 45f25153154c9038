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
//! the `noneOfTags` tags; filtered out or unknown: 404. The id, like each tag, is looked up
//! without the spaces around it (` top-banner ` is `top-banner`), as an id pasted into a staff
//! field or a page's settings often comes.
//!
//! **Schedules and the staff preview.** A seeded promotion may run only from `validFrom`
//! (included) until `validUntil` (excluded), both `YYYY-MM-DDTHH:MM` without a time zone; an id
//! may have several entries, and the one running with the latest start is answered (a campaign
//! overrides the promotion that always runs). Schedules are written in the site's time
//! (the core's `Site::local_seconds`: Central European Time with summer time, Turkey time on
//! TR). The time is now on the site's clock (a fixed time in tests, `SHOP_TEST_NOW`), or, for a
//! request with a current staff session whose preview date-time is set (`preview.rs`, the token
//! call), that date-time, taken as the site's time: staff see the home page's Advent banner of December 2027 by previewing a day of
//! it, shoppers never see a promotion before it starts. A seeded bound that is not a date-time
//! keeps its promotion from ever running (the seed's test keeps them all readable).
//!
//! **A/B test variants.** A seeded entry with `abTest: {"name", "group"}` is a variant for one
//! group of a seeded A/B test (`abtest.rs`): it is answered only to a viewer in that group, and
//! to them before the entries for everybody. Shoppers are in no group (the reference server's
//! assignment call assigns nothing); staff are in the group their preview sets, so they see
//! what the group will see: the home page's `phase-weekly` has the variants `snow` and `lights`
//! of the test `christmas-teaser`, in December 2026, on every site.
//!
//! The promotion id `SHOP_FOOTER` is the site's footer document (`footer.rs`, type
//! `ApiFooter`, no tags); the `footer` test fault fails it alone, `promotions` every id.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use shop_core::content::footer::FOOTER_KEY;
use shop_core::content::promotion::{HEADER_BENEFITS_ID, Promotion, parse_promotion_document};
use shop_core::json::{self, FromJson, ToJson, Value};
use shop_core::site::Site;

use crate::abtest::parse_date_time;
use crate::api::{self, json_error, json_response};
use crate::app::AppState;
use crate::footer;

/// The promotion service's path with the id parameter.
pub const PROMOTION_ROUTE: &str = "/service/promotion/api/promotion/{promotion_id}";

/// The longest promotion id read.
pub const MAX_ID_CHARS: usize = 200;

const SEED: &str = include_str!("../seed/promotions.json");

/// The A/B test group a seeded variant is shown to.
#[derive(Clone, Debug, Default, PartialEq, Eq, FromJson)]
pub struct AbTestGroup {
    /// The test's name, as the A/B test service lists it (`server/seed/abtests.json`).
    pub name: String,
    /// One of the test's groups.
    pub group: String,
}

/// Who asks, as far as promotions care: the time they see and the A/B test group they are in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Viewer {
    /// Seconds since 1970-01-01T00:00 on the site's clock: now, or a staff preview's date-time.
    pub at: i64,
    /// A staff preview's A/B test and group; shoppers are in none (the reference server's
    /// assignment call assigns nothing).
    pub ab_group: Option<AbTestGroup>,
}

/// A seeded promotion.
#[derive(Clone, Debug, Default, FromJson)]
#[serde(default, rename_all = "camelCase")]
pub struct SeededPromotion {
    pub id: String,
    /// `ApiHeaderBenefitsPromotion`, `ApiTopBannerPromotion`, `ApiCategory` or `ApiPiPromotion`.
    #[serde(rename = "type")]
    pub kind: String,
    pub tags: Vec<String>,
    /// The document; sent as a JSON string.
    pub content: Value,
    /// When it starts running, `YYYY-MM-DDTHH:MM` (included); always, when absent.
    pub valid_from: Option<String>,
    /// When it stops running, `YYYY-MM-DDTHH:MM` (excluded); never, when absent.
    pub valid_until: Option<String>,
    /// A variant for one group of an A/B test: shown only to viewers in that group, and to them
    /// instead of the promotion everybody else sees. For everybody, when absent.
    pub ab_test: Option<AbTestGroup>,
}

impl SeededPromotion {
    /// When it starts, in seconds since 1970-01-01T00:00: `Some(i64::MIN)` when it always ran,
    /// `None` when its start is not a date-time.
    fn starts(&self) -> Option<i64> {
        self.valid_from
            .as_deref()
            .map_or(Some(i64::MIN), |from| parse_date_time(from, false))
    }

    /// Whether it runs at `at` (seconds since 1970-01-01T00:00).
    pub fn runs_at(&self, at: i64) -> bool {
        let ends = self
            .valid_until
            .as_deref()
            .map_or(Some(i64::MAX), |until| parse_date_time(until, false));
        matches!((self.starts(), ends), (Some(starts), Some(ends)) if starts <= at && at < ends)
    }
}

/// The promotion answered for an id among a site's promotions to a viewer: of those with the id
/// that pass the filters, run at the viewer's time and are for everybody or for the viewer's
/// A/B test group, a variant for the group first, then the one with the latest start.
pub fn promotion_at<'a>(
    promotions: &'a [SeededPromotion],
    id: &str,
    viewer: &Viewer,
    filters: [&[String]; 3],
) -> Option<&'a SeededPromotion> {
    let [all_of, any_of, none_of] = filters;
    promotions
        .iter()
        .filter(|promotion| promotion.id == id && promotion.runs_at(viewer.at))
        .filter(|promotion| {
            promotion
                .ab_test
                .as_ref()
                .is_none_or(|group| viewer.ab_group.as_ref() == Some(group))
        })
        .filter(|promotion| passes(&promotion.tags, all_of, any_of, none_of))
        .max_by_key(|promotion| (promotion.ab_test.is_some(), promotion.starts()))
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

/// The promotions a page shows, as this request's viewer sees them now (the staff preview's
/// date-time and A/B group included), read by the core as the browser reads the service's
/// answers: the server renders them into the page so they are there before the header
/// fragment (and without JavaScript), taking no room when it arrives.
pub struct PagePromotions<'a> {
    viewer: Viewer,
    promotions: &'a [SeededPromotion],
}

impl PagePromotions<'_> {
    pub fn for_request(state: &AppState, headers: &HeaderMap, site: Site) -> Self {
        let now = site.local_seconds(state.shell.now_seconds());
        PagePromotions {
            viewer: crate::preview::promotion_viewer(state, headers, now),
            promotions: seeded().get(site.code()).map_or(&[], Vec::as_slice),
        }
    }

    /// These promotions, for a viewer on no particular day (the tests' pages).
    #[cfg(test)]
    pub fn of(promotions: &'static [SeededPromotion]) -> PagePromotions<'static> {
        PagePromotions {
            viewer: Viewer::default(),
            promotions,
        }
    }

    /// No promotions (a page that places none).
    pub fn none() -> Self {
        PagePromotions {
            viewer: Viewer::default(),
            promotions: &[],
        }
    }

    /// The promotion with this id (no tag filters), as the core reads it; `None` when none
    /// runs for the viewer or the document is not one the core shows.
    pub fn get(&self, id: &str) -> Option<Promotion> {
        promotion_at(self.promotions, id, &self.viewer, [&[], &[], &[]]).and_then(|promotion| {
            parse_promotion_document(&promotion.kind, promotion.content.clone())
        })
    }

    /// The header benefits bar (`~header_top`): the static header shows it before the header
    /// fragment (and instead of it without JavaScript), so the newsletter sign-up it leads to
    /// can be reached from every page.
    pub fn header_benefits(&self) -> Option<Promotion> {
        self.get(HEADER_BENEFITS_ID)
    }
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
    promotion_id: Result<Path<String>, PathRejection>,
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
    let Ok(Path(promotion_id)) = promotion_id else {
        return api::bad_request("the promotion id is not text (UTF-8)");
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
        // The site's own time, or the staff's preview date-time (entered in the site's time),
        // and the staff's preview A/B test group.
        let now = site.local_seconds(state.shell.now_seconds());
        let viewer = crate::preview::promotion_viewer(&state, &headers, now);
        promotion_at(
            seeded().get(site.code()).map_or(&[], Vec::as_slice),
            id,
            &viewer,
            [&all_of, &any_of, &none_of],
        )
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
        // A hand-written filter with space around its tags reads the same.
        assert_eq!(tags("allOfTags=%20x%20,+y+,", "allOfTags"), vec!["x", "y"]);
    }

    fn scheduled(from: Option<&str>, until: Option<&str>, tag: &str) -> SeededPromotion {
        SeededPromotion {
            id: "top-banner".into(),
            tags: vec![tag.into()],
            valid_from: from.map(str::to_owned),
            valid_until: until.map(str::to_owned),
            ..SeededPromotion::default()
        }
    }

    fn at(date_time: &str) -> Viewer {
        Viewer {
            at: parse_date_time(date_time, false).unwrap_or_else(|| panic!("{date_time}")),
            ab_group: None,
        }
    }

    #[test]
    fn a_running_campaign_overrides_what_always_runs() {
        let promotions = [
            scheduled(None, None, "always"),
            scheduled(Some("2027-12-01T00:00"), Some("2027-12-25T00:00"), "advent"),
            scheduled(Some("2027-12-20T00:00"), None, "late"),
            scheduled(Some("someday"), None, "broken"),
            scheduled(None, Some("2027-13-01T00:00"), "broken"),
        ];
        let shown = |date_time: &str| {
            promotion_at(&promotions, "top-banner", &at(date_time), [&[], &[], &[]])
                .map(|promotion| promotion.tags[0].as_str())
        };
        assert_eq!(shown("2027-11-30T23:59"), Some("always"));
        assert_eq!(shown("2027-12-01T00:00"), Some("advent"));
        assert_eq!(shown("2027-12-20T00:00"), Some("late"));
        assert_eq!(shown("2027-12-25T00:00"), Some("late"));
        let no_late = &promotions[..2];
        assert_eq!(
            promotion_at(
                no_late,
                "top-banner",
                &at("2027-12-25T00:00"),
                [&[], &[], &[]]
            )
            .map(|promotion| promotion.tags[0].as_str()),
            Some("always")
        );
        // The filters choose among the running ones.
        let advent_off = ["advent".to_owned()];
        assert_eq!(
            promotion_at(
                no_late,
                "top-banner",
                &at("2027-12-05T10:00"),
                [&[], &[], &advent_off]
            )
            .map(|promotion| promotion.tags[0].as_str()),
            Some("always")
        );
        assert!(
            promotion_at(
                &promotions,
                "other",
                &at("2027-12-05T10:00"),
                [&[], &[], &[]]
            )
            .is_none()
        );
    }

    #[test]
    fn a_variant_is_for_its_a_b_test_group_only_and_comes_first_for_it() {
        let variant = |group: &str, tag: &str| SeededPromotion {
            ab_test: Some(AbTestGroup {
                name: "christmas-teaser".into(),
                group: group.into(),
            }),
            ..scheduled(Some("2026-12-01T00:00"), Some("2027-01-01T00:00"), tag)
        };
        let promotions = [
            scheduled(None, None, "always"),
            variant("snow", "snow"),
            // A campaign that starts later does not beat the group's variant.
            scheduled(Some("2026-12-05T00:00"), None, "campaign"),
        ];
        let shown = |date_time: &str, group: Option<(&str, &str)>| {
            let viewer = Viewer {
                ab_group: group.map(|(name, group)| AbTestGroup {
                    name: name.into(),
                    group: group.into(),
                }),
                ..at(date_time)
            };
            promotion_at(&promotions, "top-banner", &viewer, [&[], &[], &[]])
                .map(|promotion| promotion.tags[0].as_str())
        };
        let snow = Some(("christmas-teaser", "snow"));
        assert_eq!(shown("2026-12-10T10:00", snow), Some("snow"));
        assert_eq!(shown("2026-12-10T10:00", None), Some("campaign"));
        assert_eq!(shown("2026-12-02T10:00", None), Some("always"));
        assert_eq!(
            shown("2026-12-10T10:00", Some(("christmas-teaser", "lights"))),
            Some("campaign")
        );
        assert_eq!(
            shown("2026-12-10T10:00", Some(("footer-layout", "snow"))),
            Some("campaign")
        );
        // Outside its own schedule the variant is not shown, not even to its group.
        assert_eq!(shown("2027-01-01T00:00", snow), Some("campaign"));
    }

    #[test]
    fn every_seeded_variant_is_for_a_group_of_a_seeded_test_while_the_test_runs() {
        let tests = crate::abtest::scheduled();
        let mut variants = 0;
        for promotions in seeded().values() {
            for promotion in promotions {
                let Some(group) = &promotion.ab_test else {
                    continue;
                };
                variants += 1;
                let test = tests
                    .iter()
                    .find(|scheduled| scheduled.test.name == group.name)
                    .unwrap_or_else(|| panic!("no test {}", group.name));
                assert!(
                    test.test
                        .groups
                        .iter()
                        .any(|known| known.name == group.group),
                    "{} has no group {}",
                    group.name,
                    group.group
                );
                let bound = |bound: &Option<String>| {
                    bound
                        .as_deref()
                        .and_then(|bound| parse_date_time(bound, false))
                };
                let (from, until) = (bound(&promotion.valid_from), bound(&promotion.valid_until));
                assert!(
                    from.zip(until)
                        .is_some_and(|(from, until)| from >= test.starts && until <= test.ends),
                    "{} {}: {from:?}..{until:?} outside the test",
                    promotion.id,
                    group.group
                );
            }
        }
        assert_eq!(variants, 18, "two variants on each of the nine sites");
    }

    #[test]
    fn every_seeded_schedule_is_readable() {
        for promotions in seeded().values() {
            for promotion in promotions {
                for bound in [&promotion.valid_from, &promotion.valid_until]
                    .into_iter()
                    .flatten()
                {
                    assert!(
                        parse_date_time(bound, false).is_some(),
                        "{} {bound}",
                        promotion.id
                    );
                }
            }
        }
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
