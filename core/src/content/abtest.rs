//! Active A/B tests and the staff preview auth check (newsletter spec section 2 "Staff preview
//! panel", section 3 "A/B test", section 4 "Preview panel", section 6 "Staff", section 7
//! `gettestsat`, `checkauth` and `login/renew`, section 9 "Preview auth renewal every 5
//! minutes").

use crate::json::Value;
use crate::json::{Json, ToJson};

use super::{parse_document, text_at};

/// How often the staff login is renewed (spec section 9: every 5 minutes; section 7: once at
/// start, then every 5 minutes).
pub const PREVIEW_AUTH_RENEWAL_MS: u32 = 300_000;

/// An active A/B test (spec section 3 "A/B test": name and groups).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AbTest {
    pub name: String,
    pub groups: Vec<AbGroup>,
}

/// A group of an A/B test (spec section 3: each with a name).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AbGroup {
    pub name: String,
}

/// The status of a preview call (spec section 4: SUCCESS, BAD_REQUEST, INTERNAL_ERROR,
/// UNAUTHORIZED); anything else, or none, is `Other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PreviewStatus {
    Success,
    BadRequest,
    InternalError,
    Unauthorized,
    Other,
}

impl PreviewStatus {
    /// The status for its code, exactly as the service writes it (spec sections 4 and 8: the
    /// panel shows, and settings count as applied, only on `SUCCESS`); `Other` for anything
    /// else, `success` and ` SUCCESS ` included.
    pub fn from_code(code: &str) -> PreviewStatus {
        [
            ("SUCCESS", PreviewStatus::Success),
            ("BAD_REQUEST", PreviewStatus::BadRequest),
            ("INTERNAL_ERROR", PreviewStatus::InternalError),
            ("UNAUTHORIZED", PreviewStatus::Unauthorized),
        ]
        .into_iter()
        .find(|(known, _)| *known == code)
        .map_or(PreviewStatus::Other, |(_, status)| status)
    }
}

/// The answer of the staff auth check (spec section 7 `checkauth`: status, dateTime,
/// abTestName, abTestGroup).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CheckAuth {
    pub status: PreviewStatus,
    /// The preview date and time currently set, verbatim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ab_test_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ab_test_group: Option<String>,
}

/// The active tests in a `/service/abtestfrontend/api/v1/gettestsat` body (spec section 7: a
/// list, each entry name and groups[].name). Entries and groups without a non-blank string
/// name are dropped, names are trimmed; `None` when the body is not a JSON list (the panel
/// then reports 'Failed to fetch AB tests.').
pub fn parse_ab_tests(body: &str) -> Option<Vec<AbTest>> {
    let Value::Array(entries) = parse_document(body)? else {
        return None;
    };
    Some(
        entries
            .iter()
            .filter_map(|entry| {
                let groups = match entry.get("groups") {
                    Some(Value::Array(groups)) => groups
                        .iter()
                        .filter_map(|group| Some(AbGroup { name: name(group)? }))
                        .collect(),
                    _ => Vec::new(),
                };
                Some(AbTest {
                    name: name(entry)?,
                    groups,
                })
            })
            .collect(),
    )
}

fn name(entry: &Value) -> Option<String> {
    text_at(entry, &["name"]).map(|name| name.trim().to_owned())
}

/// The answer in a `/service/preview/api/auth/checkauth` body; `None` when the body is not a
/// JSON object. A missing or unknown status is `Other`; the other fields are kept when they
/// are non-blank strings.
pub fn parse_check_auth(body: &str) -> Option<CheckAuth> {
    let body @ Value::Object(_) = parse_document(body)? else {
        return None;
    };
    Some(CheckAuth {
        status: text_at(&body, &["status"])
            .map_or(PreviewStatus::Other, |code| PreviewStatus::from_code(&code)),
        date_time: text_at(&body, &["dateTime"]),
        ab_test_name: text_at(&body, &["abTestName"]),
        ab_test_group: text_at(&body, &["abTestGroup"]),
    })
}

/// Whether the preview panel shows (spec section 4 "Preview panel": only if a staff auth
/// cookie exists and the auth check returns status SUCCESS).
pub fn preview_panel_visible(has_staff_cookie: bool, check: Option<&CheckAuth>) -> bool {
    has_staff_cookie && check.is_some_and(|check| check.status == PreviewStatus::Success)
}

/// The staff auth cookie whose presence lets the page ask for the preview panel (spec section 4
/// "Preview panel": "appears only if a staff auth cookie exists").
pub const STAFF_AUTH_COOKIE: &str = "staffAuth";

/// The preview service's auth calls and the A/B test list (spec section 7).
pub const CHECK_AUTH_PATH: &str = "/service/preview/api/auth/checkauth";
pub const RENEW_AUTH_PATH: &str = "/service/preview/api/auth/login/renew";
pub const LOGOUT_PATH: &str = "/service/preview/api/auth/logout";
pub const AB_TESTS_AT_PATH: &str = "/service/abtestfrontend/api/v1/gettestsat";

/// The panel's calls, cookie and renewal period in one object for the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PreviewSettings {
    pub staff_auth_cookie: &'static str,
    pub check_auth_path: &'static str,
    pub renew_auth_path: &'static str,
    pub logout_path: &'static str,
    /// Once at start, then this often (spec section 9: every 5 minutes).
    pub auth_renewal_ms: u32,
    /// The window event the panel fires after new settings were applied or the staff logged
    /// out: promotions fetch again (spec section 4: "Refetch happens ... when a preview token
    /// cookie exists").
    pub changed_event: &'static str,
    /// How long one of the panel's calls may take before it counts as failed, in milliseconds
    /// (the spec names no limit; the cart's and the sign-up's 15 s): an apply whose answer never
    /// comes says it failed, and a list of tests that never comes frees the apply button.
    pub request_timeout_ms: u32,
}

/// [`PreviewSettings::request_timeout_ms`].
pub const PREVIEW_REQUEST_TIMEOUT_MS: u32 = 15_000;

/// [`PreviewSettings::changed_event`].
pub const PREVIEW_CHANGED_EVENT: &str = "shop:preview-changed";

pub const PREVIEW_SETTINGS: PreviewSettings = PreviewSettings {
    staff_auth_cookie: STAFF_AUTH_COOKIE,
    check_auth_path: CHECK_AUTH_PATH,
    renew_auth_path: RENEW_AUTH_PATH,
    logout_path: LOGOUT_PATH,
    auth_renewal_ms: PREVIEW_AUTH_RENEWAL_MS,
    changed_event: PREVIEW_CHANGED_EVENT,
    request_timeout_ms: PREVIEW_REQUEST_TIMEOUT_MS,
};

/// The call for the tests active at a date-time (spec section 7:
/// `gettestsat?time={isoDateTime}`), the date-time percent-encoded.
pub fn ab_tests_at_path(iso_date_time: &str) -> String {
    crate::url::with_query(
        AB_TESTS_AT_PATH,
        &["time=", &crate::url::encode_component(iso_date_time.trim())].concat(),
    )
}

/// What the test list says (spec section 8: 'Loading tests...', 'No active tests for this
/// date.', 'Active tests found.', 'Failed to fetch AB tests.' in the error state, with only the
/// None choice offered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AbTestListState {
    Loading,
    NoneActive,
    Found,
    Failed,
}

/// The A/B part of the panel (spec section 4: "choices are None, a selector entry and the
/// active tests; choosing a real test enables the group choice and marks the group Required
/// until one is picked").
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AbSelection {
    pub list: AbTestListState,
    /// The active tests to offer after None and the selector entry (none after a failure).
    pub tests: Vec<String>,
    /// The chosen test, when it is one of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test: Option<String>,
    /// The groups of the chosen test.
    pub groups: Vec<String>,
    /// The chosen group, when it is one of the chosen test's: what the group field shows and
    /// what applying sends (a group in force that the test no longer has counts as none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub group_enabled: bool,
    pub group_required: bool,
}

/// The A/B selection for the test list's state: `tests` is `None` while loading, `Some(Err)`
/// after a failed call (a body `parse_ab_tests` refuses), else the active tests; `test` and
/// `group` are what is chosen (a test not in the list counts as none; a group not of the test as
/// none).
pub fn ab_selection(
    tests: Option<Result<&[AbTest], ()>>,
    test: Option<&str>,
    group: Option<&str>,
) -> AbSelection {
    let (list, offered): (AbTestListState, &[AbTest]) = match tests {
        None => (AbTestListState::Loading, &[]),
        Some(Err(())) => (AbTestListState::Failed, &[]),
        Some(Ok([])) => (AbTestListState::NoneActive, &[]),
        Some(Ok(tests)) => (AbTestListState::Found, tests),
    };
    let chosen = test
        .map(str::trim)
        .and_then(|test| offered.iter().find(|offered| offered.name == test));
    let groups: Vec<String> = chosen
        .map(|test| test.groups.iter().map(|group| group.name.clone()).collect())
        .unwrap_or_default();
    let picked = group
        .map(str::trim)
        .and_then(|group| groups.iter().find(|name| *name == group).cloned());
    AbSelection {
        list,
        tests: offered.iter().map(|test| test.name.clone()).collect(),
        test: chosen.map(|test| test.name.clone()),
        group_enabled: chosen.is_some(),
        group_required: chosen.is_some() && picked.is_none(),
        group: picked,
        groups,
    }
}

#[cfg(test)]
mod tests {
    use super::super::strategies;
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn the_ab_selection_follows_the_list_and_the_choice() {
        let tests = [test("checkout", &["A", "B"]), test("search", &[])];
        let loading = ab_selection(None, Some("checkout"), None);
        assert_eq!(
            (loading.list, loading.tests.len(), loading.group_enabled),
            (AbTestListState::Loading, 0, false)
        );
        let failed = ab_selection(Some(Err(())), Some("checkout"), Some("A"));
        assert_eq!(
            (failed.list, failed.test, failed.group_required),
            (AbTestListState::Failed, None, false)
        );
        assert_eq!(
            ab_selection(Some(Ok(&[])), None, None).list,
            AbTestListState::NoneActive
        );
        let none = ab_selection(Some(Ok(&tests)), None, None);
        assert_eq!(
            (
                none.list,
                none.tests.clone(),
                none.group_enabled,
                none.group_required
            ),
            (
                AbTestListState::Found,
                vec!["checkout".to_owned(), "search".to_owned()],
                false,
                false
            )
        );
        let chosen = ab_selection(Some(Ok(&tests)), Some(" checkout "), None);
        assert_eq!(
            (
                chosen.test.as_deref(),
                chosen.groups.clone(),
                chosen.group_enabled,
                chosen.group_required
            ),
            (
                Some("checkout"),
                vec!["A".to_owned(), "B".to_owned()],
                true,
                true
            )
        );
        let picked = ab_selection(Some(Ok(&tests)), Some("checkout"), Some("B"));
        assert!(picked.group_enabled && !picked.group_required);
        assert_eq!(picked.group.as_deref(), Some("B"));
        // A group the check reports with space around it is that group.
        let spaced = ab_selection(Some(Ok(&tests)), Some("checkout"), Some(" B "));
        assert_eq!(
            (spaced.group.as_deref(), spaced.group_required),
            (Some("B"), false)
        );
        // A group of another test, or a test that is not active, counts as none.
        let other = ab_selection(Some(Ok(&tests)), Some("checkout"), Some("C"));
        assert_eq!((other.group, other.group_required), (None, true));
        let gone = ab_selection(Some(Ok(&tests)), Some("retired"), Some("A"));
        assert_eq!(
            (gone.test, gone.group, gone.group_enabled),
            (None, None, false)
        );
    }

    #[test]
    fn the_panels_calls() {
        assert_eq!(
            ab_tests_at_path("2024-02-29T10:30"),
            "/service/abtestfrontend/api/v1/gettestsat?time=2024-02-29T10%3A30"
        );
        assert_eq!(
            ab_tests_at_path(" a&b "),
            "/service/abtestfrontend/api/v1/gettestsat?time=a%26b"
        );
        assert_eq!(PREVIEW_SETTINGS.auth_renewal_ms, 300_000);
        assert_eq!(
            PREVIEW_SETTINGS.check_auth_path,
            "/service/preview/api/auth/checkauth"
        );
    }

    fn test(name: &str, groups: &[&str]) -> AbTest {
        AbTest {
            name: name.into(),
            groups: groups
                .iter()
                .map(|group| AbGroup {
                    name: (*group).into(),
                })
                .collect(),
        }
    }

    #[test]
    fn ab_test_lists() {
        let body = json!([
            {"name": "checkout-button", "groups": [{"name": "A"}, {"name": "B"}]},
            {"name": " header ", "groups": [{"name": "control"}, {}, {"name": 3}, "x"]},
            {"name": "no-groups"},
            {"name": "bad-groups", "groups": {"name": "A"}},
            {"groups": [{"name": "A"}]},
            {"name": ""},
            {"name": 42},
            "garbage",
            null,
        ]);
        assert_eq!(
            parse_ab_tests(&body.to_string()),
            Some(vec![
                test("checkout-button", &["A", "B"]),
                test("header", &["control"]),
                test("no-groups", &[]),
                test("bad-groups", &[]),
            ])
        );
        assert_eq!(parse_ab_tests("[]"), Some(Vec::new()));
        for text in ["", "not json", "{}", "{\"tests\": []}", "42", "null"] {
            assert_eq!(parse_ab_tests(text), None, "{text}");
        }
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(parse_ab_tests(&deep), None);
    }

    #[test]
    fn check_auth_answers() {
        let body = json!({
            "status": "SUCCESS", "dateTime": "2024-05-01T10:00", "abTestName": "checkout-button",
            "abTestGroup": "B",
        });
        assert_eq!(
            parse_check_auth(&body.to_string()),
            Some(CheckAuth {
                status: PreviewStatus::Success,
                date_time: Some("2024-05-01T10:00".into()),
                ab_test_name: Some("checkout-button".into()),
                ab_test_group: Some("B".into()),
            })
        );
        let table = [
            ("SUCCESS", PreviewStatus::Success),
            ("BAD_REQUEST", PreviewStatus::BadRequest),
            ("INTERNAL_ERROR", PreviewStatus::InternalError),
            ("UNAUTHORIZED", PreviewStatus::Unauthorized),
            ("success", PreviewStatus::Other),
            (" SUCCESS ", PreviewStatus::Other),
            ("Unauthorized", PreviewStatus::Other),
            ("FORBIDDEN", PreviewStatus::Other),
            ("", PreviewStatus::Other),
        ];
        for (code, status) in table {
            let body = json!({ "status": code }).to_string();
            assert_eq!(parse_check_auth(&body).map(|c| c.status), Some(status));
        }
        let garbage = parse_check_auth("{\"status\": 200, \"dateTime\": 5}");
        assert_eq!(
            garbage,
            Some(CheckAuth {
                status: PreviewStatus::Other,
                date_time: None,
                ab_test_name: None,
                ab_test_group: None,
            })
        );
        for text in ["", "not json", "[]", "\"SUCCESS\""] {
            assert_eq!(parse_check_auth(text), None, "{text}");
        }
    }

    #[test]
    fn preview_panel_needs_cookie_and_success() {
        let check = |status| CheckAuth {
            status,
            date_time: None,
            ab_test_name: None,
            ab_test_group: None,
        };
        let success = check(PreviewStatus::Success);
        assert!(preview_panel_visible(true, Some(&success)));
        assert!(!preview_panel_visible(false, Some(&success)));
        assert!(!preview_panel_visible(true, None));
        for status in [
            PreviewStatus::BadRequest,
            PreviewStatus::InternalError,
            PreviewStatus::Unauthorized,
            PreviewStatus::Other,
        ] {
            assert!(!preview_panel_visible(true, Some(&check(status))));
        }
    }

    #[test]
    fn renewal_is_five_minutes() {
        assert_eq!(PREVIEW_AUTH_RENEWAL_MS, 5 * 60 * 1000);
    }

    proptest! {
        #[test]
        fn total_on_arbitrary_strings(text in any::<String>(), cookie in any::<bool>()) {
            let _ = parse_ab_tests(&text);
            let check = parse_check_auth(&text);
            let _ = preview_panel_visible(cookie, check.as_ref());
            let _ = PreviewStatus::from_code(&text);
            prop_assert!(ab_tests_at_path(&text).starts_with(AB_TESTS_AT_PATH));
            let tests = parse_ab_tests(&text);
            let selection = ab_selection(tests.as_deref().map(Ok), Some(&text), Some(&text));
            prop_assert!(!selection.group_required || selection.group_enabled);
        }

        #[test]
        fn total_on_arbitrary_json(value in strategies::json(), cookie in any::<bool>()) {
            let text = value.to_string();
            if let Some(tests) = parse_ab_tests(&text) {
                prop_assert!(tests.iter().all(|t| !t.name.is_empty()));
            }
            let _ = parse_ab_tests(&json!([value.clone(), {"name": "t", "groups": value.clone()}]).to_string());
            let check = parse_check_auth(&text);
            let visible = preview_panel_visible(cookie, check.as_ref());
            prop_assert!(!visible || check.map(|c| c.status) == Some(PreviewStatus::Success));
        }
    }
}
