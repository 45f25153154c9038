//! The reference newsletter service: the sign-up judged with the core's rules per site and
//! stored once per address and site, the subscriber, the double opt-in by call and by the
//! e-mail's link, the customer base data behind the login token, the visitor's newsletter
//! status in `/json/psdata`, and the `newsletter` test fault.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Answer, Shop, at, list, text};
use shop_core::content::NewsletterStatus;
use shop_core::content::visitor::parse_newsletter_status;
use shop_core::forms::{
    INVALID_EMAIL_TYPE, SignupOutcome, map_signup_response, signup_subscribers_path,
};

/// A request header.
type Header = (&'static str, &'static str);

const JSON: Header = ("content-type", "application/json");
const FORM: Header = ("content-type", "application/x-www-form-urlencoded");
const BAD_REQUEST: &str = "urn:newsletter:bad_request";
const BASE_DATA: &str = "/service/newsletter/api/private/customers/base-data";
const NL_STATUS: &str = "/json/psdata";

fn subscribers(single_page_app: bool) -> String {
    ["/", &signup_subscribers_path(single_page_app)].concat()
}

/// A sign-up body as the core's `build_signup_request` writes it.
fn body(email: &str) -> String {
    format!(
        r#"{{"email":"{email}","consents":["DNE"],"origin":"NEWSLETTER","originAddition":"footer"}}"#
    )
}

fn named(email: &str, first: &str, last: &str, salutation: &str) -> String {
    format!(
        r#"{{"email":"{email}","salutation":"{salutation}","firstName":"{first}","lastName":"{last}","consents":[],"origin":"SHOPPING_CART","originAddition":"minicart"}}"#
    )
}

/// Posts a sign-up for a site (`None`: no `site` header) on the internal service path.
async fn sign_up(shop: &mut Shop, site: Option<&'static str>, body: &str) -> Answer {
    let mut headers = vec![JSON];
    if let Some(site) = site {
        headers.push(("site", site));
    }
    shop.send("POST", &subscribers(false), &headers, body).await
}

/// Signs up and returns the subscriber token, as the confirmation e-mail would carry it (the
/// answer carries none): read from the database.
async fn signed_up(shop: &mut Shop, site: Option<&'static str>, body: &str) -> String {
    let answer = sign_up(shop, site, body).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    assert_eq!(answer.body, "{}");
    let request = shop_core::json::parse(body).unwrap_or(shop_core::json::Value::Null);
    let email = text(&request, &["email"]).trim().to_lowercase();
    let site = shop_core::site::Site::from_code_or_default(site.unwrap_or("DE"));
    row(shop, site.code(), &email).0
}

fn database(shop: &Shop) -> rusqlite::Connection {
    rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
        .unwrap_or_else(|error| panic!("{error}"))
}

/// `days` pass for every sign-up stored: the addresses' and what browsers remember of theirs.
fn days_pass(shop: &Shop, days: i64) {
    database(shop)
        .execute_batch(&format!(
            "UPDATE newsletter_subscribers SET signed_up_at = signed_up_at - {days} * 86400;
             UPDATE visitor_signups SET signed_up_at = signed_up_at - {days} * 86400;"
        ))
        .unwrap_or_else(|error| panic!("{error}"));
}

fn subscriber_rows(shop: &Shop) -> i64 {
    database(shop)
        .query_row("SELECT count(*) FROM newsletter_subscribers", [], |row| {
            row.get(0)
        })
        .unwrap_or_else(|error| panic!("{error}"))
}

/// A stored subscriber: token, site, email, salutation, first name, last name, consents,
/// origin, origin addition, status, whether the created time is set.
type Row = (
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    String,
    bool,
);

fn row(shop: &Shop, site: &str, email: &str) -> Row {
    database(shop)
        .query_row(
            "SELECT token, site, email, salutation, first_name, last_name, consents, origin,
                 origin_addition, status, created_at > 0
             FROM newsletter_subscribers WHERE site = ?1 AND email = ?2",
            [site, email],
            |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get(3)?,
                    row.get(4)?,
                    row.get(5)?,
                    row.get(6)?,
                    row.get(7)?,
                    row.get(8)?,
                    row.get(9)?,
                    row.get(10)?,
                ))
            },
        )
        .unwrap_or_else(|error| panic!("{site} {email}: {error}"))
}

fn status_of(shop: &Shop, site: &str, email: &str) -> String {
    row(shop, site, email).9
}

/// Asserts a problem answer of a type, never cached.
fn assert_problem(answer: &Answer, status: StatusCode, kind: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(
        answer
            .header("content-type")
            .starts_with("application/problem+json"),
        "{}",
        answer.header("content-type")
    );
    assert_eq!(answer.header("cache-control"), "no-store");
    let problem = answer.json();
    assert_eq!(text(&problem, &["type"]), kind, "{}", answer.body);
    assert!(!text(&problem, &["title"]).is_empty());
    assert_eq!(
        at(&problem, &["status"]).as_u64(),
        Some(u64::from(status.as_u16()))
    );
}

async fn log_in(shop: &mut Shop, account: &str) -> String {
    let answer = shop
        .send("POST", "/signin", &[FORM], &format!("account={account}"))
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    shop.cookies
        .get("LoginToken")
        .cloned()
        .unwrap_or_else(|| panic!("no LoginToken"))
}

async fn newsletter_status(shop: &mut Shop, headers: &[(&str, &str)]) -> Option<NewsletterStatus> {
    let answer = shop.get_with(NL_STATUS, headers).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    parse_newsletter_status(&answer.body)
}

#[tokio::test]
async fn a_sign_up_stores_one_subscriber_and_answers_its_token() {
    let mut shop = Shop::open("nl-sign-up", false);
    let answer = sign_up(&mut shop, Some("DE"), &body(" Anna.Kovacs@Example.COM ")).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert!(
        answer
            .header("content-type")
            .starts_with("application/json")
    );
    assert_eq!(
        map_signup_response(201, &answer.body),
        SignupOutcome::Success
    );
    // No token in the answer: only the confirmation e-mail's link confirms.
    assert_eq!(answer.body, "{}");
    let token = row(&shop, "DE", "anna.kovacs@example.com").0;
    assert_eq!(token.len(), 32);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(subscriber_rows(&shop), 1);
    assert_eq!(
        row(&shop, "DE", "anna.kovacs@example.com"),
        (
            token.clone(),
            "DE".to_owned(),
            "anna.kovacs@example.com".to_owned(),
            None,
            None,
            None,
            r#"["DNE"]"#.to_owned(),
            "NEWSLETTER".to_owned(),
            "footer".to_owned(),
            "WAITING_FOR_DOI".to_owned(),
            true,
        )
    );

    // The subscriber, under both service paths.
    for single_page_app in [false, true] {
        let path = format!("{}/{token}", subscribers(single_page_app));
        let answer = shop.get_with(&path, &[("site", "DE")]).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert_eq!(answer.header("cache-control"), "no-store");
        assert_eq!(
            answer.body,
            format!(
                r#"{{"subscriberToken":"{token}","email":"anna.kovacs@example.com","site":"DE","status":"WAITING_FOR_DOI","subscriptionType":"NEWSLETTER","consents":["DNE"],"categories":[]}}"#
            )
        );
    }
    for unknown in ["0123456789abcdef0123456789abcdef", "nope", "%3Cscript%3E"] {
        let answer = shop.get(&format!("{}/{unknown}", subscribers(false))).await;
        assert_problem(&answer, StatusCode::NOT_FOUND, "urn:newsletter:not_found");
    }

    // The private service path signs up too; no site header is DE, an unknown one DE.
    let answer = shop
        .send("POST", &subscribers(true), &[JSON], &body("b@example.com"))
        .await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(row(&shop, "DE", "b@example.com").1, "DE");
    signed_up(&mut shop, Some("XX"), &body("c@example.com")).await;
    assert_eq!(row(&shop, "DE", "c@example.com").1, "DE");
    signed_up(&mut shop, Some("CH_FR"), &body("c@example.com")).await;
    assert_eq!(row(&shop, "CH_FR", "c@example.com").1, "CH_FR");
    assert_eq!(subscriber_rows(&shop), 4);
}

#[tokio::test]
async fn the_same_address_twice_keeps_one_row() {
    let mut shop = Shop::open("nl-twice", false);
    let first = signed_up(
        &mut shop,
        Some("AT"),
        &named("anna@example.com", "Anna", "Berger", "MRS"),
    )
    .await;
    // Again, in other case, without names and consents: the same answer, one row.
    let answer = sign_up(&mut shop, Some("AT"), &body("ANNA@example.com")).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(answer.body, "{}");
    let second = row(&shop, "AT", "anna@example.com").0;
    assert_eq!(
        second, first,
        "the address keeps its token: its confirmation link stays valid"
    );
    assert_eq!(subscriber_rows(&shop), 1);
    let (token, _, _, salutation, first_name, last_name, consents, origin, addition, status, _) =
        row(&shop, "AT", "anna@example.com");
    assert_eq!(token, second);
    assert_eq!(salutation.as_deref(), Some("MRS"), "absent fields stay");
    assert_eq!(first_name.as_deref(), Some("Anna"));
    assert_eq!(last_name.as_deref(), Some("Berger"));
    assert_eq!(consents, r#"["DNE"]"#);
    assert_eq!(
        (origin.as_str(), addition.as_str()),
        ("NEWSLETTER", "footer")
    );
    assert_eq!(status, "WAITING_FOR_DOI");
    // The first confirmation link still confirms.
    let link = shop
        .get(&format!("/at/subscribenewsletter/confirm?token={first}"))
        .await;
    assert_eq!(
        link.header("location"),
        "/at/subscribenewsletter?doi=confirmed"
    );

    // A confirmed subscriber is left as confirmed: a sign-up anyone may send for the address
    // changes neither names, salutation, consents nor origin, and answers the same.
    let answer = shop
        .send(
            "PUT",
            &format!("{}/{second}/doi", subscribers(false)),
            &[("site", "AT")],
            "",
        )
        .await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    let confirmed = row(&shop, "AT", "anna@example.com");
    assert_eq!(confirmed.9, "SUBSCRIBED");
    let again = sign_up(
        &mut shop,
        Some("AT"),
        &named("ANNA@example.com", "Hacked", "Huber", "COMPANY"),
    )
    .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.body, "{}");
    assert_eq!(subscriber_rows(&shop), 1);
    assert_eq!(row(&shop, "AT", "anna@example.com"), confirmed);

    // Another site is another subscription.
    signed_up(&mut shop, Some("DE"), &body("anna@example.com")).await;
    assert_eq!(subscriber_rows(&shop), 2);
    assert_eq!(
        status_of(&shop, "DE", "anna@example.com"),
        "WAITING_FOR_DOI"
    );

    // Nor does a sign-up add a consent the confirmed subscriber never gave.
    let token = signed_up(
        &mut shop,
        Some("DE"),
        &named("ben@example.com", "Ben", "Roth", "MR"),
    )
    .await;
    let answer = shop
        .send(
            "PUT",
            &format!("{}/{token}/doi", subscribers(false)),
            &[("site", "DE")],
            "",
        )
        .await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    let confirmed = row(&shop, "DE", "ben@example.com");
    assert_eq!(confirmed.6, "[]");
    let again = sign_up(&mut shop, Some("DE"), &body("ben@example.com")).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(row(&shop, "DE", "ben@example.com"), confirmed);
}

#[tokio::test]
async fn an_invalid_email_is_refused_with_its_urn_and_nothing_is_stored() {
    let mut shop = Shop::open("nl-invalid-email", false);
    let long = format!("{}@example.com", "a".repeat(250));
    for email in [
        "",
        "   ",
        "anna",
        "anna@localhost",
        "anna@example",
        "a@b.c",
        "anna@@example.com",
        "änna@example.com",
        "anna example@example.com",
        &long,
    ] {
        for site in ["DE", "HU", "TR"] {
            let answer = sign_up(&mut shop, Some(site), &body(email)).await;
            assert_problem(&answer, StatusCode::BAD_REQUEST, INVALID_EMAIL_TYPE);
            assert_eq!(
                map_signup_response(400, &answer.body),
                SignupOutcome::ErrorInvalidEmail,
                "{email}"
            );
        }
    }
    assert_eq!(subscriber_rows(&shop), 0);
}

#[tokio::test]
async fn each_site_requires_its_fields() {
    let mut shop = Shop::open("nl-sites", false);
    // HU and TR need names (HU a salutation too); AT and the others do not.
    for (site, field) in [("HU", "firstName"), ("TR", "firstName")] {
        let answer = sign_up(&mut shop, Some(site), &body("a@example.com")).await;
        assert_problem(&answer, StatusCode::BAD_REQUEST, BAD_REQUEST);
        let errors = at(&answer.json(), &["errors"]).clone();
        assert_eq!(text(&errors, &[field]), "REQUIRED", "{site}");
        assert_eq!(text(&errors, &["lastName"]), "REQUIRED", "{site}");
        assert!(
            errors.get("legals").is_none(),
            "the request carries no legals"
        );
        assert_eq!(
            map_signup_response(400, &answer.body),
            SignupOutcome::ErrorGeneric
        );
    }
    let answer = sign_up(
        &mut shop,
        Some("HU"),
        r#"{"email":"a@example.com","firstName":"Anna","lastName":"Kovács","consents":[],"origin":"NEWSLETTER","originAddition":""}"#,
    )
    .await;
    assert_problem(&answer, StatusCode::BAD_REQUEST, BAD_REQUEST);
    assert_eq!(text(&answer.json(), &["errors", "salutation"]), "REQUIRED");
    // Blank names are no names.
    let answer = sign_up(
        &mut shop,
        Some("TR"),
        &named("a@example.com", "  ", "Yılmaz", "MR"),
    )
    .await;
    assert_problem(&answer, StatusCode::BAD_REQUEST, BAD_REQUEST);
    assert_eq!(subscriber_rows(&shop), 0);

    for site in ["AT", "DE", "CH", "CH_FR", "PL", "CZ", "SK"] {
        let answer = sign_up(&mut shop, Some(site), &body("a@example.com")).await;
        assert_eq!(
            answer.status,
            StatusCode::CREATED,
            "{site}: {}",
            answer.body
        );
    }
    signed_up(
        &mut shop,
        Some("HU"),
        &named("a@example.com", "Anna", "Kovács", "MRS"),
    )
    .await;
    // TR: names, no legals in the request; the salutation TR hides is not kept.
    signed_up(
        &mut shop,
        Some("TR"),
        &named("a@example.com", "Ayşe", "Yılmaz", "MRS"),
    )
    .await;
    let turkish = row(&shop, "TR", "a@example.com");
    assert_eq!(turkish.3, None);
    assert_eq!(
        (turkish.4.as_deref(), turkish.5.as_deref()),
        (Some("Ayşe"), Some("Yılmaz"))
    );
    // DE hides the names: whatever they hold is neither judged nor kept.
    signed_up(
        &mut shop,
        Some("DE"),
        &named("b@example.com", "https://spam.example", "x", "MR"),
    )
    .await;
    let german = row(&shop, "DE", "b@example.com");
    assert_eq!((german.3, german.4, german.5), (None, None, None));
    assert_eq!(subscriber_rows(&shop), 10);
}

#[tokio::test]
async fn a_name_with_a_web_address_is_refused() {
    let mut shop = Shop::open("nl-web-name", false);
    for (site, first, last, field) in [
        ("AT", "www.spam.example", "Berger", "firstName"),
        ("AT", "Anna", "https://spam.example", "lastName"),
        ("HU", "Anna", "shop.hu", "lastName"),
        ("TR", "Ayşe <b>", "Yılmaz", "firstName"),
        ("TR", "Ayşe", &"x".repeat(41), "lastName"),
    ] {
        let answer = sign_up(
            &mut shop,
            Some(site),
            &named("a@example.com", first, last, "MRS"),
        )
        .await;
        assert_problem(&answer, StatusCode::BAD_REQUEST, BAD_REQUEST);
        let error = text(&answer.json(), &["errors", field]).to_owned();
        assert!(
            error == "INVALID_CHARACTERS" || error == "TOO_LONG",
            "{site} {first} {last}: {error}"
        );
    }
    assert_eq!(subscriber_rows(&shop), 0);
}

#[tokio::test]
async fn unreadable_requests_are_refused_and_store_nothing() {
    let mut shop = Shop::open("nl-unreadable", false);
    let oversized = format!(
        r#"{{"email":"a@example.com","consents":[],"origin":"NEWSLETTER","originAddition":"{}"}}"#,
        "x".repeat(5000)
    );
    let cases: Vec<(Vec<Header>, String, StatusCode)> = vec![
        (vec![JSON], "not json".into(), StatusCode::BAD_REQUEST),
        (vec![JSON], "".into(), StatusCode::BAD_REQUEST),
        (vec![JSON], "{".into(), StatusCode::BAD_REQUEST),
        (vec![JSON], "[]".into(), StatusCode::BAD_REQUEST),
        (vec![JSON], "null".into(), StatusCode::BAD_REQUEST),
        (
            vec![JSON],
            r#"{"email":42,"consents":[],"origin":"NEWSLETTER","originAddition":""}"#.into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","consents":"DNE","origin":"NEWSLETTER","originAddition":""}"#
                .into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","consents":["SPAM"],"origin":"NEWSLETTER","originAddition":""}"#
                .into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","consents":[],"origin":"FOO","originAddition":""}"#.into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","salutation":"KING","consents":[],"origin":"NEWSLETTER","originAddition":""}"#
                .into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","firstName":7,"consents":[],"origin":"NEWSLETTER","originAddition":""}"#
                .into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","origin":"NEWSLETTER","originAddition":""}"#.into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![JSON],
            r#"{"email":"a@example.com","consents":[]}"#.into(),
            StatusCode::BAD_REQUEST,
        ),
        (vec![JSON], oversized, StatusCode::PAYLOAD_TOO_LARGE),
        (
            vec![FORM],
            "email=a%40example.com".into(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (vec![], body("a@example.com"), StatusCode::UNSUPPORTED_MEDIA_TYPE),
    ];
    for (headers, body, status) in cases {
        let answer = shop
            .send("POST", &subscribers(false), &headers, &body)
            .await;
        assert_problem(&answer, status, BAD_REQUEST);
        assert_eq!(
            map_signup_response(answer.status.as_u16(), &answer.body),
            SignupOutcome::ErrorGeneric
        );
    }
    assert_eq!(subscriber_rows(&shop), 0);
    // Only POST signs up.
    let answer = shop.get(&subscribers(false)).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(subscriber_rows(&shop), 0);
}

#[tokio::test]
async fn the_double_opt_in_by_call() {
    let mut shop = Shop::open("nl-doi-put", false);
    // A fresh address for each service path, so that each path's call is what confirms.
    for (single_page_app, email) in [(false, "p@example.com"), (true, "q@example.com")] {
        let token = signed_up(&mut shop, Some("PL"), &body(email)).await;
        assert_eq!(status_of(&shop, "PL", email), "WAITING_FOR_DOI");
        let answer = shop
            .send(
                "PUT",
                &format!("{}/{token}/doi", subscribers(single_page_app)),
                &[("site", "PL")],
                "",
            )
            .await;
        assert_eq!(answer.status, StatusCode::NO_CONTENT);
        assert_eq!(answer.header("cache-control"), "no-store");
        assert_eq!(status_of(&shop, "PL", email), "SUBSCRIBED");
    }
    let token = row(&shop, "PL", "p@example.com").0;
    let subscriber = shop
        .get(&format!("{}/{token}", subscribers(false)))
        .await
        .json();
    assert_eq!(text(&subscriber, &["status"]), "SUBSCRIBED");
    assert_eq!(text(&subscriber, &["site"]), "PL");
    // `%FF` is no text at all (not UTF-8): no token either, answered the same way.
    for unknown in ["0123456789abcdef0123456789abcdef", "short", "%20", "%FF"] {
        let answer = shop
            .send(
                "PUT",
                &format!("{}/{unknown}/doi", subscribers(false)),
                &[],
                "",
            )
            .await;
        assert_problem(&answer, StatusCode::NOT_FOUND, "urn:newsletter:doi_invalid");
    }
    assert_eq!(subscriber_rows(&shop), 2);
}

#[tokio::test]
async fn a_database_from_before_the_categories_gets_their_column() {
    let dir = std::env::temp_dir().join(format!("shop-nl-migration-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{error}"));
    // The subscribers' table as it was before (no categories or sign-up time), with one
    // subscriber.
    rusqlite::Connection::open(dir.join(shop_server::store::DATABASE_FILE))
        .and_then(|old| {
            old.execute_batch(
                "CREATE TABLE newsletter_subscribers (
                     id INTEGER PRIMARY KEY, token TEXT NOT NULL UNIQUE, site TEXT NOT NULL,
                     email TEXT NOT NULL, salutation TEXT, first_name TEXT, last_name TEXT,
                     consents TEXT NOT NULL, origin TEXT NOT NULL, origin_addition TEXT NOT NULL,
                     status TEXT NOT NULL,
                     created_at INTEGER NOT NULL DEFAULT (unixepoch()),
                     updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
                     confirmed_at INTEGER, UNIQUE (site, email));
                 CREATE TABLE visitor_signups (
                     visitor TEXT NOT NULL, site TEXT NOT NULL, email TEXT NOT NULL,
                     confirmed INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (visitor, site));
                 INSERT INTO newsletter_subscribers (token, site, email, consents, origin,
                     origin_addition, status)
                 VALUES ('0123456789abcdef0123456789abcdef', 'DE', 'alt@example.com', '[]',
                     'NEWSLETTER', '', 'SUBSCRIBED');
                 UPDATE newsletter_subscribers SET updated_at = 1700000000;
                 INSERT INTO visitor_signups (visitor, site, email)
                 VALUES ('a-browser', 'DE', 'alt@example.com'), ('another', 'DE', 'gone@example.com');",
            )
        })
        .unwrap_or_else(|error| panic!("{error}"));
    let mut shop = Shop::with_config(common::config(dir, false));
    let path = format!("{}/0123456789abcdef0123456789abcdef", subscribers(false));
    let answer = shop.get(&path).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(
        answer.body.ends_with(r#""categories":[]}"#),
        "{}",
        answer.body
    );
    let answer = update(
        &mut shop,
        "0123456789abcdef0123456789abcdef",
        r#"{"categories":["SPORT"]}"#,
    )
    .await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
    assert!(
        shop.get(&path)
            .await
            .body
            .ends_with(r#""categories":["SPORT"]}"#)
    );
    // A browser's sign-up from before its time was kept counts from the address's last sign-up,
    // and one whose address is gone from long ago.
    let signed_up_at = |visitor: &str| -> i64 {
        database(&shop)
            .query_row(
                "SELECT signed_up_at FROM visitor_signups WHERE visitor = ?1",
                [visitor],
                |row| row.get(0),
            )
            .unwrap_or_else(|error| panic!("{error}"))
    };
    assert_eq!(signed_up_at("a-browser"), 1_700_000_000);
    assert_eq!(signed_up_at("another"), 0);
    // The browsers' own sign-ups (from before their sign-up time was kept) are remembered too.
    shop.get("/").await;
    signed_up(&mut shop, Some("DE"), &body("neu@example.com")).await;
    assert_eq!(
        newsletter_status(&mut shop, &[]).await,
        Some(NewsletterStatus::WaitingForDoi)
    );
}

#[tokio::test]
async fn tr_deletes_a_sign_up_left_unconfirmed_for_14_days() {
    let mut shop = Shop::open("nl-tr-retention", false);
    let old = signed_up(
        &mut shop,
        Some("TR"),
        &named("eski@example.com", "Ali", "Kaya", "MR"),
    )
    .await;
    let recent = signed_up(
        &mut shop,
        Some("TR"),
        &named("yeni@example.com", "Ayşe", "Kaya", "MRS"),
    )
    .await;
    let confirmed = signed_up(
        &mut shop,
        Some("TR"),
        &named("onay@example.com", "Can", "Demir", "MR"),
    )
    .await;
    let german = signed_up(&mut shop, Some("DE"), &body("alt@example.com")).await;
    let doi = format!("{}/{confirmed}/doi", subscribers(false));
    assert_eq!(
        shop.send("PUT", &doi, &[], "").await.status,
        StatusCode::NO_CONTENT
    );
    let days_ago = |shop: &Shop, days: i64, email: &str| {
        database(shop)
            .execute(
                "UPDATE newsletter_subscribers SET signed_up_at = unixepoch() - ?1 WHERE email = ?2",
                rusqlite::params![days * 86_400, email],
            )
            .unwrap_or_else(|error| panic!("{error}"));
    };
    days_ago(&shop, 13, "eski@example.com");
    days_ago(&shop, 13, "yeni@example.com");
    // An update on day 13 does not extend the 14 days: it sends no new link.
    let answer = update(&mut shop, &old, r#"{"lastName":"Yılmaz"}"#).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
    days_ago(&shop, 14, "eski@example.com");
    days_ago(&shop, 400, "onay@example.com");
    days_ago(&shop, 400, "alt@example.com");

    // The 14 days old unconfirmed TR sign-up is gone: its link no longer confirms.
    let answer = shop.get(&format!("{}/{old}", subscribers(false))).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    let answer = shop
        .send("PUT", &format!("{}/{old}/doi", subscribers(false)), &[], "")
        .await;
    assert_problem(&answer, StatusCode::NOT_FOUND, "urn:newsletter:doi_invalid");
    // A younger one, a confirmed one and another site's stay.
    for token in [&recent, &confirmed, &german] {
        let answer = shop.get(&format!("{}/{token}", subscribers(false))).await;
        assert_eq!(answer.status, StatusCode::OK, "{token}");
    }
    assert_eq!(subscriber_rows(&shop), 3);
    // Signing up again starts anew.
    signed_up(
        &mut shop,
        Some("TR"),
        &named("eski@example.com", "Ali", "Kaya", "MR"),
    )
    .await;
    assert_eq!(
        status_of(&shop, "TR", "eski@example.com"),
        "WAITING_FOR_DOI"
    );
}

/// Sends an update for a token on the internal service path.
async fn update(shop: &mut Shop, token: &str, body: &str) -> Answer {
    shop.send(
        "PUT",
        &format!("{}/{token}", subscribers(false)),
        &[JSON, ("site", "HU")],
        body,
    )
    .await
}

#[tokio::test]
async fn an_update_changes_what_it_names_judged_by_the_sites_rules() {
    let mut shop = Shop::open("nl-update", false);
    let token = signed_up(
        &mut shop,
        Some("HU"),
        &named("ilona@example.com", "Ilona", "Kiss", "MRS"),
    )
    .await;
    let before = row(&shop, "HU", "ilona@example.com");

    // Only the last name, the consents and the topics change; the subscriber call shows it.
    let answer = update(
        &mut shop,
        &token,
        r#"{"lastName":" Nagy ","consents":["DNE"],"categories":["STORE","COFFEE","STORE"]}"#,
    )
    .await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
    let subscriber = shop
        .get(&format!("{}/{token}", subscribers(true)))
        .await
        .body;
    assert_eq!(
        subscriber,
        format!(
            r#"{{"subscriberToken":"{token}","email":"ilona@example.com","site":"HU","status":"WAITING_FOR_DOI","subscriptionType":"NEWSLETTER","salutation":"MRS","firstName":"Ilona","lastName":"Nagy","consents":["DNE"],"categories":["COFFEE","STORE"]}}"#
        )
    );
    let after = row(&shop, "HU", "ilona@example.com");
    assert_eq!(
        (after.7.as_str(), after.8.as_str()),
        ("SHOPPING_CART", "minicart")
    );
    assert_eq!(after.9, before.9);

    // A consent is withdrawn by leaving it out; the topics stay as they were.
    let answer = update(&mut shop, &token, r#"{"consents":[]}"#).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert_eq!(row(&shop, "HU", "ilona@example.com").6, "[]");
    let subscriber = shop
        .get(&format!("{}/{token}", subscribers(false)))
        .await
        .json();
    let categories: Vec<&str> = list(&subscriber, &["categories"])
        .iter()
        .filter_map(shop_core::json::Value::as_str)
        .collect();
    assert_eq!(categories, ["COFFEE", "STORE"]);

    // HU requires both names and the salutation: clearing one is refused with the field error,
    // and a web address as a name too; nothing changes.
    let kept = row(&shop, "HU", "ilona@example.com");
    for (body, field) in [
        (r#"{"firstName":""}"#, "firstName"),
        (r#"{"lastName":"www.example.com"}"#, "lastName"),
    ] {
        let answer = update(&mut shop, &token, body).await;
        assert_problem(&answer, StatusCode::BAD_REQUEST, BAD_REQUEST);
        assert!(
            !at(&answer.json(), &["errors", field]).is_null(),
            "{body}: {}",
            answer.body
        );
        assert_eq!(row(&shop, "HU", "ilona@example.com"), kept, "{body}");
    }

    // A site without name fields (DE) drops the names an update brings.
    let de = signed_up(&mut shop, Some("DE"), &body("d@example.com")).await;
    let answer = update(&mut shop, &de, r#"{"firstName":"Dora","salutation":"MRS"}"#).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    let stored = row(&shop, "DE", "d@example.com");
    assert_eq!((stored.3, stored.4), (None, None));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn updates_sent_at_once_both_count() {
    use tower::ServiceExt;
    let mut shop = Shop::open("nl-update-race", false);
    let token = signed_up(
        &mut shop,
        Some("HU"),
        &named("egyszerre@example.com", "Ilona", "Kiss", "MRS"),
    )
    .await;
    let path = format!("{}/{token}", subscribers(false));
    let router = shop.router.clone();
    let put = |body: String| {
        let request = axum::http::Request::builder()
            .method("PUT")
            .uri(&path)
            .header(JSON.0, JSON.1)
            .header("site", "HU")
            .body(axum::body::Body::from(body))
            .unwrap_or_else(|error| panic!("{error}"));
        let router = router.clone();
        tokio::spawn(async move {
            router
                .oneshot(request)
                .await
                .map(|answer| answer.status())
                .unwrap_or_else(|error| match error {})
        })
    };
    // Two partial updates at once, again and again: each keeps what the other stored in the
    // field it does not name (a read and a write apart would write back the other's old value).
    for round in 0..60 {
        let (name, topic) = if round % 2 == 0 {
            ("Anna", "COFFEE")
        } else {
            ("Ilona", "STORE")
        };
        let topics = put(format!(r#"{{"categories":["{topic}"]}}"#));
        let names = put(format!(r#"{{"firstName":"{name}"}}"#));
        for answer in [topics.await, names.await] {
            assert_eq!(
                answer.unwrap_or_else(|error| panic!("{error}")),
                StatusCode::NO_CONTENT
            );
        }
        let subscriber = shop.get(&path).await.json();
        assert_eq!(text(&subscriber, &["firstName"]), name, "round {round}");
        let categories: Vec<&str> = list(&subscriber, &["categories"])
            .iter()
            .filter_map(shop_core::json::Value::as_str)
            .collect();
        assert_eq!(categories, [topic], "round {round}");
    }
}

#[tokio::test]
async fn an_unreadable_update_or_an_unknown_token_is_refused() {
    let mut shop = Shop::open("nl-update-refused", true);
    let token = signed_up(
        &mut shop,
        Some("AT"),
        &named("a@example.com", "A", "B", "MR"),
    )
    .await;
    let kept = row(&shop, "AT", "a@example.com");
    let path = format!("{}/{token}", subscribers(false));
    for (headers, body, status) in [
        (vec![JSON], "{", StatusCode::BAD_REQUEST),
        (
            vec![JSON],
            r#"{"salutation":"KING"}"#,
            StatusCode::BAD_REQUEST,
        ),
        (vec![JSON], r#"{"consents":"DNE"}"#, StatusCode::BAD_REQUEST),
        (
            vec![JSON],
            r#"{"categories":["GARDEN"]}"#,
            StatusCode::BAD_REQUEST,
        ),
        (vec![JSON], "[]", StatusCode::BAD_REQUEST),
        (
            vec![FORM],
            r#"{"lastName":"C"}"#,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
    ] {
        let answer = shop.send("PUT", &path, &headers, body).await;
        assert_problem(&answer, status, BAD_REQUEST);
    }
    let huge = format!(r#"{{"lastName":"{}"}}"#, "x".repeat(5000));
    let answer = shop.send("PUT", &path, &[JSON], &huge).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(row(&shop, "AT", "a@example.com"), kept);
    for unknown in ["0123456789abcdef0123456789abcdef", "short", "%FF", "a%C3"] {
        let answer = update(&mut shop, unknown, r#"{"lastName":"C"}"#).await;
        assert_problem(&answer, StatusCode::NOT_FOUND, "urn:newsletter:not_found");
        let answer = shop.get(&format!("{}/{unknown}", subscribers(false))).await;
        assert_problem(&answer, StatusCode::NOT_FOUND, "urn:newsletter:not_found");
    }
    shop.faults(r#"{"newsletter":true}"#).await;
    let answer = update(&mut shop, &token, r#"{"lastName":"C"}"#).await;
    assert_problem(
        &answer,
        StatusCode::INTERNAL_SERVER_ERROR,
        "urn:newsletter:unavailable",
    );
    assert_eq!(row(&shop, "AT", "a@example.com"), kept);
}

#[tokio::test]
async fn the_double_opt_in_by_the_emails_link() {
    let mut shop = Shop::open("nl-doi-link", false);
    let austrian = signed_up(&mut shop, Some("AT"), &body("a@example.com")).await;
    let german = signed_up(&mut shop, Some("DE"), &body("d@example.com")).await;

    let answer = shop
        .get(&format!("/at/subscribenewsletter/confirm?token={austrian}"))
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(
        answer.header("location"),
        "/at/subscribenewsletter?doi=confirmed"
    );
    assert_eq!(answer.header("cache-control"), "no-store");
    assert_eq!(status_of(&shop, "AT", "a@example.com"), "SUBSCRIBED");
    assert_eq!(status_of(&shop, "DE", "d@example.com"), "WAITING_FOR_DOI");
    // Opened again: still confirmed.
    let answer = shop
        .get(&format!("/at/subscribenewsletter/confirm?token={austrian}"))
        .await;
    assert_eq!(
        answer.header("location"),
        "/at/subscribenewsletter?doi=confirmed"
    );
    // DE at `/` and `/de/`; the subscriber's own site wins over the link's prefix.
    let answer = shop
        .get(&format!(
            "/subscribenewsletter/confirm?token={german}&utm=mail"
        ))
        .await;
    assert_eq!(
        answer.header("location"),
        "/subscribenewsletter?doi=confirmed"
    );
    assert_eq!(status_of(&shop, "DE", "d@example.com"), "SUBSCRIBED");
    let answer = shop
        .get(&format!("/hu/subscribenewsletter/confirm?token={german}"))
        .await;
    assert_eq!(
        answer.header("location"),
        "/subscribenewsletter?doi=confirmed"
    );

    // Unknown or malformed tokens: the invalid-link banner on the link's site.
    let cases = [
        (
            "/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef",
            "/subscribenewsletter?doi=invalid",
        ),
        (
            "/de/subscribenewsletter/confirm?token=nope",
            "/subscribenewsletter?doi=invalid",
        ),
        (
            "/hu/subscribenewsletter/confirm",
            "/hu/subscribenewsletter?doi=invalid",
        ),
        (
            "/ch-fr/subscribenewsletter/confirm?token=%3Cscript%3E",
            "/ch-fr/subscribenewsletter?doi=invalid",
        ),
        (
            "/tr/subscribenewsletter/confirm?token=",
            "/tr/subscribenewsletter?doi=invalid",
        ),
    ];
    for (path, target) in cases {
        let answer = shop.get(path).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{path}");
        assert_eq!(answer.header("location"), target, "{path}");
    }
    let long = format!(
        "/sk/subscribenewsletter/confirm?token={}&x={}",
        austrian,
        "y".repeat(5000)
    );
    assert_eq!(
        shop.get(&long).await.header("location"),
        "/sk/subscribenewsletter?doi=invalid"
    );
    assert_eq!(subscriber_rows(&shop), 2);
}

#[tokio::test]
async fn the_customer_base_data_needs_a_current_login_token() {
    let mut shop = Shop::open("nl-base-data", false);
    let refused = |answer: &Answer| {
        assert_problem(
            answer,
            StatusCode::UNAUTHORIZED,
            "urn:newsletter:unauthorized",
        )
    };
    refused(&shop.get(BASE_DATA).await);
    refused(
        &shop
            .get_with(
                BASE_DATA,
                &[("x-login-token", "0123456789abcdef0123456789abcdef")],
            )
            .await,
    );
    refused(&shop.get_with(BASE_DATA, &[("x-login-token", "")]).await);
    // A page of the shop asking for a visitor who is not logged in: no prefill, no error.
    assert_eq!(shop.get("/").await.status, StatusCode::OK);
    let csrf = shop.cookies.get("csrf").cloned().unwrap_or_default();
    let nobody = shop.get_with(BASE_DATA, &[("x-csrf-token", &csrf)]).await;
    assert_eq!(nobody.status, StatusCode::NO_CONTENT);
    assert_eq!(nobody.body, "");

    let token = log_in(&mut shop, "member").await;
    // The login cookie alone is refused: another site could make the browser send it.
    refused(&shop.get(BASE_DATA).await);
    // With the csrf cookie's value repeated in the header (double submit), the cookie is enough:
    // the page cannot read the HttpOnly login cookie to write x-login-token.
    if !shop.cookies.contains_key("csrf") {
        assert_eq!(shop.get("/").await.status, StatusCode::OK);
    }
    let csrf = shop.cookies.get("csrf").cloned().unwrap_or_default();
    let by_cookie = shop.get_with(BASE_DATA, &[("x-csrf-token", &csrf)]).await;
    assert_eq!(by_cookie.status, StatusCode::OK, "{}", by_cookie.body);
    refused(
        &shop
            .get_with(
                BASE_DATA,
                &[("x-csrf-token", "0123456789abcdef0123456789abcdef")],
            )
            .await,
    );
    let answer = shop.get_with(BASE_DATA, &[("x-login-token", &token)]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert_eq!(
        answer.body,
        r#"{"email":"maria.muster@example.com","salutation":"MRS","firstName":"Maria","lastName":"Muster","consentsAlreadyGiven":["DNE"]}"#
    );
    // Only under the private service path.
    let internal = shop
        .get_with(
            "/service/newsletter/api/internal/customers/base-data",
            &[("x-login-token", &token)],
        )
        .await;
    assert_ne!(internal.status, StatusCode::OK);

    let token = log_in(&mut shop, "customer").await;
    let data = shop
        .get_with(BASE_DATA, &[("x-login-token", &token)])
        .await
        .json();
    assert_eq!(text(&data, &["email"]), "max.kunde@example.com");
    assert_eq!(text(&data, &["salutation"]), "MR");
    assert_eq!(text(&data, &["firstName"]), "Max");
    assert_eq!(text(&data, &["lastName"]), "Kunde");
    assert!(list(&data, &["consentsAlreadyGiven"]).is_empty());

    // After logging out the token is no login.
    assert_eq!(shop.get("/logout").await.status, StatusCode::SEE_OTHER);
    refused(&shop.get_with(BASE_DATA, &[("x-login-token", &token)]).await);
}

#[tokio::test]
async fn the_visitor_data_tells_the_logged_in_customers_newsletter_status() {
    let mut shop = Shop::open("nl-psdata", false);
    assert_eq!(newsletter_status(&mut shop, &[]).await, None);
    signed_up(&mut shop, Some("DE"), &body("max.kunde@example.com")).await;
    // Nobody logged in, another browser: nothing to tell.
    let this_browser = std::mem::take(&mut shop.cookies);
    assert_eq!(newsletter_status(&mut shop, &[]).await, None);
    shop.cookies = this_browser;

    log_in(&mut shop, "customer").await;
    assert_eq!(
        newsletter_status(&mut shop, &[]).await,
        Some(NewsletterStatus::WaitingForDoi)
    );
    let answer = shop.get(NL_STATUS).await;
    assert_eq!(answer.body, r#"{"nl_status":"WAITING_FOR_DOI"}"#);
    // Another site: not signed up there (site header, parameter or the asking page).
    assert_eq!(newsletter_status(&mut shop, &[("site", "AT")]).await, None);
    assert_eq!(
        parse_newsletter_status(&shop.get(&format!("{NL_STATUS}?site=AT")).await.body),
        None
    );
    let from_austrian_page = [
        ("host", "localhost:8080"),
        ("referer", "http://localhost:8080/at/p/400001"),
    ];
    assert_eq!(
        newsletter_status(&mut shop, &from_austrian_page).await,
        None
    );

    // The e-mail's link confirms: SUBSCRIBED.
    let token = row(&shop, "DE", "max.kunde@example.com").0;
    shop.get(&format!("/subscribenewsletter/confirm?token={token}"))
        .await;
    assert_eq!(
        newsletter_status(&mut shop, &[]).await,
        Some(NewsletterStatus::Subscribed)
    );
    assert_eq!(
        newsletter_status(&mut shop, &[("site", "DE")]).await,
        Some(NewsletterStatus::Subscribed)
    );

    // Signed up on AT too: the Austrian pages see it.
    signed_up(&mut shop, Some("AT"), &body("Max.Kunde@example.com")).await;
    assert_eq!(
        newsletter_status(&mut shop, &from_austrian_page).await,
        Some(NewsletterStatus::WaitingForDoi)
    );

    // The member has not signed up.
    log_in(&mut shop, "member").await;
    assert_eq!(newsletter_status(&mut shop, &[]).await, None);
    // Logged out: this browser opened max.kunde's confirmation link on DE.
    shop.get("/logout").await;
    assert_eq!(
        shop.get(NL_STATUS).await.body,
        r#"{"nl_status":"SUBSCRIBED"}"#
    );
    shop.cookies.clear();
    assert_eq!(shop.get(NL_STATUS).await.body, r#"{"nl_status":null}"#);
}

#[tokio::test]
async fn the_visitor_data_tells_a_browser_what_it_signed_up_itself() {
    let mut shop = Shop::open("nl-psdata-visitor", false);
    // Another service's call, without a browser's cookie: no browser to remember.
    signed_up(&mut shop, Some("AT"), &body("service@example.com")).await;
    let visitor_rows = |shop: &Shop| -> i64 {
        database(shop)
            .query_row("SELECT count(*) FROM visitor_signups", [], |row| row.get(0))
            .unwrap_or_else(|error| panic!("{error}"))
    };
    assert_eq!(visitor_rows(&shop), 0);
    assert!(!shop.cookies.contains_key("shop_visitor"));
    // A browser has the visitor cookie from the page it signs up on.
    shop.get("/at/").await;
    assert!(shop.cookies.contains_key("shop_visitor"));
    // The footer's sign-up (the service) from a browser nobody is logged in with.
    signed_up(&mut shop, Some("AT"), &body("Lena@example.com")).await;
    assert_eq!(visitor_rows(&shop), 1);
    let at = [("site", "AT")];
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::WaitingForDoi)
    );
    // Only there: not on DE.
    assert_eq!(newsletter_status(&mut shop, &[]).await, None);
    let this_browser = shop.cookies.clone();

    // Its confirmation link, opened in this browser: subscribed.
    let token = row(&shop, "AT", "lena@example.com").0;
    shop.get(&format!("/at/subscribenewsletter/confirm?token={token}"))
        .await;
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::Subscribed)
    );
    // Signing the same address up again does not undo what it saw; another address waits.
    signed_up(&mut shop, Some("AT"), &body("lena@example.com")).await;
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::Subscribed)
    );
    signed_up(&mut shop, Some("AT"), &body("lena.k@example.com")).await;
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::WaitingForDoi)
    );

    // Another browser signing up an address someone confirmed learns only that it waits,
    // as the sign-up's answer tells nothing more.
    shop.cookies.clear();
    shop.get("/at/").await;
    signed_up(&mut shop, Some("AT"), &body("lena@example.com")).await;
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::WaitingForDoi)
    );
    // A browser that signed nothing up, and a refused sign-up, tell nothing.
    shop.cookies.clear();
    shop.get("/at/").await;
    let refused = sign_up(&mut shop, Some("AT"), &body("not an address")).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(newsletter_status(&mut shop, &at).await, None);

    // The sign-up page's form without JavaScript counts too.
    shop.cookies.clear();
    shop.get("/subscribenewsletter").await;
    let page = shop
        .send(
            "POST",
            "/subscribenewsletter",
            &[FORM],
            "email=paul%40example.com&consents=DNE",
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("paul@example.com"), "{}", page.body);
    assert_eq!(
        newsletter_status(&mut shop, &[]).await,
        Some(NewsletterStatus::WaitingForDoi)
    );

    // A login answers for the customer, not for what the browser signed up.
    shop.cookies = this_browser;
    log_in(&mut shop, "member").await;
    assert_eq!(newsletter_status(&mut shop, &at).await, None);
}

#[tokio::test]
async fn on_tr_a_browsers_own_unconfirmed_sign_up_goes_after_14_days_whether_or_not_the_owner_confirmed()
 {
    let mut shop = Shop::open("nl-psdata-tr-retention", false);
    let tr = [("site", "TR")];
    // The owner of one address confirms it; the other address is never confirmed.
    let owned = signed_up(
        &mut shop,
        Some("TR"),
        &named("sahip@example.com", "Ali", "Kaya", "MR"),
    )
    .await;
    let doi = format!("{}/{owned}/doi", subscribers(false));
    assert_eq!(
        shop.send("PUT", &doi, &[], "").await.status,
        StatusCode::NO_CONTENT
    );
    // Two strangers' browsers each sign up one of them; both learn only that it waits.
    let mut statuses = Vec::new();
    for email in ["sahip@example.com", "kimse@example.com"] {
        shop.cookies.clear();
        shop.get("/tr/").await;
        signed_up(&mut shop, Some("TR"), &named(email, "Can", "Demir", "MR")).await;
        assert_eq!(
            newsletter_status(&mut shop, &tr).await,
            Some(NewsletterStatus::WaitingForDoi)
        );
        statuses.push(shop.cookies.clone());
    }
    // Fifteen days later: neither browser tells anything, so neither tells which was confirmed.
    days_pass(&shop, 15);
    for browser in statuses {
        shop.cookies = browser;
        assert_eq!(newsletter_status(&mut shop, &tr).await, None);
    }
    // The confirmed address itself stays subscribed.
    assert_eq!(status_of(&shop, "TR", "sahip@example.com"), "SUBSCRIBED");
}

/// On TR a browser that opened the confirmation link of the address it signed up is still told
/// `SUBSCRIBED` after the 14 days: only what it remembers of an unconfirmed sign-up goes.
#[tokio::test]
async fn on_tr_a_browser_that_confirmed_its_own_sign_up_is_still_told_after_14_days() {
    let mut shop = Shop::open("nl-psdata-tr-confirmed", false);
    let tr = [("site", "TR")];
    shop.get("/tr/").await;
    let token = signed_up(
        &mut shop,
        Some("TR"),
        &named("kendim@example.com", "Ali", "Kaya", "MR"),
    )
    .await;
    shop.get(&format!("/tr/subscribenewsletter/confirm?token={token}"))
        .await;
    assert_eq!(
        newsletter_status(&mut shop, &tr).await,
        Some(NewsletterStatus::Subscribed)
    );
    days_pass(&shop, 15);
    assert_eq!(
        newsletter_status(&mut shop, &tr).await,
        Some(NewsletterStatus::Subscribed)
    );
}

/// On TR the 14 days count from the address's last sign-up: signing up again (which sends a new
/// link) starts them anew.
#[tokio::test]
async fn on_tr_signing_up_again_starts_the_14_days_anew() {
    let mut shop = Shop::open("nl-tr-sign-up-again", false);
    let body = named("tekrar@example.com", "Ali", "Kaya", "MR");
    let token = signed_up(&mut shop, Some("TR"), &body).await;
    days_pass(&shop, 13);
    assert_eq!(signed_up(&mut shop, Some("TR"), &body).await, token);
    // Thirteen days after the second sign-up (26 after the first) the link still confirms.
    days_pass(&shop, 13);
    let answer = shop.get(&format!("{}/{token}", subscribers(false))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(
        status_of(&shop, "TR", "tekrar@example.com"),
        "WAITING_FOR_DOI"
    );
}

/// On TR a browser that signs its address up again is told that it waits for as long as the
/// address does: 14 days from that last sign-up.
#[tokio::test]
async fn on_tr_a_browser_signing_up_again_is_told_it_waits_14_days_from_then() {
    let mut shop = Shop::open("nl-psdata-tr-again", false);
    let tr = [("site", "TR")];
    shop.get("/tr/").await;
    let body = named("yine@example.com", "Ali", "Kaya", "MR");
    signed_up(&mut shop, Some("TR"), &body).await;
    days_pass(&shop, 13);
    signed_up(&mut shop, Some("TR"), &body).await;
    days_pass(&shop, 13);
    assert_eq!(
        status_of(&shop, "TR", "yine@example.com"),
        "WAITING_FOR_DOI"
    );
    assert_eq!(
        newsletter_status(&mut shop, &tr).await,
        Some(NewsletterStatus::WaitingForDoi)
    );
}

/// A browser that signed up one address and then opened the confirmation link of another is
/// told `SUBSCRIBED` for that one only: signing its first address up again waits.
#[tokio::test]
async fn a_browser_is_told_subscribed_only_for_the_address_whose_link_it_opened() {
    let mut shop = Shop::open("nl-psdata-other-link", false);
    let at = [("site", "AT")];
    // Another service signs up the second address (no browser of its own).
    let other = signed_up(&mut shop, Some("AT"), &body("zweite@example.com")).await;
    shop.get("/at/").await;
    signed_up(&mut shop, Some("AT"), &body("erste@example.com")).await;
    shop.get(&format!("/at/subscribenewsletter/confirm?token={other}"))
        .await;
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::Subscribed)
    );
    // The first address was never confirmed.
    signed_up(&mut shop, Some("AT"), &body("erste@example.com")).await;
    assert_eq!(
        status_of(&shop, "AT", "erste@example.com"),
        "WAITING_FOR_DOI"
    );
    assert_eq!(
        newsletter_status(&mut shop, &at).await,
        Some(NewsletterStatus::WaitingForDoi)
    );
}

/// Consents add up over sign-ups of a waiting address, each kept once.
#[tokio::test]
async fn a_consent_given_again_is_kept_once() {
    let mut shop = Shop::open("nl-consents-once", false);
    let token = signed_up(&mut shop, Some("AT"), &body("einmal@example.com")).await;
    signed_up(&mut shop, Some("AT"), &body("einmal@example.com")).await;
    assert_eq!(row(&shop, "AT", "einmal@example.com").6, r#"["DNE"]"#);
    let subscriber = shop
        .get(&format!("{}/{token}", subscribers(false)))
        .await
        .json();
    assert_eq!(list(&subscriber, &["consents"]).len(), 1);
}

/// A login token that is no current login is refused with 401, also when the page's csrf double
/// submit comes with it: only a request without the header is a visitor asking for no prefill.
#[tokio::test]
async fn a_stale_login_token_is_refused_with_the_csrf_double_submit_too() {
    let mut shop = Shop::open("nl-base-data-stale", false);
    assert_eq!(shop.get("/").await.status, StatusCode::OK);
    let csrf = shop.cookies.get("csrf").cloned().unwrap_or_default();
    let answer = shop
        .get_with(
            BASE_DATA,
            &[
                ("x-csrf-token", &csrf),
                ("x-login-token", "0123456789abcdef0123456789abcdef"),
            ],
        )
        .await;
    assert_problem(
        &answer,
        StatusCode::UNAUTHORIZED,
        "urn:newsletter:unauthorized",
    );
    let nobody = shop.get_with(BASE_DATA, &[("x-csrf-token", &csrf)]).await;
    assert_eq!(nobody.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn the_newsletter_fault_fails_the_sign_up() {
    let mut shop = Shop::open("nl-fault", true);
    shop.faults(r#"{"newsletter":true}"#).await;
    let answer = sign_up(&mut shop, Some("DE"), &body("a@example.com")).await;
    assert_problem(
        &answer,
        StatusCode::INTERNAL_SERVER_ERROR,
        "urn:newsletter:unavailable",
    );
    assert_eq!(
        map_signup_response(500, &answer.body),
        SignupOutcome::ErrorGeneric
    );
    assert_eq!(subscriber_rows(&shop), 0);
    shop.faults("{}").await;
    signed_up(&mut shop, Some("DE"), &body("a@example.com")).await;
    assert_eq!(subscriber_rows(&shop), 1);
}

#[tokio::test]
async fn the_sign_up_page_and_each_of_its_links_answer_on_every_site() {
    use shop_core::site::Site;
    let mut shop = Shop::open("nl-pages", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let page = shop.get(&format!("{prefix}/subscribenewsletter")).await;
        assert_eq!(page.status, StatusCode::OK, "{site:?}");
        // The slot the sign-up fragment mounts into, with its static notice.
        assert!(page.body.contains("id=\"shell-newsletter\""), "{site:?}");
        assert!(page.body.contains("data-static-newsletter"), "{site:?}");
        let links = shop_core::forms::newsletter_form(site).links;
        let paths = [
            Some(links.privacy),
            Some(links.contact),
            Some(links.voucher_conditions),
            links.data_protection_notice,
            links.newsletter_information,
            links.commercial_message_consent,
            links.marketing_consent,
            links.privacy_notice,
            links.sample_newsletter,
        ];
        for path in paths.into_iter().flatten() {
            let answer = shop.get(&format!("{prefix}{path}")).await;
            assert_eq!(answer.status, StatusCode::OK, "{site:?} {path}");
        }
    }
}

#[tokio::test]
async fn the_outbox_holds_the_confirmation_link_for_tests_only() {
    let mut shop = Shop::open("nl-outbox", true);
    let token = signed_up(&mut shop, Some("AT"), &body("olga@example.com")).await;
    let mail = shop
        .get("/service/test/outbox?site=AT&email=Olga%40example.com")
        .await;
    assert_eq!(mail.status, StatusCode::OK, "{}", mail.body);
    let link = text(&mail.json(), &["confirmLink"]).to_owned();
    assert_eq!(
        link,
        format!("/at/subscribenewsletter/confirm?token={token}")
    );
    assert_eq!(
        shop.get("/service/test/outbox?site=DE&email=olga%40example.com")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let answer = shop.get(&link).await;
    assert_eq!(
        answer.header("location"),
        "/at/subscribenewsletter?doi=confirmed"
    );

    // Without the test switch there is no outbox, not even for an address that has mail in it.
    let mut plain = Shop::open("nl-no-outbox", false);
    let token = signed_up(&mut plain, Some("AT"), &body("olga@example.com")).await;
    let mail = plain
        .get("/service/test/outbox?site=AT&email=olga%40example.com")
        .await;
    assert_ne!(mail.status, StatusCode::OK);
    assert!(!mail.body.contains(&token), "{}", mail.body);
}

#[tokio::test]
async fn a_refused_sign_up_leaves_the_address_as_it_was() {
    let mut shop = Shop::open("nl-refused-again", false);
    let token = signed_up(
        &mut shop,
        Some("HU"),
        &named("bela@example.com", "Béla", "Kiss", "MR"),
    )
    .await;
    let before = row(&shop, "HU", "bela@example.com");
    // HU requires names: the second sign-up is refused and changes nothing.
    let answer = sign_up(&mut shop, Some("HU"), &body("bela@example.com")).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(row(&shop, "HU", "bela@example.com"), before);
    assert_eq!(before.0, token);
}

/// Posts the sign-up page's form without JavaScript (url-encoded, as a browser sends it).
async fn post_form(shop: &mut Shop, path: &str, form: &str) -> Answer {
    shop.send("POST", path, &[FORM], form).await
}

/// The names of a page's form controls, in page order.
fn control_names(html: &str) -> Vec<String> {
    html.split("name=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(name, _)| name.to_owned()))
        .collect()
}

#[tokio::test]
async fn without_javascript_the_sign_up_page_has_the_site_s_own_form() {
    let mut shop = Shop::open("nl-form-fields", false);
    for (prefix, fields, action) in [
        (
            "",
            &["email", "consents", "website"][..],
            "/subscribenewsletter",
        ),
        (
            "/hu",
            &[
                "email",
                "salutation",
                "salutation",
                "salutation",
                "salutation",
                "firstName",
                "lastName",
                "consents",
                "website",
            ][..],
            "/hu/subscribenewsletter",
        ),
        (
            "/tr",
            &[
                "email",
                "firstName",
                "lastName",
                "legals",
                "consents",
                "website",
            ][..],
            "/tr/subscribenewsletter",
        ),
    ] {
        let page = shop.get(&format!("{prefix}/subscribenewsletter")).await;
        assert_eq!(page.status, StatusCode::OK);
        let form = page
            .body
            .split_once("<form class=\"shell-signup__form\"")
            .map_or("", |(_, form)| form);
        assert_eq!(control_names(form), fields.to_vec(), "{prefix}");
        assert!(form.contains(&format!("action=\"{action}\"")), "{prefix}");
        // Inside the fragment's slot, after the page's heading (the fragment brings its own), with
        // the loading notice the styles hide without scripts.
        assert!(
            page.body
                .contains("<div data-static-newsletter><h1 class=\"shell-heading\">")
        );
        assert!(
            page.body
                .contains("</h1><p class=\"shell-newsletter__loading\">")
        );
    }
    let hu = shop.get("/hu/subscribenewsletter").await.body;
    assert!(
        hu.contains("<legend>Megszólítás *</legend>"),
        "HU requires the salutation"
    );
    // Every site's form speaks its language: no text is missing (a missing one shows its key),
    // also with every error showing.
    for site in shop_core::site::Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let path = format!("{prefix}/subscribenewsletter");
        let page = shop.get(&path).await.body;
        let refused = post_form(&mut shop, &path, "email=x&firstName=www.x.example")
            .await
            .body;
        for html in [page, refused] {
            assert!(!html.contains("newsletter."), "{site:?}: a text is missing");
            assert!(html.contains(&format!("lang=\"{}\"", site.locale().tag())));
        }
    }
    let cz = shop.get("/cz/subscribenewsletter").await.body;
    assert!(cz.contains("18"), "the minimum age of CZ");
    // TR's legal text states the days after which the server deletes an unconfirmed sign-up
    // (the core's rule, which `tr_deletes_a_sign_up_left_unconfirmed_for_14_days` holds).
    let tr = shop.get("/tr/subscribenewsletter").await.body;
    let days = shop_core::forms::TR_UNCONFIRMED_SIGNUP_DAYS;
    assert!(
        tr.contains(&format!("Onaylanmayan kayıtlar {days} gün sonra silinir")),
        "TR's legal text and the deletion rule agree"
    );
    // A confirmation link's outcome shows above the form.
    let confirmed = shop.get("/subscribenewsletter?doi=confirmed").await.body;
    assert!(confirmed.contains("Vielen Dank! Deine Anmeldung ist bestätigt."));
}

#[tokio::test]
async fn the_form_without_javascript_signs_up_by_the_site_s_rules_and_keeps_what_was_entered() {
    let mut shop = Shop::open("nl-form-post", true);
    // HU requires salutation and names: every error under its field, the values kept, the first
    // field in error focused, nothing stored.
    let refused = post_form(
        &mut shop,
        "/hu/subscribenewsletter",
        "email=anna%40example.com&firstName=%3Cb%3EAnna&lastName=&consents=DNE&website=",
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(refused.body.contains("lang=\"hu-HU\""));
    assert!(refused.body.contains("value=\"anna@example.com\""));
    assert!(
        refused.body.contains("value=\"&lt;b&gt;Anna\""),
        "kept, escaped"
    );
    assert!(!refused.body.contains("<b>Anna"));
    assert!(
        refused.body.contains("value=\"DNE\" checked"),
        "the consent kept"
    );
    assert!(
        refused
            .body
            .contains("aria-describedby=\"shell-signup-salutation-error\" autofocus")
    );
    assert!(refused.body.contains("id=\"shell-signup-firstName-error\""));
    assert!(refused.body.contains("id=\"shell-signup-lastName-error\""));
    assert!(!refused.body.contains("id=\"shell-signup-email-error\""));
    assert!(
        !refused.body.contains("id=\"shell-newsletter\""),
        "no fragment takes over the answer"
    );
    assert_eq!(subscriber_rows(&shop), 0);

    let sent = post_form(
        &mut shop,
        "/hu/subscribenewsletter",
        "email=Anna%40Example.com&salutation=MRS&firstName=Anna&lastName=Kov%C3%A1cs&consents=DNE&website=",
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert!(sent.body.contains("role=\"status\""));
    assert!(sent.body.contains("Anna@Example.com"));
    let stored = row(&shop, "HU", "anna@example.com");
    assert_eq!(
        (
            stored.3.as_deref(),
            stored.4.as_deref(),
            stored.5.as_deref()
        ),
        (Some("MRS"), Some("Anna"), Some("Kovács"))
    );
    assert_eq!(
        (stored.7.as_str(), stored.8.as_str()),
        ("NEWSLETTER", "newsletterpage")
    );
    assert_eq!(
        status_of(&shop, "HU", "anna@example.com"),
        "WAITING_FOR_DOI"
    );

    // TR: the legal checkbox is required.
    let tr = post_form(
        &mut shop,
        "/tr/subscribenewsletter",
        "email=e%40example.com&firstName=Ela&lastName=Kaya",
    )
    .await;
    assert_eq!(tr.status, StatusCode::BAD_REQUEST);
    assert!(tr.body.contains("id=\"shell-signup-legals-error\""));
    // A filled trap: a bot is shown success, nothing is stored.
    let bot = post_form(
        &mut shop,
        "/subscribenewsletter",
        "email=bot%40example.com&website=spam",
    )
    .await;
    assert_eq!(bot.status, StatusCode::OK);
    assert_eq!(subscriber_rows(&shop), 1);
    // The service down: the generic error, every value kept.
    shop.faults(r#"{"newsletter":true}"#).await;
    let failed = post_form(&mut shop, "/subscribenewsletter", "email=max%40example.com").await;
    assert_eq!(failed.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(failed.body.contains("Aus technischen Gründen"));
    assert!(failed.body.contains("value=\"max@example.com\""));
    assert_eq!(subscriber_rows(&shop), 1);
    shop.faults("{}").await;

    // Only url-encoded forms from this origin.
    let foreign = shop
        .send(
            "POST",
            "/subscribenewsletter",
            &[FORM, ("origin", "https://elsewhere.example")],
            "email=x%40example.com",
        )
        .await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    let json = shop
        .send("POST", "/subscribenewsletter", &[JSON], "{}")
        .await;
    assert_eq!(json.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(subscriber_rows(&shop), 1);
}

/// The `<input ...>` tag of a page's control `name` (the first one).
fn input_tag<'a>(html: &'a str, name: &str) -> &'a str {
    let marker = format!("name=\"{name}\"");
    html.split("<input ")
        .skip(1)
        .map(|rest| rest.split_once('>').map_or(rest, |(tag, _)| tag))
        .find(|tag| tag.contains(&marker))
        .unwrap_or_else(|| panic!("no input {name}"))
}

/// The message under a field of the form without JavaScript (empty when it has none).
fn field_error<'a>(html: &'a str, field: &str) -> &'a str {
    let marker = format!("id=\"shell-signup-{field}-error\">");
    html.split_once(&marker)
        .and_then(|(_, rest)| rest.split_once("</p>"))
        .map_or("", |(message, _)| message)
}

#[tokio::test]
async fn without_javascript_a_name_too_long_is_told_the_maximum_not_invalid_characters() {
    let mut shop = Shop::open("nl-form-too-long", false);
    // The form's text inputs take no more than the fields do, as the fragment's inputs.
    let page = shop.get("/at/subscribenewsletter").await.body;
    assert!(input_tag(&page, "email").contains("maxlength=\"256\""));
    assert!(input_tag(&page, "firstName").contains("maxlength=\"40\""));
    assert!(input_tag(&page, "lastName").contains("maxlength=\"40\""));

    // A post that carries 41 letters anyway (an old browser, a pasted prefill) is refused with
    // the maximum under the field, and every value stays.
    let long = "Maximiliane-Theodora-Friederike-Augustina";
    assert_eq!(long.chars().count(), 41);
    let refused = post_form(
        &mut shop,
        "/at/subscribenewsletter",
        &format!(
            "email=anna%40example.com&salutation=MRS&firstName={long}&lastName=Muster&consents=DNE&website="
        ),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        field_error(&refused.body, "firstName"),
        "Bitte geben Sie höchstens 40 Zeichen ein."
    );
    assert!(
        !refused.body.contains("ungültige Zeichen"),
        "not told it is invalid"
    );
    assert_eq!(field_error(&refused.body, "lastName"), "");
    let first = input_tag(&refused.body, "firstName");
    assert!(first.contains(&format!("value=\"{long}\"")), "{first}");
    assert!(first.contains("aria-describedby=\"shell-signup-firstName-error\" autofocus"));
    assert!(input_tag(&refused.body, "email").contains("value=\"anna@example.com\""));
    assert!(input_tag(&refused.body, "lastName").contains("value=\"Muster\""));
    assert!(refused.body.contains("value=\"MRS\" checked"));
    assert!(refused.body.contains("value=\"DNE\" checked"));
    assert_eq!(subscriber_rows(&shop), 0);

    // Disallowed characters and web addresses keep the spec's own message.
    let spam = post_form(
        &mut shop,
        "/at/subscribenewsletter",
        "email=anna%40example.com&firstName=Anna&lastName=www.spam.example",
    )
    .await;
    assert_eq!(spam.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        field_error(&spam.body, "lastName"),
        "Dieses Feld enthält ungültige Zeichen."
    );

    // Every site with names says it in its language, with the number filled in.
    let tr = post_form(
        &mut shop,
        "/tr/subscribenewsletter",
        &format!(
            "email=ela%40example.com&firstName=Ela&lastName={}&legals=NEWSLETTER",
            "k".repeat(41)
        ),
    )
    .await;
    assert_eq!(tr.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        field_error(&tr.body, "lastName"),
        "Lütfen en fazla 40 karakter girin."
    );
    let hu = post_form(
        &mut shop,
        "/hu/subscribenewsletter",
        &format!(
            "email=bela%40example.com&salutation=MR&firstName={}&lastName=Kiss",
            "b".repeat(41)
        ),
    )
    .await;
    assert_eq!(
        field_error(&hu.body, "firstName"),
        "Legfeljebb 40 karaktert adj meg."
    );
    for site in shop_core::site::Site::ALL {
        if !shop_core::forms::newsletter_form(site)
            .last_name
            .is_visible()
        {
            continue;
        }
        let path = format!(
            "{}/subscribenewsletter",
            shop_server::pages::site_prefix(site)
        );
        let answer = post_form(&mut shop, &path, &format!("lastName={}", "n".repeat(41))).await;
        let message = field_error(&answer.body, "lastName");
        assert!(
            message.contains("40") && !message.contains('{'),
            "{site:?}: {message}"
        );
    }
    assert_eq!(subscriber_rows(&shop), 0);
}

/// The sign-up form of a page (from its `<form>` to its end).
fn signup_form(html: &str) -> &str {
    html.split_once("<form class=\"shell-signup__form\"")
        .and_then(|(_, form)| form.split_once("</form>"))
        .map_or("", |(form, _)| form)
}

#[tokio::test]
async fn a_logged_in_customer_s_form_is_prefilled_and_hides_a_consent_already_given() {
    let mut shop = Shop::open("nl-form-customer", false);
    // A visitor: the empty form with the personalised-offers checkbox.
    let visitor = shop.get("/at/subscribenewsletter").await.body;
    let form = signup_form(&visitor);
    assert!(form.contains("name=\"email\" value=\"\""), "{form}");
    assert!(form.contains("name=\"consents\" value=\"DNE\""), "{form}");

    // Maria (member) has given the DNE consent: her form is prefilled from her base data (AT
    // shows salutation and names) and has no DNE checkbox (newsletter spec sections 4 and 6).
    log_in(&mut shop, "member").await;
    let page = shop.get("/at/subscribenewsletter").await.body;
    let form = signup_form(&page);
    assert!(
        form.contains("name=\"email\" value=\"maria.muster@example.com\""),
        "{form}"
    );
    assert!(
        form.contains("name=\"salutation\" value=\"MRS\" checked"),
        "{form}"
    );
    assert!(!form.contains("value=\"MR\" checked"), "{form}");
    assert!(
        form.contains("name=\"firstName\" value=\"Maria\""),
        "{form}"
    );
    assert!(
        form.contains("name=\"lastName\" value=\"Muster\""),
        "{form}"
    );
    assert!(
        !control_names(form).contains(&"consents".to_owned()),
        "{form}"
    );

    // A post is judged as sent: what she typed wins over her base data, an emptied field stays
    // empty, and DNE (sent anyway) is left out of the request, as she has given it already.
    let sent = post_form(
        &mut shop,
        "/at/subscribenewsletter",
        "email=maria%40example.com&salutation=MRS&firstName=Mia&lastName=&consents=DNE&website=",
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert!(sent.body.contains("maria@example.com"));
    let stored = row(&shop, "AT", "maria@example.com");
    assert_eq!(
        (
            stored.3.as_deref(),
            stored.4.as_deref(),
            stored.5.as_deref(),
            stored.6.as_str()
        ),
        (Some("MRS"), Some("Mia"), None, "[]"),
        "{stored:?}"
    );

    // A refused post keeps her values (no prefill over them, not even an emptied e-mail: a post
    // never signs up an address it did not carry), and still no DNE checkbox.
    let refused = post_form(
        &mut shop,
        "/at/subscribenewsletter",
        "email=&firstName=www.example.com&salutation=MR&consents=DNE",
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let form = signup_form(&refused.body);
    assert!(form.contains("name=\"email\" value=\"\""), "{form}");
    assert!(form.contains("id=\"shell-signup-email-error\""), "{form}");
    assert!(form.contains("value=\"MR\" checked"), "{form}");
    assert!(form.contains("value=\"www.example.com\""), "{form}");
    assert!(form.contains("name=\"lastName\" value=\"\""), "{form}");
    assert!(
        form.contains("id=\"shell-signup-firstName-error\""),
        "{form}"
    );
    assert!(
        !control_names(form).contains(&"consents".to_owned()),
        "{form}"
    );
    assert_eq!(subscriber_rows(&shop), 1, "nothing more stored");

    // Max (customer) has not given it: prefilled, with the checkbox, and his DNE is sent.
    log_in(&mut shop, "customer").await;
    let page = shop.get("/subscribenewsletter").await.body;
    let form = signup_form(&page);
    assert!(
        form.contains("name=\"email\" value=\"max.kunde@example.com\""),
        "{form}"
    );
    assert!(form.contains("name=\"consents\" value=\"DNE\""), "{form}");
    let sent = post_form(
        &mut shop,
        "/subscribenewsletter",
        "email=max.kunde%40example.com&consents=DNE",
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert_eq!(row(&shop, "DE", "max.kunde@example.com").6, "[\"DNE\"]");
}
