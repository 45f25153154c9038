//! The search services and pages: suggestions, the cache key, the search page, the terms page
//! and the store finder's results.

#![allow(clippy::panic)]

mod common;

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{Shop, h1, list, text};
use shop_core::search::{AVAILABLE_FILTER, parse_suggestions, suggestions_url};
use shop_core::site::Site;

const SUGGESTIONS: &str = "/service/searchfrontend/api/suggestions";

fn terms(body: &shop_core::json::Value) -> Vec<String> {
    list(body, &["searchTerms"])
        .iter()
        .map(|term| text(term, &["searchterm"]).to_owned())
        .collect()
}

fn product_ids(body: &shop_core::json::Value) -> Vec<String> {
    list(body, &["products"])
        .iter()
        .map(|product| text(product, &["id"]).to_owned())
        .collect()
}

#[tokio::test]
async fn suggestions_answer_terms_and_products_for_the_site_language() {
    let mut shop = Shop::open("suggestions", false);
    // The header's own call (the core builds it) for several sites.
    let answer = shop.get(&suggestions_url("kaffee", Site::De)).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    let body = answer.json();
    let found = terms(&body);
    assert_eq!(found.first().map(String::as_str), Some("kaffee"));
    assert!(
        found.iter().all(|term| term.contains("kaffee")),
        "{found:?}"
    );
    assert!(found.len() <= 10);
    assert_eq!(product_ids(&body), ["400002", "400006"]);
    for product in list(&body, &["products"]) {
        let id = text(product, &["id"]);
        assert_eq!(text(product, &["productViewUrl"]), format!("/p/{id}"));
        assert!(text(product, &["imageProductThumb"]).starts_with("/img/products/"));
    }
    // What the header shows of it, through the core.
    let shown = parse_suggestions(&answer.body, "kaffee", Site::De);
    assert_eq!(shown.products.len(), 2);
    assert_eq!(
        shown.products[0].url,
        "/p/400002?query=kaffee&dim1=400002-01"
    );
    assert_eq!(shown.terms[0].parts.matched, "kaffee");

    // Products without a variant carry no dimension key; matching ignores case.
    let body = shop
        .get(&format!("{SUGGESTIONS}?q=GARTEN&site=DE"))
        .await
        .json();
    let products = list(&body, &["products"]);
    assert_eq!(product_ids(&body), ["400004"]);
    assert!(products[0].get("webshopProductDimensionKey").is_none());
    // No suggested term for what cannot be ordered: a term leads to available articles only.
    assert!(terms(&body).is_empty());

    // Other languages: their own terms (word matches after prefix matches).
    let pl = shop.get(&suggestions_url("kawa", Site::Pl)).await.json();
    assert_eq!(terms(&pl)[0], "kawa");
    assert!(terms(&pl).contains(&"kawa ziarnista".to_owned()));
    let tr = shop.get(&suggestions_url("kahve", Site::Tr)).await.json();
    let tr_terms = terms(&tr);
    assert!(tr_terms.contains(&"kahve makinesi".to_owned()));
    assert!(tr_terms.contains(&"çekirdek kahve".to_owned()));
    assert!(
        tr_terms.iter().position(|t| t == "çekirdek kahve")
            > tr_terms.iter().position(|t| t == "kahve makinesi")
    );
    let fr = shop.get(&suggestions_url("café", Site::ChFr)).await.json();
    assert!(terms(&fr).contains(&"machine à café".to_owned()));
    let hu = shop.get(&suggestions_url("KÁVÉ", Site::Hu)).await.json();
    assert!(terms(&hu).contains(&"kávéfőző".to_owned()));
    // Unknown site: DE.
    let unknown = shop
        .get(&format!("{SUGGESTIONS}?q=vollauto&site=XX"))
        .await
        .json();
    assert_eq!(terms(&unknown), ["vollautomat"]);
}

#[tokio::test]
async fn suggestions_respect_the_limits_and_the_minimum_length() {
    let mut shop = Shop::open("suggestions-limits", false);
    for (query, max_terms, max_products) in [
        ("q=ka&maxSearchTerms=3&maxProducts=1", 3, 1),
        ("q=ka&maxSearchTerms=100&maxProducts=50", 10, 5),
        (
            "q=ka&maxSearchTerms=4294967295&maxProducts=4294967295",
            10,
            5,
        ),
        ("q=ka", 10, 5),
        ("q=ka&maxSearchTerms=0&maxProducts=0", 0, 0),
    ] {
        let body = shop.get(&format!("{SUGGESTIONS}?{query}")).await.json();
        let (terms, products) = (terms(&body).len(), product_ids(&body).len());
        assert!(terms <= max_terms && products <= max_products, "{query}");
        if max_terms > 0 {
            assert!(terms > 0, "{query}");
        }
    }
    let many = shop.get(&format!("{SUGGESTIONS}?q=e&site=DE")).await.json();
    assert!(
        terms(&many).is_empty() && product_ids(&many).is_empty(),
        "one character"
    );
    for q in ["", "%20k%20", "k"] {
        let body = shop.get(&format!("{SUGGESTIONS}?q={q}")).await.json();
        assert!(
            terms(&body).is_empty() && product_ids(&body).is_empty(),
            "{q:?}"
        );
    }
    // A term above 200 characters is cut, not refused.
    let long = format!("kaffee{}", "x".repeat(300));
    let answer = shop.get(&format!("{SUGGESTIONS}?q={long}")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(terms(&answer.json()).is_empty());
}

/// Adds `copies` orderable DE articles whose title contains `kaffee` (copies of the mugs,
/// 400006, as 490001, 490002, ...) behind the seeded catalogue.
fn add_kaffee_articles(shop: &Shop, copies: usize) {
    let database =
        rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
            .unwrap_or_else(|error| panic!("{error}"));
    let mugs: String = database
        .query_row(
            "SELECT offer FROM site_offers WHERE site = ?1 AND offer LIKE '%\"400006\"%'",
            [Site::De.code()],
            |row| row.get(0),
        )
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(mugs.contains("Kaffeebecher"), "{mugs}");
    for copy in 1..=copies {
        database
            .execute(
                "INSERT INTO site_offers (site, position, offer) VALUES (?1, ?2, ?3)",
                rusqlite::params![
                    Site::De.code(),
                    1000 + copy as i64,
                    mugs.replace("400006", &format!("{}", 490_000 + copy)),
                ],
            )
            .unwrap_or_else(|error| panic!("{error}"));
    }
}

#[tokio::test]
async fn suggestions_never_answer_more_than_10_terms_and_5_products_whatever_is_asked() {
    let mut shop = Shop::open("suggestions-caps", false);
    // Ten articles match `kaffee` (the two seeded ones and eight more): more than the cap.
    add_kaffee_articles(&shop, 8);
    let all = shop.get("/search?query=kaffee&site=DE").await.body;
    assert!(
        all.contains("10 Treffer für „\u{2068}kaffee\u{2069}“"),
        "ten articles match"
    );

    for query in [
        "q=kaffee&site=DE&maxSearchTerms=50&maxProducts=50",
        "q=kaffee&site=DE&maxSearchTerms=4294967295&maxProducts=4294967295",
        "q=kaffee&site=DE",
    ] {
        let answer = shop.get(&format!("{SUGGESTIONS}?{query}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{query}");
        let body = answer.json();
        let found = terms(&body);
        assert!(found.len() <= 10, "{query}: {found:?}");
        assert!(found.contains(&"kaffee".to_owned()), "{query}: {found:?}");
        // Exactly the cap: the first five matching articles, in catalogue order.
        assert_eq!(
            product_ids(&body),
            ["400002", "400006", "490001", "490002", "490003"],
            "{query}"
        );
    }
    // Below the cap, what is asked.
    let body = shop
        .get(&format!(
            "{SUGGESTIONS}?q=kaffee&site=DE&maxSearchTerms=1&maxProducts=3"
        ))
        .await
        .json();
    assert_eq!(terms(&body), ["kaffee"]);
    assert_eq!(product_ids(&body), ["400002", "400006", "490001"]);
}

#[tokio::test]
async fn malformed_and_huge_suggestion_requests_are_400_with_a_json_error() {
    let mut shop = Shop::open("suggestions-malformed", false);
    let huge = "k".repeat(5000);
    for query in [
        "q=kaffee&maxProducts=abc".to_owned(),
        "q=kaffee&maxProducts=-1".to_owned(),
        "q=kaffee&maxSearchTerms=1.5".to_owned(),
        "q=kaffee&maxSearchTerms=99999999999999999999".to_owned(),
        "q=kaf%00fee".to_owned(),
        "q=kaf%FFfee".to_owned(),
        format!("q={huge}"),
    ] {
        let answer = shop.get(&format!("{SUGGESTIONS}?{query}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert!(
            answer
                .header("content-type")
                .starts_with("application/json")
        );
        assert_eq!(text(&answer.json(), &["error"]), "BAD_REQUEST");
        assert!(!text(&answer.json(), &["message"]).is_empty());
    }
}

#[tokio::test]
async fn a_query_of_exactly_4096_bytes_is_read_and_one_byte_more_refused() {
    let mut shop = Shop::open("suggestions-query-limit", false);
    let start = format!("{SUGGESTIONS}?q=kaffee&site=DE&pad=");
    let query_bytes = start.len() - SUGGESTIONS.len() - 1;
    let padded = |length: usize| [start.as_str(), &"x".repeat(length - query_bytes)].concat();
    let read = shop.get(&padded(4096)).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.body);
    assert_eq!(product_ids(&read.json()), ["400002", "400006"]);
    let refused = shop.get(&padded(4097)).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
}

#[tokio::test]
async fn the_cache_key_is_stable_and_never_cached() {
    let mut shop = Shop::open("cachekey", false);
    let first = shop.get("/service/searchfrontend/api/cachekey").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("cache-control"), "no-store");
    let key = text(&first.json(), &["cacheKey"]).to_owned();
    assert!(key.starts_with(env!("CARGO_PKG_VERSION")), "{key}");
    let second = shop.get("/service/searchfrontend/api/cachekey").await;
    assert_eq!(text(&second.json(), &["cacheKey"]), key);
}

#[tokio::test]
async fn the_search_page_quotes_the_term_isolated_so_a_direction_override_in_it_stays_inside() {
    let mut shop = Shop::open("search-isolated", false);
    // U+202E (right-to-left override) typed into a term: without the isolation the rest of the
    // sentence would be shown backwards.
    let page = shop
        .get("/search?query=%E2%80%AEkaffee%20bohnen&site=DE")
        .await
        .body;
    assert!(
        page.contains(
            "Zu „\u{2068}\u{202e}kaffee bohnen\u{2069}“ haben wir leider nichts gefunden."
        ),
        "{page}"
    );
}

#[tokio::test]
async fn the_search_page_shows_matching_articles_escaped() {
    let mut shop = Shop::open("search-page", false);
    let page = shop.get("/search?query=kaffee&site=DE").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("data-page-type=\"search\""));
    assert_eq!(h1(&page.body), "Suche");
    assert!(page.body.contains("2 Treffer für „\u{2068}kaffee\u{2069}“"));
    assert!(page.body.contains("Kaffeevollautomat Esperto Caffè"));
    assert!(page.body.contains("data-add-to-cart="));
    assert!(page.body.contains("value=\"kaffee\""), "pre-filled");

    // Every article, then only the available ones.
    let all = shop.get("/search?query=e&site=DE").await.body;
    assert!(all.contains("Yogamatte") && all.contains("Gartenschlauch"));
    let available = shop
        .get("/search?query=e&site=DE&filters=availability-available")
        .await
        .body;
    assert!(!available.contains("Yogamatte") && !available.contains("Gartenschlauch"));
    assert!(
        available.contains("Strickpullover"),
        "SHORTAGE is orderable"
    );

    // No results, the query escaped; the site parameter sets the page's language.
    let hostile = shop
        .get("/search?query=%3Cscript%3Ealert(1)%3C%2Fscript%3E&site=PL")
        .await;
    assert_eq!(hostile.status, StatusCode::OK);
    assert!(!hostile.body.contains("<script>alert"));
    assert!(
        hostile
            .body
            .contains("&lt;script&gt;alert(1)&lt;/script&gt;")
    );
    assert!(hostile.body.contains("lang=\"pl-PL\""));
    assert!(hostile.body.contains("Niestety nic nie znaleźliśmy"));
    // An empty search asks for a term; a site prefix works too.
    let empty = shop.get("/at/search").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.body.contains("lang=\"de-AT\""));
    assert!(empty.body.contains("Gib einen Suchbegriff ein"));
    // Terms of only digits and spaces lose their spaces, as the header cleans them.
    let digits = shop.get("/search?query=4000%2001").await.body;
    assert!(digits.contains("value=\"400001\""));
}

#[tokio::test]
async fn a_page_s_address_with_the_search_term_is_not_sent_to_other_origins() {
    let mut shop = Shop::open("search-page-referrer", false);
    for path in [
        "/search?query=kaffee",
        "/pl/search?query=kawa",
        "/",
        "/cart",
    ] {
        let page = shop.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        // Another origin learns the shop's origin only, never the path and the query.
        assert_eq!(
            page.header("referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
    }
}

#[tokio::test]
async fn only_the_availability_filter_hides_articles_that_cannot_be_ordered() {
    let mut shop = Shop::open("search-page-filters", false);
    let hidden_filter =
        format!("<input type=\"hidden\" name=\"filters\" value=\"{AVAILABLE_FILTER}\">");
    let note = "Es werden nur verfügbare Artikel angezeigt.";
    // Gartenschlauch is NOT_AVAILABLE, Yogamatte SOLDOUT; Strickpullover (SHORTAGE) can be
    // ordered.
    for filters in [
        AVAILABLE_FILTER.to_owned(),
        format!("other,{AVAILABLE_FILTER}"),
    ] {
        let page = shop
            .get(&format!("/search?query=e&site=DE&filters={filters}"))
            .await;
        assert_eq!(page.status, StatusCode::OK, "{filters}");
        assert!(page.body.contains("Strickpullover"), "{filters}");
        assert!(
            !page.body.contains("Gartenschlauch") && !page.body.contains("Yogamatte"),
            "{filters}"
        );
        assert!(page.body.contains(&hidden_filter), "{filters}");
        assert!(page.body.contains(note), "{filters}");
    }
    // Any other value filters nothing: the unavailable articles are listed, and the form does
    // not send a filter on.
    for filters in [
        "other",
        "",
        "availability",
        "availability-available-not",
        "AVAILABILITY-AVAILABLE",
    ] {
        let page = shop
            .get(&format!("/search?query=e&site=DE&filters={filters}"))
            .await;
        assert_eq!(page.status, StatusCode::OK, "{filters}");
        assert!(
            page.body.contains("Gartenschlauch") && page.body.contains("Yogamatte"),
            "{filters:?} lists the articles that cannot be ordered"
        );
        assert!(!page.body.contains("name=\"filters\""), "{filters:?}");
        assert!(!page.body.contains(note), "{filters:?}");
    }
}

#[tokio::test]
async fn a_search_sent_from_a_page_form_leads_where_the_header_s_search_box_would() {
    let mut shop = Shop::open("search-form", false);
    // On DE the special term leads to the terms page, however it is typed.
    for query in ["agb", "%20AGB%20", "Agb"] {
        let sent = shop.get(&format!("/search?query={query}&site=DE")).await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{query}");
        assert_eq!(sent.header("location"), "/agb-s400007325.html");
    }
    // Only on DE, and only the whole term.
    for path in [
        "/search?query=agb&site=AT",
        "/at/search?query=agb",
        "/search?query=agbs",
    ] {
        let page = shop.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(h1(&page.body), "Suche", "{path}");
    }
    // The search page reached without a term (the static header's search icon) puts the
    // cursor in its field; with a term the results come first.
    let empty = shop.get("/search").await.body;
    assert!(empty.contains("name=\"query\" value=\"\" maxlength=\"200\" autofocus>"));
    let found = shop.get("/search?query=kaffee").await.body;
    assert!(found.contains("value=\"kaffee\"") && !found.contains("autofocus"));
}

#[tokio::test]
async fn the_terms_page_and_the_store_finder_are_served() {
    let mut shop = Shop::open("store-finder", false);
    let terms = shop.get(shop_core::search::TERMS_PAGE_PATH).await;
    assert_eq!(terms.status, StatusCode::OK);
    assert_eq!(h1(&terms.body), "Allgemeine Geschäftsbedingungen");

    let cases = [
        (
            "/service/storefinder/search?searchTerm=20095",
            "Mönckebergstraße 7",
            1,
        ),
        (
            "/service/storefinder/search?searchTerm=hamburg",
            "Ottenser Hauptstraße",
            2,
        ),
        (
            "/service/storefinder/search?searchTerm=M%C3%BCnchen",
            "Kaufingerstraße",
            1,
        ),
        (
            "/at/service/storefinder/search?searchTerm=wien",
            "Mariahilfer Straße",
            2,
        ),
        (
            "/cz/service/storefinder/search?searchTerm=110%2000",
            "Václavské náměstí",
            1,
        ),
        (
            "/tr/service/storefinder/search?searchTerm=istanbul",
            "İstiklal Caddesi",
            2,
        ),
        ("/service/storefinder/search?searchTerm=", "Zeil 106", 6),
        ("/service/storefinder/", "Zeil 106", 6),
    ];
    for (path, expected, count) in cases {
        let page = shop.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(page.body.contains("data-page-type=\"storeFinder\""));
        assert!(page.body.contains(expected), "{path}");
        assert_eq!(
            page.body.matches("class=\"shell-store\"").count(),
            count,
            "{path}"
        );
    }
    let none = shop
        .get("/service/storefinder/search?searchTerm=%3Cb%3EAtlantis")
        .await;
    assert_eq!(none.status, StatusCode::OK);
    assert!(none.body.contains("&lt;b&gt;Atlantis"));
    assert!(!none.body.contains("<b>Atlantis"));
    assert!(!none.body.contains("class=\"shell-store\""));
}

#[tokio::test]
async fn suggestion_faults_fail_n_requests_then_succeed_and_delay() {
    let mut shop = Shop::open("suggestions-faults", true);
    let path = suggestions_url("kaffee", Site::De);
    shop.faults(r#"{"suggestionsFailures":2}"#).await;
    for _ in 0..2 {
        let answer = shop.get(&path).await;
        assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(text(&answer.json(), &["error"]), "UNAVAILABLE");
    }
    assert_eq!(shop.get(&path).await.status, StatusCode::OK);
    assert_eq!(shop.get(&path).await.status, StatusCode::OK);

    // A delay far beyond what an answer takes on a busy machine, so that its end is seen
    // for sure.
    let delay = Duration::from_millis(1_500);
    shop.faults(r#"{"suggestionsDelayMs":1500}"#).await;
    let started = Instant::now();
    assert_eq!(shop.get(&path).await.status, StatusCode::OK);
    assert!(started.elapsed() >= delay);
    shop.faults("{}").await;
    let started = Instant::now();
    shop.get(&path).await;
    assert!(started.elapsed() < delay);
}

#[tokio::test]
async fn a_page_that_does_not_exist_offers_the_site_s_search_and_the_way_home() {
    let mut shop = Shop::open("not-found-search", false);
    for (prefix, site, label, home) in [
        ("", "DE", "Suchbegriff", "href=\"/\""),
        ("/pl", "PL", "Wyszukiwana fraza", "href=\"/pl/\""),
    ] {
        let page = shop.get(&format!("{prefix}/gibt-es-nicht")).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{prefix}");
        let body = page.body;
        // The search page's own form: a GET to the search page for the site, no autofocus (the
        // shopper may want the way home instead).
        assert!(
            body.contains("<form class=\"shell-form\" action=\"/search\" method=\"get\" role=\"search\" data-static-search>"),
            "{body}"
        );
        assert!(
            body.contains(&format!(
                "<input type=\"hidden\" name=\"site\" value=\"{site}\">"
            )),
            "{body}"
        );
        assert!(
            body.contains(&format!(">{label}</label>")),
            "{prefix}: {body}"
        );
        assert!(!body.contains("autofocus"), "{body}");
        assert!(body.contains(home), "{body}");
    }
}
