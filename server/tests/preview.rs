//! The staff preview service: the local staff login (`/staff`) with its `HttpOnly` session
//! cookie and the page's `staffAuth` marker, the auth check, its renewal and the logout, the A/B
//! tests active at a date-time, the preview token call with its CSRF double submit and the
//! `preview` test fault.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Answer, Shop, list, text};
use shop_core::content::PreviewStatus;
use shop_core::content::abtest::{
    AB_TESTS_AT_PATH, CHECK_AUTH_PATH, LOGOUT_PATH, RENEW_AUTH_PATH, STAFF_AUTH_COOKIE,
    ab_tests_at_path, parse_ab_tests, parse_check_auth, preview_panel_visible,
};
use shop_core::content::promotion::PREVIEW_TOKEN_COOKIE;
use shop_core::forms::{
    PREVIEW_TOKEN_PATH, PreviewForm, build_preview_request, preview_token_path,
};
use shop_server::csrf::{CSRF_COOKIE, CSRF_HEADER};
use shop_server::preview::{STAFF_LOGIN_PATH, STAFF_SESSION_COOKIE};
use shop_server::store::{DATABASE_FILE, STAFF_SESSION_SECONDS};

/// A request header.
type Header = (&'static str, &'static str);

const FORM: Header = ("content-type", "application/x-www-form-urlencoded");

fn database(shop: &Shop) -> rusqlite::Connection {
    rusqlite::Connection::open(shop.data_dir.join(DATABASE_FILE))
        .unwrap_or_else(|error| panic!("{error}"))
}

/// Runs one statement on the database (a test's way to let a session run out).
fn execute(shop: &Shop, sql: &str) {
    database(shop)
        .execute(sql, [])
        .unwrap_or_else(|error| panic!("{error}"));
}

/// An integer the database computes.
fn number(shop: &Shop, sql: &str) -> i64 {
    database(shop)
        .query_row(sql, [], |row| row.get(0))
        .unwrap_or_else(|error| panic!("{error}"))
}

/// Signs in as the demo staff user; returns the session's token (the `staffSession` cookie).
async fn staff_login(shop: &mut Shop) -> String {
    let answer = shop.send("POST", STAFF_LOGIN_PATH, &[FORM], "").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(
        shop.cookies.get(STAFF_AUTH_COOKIE).map(String::as_str),
        Some("1"),
        "the page's marker"
    );
    shop.cookies
        .get(STAFF_SESSION_COOKIE)
        .cloned()
        .unwrap_or_else(|| panic!("no staff session cookie"))
}

/// Loads a page so the jar holds the `csrf` cookie the pages set; returns its value.
async fn csrf(shop: &mut Shop) -> String {
    if !shop.cookies.contains_key(CSRF_COOKIE) {
        let page = shop.get("/").await;
        assert_eq!(page.status, StatusCode::OK);
    }
    shop.cookies
        .get(CSRF_COOKIE)
        .cloned()
        .unwrap_or_else(|| panic!("no csrf cookie"))
}

/// The preview token call as the panel makes it: the page's `csrf` cookie repeated in the
/// `x-csrf-token` header (double submit).
async fn token_call(shop: &mut Shop, path: &str) -> Answer {
    let token = csrf(shop).await;
    shop.get_with(path, &[(CSRF_HEADER, &token)]).await
}

async fn check_auth(shop: &mut Shop) -> Answer {
    let answer = shop.get(CHECK_AUTH_PATH).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    answer
}

/// The preview token call as the panel's core writes it from the form.
fn token_path(date: &str, time: &str, test: Option<&str>, group: Option<&str>) -> String {
    let form = PreviewForm {
        date: date.into(),
        time: time.into(),
        ab_test: test.map(str::to_owned),
        ab_group: group.map(str::to_owned),
        ..PreviewForm::default()
    };
    let request = build_preview_request(&form, 0).unwrap_or_else(|error| panic!("{error:?}"));
    preview_token_path(&request)
}

fn status(answer: &Answer) -> String {
    text(&answer.json(), &["status"]).to_owned()
}

/// Applies preview settings as the panel does, and checks that they were applied.
async fn apply_preview(
    shop: &mut Shop,
    date: &str,
    time: &str,
    test: Option<&str>,
    group: Option<&str>,
) {
    let applied = token_call(shop, &token_path(date, time, test, group)).await;
    assert_eq!(
        status(&applied),
        "SUCCESS",
        "{date} {time} {test:?} {group:?}"
    );
}

/// Applies the preview of 2026-11-25 10:30 with the test `footer-layout`, group `compact` (a
/// test active then), and checks that it was applied.
async fn apply_footer_layout_compact(shop: &mut Shop) {
    apply_preview(
        shop,
        "2026-11-25",
        "10:30",
        Some("footer-layout"),
        Some("compact"),
    )
    .await;
}

/// The names of the tests `gettestsat` answers for a date-time.
async fn active_tests(shop: &mut Shop, date_time: &str) -> Vec<String> {
    let answer = shop.get(&ab_tests_at_path(date_time)).await;
    assert_eq!(answer.status, StatusCode::OK, "{date_time}");
    assert_eq!(answer.header("cache-control"), "no-store");
    parse_ab_tests(&answer.body)
        .unwrap_or_else(|| panic!("not a test list: {}", answer.body))
        .into_iter()
        .map(|test| test.name)
        .collect()
}

/// A staff member who signs in gets a session cookie no page script can read and a `staffAuth=1`
/// marker the page can see; the marker holds no secret.
#[tokio::test]
async fn the_local_staff_login_sets_the_session_and_the_marker_cookies() {
    let mut shop = Shop::open("preview-staff-login", false);
    let page = shop
        .get("/staff?redirect=/at/kaffee%22%3E%3Cscript%3E")
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.header("cache-control"), "no-store");
    assert!(page.header("content-type").starts_with("text/html"));
    assert!(
        page.header("content-security-policy")
            .contains("form-action 'self'")
    );
    assert!(
        page.body
            .contains("<form action=\"/staff\" method=\"post\">")
    );
    assert!(page.body.contains("local stand-in"));
    assert!(page.body.contains("Not signed in as staff."));
    // The redirect travels in the form, escaped.
    assert!(!page.body.contains("<script>"));
    assert!(
        page.body
            .contains("name=\"redirect\" value=\"/at/kaffee&quot;&gt;&lt;script&gt;\"")
    );

    let answer = shop.send("POST", STAFF_LOGIN_PATH, &[FORM], "").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.header("location"), "/");
    // The session cookie: HttpOnly, for the whole site, until the browser closes.
    let session = answer
        .set_cookie(STAFF_SESSION_COOKIE)
        .unwrap_or_else(|| panic!("no staff session cookie"));
    assert!(
        session.contains("Path=/") && session.contains("SameSite=Lax"),
        "{session}"
    );
    assert!(session.contains("HttpOnly"), "no page script reads it");
    assert!(
        !session.contains("Max-Age") && !session.contains("Expires"),
        "{session}"
    );
    // The marker: exactly `1`, and visible to the page.
    let marker = answer
        .set_cookie(STAFF_AUTH_COOKIE)
        .unwrap_or_else(|| panic!("no staff auth cookie"));
    assert!(
        marker.starts_with(&format!("{STAFF_AUTH_COOKIE}=1;")),
        "{marker}"
    );
    assert!(
        marker.contains("Path=/") && marker.contains("SameSite=Lax"),
        "{marker}"
    );
    assert!(!marker.contains("HttpOnly"), "the page sees that it exists");
    assert!(
        !marker.contains("Max-Age") && !marker.contains("Expires"),
        "{marker}"
    );
    assert_eq!(
        shop.cookies.get(STAFF_AUTH_COOKIE).map(String::as_str),
        Some("1")
    );
    let token = shop
        .cookies
        .get(STAFF_SESSION_COOKIE)
        .cloned()
        .unwrap_or_default();
    assert_eq!(token.len(), 32);
    assert!(
        token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        "{token}"
    );
    assert_eq!(
        number(
            &shop,
            &format!("SELECT expires_at - created_at FROM staff_sessions WHERE token = '{token}'")
        ),
        STAFF_SESSION_SECONDS
    );
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 1);
    let page = shop.get(STAFF_LOGIN_PATH).await;
    assert!(page.body.contains("Signed in as Demo Staff."));

    // A new login replaces the session; a local redirect is followed, another is not.
    let answer = shop
        .send(
            "POST",
            STAFF_LOGIN_PATH,
            &[FORM],
            "redirect=%2Fat%2Fkaffee%3Fx%3D1",
        )
        .await;
    assert_eq!(answer.header("location"), "/at/kaffee?x=1");
    assert_ne!(shop.cookies.get(STAFF_SESSION_COOKIE), Some(&token));
    assert_eq!(
        shop.cookies.get(STAFF_AUTH_COOKIE).map(String::as_str),
        Some("1")
    );
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 1);
    let answer = shop
        .send("POST", "/staff?redirect=/showcase", &[FORM], "")
        .await;
    assert_eq!(answer.header("location"), "/showcase");
    for redirect in [
        "%2F%2Fevil.example%2F",
        "https%3A%2F%2Fevil.example%2F",
        "kaffee",
    ] {
        let answer = shop
            .send(
                "POST",
                STAFF_LOGIN_PATH,
                &[FORM],
                &format!("redirect={redirect}"),
            )
            .await;
        assert_eq!(answer.header("location"), "/", "{redirect}");
    }

    // Another origin's form, or another content type, is refused and sets nothing.
    let mut other = Shop::open("preview-staff-login-other", false);
    let refused = other
        .send(
            "POST",
            STAFF_LOGIN_PATH,
            &[
                FORM,
                ("origin", "http://evil.example"),
                ("host", "localhost:8080"),
            ],
            "",
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(number(&other, "SELECT count(*) FROM staff_sessions"), 0);
    let same = other
        .send(
            "POST",
            STAFF_LOGIN_PATH,
            &[
                FORM,
                ("origin", "http://localhost:8080"),
                ("host", "localhost:8080"),
            ],
            "",
        )
        .await;
    assert_eq!(same.status, StatusCode::SEE_OTHER);
    assert!(same.set_cookie(STAFF_SESSION_COOKIE).is_some());
    let json = Shop::open("preview-staff-login-json", false)
        .send(
            "POST",
            STAFF_LOGIN_PATH,
            &[("content-type", "application/json")],
            "{}",
        )
        .await;
    assert_eq!(json.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    for name in [STAFF_SESSION_COOKIE, STAFF_AUTH_COOKIE] {
        assert!(json.set_cookie(name).is_none(), "{name}");
        assert!(refused.set_cookie(name).is_none(), "{name}");
    }
}

/// Signing in again (say, in the same browser after a while) ends the first session: its token
/// no longer works anywhere, while the new one does. Another browser's login leaves it alone.
#[tokio::test]
async fn a_second_staff_login_ends_the_first_session() {
    let mut shop = Shop::open("preview-second-login", false);
    let first = staff_login(&mut shop).await;
    apply_footer_layout_compact(&mut shop).await;

    let second = staff_login(&mut shop).await;
    assert_ne!(second, first);
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 1);
    assert_eq!(
        number(
            &shop,
            &format!("SELECT count(*) FROM staff_sessions WHERE token = '{first}'")
        ),
        0
    );
    // The new session works and starts without the old preview settings.
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);
    assert_eq!(
        shop.get(RENEW_AUTH_PATH).await.status,
        StatusCode::NO_CONTENT
    );

    // The first token is no session any more.
    shop.cookies
        .insert(STAFF_SESSION_COOKIE.into(), first.clone());
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"UNAUTHORIZED"}"#
    );
    assert_eq!(
        shop.get(RENEW_AUTH_PATH).await.status,
        StatusCode::UNAUTHORIZED
    );
    let answer = token_call(&mut shop, &token_path("2026-11-25", "10:30", None, None)).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);
    assert!(answer.set_cookie(PREVIEW_TOKEN_COOKIE).is_none());

    // The second one still is.
    shop.cookies
        .insert(STAFF_SESSION_COOKIE.into(), second.clone());
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);

    // A login from another browser (without this one's cookie) starts a session of its own.
    let mine = std::mem::take(&mut shop.cookies);
    let elsewhere = staff_login(&mut shop).await;
    shop.cookies = mine;
    assert_ne!(elsewhere, second);
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 2);
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);
}

/// A login that cannot be stored leaves the staff member signed in with the session they had:
/// the previous session ends only once the new one is stored.
#[tokio::test]
async fn a_login_that_cannot_be_stored_keeps_the_current_session() {
    let mut shop = Shop::open("preview-login-not-stored", false);
    let token = staff_login(&mut shop).await;
    execute(
        &shop,
        "CREATE TRIGGER refuse_staff_sessions BEFORE INSERT ON staff_sessions \
         BEGIN SELECT RAISE(ABORT, 'full'); END",
    );

    let answer = shop.send("POST", STAFF_LOGIN_PATH, &[FORM], "").await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert!(answer.header("location").is_empty());
    for name in [STAFF_SESSION_COOKIE, STAFF_AUTH_COOKIE] {
        assert!(answer.set_cookie(name).is_none(), "{name}");
    }
    assert_eq!(shop.cookies.get(STAFF_SESSION_COOKIE), Some(&token));
    assert_eq!(
        number(
            &shop,
            &format!("SELECT count(*) FROM staff_sessions WHERE token = '{token}'")
        ),
        1
    );
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);

    // Once sessions can be stored again, a login replaces it as usual.
    execute(&shop, "DROP TRIGGER refuse_staff_sessions");
    let next = staff_login(&mut shop).await;
    assert_ne!(next, token);
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 1);
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);
}

/// The staff login page's way back to the shop leads to the local page it was opened for.
#[tokio::test]
async fn the_staff_page_links_back_to_its_local_redirect() {
    let mut shop = Shop::open("preview-staff-page-back", false);
    let page = shop.get("/staff?redirect=/at/kaffee").await;
    assert!(
        page.body.contains("<a href=\"/at/kaffee\">"),
        "{}",
        page.body
    );
    let page = shop.get("/staff?redirect=//evil.example/").await;
    assert!(page.body.contains("<a href=\"/\">"), "{}", page.body);
    assert!(!page.body.contains("evil.example"));
}

/// The staff login page tells a staff member whose session has run out (the cookie still in the
/// browser) that they are not signed in.
#[tokio::test]
async fn the_staff_page_says_signed_in_only_while_the_session_lasts() {
    let mut shop = Shop::open("preview-staff-page-expiry", false);
    staff_login(&mut shop).await;
    assert!(
        shop.get(STAFF_LOGIN_PATH)
            .await
            .body
            .contains("Signed in as Demo Staff.")
    );
    execute(
        &shop,
        "UPDATE staff_sessions SET expires_at = unixepoch() - 1",
    );
    assert!(shop.cookies.contains_key(STAFF_SESSION_COOKIE));
    let page = shop.get(STAFF_LOGIN_PATH).await;
    assert!(
        page.body.contains("Not signed in as staff."),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Signed in as Demo Staff."));
}

/// Sessions that have run out are deleted at the next staff login (any browser's); current
/// ones stay.
#[tokio::test]
async fn a_staff_login_deletes_the_sessions_that_have_run_out() {
    let mut shop = Shop::open("preview-run-out-rows", false);
    let old = staff_login(&mut shop).await;
    shop.cookies.clear();
    let current = staff_login(&mut shop).await;
    shop.cookies.clear();
    execute(
        &shop,
        &format!("UPDATE staff_sessions SET expires_at = unixepoch() - 1 WHERE token = '{old}'"),
    );
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 2);

    let new = staff_login(&mut shop).await;
    let count = |token: &str| {
        number(
            &shop,
            &format!("SELECT count(*) FROM staff_sessions WHERE token = '{token}'"),
        )
    };
    assert_eq!(count(&old), 0, "run out: deleted");
    assert_eq!(count(&current), 1);
    assert_eq!(count(&new), 1);
}

/// The preview panel is offered only to a current staff session, named by the `staffSession`
/// cookie.
#[tokio::test]
async fn checkauth_answers_success_only_for_a_current_staff_session() {
    let mut shop = Shop::open("preview-checkauth", false);
    let answer = check_auth(&mut shop).await;
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);
    let check = parse_check_auth(&answer.body);
    assert!(!preview_panel_visible(false, check.as_ref()));

    // An unknown or malformed token is no session.
    for value in [
        "0123456789abcdef0123456789abcdef",
        "0123456789ABCDEF0123456789ABCDEF",
        "<script>",
        "1",
        "",
    ] {
        shop.cookies
            .insert(STAFF_SESSION_COOKIE.into(), value.into());
        assert_eq!(
            status(&check_auth(&mut shop).await),
            "UNAUTHORIZED",
            "{value}"
        );
    }
    shop.cookies.remove(STAFF_SESSION_COOKIE);
    // The marker alone is no session either.
    shop.cookies.insert(STAFF_AUTH_COOKIE.into(), "1".into());
    let answer = check_auth(&mut shop).await;
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);
    assert!(!preview_panel_visible(
        true,
        parse_check_auth(&answer.body).as_ref()
    ));

    let token = staff_login(&mut shop).await;
    let answer = check_auth(&mut shop).await;
    assert_eq!(answer.body, r#"{"status":"SUCCESS"}"#);
    let check = parse_check_auth(&answer.body);
    assert_eq!(
        check.as_ref().map(|c| c.status),
        Some(PreviewStatus::Success)
    );
    assert!(preview_panel_visible(true, check.as_ref()));

    // A session that has run out is no session, even with its cookie.
    execute(
        &shop,
        &format!("UPDATE staff_sessions SET expires_at = unixepoch() - 1 WHERE token = '{token}'"),
    );
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"UNAUTHORIZED"}"#
    );
}

/// While the sessions cannot be read (the store fails), checkauth says so (500 INTERNAL_ERROR)
/// rather than UNAUTHORIZED: the staff member is not told they are signed out, the panel stays
/// away for the moment, and the session is there again once the store is.
#[tokio::test]
async fn checkauth_on_a_failing_store_is_an_internal_error_not_a_logout() {
    let mut shop = Shop::open("preview-checkauth-store-fails", false);
    let token = staff_login(&mut shop).await;
    execute(
        &shop,
        "ALTER TABLE staff_sessions RENAME TO staff_sessions_away",
    );
    let answer = shop.get(CHECK_AUTH_PATH).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert_eq!(answer.body, r#"{"status":"INTERNAL_ERROR"}"#);
    assert!(!preview_panel_visible(
        true,
        parse_check_auth(&answer.body).as_ref()
    ));
    assert!(answer.set_cookie(STAFF_SESSION_COOKIE).is_none());

    execute(
        &shop,
        "ALTER TABLE staff_sessions_away RENAME TO staff_sessions",
    );
    assert_eq!(shop.cookies.get(STAFF_SESSION_COOKIE), Some(&token));
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);
}

/// A session token put into the page-visible `staffAuth` cookie (without `staffSession`) gets
/// nowhere: no check, renewal, token call or logout takes it for a session.
#[tokio::test]
async fn a_session_token_in_the_staff_auth_cookie_is_no_session() {
    let mut shop = Shop::open("preview-forged-marker", false);
    let token = staff_login(&mut shop).await;
    apply_footer_layout_compact(&mut shop).await;
    let settings = check_auth(&mut shop).await.body;
    let preview_cookie = shop.cookies.get(PREVIEW_TOKEN_COOKIE).cloned();

    // The jar now holds the token only as `staffAuth` (beside the csrf cookie).
    shop.cookies.remove(STAFF_SESSION_COOKIE);
    shop.cookies.insert(STAFF_AUTH_COOKIE.into(), token.clone());

    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"UNAUTHORIZED"}"#
    );
    let answer = shop.get(RENEW_AUTH_PATH).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);
    let answer = token_call(
        &mut shop,
        &token_path(
            "2026-12-15",
            "18:00",
            Some("christmas-teaser"),
            Some("snow"),
        ),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);
    assert!(answer.set_cookie(PREVIEW_TOKEN_COOKIE).is_none());
    assert_eq!(
        shop.cookies.get(PREVIEW_TOKEN_COOKIE).cloned(),
        preview_cookie
    );
    // Logging out with only the marker does not end the real session.
    let answer = token_call(&mut shop, LOGOUT_PATH).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(
        number(
            &shop,
            &format!("SELECT count(*) FROM staff_sessions WHERE token = '{token}'")
        ),
        1
    );

    // With its real cookie the session is untouched: same settings.
    shop.cookies.insert(STAFF_SESSION_COOKIE.into(), token);
    assert_eq!(check_auth(&mut shop).await.body, settings);
}

/// The panel renews the session every 5 minutes; a session that ran out stays out.
#[tokio::test]
async fn renew_extends_a_current_session() {
    let mut shop = Shop::open("preview-renew", false);
    let answer = shop.get(RENEW_AUTH_PATH).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);

    let token = staff_login(&mut shop).await;
    let remaining = |shop: &Shop| {
        number(
            shop,
            &format!("SELECT expires_at - unixepoch() FROM staff_sessions WHERE token = '{token}'"),
        )
    };
    execute(
        &shop,
        "UPDATE staff_sessions SET expires_at = unixepoch() + 10",
    );
    assert!(remaining(&shop) <= 10);
    let answer = shop.get(RENEW_AUTH_PATH).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert!(answer.body.is_empty());
    assert!(
        remaining(&shop) >= STAFF_SESSION_SECONDS - 5,
        "{}",
        remaining(&shop)
    );
    assert_eq!(status(&check_auth(&mut shop).await), "SUCCESS");

    // A session that has run out is not brought back.
    execute(
        &shop,
        "UPDATE staff_sessions SET expires_at = unixepoch() - 1",
    );
    let answer = shop.get(RENEW_AUTH_PATH).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert!(remaining(&shop) < 0);
    assert_eq!(status(&check_auth(&mut shop).await), "UNAUTHORIZED");
}

/// Logging out ends the session and leaves none of the three cookies behind (session, marker,
/// preview token): the shop looks as it does to any shopper.
#[tokio::test]
async fn logout_ends_the_session_and_clears_all_three_cookies() {
    let mut shop = Shop::open("preview-logout", false);
    let token = staff_login(&mut shop).await;
    let applied = token_call(&mut shop, &token_path("2026-11-25", "10:30", None, None)).await;
    assert_eq!(status(&applied), "SUCCESS");
    assert!(shop.cookies.contains_key(PREVIEW_TOKEN_COOKIE));

    // Without the page's csrf cookie repeated in the header (an image or a link on another
    // site) it is refused, and the staff member stays logged in.
    let forged = shop.get(LOGOUT_PATH).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(forged.set_cookie(STAFF_SESSION_COOKIE).is_none());
    assert_eq!(status(&check_auth(&mut shop).await), "SUCCESS");

    let answer = token_call(&mut shop, LOGOUT_PATH).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(answer.header("cache-control"), "no-store");
    for name in [
        STAFF_SESSION_COOKIE,
        STAFF_AUTH_COOKIE,
        PREVIEW_TOKEN_COOKIE,
    ] {
        let cookie = answer
            .set_cookie(name)
            .unwrap_or_else(|| panic!("{name} not cleared"));
        assert!(
            cookie.starts_with(&format!("{name}=;"))
                && cookie.contains("Max-Age=0")
                && cookie.contains("Path=/"),
            "{cookie}"
        );
        assert!(!shop.cookies.contains_key(name), "{name}");
    }
    // The page's csrf cookie is not the staff's to clear.
    assert!(answer.set_cookie(CSRF_COOKIE).is_none());
    assert!(shop.cookies.contains_key(CSRF_COOKIE));
    assert_eq!(number(&shop, "SELECT count(*) FROM staff_sessions"), 0);
    assert_eq!(status(&check_auth(&mut shop).await), "UNAUTHORIZED");
    // The old token does not come back to life.
    shop.cookies.insert(STAFF_SESSION_COOKIE.into(), token);
    assert_eq!(status(&check_auth(&mut shop).await), "UNAUTHORIZED");
    assert_eq!(
        shop.get(RENEW_AUTH_PATH).await.status,
        StatusCode::UNAUTHORIZED
    );
    let answer = token_call(&mut shop, &token_path("2026-11-25", "10:30", None, None)).await;
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);

    // Logging out without a session answers the same.
    let mut nobody = Shop::open("preview-logout-nobody", false);
    let answer = token_call(&mut nobody, LOGOUT_PATH).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    for name in [
        STAFF_SESSION_COOKIE,
        STAFF_AUTH_COOKIE,
        PREVIEW_TOKEN_COOKIE,
    ] {
        assert!(
            answer
                .set_cookie(name)
                .is_some_and(|cookie| cookie.contains("Max-Age=0")),
            "{name}"
        );
    }
}

#[tokio::test]
async fn gettestsat_lists_the_tests_active_at_a_date_time() {
    // Public: no staff session needed.
    let mut shop = Shop::open("preview-gettestsat", false);
    let november = active_tests(&mut shop, "2026-11-25T10:30").await;
    assert_eq!(november, ["footer-layout", "checkout-button"]);
    let december = active_tests(&mut shop, "2026-12-15T10:30").await;
    assert_eq!(december, ["checkout-button", "christmas-teaser"]);
    let next_year = active_tests(&mut shop, "2027-04-01T12:00:00").await;
    assert_eq!(next_year, ["newsletter-voucher", "search-suggestions"]);
    assert!(active_tests(&mut shop, "2025-11-25T10:30").await.is_empty());

    // The answer's exact shape: name and groups[].name.
    let answer = shop
        .get(&format!("{AB_TESTS_AT_PATH}?time=2026-10-15T08:00"))
        .await;
    assert_eq!(
        answer.body,
        r#"[{"name":"footer-layout","groups":[{"name":"classic"},{"name":"compact"}]}]"#
    );
    assert!(
        answer
            .header("content-type")
            .starts_with("application/json")
    );
    let groups = list(&answer.json(), &[])
        .first()
        .map(|test| list(test, &["groups"]).len());
    assert_eq!(groups, Some(2));

    for query in [
        "",
        "?time=",
        "?when=2026-11-25T10:30",
        "?time=2026-11-25",
        "?time=2026-11-25T10",
        "?time=2026-11-25T10:30Z",
        "?time=2026-11-25T10:30:00.000Z",
        "?time=2026-11-25%2010:30",
        "?time=2026-02-30T10:30",
        "?time=2026-11-25T25:00",
        "?time=garbage",
    ] {
        let answer = shop.get(&format!("{AB_TESTS_AT_PATH}{query}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(text(&answer.json(), &["error"]), "BAD_REQUEST", "{query}");
        assert_eq!(answer.header("cache-control"), "no-store");
    }
}

/// Applying preview settings from the panel stores them on the session (checkauth shows them)
/// and sets a fresh preview token cookie each time.
#[tokio::test]
async fn the_token_call_stores_the_settings_and_sets_the_preview_cookie() {
    let mut shop = Shop::open("preview-token", false);
    staff_login(&mut shop).await;
    let path = token_path(
        "2026-11-25",
        "10:30",
        Some("checkout-button"),
        Some("green"),
    );
    assert!(path.starts_with(PREVIEW_TOKEN_PATH));
    let answer = token_call(&mut shop, &path).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body, r#"{"status":"SUCCESS"}"#);
    assert_eq!(answer.header("cache-control"), "no-store");
    let cookie = answer
        .set_cookie(PREVIEW_TOKEN_COOKIE)
        .unwrap_or_else(|| panic!("no preview token cookie"));
    assert!(cookie.contains("Path=/") && cookie.contains("SameSite=Lax"));
    let first = shop
        .cookies
        .get(PREVIEW_TOKEN_COOKIE)
        .cloned()
        .unwrap_or_default();
    assert_eq!(first.len(), 32);
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"SUCCESS","dateTime":"2026-11-25T10:30","abTestName":"checkout-button","abTestGroup":"green"}"#
    );
    let check = parse_check_auth(&check_auth(&mut shop).await.body);
    assert_eq!(
        check.and_then(|check| check.ab_test_group),
        Some("green".to_owned())
    );

    // New settings replace the old ones; "None" clears the test; a new token each time.
    let answer = token_call(
        &mut shop,
        &token_path(
            "2026-12-15",
            "18:00",
            Some("christmas-teaser"),
            Some("snow"),
        ),
    )
    .await;
    assert_eq!(status(&answer), "SUCCESS");
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"SUCCESS","dateTime":"2026-12-15T18:00","abTestName":"christmas-teaser","abTestGroup":"snow"}"#
    );
    let answer = token_call(&mut shop, &token_path("2027-02-01", "09:15", None, None)).await;
    assert_eq!(status(&answer), "SUCCESS");
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"SUCCESS","dateTime":"2027-02-01T09:15"}"#
    );
    assert_ne!(shop.cookies.get(PREVIEW_TOKEN_COOKIE), Some(&first));
    let stored = database(&shop)
        .query_row(
            "SELECT date_time, ab_test IS NULL, ab_group IS NULL FROM staff_sessions",
            [],
            |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, bool>(1)?,
                    row.get::<_, bool>(2)?,
                ))
            },
        )
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(stored, ("2027-02-01T09:15".to_owned(), true, true));
}

/// A link or request from another site (which cannot read the page's `csrf` cookie to repeat
/// it in `x-csrf-token`) cannot change a staff member's preview settings: 403, and nothing
/// changes.
#[tokio::test]
async fn the_token_call_needs_the_csrf_double_submit() {
    let mut shop = Shop::open("preview-token-csrf", false);
    let path = token_path(
        "2026-12-15",
        "18:00",
        Some("christmas-teaser"),
        Some("snow"),
    );

    // The check comes first: without a session, too, the answer is 403.
    let csrf_token = csrf(&mut shop).await;
    let answer = shop.get(&path).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);

    staff_login(&mut shop).await;
    apply_footer_layout_compact(&mut shop).await;
    let settings = check_auth(&mut shop).await.body;
    assert_eq!(
        settings,
        r#"{"status":"SUCCESS","dateTime":"2026-11-25T10:30","abTestName":"footer-layout","abTestGroup":"compact"}"#
    );
    let preview_cookie = shop.cookies.get(PREVIEW_TOKEN_COOKIE).cloned();
    assert!(preview_cookie.is_some());

    let other = "0123456789abcdef0123456789abcdef";
    let upper = csrf_token.to_uppercase();
    let refused: [&[(&str, &str)]; 6] = [
        // No header.
        &[],
        // A wrong one: another token, empty, cut short, longer, another case.
        &[(CSRF_HEADER, other)],
        &[(CSRF_HEADER, "")],
        &[(CSRF_HEADER, &csrf_token[..31])],
        &[(CSRF_HEADER, &format!("{csrf_token}0"))],
        &[(CSRF_HEADER, &upper)],
    ];
    for headers in refused {
        let answer = shop.get_with(&path, headers).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{headers:?}");
        assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#, "{headers:?}");
        assert_eq!(answer.header("cache-control"), "no-store");
        assert!(
            answer.set_cookie(PREVIEW_TOKEN_COOKIE).is_none(),
            "{headers:?}"
        );
    }
    // The header without the cookie, or both holding a malformed token.
    shop.cookies.remove(CSRF_COOKIE);
    let answer = shop.get_with(&path, &[(CSRF_HEADER, &csrf_token)]).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    shop.cookies
        .insert(CSRF_COOKIE.into(), "not-a-token".into());
    let answer = shop.get_with(&path, &[(CSRF_HEADER, "not-a-token")]).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    shop.cookies.insert(CSRF_COOKIE.into(), csrf_token.clone());

    // Nothing changed: the old settings and the old preview token.
    assert_eq!(check_auth(&mut shop).await.body, settings);
    assert_eq!(
        shop.cookies.get(PREVIEW_TOKEN_COOKIE).cloned(),
        preview_cookie
    );

    // With the double submit the same call goes through.
    let answer = shop.get_with(&path, &[(CSRF_HEADER, &csrf_token)]).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(status(&answer), "SUCCESS");
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"SUCCESS","dateTime":"2026-12-15T18:00","abTestName":"christmas-teaser","abTestGroup":"snow"}"#
    );
}

/// Settings the panel cannot apply are refused and leave the session as it was.
#[tokio::test]
async fn the_token_call_refuses_what_it_cannot_apply() {
    let date_time = "dateTime=2026-11-25T10%3A30";
    let mut shop = Shop::open("preview-token-refusals", false);

    // Without a staff session.
    let answer = token_call(
        &mut shop,
        &token_path(
            "2026-11-25",
            "10:30",
            Some("checkout-button"),
            Some("green"),
        ),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body, r#"{"status":"UNAUTHORIZED"}"#);
    assert!(answer.set_cookie(PREVIEW_TOKEN_COOKIE).is_none());

    staff_login(&mut shop).await;
    apply_footer_layout_compact(&mut shop).await;
    let settings = check_auth(&mut shop).await.body;
    let preview_cookie = shop.cookies.get(PREVIEW_TOKEN_COOKIE).cloned();

    let refused = [
        // The date-time: missing, malformed, or no real date.
        String::new(),
        "?test=footer-layout&group=compact".to_owned(),
        "?dateTime=2026-11-25".to_owned(),
        "?dateTime=2026-11-25T10%3A30%3A00".to_owned(),
        "?dateTime=2026-11-25T10%3A30Z".to_owned(),
        "?dateTime=2026-13-01T10%3A30".to_owned(),
        "?dateTime=2027-02-29T10%3A30".to_owned(),
        "?dateTime=25.11.2026%2010%3A30".to_owned(),
        // A test not active then: only in December, only in 2027, unknown.
        format!("?test=christmas-teaser&group=snow&{date_time}"),
        format!("?test=newsletter-voucher&group=ten-percent&{date_time}"),
        format!("?test=no-such-test&group=A&{date_time}"),
        // A group that is not one of the test's.
        format!("?test=footer-layout&group=snow&{date_time}"),
        format!("?test=footer-layout&group=COMPACT&{date_time}"),
        // A test without a group.
        format!("?test=footer-layout&{date_time}"),
        format!("?test=footer-layout&group=%20&{date_time}"),
    ];
    for query in &refused {
        let answer = token_call(&mut shop, &format!("{PREVIEW_TOKEN_PATH}{query}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer.body, r#"{"status":"BAD_REQUEST"}"#, "{query}");
        assert_eq!(answer.header("cache-control"), "no-store");
        assert!(answer.set_cookie(PREVIEW_TOKEN_COOKIE).is_none(), "{query}");
    }
    // Nothing changed.
    assert_eq!(check_auth(&mut shop).await.body, settings);
    assert_eq!(
        shop.cookies.get(PREVIEW_TOKEN_COOKIE).cloned(),
        preview_cookie
    );
}

/// With the `preview` fault the panel's apply fails (after the CSRF and staff checks) and the
/// session keeps what it had.
#[tokio::test]
async fn the_preview_fault_fails_the_token_call() {
    let mut shop = Shop::open("preview-fault", true);
    shop.faults(r#"{"preview": true}"#).await;
    let path = token_path(
        "2026-11-25",
        "10:30",
        Some("checkout-button"),
        Some("control"),
    );
    // The CSRF check comes first, then the staff check.
    assert_eq!(shop.get(&path).await.status, StatusCode::FORBIDDEN);
    assert_eq!(status(&token_call(&mut shop, &path).await), "UNAUTHORIZED");

    staff_login(&mut shop).await;
    assert_eq!(shop.get(&path).await.status, StatusCode::FORBIDDEN);
    let answer = token_call(&mut shop, &path).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.body, r#"{"status":"INTERNAL_ERROR"}"#);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert!(answer.set_cookie(PREVIEW_TOKEN_COOKIE).is_none());
    assert_eq!(check_auth(&mut shop).await.body, r#"{"status":"SUCCESS"}"#);

    shop.faults("{}").await;
    let answer = token_call(&mut shop, &path).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(status(&answer), "SUCCESS");
    assert_eq!(
        check_auth(&mut shop).await.body,
        r#"{"status":"SUCCESS","dateTime":"2026-11-25T10:30","abTestName":"checkout-button","abTestGroup":"control"}"#
    );
}

/// Shoppers' pages never ask for the preview panel; a signed-in staff member's pages do, until
/// the logout.
#[tokio::test]
async fn only_staff_pages_ask_the_shell_for_the_preview_panel() {
    let mut shop = Shop::open("preview-pages", false);
    let shopper = shop.get("/").await;
    assert_eq!(shopper.status, StatusCode::OK);
    assert!(!shopper.body.contains("staffPreview"), "{}", shopper.body);
    staff_login(&mut shop).await;
    for path in ["/", "/at/subscribenewsletter"] {
        let page = shop.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(page.body.contains("\"staffPreview\":true"), "{path}");
    }
    assert_eq!(
        token_call(&mut shop, LOGOUT_PATH).await.status,
        StatusCode::NO_CONTENT
    );
    let page = shop.get("/").await;
    assert!(!page.body.contains("staffPreview"), "{}", page.body);
}

/// Gives a shopper the staff's preview token cookie (which previews nothing by itself).
fn copy_preview_cookie(staff: &Shop, shopper: &mut Shop) {
    let token = staff
        .cookies
        .get(PREVIEW_TOKEN_COOKIE)
        .cloned()
        .unwrap_or_default();
    shopper
        .cookies
        .insert(PREVIEW_TOKEN_COOKIE.to_owned(), token);
}

/// The headline of the site's top banner as the promotion service answers this shop's jar.
async fn top_banner_headline(shop: &mut Shop, site: &'static str) -> String {
    headline(shop, "top-banner", site).await
}

/// The headline of a promotion as the promotion service answers this shop's jar.
async fn headline(shop: &mut Shop, id: &str, site: &'static str) -> String {
    let answer = shop
        .get_with(
            &format!("/service/promotion/api/promotion/{id}"),
            &[("site", site)],
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.header("cache-control"), "no-store");
    shop_core::content::promotion::parse_promotion_json(&answer.body)
        .and_then(|promotion| promotion.headline)
        .unwrap_or_else(|| panic!("no headline in {}", answer.body))
}

#[tokio::test]
async fn staff_see_the_promotions_of_the_previewed_date_shoppers_those_of_now() {
    const TODAY: &str = "10\u{a0}% Rabatt auf Kaffee";
    const ADVENT: &str = "Adventskalender: jeden Tag ein Angebot";
    let mut shopper = Shop::open("preview-promotions-shopper", false);
    let mut staff = Shop::open("preview-promotions-staff", false);
    assert_eq!(top_banner_headline(&mut shopper, "DE").await, TODAY);

    staff_login(&mut staff).await;
    // Signed in, nothing previewed yet: now.
    assert_eq!(top_banner_headline(&mut staff, "DE").await, TODAY);
    for (date, time, headline) in [
        ("2027-12-01", "00:00", ADVENT),
        ("2027-12-24", "23:59", ADVENT),
        ("2027-12-25", "00:00", TODAY),
        ("2027-11-30", "23:59", TODAY),
    ] {
        apply_preview(&mut staff, date, time, None, None).await;
        assert_eq!(
            top_banner_headline(&mut staff, "DE").await,
            headline,
            "{date} {time}"
        );
    }
    // A page's promotion ids and tag filters may go along; the date-time is what previews.
    let path = [
        token_path("2027-12-05", "10:00", None, None).as_str(),
        "&promotionIds=top-banner&allOfTags=advent",
    ]
    .concat();
    let applied = token_call(&mut staff, &path).await;
    assert_eq!(status(&applied), "SUCCESS");
    assert_eq!(top_banner_headline(&mut staff, "DE").await, ADVENT);
    assert_eq!(
        top_banner_headline(&mut staff, "PL").await,
        "Kalendarz adwentowy: codziennie nowa oferta"
    );

    // A shopper who copies the preview token cookie sees nothing early: it is the staff session
    // that previews.
    copy_preview_cookie(&staff, &mut shopper);
    assert_eq!(top_banner_headline(&mut shopper, "DE").await, TODAY);

    // After the logout the staff member is a shopper again.
    let answer = token_call(&mut staff, LOGOUT_PATH).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(top_banner_headline(&mut staff, "DE").await, TODAY);
}

#[tokio::test]
async fn staff_previewing_an_a_b_test_group_see_its_variant_everybody_else_the_promotion() {
    const WEEKLY: &str = "Die neue Themenwelt: Barista zu Hause";
    const SNOW: &str = "Winterzauber: Kaffee für kalte Tage";
    const LIGHTS: &str = "Lichterglanz: Geschenke für Kaffeeliebhaber";
    let mut shopper = Shop::open("preview-ab-shopper", false);
    let mut staff = Shop::open("preview-ab-staff", false);
    staff_login(&mut staff).await;
    let phase = "phase-weekly";
    for (date, test, group, expected) in [
        // The test runs in December 2026: each group sees its variant, control the promotion.
        ("2026-12-10", Some("christmas-teaser"), Some("snow"), SNOW),
        (
            "2026-12-10",
            Some("christmas-teaser"),
            Some("lights"),
            LIGHTS,
        ),
        (
            "2026-12-10",
            Some("christmas-teaser"),
            Some("control"),
            WEEKLY,
        ),
        ("2026-12-10", None, None, WEEKLY),
        // Another test's group has no variant of this promotion.
        ("2026-12-10", Some("checkout-button"), Some("green"), WEEKLY),
    ] {
        apply_preview(&mut staff, date, "12:00", test, group).await;
        assert_eq!(
            headline(&mut staff, phase, "DE").await,
            expected,
            "{group:?}"
        );
    }
    // Every site has the variants in its language.
    apply_preview(
        &mut staff,
        "2026-12-31",
        "23:59",
        Some("christmas-teaser"),
        Some("snow"),
    )
    .await;
    for (site, expected) in [
        (
            "CH_FR",
            "Magie de l'hiver\u{202f}: du café pour les jours froids",
        ),
        ("PL", "Zimowa magia: kawa na chłodne dni"),
        ("TR", "Kış büyüsü: soğuk günler için kahve"),
    ] {
        assert_eq!(headline(&mut staff, phase, site).await, expected, "{site}");
    }
    // The tag filters still choose: the variant carries the promotion's tags.
    let answer = staff
        .get_with(
            "/service/promotion/api/promotion/phase-weekly?noneOfTags=weekly",
            &[("site", "DE")],
        )
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    // A shopper is in no group: the promotion, also with the staff's preview cookie copied.
    copy_preview_cookie(&staff, &mut shopper);
    assert_eq!(headline(&mut shopper, phase, "DE").await, WEEKLY);
}
