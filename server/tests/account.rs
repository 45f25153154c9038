//! The local login, the personal-data services with their CSRF check, the pages' CSRF cookie
//! and shell configuration, and the plain pages of the header's route table.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Answer, Shop, at, config, h1, shell_config, temp_dir, text, title};
use shop_core::content::PersonalData;
use shop_core::content::visitor::{parse_newsletter_status, parse_personal_data};
use shop_core::site::Site;

const PSDATA: &str = "/service/customerfrontenddata/api/v1/psdata";
/// A request header.
type Header = (&'static str, &'static str);

const FORM: Header = ("content-type", "application/x-www-form-urlencoded");

/// Loads a page so the jar holds the csrf cookie; returns its value.
async fn csrf(shop: &mut Shop) -> String {
    if !shop.cookies.contains_key("csrf") {
        let page = shop.get("/").await;
        assert_eq!(page.status, StatusCode::OK);
    }
    shop.cookies.get("csrf").cloned().unwrap_or_default()
}

async fn personal_data(shop: &mut Shop) -> Answer {
    let token = csrf(shop).await;
    shop.get_with(PSDATA, &[("x-csrf-token", &token)]).await
}

async fn sign_in(shop: &mut Shop, form: &str) -> Answer {
    shop.send("POST", "/signin", &[FORM], form).await
}

fn logins(shop: &Shop) -> i64 {
    let connection =
        rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
            .unwrap_or_else(|error| panic!("{error}"));
    connection
        .query_row("SELECT count(*) FROM logins", [], |row| row.get(0))
        .unwrap_or_else(|error| panic!("{error}"))
}

#[tokio::test]
async fn pages_set_a_readable_csrf_cookie_and_name_it_in_the_shell_configuration() {
    let mut shop = Shop::open("csrf-cookie", false);
    let page = shop.get("/").await;
    let cookie = page
        .set_cookie("csrf")
        .unwrap_or_else(|| panic!("no csrf cookie"));
    assert!(cookie.contains("SameSite=Lax") && cookie.contains("Path=/"));
    assert!(!cookie.contains("HttpOnly"), "scripts read it");
    let value = shop.cookies.get("csrf").cloned().unwrap_or_default();
    assert_eq!(value.len(), 32);
    let shell = shell_config(&page.body);
    assert_eq!(text(&shell, &["csrfCookie"]), "csrf");
    assert_eq!(at(&shell, &["miniCartEnabled"]).as_bool(), Some(true));
    // Set once: the next page keeps it.
    let next = shop.get("/account").await;
    assert!(next.set_cookie("csrf").is_none());
    assert_eq!(shop.cookies.get("csrf"), Some(&value));
    // Another visitor gets another token; a malformed one is replaced.
    let mut other = Shop::open("csrf-cookie-other", false);
    other.cookies.insert("csrf".into(), "<script>".into());
    other.get("/").await;
    let replaced = other.cookies.get("csrf").cloned().unwrap_or_default();
    assert_ne!(replaced, value);
    assert_eq!(replaced.len(), 32);
    // The plain host page carries the same configuration.
    let embed = shop.get("/embed").await;
    assert_eq!(text(&shell_config(&embed.body), &["csrfCookie"]), "csrf");

    // SHOP_MINICART_ENABLED=0 switches the mini cart off in the configuration.
    let mut switched_off = config(temp_dir("minicart-off"), false);
    switched_off.minicart_enabled = false;
    let mut off = Shop::with_config(switched_off);
    let page = off.get("/").await;
    assert_eq!(
        at(&shell_config(&page.body), &["miniCartEnabled"]).as_bool(),
        Some(false)
    );
    assert!(
        page.body.contains("id=\"shell-minicart\""),
        "header slot unchanged"
    );
}

#[tokio::test]
async fn personal_data_needs_the_csrf_header() {
    let mut shop = Shop::open("psdata-csrf", false);
    let token = csrf(&mut shop).await;
    let other = "0123456789abcdef0123456789abcdef";
    for headers in [
        vec![],
        vec![("x-csrf-token", other)],
        vec![("x-csrf-token", "")],
        vec![("x-csrf-token", &token[..31])],
    ] {
        let answer = shop.get_with(PSDATA, &headers).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{headers:?}");
        assert_eq!(text(&answer.json(), &["error"]), "FORBIDDEN");
    }
    // The header without the cookie is refused too.
    let mut cookieless = Shop::open("psdata-cookieless", false);
    let answer = cookieless
        .get_with(PSDATA, &[("x-csrf-token", &token)])
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);

    let answer = personal_data(&mut shop).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert_eq!(answer.body, r#"{"tracking":{"loginStatus":"LOGGED_OUT"}}"#);
    let data = parse_personal_data(&answer.body);
    assert!(data.initialized && !data.logged_in_or_remembered);
}

/// The csrf token is exactly 32 lowercase hex digits: a cookie holding anything else (longer,
/// or with letters beyond `f`) is no token; the page replaces it and the personal data refuses
/// it, even repeated in the header.
#[tokio::test]
async fn a_csrf_cookie_that_is_not_32_lowercase_hex_digits_is_replaced_and_refused() {
    for malformed in [
        "0123456789abcdef0123456789abcdef0",
        "0123456789abcdef0123456789abcdeg",
        "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
    ] {
        let mut shop = Shop::open("csrf-malformed", false);
        shop.cookies.insert("csrf".into(), malformed.into());
        let answer = shop.get_with(PSDATA, &[("x-csrf-token", malformed)]).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{malformed}");
        let page = shop.get("/").await;
        assert!(page.set_cookie("csrf").is_some(), "{malformed} replaced");
        let replaced = shop.cookies.get("csrf").cloned().unwrap_or_default();
        assert_ne!(replaced, malformed);
        assert_eq!(replaced.len(), 32);
    }
}

/// A login ends after a day without "remember me" and after 30 days with it, whatever the
/// browser still sends.
#[tokio::test]
async fn a_login_lasts_a_day_or_remembered_30_days() {
    let age_logins = |shop: &Shop, seconds: i64| {
        rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
            .and_then(|connection| {
                connection.execute("UPDATE logins SET created_at = unixepoch() - ?1", [seconds])
            })
            .unwrap_or_else(|error| panic!("{error}"));
    };
    let two_days = 2 * 24 * 60 * 60;
    let mut shop = Shop::open("login-lifetime", false);
    sign_in(&mut shop, "account=customer").await;
    assert!(personal_data(&mut shop).await.body.contains("LOGGED_IN"));
    age_logins(&shop, two_days);
    let body = personal_data(&mut shop).await.body;
    assert!(body.contains("LOGGED_OUT"), "{body}");

    let mut remembered = Shop::open("login-lifetime-remembered", false);
    sign_in(&mut remembered, "account=member&remember=on").await;
    age_logins(&remembered, two_days);
    let body = personal_data(&mut remembered).await.body;
    assert!(body.contains("REMEMBERED"), "{body}");
    age_logins(
        &remembered,
        shop_server::store::REMEMBERED_LOGIN_SECONDS + 1,
    );
    let body = personal_data(&mut remembered).await.body;
    assert!(body.contains("LOGGED_OUT"), "{body}");
}

/// "Remember me" is a ticked checkbox: its field with a value (`on`, what a browser sends). An
/// empty `remember=` (a script's form, a field emptied by hand) is not ticked: a login for the
/// browser session, LOGGED_IN, as without the field.
#[tokio::test]
async fn an_empty_remember_field_is_a_login_for_the_session() {
    for (form, remembered) in [
        ("account=member&remember=", false),
        ("account=member&remember=on", true),
        ("account=member&remember=yes", true),
    ] {
        let mut shop = Shop::open("login-remember-empty", false);
        let answer = sign_in(&mut shop, form).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{form}");
        let cookie = answer.set_cookie("LoginToken").unwrap_or_default();
        assert_eq!(cookie.contains("Max-Age"), remembered, "{form}: {cookie}");
        let status = if remembered {
            "REMEMBERED"
        } else {
            "LOGGED_IN"
        };
        let body = personal_data(&mut shop).await.body;
        assert!(body.contains(status), "{form}: {body}");
    }
}

/// The logout clears the login cookie where it was set, for the whole site (`Path=/`), also from
/// a site's prefixed `/logout`: a cookie cleared only below `/hu` would stay in the browser.
#[tokio::test]
async fn logging_out_clears_the_login_cookie_for_the_whole_site() {
    let mut shop = Shop::open("logout-cookie-path", false);
    sign_in(&mut shop, "account=member&remember=on").await;
    let answer = shop.get("/hu/logout").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    let cleared = answer.set_cookie("LoginToken").unwrap_or_default();
    assert!(
        cleared.contains("Max-Age=0") && cleared.contains("Path=/;"),
        "{cleared}"
    );
    assert_eq!(logins(&shop), 0);
}

#[tokio::test]
async fn log_in_and_out_round_trip() {
    let mut shop = Shop::open("login", false);
    // The login page: a form for both accounts, the redirect kept when it is local.
    let page = shop.get("/signin?loginRedirect=red").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("action=\"/signin\" method=\"post\""));
    assert!(page.body.contains("value=\"member\"") && page.body.contains("value=\"customer\""));
    assert!(page.body.contains("name=\"remember\""));
    assert!(
        !page.body.contains("name=\"loginRedirect\""),
        "red without a page it came from: the home page"
    );
    // The header's login link (`loginRedirect=red`) leads back to the page the shopper was on:
    // this server's page that referred to it, never another site's or the login itself.
    let from = |referer: &'static str| [("host", "shop.test:8080"), ("referer", referer)];
    let page = shop
        .get_with(
            "/pl/signin?loginRedirect=red",
            &from("http://shop.test:8080/pl/p/400001?x=1"),
        )
        .await;
    assert!(
        page.body
            .contains("name=\"loginRedirect\" value=\"/pl/p/400001?x=1\""),
        "back to the product page"
    );
    for elsewhere in [
        "http://evil.test/pl/p/400001",
        "http://shop.test:80801/pl/p/400001",
        "http://shop.test:8080/pl/signin?loginRedirect=red",
        "http://shop.test:8080//evil.test/x",
    ] {
        let page = shop
            .get_with("/pl/signin?loginRedirect=red", &from(elsewhere))
            .await;
        assert!(!page.body.contains("name=\"loginRedirect\""), "{elsewhere}");
    }
    let page = shop
        .get("/at/signin?loginRedirect=%2Fat%2Fbeanaccount")
        .await;
    assert!(
        page.body
            .contains("name=\"loginRedirect\" value=\"/at/beanaccount\"")
    );
    assert!(page.body.contains("name=\"site\" value=\"AT\""));

    // Member, remembered: REMEMBERED with the card, the beans and the community.
    let answer = sign_in(
        &mut shop,
        "account=member&remember=on&site=AT&loginRedirect=%2Fat%2Fbeanaccount",
    )
    .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.header("location"), "/at/beanaccount");
    let cookie = answer.set_cookie("LoginToken").unwrap_or_default();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
    assert!(cookie.contains("Max-Age=2592000"));
    let body = personal_data(&mut shop).await.body;
    assert_eq!(
        body,
        r#"{"tracking":{"loginStatus":"REMEMBERED"},"customer":{"firstname":"Maria","lastname":"Muster","loyaltyBeans":1250,"statuses":{"isCommunityMember":true,"isTchibocardMember":true}}}"#
    );
    assert_eq!(
        parse_personal_data(&body),
        PersonalData {
            initialized: true,
            logged_in_or_remembered: true,
            customer_name: Some("Maria Muster".into()),
            loyalty_beans: 1250,
            community_member: true,
            tchibo_card_member: true,
        }
    );
    let beans = shop.get("/at/beanaccount").await;
    // The balance is written as the site writes numbers.
    assert!(beans.body.contains("Deine gesammelten Bohnen: 1.250."));
    let ch = shop.get("/ch/beanaccount").await;
    assert!(ch.body.contains("Bohnen: 1&#39;250."), "{}", ch.body);
    let account = shop.get("/account").await;
    assert!(account.body.contains("Willkommen, Maria Muster!"));
    assert!(account.body.contains("href=\"/beanaccount\""));
    let signin = shop.get("/signin").await;
    assert!(signin.body.contains("Du bist als Maria Muster angemeldet."));
    let old_token = shop.cookies.get("LoginToken").cloned().unwrap_or_default();

    // Switching to the customer ends the first login. Not remembered: LOGGED_IN, a session
    // cookie, and the redirect to the site's home.
    let answer = sign_in(&mut shop, "account=customer&site=PL").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.header("location"), "/pl/");
    assert!(
        !answer
            .set_cookie("LoginToken")
            .unwrap_or_default()
            .contains("Max-Age")
    );
    assert_eq!(logins(&shop), 1);
    let data = parse_personal_data(&personal_data(&mut shop).await.body);
    assert_eq!(data.customer_name.as_deref(), Some("Max Kunde"));
    assert!(data.logged_in_or_remembered && !data.tchibo_card_member && !data.community_member);
    assert_eq!(data.loyalty_beans, 0);
    let body = personal_data(&mut shop).await.body;
    assert!(body.contains(r#""loginStatus":"LOGGED_IN""#));
    let beans = shop.get("/beanaccount").await;
    assert!(
        beans
            .body
            .contains("Bohnen sammelst du mit der Kundenkarte.")
    );
    let account = shop.get("/account").await;
    assert!(!account.body.contains("href=\"/beanaccount\""));

    // An image, a script or a fetch of /logout (a hostile promotion image, say) signs nobody
    // out: only the shopper's own page navigation does.
    for destination in ["image", "script", "empty", "iframe"] {
        let answer = shop
            .get_with("/logout", &[("sec-fetch-dest", destination)])
            .await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{destination}");
        assert_eq!(answer.set_cookie("LoginToken"), None, "{destination}");
        assert_eq!(logins(&shop), 1, "{destination}");
    }

    // A navigation another site started (a link or a script there) goes home, still logged in.
    for started_by in ["cross-site", "same-site"] {
        let answer = shop
            .get_with(
                "/logout",
                &[
                    ("sec-fetch-dest", "document"),
                    ("sec-fetch-site", started_by),
                ],
            )
            .await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{started_by}");
        assert_eq!(answer.header("location"), "/");
        assert_eq!(answer.set_cookie("LoginToken"), None, "{started_by}");
        assert_eq!(logins(&shop), 1, "{started_by}");
    }

    // A HEAD of /logout (a link checker, a proxy's look) gets the answer and changes nothing.
    let answer = shop.send("HEAD", "/logout", &[], "").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.set_cookie("LoginToken"), None);
    assert_eq!(logins(&shop), 1);

    // Logout: the cookie is cleared, the login is gone from the database.
    let token = shop.cookies.get("LoginToken").cloned().unwrap_or_default();
    let answer = shop
        .get_with(
            "/logout",
            &[
                ("sec-fetch-dest", "document"),
                ("sec-fetch-site", "same-origin"),
            ],
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.header("location"), "/");
    assert!(
        answer
            .set_cookie("LoginToken")
            .unwrap_or_default()
            .contains("Max-Age=0")
    );
    assert!(!shop.cookies.contains_key("LoginToken"));
    assert_eq!(logins(&shop), 0);
    let data = parse_personal_data(&personal_data(&mut shop).await.body);
    assert!(!data.logged_in_or_remembered && data.customer_name.is_none());
    // Old tokens log nobody in.
    for stale in [token, old_token] {
        shop.cookies.insert("LoginToken".into(), stale);
        let body = personal_data(&mut shop).await.body;
        assert!(body.contains("LOGGED_OUT"), "{body}");
    }
    let beans = shop.get("/tr/beanaccount").await;
    assert!(
        beans
            .body
            .contains("href=\"/tr/signin?loginRedirect=%2Ftr%2Fbeanaccount\"")
    );
    // A prefixed logout goes to that site's home.
    let answer = shop.get("/hu/logout").await;
    assert_eq!(answer.header("location"), "/hu/");

    // The logout typed into the address bar or opened from a bookmark (the browser says the
    // navigation came from no site at all) logs out too: on a shared computer it must.
    let answer = sign_in(&mut shop, "account=member").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(logins(&shop), 1);
    let answer = shop
        .get_with(
            "/logout",
            &[("sec-fetch-dest", "document"), ("sec-fetch-site", "none")],
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert!(
        answer
            .set_cookie("LoginToken")
            .unwrap_or_default()
            .contains("Max-Age=0")
    );
    assert_eq!(logins(&shop), 0);
}

#[tokio::test]
async fn refused_logins_change_nothing() {
    let mut shop = Shop::open("login-refused", false);
    let cases: [(&[Header], String, StatusCode); 7] = [
        (&[FORM], "account=admin".into(), StatusCode::BAD_REQUEST),
        (&[FORM], "remember=on".into(), StatusCode::BAD_REQUEST),
        (&[FORM], "account=%FF".into(), StatusCode::BAD_REQUEST),
        (
            &[("content-type", "application/json")],
            r#"{"account":"member"}"#.into(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            &[],
            "account=member".into(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            &[
                FORM,
                ("origin", "http://evil.example"),
                ("host", "localhost:8080"),
            ],
            "account=member".into(),
            StatusCode::FORBIDDEN,
        ),
        (
            &[FORM],
            format!("account=member&x={}", "y".repeat(5000)),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
    ];
    for (headers, body, status) in cases {
        let answer = shop.send("POST", "/signin", headers, &body).await;
        assert_eq!(
            answer.status,
            status,
            "{headers:?} {}",
            &body[..body.len().min(40)]
        );
        assert!(answer.set_cookie("LoginToken").is_none());
    }
    assert_eq!(logins(&shop), 0);
    // The same origin is accepted; an unsafe redirect goes home instead.
    for target in [
        "https%3A%2F%2Fevil.example%2F",
        "%2F%2Fevil.example",
        "%2F%5Cevil.example",
        "red",
    ] {
        let answer = shop
            .send(
                "POST",
                "/signin",
                &[
                    FORM,
                    ("origin", "http://localhost:8080"),
                    ("host", "localhost:8080"),
                ],
                &format!("account=member&loginRedirect={target}"),
            )
            .await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{target}");
        assert_eq!(answer.header("location"), "/", "{target}");
    }
    assert_eq!(logins(&shop), 1, "each login replaces the previous one");
}

#[tokio::test]
async fn the_newsletter_status_is_null() {
    let mut shop = Shop::open("nl-status", false);
    let answer = shop.get("/json/psdata").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    assert_eq!(answer.body, r#"{"nl_status":null}"#);
    assert_eq!(parse_newsletter_status(&answer.body), None);
}

#[tokio::test]
async fn the_route_table_pages_exist_on_every_site() {
    let mut shop = Shop::open("route-pages", false);
    let pages = [
        (
            "/account",
            "account",
            ["Mein Konto", "Moje konto", "Hesabım"],
        ),
        (
            "/register",
            "register",
            ["Registrieren", "Rejestracja", "Kayıt ol"],
        ),
        (
            "/orderhistory",
            "orderHistory",
            ["Meine Bestellungen", "Moje zamówienia", "Siparişlerim"],
        ),
        (
            "/watchlist",
            "watchlist",
            ["Merkzettel", "Lista życzeń", "Favori listem"],
        ),
        (
            "/beanaccount",
            "beanAccount",
            ["Bohnenkonto", "Konto ziarenek", "Çekirdek hesabım"],
        ),
        (
            "/subscribenewsletter",
            "newsletter",
            ["Newsletter", "Newsletter", "E-bülten"],
        ),
        (
            "/signin?loginRedirect=red",
            "login",
            ["Anmelden", "Logowanie", "Giriş"],
        ),
    ];
    for (path, page_type, headings) in pages {
        for site in Site::ALL {
            let prefix = shop_server::pages::site_prefix(site);
            let page = shop.get(&format!("{prefix}{path}")).await;
            assert_eq!(page.status, StatusCode::OK, "{prefix}{path}");
            assert!(
                page.body
                    .contains(&format!("data-page-type=\"{page_type}\""))
            );
            assert!(
                page.body
                    .contains(&format!("lang=\"{}\"", site.locale().tag()))
            );
            assert!(!h1(&page.body).is_empty());
            assert!(page.body.contains("<p>"), "a short text");
            let expected = match site {
                Site::De => Some(headings[0]),
                Site::Pl => Some(headings[1]),
                Site::Tr => Some(headings[2]),
                _ => None,
            };
            if let Some(expected) = expected {
                assert_eq!(h1(&page.body), expected, "{prefix}{path}");
            }
        }
    }
}

#[tokio::test]
async fn the_personal_data_fault_answers_500_after_the_csrf_check() {
    let mut shop = Shop::open("psdata-fault", true);
    shop.faults(r#"{"personalData":true}"#).await;
    assert_eq!(shop.get(PSDATA).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        personal_data(&mut shop).await.status,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    shop.faults(r#"{"personalData":false}"#).await;
    assert_eq!(personal_data(&mut shop).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_plain_host_pages_english_texts_are_marked_english_on_its_german_page() {
    let mut shop = Shop::open("embed-languages", false);
    let page = shop.get("/embed").await;
    assert_eq!(page.status, StatusCode::OK);
    // The page's language stays the site's: the mini cart reads its site from it.
    assert!(page.body.contains("<html lang=\"de-DE\">"), "{}", page.body);
    // The title cannot carry a language of its own, so it is German like the page.
    assert_eq!(
        title(&page.body),
        "Einfache Host-Seite: der Mini-Warenkorb über mount()"
    );
    // The explanatory heading is English and says so, for screen readers to read it in English.
    assert!(
        page.body
            .contains("<h1 lang=\"en\">Plain host page: the mini cart through mount()</h1>"),
        "{}",
        page.body
    );
    assert_eq!(
        h1(&page.body),
        "Plain host page: the mini cart through mount()"
    );
}

#[tokio::test]
async fn a_cookie_outside_ascii_from_another_app_keeps_the_login_and_the_csrf_token() {
    let mut shop = Shop::open("odd-cookie-login", false);
    let answer = sign_in(&mut shop, "account=member").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    // A script of the host page sets a cookie whose value is not ASCII.
    shop.cookies.insert("greeting".into(), "Grüße".into());
    let answer = personal_data(&mut shop).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(parse_personal_data(&answer.body).logged_in_or_remembered);
}

#[tokio::test]
async fn the_shell_configuration_carries_the_sites_words_for_a_cart_change_that_could_not_be_made()
{
    // A product tile shows them when the browser is offline before the shell's own texts came.
    let mut shop = Shop::open("offline-add-error", false);
    let cart_texts = shop_core::json::parse(include_str!("../../texts/cart.json"))
        .unwrap_or_else(|error| panic!("{error}"));
    for (path, locale) in [("/", "de-DE"), ("/tr", "tr-TR"), ("/cz", "cs-CZ")] {
        let page = shop.get(path).await;
        let expected = text(&cart_texts, &[locale, "cart.changeError"]);
        assert_eq!(
            text(&shell_config(&page.body), &["offlineAddError"]),
            expected,
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_plain_host_page_is_on_every_site_in_its_language() {
    let mut shop = Shop::open("embed-sites", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let page = shop.get(&format!("{prefix}/embed")).await;
        assert_eq!(page.status, StatusCode::OK, "{site:?}");
        // The mini cart reads its site from the page's language.
        let lang = format!("<html lang=\"{}\">", site.locale().tag());
        assert!(page.body.contains(&lang), "{site:?}: {}", page.body);
        assert_eq!(text(&shell_config(&page.body), &["site"]), site.code());
        // The title in the site's language; the English heading marked so on every site.
        let title = title(&page.body);
        assert!(title.contains("mount()"), "{site:?}: {title}");
        assert_eq!(
            title == "Einfache Host-Seite: der Mini-Warenkorb über mount()",
            site.locale().tag().starts_with("de-"),
            "{site:?}: {title}"
        );
        assert!(page.body.contains("<h1 lang=\"en\">"), "{site:?}");
    }
}
