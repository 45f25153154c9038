//! The newsletter sign-up call: request, service path, response mapping, view state and honeypot
//! (newsletter spec section 4 "Sign-up response", section 7 "POST {base}/newsletter-subscribers",
//! section 8 error catalogue, section 9 "sign-up timeout 15000 ms").

use crate::json::{Json, ToJson};

use super::email::EmailError;
use super::newsletter::{Consent, NewsletterForm, Origin, Salutation, newsletter_form};
use crate::site::Site;

/// Timeout of the sign-up request, in milliseconds (spec sections 7 and 9).
pub const SIGNUP_TIMEOUT_MS: u32 = 15_000;

/// The `type` of an error body that means "invalid e-mail address" (spec section 8).
pub const INVALID_EMAIL_TYPE: &str = "urn:newsletter:email_invalid";

/// Largest error body [`map_signup_response`] parses, in bytes; a larger one is a generic error.
/// Not in the spec: a guard so a broken proxy page cannot cost a large parse.
pub const SIGNUP_ERROR_BODY_MAX_BYTES: usize = 64 * 1024;

/// The resource the sign-up is posted to, below the service path (spec section 7:
/// "POST {base}/newsletter-subscribers").
pub const SIGNUP_SUBSCRIBERS_RESOURCE: &str = "newsletter-subscribers";

/// The JSON body of the sign-up call (spec section 3 "Newsletter subscription request", section 7).
/// Absent optional fields are left out of the JSON.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salutation: Option<Salutation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    pub consents: Vec<Consent>,
    pub origin: Origin,
    pub origin_addition: String,
}

/// Builds the sign-up request from the form (spec section 3 request fields; section 4: "If the
/// customer already has the personalised-offers consent (DNE), ... the consent is excluded from
/// the request").
///
/// - `email`: trimmed;
/// - `salutation`: the chosen one, `None` when the site hides the field;
/// - `firstName`, `lastName`: trimmed, `None` when the site hides the field or the value is empty;
/// - `consents`: the form's consents without duplicates and without those in
///   `consents_already_given`;
/// - `origin`, `originAddition` (trimmed) as given, e.g. `NEWSLETTER` / `footer`.
///
/// Legals (the TR checkbox) are a precondition of the form, not part of the request. The request
/// is built whether or not the form is valid: validate with
/// [`super::newsletter::validate_newsletter_form`] first.
pub fn build_signup_request(
    site: Site,
    form: &NewsletterForm,
    origin: Origin,
    origin_addition: &str,
    consents_already_given: &[Consent],
) -> SignupRequest {
    let config = newsletter_form(site);
    let name = |visible: bool, value: &str| {
        let value = value.trim();
        (visible && !value.is_empty()).then(|| value.to_owned())
    };
    let mut consents: Vec<Consent> = Vec::new();
    for consent in &form.consents {
        if !consents_already_given.contains(consent) && !consents.contains(consent) {
            consents.push(*consent);
        }
    }
    SignupRequest {
        email: form.email.trim().to_owned(),
        salutation: form.salutation.filter(|_| config.salutation.is_visible()),
        first_name: name(config.first_name.is_visible(), &form.first_name),
        last_name: name(config.last_name.is_visible(), &form.last_name),
        consents,
        origin,
        origin_addition: origin_addition.trim().to_owned(),
    }
}

/// The `origin` of the `sign_up` analytics event (spec section 7: "origin in the form
/// 'origin:originAddition'"), e.g. `NEWSLETTER:footer`. The addition is trimmed; when it is empty
/// the origin code stands alone (`NEWSLETTER`), without a dangling colon.
pub fn signup_analytics_origin(origin: Origin, origin_addition: &str) -> String {
    let addition = origin_addition.trim();
    if addition.is_empty() {
        origin.code().to_owned()
    } else {
        [origin.code(), ":", addition].concat()
    }
}

/// The sign-up service path, relative to the page's own origin (spec section 7: "service/newsletter
/// /api/internal, or service/newsletter/api/private when the page is a single-page app"). The call
/// itself goes to [`signup_subscribers_path`].
pub const fn signup_service_path(single_page_app: bool) -> &'static str {
    if single_page_app {
        "service/newsletter/api/private"
    } else {
        "service/newsletter/api/internal"
    }
}

/// The path the sign-up is posted to, relative to the page's own origin (spec section 7):
/// `service/newsletter/api/internal/newsletter-subscribers`, or `.../private/...` on a
/// single-page app. Join it to the origin as `new URL(path, location.origin + '/')`.
pub fn signup_subscribers_path(single_page_app: bool) -> String {
    [
        signup_service_path(single_page_app),
        "/",
        SIGNUP_SUBSCRIBERS_RESOURCE,
    ]
    .concat()
}

/// Where the logged-in customer's base data is read, below the private service path (spec
/// section 7: "GET {private base}/customers/base-data").
pub const CUSTOMER_BASE_DATA_RESOURCE: &str = "customers/base-data";

/// The cookie holding the customer's login token (spec section 7: "the login token read from
/// the cookie LoginToken") and the request header the base-data call carries it in.
pub const LOGIN_TOKEN_COOKIE: &str = "LoginToken";
pub const LOGIN_TOKEN_HEADER: &str = "x-login-token";

/// The analytics event of a sign-up (spec section 7: "an analytics event sign_up (subject
/// newsletter, origin in the form 'origin:originAddition', type ga4, emitter
/// newsletterservice)"); the origin comes from [`signup_analytics_origin`].
pub const SIGNUP_EVENT: &str = "sign_up";
pub const SIGNUP_EVENT_SUBJECT: &str = "newsletter";
pub const SIGNUP_EVENT_TYPE: &str = "ga4";
pub const SIGNUP_EVENT_EMITTER: &str = "newsletterservice";

/// The window event the sign-up emits after a submission (spec section 4: "emits a
/// successful-submit event"), for the page around the form.
pub const SUCCESSFUL_SUBMIT_EVENT: &str = "newsletter:submitted";

/// The origin addition of a sign-up from the newsletter sign-up page (`NEWSLETTER:newsletterpage`
/// in the analytics event), the fragment's and the server's form alike.
pub const SIGNUP_PAGE_ORIGIN_ADDITION: &str = "newsletterpage";

/// The sign-up page's picture (spec: "{token}.jpg for desktop (from 1024 px wide) and
/// {hash}.jpg for tablet (from 767 px wide)"; the narrowest below them).
pub const SIGNUP_IMAGE_DESKTOP_FROM_PX: u32 = 1024;
pub const SIGNUP_IMAGE_TABLET_FROM_PX: u32 = 767;

/// The sign-up page's query parameter that tells the form how a confirmation link went, and its
/// two values (the server's confirmation link redirects with them).
pub const DOI_PARAM: &str = "doi";
pub const DOI_CONFIRMED: &str = "confirmed";
pub const DOI_INVALID: &str = "invalid";

/// How the double opt-in link the visitor followed went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DoiNotice {
    /// The sign-up is confirmed: the success banner.
    Confirmed,
    /// An unknown or malformed link: the invalid-link banner.
    Invalid,
}

/// The double opt-in notice a sign-up page's query (`?doi=confirmed`, `?doi=invalid`) carries;
/// none for anything else.
pub fn doi_notice(query: &str) -> Option<DoiNotice> {
    match crate::url::query_value(query, DOI_PARAM).as_deref() {
        Some(DOI_CONFIRMED) => Some(DoiNotice::Confirmed),
        Some(DOI_INVALID) => Some(DoiNotice::Invalid),
        _ => None,
    }
}

/// The sign-up's base-data call, cookie, header and events in one object for the view (its time
/// limit is in `FormLimits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SignupSettings {
    /// The newsletter client's resources below a service path (spec section 7):
    /// `newsletter-subscribers`, a subscriber's `doi`, `customers/base-data`.
    pub subscribers_resource: &'static str,
    pub subscriber_doi_resource: &'static str,
    pub customer_base_data_resource: &'static str,
    pub login_token_cookie: &'static str,
    pub login_token_header: &'static str,
    pub event: &'static str,
    pub event_subject: &'static str,
    pub event_type: &'static str,
    pub event_emitter: &'static str,
    pub successful_submit_event: &'static str,
    /// The sign-up page's origin addition ([`SIGNUP_PAGE_ORIGIN_ADDITION`]).
    pub page_origin_addition: &'static str,
    /// The widths from which the page's picture is the desktop's and the tablet's.
    pub image_desktop_from_px: u32,
    pub image_tablet_from_px: u32,
}

pub const SIGNUP_SETTINGS: SignupSettings = SignupSettings {
    subscribers_resource: SIGNUP_SUBSCRIBERS_RESOURCE,
    subscriber_doi_resource: super::subscriber::SUBSCRIBER_DOI_RESOURCE,
    customer_base_data_resource: CUSTOMER_BASE_DATA_RESOURCE,
    login_token_cookie: LOGIN_TOKEN_COOKIE,
    login_token_header: LOGIN_TOKEN_HEADER,
    event: SIGNUP_EVENT,
    event_subject: SIGNUP_EVENT_SUBJECT,
    event_type: SIGNUP_EVENT_TYPE,
    event_emitter: SIGNUP_EVENT_EMITTER,
    successful_submit_event: SUCCESSFUL_SUBMIT_EVENT,
    page_origin_addition: SIGNUP_PAGE_ORIGIN_ADDITION,
    image_desktop_from_px: SIGNUP_IMAGE_DESKTOP_FROM_PX,
    image_tablet_from_px: SIGNUP_IMAGE_TABLET_FROM_PX,
};

/// What the customer base data prefills (spec section 3: "Customer base data is read with the
/// login token and prefills the form, including which consents are already given").
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CustomerBaseData {
    pub form: NewsletterForm,
    pub consents_already_given: Vec<Consent>,
}

/// Reads the customer base data leniently: `email`, `salutation`, `firstName`, `lastName` when
/// they are texts (an unknown salutation is left out), `consentsAlreadyGiven` keeping the
/// consents the shop knows. `None` when the body is not a JSON object.
pub fn parse_customer_base_data(body: &str) -> Option<CustomerBaseData> {
    use crate::content::{items_at, parse_document_up_to, text_at};
    let data = parse_document_up_to(body, SIGNUP_ERROR_BODY_MAX_BYTES)?;
    if !matches!(data, crate::json::Value::Object(_)) {
        return None;
    }
    let text = |key: &str| text_at(&data, &[key]).map(|value| value.trim().to_owned());
    let mut consents: Vec<Consent> = items_at(&data, &["consentsAlreadyGiven"])
        .iter()
        .filter_map(|consent| crate::json::FromJson::from_json(consent).ok())
        .collect();
    consents.dedup();
    Some(CustomerBaseData {
        form: NewsletterForm {
            email: text("email").unwrap_or_default(),
            salutation: data
                .get("salutation")
                .and_then(|salutation| crate::json::FromJson::from_json(salutation).ok()),
            first_name: text("firstName").unwrap_or_default(),
            last_name: text("lastName").unwrap_or_default(),
            consents: Vec::new(),
            legals: Vec::new(),
        },
        consents_already_given: consents,
    })
}

/// The outcome of the sign-up call (spec section 3: "Outcome enumeration of the sign-up call:
/// SUCCESS, ERROR_GENERIC, ERROR_INVALID_EMAIL").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SignupOutcome {
    Success,
    ErrorGeneric,
    ErrorInvalidEmail,
}

/// Maps the sign-up response to its outcome (spec section 7: "Statuses 200 to 299 are success";
/// section 8 error catalogue).
///
/// - 200-299: `SUCCESS` (the body is not read);
/// - status 0 (no response: network failure, timeout, CORS): `ERROR_GENERIC`;
/// - any other status whose body is a JSON object with `"type": "urn:newsletter:email_invalid"`
///   (exactly; other fields ignored): `ERROR_INVALID_EMAIL`;
/// - anything else (other types, empty, malformed or non-object bodies, bodies over
///   [`SIGNUP_ERROR_BODY_MAX_BYTES`]): `ERROR_GENERIC`.
pub fn map_signup_response(status: u16, body: &str) -> SignupOutcome {
    if (200..=299).contains(&status) {
        return SignupOutcome::Success;
    }
    if status == 0 || body.len() > SIGNUP_ERROR_BODY_MAX_BYTES {
        return SignupOutcome::ErrorGeneric;
    }
    let invalid_email = crate::json::parse(body).is_ok_and(|value| {
        value
            .as_object()
            .and_then(|object| object.get("type"))
            .and_then(crate::json::Value::as_str)
            == Some(INVALID_EMAIL_TYPE)
    });
    if invalid_email {
        SignupOutcome::ErrorInvalidEmail
    } else {
        SignupOutcome::ErrorGeneric
    }
}

/// What the sign-up view shows (spec section 4 "Sign-up response").
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SignupView {
    /// The form (with its fields) is shown.
    pub form_visible: bool,
    /// The success message (confirmation e-mail on its way) is shown.
    pub success_visible: bool,
    /// The generic error banner is shown.
    pub error_banner_visible: bool,
    /// The error the e-mail field shows because of the response (`INVALID`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_error: Option<EmailError>,
}

/// The view state for a sign-up outcome (spec section 4): the form is shown with no response yet
/// (`None`) or after a generic or invalid-e-mail error; the success message after success or a
/// bot submission (`bot` wins over any outcome, since a bot submission never calls the server);
/// the error banner on a generic error only; an invalid-e-mail response puts `INVALID` on the
/// e-mail field and keeps the form.
pub fn signup_view(outcome: Option<SignupOutcome>, bot: bool) -> SignupView {
    let outcome = if bot {
        Some(SignupOutcome::Success)
    } else {
        outcome
    };
    let success = outcome == Some(SignupOutcome::Success);
    SignupView {
        form_visible: !success,
        success_visible: success,
        error_banner_visible: outcome == Some(SignupOutcome::ErrorGeneric),
        email_error: (outcome == Some(SignupOutcome::ErrorInvalidEmail))
            .then_some(EmailError::Invalid),
    }
}

/// Whether a submission is a bot's (spec section 4: "A submission in which a hidden trap field is
/// filled is a bot"): the trap field holds anything but whitespace. Such a submission shows
/// success without calling the server.
pub fn is_bot_submission(trap_value: &str) -> bool {
    !trap_value.trim().is_empty()
}

#[cfg(test)]
mod tests {
    #[test]
    fn customer_base_data_prefills_leniently() {
        let data = parse_customer_base_data(
            r#"{"email":" maria@example.com ","salutation":"MRS","firstName":"Maria","lastName":"Muster","consentsAlreadyGiven":["DNE","SPAM",7,"DNE"]}"#,
        );
        assert_eq!(
            data,
            Some(CustomerBaseData {
                form: NewsletterForm {
                    email: "maria@example.com".into(),
                    salutation: Some(Salutation::Mrs),
                    first_name: "Maria".into(),
                    last_name: "Muster".into(),
                    ..NewsletterForm::default()
                },
                consents_already_given: vec![Consent::Dne],
            })
        );
        let odd = parse_customer_base_data(
            r#"{"email":42,"salutation":"KING","consentsAlreadyGiven":"DNE"}"#,
        );
        assert_eq!(odd, Some(CustomerBaseData::default()));
        for body in ["", "[]", "null", "\"x\"", "{", "<html>"] {
            assert_eq!(parse_customer_base_data(body), None, "{body:?}");
        }
    }

    use super::*;

    #[test]
    fn the_sign_up_page_reads_how_a_confirmation_link_went() {
        assert_eq!(doi_notice("?doi=confirmed"), Some(DoiNotice::Confirmed));
        assert_eq!(doi_notice("doi=invalid&x=1"), Some(DoiNotice::Invalid));
        assert_eq!(doi_notice("?x=1&doi=invalid"), Some(DoiNotice::Invalid));
        for none in [
            "",
            "?",
            "?doi=",
            "?doi=CONFIRMED",
            "?doi=yes",
            "?xdoi=confirmed",
        ] {
            assert_eq!(doi_notice(none), None, "{none}");
        }
    }
    use crate::forms::newsletter::Legal;
    use proptest::prelude::*;

    fn filled() -> NewsletterForm {
        NewsletterForm {
            email: "  anna@example.com ".into(),
            salutation: Some(Salutation::Mrs),
            first_name: " Anna ".into(),
            last_name: "Kovács".into(),
            consents: vec![Consent::Dne, Consent::Dne],
            legals: vec![Legal::Newsletter],
        }
    }

    #[test]
    fn request_per_site() {
        // site, salutation sent, names sent
        let table = [
            (Site::De, false, false),
            (Site::At, true, true),
            (Site::Ch, false, false),
            (Site::ChFr, false, false),
            (Site::Pl, false, false),
            (Site::Cz, false, false),
            (Site::Hu, true, true),
            (Site::Sk, false, false),
            (Site::Tr, false, true),
        ];
        assert_eq!(table.len(), Site::ALL.len());
        for (site, salutation, names) in table {
            let request =
                build_signup_request(site, &filled(), Origin::Newsletter, " footer ", &[]);
            assert_eq!(
                request,
                SignupRequest {
                    email: "anna@example.com".into(),
                    salutation: salutation.then_some(Salutation::Mrs),
                    first_name: names.then(|| "Anna".to_owned()),
                    last_name: names.then(|| "Kovács".to_owned()),
                    consents: vec![Consent::Dne],
                    origin: Origin::Newsletter,
                    origin_addition: "footer".into(),
                },
                "{site:?}"
            );
        }
    }

    #[test]
    fn empty_names_and_given_consents_are_left_out() {
        let form = NewsletterForm {
            email: "a@b.de".into(),
            first_name: "   ".into(),
            consents: vec![Consent::Dne],
            ..NewsletterForm::default()
        };
        let request =
            build_signup_request(Site::At, &form, Origin::ShoppingCart, "", &[Consent::Dne]);
        assert_eq!(request.first_name, None);
        assert_eq!(request.last_name, None);
        assert_eq!(request.salutation, None);
        assert_eq!(request.consents, vec![]);
        assert_eq!(
            Some(crate::json::to_string(&request)).as_deref(),
            Some(
                r#"{"email":"a@b.de","consents":[],"origin":"SHOPPING_CART","originAddition":""}"#
            )
        );
        let full = build_signup_request(Site::Hu, &filled(), Origin::Newsletter, "footer", &[]);
        assert_eq!(
            Some(crate::json::to_string(&full)).as_deref(),
            Some(
                r#"{"email":"anna@example.com","salutation":"MRS","firstName":"Anna","lastName":"Kovács","consents":["DNE"],"origin":"NEWSLETTER","originAddition":"footer"}"#
            )
        );
    }

    #[test]
    fn analytics_origin_and_paths() {
        let table = [
            (Origin::Newsletter, "footer", "NEWSLETTER:footer"),
            (Origin::ShoppingCart, "minicart", "SHOPPING_CART:minicart"),
            (Origin::Newsletter, " page ", "NEWSLETTER:page"),
            (Origin::Newsletter, "", "NEWSLETTER"),
            (Origin::ShoppingCart, "  ", "SHOPPING_CART"),
        ];
        for (origin, addition, expected) in table {
            assert_eq!(signup_analytics_origin(origin, addition), expected);
        }
        assert_eq!(
            signup_service_path(false),
            "service/newsletter/api/internal"
        );
        assert_eq!(signup_service_path(true), "service/newsletter/api/private");
        assert_eq!(
            signup_subscribers_path(false),
            "service/newsletter/api/internal/newsletter-subscribers"
        );
        assert_eq!(
            signup_subscribers_path(true),
            "service/newsletter/api/private/newsletter-subscribers"
        );
        assert_eq!(SIGNUP_TIMEOUT_MS, 15_000);
    }

    #[test]
    fn response_table() {
        use SignupOutcome::*;
        let invalid = r#"{"type":"urn:newsletter:email_invalid","title":"Bad"}"#;
        let huge_invalid = format!(
            r#"{{"type":"urn:newsletter:email_invalid","pad":"{}"}}"#,
            "x".repeat(SIGNUP_ERROR_BODY_MAX_BYTES)
        );
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        // An error answer of exactly the largest size read is still read; one byte more is not.
        let at_cap = [
            invalid,
            &" ".repeat(SIGNUP_ERROR_BODY_MAX_BYTES - invalid.len()),
        ]
        .concat();
        let over_cap = [at_cap.as_str(), " "].concat();
        let table: Vec<(u16, &str, SignupOutcome)> = vec![
            (400, &at_cap, ErrorInvalidEmail),
            (400, &over_cap, ErrorGeneric),
            (200, "", Success),
            (201, "{}", Success),
            (204, "not json", Success),
            (299, invalid, Success),
            (300, "", ErrorGeneric),
            (199, "", ErrorGeneric),
            (400, invalid, ErrorInvalidEmail),
            (422, invalid, ErrorInvalidEmail),
            (500, invalid, ErrorInvalidEmail),
            (400, r#"{"type":"urn:newsletter:other"}"#, ErrorGeneric),
            (
                400,
                r#"{"type":"URN:NEWSLETTER:EMAIL_INVALID"}"#,
                ErrorGeneric,
            ),
            (
                400,
                r#"{"type":" urn:newsletter:email_invalid"}"#,
                ErrorGeneric,
            ),
            (400, r#"{"type":42}"#, ErrorGeneric),
            (400, r#"{"type":null}"#, ErrorGeneric),
            (
                400,
                r#"{"title":"urn:newsletter:email_invalid"}"#,
                ErrorGeneric,
            ),
            (400, r#""urn:newsletter:email_invalid""#, ErrorGeneric),
            (400, r#"["urn:newsletter:email_invalid"]"#, ErrorGeneric),
            (
                400,
                r#"{"type":"urn:newsletter:email_invalid""#,
                ErrorGeneric,
            ),
            (400, "", ErrorGeneric),
            (400, "<html>Bad gateway</html>", ErrorGeneric),
            (502, "{}", ErrorGeneric),
            (0, invalid, ErrorGeneric),
            (0, "", ErrorGeneric),
            (400, &huge_invalid, ErrorGeneric),
            (400, &deep, ErrorGeneric),
            (u16::MAX, invalid, ErrorInvalidEmail),
        ];
        for (status, body, expected) in table {
            assert_eq!(
                map_signup_response(status, body),
                expected,
                "{status} {}",
                body.get(..60).unwrap_or(body)
            );
        }
    }

    #[test]
    fn view_table() {
        use SignupOutcome::*;
        // outcome, bot, form, success, banner, email error
        let table = [
            (None, false, true, false, false, None),
            (Some(Success), false, false, true, false, None),
            (Some(ErrorGeneric), false, true, false, true, None),
            (
                Some(ErrorInvalidEmail),
                false,
                true,
                false,
                false,
                Some(EmailError::Invalid),
            ),
            (None, true, false, true, false, None),
            (Some(ErrorGeneric), true, false, true, false, None),
            (Some(ErrorInvalidEmail), true, false, true, false, None),
        ];
        for (outcome, bot, form, success, banner, email_error) in table {
            assert_eq!(
                signup_view(outcome, bot),
                SignupView {
                    form_visible: form,
                    success_visible: success,
                    error_banner_visible: banner,
                    email_error,
                },
                "{outcome:?} {bot}"
            );
        }
        assert_eq!(
            Some(crate::json::to_string(&signup_view(
                Some(ErrorInvalidEmail),
                false
            )))
            .as_deref(),
            Some(
                r#"{"formVisible":true,"successVisible":false,"errorBannerVisible":false,"emailError":"INVALID"}"#
            )
        );
    }

    #[test]
    fn honeypot() {
        for (trap, bot) in [
            ("", false),
            ("   ", false),
            ("\n\t", false),
            ("x", true),
            (" http://spam ", true),
        ] {
            assert_eq!(is_bot_submission(trap), bot, "{trap:?}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(
            status in any::<u16>(),
            body in any::<String>(),
            addition in ".*",
            trap in any::<String>(),
            email in any::<String>(),
            first in any::<String>(),
            spa in any::<bool>(),
            bot in any::<bool>(),
        ) {
            let _ = doi_notice(&body);
            let outcome = map_signup_response(status, &body);
            if (200..300).contains(&status) {
                prop_assert_eq!(outcome, SignupOutcome::Success);
            } else {
                prop_assert_ne!(outcome, SignupOutcome::Success);
            }
            let view = signup_view(Some(outcome), bot);
            prop_assert_ne!(view.form_visible, view.success_visible);
            let _ = signup_analytics_origin(Origin::Newsletter, &addition);
            let _ = is_bot_submission(&trap);
            let _ = signup_subscribers_path(spa);
            if let Some(data) = parse_customer_base_data(&body) {
                prop_assert_eq!(data.form.email.trim(), data.form.email.as_str());
            }
            let form = NewsletterForm { email, first_name: first.clone(), last_name: first, ..NewsletterForm::default() };
            for site in Site::ALL {
                let request = build_signup_request(site, &form, Origin::Newsletter, &addition, &[Consent::Dne]);
                prop_assert_eq!(request.email.trim(), request.email.as_str());
                prop_assert!(request.first_name.as_deref().is_none_or(|n| !n.is_empty() && n.trim() == n));
            }
        }
    }
}
