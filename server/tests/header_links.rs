//! Every link the header can show leads to a page on every site: the user menu's links and
//! buttons (logged out and logged in as a loyalty-card member), the navigation's fallback
//! entries, the header's content pages and the store finder, as the core writes them, under the
//! site's path prefix.

mod common;

use axum::http::StatusCode;
use common::Shop;
use shop_core::content::visitor::PersonalData;
use shop_core::header::NavEntry;
use shop_core::header::links::{CONTENT_PAGES, store_finder_url, user_menu};
use shop_core::header::navigation::navigation_bar;
use shop_core::site::Site;

fn header_links(site: Site) -> Vec<String> {
    let member = PersonalData {
        initialized: true,
        logged_in_or_remembered: true,
        customer_name: Some("Maria Muster".into()),
        loyalty_beans: 1250,
        community_member: true,
        tchibo_card_member: true,
    };
    let mut links = Vec::new();
    for visitor in [PersonalData::default(), member] {
        let menu = user_menu(site, &visitor);
        links.extend(menu.actions.iter().map(|action| action.url.to_owned()));
        // New-tab links go to other services (mobile plan, community), not to this shop.
        links.extend(
            menu.links
                .iter()
                .filter(|link| !link.new_tab)
                .map(|link| link.url.to_owned()),
        );
    }
    for entry in navigation_bar(site, None, None).entries {
        if let NavEntry::Fallback { url, .. } = entry {
            links.push(url.to_owned());
        }
    }
    links.extend(
        CONTENT_PAGES
            .iter()
            .filter(|(page_site, _, _)| *page_site == site)
            .map(|(_, _, path)| (*path).to_owned()),
    );
    links.push(store_finder_url("Hamburg"));
    links.sort();
    links.dedup();
    links
}

#[tokio::test]
async fn every_header_link_answers_with_a_page_on_every_site() {
    let mut shop = Shop::open("header-links", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let links = header_links(site);
        assert!(links.len() >= 10, "{site:?}: {links:?}");
        for link in links {
            assert!(link.starts_with('/'), "{link}");
            // Logging out redirects home; everything else is a page of its own.
            let page = shop.get(&format!("{prefix}{link}")).await;
            let expected = if link == "/logout" {
                StatusCode::SEE_OTHER
            } else {
                StatusCode::OK
            };
            assert_eq!(page.status, expected, "{site:?} {prefix}{link}");
            if expected == StatusCode::OK {
                assert!(
                    page.body
                        .contains(&format!("lang=\"{}\"", site.locale().tag())),
                    "{prefix}{link}"
                );
            }
        }
    }
}

/// The static header's icon links (the page before and without the header fragment): their
/// names and targets, in page order.
fn static_icon_links(html: &str) -> Vec<(String, String)> {
    let bar = html
        .split_once("<ul class=\"shell-icons")
        .and_then(|(_, rest)| rest.split_once("</ul>"))
        .map_or("", |(bar, _)| bar);
    bar.split("<a ")
        .skip(1)
        .map(|link| {
            let attribute = |name: &str| {
                link.split_once(&format!("{name}=\""))
                    .and_then(|(_, rest)| rest.split_once('"'))
                    .map_or(String::new(), |(value, _)| value.to_owned())
            };
            (attribute("aria-label"), attribute("href"))
        })
        .collect()
}

#[tokio::test]
async fn the_static_header_has_the_icon_bar_as_links_to_working_pages_on_every_site() {
    let mut shop = Shop::open("static-icons", false);
    // The header fragment's names for its icons, in each site's language.
    let names: [(Site, [&str; 4]); 9] = [
        (
            Site::De,
            ["Suche", "Filialfinder", "Mein Konto", "Warenkorb"],
        ),
        (
            Site::At,
            ["Suche", "Filialfinder", "Mein Konto", "Warenkorb"],
        ),
        (
            Site::Ch,
            ["Suche", "Filialfinder", "Mein Konto", "Warenkorb"],
        ),
        (
            Site::ChFr,
            ["Recherche", "Trouver un magasin", "Mon compte", "Panier"],
        ),
        (
            Site::Pl,
            ["Szukaj", "Wyszukiwarka sklepów", "Moje konto", "Koszyk"],
        ),
        (
            Site::Cz,
            ["Hledat", "Vyhledávač prodejen", "Můj účet", "Košík"],
        ),
        (Site::Hu, ["Keresés", "Üzletkereső", "Fiókom", "Kosár"]),
        (
            Site::Sk,
            ["Hľadať", "Vyhľadávač predajní", "Môj účet", "Košík"],
        ),
        (Site::Tr, ["Ara", "Mağaza bulucu", "Hesabım", "Sepet"]),
    ];
    for (site, names) in names {
        let prefix = shop_server::pages::site_prefix(site);
        let home = shop.get(&format!("{prefix}/")).await;
        let links = static_icon_links(&home.body);
        let targets = [
            "/search",
            "/service/storefinder/search",
            "/account",
            "/cart?step=shopping_cart",
        ];
        let expected: Vec<(String, String)> = names
            .iter()
            .zip(targets)
            .map(|(name, target)| ((*name).to_owned(), format!("{prefix}{target}")))
            .collect();
        assert_eq!(links, expected, "{site:?}");
        // Each leads to a page of the site: the search and store-finder pages have their forms,
        // the account page asks a stranger to sign in.
        for (name, href) in links {
            let page = shop.get(&href).await;
            assert_eq!(page.status, StatusCode::OK, "{site:?} {name}");
            assert!(
                page.body
                    .contains(&format!("lang=\"{}\"", site.locale().tag())),
                "{href}"
            );
        }
    }
    // Room for the cart preview's toggle only where the fragment will show it (not on the
    // cart page); the checkout's reduced header has no icon bar.
    let home = shop.get("/").await.body;
    assert!(home.contains("class=\"shell-icons shell-icons--cart-toggle\""));
    let cart = shop.get("/cart").await.body;
    assert!(cart.contains("class=\"shell-icons\""));
    let checkout = shop.get("/checkout").await.body;
    assert_eq!(static_icon_links(&checkout), Vec::new());
    assert!(!checkout.contains("shell-icon"));
}

/// The static header's cart link: its accessible name (`aria-label`).
fn static_cart_label(html: &str) -> String {
    html.split_once("id=\"shell-cart\"")
        .and_then(|(_, rest)| rest.split_once("aria-label=\""))
        .and_then(|(_, rest)| rest.split_once('"'))
        .map_or(String::new(), |(label, _)| label.to_owned())
}

#[tokio::test]
async fn the_static_cart_link_names_one_item_in_the_singular_on_every_site() {
    let mut shop = Shop::open("static-cart-count", false);
    // What the header fragment's cart link says for one and for two items.
    let names: [(Site, &str, &str); 9] = [
        (Site::De, "Warenkorb, 1 Artikel", "Warenkorb, 2 Artikel"),
        (Site::At, "Warenkorb, 1 Artikel", "Warenkorb, 2 Artikel"),
        (Site::Ch, "Warenkorb, 1 Artikel", "Warenkorb, 2 Artikel"),
        (Site::ChFr, "Panier, 1 article", "Panier, 2 articles"),
        (Site::Pl, "Koszyk, 1 produkt", "Koszyk, liczba produktów: 2"),
        (Site::Cz, "Košík, 1 položka", "Košík, počet položek: 2"),
        (Site::Hu, "Kosár, 1 termék", "Kosár, 2 termék"),
        (Site::Sk, "Košík, 1 položka", "Košík, počet položiek: 2"),
        (Site::Tr, "Sepet, 1 ürün", "Sepet, 2 ürün"),
    ];
    for (site, one, two) in names {
        let prefix = shop_server::pages::site_prefix(site);
        let empty = shop.get(&format!("{prefix}/")).await.body;
        let cart = static_cart_label(&empty);
        assert!(!cart.is_empty() && !cart.contains(','), "{site:?}: {cart}");
        for (payload, expected) in [
            (
                r#"{"setArticle":{"productId":"400001","tcm":"400001-01","quantity":1}}"#,
                one,
            ),
            (
                r#"{"setArticle":{"productId":"400002","tcm":"400002-01","quantity":1}}"#,
                two,
            ),
        ] {
            let added = shop
                .send(
                    "POST",
                    "/service/cart/api/cart",
                    &[("content-type", "application/json"), ("site", site.code())],
                    payload,
                )
                .await;
            assert_eq!(added.status, StatusCode::OK, "{site:?}: {}", added.body);
            let page = shop.get(&format!("{prefix}/")).await.body;
            assert_eq!(static_cart_label(&page), expected, "{site:?}");
        }
    }
}

#[tokio::test]
async fn the_static_header_shows_the_benefits_with_the_way_to_the_newsletter_sign_up_on_every_site()
{
    let mut shop = common::Shop::open("static-benefits", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let page = shop.get(&format!("{prefix}/")).await.body;
        let bar = page
            .split_once("<div class=\"shell-header__benefits\">")
            .and_then(|(_, rest)| rest.split_once("</div>"))
            .map_or("", |(bar, _)| bar);
        assert!(
            bar.starts_with("<ul class=\"shell-benefits\" aria-label="),
            "{site:?}: {bar}"
        );
        assert!(bar.matches("<li>").count() >= 2, "{site:?}: {bar}");
        // Without JavaScript, the sign-up page is reached from every page.
        assert!(
            bar.contains(&format!("href=\"{prefix}/subscribenewsletter\"")),
            "{site:?}: {bar}"
        );
    }
}

#[tokio::test]
async fn an_editors_bold_benefit_is_bold_in_the_static_header_without_javascript() {
    let mut shop = Shop::open("static-benefits-bold", false);
    let page = shop.get("/").await.body;
    let bar = page
        .split_once("<ul class=\"shell-benefits\"")
        .and_then(|(_, rest)| rest.split_once("</ul>"))
        .map_or("", |(bar, _)| bar);
    // DE's seeded benefits: the newsletter discount is the editor's bold link (`boldLink`).
    assert!(
        bar.contains(
            "<li><a href=\"/subscribenewsletter\" class=\"shell-benefits__bold\">\
             10\u{a0}% Rabatt für Newsletter-Abonnenten</a></li>"
        ),
        "{bar}"
    );
    // Only that one: the others are plain links.
    assert_eq!(bar.matches("shell-benefits__bold").count(), 1, "{bar}");
    assert!(
        bar.contains(
            "<li><a href=\"/subscribenewsletter\">Versandkostenfrei ab 20\u{a0}€</a></li>"
        ),
        "{bar}"
    );
}
