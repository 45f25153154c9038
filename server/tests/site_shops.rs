//! Each site is its own shop (ADR 0017): its catalogue in its language and currency, links under
//! its prefix, its own cart per visitor (the cart service's `site` header) and its own shipping.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Shop, list, text};
use shop_core::cart::CartItem;
use shop_core::cart::service::shipping;
use shop_core::price::format_price;
use shop_core::search::suggestions_url;
use shop_core::site::Site;
use shop_server::pages::site_prefix;

const CART: &str = "/service/cart/api/cart";
const JSON: (&str, &str) = ("content-type", "application/json");

/// The coffee's add-to-cart payload.
const ADD_COFFEE: &str = r#"{"setArticle":{"productId":"400001","tcm":"400001-01","quantity":1}}"#;

async fn add(shop: &mut Shop, site: &str, payload: &str) -> common::Answer {
    shop.send("POST", CART, &[JSON, ("site", site)], payload)
        .await
}

async fn cart(shop: &mut Shop, site: &str) -> shop_core::json::Value {
    shop.get_with(CART, &[("site", site)]).await.json()
}

#[tokio::test]
async fn a_visitor_has_one_cart_per_site_priced_in_its_currency() {
    let mut shop = Shop::open("site-carts", false);
    let added = add(&mut shop, "HU", ADD_COFFEE).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let hungarian = cart(&mut shop, "HU").await;
    let coffee = &list(&hungarian, &["articles"])[0];
    assert_eq!(
        text(coffee, &["title"]),
        "Barista Caffè Crema szemes kávé, 1 kg"
    );
    assert_eq!(text(coffee, &["productUrl"]), "/hu/p/400001");
    let price = common::at(coffee, &["price", "calculatedPrice"]);
    assert_eq!(shop_core::json::to_string(price), "679000");

    // DE's cart is another: empty, and a call without the header is DE's.
    assert!(list(&cart(&mut shop, "DE").await, &["articles"]).is_empty());
    assert!(
        list(&shop.get(CART).await.json(), &["articles"]).is_empty(),
        "no header: DE"
    );
    add(&mut shop, "DE", ADD_COFFEE).await;
    add(&mut shop, "DE", ADD_COFFEE).await;
    let german = cart(&mut shop, "DE").await;
    assert_eq!(
        text(&list(&german, &["articles"])[0], &["title"]),
        "Barista Caffè Crema, 1 kg Bohnen"
    );
    assert_eq!(
        shop_core::json::to_string(common::at(&german, &["numberOfArticles"])),
        "2"
    );
    assert_eq!(
        shop_core::json::to_string(common::at(
            &cart(&mut shop, "HU").await,
            &["numberOfArticles"]
        )),
        "1",
        "HU's cart kept its one piece"
    );

    // The pages of each site count their own cart in the static badge and list its lines.
    assert!(
        shop.get("/hu/")
            .await
            .body
            .contains("data-item-count=\"1\"")
    );
    assert!(shop.get("/").await.body.contains("data-item-count=\"2\""));
    let page = shop.get("/hu/cart?step=shopping_cart").await.body;
    assert!(page.contains("Barista Caffè Crema szemes kávé, 1 kg"));
    assert!(
        page.contains(&format_price(679_000, Site::Hu)),
        "forints on HU's cart page"
    );
    // An unknown site code is DE (both specs' fallback).
    assert_eq!(
        shop_core::json::to_string(common::at(
            &cart(&mut shop, "XX").await,
            &["numberOfArticles"]
        )),
        "2"
    );
}

/// Every picture a site's catalogue names (product images, a dimension's picture, subscription
/// articles' images) is served: a cart or a tile never shows a broken image.
#[tokio::test]
async fn every_picture_of_every_sites_catalogue_is_served() {
    let mut shop = Shop::open("site-pictures", false);
    let mut pictures = std::collections::BTreeSet::new();
    for site in Site::ALL {
        for offer in shop_server::catalogue::offers(site) {
            let text = shop_core::json::to_string(&offer);
            for (at, _) in text.match_indices("\"/img/") {
                let rest = &text[at + 1..];
                pictures.insert(rest[..rest.find('"').unwrap_or(rest.len())].to_owned());
            }
        }
    }
    assert!(pictures.len() > 5, "{pictures:?}");
    for picture in pictures {
        assert_eq!(shop.get(&picture).await.status, StatusCode::OK, "{picture}");
    }
}

#[tokio::test]
async fn every_link_of_every_sites_catalogue_leads_to_a_page_of_that_site() {
    let mut shop = Shop::open("site-links", false);
    for site in Site::ALL {
        let offers = shop_server::catalogue::offers(site);
        assert!(!offers.is_empty(), "{site:?}");
        for offer in &offers {
            let links: Vec<String> = match &offer.item {
                CartItem::Article(a)
                | CartItem::FreeArticle(a)
                | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => {
                    vec![a.product_url.clone()]
                }
                CartItem::PartnerProduct(p) => vec![p.form_url.clone()],
                CartItem::Subscription(s) => s
                    .recurring_articles
                    .iter()
                    .chain(&s.non_recurring_articles)
                    .map(|a| a.product_url.clone())
                    .collect(),
            };
            for link in links {
                let page = shop.get(&link).await;
                assert_eq!(page.status, StatusCode::OK, "{site:?} {link}");
                assert!(
                    page.body
                        .contains(&format!("lang=\"{}\"", site.locale().tag())),
                    "{site:?} {link}"
                );
                // The page offers the item: its tile posts to the site's own cart form.
                assert!(
                    page.body
                        .contains(&format!("action=\"{}/cart/add\"", site_prefix(site))),
                    "{site:?} {link}"
                );
            }
        }
    }
    assert_eq!(shop.get("/hu/p/999999").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        shop.get("/partner/unknown").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn suggestions_and_search_find_the_sites_own_titles_and_link_inside_it() {
    let mut shop = Shop::open("site-search", false);
    let body = shop.get(&suggestions_url("kávé", Site::Hu)).await.json();
    let products = list(&body, &["products"]);
    assert!(
        !products.is_empty(),
        "a Hungarian term finds Hungarian titles"
    );
    for product in products {
        assert!(text(product, &["title"]).to_lowercase().contains("kávé"));
        assert!(text(product, &["productViewUrl"]).starts_with("/hu/p/"));
    }
    let page = shop.get("/cz/search?query=k%C3%A1va&site=CZ").await.body;
    assert!(page.contains("action=\"/cz/cart/add\""), "Czech results");
    assert!(page.contains("Kč"), "priced in korunas");
}

/// The sweater's add-to-cart payload: no coffee, and no site's card holder threshold applies to a
/// visitor who is not logged in, so only the site's threshold counts.
const ADD_SWEATER: &str = r#"{"setArticle":{"productId":"400003","tcm":"400003-02","quantity":1}}"#;

/// A cart's number field, as written.
fn number(cart: &shop_core::json::Value, field: &str) -> i64 {
    shop_core::json::to_string(common::at(cart, &[field]))
        .parse()
        .unwrap_or(-1)
}

#[tokio::test]
async fn each_site_charges_its_own_shipping_on_the_cart_page() {
    let mut shop = Shop::open("site-shipping", false);
    for site in Site::ALL {
        let code = site.code();
        add(&mut shop, code, ADD_SWEATER).await;
        let answer = cart(&mut shop, code).await;
        let price = number(&answer, "totalSum");
        let rule = shipping(site);
        let expected = if price >= rule.free_from {
            0
        } else {
            rule.cost
        };
        assert_eq!(number(&answer, "shippingCost"), expected, "{site:?}");
        let page = shop
            .get(&format!("{}/cart?step=shopping_cart", site_prefix(site)))
            .await
            .body;
        assert!(
            page.contains(&format_price(price + expected, site)),
            "{site:?}: the total includes the shipping"
        );
    }
}

#[tokio::test]
async fn coffee_ships_free_in_tr_from_175_tl_as_the_header_says() {
    let mut shop = Shop::open("site-shipping-coffee", false);
    // TR's header: "Kahvede 175 TL üzeri ücretsiz kargo"; the coffee costs more than that.
    add(&mut shop, "TR", ADD_COFFEE).await;
    let coffee_cart = cart(&mut shop, "TR").await;
    assert!(number(&coffee_cart, "totalSum") < shipping(Site::Tr).free_from);
    assert_eq!(number(&coffee_cart, "shippingCost"), 0);
    // Mugs above 175 TL but below 1000 TL, without coffee, ship at the price.
    let mut other = Shop::open("site-shipping-no-coffee", false);
    add(
        &mut other,
        "TR",
        r#"{"setArticle":{"productId":"400006","tcm":"400006-01","quantity":1}}"#,
    )
    .await;
    let mugs = cart(&mut other, "TR").await;
    assert!((17_500..100_000).contains(&number(&mugs, "totalSum")));
    assert_eq!(number(&mugs, "shippingCost"), shipping(Site::Tr).cost);
}

#[tokio::test]
async fn card_holders_ship_free_from_less_on_cz_once_logged_in() {
    let mut shop = Shop::open("site-shipping-card", false);
    // Two kilograms of coffee on CZ: below 999 Kč, above the card holder's 499 Kč.
    add(&mut shop, "CZ", ADD_COFFEE).await;
    let answer = add(&mut shop, "CZ", ADD_COFFEE).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let before = cart(&mut shop, "CZ").await;
    let value = number(&before, "totalSum");
    assert!((49_900..99_900).contains(&value), "{value}");
    assert_eq!(number(&before, "shippingCost"), shipping(Site::Cz).cost);

    // Logged in as the card member, the same cart ships free (no change of the cart needed).
    let login = shop
        .send(
            "POST",
            "/signin",
            &[("content-type", "application/x-www-form-urlencoded")],
            "account=member&site=CZ&loginRedirect=%2Fcz%2F",
        )
        .await;
    assert_eq!(login.status, StatusCode::SEE_OTHER);
    assert_eq!(number(&cart(&mut shop, "CZ").await, "shippingCost"), 0);
    let page = shop.get("/cz/cart?step=shopping_cart").await.body;
    assert!(page.contains(&format_price(value, Site::Cz)));
    // Logged out again: the threshold for everyone.
    shop.get("/cz/logout").await;
    assert_eq!(
        number(&cart(&mut shop, "CZ").await, "shippingCost"),
        shipping(Site::Cz).cost
    );
}

#[test]
fn a_database_from_before_keeps_its_carts_as_de_carts() {
    let dir = common::temp_dir("site-migration");
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{error}"));
    let cart = r#"{"numberOfArticles":1,"articles":[{"productId":"400001","tcm":"400001-01","title":"Barista Caffè Crema, 1 kg Bohnen","quantity":{"quantity":1},"price":{"calculatedPrice":1699}}],"totalSum":1699}"#;
    {
        let old = rusqlite::Connection::open(dir.join(shop_server::store::DATABASE_FILE))
            .unwrap_or_else(|error| panic!("{error}"));
        old.execute_batch(&format!(
            "CREATE TABLE offers (position INTEGER PRIMARY KEY, offer TEXT NOT NULL);
             INSERT INTO offers VALUES (0, '{{}}');
             CREATE TABLE carts (visitor TEXT PRIMARY KEY, cart TEXT NOT NULL,
                 updated_at INTEGER NOT NULL DEFAULT (unixepoch()));
             INSERT INTO carts (visitor, cart) VALUES ('visitor-1', '{cart}');"
        ))
        .unwrap_or_else(|error| panic!("{error}"));
    }
    let store = shop_server::store::Store::open(&dir).unwrap_or_else(|error| panic!("{error:?}"));
    let kept = store
        .cart("visitor-1", Site::De)
        .unwrap_or_else(|error| panic!("{error:?}"));
    assert_eq!(kept.articles.len(), 1);
    assert_eq!(kept.total_sum, 1699);
    let on_hu = store
        .cart("visitor-1", Site::Hu)
        .unwrap_or_else(|error| panic!("{error:?}"));
    assert!(on_hu.articles.is_empty());
    for site in Site::ALL {
        let offers = store
            .offers(site)
            .unwrap_or_else(|error| panic!("{error:?}"));
        assert_eq!(
            offers,
            shop_server::catalogue::offers(site),
            "{site:?} seeded afresh"
        );
    }
    // Opening it again changes nothing.
    drop(store);
    let again = shop_server::store::Store::open(&dir).unwrap_or_else(|error| panic!("{error:?}"));
    assert_eq!(
        again
            .cart("visitor-1", Site::De)
            .map(|cart| cart.total_sum)
            .ok(),
        Some(1699)
    );
}

/// Every page's head and static header stay on the page's site: the canonical link and the app
/// links name the site's own address, and the static navigation (the fallback entries, there
/// before and without the header fragment) leads to the site's pages.
#[tokio::test]
async fn a_sites_page_names_its_own_address_and_its_static_navigation_stays_on_it() {
    use shop_core::header::navigation::{NavEntry, navigation_bar};
    let mut shop = Shop::open("site-addresses", false);
    for site in Site::ALL {
        let prefix = site_prefix(site);
        let page = shop
            .get_with(&format!("{prefix}/"), &[("host", "localhost:8080")])
            .await;
        assert_eq!(page.status, StatusCode::OK, "{site:?}");
        let body = &page.body;
        let canonical = body
            .split("<link rel=\"canonical\" href=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_default();
        assert!(
            canonical.starts_with("http://localhost:")
                && canonical.ends_with(&format!("{prefix}/")),
            "{site:?}: canonical {canonical}"
        );
        let path = canonical.trim_start_matches("http://localhost:");
        assert_eq!(
            path.trim_start_matches(|c: char| c.is_ascii_digit()),
            format!("{prefix}/"),
            "{site:?}"
        );
        assert!(
            body.contains(&format!(
                "android-app://com.shop.app/http/localhost{prefix}/"
            )),
            "{site:?}: app link"
        );
        assert!(
            body.contains(&format!("ios-app://1234567890/http/localhost{prefix}/")),
            "{site:?}: iOS app link"
        );
        let nav = body
            .split("<nav class=\"shell-header__nav\"")
            .nth(1)
            .and_then(|rest| rest.split("</nav>").next())
            .unwrap_or_else(|| panic!("{site:?}: no static navigation"));
        let expected: Vec<&str> = navigation_bar(site, None, None)
            .entries
            .iter()
            .filter_map(|entry| match entry {
                NavEntry::Fallback { url, .. } => Some(*url),
                _ => None,
            })
            .collect();
        assert!(!expected.is_empty());
        for url in &expected {
            assert!(
                nav.contains(&format!("<a href=\"{prefix}{url}\">")),
                "{site:?}: {url} in {nav}"
            );
        }
        assert_eq!(nav.matches("<a href=").count(), expected.len(), "{nav}");
    }
}

/// The showcase has its own title, in the site's language (WCAG 2.4.2: it had the home page's).
#[tokio::test]
async fn the_showcase_has_its_own_title_on_every_site() {
    let mut shop = Shop::open("site-showcase-title", false);
    for site in Site::ALL {
        let page = shop
            .get(&format!("{}/showcase", site_prefix(site)))
            .await
            .body;
        let title = common::title(&page);
        let expected = shop_server::texts::text(site.locale(), "page.showcase", &[]);
        assert_eq!(
            title,
            shop_server::html::escape(&expected),
            "{}",
            site.code()
        );
    }
}
