//! Visitor personal data and the newsletter status (newsletter spec section 3 "Personal-data
//! state", section 4 "Login status" and "Footer newsletter block", section 7 `GET
//! /service/customerfrontenddata/api/v1/psdata` and `GET /json/psdata`; header spec section 3
//! "Visitor personal data" and section 6).

use crate::json::Json;
use crate::json::Value;

use super::{count_at, flag_at, parse_document, text_at};

/// The visitor's login status (spec section 4 "Login status": LOGGED_IN, REMEMBERED,
/// LOGGED_OUT; the first two count as logged in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LoginStatus {
    LoggedIn,
    Remembered,
    LoggedOut,
}

impl LoginStatus {
    /// The status for its code as the service spells it (trimmed, case-insensitive); `None`
    /// for anything else.
    pub fn from_code(code: &str) -> Option<LoginStatus> {
        let code = code.trim();
        [
            ("LOGGED_IN", LoginStatus::LoggedIn),
            ("REMEMBERED", LoginStatus::Remembered),
            ("LOGGED_OUT", LoginStatus::LoggedOut),
        ]
        .into_iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(code))
        .map(|(_, status)| status)
    }
}

/// Whether a login status counts as logged in (spec section 4: LOGGED_IN and REMEMBERED do).
pub const fn is_logged_in(status: LoginStatus) -> bool {
    matches!(status, LoginStatus::LoggedIn | LoginStatus::Remembered)
}

/// What the header and footer know about the visitor (newsletter spec section 3
/// "Personal-data state"; header spec section 3 "Visitor personal data").
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PersonalData {
    /// Whether the personal data was read (false for a malformed or missing body).
    pub initialized: bool,
    pub logged_in_or_remembered: bool,
    /// The first name plus the last name when given, trimmed and joined by a space.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_name: Option<String>,
    /// The loyalty beans balance; 0 when absent or not a non-negative whole number.
    pub loyalty_beans: u32,
    pub community_member: bool,
    /// Loyalty-card (Tchibo card) membership.
    pub tchibo_card_member: bool,
}

/// The personal data in a `/service/customerfrontenddata/api/v1/psdata` body (spec section 7:
/// reads tracking.loginStatus, customer.statuses.isCommunityMember,
/// customer.statuses.isTchibocardMember, customer.loyaltyBeans, customer.firstname,
/// customer.lastname).
///
/// A body that is not a JSON object (or is above [`super::MAX_DOCUMENT_BYTES`]) gives the
/// logged-out default with `initialized: false`. Otherwise `initialized` is true, a missing or
/// unknown login status counts as logged out, a flag is set only by JSON `true`, and the
/// customer name joins the non-blank trimmed first and last names (`None` when both are blank).
pub fn parse_personal_data(body: &str) -> PersonalData {
    let Some(body @ Value::Object(_)) = parse_document(body) else {
        return PersonalData::default();
    };
    let logged_in_or_remembered = text_at(&body, &["tracking", "loginStatus"])
        .and_then(|code| LoginStatus::from_code(&code))
        .is_some_and(is_logged_in);
    let name_parts: Vec<String> = [
        text_at(&body, &["customer", "firstname"]),
        text_at(&body, &["customer", "lastname"]),
    ]
    .into_iter()
    .flatten()
    .map(|part| part.trim().to_owned())
    .collect();
    let customer_name = Some(name_parts.join(" ")).filter(|name| !name.is_empty());
    PersonalData {
        initialized: true,
        logged_in_or_remembered,
        customer_name,
        loyalty_beans: count_at(&body, &["customer", "loyaltyBeans"]).unwrap_or(0),
        community_member: flag_at(&body, &["customer", "statuses", "isCommunityMember"]),
        tchibo_card_member: flag_at(&body, &["customer", "statuses", "isTchibocardMember"]),
    }
}

/// The visitor's newsletter status (spec section 4 "Footer newsletter block": nl_status
/// WAITING_FOR_DOI or SUBSCRIBED hides the block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NewsletterStatus {
    /// Signed up, double opt-in not yet confirmed.
    WaitingForDoi,
    Subscribed,
    /// Any other status the service reports.
    Other,
}

/// The personal-data service of the header (spec section 7: "GET
/// /service/customerfrontenddata/api/v1/psdata | no cache, CSRF header").
pub const PERSONAL_DATA_PATH: &str = "/service/customerfrontenddata/api/v1/psdata";

/// The page's cookie with its CSRF token (set by the pages), which the calls that reveal or
/// change a visitor's or a staff member's data repeat in [`CSRF_HEADER`] (double submit: a page
/// of another site cannot read the cookie, so it cannot send the header).
pub const CSRF_COOKIE: &str = "csrf";
/// The request header carrying the page's CSRF token ([`CSRF_COOKIE`]).
pub const CSRF_HEADER: &str = "x-csrf-token";

/// How a fragment calls the personal-data service and repeats the CSRF token, for the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, crate::json::ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct VisitorSettings {
    /// GET, never cached, with the CSRF header.
    pub personal_data_path: &'static str,
    /// The cookie a page without its own CSRF cookie name reads.
    pub csrf_cookie: &'static str,
    pub csrf_header: &'static str,
}

pub const VISITOR_SETTINGS: VisitorSettings = VisitorSettings {
    personal_data_path: PERSONAL_DATA_PATH,
    csrf_cookie: CSRF_COOKIE,
    csrf_header: CSRF_HEADER,
};

/// The visitor-data service with the newsletter status (spec section 7: `GET /json/psdata`,
/// no cache, shared as one promise).
pub const NEWSLETTER_STATUS_PATH: &str = "/json/psdata";

/// The `nl_status` of a `/json/psdata` body (spec section 7): WAITING_FOR_DOI, SUBSCRIBED
/// (trimmed, case-insensitive), any other non-blank string is `Other`; `None` when the body is
/// not a JSON object or has no string nl_status.
pub fn parse_newsletter_status(body: &str) -> Option<NewsletterStatus> {
    let body = parse_document(body)?;
    Some(newsletter_status_from_code(&text_at(
        &body,
        &["nl_status"],
    )?))
}

/// A newsletter status code, case-insensitive and trimmed; anything unknown is `OTHER`.
pub(crate) fn newsletter_status_from_code(code: &str) -> NewsletterStatus {
    let code = code.trim();
    if code.eq_ignore_ascii_case("WAITING_FOR_DOI") {
        NewsletterStatus::WaitingForDoi
    } else if code.eq_ignore_ascii_case("SUBSCRIBED") {
        NewsletterStatus::Subscribed
    } else {
        NewsletterStatus::Other
    }
}

#[cfg(test)]
mod tests {
    use super::super::strategies;
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    fn body(status: &Value, customer: &Value) -> String {
        json!({"tracking": {"loginStatus": status}, "customer": customer}).to_string()
    }

    #[test]
    fn each_login_status() {
        let customer = json!({
            "firstname": "Erika", "lastname": "Mustermann", "loyaltyBeans": 250,
            "statuses": {"isCommunityMember": true, "isTchibocardMember": true},
        });
        let table = [
            (json!("LOGGED_IN"), true),
            (json!("REMEMBERED"), true),
            (json!("logged_in"), true),
            (json!("LOGGED_OUT"), false),
            (json!("ANONYMOUS"), false),
            (json!(""), false),
            (json!(1), false),
            (json!(null), false),
        ];
        for (status, logged_in) in table {
            let data = parse_personal_data(&body(&status, &customer));
            assert_eq!(
                data,
                PersonalData {
                    initialized: true,
                    logged_in_or_remembered: logged_in,
                    customer_name: Some("Erika Mustermann".into()),
                    loyalty_beans: 250,
                    community_member: true,
                    tchibo_card_member: true,
                },
                "{status}"
            );
        }
    }

    #[test]
    fn login_status_codes() {
        assert_eq!(
            LoginStatus::from_code("LOGGED_IN"),
            Some(LoginStatus::LoggedIn)
        );
        assert_eq!(
            LoginStatus::from_code(" remembered "),
            Some(LoginStatus::Remembered)
        );
        assert_eq!(
            LoginStatus::from_code("LOGGED_OUT"),
            Some(LoginStatus::LoggedOut)
        );
        assert_eq!(LoginStatus::from_code("GUEST"), None);
        assert!(is_logged_in(LoginStatus::LoggedIn));
        assert!(is_logged_in(LoginStatus::Remembered));
        assert!(!is_logged_in(LoginStatus::LoggedOut));
    }

    #[test]
    fn malformed_bodies_are_the_uninitialised_logged_out_default() {
        for text in ["", "not json", "[]", "42", "null", "\"x\"", "{\"a\": "] {
            assert_eq!(parse_personal_data(text), PersonalData::default(), "{text}");
        }
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(parse_personal_data(&deep), PersonalData::default());
    }

    #[test]
    fn missing_and_garbage_fields() {
        let empty = parse_personal_data("{}");
        assert_eq!(
            empty,
            PersonalData {
                initialized: true,
                ..PersonalData::default()
            }
        );
        let table = [
            (json!({"loyaltyBeans": -5}), 0),
            (json!({"loyaltyBeans": 1.5}), 0),
            (json!({"loyaltyBeans": "lots"}), 0),
            (json!({"loyaltyBeans": "12"}), 12),
            (json!({"loyaltyBeans": 12.0}), 12),
            (json!({"loyaltyBeans": 1e300}), 0),
            (json!({"loyaltyBeans": null}), 0),
            (json!({"loyaltyBeans": [1]}), 0),
        ];
        for (customer, beans) in table {
            let data = parse_personal_data(&body(&json!("LOGGED_IN"), &customer));
            assert_eq!(data.loyalty_beans, beans, "{customer}");
        }
        let garbage = json!({
            "firstname": 7, "lastname": ["x"],
            "statuses": {"isCommunityMember": "no", "isTchibocardMember": 1},
        });
        let data = parse_personal_data(&body(&json!("LOGGED_IN"), &garbage));
        assert_eq!(data.customer_name, None);
        assert!(!data.community_member);
        assert!(!data.tchibo_card_member);
        let data = parse_personal_data(&json!({"customer": "x", "tracking": 1}).to_string());
        assert!(data.initialized && !data.logged_in_or_remembered);
    }

    #[test]
    fn customer_names() {
        let table: &[(Value, Value, Option<&str>)] = &[
            (
                json!(" Erika "),
                json!(" Mustermann "),
                Some("Erika Mustermann"),
            ),
            (json!("Erika"), json!(null), Some("Erika")),
            (json!("Erika"), json!("  "), Some("Erika")),
            (json!(null), json!("Mustermann"), Some("Mustermann")),
            (json!(""), json!(""), None),
            (json!("<b>Erika</b>"), json!(null), Some("<b>Erika</b>")),
        ];
        for (first, last, name) in table {
            let customer = json!({"firstname": first, "lastname": last});
            let data = parse_personal_data(&body(&json!("LOGGED_IN"), &customer));
            assert_eq!(data.customer_name.as_deref(), *name, "{first} {last}");
        }
    }

    #[test]
    fn newsletter_statuses() {
        let table: &[(&str, Option<NewsletterStatus>)] = &[
            (
                "{\"nl_status\": \"WAITING_FOR_DOI\"}",
                Some(NewsletterStatus::WaitingForDoi),
            ),
            (
                "{\"nl_status\": \"SUBSCRIBED\"}",
                Some(NewsletterStatus::Subscribed),
            ),
            (
                "{\"nl_status\": \"subscribed\"}",
                Some(NewsletterStatus::Subscribed),
            ),
            (
                "{\"nl_status\": \"UNSUBSCRIBED\"}",
                Some(NewsletterStatus::Other),
            ),
            ("{\"nl_status\": \"\"}", None),
            ("{\"nl_status\": 1}", None),
            ("{}", None),
            ("[]", None),
            ("not json", None),
        ];
        for (text, status) in table {
            assert_eq!(parse_newsletter_status(text), *status, "{text}");
        }
    }

    #[test]
    fn serialises_camel_case() {
        let value = serde_json::from_str::<serde_json::Value>(&crate::json::to_string(
            &parse_personal_data("{}"),
        ))
        .unwrap();
        assert_eq!(
            value,
            json!({
                "initialized": true, "loggedInOrRemembered": false, "loyaltyBeans": 0,
                "communityMember": false, "tchiboCardMember": false,
            })
        );
    }

    proptest! {
        #[test]
        fn total_on_arbitrary_strings(text in any::<String>()) {
            let data = parse_personal_data(&text);
            if !data.initialized {
                prop_assert_eq!(data, PersonalData::default());
            }
            let _ = parse_newsletter_status(&text);
            if let Some(status) = LoginStatus::from_code(&text) {
                let _ = is_logged_in(status);
            }
        }

        #[test]
        fn total_on_arbitrary_json(value in strategies::json(), other in strategies::json()) {
            let _ = parse_personal_data(&value.to_string());
            let _ = parse_newsletter_status(&value.to_string());
            let nested = json!({"tracking": {"loginStatus": value}, "customer": other, "nl_status": value});
            let data = parse_personal_data(&nested.to_string());
            prop_assert!(data.initialized);
            if let Some(name) = data.customer_name {
                prop_assert!(!name.is_empty() && name.trim() == name);
            }
            let _ = parse_newsletter_status(&nested.to_string());
        }
    }
}
