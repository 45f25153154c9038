//! The staff preview service (newsletter spec section 2 "Staff preview panel", section 4
//! "Preview panel", section 5 "Preview panel", section 6 "Staff", section 7 `token`,
//! `checkauth`, `login/renew` and `logout`, section 8 "Preview", section 9 "Preview auth renewal
//! every 5 minutes"), on the core's paths and cookie names.
//!
//! **Staff login (a local stand-in).** The company signs its staff in elsewhere; this server
//! has a local stand-in instead: `GET /staff` shows a small page with one button that signs in
//! as the demo staff user, without a password (like the demo customers of `/signin`).
//! `POST /staff` (a form from this origin: an `Origin` of another host is refused with 403)
//! starts a staff session: a random token stored in SQLite (`staff_sessions`, see `store.rs`)
//! lasting [`STAFF_SESSION_SECONDS`], set as the `HttpOnly` cookie [`STAFF_SESSION_COOKIE`] (no
//! page script can read or replay it), beside the core's [`STAFF_AUTH_COOKIE`] (`staffAuth=1`;
//! not `HttpOnly`: the page shows the preview panel only if that cookie exists, spec section 4,
//! but it holds no secret); both `Path=/; SameSite=Lax`, browser-session cookies. Redirects (303)
//! to the form's `redirect` field when it is a local path (`/...`, not `//...`), else to `/`.
//! A new session replaces the request's previous one only once it is stored.
//!
//! **The calls** (JSON, never cached; a staff session is current while its token is stored and
//! has not run out):
//!
//! - `GET /service/preview/api/auth/checkauth`: 200 `{"status": "SUCCESS", "dateTime",
//!   "abTestName", "abTestGroup"}` for a current session (the preview settings the session holds,
//!   each left out while unset), else 200 `{"status": "UNAUTHORIZED"}`; while the sessions
//!   cannot be read, 500 `{"status": "INTERNAL_ERROR"}` (not a logout: the cookies stay).
//! - `GET /service/preview/api/auth/login/renew`: extends a current session to
//!   [`STAFF_SESSION_SECONDS`] from now, 204; else 401 `{"status": "UNAUTHORIZED"}`.
//! - `GET /service/preview/api/auth/logout` (the `csrf` cookie repeated in `x-csrf-token`, else
//!   403): ends the session and clears the staff cookie and the core's
//!   [`PREVIEW_TOKEN_COOKIE`] (`Max-Age=0`), 204, also without a session.
//! - `GET /service/preview/api/token?test=&group=&dateTime=` (the core's [`PREVIEW_TOKEN_PATH`]
//!   and the parameters its `preview_token_query` writes): without a current session 200
//!   `{"status": "UNAUTHORIZED"}`; with the `preview` test fault 500
//!   `{"status": "INTERNAL_ERROR"}`; 400 `{"status": "BAD_REQUEST"}` when `dateTime` is not
//!   `YYYY-MM-DDTHH:MM` (a real date, `abtest::parse_date_time`), or `test` is given but is not
//!   active at that date-time (`abtest::tests_at`), or `group` is missing or not one of that
//!   test's groups. `test` and `group` are trimmed; an empty or absent `test` is the panel's
//!   "None" choice (a `group` is then ignored, as the core's request drops it). On success the
//!   session keeps the date-time, test and group (replacing the previous ones), a new random
//!   preview token is set as the `previewToken` cookie (`Path=/; SameSite=Lax`) and the answer is
//!   200 `{"status": "SUCCESS"}`. The lists `promotionIds`, `allOfTags`, `anyOfTags` and
//!   `noneOfTags`, which the panel sends when its page names promotions, are accepted and not
//!   used: the reference promotion service previews every promotion by the date-time.
//!
//! The preview settings are kept for `checkauth`, and the promotion service answers a staff
//! session with a preview date-time as of that date-time (`promotions.rs`); the A/B group is
//! kept but no service varies by it.

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use axum::routing::get;
use shop_core::content::{CheckAuth, PreviewStatus};
use shop_core::json::{self, ToJson};

use crate::abtest::{parse_date_time, tests_at};
use crate::account::{MAX_FORM_BYTES, safe_local_path, see_other};
use crate::api::{json_error, json_response, param, query_string, request_cookie, set_cookie};
use crate::app::AppState;
use crate::csrf;
use crate::html::escape;
use crate::pages::html_response;
use crate::promotions::{AbTestGroup, Viewer};
use crate::store::{STAFF_SESSION_SECONDS, StaffSession, StoreError};
use crate::visitor::random_token;

/// The staff auth cookie and the preview service's auth calls (the core's).
pub use shop_core::content::abtest::{
    CHECK_AUTH_PATH, LOGOUT_PATH, RENEW_AUTH_PATH, STAFF_AUTH_COOKIE,
};
/// The cookie a preview session leaves (the core's; promotions are fetched afresh while it
/// exists).
pub use shop_core::content::promotion::PREVIEW_TOKEN_COOKIE;
/// The preview token call (the core's).
pub use shop_core::forms::PREVIEW_TOKEN_PATH;

/// The local stand-in for the company's staff login.
pub const STAFF_LOGIN_PATH: &str = "/staff";

/// The `HttpOnly` cookie holding the staff session's token (the core's `staffAuth` only marks
/// that there is one).
pub const STAFF_SESSION_COOKIE: &str = "staffSession";

/// The staff login's field (or query parameter) naming where to go afterwards.
pub const REDIRECT_PARAM: &str = "redirect";

// The preview token call's parameters, as the core's `preview_token_query` writes them.
use shop_core::forms::preview::{
    PREVIEW_DATE_TIME_PARAM as DATE_TIME_PARAM, PREVIEW_GROUP_PARAM as GROUP_PARAM,
    PREVIEW_TEST_PARAM as TEST_PARAM,
};

/// The demo staff user the local login signs in as.
pub const DEMO_STAFF_NAME: &str = "Demo Staff";

/// The staff login page's policy: no scripts or styles, forms only to this origin.
const STAFF_PAGE_CSP: &str = "default-src 'none'; img-src data:; form-action 'self'; \
                              base-uri 'none'; frame-ancestors 'none'";

/// The staff login and the preview service's calls.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            STAFF_LOGIN_PATH,
            get(staff_page)
                .post(staff_sign_in)
                .layer(DefaultBodyLimit::max(MAX_FORM_BYTES)),
        )
        .route(CHECK_AUTH_PATH, get(check_auth))
        .route(RENEW_AUTH_PATH, get(renew_auth))
        .route(LOGOUT_PATH, get(log_out))
        .route(PREVIEW_TOKEN_PATH, get(preview_token))
}

#[derive(ToJson)]
struct StatusAnswer {
    status: PreviewStatus,
}

/// `{"status": STATUS}`, never cached.
fn status_answer(code: StatusCode, status: PreviewStatus) -> Response {
    json_response(code, json::to_string(&StatusAnswer { status }))
}

fn internal_error() -> Response {
    status_answer(
        StatusCode::INTERNAL_SERVER_ERROR,
        PreviewStatus::InternalError,
    )
}

fn bad_request() -> Response {
    status_answer(StatusCode::BAD_REQUEST, PreviewStatus::BadRequest)
}

/// The well-formed token of the request's staff cookie.
fn staff_token(headers: &HeaderMap) -> Option<String> {
    request_cookie(headers, STAFF_SESSION_COOKIE).filter(|token| csrf::valid_token(token))
}

/// The request's current staff session: its token and preview settings.
fn current_session(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<(String, StaffSession)>, StoreError> {
    let Some(token) = staff_token(headers) else {
        return Ok(None);
    };
    Ok(state
        .store
        .staff_session(&token)?
        .map(|session| (token, session)))
}

/// Who asks for promotions: a current staff session sees its preview date-time and A/B test
/// group, each when the token call has set it; everybody else (and everybody when the store
/// cannot be read: content as of now and for everybody is never wrong for anyone) sees the
/// site's `now` and no group.
pub fn promotion_viewer(state: &AppState, headers: &HeaderMap, now: i64) -> Viewer {
    let Ok(Some((_, session))) = current_session(state, headers) else {
        return Viewer {
            at: now,
            ab_group: None,
        };
    };
    Viewer {
        at: session
            .date_time
            .as_deref()
            .and_then(|date_time| parse_date_time(date_time, false))
            .unwrap_or(now),
        ab_group: session
            .ab_test
            .zip(session.ab_group)
            .map(|(name, group)| AbTestGroup { name, group }),
    }
}

/// `GET /staff`: the local staff login's page.
pub async fn staff_page(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    let query = query_string(uri.query()).unwrap_or("");
    let target = param(query, REDIRECT_PARAM).filter(|path| safe_local_path(path));
    let signed_in = matches!(current_session(&state, &headers), Ok(Some(_)));
    let status = if signed_in {
        format!(
            "<p role=\"status\">Signed in as {}. The session runs out {} minutes after the \
             login or its last renewal; the preview panel renews it every 5 minutes.</p>",
            escape(DEMO_STAFF_NAME),
            STAFF_SESSION_SECONDS / 60
        )
    } else {
        "<p role=\"status\">Not signed in as staff.</p>".to_owned()
    };
    let redirect = target
        .as_deref()
        .map(|path| {
            format!(
                "<input type=\"hidden\" name=\"{REDIRECT_PARAM}\" value=\"{}\">",
                escape(path)
            )
        })
        .unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Staff login (local)</title><meta name=\"robots\" content=\"noindex\">\
         <link rel=\"icon\" href=\"data:,\"></head><body><main>\
         <h1>Staff login (local)</h1>\
         <p>A local stand-in for the company&#39;s staff login: it signs you in as the demo \
         staff user, without a password, so that the shop&#39;s pages show the preview panel \
         (preview date and time, A/B test group).</p>{status}\
         <form action=\"{action}\" method=\"post\">{redirect}\
         <button type=\"submit\">Sign in as {name}</button></form>\
         <p><a href=\"{back}\">Back to the shop</a></p></main></body></html>",
        action = escape(STAFF_LOGIN_PATH),
        name = escape(DEMO_STAFF_NAME),
        back = escape(target.as_deref().unwrap_or("/")),
    );
    html_response(StatusCode::OK, html, STAFF_PAGE_CSP)
}

/// `POST /staff` with the optional `redirect` field: signs in as the demo staff user.
pub async fn staff_sign_in(
    State(state): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match crate::account::read_local_form(&headers, body, "staff login form") {
        Ok(body) => body,
        Err(refused) => return *refused,
    };
    let form = std::str::from_utf8(&body).unwrap_or("");
    let query = query_string(uri.query()).unwrap_or("");
    let target = shop_core::url::query_value(form, REDIRECT_PARAM)
        .or_else(|| param(query, REDIRECT_PARAM))
        .filter(|path| safe_local_path(path))
        .unwrap_or_else(|| "/".to_owned());
    let token = random_token();
    if state.store.create_staff_session(&token).is_err() {
        return json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "the staff session cannot be stored",
        );
    }
    // Only now that the new session is stored does the previous one end.
    if let Some(previous) = staff_token(&headers) {
        let _ = state.store.delete_staff_session(&previous);
    }
    let mut response = see_other(&target);
    set_cookie(
        &mut response,
        &format!("{STAFF_SESSION_COOKIE}={token}; Path=/; SameSite=Lax; HttpOnly"),
    );
    set_cookie(
        &mut response,
        &format!("{STAFF_AUTH_COOKIE}=1; Path=/; SameSite=Lax"),
    );
    response
}

/// `GET /service/preview/api/auth/checkauth`.
pub async fn check_auth(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let answer = match current_session(&state, &headers) {
        Err(_) => return internal_error(),
        Ok(None) => CheckAuth {
            status: PreviewStatus::Unauthorized,
            date_time: None,
            ab_test_name: None,
            ab_test_group: None,
        },
        Ok(Some((_, session))) => CheckAuth {
            status: PreviewStatus::Success,
            date_time: session.date_time,
            ab_test_name: session.ab_test,
            ab_test_group: session.ab_group,
        },
    };
    json_response(StatusCode::OK, json::to_string(&answer))
}

/// `GET /service/preview/api/auth/login/renew`.
pub async fn renew_auth(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let renewed = match staff_token(&headers) {
        Some(token) => state.store.renew_staff_session(&token),
        None => Ok(false),
    };
    match renewed {
        Ok(true) => crate::api::no_content(),
        Ok(false) => status_answer(StatusCode::UNAUTHORIZED, PreviewStatus::Unauthorized),
        Err(_) => internal_error(),
    }
}

/// `GET /service/preview/api/auth/logout`. It ends the staff session, so it wants the page's
/// `csrf` cookie repeated in `x-csrf-token` as the token call does: an image or a link on another
/// site cannot log the staff member out.
pub async fn log_out(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if !csrf::double_submitted(&headers) {
        return status_answer(StatusCode::FORBIDDEN, PreviewStatus::Unauthorized);
    }
    if let Some(token) = staff_token(&headers) {
        let _ = state.store.delete_staff_session(&token);
    }
    let mut response = crate::api::no_content();
    for cookie in [
        STAFF_SESSION_COOKIE,
        STAFF_AUTH_COOKIE,
        PREVIEW_TOKEN_COOKIE,
    ] {
        set_cookie(
            &mut response,
            &format!("{cookie}=; Path=/; SameSite=Lax; Max-Age=0"),
        );
    }
    response
}

/// A trimmed, non-empty parameter.
fn non_empty(query: &str, name: &str) -> Option<String> {
    param(query, name)
        .map(|value| value.trim().to_owned())
        .filter(|value| !value.is_empty())
}

/// The preview settings a token call asks for, or `None` when they are refused.
fn requested_settings(query: &str) -> Option<StaffSession> {
    let date_time = param(query, DATE_TIME_PARAM)?;
    let instant = parse_date_time(&date_time, false)?;
    let (ab_test, ab_group) = match non_empty(query, TEST_PARAM) {
        None => (None, None),
        Some(test) => {
            let active = tests_at(instant)
                .into_iter()
                .find(|active| active.name == test)?;
            let group = non_empty(query, GROUP_PARAM)
                .filter(|group| active.groups.iter().any(|known| known.name == *group))?;
            (Some(test), Some(group))
        }
    };
    Some(StaffSession {
        date_time: Some(date_time),
        ab_test,
        ab_group,
    })
}

/// `GET /service/preview/api/token?test=&group=&dateTime=`: a GET that changes the session's
/// settings (as the spec has it), so it also wants the page's `csrf` cookie repeated in
/// `x-csrf-token` (double submit): a link from another site cannot change them.
pub async fn preview_token(
    State(state): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if !csrf::double_submitted(&headers) {
        return status_answer(StatusCode::FORBIDDEN, PreviewStatus::Unauthorized);
    }
    let token = match current_session(&state, &headers) {
        Err(_) => return internal_error(),
        Ok(None) => return status_answer(StatusCode::OK, PreviewStatus::Unauthorized),
        Ok(Some((token, _))) => token,
    };
    if state.faults.preview() {
        return internal_error();
    }
    let Some(settings) = query_string(uri.query()).and_then(requested_settings) else {
        return bad_request();
    };
    match state.store.set_preview(&token, &settings) {
        Err(_) => return internal_error(),
        // The session ran out between the two statements.
        Ok(false) => return status_answer(StatusCode::OK, PreviewStatus::Unauthorized),
        Ok(true) => {}
    }
    let mut response = status_answer(StatusCode::OK, PreviewStatus::Success);
    set_cookie(
        &mut response,
        &format!(
            "{PREVIEW_TOKEN_COOKIE}={}; Path=/; SameSite=Lax",
            random_token()
        ),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::forms::{PreviewRequest, preview_token_path};

    #[test]
    fn the_parameters_are_the_cores() {
        let request = PreviewRequest {
            date_time: "2026-11-25T10:30".into(),
            test: Some("checkout-button".into()),
            group: Some("green".into()),
            promotion_ids: Vec::new(),
            all_of_tags: Vec::new(),
            any_of_tags: Vec::new(),
            none_of_tags: Vec::new(),
        };
        let path = preview_token_path(&request);
        let (route, query) = path.split_once('?').unwrap_or_default();
        assert_eq!(route, PREVIEW_TOKEN_PATH);
        assert_eq!(param(query, TEST_PARAM).as_deref(), Some("checkout-button"));
        assert_eq!(param(query, GROUP_PARAM).as_deref(), Some("green"));
        assert_eq!(
            param(query, DATE_TIME_PARAM).as_deref(),
            Some("2026-11-25T10:30")
        );
        assert_eq!(
            requested_settings(query),
            Some(StaffSession {
                date_time: Some("2026-11-25T10:30".into()),
                ab_test: Some("checkout-button".into()),
                ab_group: Some("green".into()),
            })
        );
    }

    #[test]
    fn settings_are_refused_or_kept() {
        let table = [
            ("dateTime=2026-11-25T10%3A30", true),
            ("dateTime=2026-11-25T10:30&test=&group=green", true),
            (
                "dateTime=2026-11-25T10:30&test=%20footer-layout%20&group=compact",
                true,
            ),
            ("", false),
            ("dateTime=2026-11-25", false),
            ("dateTime=2026-11-25T10:30:00", false),
            ("dateTime=2026-02-30T10:30", false),
            (
                "dateTime=2026-11-25T10:30&test=christmas-teaser&group=snow",
                false,
            ),
            ("dateTime=2026-11-25T10:30&test=footer-layout", false),
            ("dateTime=2026-11-25T10:30&test=footer-layout&group=", false),
            (
                "dateTime=2026-11-25T10:30&test=footer-layout&group=snow",
                false,
            ),
            ("dateTime=2026-11-25T10:30&test=unknown&group=A", false),
        ];
        for (query, kept) in table {
            assert_eq!(requested_settings(query).is_some(), kept, "{query}");
        }
        assert_eq!(
            requested_settings("dateTime=2026-11-25T10:30&group=green"),
            Some(StaffSession {
                date_time: Some("2026-11-25T10:30".into()),
                ab_test: None,
                ab_group: None,
            })
        );
    }
}
