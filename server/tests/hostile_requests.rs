//! Whatever a request carries, the shop answers it without a server error and without touching
//! another visitor's data: property tests send arbitrary paths, queries, bodies, cookies and
//! headers to every route of the shell origin (against a real SQLite file), then check that a
//! shopper's cart and a subscriber's sign-up are as they were.

// Test code: a failed set-up is a failed test.
#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Shop, temp_dir};
use proptest::prelude::*;

/// Every route of the shell origin; `{}` is filled with an arbitrary, percent-encoded text.
const ROUTES: &[&str] = &[
    "/service/cart/api/cart",
    "/service/searchfrontend/api/suggestions?q={}&site={}&maxSearchTerms={}&maxProducts={}",
    "/service/searchfrontend/api/cachekey",
    "/jsonflyoutnavigation?site={}",
    "/service/themeworld-frontend/api/themeworlds/navigation",
    "/service/customerfrontenddata/api/v1/psdata",
    "/json/psdata",
    "/signin?loginRedirect={}",
    "/service/promotion/api/promotion/{}?tags={}&tags={}",
    "/service/promotion/api/promotion/SHOP_FOOTER",
    "/service/abtestfrontend/api/v1/getassignment",
    "/service/abtestfrontend/api/v1/gettestsat?time={}",
    "/embed?fragment={}&site={}",
    "/service/newsletter/api/internal/newsletter-subscribers",
    "/service/newsletter/api/private/newsletter-subscribers/{}",
    "/service/newsletter/api/internal/newsletter-subscribers/{}/doi",
    "/service/newsletter/api/private/customers/base-data",
    "/at/subscribenewsletter/confirm?token={}",
    "/subscribenewsletter",
    "/hu/subscribenewsletter?doi={}",
    "/cart/add",
    "/tr/cart/add?{}",
    "/cart/remove",
    "/service/preview/api/auth/checkauth",
    "/service/preview/api/auth/login/renew",
    "/service/preview/api/auth/logout",
    "/service/preview/api/token?test={}&group={}&date={}&time={}&promotionIds={}",
    "/staff?{}",
    "/{}",
    "/tr/{}?q={}",
    "/search?q={}",
    "/shell/{}",
    "/img/{}",
    "/service/consent/{}",
];

/// Percent-encodes every byte but unreserved ASCII, so any text fits into a URI.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

/// Any text, short or long (longer than a file name or a search term may be).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![3 => any::<String>(), 1 => "\\PC{100,400}"]
}

fn route() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(ROUTES),
        proptest::collection::vec(text(), 5),
    )
        .prop_map(|(route, parts)| {
            let mut filled = String::new();
            let mut parts = parts.iter();
            for (index, piece) in route.split("{}").enumerate() {
                if index > 0 {
                    filled.push_str(&encoded(parts.next().map_or("", String::as_str)));
                }
                filled.push_str(piece);
            }
            filled
        })
}

/// JSON-shaped bodies with the fields the services read, and any text at all.
fn body() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| n.to_string()),
        Just("1e999".to_owned()),
        any::<String>().prop_map(|text| shop_core::json::to_string(&text)),
        proptest::sample::select(
            &[
                "\"DE\"",
                "\"TR\"",
                "\"400001\"",
                "\"DNE\"",
                "\"NEWSLETTER\""
            ][..]
        )
        .prop_map(str::to_owned),
    ];
    let json = leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6)
                .prop_map(|items| format!("[{}]", items.join(","))),
            proptest::collection::vec(
                (
                    proptest::sample::select(
                        &[
                            "email",
                            "firstName",
                            "lastName",
                            "salutation",
                            "consents",
                            "origin",
                            "originAddition",
                            "categories",
                            "birthday",
                            "setArticle",
                            "productId",
                            "quantity",
                            "tcm",
                            "deleteArticle",
                            "setSubscription",
                            "account",
                            "id",
                        ][..]
                    ),
                    inner,
                ),
                0..6,
            )
            .prop_map(|members| {
                let members: Vec<String> = members
                    .iter()
                    .map(|(key, value)| format!("\"{key}\":{value}"))
                    .collect();
                format!("{{{}}}", members.join(","))
            }),
        ]
    });
    // The pages' forms without JavaScript: url-encoded fields they read, with any values (the
    // tile form's `modification` is JSON, the way back a path).
    let form = proptest::collection::vec(
        (
            proptest::sample::select(
                &[
                    "email",
                    "salutation",
                    "firstName",
                    "lastName",
                    "consents",
                    "legals",
                    "website",
                    "modification",
                    "back",
                    "line",
                ][..],
            ),
            prop_oneof![text(), json.clone()],
        ),
        0..8,
    )
    .prop_map(|fields| {
        fields
            .iter()
            .map(|(name, value)| format!("{name}={}", encoded(value)))
            .collect::<Vec<_>>()
            .join("&")
    });
    prop_oneof![
        6 => json,
        2 => form,
        2 => any::<String>(),
        1 => (1..20_000usize).prop_map(|depth| "[".repeat(depth)),
        1 => (1..40_000usize).prop_map(|length| format!("{{\"email\":\"{}\"}}", "a".repeat(length))),
    ]
}

/// Header values: any visible ASCII (what an HTTP header can carry at all).
fn header_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ -~]{0,60}",
        proptest::sample::select(&["DE", "CH_FR", "TR", "XX", "", "application/json"][..])
            .prop_map(str::to_owned),
    ]
}

/// Who sends the request: a stranger, a signed-in loyalty-card member, or staff.
#[derive(Debug, Clone, Copy)]
enum Sender {
    Stranger,
    Member,
    Staff,
}

#[derive(Debug, Clone)]
struct Hostile {
    sender: Sender,
    method: &'static str,
    path: String,
    body: String,
    content_type: Option<String>,
    site: Option<String>,
    cookie: Option<String>,
    referer: Option<String>,
}

fn hostile() -> impl Strategy<Value = Hostile> {
    (
        proptest::sample::select(&[Sender::Stranger, Sender::Member, Sender::Staff][..]),
        proptest::sample::select(&["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"][..]),
        route(),
        body(),
        proptest::option::of(prop_oneof![
            Just("application/json".to_owned()),
            Just("application/x-www-form-urlencoded".to_owned()),
            header_value(),
        ]),
        proptest::option::of(header_value()),
        proptest::option::of(prop_oneof![
            "[ -~]{0,60}".prop_map(|value| value.replace(';', "")),
            "[a-zA-Z_]{1,12}=[!-~]{0,40}".prop_map(|value| value.replace(';', "")),
        ]),
        proptest::option::of(header_value()),
    )
        .prop_map(
            |(sender, method, path, body, content_type, site, cookie, referer)| Hostile {
                sender,
                method,
                path,
                body,
                content_type,
                site,
                cookie,
                referer,
            },
        )
}

const CART: &str = shop_core::cart::CART_SERVICE_PATH;

/// Puts two of article 400001 into the cart of the jar's visitor.
async fn add_two_articles(shop: &mut Shop) -> common::Answer {
    shop.send(
        "PUT",
        CART,
        &[("content-type", "application/json")],
        r#"{"setArticle":{"productId":"400001","quantity":2}}"#,
    )
    .await
}

/// A shopper with an article in the cart, and a signed-up subscriber: what no other visitor's
/// request may change.
async fn shopper_and_subscriber(shop: &mut Shop) -> (String, String) {
    let added = add_two_articles(shop).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let signed_up = shop
        .send(
            "POST",
            &shop_server::newsletter::subscribers_route(false),
            &[("content-type", "application/json"), ("site", "AT")],
            r#"{"email":"kept@example.com","consents":[],"origin":"NEWSLETTER","originAddition":"footer"}"#,
        )
        .await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.body);
    (shop.get(CART).await.body, subscriber_rows(shop))
}

/// The stored sign-ups, as text.
fn subscriber_rows(shop: &Shop) -> String {
    let database =
        rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
            .unwrap_or_else(|error| panic!("{error}"));
    let mut query = database
        .prepare("SELECT site, email, status, consents FROM newsletter_subscribers ORDER BY email")
        .unwrap_or_else(|error| panic!("{error}"));
    let rows: Vec<String> = query
        .query_map([], |row| {
            Ok(format!(
                "{}|{}|{}|{}",
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?
            ))
        })
        .unwrap_or_else(|error| panic!("{error}"))
        .filter_map(Result::ok)
        .collect();
    rows.join("\n")
}

/// Signs the sender in (the member through the sign-in form, staff through the staff login).
async fn sign_in(shop: &mut Shop, sender: Sender) {
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let answer = match sender {
        Sender::Stranger => return,
        Sender::Member => shop.send("POST", "/signin", &form, "account=member").await,
        Sender::Staff => {
            shop.send("POST", shop_server::preview::STAFF_LOGIN_PATH, &form, "")
                .await
        }
    };
    assert_eq!(
        answer.status,
        StatusCode::SEE_OTHER,
        "{sender:?}: {}",
        answer.body
    );
}

#[test]
fn no_request_gets_a_server_error_or_a_sniffable_answer_or_changes_another_visitors_data() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap_or_else(|error| panic!("{error}"));
    // One shop for the whole run, as in production: what one request stored is there for the next.
    let config = common::config(temp_dir("hostile-requests"), false);
    let mut shopper = Shop::with_config(config);
    let (cart, subscribers) = runtime.block_on(shopper_and_subscriber(&mut shopper));

    proptest!(ProptestConfig::with_cases(1000), |(request in hostile())| {
        let mut stranger = shopper.another_browser();
        runtime.block_on(sign_in(&mut stranger, request.sender));
        // The request's own cookie header follows the session's cookies (one header, as a
        // browser sends it), so it can add to them or repeat their names.
        let jar: String = stranger.cookies.iter().map(|(name, value)| format!("{name}={value}; ")).collect();
        let cookie = [jar.as_str(), request.cookie.as_deref().unwrap_or_default()].concat();
        stranger.cookies.clear();
        let mut headers: Vec<(&str, &str)> = Vec::new();
        if let Some(value) = &request.content_type { headers.push(("content-type", value)); }
        if let Some(value) = &request.site { headers.push(("site", value)); }
        if !cookie.is_empty() { headers.push(("cookie", &cookie)); }
        if let Some(value) = &request.referer { headers.push(("referer", value)); }
        let answer = runtime.block_on(stranger.send(request.method, &request.path, &headers, &request.body));
        prop_assert!(answer.status.as_u16() < 500, "{} {} -> {}: {}", request.method, request.path, answer.status, answer.body);
        // Whatever it is (page, service, redirect, refusal), a browser takes it as the type it
        // names.
        prop_assert_eq!(answer.header("x-content-type-options"), "nosniff", "{} {}", request.method, request.path);
    });

    let (cart_after, subscribers_after) =
        runtime.block_on(async { (shopper.get(CART).await.body, subscriber_rows(&shopper)) });
    assert_eq!(cart_after, cart);
    assert_eq!(subscribers_after, subscribers);
}

/// The five forms that work without JavaScript refuse a body over the form limit in the JSON
/// error shape of their other refusals (not axum's plain text), and a form from another origin
/// is refused as such whatever its size.
#[tokio::test]
async fn an_oversized_form_is_refused_in_the_services_own_shape() {
    let mut shop = Shop::open("oversized-forms", false);
    let form = ("content-type", "application/x-www-form-urlencoded");
    let huge = format!("account=member&filler={}", "x".repeat(5000));
    for path in [
        "/signin",
        "/staff",
        "/subscribenewsletter",
        "/cart/add",
        "/pl/cart/remove",
    ] {
        let answer = shop.send("POST", path, &[form], &huge).await;
        assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE, "{path}");
        assert!(
            answer
                .header("content-type")
                .starts_with("application/json"),
            "{path}: {}",
            answer.header("content-type")
        );
        let error = answer.json();
        assert_eq!(common::text(&error, &["error"]), "BAD_REQUEST", "{path}");
        assert!(
            common::text(&error, &["message"]).contains("larger than 4 KiB"),
            "{path}: {}",
            answer.body
        );
        let foreign = shop
            .send(
                "POST",
                path,
                &[form, ("origin", "https://elsewhere.example")],
                &huge,
            )
            .await;
        assert_eq!(foreign.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert!(!shop.cookies.contains_key("LoginToken"), "nobody signed in");
}

/// A method an address does not take is answered 405 with the `Allow` header and a message in
/// the service's error shape, never cached.
#[tokio::test]
async fn a_method_an_address_does_not_take_is_405_in_the_services_own_shape() {
    let mut shop = Shop::open("method-not-allowed", false);
    for (method, path, content_type) in [
        ("DELETE", "/service/cart/api/cart", "application/json"),
        (
            "POST",
            "/service/searchfrontend/api/suggestions",
            "application/json",
        ),
        (
            "DELETE",
            "/service/preview/api/auth/checkauth",
            "application/json",
        ),
        ("GET", "/cart/add", "application/json"),
        // Files, which are only read (pictures, the shell's build, the consent manager).
        ("POST", "/img/footer/apek.svg", "application/json"),
        ("DELETE", "/shell/", "application/json"),
        ("PUT", "/service/consent/cmp.js", "application/json"),
        // Pages, served by the router's fallback, too.
        ("POST", "/", "application/json"),
        ("PUT", "/kaffee", "application/json"),
        (
            "PUT",
            "/service/newsletter/api/internal/newsletter-subscribers",
            "application/problem+json",
        ),
        (
            "DELETE",
            "/service/newsletter/api/private/newsletter-subscribers/abc",
            "application/problem+json",
        ),
    ] {
        let answer = shop.send(method, path, &[], "").await;
        assert_eq!(
            answer.status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert!(!answer.header("allow").is_empty(), "{method} {path}");
        assert!(
            answer.header("content-type").starts_with(content_type),
            "{method} {path}: {}",
            answer.header("content-type")
        );
        assert_eq!(
            answer.header("cache-control"),
            "no-store",
            "{method} {path}"
        );
        assert!(
            answer.body.contains(&format!("does not take {method}")),
            "{method} {path}: {}",
            answer.body
        );
    }
}

/// Whether a visitor id is what the shop hands out: 32 lowercase hex digits.
fn well_formed_visitor_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

/// The number of articles in the cart the answer shows.
fn articles_in(answer: &common::Answer) -> u32 {
    let cart: shop_core::cart::Cart = shop_core::json::from_str(&answer.body)
        .unwrap_or_else(|error| panic!("{error}: {}", answer.body));
    cart.number_of_articles
}

#[tokio::test]
async fn a_visitor_id_that_is_not_well_formed_is_replaced_and_shares_no_cart() {
    let visitor = shop_server::visitor::VISITOR_COOKIE;
    let mut shop = Shop::open("malformed-visitor-id", false);
    for forged in [
        "a",
        "0123456789abcdef0123456789abcde",
        "0123456789abcdef0123456789abcdef0",
        "0123456789ABCDEF0123456789ABCDEF",
        "0123456789abcdef0123456789abcdeg",
    ] {
        // A first browser comes with the forged id and fills a cart.
        shop.cookies.clear();
        shop.cookies.insert(visitor.to_owned(), forged.to_owned());
        let added = add_two_articles(&mut shop).await;
        assert_eq!(added.status, StatusCode::OK, "{forged}: {}", added.body);
        let set = added
            .set_cookie(visitor)
            .unwrap_or_else(|| panic!("{forged:?} is not adopted: a new id is set"));
        let first = shop.cookies.get(visitor).cloned().unwrap_or_default();
        assert!(
            well_formed_visitor_id(&first) && first != forged,
            "{forged:?}: {set}"
        );
        assert_eq!(articles_in(&shop.get(CART).await), 2, "{forged:?}");

        // A second browser with the same forged id does not see that cart.
        shop.cookies.clear();
        shop.cookies.insert(visitor.to_owned(), forged.to_owned());
        let other = shop.get(CART).await;
        assert_eq!(other.status, StatusCode::OK, "{forged:?}");
        assert_eq!(articles_in(&other), 0, "{forged:?} sees another cart");
        let second = shop.cookies.get(visitor).cloned().unwrap_or_default();
        assert!(
            well_formed_visitor_id(&second) && second != first,
            "{forged:?}: {second}"
        );
    }
}
