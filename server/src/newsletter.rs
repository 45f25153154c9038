//! The reference newsletter service (newsletter spec sections 2 "Newsletter sign-up", 3
//! "Newsletter subscription request", 4 "Sign-up response", 5 "Sign-up form", 6, 7 and 8),
//! under both service paths of the core (`service/newsletter/api/internal` and, for a
//! single-page app, `service/newsletter/api/private`):
//!
//! - `POST {base}/newsletter-subscribers` (header `site`, default DE, unknown DE; body the
//!   core's `SignupRequest` as JSON, `Content-Type: application/json`, at most
//!   [`MAX_SIGNUP_BYTES`]): the request is judged with the core's rules for the site
//!   ([`judge`]) and the subscriber stored with status `WAITING_FOR_DOI`; answers
//!   201 `{}` (the token goes only into the confirmation link, printed to stderr and, for tests,
//!   at `GET /service/test/outbox`). An address already signed up on the site gets the same
//!   answer and keeps its one row (see `Store::sign_up`): nobody learns from the answer whether
//!   an address is subscribed.
//! - `GET {base}/newsletter-subscribers/{token}`: 200 the core's `Subscriber` (`{subscriberToken,
//!   email, site, status, subscriptionType, salutation?, firstName?, lastName?, consents,
//!   categories}`), 404 for an unknown token.
//! - `PUT {base}/newsletter-subscribers/{token}`: the core's `SubscriberUpdate` (`{salutation?,
//!   firstName?, lastName?, consents?, categories?}`, each given field replacing the stored one;
//!   categories are the newsletter topics, none meaning all), judged with the rest of the
//!   subscriber like a sign-up on its site; 204, 404 for an unknown token, 400 with the field
//!   errors or for an unknown category. The address and the double opt-in status never change
//!   here.
//! - `PUT {base}/newsletter-subscribers/{token}/doi`: confirms the double opt-in (status
//!   `SUBSCRIBED`), 204; 404 `{"type": "urn:newsletter:doi_invalid"}` for an unknown token.
//! - `GET {site prefix}/subscribenewsletter/confirm?token=TOKEN`, the link of the confirmation
//!   e-mail: confirms like the `PUT` and redirects (303) to the subscriber's site's
//!   `/subscribenewsletter?doi=confirmed`; an unknown or malformed token redirects to the link's
//!   site's `/subscribenewsletter?doi=invalid`, where the form shows the invalid-link banner.
//! - `GET /service/newsletter/api/private/customers/base-data` with the login token in the
//!   [`LOGIN_TOKEN_HEADER`] header (`x-login-token`): the logged-in customer's prefill
//!   `{email, salutation, firstName, lastName, consentsAlreadyGiven}` (`account.rs` holds the
//!   demo accounts' data); 401 without a current login.
//!
//! Tokens name a subscriber on any site: the `site` header of the subscriber calls is not needed
//! to find one. Errors are problem documents (`application/problem+json`)
//! `{"type": URN, "title": TEXT, "status": N}`: `urn:newsletter:email_invalid` (the core's
//! [`INVALID_EMAIL_TYPE`], which the form shows on the e-mail field), `urn:newsletter:bad_request`
//! (with `errors`, the core's field errors, when a rule of the site fails),
//! `urn:newsletter:doi_invalid`, `urn:newsletter:not_found`, `urn:newsletter:unauthorized` and
//! `urn:newsletter:unavailable` (a store failure, or the `newsletter` test fault on the
//! sign-up). A refused request stores nothing. No answer is cached.

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::{get, post, put};
use shop_core::forms::{
    CUSTOMER_BASE_DATA_RESOURCE, Consent, CustomerBaseData, EmailError, INVALID_EMAIL_TYPE,
    NewsletterForm, NewsletterFormErrors, Salutation, SignupRequest, SubscriberUpdate,
    build_signup_request, parse_customer_base_data, signup_service_path, signup_subscribers_path,
    validate_email, validate_newsletter_form,
};
use shop_core::header::links::NEWSLETTER_SIGNUP_PATH;
use shop_core::json::{self, ToJson};
use shop_core::site::Site;

use crate::account::{self, Account, Login, see_other};
use crate::api::{header_site, json_response, param, query_string, request_site};
use crate::app::AppState;
use crate::csrf::valid_token;
use crate::pages::{site_prefix, split_site};
use crate::store::{StoreError, StoredSubscriber};
use crate::visitor::Visitor;
use crate::visitor::random_token;

/// The request header of the base-data call that carries the customer's login token (newsletter
/// spec section 7: "header carrying the login token read from the cookie LoginToken"), the
/// core's constant: `x-login-token`.
pub use shop_core::forms::LOGIN_TOKEN_HEADER;

/// The largest sign-up body read, in bytes (a request is under 1 KiB: an e-mail address of at
/// most 256 characters, two names of at most 40); a larger one is refused with 413.
pub const MAX_SIGNUP_BYTES: usize = 4096;

/// The `type` of a request the service cannot read or whose fields break a rule of the site.
pub const BAD_REQUEST_TYPE: &str = "urn:newsletter:bad_request";

/// The `type` of a double opt-in for an unknown token.
pub const DOI_INVALID_TYPE: &str = "urn:newsletter:doi_invalid";

/// The `type` of an unknown subscriber token.
pub const NOT_FOUND_TYPE: &str = "urn:newsletter:not_found";

/// The `type` of a base-data call without a current login.
pub const UNAUTHORIZED_TYPE: &str = "urn:newsletter:unauthorized";

/// The `type` of a failure of the service (the store, or the `newsletter` test fault).
pub const UNAVAILABLE_TYPE: &str = "urn:newsletter:unavailable";

/// The path of the double opt-in link below a site's prefix.
pub const CONFIRM_LINK_PATH: &str = "/subscribenewsletter/confirm";

/// The confirmation link's query parameter holding the subscriber token.
pub const CONFIRM_TOKEN_PARAM: &str = "token";

// The sign-up page's `doi` parameter and its values are the core's (`forms::DOI_PARAM`, ...).
use shop_core::forms::{DOI_CONFIRMED, DOI_INVALID, DOI_PARAM};

/// The subscribers resource of a service path: `/service/newsletter/api/internal/newsletter-subscribers`,
/// or `.../private/...` for a single-page app.
pub fn subscribers_route(single_page_app: bool) -> String {
    ["/", &signup_subscribers_path(single_page_app)].concat()
}

/// `/service/newsletter/api/private/customers/base-data`.
pub fn base_data_route() -> String {
    [
        "/",
        signup_service_path(true),
        "/",
        CUSTOMER_BASE_DATA_RESOURCE,
    ]
    .concat()
}

/// The confirmation link's path on every site (`/subscribenewsletter/confirm`,
/// `/at/subscribenewsletter/confirm`, ..., and `/de/...`, which is DE too).
pub fn confirm_link_routes() -> Vec<String> {
    crate::pages::on_every_site(CONFIRM_LINK_PATH)
}

/// Where a confirmation link sends the visitor: the site's sign-up page with
/// `?doi=confirmed` or `?doi=invalid`.
pub fn confirm_target(site: Site, confirmed: bool) -> String {
    let outcome = if confirmed {
        DOI_CONFIRMED
    } else {
        DOI_INVALID
    };
    [
        site_prefix(site).as_str(),
        NEWSLETTER_SIGNUP_PATH,
        "?",
        DOI_PARAM,
        "=",
        outcome,
    ]
    .concat()
}

/// The newsletter service's routes.
pub fn routes() -> Router<AppState> {
    let mut router = Router::new().route(&base_data_route(), get(get_base_data));
    for single_page_app in [false, true] {
        let subscribers = subscribers_route(single_page_app);
        router = router
            .route(
                &subscribers,
                post(sign_up).layer(DefaultBodyLimit::max(MAX_SIGNUP_BYTES)),
            )
            .route(
                &[subscribers.as_str(), "/{token}"].concat(),
                get(get_subscriber)
                    .put(update_subscriber)
                    .layer(DefaultBodyLimit::max(MAX_SIGNUP_BYTES)),
            )
            .route(
                &[subscribers.as_str(), "/{token}/doi"].concat(),
                put(confirm_doi),
            );
    }
    // A method the service does not take: its problem document (set before the confirmation
    // links, which are pages and get the shop's own 405).
    router = router.method_not_allowed_fallback(method_not_allowed);
    for path in confirm_link_routes() {
        router = router.route(&path, get(open_confirm_link));
    }
    router
}

/// 405 for a method the service's address does not take (axum's own answer is empty).
async fn method_not_allowed(method: Method) -> Response {
    problem(
        StatusCode::METHOD_NOT_ALLOWED,
        BAD_REQUEST_TYPE,
        &crate::api::method_not_allowed_message(&method),
        None,
    )
}

/// An error answer: a problem document, never cached.
fn problem(
    status: StatusCode,
    kind: &str,
    title: &str,
    errors: Option<&NewsletterFormErrors>,
) -> Response {
    let mut body = String::from("{\"type\":");
    json::write_str(&mut body, kind);
    body.push_str(",\"title\":");
    json::write_str(&mut body, title);
    body.push_str(",\"status\":");
    body.push_str(&status.as_u16().to_string());
    if let Some(errors) = errors {
        body.push_str(",\"errors\":");
        body.push_str(&json::to_string(errors));
    }
    body.push('}');
    let mut response = json_response(status, body);
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/problem+json; charset=utf-8"),
    );
    response
}

fn bad_request(status: StatusCode, title: &str) -> Response {
    problem(status, BAD_REQUEST_TYPE, title, None)
}

fn unavailable(title: &str) -> Response {
    problem(
        StatusCode::INTERNAL_SERVER_ERROR,
        UNAVAILABLE_TYPE,
        title,
        None,
    )
}

/// Why a sign-up is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The e-mail rule fails: `urn:newsletter:email_invalid`.
    Email(EmailError),
    /// Another rule of the site fails: `urn:newsletter:bad_request` with the field errors.
    Fields(NewsletterFormErrors),
}

/// Judges a sign-up with the core's rules for the site, as the form does before sending it:
/// the e-mail rule (`validate_email`) first, then `validate_newsletter_form` over what the
/// request carries: the salutation the site requires, the names it requires and the name rules
/// of the names it shows. The request carries no legals (the TR checkbox is a precondition of
/// the form that `build_signup_request` leaves out), so that rule is not judged here. Fields
/// the site hides are not judged, as in the form.
///
/// The accepted request comes back as the core writes it for the site (`build_signup_request`:
/// trimmed, fields the site hides left out, consents once each) with the e-mail address
/// lowercased.
pub fn judge(site: Site, request: &SignupRequest) -> Result<SignupRequest, Refusal> {
    if let Some(error) = validate_email(&request.email) {
        return Err(Refusal::Email(error));
    }
    let form = NewsletterForm {
        email: request.email.clone(),
        salutation: request.salutation,
        first_name: request.first_name.clone().unwrap_or_default(),
        last_name: request.last_name.clone().unwrap_or_default(),
        consents: request.consents.clone(),
        legals: Vec::new(),
    };
    let errors = NewsletterFormErrors {
        legals: None,
        ..validate_newsletter_form(site, &form)
    };
    if !errors.is_valid() {
        return Err(Refusal::Fields(errors));
    }
    let mut accepted =
        build_signup_request(site, &form, request.origin, &request.origin_addition, &[]);
    // validate_email accepts ASCII addresses only: this lowercases the whole address.
    accepted.email = accepted.email.to_ascii_lowercase();
    Ok(accepted)
}

/// A JSON body of at most [`MAX_SIGNUP_BYTES`] read as `T`, or the answer that refuses it: 413
/// when larger, 415 when not sent as `application/json`, 400 when not UTF-8 or not `what`.
fn read_json_body<T: shop_core::json::FromJson>(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    what: &str,
) -> Result<T, Box<Response>> {
    let refuse = |status: StatusCode, title: &str| Box::new(bad_request(status, title));
    let body = body.map_err(|rejection| {
        refuse(
            rejection.status(),
            "the body cannot be read or is larger than 4 KiB",
        )
    })?;
    if body.len() > MAX_SIGNUP_BYTES {
        return Err(refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the body is larger than 4 KiB",
        ));
    }
    if !crate::api::has_content_type(headers, "application/json") {
        return Err(refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &["send ", what, " as application/json"].concat(),
        ));
    }
    let text = std::str::from_utf8(&body)
        .map_err(|_| refuse(StatusCode::BAD_REQUEST, "the body is not UTF-8"))?;
    json::from_str(text).map_err(|error| {
        let message: String = error.message().chars().take(200).collect();
        refuse(
            StatusCode::BAD_REQUEST,
            &["not ", what, ": ", &message].concat(),
        )
    })
}

/// `POST {base}/newsletter-subscribers`.
pub async fn sign_up(
    State(state): State<AppState>,
    visitor: Visitor,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: SignupRequest =
        match read_json_body(&headers, body, "a newsletter subscription request") {
            Ok(request) => request,
            Err(refused) => return *refused,
        };
    if state.faults.newsletter() {
        return unavailable("the newsletter service fails (test fault)");
    }
    let site = header_site(&headers);
    let accepted = match judge(site, &request) {
        Ok(accepted) => accepted,
        Err(Refusal::Email(_)) => {
            return problem(
                StatusCode::BAD_REQUEST,
                INVALID_EMAIL_TYPE,
                "the e-mail address is not valid",
                None,
            );
        }
        Err(Refusal::Fields(errors)) => {
            return problem(
                StatusCode::BAD_REQUEST,
                BAD_REQUEST_TYPE,
                "the sign-up breaks a rule of the site's form",
                Some(&errors),
            );
        }
    };
    if store_signup(&state, site, &accepted, visitor.known_id()).is_err() {
        return unavailable("the subscriber cannot be stored");
    }
    // No token in the answer (spec: "Success body not shown"): only the e-mail's link confirms.
    json_response(StatusCode::CREATED, "{}".to_owned())
}

/// Stores an accepted sign-up (the service's and the sign-up page's form without JavaScript) and
/// "sends" its confirmation e-mail: this server sends none, it prints the link for whoever runs
/// it locally (tests read it from the outbox). `visitor` is the visitor id the browser came with.
pub fn store_signup(
    state: &AppState,
    site: Site,
    accepted: &SignupRequest,
    visitor: Option<&str>,
) -> Result<(), crate::store::StoreError> {
    let token = state
        .store
        .sign_up(&random_token(), site, accepted, visitor)?;
    eprintln!(
        "[newsletter] confirmation link for a sign-up on {}: {}",
        site.code(),
        confirm_link(site, &token)
    );
    Ok(())
}

/// The confirmation link of a token, under the site's prefix.
pub fn confirm_link(site: Site, token: &str) -> String {
    [
        crate::pages::site_prefix(site).as_str(),
        CONFIRM_LINK_PATH,
        "?",
        CONFIRM_TOKEN_PARAM,
        "=",
        token,
    ]
    .concat()
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct OutboxAnswer {
    confirm_link: String,
}

/// `GET /service/test/outbox?site=&email=` (only with `SHOP_TEST_FAULTS=1`): the confirmation
/// link the sign-up of that address would have e-mailed; 404 when there is none.
pub async fn outbox(State(state): State<AppState>, uri: Uri) -> Response {
    let query = uri.query().unwrap_or("");
    let site = param(query, "site").map_or(Site::De, |code| Site::from_code_or_default(&code));
    let email = param(query, "email").unwrap_or_default();
    match state.store.subscriber_token(site, &email) {
        Ok(Some(token)) => json_response(
            StatusCode::OK,
            json::to_string(&OutboxAnswer {
                confirm_link: confirm_link(site, &token),
            }),
        ),
        Ok(None) => problem(
            StatusCode::NOT_FOUND,
            NOT_FOUND_TYPE,
            "no such subscriber",
            None,
        ),
        Err(_) => unavailable("the subscribers cannot be read"),
    }
}

/// The stored subscriber of a token; `None` for an unknown or malformed token.
fn stored_subscriber(
    state: &AppState,
    token: &str,
) -> Result<Option<StoredSubscriber>, StoreError> {
    if !valid_token(token) {
        return Ok(None);
    }
    state.store.subscriber(token)
}

fn unknown_subscriber() -> Response {
    problem(
        StatusCode::NOT_FOUND,
        NOT_FOUND_TYPE,
        "no subscriber has this token",
        None,
    )
}

/// `GET {base}/newsletter-subscribers/{token}`: the core's `Subscriber`.
pub async fn get_subscriber(
    State(state): State<AppState>,
    token: Result<Path<String>, PathRejection>,
) -> Response {
    // A token that is not text (bytes that are not UTF-8) is no subscriber's.
    let Ok(Path(token)) = token else {
        return unknown_subscriber();
    };
    match stored_subscriber(&state, &token) {
        Ok(Some(stored)) => json_response(StatusCode::OK, json::to_string(&stored.subscriber)),
        Ok(None) => unknown_subscriber(),
        Err(_) => unavailable("the subscribers cannot be read"),
    }
}

/// `PUT {base}/newsletter-subscribers/{token}`: the core's `SubscriberUpdate`. The subscriber as
/// updated is judged like a sign-up on its site ([`judge`]); fields the site does not show are
/// dropped, an empty name clears it. Answers 204; 404 for an unknown token; 400 with the field
/// errors when a rule fails; 413, 415 and 400 for a body that is too large, not JSON or not an
/// update. A refused update changes nothing.
pub async fn update_subscriber(
    State(state): State<AppState>,
    token: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let Ok(Path(token)) = token else {
        return unknown_subscriber();
    };
    let update: SubscriberUpdate = match read_json_body(&headers, body, "an update") {
        Ok(update) => update,
        Err(refused) => return *refused,
    };
    if state.faults.newsletter() {
        return unavailable("the newsletter service fails (test fault)");
    }
    if !valid_token(&token) {
        return unknown_subscriber();
    }
    // Read, judged and written as one step: an update sent at the same time as another (or as a
    // repeated sign-up) keeps what that one stored in the fields this one does not name.
    let changed = state.store.change_subscriber(&token, |stored| {
        let current = stored.as_signup_request();
        let categories = update
            .categories
            .unwrap_or_else(|| stored.subscriber.categories.clone());
        let updated = SignupRequest {
            salutation: update.salutation.or(current.salutation),
            first_name: update.first_name.or(current.first_name),
            last_name: update.last_name.or(current.last_name),
            consents: update.consents.unwrap_or(current.consents),
            ..current
        };
        judge(stored.subscriber.site, &updated).map(|accepted| (accepted, categories))
    });
    match changed {
        Ok(Some(Ok(()))) => crate::api::no_content(),
        Ok(None) => unknown_subscriber(),
        Ok(Some(Err(Refusal::Email(_)))) => {
            bad_request(StatusCode::BAD_REQUEST, "the stored address is not valid")
        }
        Ok(Some(Err(Refusal::Fields(errors)))) => problem(
            StatusCode::BAD_REQUEST,
            BAD_REQUEST_TYPE,
            "the update breaks a rule of the site's form",
            Some(&errors),
        ),
        Err(_) => unavailable("the subscriber cannot be stored"),
    }
}

/// Confirms the double opt-in of a token: the subscriber's site, `None` for an unknown or
/// malformed token.
fn confirm(state: &AppState, token: &str) -> Result<Option<Site>, StoreError> {
    if !valid_token(token) {
        return Ok(None);
    }
    state.store.confirm_subscriber(token)
}

fn confirm_failed() -> Response {
    unavailable("the double opt-in cannot be stored")
}

/// `PUT {base}/newsletter-subscribers/{token}/doi`.
pub async fn confirm_doi(
    State(state): State<AppState>,
    token: Result<Path<String>, PathRejection>,
) -> Response {
    let confirmed = match token {
        Ok(Path(token)) => confirm(&state, &token),
        // Not text (bytes that are not UTF-8): no link's token.
        Err(_) => Ok(None),
    };
    match confirmed {
        Ok(Some(_)) => crate::api::no_content(),
        Ok(None) => problem(
            StatusCode::NOT_FOUND,
            DOI_INVALID_TYPE,
            "the double opt-in link is no longer valid",
            None,
        ),
        Err(_) => confirm_failed(),
    }
}

/// `GET {site prefix}/subscribenewsletter/confirm?token=`: the confirmation e-mail's link.
/// The browser that opens it is remembered as having confirmed (its `/json/psdata`).
pub async fn open_confirm_link(
    State(state): State<AppState>,
    visitor: Visitor,
    uri: Uri,
) -> Response {
    let (link_site, _) = split_site(uri.path());
    let token = query_string(uri.query())
        .and_then(|query| param(query, CONFIRM_TOKEN_PARAM))
        .unwrap_or_default();
    match confirm(&state, &token) {
        Ok(Some(site)) => {
            // The confirmation stands even when this browser cannot be remembered.
            let _ = state
                .store
                .remember_visitor_confirmation(&visitor.id, &token);
            visitor.with_cookie(see_other(&confirm_target(site, true)))
        }
        Ok(None) => see_other(&confirm_target(link_site, false)),
        Err(_) => confirm_failed(),
    }
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct BaseDataAnswer {
    email: &'static str,
    salutation: Salutation,
    first_name: &'static str,
    last_name: &'static str,
    consents_already_given: Vec<Consent>,
}

/// `GET /service/newsletter/api/private/customers/base-data`: the login token in the
/// [`LOGIN_TOKEN_HEADER`] (as the spec has it: read from the `LoginToken` cookie by the page), or,
/// since this server keeps that cookie `HttpOnly`, the cookie itself when the request repeats the
/// `csrf` cookie in `x-csrf-token` (double submit, as the personal data): another site can make
/// the browser send the cookie but cannot write the header.
pub async fn get_base_data(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let from_header = headers
        .get(LOGIN_TOKEN_HEADER)
        .and_then(|value| value.to_str().ok())
        .and_then(|token| account::login_of_token(&state, token));
    let by_cookie = from_header.is_none() && crate::csrf::double_submitted(&headers);
    let login = from_header.or_else(|| {
        by_cookie
            .then(|| account::current_login(&state, &headers))
            .flatten()
    });
    // A page of this shop asking for a visitor who is not logged in: there is no prefill,
    // which is no error (the sign-up page asks on every visit).
    if login.is_none() && by_cookie && headers.get(LOGIN_TOKEN_HEADER).is_none() {
        return crate::api::no_content();
    }
    let Some(login) = login else {
        return problem(
            StatusCode::UNAUTHORIZED,
            UNAUTHORIZED_TYPE,
            "send a current login token in the x-login-token header, or the login cookie with the csrf cookie's value in x-csrf-token",
            None,
        );
    };
    json_response(StatusCode::OK, base_data_body(login.account))
}

/// The base-data answer of a customer: `{email, salutation, firstName, lastName,
/// consentsAlreadyGiven}`.
fn base_data_body(customer: &Account) -> String {
    json::to_string(&BaseDataAnswer {
        email: customer.email,
        salutation: customer.salutation,
        first_name: customer.firstname,
        last_name: customer.lastname,
        consents_already_given: customer.consents_already_given.to_vec(),
    })
}

/// The logged-in customer's base data as the sign-up form reads it: the answer of the base-data
/// call above, read by the core's `parse_customer_base_data` (as the newsletter fragment reads
/// it): the sign-up page's own form (`signup_form.rs`) is prefilled from the same data.
pub fn customer_base_data(login: Option<Login>) -> Option<CustomerBaseData> {
    parse_customer_base_data(&base_data_body(login?.account))
}

/// The site a visitor-data request (`/json/psdata`) is for: the `site` query parameter or
/// header when the request names one (unknown codes are DE); else the site of the page that
/// asks, from the path prefix of a `Referer` on this origin (the footer fragment calls it
/// without a site); else DE.
pub fn visitor_site(query: &str, headers: &HeaderMap) -> Site {
    if param(query, "site").is_some() || headers.contains_key("site") {
        return request_site(query, headers);
    }
    referer_site(headers).unwrap_or(Site::De)
}

/// The site of a same-origin `Referer`.
fn referer_site(headers: &HeaderMap) -> Option<Site> {
    let referer = headers.get(header::REFERER)?.to_str().ok()?;
    let below = crate::api::below_own_origin(referer, headers)?;
    let path = below.split(['?', '#']).next().unwrap_or_default();
    Some(split_site(if path.is_empty() { "/" } else { path }).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::forms::{FieldError, Origin};

    fn request(email: &str, first: Option<&str>, last: Option<&str>) -> SignupRequest {
        SignupRequest {
            email: email.to_owned(),
            salutation: None,
            first_name: first.map(str::to_owned),
            last_name: last.map(str::to_owned),
            consents: vec![Consent::Dne, Consent::Dne],
            origin: Origin::Newsletter,
            origin_addition: " footer ".to_owned(),
        }
    }

    #[test]
    fn the_email_rule_comes_first() {
        for email in [
            "",
            "  ",
            "anna",
            "anna@localhost",
            "a@b.c",
            "änna@example.com",
        ] {
            assert!(
                matches!(
                    judge(Site::Hu, &request(email, None, None)),
                    Err(Refusal::Email(_))
                ),
                "{email:?}"
            );
        }
        let long = ["a".repeat(250), "@example.com".to_owned()].concat();
        assert_eq!(
            judge(Site::De, &request(&long, None, None)),
            Err(Refusal::Email(EmailError::TooLong))
        );
    }

    #[test]
    fn the_sites_required_fields_are_judged_but_not_the_legals() {
        // site, names given, accepted
        let table = [
            (Site::De, false, true),
            (Site::At, false, true),
            (Site::Hu, false, false),
            (Site::Tr, false, false),
            (Site::Tr, true, true),
            (Site::Cz, false, true),
        ];
        for (site, names, accepted) in table {
            let (first, last) = if names {
                (Some("Ayşe"), Some("Yılmaz"))
            } else {
                (None, None)
            };
            let judged = judge(site, &request("a@example.com", first, last));
            assert_eq!(judged.is_ok(), accepted, "{site:?} {names}: {judged:?}");
        }
        // HU needs a salutation too.
        let mut hungarian = request("a@example.com", Some("Anna"), Some("Kovács"));
        assert_eq!(
            judge(Site::Hu, &hungarian),
            Err(Refusal::Fields(NewsletterFormErrors {
                salutation: Some(FieldError::Required),
                ..NewsletterFormErrors::default()
            }))
        );
        hungarian.salutation = Some(Salutation::Mrs);
        assert!(judge(Site::Hu, &hungarian).is_ok());
    }

    #[test]
    fn names_are_judged_where_the_site_shows_them() {
        let web = request("a@example.com", Some("www.spam.example"), None);
        assert_eq!(
            judge(Site::At, &web),
            Err(Refusal::Fields(NewsletterFormErrors {
                first_name: Some(FieldError::InvalidCharacters),
                ..NewsletterFormErrors::default()
            }))
        );
        // DE hides the names: not judged, and not kept.
        let accepted = judge(Site::De, &web);
        assert_eq!(accepted.map(|request| request.first_name), Ok(None));
    }

    #[test]
    fn the_accepted_request_is_the_cores() {
        let mut given = request("  Anna.Kovacs@Example.COM ", Some(" Anna "), Some(""));
        given.salutation = Some(Salutation::Mrs);
        assert_eq!(
            judge(Site::At, &given),
            Ok(SignupRequest {
                email: "anna.kovacs@example.com".to_owned(),
                salutation: Some(Salutation::Mrs),
                first_name: Some("Anna".to_owned()),
                last_name: None,
                consents: vec![Consent::Dne],
                origin: Origin::Newsletter,
                origin_addition: "footer".to_owned(),
            })
        );
        // DE hides the salutation.
        assert_eq!(
            judge(Site::De, &given).map(|request| request.salutation),
            Ok(None)
        );
    }

    #[test]
    fn paths_come_from_the_core() {
        assert_eq!(
            subscribers_route(false),
            "/service/newsletter/api/internal/newsletter-subscribers"
        );
        assert_eq!(
            subscribers_route(true),
            "/service/newsletter/api/private/newsletter-subscribers"
        );
        assert_eq!(
            base_data_route(),
            "/service/newsletter/api/private/customers/base-data"
        );
        assert_eq!(LOGIN_TOKEN_HEADER, "x-login-token");
        let routes = confirm_link_routes();
        assert_eq!(routes.len(), Site::ALL.len() + 1);
        for path in [
            "/subscribenewsletter/confirm",
            "/at/subscribenewsletter/confirm",
            "/ch-fr/subscribenewsletter/confirm",
            "/de/subscribenewsletter/confirm",
        ] {
            assert!(routes.iter().any(|route| route == path), "{path}");
        }
        assert_eq!(
            confirm_target(Site::De, true),
            "/subscribenewsletter?doi=confirmed"
        );
        assert_eq!(
            confirm_target(Site::ChFr, false),
            "/ch-fr/subscribenewsletter?doi=invalid"
        );
    }

    #[test]
    fn the_visitor_site() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.insert(*name, HeaderValue::from_static(value));
            }
            map
        };
        let own = ("host", "localhost:8080");
        let table: [(&str, HeaderMap, Site); 9] = [
            ("", headers(&[]), Site::De),
            ("site=AT", headers(&[]), Site::At),
            ("", headers(&[("site", "TR")]), Site::Tr),
            ("", headers(&[("site", "XX")]), Site::De),
            (
                "",
                headers(&[own, ("referer", "http://localhost:8080/hu/p/1?x=1")]),
                Site::Hu,
            ),
            (
                "",
                headers(&[own, ("referer", "http://localhost:8080/ch-fr")]),
                Site::ChFr,
            ),
            (
                "",
                headers(&[own, ("referer", "http://localhost:8080/")]),
                Site::De,
            ),
            (
                "",
                headers(&[own, ("referer", "http://evil.example/hu/")]),
                Site::De,
            ),
            (
                "",
                headers(&[
                    own,
                    ("site", "PL"),
                    ("referer", "http://localhost:8080/hu/"),
                ]),
                Site::Pl,
            ),
        ];
        for (query, headers, site) in table {
            assert_eq!(visitor_site(query, &headers), site, "{query} {headers:?}");
        }
    }
}
