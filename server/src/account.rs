//! The local login and the visitor's personal data (header spec sections 2 "User menu
//! flyout", 3 "Visitor personal data" and 6; newsletter spec sections 3 "Personal-data state",
//! 4 "Login status" and 7).
//!
//! Two demo accounts ([`ACCOUNTS`]): `member` (Maria Muster, loyalty-card and community member,
//! 1250 beans, personalised-offers consent given) and `customer` (Max Kunde, no card, 0 beans,
//! no consent); each with the e-mail address and salutation the newsletter form is prefilled
//! with (`newsletter.rs`, customer base data). The login page `/signin` posts
//! `account` and the `remember` checkbox to `POST /signin`, which stores a random token with
//! the account and the flag in SQLite, sets it as the `LoginToken` cookie (HttpOnly,
//! SameSite=Lax; with "remember me" for 30 days, else for the browser session) and redirects
//! (303) to the `loginRedirect` field when it is a safe local path, else to the site's home.
//! A form posted from another origin (`Origin` header naming another host) is refused (403).
//! `/logout` ends the login and redirects to the site's home.
//!
//! - `GET /service/customerfrontenddata/api/v1/psdata` (never cached) answers
//!   `{"tracking": {"loginStatus"}, "customer": {...}}`: LOGGED_OUT without a customer,
//!   LOGGED_IN, or REMEMBERED for a login with "remember me". It needs the CSRF header
//!   (`csrf.rs`): 403 without it.
//! - `GET /json/psdata` (never cached) answers `{"nl_status": STATUS}`: the newsletter status
//!   (`WAITING_FOR_DOI`, `SUBSCRIBED`) of the logged-in customer's e-mail address on the
//!   visitor's site (`newsletter::visitor_site`); without a login, the status this browser (its
//!   visitor cookie) knows from its own sign-up there (`WAITING_FOR_DOI`, `SUBSCRIBED` once it
//!   opened the confirmation link); else `null`.

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use shop_core::content::{LoginStatus, NewsletterStatus};
use shop_core::forms::{Consent, Salutation};
use shop_core::json::{self, ToJson};
use shop_core::site::Site;

use crate::api::{
    bad_request, json_error, json_response, query_string, request_cookie, set_cookie,
};
use crate::app::AppState;
use crate::csrf;
use crate::newsletter;
use crate::pages::site_prefix;
use crate::store::REMEMBERED_LOGIN_SECONDS;
use crate::visitor::{Visitor, random_token};

/// The cookie naming the login (newsletter spec section 7: "the cookie LoginToken").
pub use shop_core::forms::signup::LOGIN_TOKEN_COOKIE as LOGIN_COOKIE;

/// The personal-data service (the core's).
pub use shop_core::content::visitor::PERSONAL_DATA_PATH;

/// The visitor-data service with the newsletter status (the core's).
pub use shop_core::content::visitor::NEWSLETTER_STATUS_PATH;

/// The largest login form read, in bytes.
pub const MAX_FORM_BYTES: usize = 4096;

/// The `loginRedirect` of the header's login link (header spec route table:
/// `/signin?loginRedirect=red`): back to the page the shopper came from.
pub const LOGIN_REDIRECT_BACK: &str = "red";

/// The longest `loginRedirect` followed, in bytes.
pub const MAX_REDIRECT_BYTES: usize = 2048;

/// A demo account of the local login.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Account {
    /// The value of the login form's `account` field.
    pub id: &'static str,
    pub firstname: &'static str,
    pub lastname: &'static str,
    pub loyalty_beans: u32,
    pub community_member: bool,
    pub card_member: bool,
    /// The customer's e-mail address (lowercase), prefilled in the newsletter form and the
    /// address whose newsletter status `/json/psdata` reports.
    pub email: &'static str,
    pub salutation: Salutation,
    /// The newsletter consents the customer has already given (the form hides their checkbox).
    pub consents_already_given: &'static [Consent],
}

impl Account {
    /// First and last name.
    pub fn name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
    }
}

/// The two demo accounts.
pub const ACCOUNTS: [Account; 2] = [
    Account {
        id: "member",
        firstname: "Maria",
        lastname: "Muster",
        loyalty_beans: 1250,
        community_member: true,
        card_member: true,
        email: "maria.muster@example.com",
        salutation: Salutation::Mrs,
        consents_already_given: &[Consent::Dne],
    },
    Account {
        id: "customer",
        firstname: "Max",
        lastname: "Kunde",
        loyalty_beans: 0,
        community_member: false,
        card_member: false,
        email: "max.kunde@example.com",
        salutation: Salutation::Mr,
        consents_already_given: &[],
    },
];

/// The account of a form value.
pub fn account(id: &str) -> Option<&'static Account> {
    ACCOUNTS.iter().find(|account| account.id == id)
}

/// A visitor's login.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Login {
    pub account: &'static Account,
    pub remembered: bool,
}

impl Login {
    pub fn status(&self) -> LoginStatus {
        if self.remembered {
            LoginStatus::Remembered
        } else {
            LoginStatus::LoggedIn
        }
    }
}

fn login_token(headers: &HeaderMap) -> Option<String> {
    request_cookie(headers, LOGIN_COOKIE).filter(|token| csrf::valid_token(token))
}

/// The login of a request, if its `LoginToken` names a current one.
pub fn current_login(state: &AppState, headers: &HeaderMap) -> Option<Login> {
    login_of_token(state, &login_token(headers)?)
}

/// The login a token names, if it is well-formed and current.
pub fn login_of_token(state: &AppState, token: &str) -> Option<Login> {
    if !csrf::valid_token(token) {
        return None;
    }
    let (id, remembered) = state.store.login(token).ok()??;
    Some(Login {
        account: account(&id)?,
        remembered,
    })
}

/// A path on this origin that a redirect may go to: starts with one `/`, no backslash, no
/// control characters, and passes the core's `safe_url`.
pub fn safe_local_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && path.len() <= MAX_REDIRECT_BYTES
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && shop_core::content::link::safe_url(path).is_some()
}

/// A 303 redirect to `location`, never cached.
pub fn see_other(location: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Whether a form comes from this origin: no `Origin` header (not a browser, or a same-origin
/// navigation of an old browser), or one whose host and port are the request's `Host`.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    origin
        .to_str()
        .ok()
        .and_then(|origin| crate::api::below_own_origin(origin, headers))
        == Some("")
}

/// The refusal of a login form (`form` names it in the message) that is not url-encoded or
/// comes from another origin; `None` when it may be read.
pub fn refuse_foreign_form(headers: &HeaderMap, form: &str) -> Option<Response> {
    if !crate::api::has_content_type(headers, "application/x-www-form-urlencoded") {
        return Some(json_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "BAD_REQUEST",
            &format!("send the {form} as application/x-www-form-urlencoded"),
        ));
    }
    (!same_origin(headers)).then(|| {
        json_error(
            StatusCode::FORBIDDEN,
            "FORBIDDEN",
            &format!("the {form} must come from this origin"),
        )
    })
}

/// The body of a page's form (`form` names it in a refusal): url-encoded, from this origin and
/// within the form routes' [`MAX_FORM_BYTES`]; otherwise the refusal, in the JSON error shape of
/// every other refusal (a body over the limit is refused while it is read, by axum's
/// `DefaultBodyLimit`, whose own answer would be plain text).
pub fn read_local_form(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    form: &str,
) -> Result<Bytes, Box<Response>> {
    if let Some(refused) = refuse_foreign_form(headers, form) {
        return Err(Box::new(refused));
    }
    match body {
        Ok(body) if body.len() <= MAX_FORM_BYTES => Ok(body),
        Err(rejection) if rejection.status() != StatusCode::PAYLOAD_TOO_LARGE => Err(Box::new(
            bad_request(&format!("the {form} could not be read")),
        )),
        _ => Err(Box::new(json_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "BAD_REQUEST",
            &format!("the {form} is larger than {} KiB", MAX_FORM_BYTES / 1024),
        ))),
    }
}

/// `POST /signin` with `account`, `remember`, `loginRedirect` and `site` (form fields).
pub async fn sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match read_local_form(&headers, body, "login form") {
        Ok(body) => body,
        Err(refused) => return *refused,
    };
    let Ok(form) = std::str::from_utf8(&body) else {
        return bad_request("the form is not UTF-8");
    };
    let field = |name| shop_core::url::query_value(form, name);
    let Some(account) = field("account").and_then(|id| account(&id)) else {
        return bad_request("account must be member or customer");
    };
    let remembered = field("remember").is_some_and(|value| !value.is_empty());
    let site = field("site").map_or(Site::De, |code| Site::from_code_or_default(&code));
    let target = field("loginRedirect")
        .filter(|path| safe_local_path(path))
        .unwrap_or_else(|| format!("{}/", site_prefix(site)));
    let token = random_token();
    if let Some(previous) = login_token(&headers) {
        let _ = state.store.delete_login(&previous);
    }
    if state
        .store
        .save_login(&token, account.id, remembered)
        .is_err()
    {
        return json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "the login cannot be stored",
        );
    }
    let mut response = see_other(&target);
    let lifetime = if remembered {
        format!("; Max-Age={REMEMBERED_LOGIN_SECONDS}")
    } else {
        String::new()
    };
    set_cookie(
        &mut response,
        &format!("{LOGIN_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax{lifetime}"),
    );
    response
}

/// `/logout` (with any site prefix): ends the login and redirects to the site's home.
///
/// Only a page navigation logs out. A browser says what a request is for (`Sec-Fetch-Dest`);
/// an image, script, frame or fetch of `/logout` (content placing it as an image, say) is
/// refused and changes nothing. A navigation another site started (`Sec-Fetch-Site` other than
/// `same-origin` or `none`: a link or a script elsewhere) goes to the site's home and leaves the
/// login as it was. Without the headers (an older browser) the link works as before. A `HEAD`
/// request (a link checker, a proxy's look) gets the same answer and changes nothing.
pub fn log_out(state: &AppState, method: &Method, headers: &HeaderMap, site: Site) -> Response {
    let fetch_header = |name: &str| headers.get(name).and_then(|value| value.to_str().ok());
    if fetch_header("sec-fetch-dest").is_some_and(|destination| destination != "document") {
        return (
            StatusCode::FORBIDDEN,
            "log out by opening /logout as a page",
        )
            .into_response();
    }
    let home = see_other(&format!("{}/", site_prefix(site)));
    if method == Method::HEAD
        || fetch_header("sec-fetch-site")
            .is_some_and(|origin| origin != "same-origin" && origin != "none")
    {
        return home;
    }
    if let Some(token) = login_token(headers) {
        let _ = state.store.delete_login(&token);
    }
    let mut response = home;
    set_cookie(
        &mut response,
        &format!("{LOGIN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
    );
    response
}

#[derive(ToJson)]
struct PersonalDataAnswer {
    tracking: Tracking,
    #[serde(skip_serializing_if = "Option::is_none")]
    customer: Option<Customer>,
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct Tracking {
    login_status: LoginStatus,
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct Customer {
    firstname: &'static str,
    lastname: &'static str,
    loyalty_beans: u32,
    statuses: Statuses,
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct Statuses {
    is_community_member: bool,
    is_tchibocard_member: bool,
}

/// `GET /service/customerfrontenddata/api/v1/psdata`.
pub async fn get_personal_data(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if !csrf::double_submitted(&headers) {
        return json_error(
            StatusCode::FORBIDDEN,
            "FORBIDDEN",
            "send the csrf cookie's value in the x-csrf-token header",
        );
    }
    if state.faults.personal_data() {
        return json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "the personal data fails (test fault)",
        );
    }
    let answer = match current_login(&state, &headers) {
        Some(login) => PersonalDataAnswer {
            tracking: Tracking {
                login_status: login.status(),
            },
            customer: Some(Customer {
                firstname: login.account.firstname,
                lastname: login.account.lastname,
                loyalty_beans: login.account.loyalty_beans,
                statuses: Statuses {
                    is_community_member: login.account.community_member,
                    is_tchibocard_member: login.account.card_member,
                },
            }),
        },
        None => PersonalDataAnswer {
            tracking: Tracking {
                login_status: LoginStatus::LoggedOut,
            },
            customer: None,
        },
    };
    json_response(StatusCode::OK, json::to_string(&answer))
}

#[derive(ToJson)]
struct NewsletterStatusAnswer {
    nl_status: Option<NewsletterStatus>,
}

/// `GET /json/psdata`: the logged-in customer's newsletter status on the visitor's site.
/// Without a login, the status this browser knows from its own sign-up there
/// (`Store::visitor_newsletter_status`).
pub async fn get_newsletter_status(
    State(state): State<AppState>,
    visitor: Visitor,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let query = query_string(uri.query()).unwrap_or("");
    let site = newsletter::visitor_site(query, &headers);
    let status = match current_login(&state, &headers) {
        Some(login) => state.store.newsletter_status(site, login.account.email),
        None => match visitor.known_id() {
            Some(id) => state.store.visitor_newsletter_status(id, site),
            None => Ok(None),
        },
    };
    let nl_status = status.ok().flatten().filter(|status| {
        matches!(
            status,
            NewsletterStatus::WaitingForDoi | NewsletterStatus::Subscribed
        )
    });
    json_response(
        StatusCode::OK,
        json::to_string(&NewsletterStatusAnswer { nl_status }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_paths_are_redirect_targets() {
        for path in ["/", "/account", "/at/beanaccount?x=1", "/p/400001#top"] {
            assert!(safe_local_path(path), "{path}");
        }
        for path in [
            "red",
            "",
            "//evil.example/",
            "/\\evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "/a\nb",
        ] {
            assert!(!safe_local_path(path), "{path:?}");
        }
    }

    #[test]
    fn a_redirect_of_at_most_2048_bytes_is_followed() {
        let longest = ["/", &"a".repeat(MAX_REDIRECT_BYTES - 1)].concat();
        assert_eq!(longest.len(), 2048);
        assert!(safe_local_path(&longest));
        assert!(!safe_local_path(&[longest.as_str(), "a"].concat()));
    }
}
