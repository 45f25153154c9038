//! The cart's forms, which work without JavaScript: each product tile is a form posting its add
//! payload to `{site prefix}/cart/add` (added as the cart service adds it, back at the tile,
//! which says what happened); the cart page lists the lines as the mini cart does, each with a
//! form posting to `{site prefix}/cart/remove`.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Answer, Shop, list, shell_config};

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

/// The first tile's form fields on a page: its action, the payload and where it comes back to.
fn first_tile_form(html: &str) -> (String, String, String) {
    let form = html
        .split_once("<form class=\"shell-card__form\"")
        .map_or("", |(_, rest)| {
            rest.split_once("</form>").map_or("", |(form, _)| form)
        });
    let value = |name: &str| {
        let marker = format!("name=\"{name}\" value=\"");
        form.split_once(&marker)
            .and_then(|(_, rest)| rest.split_once('"'))
            .map_or(String::new(), |(value, _)| {
                value.replace("&quot;", "\"").replace("&amp;", "&")
            })
    };
    let action = form
        .split_once("action=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map_or(String::new(), |(action, _)| action.to_owned());
    (action, value("modification"), value("back"))
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                char::from(byte).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

async fn post(shop: &mut Shop, action: &str, modification: &str, back: &str) -> Answer {
    let body = format!(
        "modification={}&back={}",
        encode(modification),
        encode(back)
    );
    shop.send("POST", action, &[FORM], &body).await
}

/// Posts the cart page's remove form of a line (`action`: `{prefix}/cart/remove`).
async fn remove(shop: &mut Shop, action: &str, key: &str) -> Answer {
    shop.send("POST", action, &[FORM], &format!("line={}", encode(key)))
        .await
}

/// The articles in the visitor's cart on a site (the cart service's `site` header).
async fn item_count(shop: &mut Shop, site: &str) -> usize {
    let cart = shop
        .get_with("/service/cart/api/cart", &[("site", site)])
        .await
        .json();
    list(&cart, &["articles"]).len()
}

#[tokio::test]
async fn a_tile_whose_item_is_in_the_cart_already_goes_back_without_a_word() {
    let mut shop = Shop::open("tile-form-unchanged", false);
    let product = shop.get("/p/400201").await;
    let (action, modification, back) = first_tile_form(&product.body);
    assert!(modification.contains("setGiftCard"), "{modification}");
    let added = post(&mut shop, &action, &modification, &back).await;
    assert!(added.header("location").contains("added=offer-"));

    // The gift card is in the cart: the same add changes nothing (the service's 304).
    let again = post(&mut shop, &action, &modification, &back).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    let location = again.header("location").to_owned();
    let (page, tile) = location
        .split_once('#')
        .unwrap_or_else(|| panic!("{location}"));
    assert_eq!(page, back, "{location}");
    assert!(tile.starts_with("offer-"), "{location}");
    assert!(
        !shop
            .get(page)
            .await
            .body
            .contains("liegt jetzt im Warenkorb.")
    );
}

/// A page opened with a query of kilobytes (a long link, a tracking parameter): its tiles come
/// back to the page with what fits of the query, and their forms can still be posted.
#[tokio::test]
async fn a_tile_on_a_page_with_a_very_long_query_still_adds() {
    let mut shop = Shop::open("tile-form-long-query", false);
    let noise = "x".repeat(6_000);
    let search = shop
        .get(&format!("/at/search?query=kaffee&ref={noise}&page=1"))
        .await;
    let (action, modification, back) = first_tile_form(&search.body);
    assert_eq!(back, "/at/search?query=kaffee&page=1");
    assert!(
        !search.body.contains(&noise[..100]),
        "the query is in the page"
    );
    let added = post(&mut shop, &action, &modification, &back).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    assert!(
        added
            .header("location")
            .starts_with("/at/search?query=kaffee&page=1&added=offer-"),
        "{}",
        added.header("location")
    );
    assert_eq!(item_count(&mut shop, "AT").await, 1);
}

#[tokio::test]
async fn a_tile_adds_its_item_without_javascript_and_says_so_in_the_tile() {
    let mut shop = Shop::open("tile-form", true);
    let search = shop.get("/at/search?query=kaffee").await;
    let (action, modification, back) = first_tile_form(&search.body);
    assert_eq!(action, "/at/cart/add");
    assert_eq!(back, "/at/search?query=kaffee");
    assert!(modification.contains("setArticle"), "{modification}");

    let added = post(&mut shop, &action, &modification, &back).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    let location = added.header("location").to_owned();
    let (page, tile) = location
        .split_once('#')
        .unwrap_or_else(|| panic!("{location}"));
    assert!(
        page.starts_with("/at/search?query=kaffee&added=offer-"),
        "{location}"
    );
    assert_eq!(item_count(&mut shop, "AT").await, 1);
    assert_eq!(item_count(&mut shop, "DE").await, 0, "AT's cart, not DE's");

    // Back on the page: the tile says it, the static badge counts it, the notice stays out of
    // the tiles' own way back.
    let after = shop.get(page).await.body;
    let card = after
        .split_once(&format!("id=\"{tile}\""))
        .map_or("", |(_, rest)| {
            rest.split_once("</li>").map_or("", |(card, _)| card)
        });
    assert!(card.contains("liegt jetzt im Warenkorb."), "{card}");
    assert!(after.contains("data-item-count=\"1\""));
    assert_eq!(first_tile_form(&after).2, "/at/search?query=kaffee");

    // A refusal (the cart service down) is shown in the tile; nothing is added.
    shop.faults(r#"{"cartChange":"CARTSTORAGE_UNAVAILABLE"}"#)
        .await;
    let refused = post(&mut shop, &action, &modification, &back).await;
    let location = refused.header("location").to_owned();
    assert!(
        location.contains("refused=offer-")
            && location.contains("cartError=CARTSTORAGE_UNAVAILABLE"),
        "{location}"
    );
    let page = shop
        .get(location.split_once('#').map_or("", |(page, _)| page))
        .await
        .body;
    assert!(
        page.contains("role=\"alert\">Aus technischen Gründen"),
        "the change error in the tile"
    );
    shop.faults("{}").await;
    let cart = shop
        .get_with("/service/cart/api/cart", &[("site", "AT")])
        .await
        .json();
    let quantity = shop_core::json::to_string(common::at(
        &list(&cart, &["articles"])[0],
        &["quantity", "quantity"],
    ));
    assert_eq!(quantity, "1", "nothing was added");
}

#[tokio::test]
async fn the_static_badge_is_hidden_while_the_cart_is_empty() {
    let mut shop = Shop::open("static-badge-hidden", false);
    let badge = |page: &str| {
        page.split_once("<span id=\"shell-cart-badge\"")
            .and_then(|(_, rest)| rest.split_once("</span>"))
            .map_or(String::new(), |(badge, _)| badge.to_owned())
    };
    let empty = badge(&shop.get("/").await.body);
    assert_eq!(
        empty, " class=\"shell-cart__badge\" data-item-count=\"0\" hidden>",
        "an empty badge is not shown"
    );
    let home = shop.get("/").await.body;
    let (action, modification, back) = first_tile_form(&home);
    post(&mut shop, &action, &modification, &back).await;
    let filled = badge(&shop.get("/").await.body);
    assert!(filled.contains("data-item-count=\"1\">"), "{filled}");
    assert!(!filled.contains("hidden"), "{filled}");
}

#[tokio::test]
async fn a_tile_form_from_elsewhere_or_with_a_broken_payload_changes_nothing() {
    let mut shop = Shop::open("tile-form-refused", false);
    let home = shop.get("/").await;
    let (action, modification, _) = first_tile_form(&home.body);
    let foreign = shop
        .send(
            "POST",
            &action,
            &[FORM, ("origin", "https://elsewhere.example")],
            &format!("modification={}", encode(&modification)),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    let broken = post(&mut shop, &action, "{\"kind\":", "/").await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    // A way back that leaves the shop goes to the site's home instead.
    let away = post(
        &mut shop,
        &action,
        &modification,
        "https://elsewhere.example/",
    )
    .await;
    assert!(
        away.header("location").starts_with("/?added=offer-"),
        "{}",
        away.header("location")
    );
    // A way back with a fragment of its own: the tile's anchor is the one that counts.
    let anchored = post(&mut shop, &action, &modification, "/p/400001#reviews").await;
    let location = anchored.header("location");
    assert!(
        location.starts_with("/p/400001?added=offer-") && location.matches('#').count() == 1,
        "{location}"
    );
    assert_eq!(item_count(&mut shop, "DE").await, 1);
}

/// The cart page's lines: title and the line key its remove form posts (empty when it has none).
fn cart_page_lines(html: &str) -> Vec<(String, String)> {
    html.split("<li class=\"shell-cart-line\">")
        .skip(1)
        .map(|line| {
            let line = line.split_once("</li>").map_or(line, |(line, _)| line);
            let between = |start: &str, end: char| {
                line.split_once(start)
                    .and_then(|(_, rest)| rest.split_once(end))
                    .map_or(String::new(), |(value, _)| value.to_owned())
            };
            let title = between("<h2 class=\"shell-cart-line__title\"><a href=\"", '<');
            let title = title
                .split_once('>')
                .map_or(String::new(), |(_, title)| title.to_owned());
            (title, between("name=\"line\" value=\"", '"'))
        })
        .collect()
}

#[tokio::test]
async fn the_cart_page_lists_the_lines_and_removes_one_by_its_form() {
    let mut shop = Shop::open("cart-page", false);
    let empty = shop.get("/cart?step=shopping_cart").await.body;
    assert!(empty.contains("Dein Warenkorb ist leer"));
    assert!(empty.contains(">Weiter einkaufen</a>"));

    // Two articles from the home page, and the one without tcm from the showcase (it cannot be
    // removed in the cart: its Remove is disabled, with no form posting its line).
    let home = shop.get("/").await.body;
    let forms: Vec<&str> = home
        .split("<form class=\"shell-card__form\"")
        .skip(1)
        .collect();
    for form in forms.iter().take(2) {
        let (action, modification, back) =
            first_tile_form(&format!("<form class=\"shell-card__form\"{form}"));
        assert_eq!(
            post(&mut shop, &action, &modification, &back).await.status,
            StatusCode::SEE_OTHER
        );
    }
    let showcase = shop.get("/showcase").await.body;
    let grinder = showcase
        .split("<li class=\"shell-card\"")
        .find(|card| card.contains("ohne tcm"))
        .unwrap_or_else(|| panic!("no grinder on the showcase"));
    let (action, modification, back) = first_tile_form(grinder);
    assert_eq!(
        post(&mut shop, &action, &modification, &back).await.status,
        StatusCode::SEE_OTHER
    );

    let page = shop.get("/cart?step=shopping_cart").await.body;
    assert!(page.contains("3 Artikel"));
    assert!(page.contains("Gesamtsumme"));
    let lines = cart_page_lines(&page);
    assert_eq!(lines.len(), 3, "{lines:?}");
    let (title, key) = lines
        .iter()
        .find(|(title, _)| !title.contains("ohne tcm"))
        .cloned()
        .unwrap_or_default();
    assert!(!key.is_empty(), "{title} can be removed");
    let grinder_line = lines.iter().find(|(title, _)| title.contains("ohne tcm"));
    assert_eq!(
        grinder_line.map(|(_, key)| key.as_str()),
        Some(""),
        "no line to post without tcm"
    );

    let removed = remove(&mut shop, "/cart/remove", &key).await;
    assert_eq!(removed.status, StatusCode::SEE_OTHER);
    let location = removed.header("location").to_owned();
    assert!(
        location.starts_with("/cart?step=shopping_cart&removed="),
        "{location}"
    );
    // Back at the outcome, not at the top of the page: the notice is the page's target, and
    // takes the focus there (a keyboard user goes on from it).
    assert!(location.ends_with("#cart-notice"), "{location}");
    let after = shop.get(&location).await.body;
    assert!(
        after.contains(&format!(
            "<p id=\"cart-notice\" tabindex=\"-1\" class=\"shell-banner shell-banner--success\" role=\"status\">{title} wurde aus dem Warenkorb entfernt.</p>"
        )),
        "{title}"
    );
    assert_eq!(cart_page_lines(&after).len(), 2);
    assert!(after.contains("data-item-count=\"2\""));

    // A line that is gone already: the cart as it is, without a word; other origins: refused.
    let again = remove(&mut shop, "/at/cart/remove", &key).await;
    assert_eq!(again.header("location"), "/at/cart?step=shopping_cart");
    let foreign = shop
        .send(
            "POST",
            "/cart/remove",
            &[FORM, ("origin", "https://elsewhere.example")],
            &format!("line={}", encode(&key)),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    assert_eq!(cart_page_lines(&shop.get("/cart").await.body).len(), 2);
}

#[tokio::test]
async fn the_cart_page_s_summary_and_checkout_follow_the_mini_cart_s_view() {
    let mut shop = Shop::open("cart-page-summary", false);
    // The defective thermos from the showcase and an article from the home page.
    add_from_showcase(&mut shop, "", "Thermoskanne").await;
    let home = shop.get("/").await.body;
    let (action, modification, back) = first_tile_form(&home);
    let added = post(&mut shop, &action, &modification, &back).await;
    assert!(added.header("location").contains("added=offer-"));
    let summary_of = |page: &str| {
        page.split_once("<dl class=\"shell-cart-summary\">")
            .and_then(|(_, rest)| rest.split_once("</dl>"))
            .map_or(String::new(), |(summary, _)| summary.to_owned())
    };
    let page = shop.get("/cart?step=shopping_cart").await.body;
    // A defective line: the banner over the lines, and no way to the checkout.
    assert!(page.contains(
        "<p class=\"shell-banner shell-banner--warning\">Leider sind Fehler aufgetreten, \
         bitte beachte die Hinweise unten.</p>"
    ));
    assert!(!page.contains("shell-cart-checkout"), "no checkout");

    // Without it: the checkout, no banner, and the VAT note on the total only.
    let thermos = cart_page_lines(&page)
        .into_iter()
        .find(|(title, _)| title.contains("Thermoskanne"))
        .map(|(_, key)| key)
        .unwrap_or_default();
    remove(&mut shop, "/cart/remove", &thermos).await;
    let page = shop.get("/cart?step=shopping_cart").await.body;
    assert_eq!(cart_page_lines(&page).len(), 1);
    assert!(!page.contains("shell-banner--warning"));
    assert!(
        page.contains(
            "<p><a class=\"shell-cart-checkout\" href=\"/checkout\">Direkt zur Kasse</a></p>"
        ),
        "{page}"
    );
    let summary = summary_of(&page);
    let rows: Vec<&str> = summary.split("<div").skip(1).collect();
    assert!(rows.len() >= 2, "{summary}");
    for row in rows {
        // The VAT note and the total's own look on the total only.
        let vat = row.contains("<span class=\"shell-vat\">inkl. gesetzl. MwSt.</span>");
        let total = row.starts_with(" class=\"shell-cart-summary__total\">");
        assert_eq!(
            (vat, total),
            (row.contains("Gesamtsumme"), row.contains("Gesamtsumme")),
            "{row}"
        );
    }
}

#[tokio::test]
async fn the_cart_page_speaks_every_site_s_language() {
    let mut shop = Shop::open("cart-page-sites", false);
    for site in shop_core::site::Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        // Every kind of item (the site's showcase has them all) in the site's cart.
        let showcase = shop.get(&format!("{prefix}/showcase")).await.body;
        for card in showcase.split("<li class=\"shell-card\"").skip(1) {
            let (action, modification, back) = first_tile_form(card);
            post(&mut shop, &action, &modification, &back).await;
        }
        let page = shop
            .get(&format!("{prefix}/cart?step=shopping_cart&removed=400001"))
            .await
            .body;
        assert!(cart_page_lines(&page).len() >= 4, "{site:?}");
        assert!(page.contains(&format!("lang=\"{}\"", site.locale().tag())));
        // No text is missing: a missing one would show its key (in the page's markup, not in the
        // shell configuration's names, such as the storage key `cart.AT`).
        let markup = page
            .split("<script")
            .map(|part| {
                part.split_once("</script>")
                    .map_or(part, |(_, after)| after)
            })
            .collect::<String>();
        for key in ["cart.", "summary.", "price."] {
            assert!(!markup.contains(key), "{site:?}: a {key} text is missing");
        }
    }
}

#[tokio::test]
async fn a_cart_that_cannot_be_read_is_not_shown_as_empty() {
    let mut shop = Shop::open("cart-page-unreadable", true);
    shop.faults(r#"{"cartLoad":"CARTSTORAGE_UNAVAILABLE"}"#)
        .await;
    let page = shop.get("/cart?step=shopping_cart").await.body;
    assert!(page.contains(
        "role=\"alert\">Aus technischen Gründen kann der Warenkorbinhalt gerade nicht angezeigt"
    ));
    assert!(!page.contains("Dein Warenkorb ist leer"));
    shop.faults("{}").await;
    assert!(
        shop.get("/cart?step=shopping_cart")
            .await
            .body
            .contains("Dein Warenkorb ist leer")
    );
}

#[tokio::test]
async fn a_removal_from_a_cart_that_cannot_be_read_says_so() {
    let mut shop = Shop::open("cart-remove-unreadable", false);
    let home = shop.get("/").await.body;
    let (action, modification, back) = first_tile_form(&home);
    post(&mut shop, &action, &modification, &back).await;
    let lines = cart_page_lines(&shop.get("/cart").await.body);
    let key = lines
        .iter()
        .map(|(_, key)| key.clone())
        .find(|key| !key.is_empty())
        .unwrap_or_default();
    // The stored cart becomes unreadable.
    rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
        .and_then(|database| database.execute("UPDATE site_carts SET cart = 'not a cart'", []))
        .unwrap_or_else(|error| panic!("{error}"));
    let removed = remove(&mut shop, "/cart/remove", &key).await;
    let location = removed.header("location").to_owned();
    assert_eq!(
        location,
        "/cart?step=shopping_cart&cartError=UNKNOWN#cart-notice"
    );
    let page = shop.get(&location).await.body;
    assert!(
        page.contains("Aus technischen Gründen"),
        "the cart's error, not nothing"
    );
}

/// Puts the coffee (TEXT), the machine (COLOR #1d1d1b) and the mugs (IMAGE, their pattern) into
/// the visitor's cart on a site (the cart service's `site` header).
async fn add_dimensioned_items(shop: &mut Shop, site: &str) {
    for payload in [
        r#"{"setArticle":{"productId":"400001","tcm":"400001-01","quantity":1}}"#,
        r#"{"setArticle":{"productId":"400002","tcm":"400002-01","quantity":1}}"#,
        r#"{"setArticle":{"productId":"400006","tcm":"400006-01","quantity":1}}"#,
    ] {
        let answer = shop
            .send(
                "POST",
                "/service/cart/api/cart",
                &[("content-type", "application/json"), ("site", site)],
                payload,
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
}

#[tokio::test]
async fn the_cart_page_shows_each_dimension_by_its_type() {
    let mut shop = Shop::open("cart-page-dimensions", false);
    add_dimensioned_items(&mut shop, "DE").await;
    let page = shop.get("/cart?step=shopping_cart").await.body;
    assert!(page.contains("<p class=\"shell-cart-line__dimension\">Röstung: mittel</p>"));
    assert!(
        page.contains("fill=\"#1d1d1b\""),
        "the machine's colour as a swatch"
    );
    assert!(page.contains(
        "Motiv: <img class=\"shell-dimension-image\" src=\"/img/products/mugs-pattern.svg\""
    ));
    assert!(!page.contains("Motiv: /img/"), "no picture address as text");
}

#[tokio::test]
async fn a_swatch_and_a_dimension_s_picture_are_named_by_what_they_are_in_the_site_s_language() {
    let mut shop = Shop::open("cart-page-dimension-names", false);
    // A screen reader hears "Farbe: Farbfeld" and "Motiv: Bild", as in the mini cart: never the
    // colour's code, never nothing.
    for (site, prefix, color, swatch, pattern, picture) in [
        ("DE", "", "Farbe:", "Farbfeld", "Motiv:", "Bild"),
        (
            "CH_FR",
            "/ch-fr",
            // French puts a space before the colon.
            "Couleur :",
            "échantillon de couleur",
            "Motif :",
            "image",
        ),
    ] {
        add_dimensioned_items(&mut shop, site).await;
        let page = shop
            .get(&format!("{prefix}/cart?step=shopping_cart"))
            .await
            .body;
        let machine = page
            .split("<p class=\"shell-cart-line__dimension\">")
            .find(|dimension| dimension.starts_with(&format!("{color} ")))
            .unwrap_or_else(|| panic!("{site}: no colour dimension"));
        assert!(
            machine.contains(&format!("role=\"img\"><title>{swatch}</title>")),
            "{site}: {machine}"
        );
        assert!(
            !page.contains("aria-label=\"#1d1d1b\""),
            "{site}: not its code"
        );
        assert!(
            !page.contains("<title>#1d1d1b</title>"),
            "{site}: not its code"
        );
        assert!(
            page.contains(&format!(
                "{pattern} <img class=\"shell-dimension-image\" src=\"/img/products/mugs-pattern.svg\" alt=\"{picture}\""
            )),
            "{site}: the pattern's picture is named"
        );
        assert!(
            !page.contains(
                "shell-dimension-image\" src=\"/img/products/mugs-pattern.svg\" alt=\"\""
            )
        );
    }
}

/// Puts the showcase's offer whose tile names `title` into the visitor's cart on a site.
async fn add_from_showcase(shop: &mut Shop, prefix: &str, title: &str) {
    let showcase = shop.get(&format!("{prefix}/showcase")).await.body;
    let card = showcase
        .split("<li class=\"shell-card\"")
        .skip(1)
        .find(|card| card.contains(title))
        .unwrap_or_else(|| panic!("no {title} on the showcase"));
    let (action, modification, back) = first_tile_form(card);
    assert_eq!(
        post(shop, &action, &modification, &back).await.status,
        StatusCode::SEE_OTHER,
        "{title}"
    );
}

/// The cart page's line whose title contains `title` (its markup up to the line's end).
fn cart_page_line<'a>(html: &'a str, title: &str) -> &'a str {
    html.split("<li class=\"shell-cart-line\">")
        .skip(1)
        .map(|line| line.split_once("</li>").map_or(line, |(line, _)| line))
        .find(|line| line.contains(title))
        .unwrap_or_else(|| panic!("no line {title}"))
}

#[tokio::test]
async fn a_line_whose_delete_is_disabled_shows_its_remove_button_disabled() {
    let mut shop = Shop::open("cart-page-delete-disabled", false);
    add_from_showcase(&mut shop, "", "ohne tcm").await;
    add_from_showcase(&mut shop, "", "Thermoskanne").await;
    let page = shop.get("/cart?step=shopping_cart").await.body;

    // The defective grinder without tcm: the core's view says its delete is disabled (header
    // spec section 5): the Remove button is there with its label, disabled, and posts nothing.
    let grinder = cart_page_line(&page, "ohne tcm");
    assert!(
        grinder.contains(
            "<button type=\"button\" class=\"shell-cart-line__remove\" \
             aria-label=\"Kaffeemühle (ohne tcm) entfernen\" disabled>Entfernen</button>"
        ),
        "{grinder}"
    );
    assert!(!grinder.contains("action="), "no form that removes it");
    assert!(!grinder.contains("method="), "{grinder}");
    assert!(!grinder.contains("name=\"line\""), "{grinder}");
    assert!(!grinder.contains("type=\"submit\""), "{grinder}");

    // The defective thermos has its tcm: its Remove works as every other line's.
    let thermos = cart_page_line(&page, "Thermoskanne");
    assert!(thermos.contains("action=\"/cart/remove\""), "{thermos}");
    assert!(
        thermos.contains("<button type=\"submit\" class=\"shell-cart-line__remove\""),
        "{thermos}"
    );
    assert!(!thermos.contains(" disabled"), "{thermos}");
}

#[tokio::test]
async fn a_gift_card_whose_removal_fails_says_so_as_the_mini_cart_does() {
    let mut shop = Shop::open("cart-page-gift-card-removal", true);
    add_from_showcase(&mut shop, "", "Geschenkkarte 25").await;
    add_from_showcase(&mut shop, "", "Geschenkkarte 50").await;
    let home = shop.get("/").await.body;
    let (action, modification, back) = first_tile_form(&home);
    post(&mut shop, &action, &modification, &back).await;
    let page = shop.get("/cart?step=shopping_cart").await.body;
    let lines = cart_page_lines(&page);
    let key_of = |title: &str| {
        lines
            .iter()
            .find(|(line, _)| line.contains(title))
            .map(|(_, key)| key.clone())
            .filter(|key| !key.is_empty())
            .unwrap_or_else(|| panic!("no removable {title} in {lines:?}"))
    };
    let gift_card = key_of("Geschenkkarte 25");
    let defective_gift_card = key_of("Geschenkkarte 50");
    let article = key_of("Barista");

    // The cart service down: every removal fails and changes nothing.
    shop.faults(r#"{"cartChange":"CARTSTORAGE_UNAVAILABLE"}"#)
        .await;
    let removal_failed = "role=\"alert\">Das konnte leider nicht entfernt werden. Bitte warte ein \
                          paar Minuten und versuche es dann noch einmal.</p>";
    let change_error = "role=\"alert\">Aus technischen Gründen";
    for (key, gift) in [
        (&gift_card, true),
        (&defective_gift_card, true),
        (&article, false),
    ] {
        let answer = remove(&mut shop, "/cart/remove", key).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER);
        let location = answer.header("location").to_owned();
        assert!(
            location.starts_with("/cart?step=shopping_cart&cartError=CARTSTORAGE_UNAVAILABLE"),
            "{location}"
        );
        let after = shop.get(&location).await.body;
        // A gift card's failed removal: the core's removal-failed text (`rollback_removal`,
        // `ShownChangeError`), as the mini cart shows it; an article's: the change error.
        assert_eq!(after.contains(removal_failed), gift, "{key}: {location}");
        assert_eq!(after.contains(change_error), !gift, "{key}: {location}");
        assert_eq!(cart_page_lines(&after).len(), 3, "nothing was removed");
    }
    shop.faults("{}").await;

    // A limit refusal of a gift card's removal keeps the limit's own text (the core's rule).
    let limited = shop
        .get("/cart?step=shopping_cart&cartError=ITEM_LIMIT&limit=3&giftCardRemoval=1")
        .await
        .body;
    assert!(limited.contains("maximal 3 Stück"), "the limit's text");
    assert!(!limited.contains(removal_failed));
}

#[tokio::test]
async fn the_best_price_s_tooltip_shows_without_javascript_except_on_de_at() {
    let mut shop = Shop::open("best-price-tooltip", false);
    for site in shop_core::site::Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        // The coffee has a 30-day best price on every site; on the home page's tile and in the
        // cart.
        let home = shop.get(&format!("{prefix}/")).await.body;
        let (action, modification, back) = first_tile_form(&home);
        post(&mut shop, &action, &modification, &back).await;
        let cart = shop
            .get(&format!("{prefix}/cart?step=shopping_cart"))
            .await
            .body;
        let expected = shop_server::texts::text(site.locale(), "price.bestPriceInfo", &[]);
        assert_ne!(expected, "price.bestPriceInfo", "{site:?}: the text exists");
        // The summary (the "i") is named by a short name of what it opens (WAI-ARIA disclosure
        // pattern), not by the explanation, which only the opened panel says.
        let label = shop_server::texts::text(site.locale(), "price.bestPriceInfoLabel", &[]);
        assert_ne!(
            label, "price.bestPriceInfoLabel",
            "{site:?}: the name exists"
        );
        assert_ne!(label, expected, "{site:?}: the name is not the explanation");
        assert!(
            label.chars().count() < expected.chars().count(),
            "{site:?}: the name is short"
        );
        if site.locale().tag().starts_with("de-") {
            assert_eq!(label, "Hinweis zum niedrigsten Preis", "{site:?}");
        }
        let info = shop_server::html::escape(&expected);
        let disclosure = format!(
            "<details class=\"shell-price__info\"><summary><span class=\"shell-price__info-icon\" \
             aria-hidden=\"true\">i</span><span class=\"shell-visually-hidden\">{label}</span></summary>\
             <p class=\"shell-price__info-text\">{info}</p></details>",
            label = shop_server::html::escape(&label)
        );
        for (page, html) in [("home", &home), ("cart", &cart)] {
            assert!(
                html.contains("class=\"shell-price__best\""),
                "{site:?} {page}"
            );
            // The explanation is never the summary's name.
            assert!(
                !html.contains(&format!("{info}</span></summary>")),
                "{site:?} {page}: the summary is not named by the explanation"
            );
            // Hidden on de-AT only (header spec "Price display"), as the core's price view says.
            assert_eq!(
                html.contains(&disclosure),
                site != shop_core::site::Site::At,
                "{site:?} {page}"
            );
            assert_eq!(
                html.contains("shell-price__info"),
                site != shop_core::site::Site::At,
                "{site:?} {page}"
            );
        }
    }
}

#[tokio::test]
async fn only_the_cart_page_tells_the_shell_it_is_the_basket() {
    let mut shop = Shop::open("basket-page-config", false);
    for (path, basket) in [
        ("/cart?step=shopping_cart", true),
        ("/at/cart?step=shopping_cart", true),
        ("/", false),
        ("/p/400001", false),
        ("/checkout", false),
    ] {
        let page = shop.get(path).await;
        let config = shell_config(&page.body);
        assert_eq!(
            config.get("basketPage").and_then(|value| value.as_bool()),
            basket.then_some(true),
            "{path}"
        );
    }
}

/// The coffee (reduced from 19,99 without a promotion, with a 30-day best price and a base
/// price) and the coffee machine (a promotional price) in DE's catalogue.
const COFFEE: &str = "Barista Caffè Crema, 1 kg Bohnen";
const MACHINE: &str = "Kaffeevollautomat Esperto Caffè";

/// A product tile's markup on a page, up to its end.
fn product_tile<'a>(html: &'a str, title: &str) -> &'a str {
    html.split("<li class=\"shell-card\"")
        .skip(1)
        .map(|card| card.split_once("</li>").map_or(card, |(card, _)| card))
        .find(|card| card.contains(title))
        .unwrap_or_else(|| panic!("no tile {title}"))
}

#[tokio::test]
async fn the_static_price_block_shows_promotion_previous_best_and_base_price() {
    use shop_core::price::format_price;
    use shop_core::site::Site;

    let price = |amount| shop_server::html::escape(&format_price(amount, Site::De));
    let mut shop = Shop::open("static-price-block", false);
    let home = shop.get("/").await.body;
    let coffee_page = shop.get("/p/400001").await.body;
    let machine_page = shop.get("/p/400002").await.body;
    // Both into the cart by their tiles' forms.
    for title in [COFFEE, MACHINE] {
        let (action, modification, back) = first_tile_form(product_tile(&home, title));
        let added = post(&mut shop, &action, &modification, &back).await;
        assert_eq!(added.status, StatusCode::SEE_OTHER, "{title}");
    }
    let cart = shop.get("/cart?step=shopping_cart").await.body;

    let coffee_blocks = [
        ("home page", product_tile(&home, COFFEE)),
        ("product page", product_tile(&coffee_page, COFFEE)),
        ("cart page", cart_page_line(&cart, COFFEE)),
    ];
    for (page, block) in coffee_blocks {
        // Reduced without a promotion: the previous price in the site's words, the current
        // price without the promotional class.
        assert!(
            block.contains(&format!(
                "<span class=\"shell-price__previous\">statt {}</span>\
                 <strong class=\"shell-price__current\">{}</strong>",
                price(1999),
                price(1699)
            )),
            "{page}: {block}"
        );
        // The 30-day best price with its difference.
        assert!(
            block.contains(&format!(
                "<div class=\"shell-price__best\"><span>Niedrigster Preis der letzten 30 Tage: \
                 {} (6\u{a0}%)</span>",
                price(1599)
            )),
            "{page}: {block}"
        );
        // The base price: amount per unit.
        assert!(
            block.contains(&format!(
                "<span class=\"shell-price__base\">{} / 1 kg</span>",
                price(1699)
            )),
            "{page}: {block}"
        );
    }

    let machine_blocks = [
        ("home page", product_tile(&home, MACHINE)),
        ("product page", product_tile(&machine_page, MACHINE)),
        ("cart page", cart_page_line(&cart, MACHINE)),
    ];
    for (page, block) in machine_blocks {
        // A promotional price is marked as one, and says so, not by its colour alone (WCAG
        // 1.4.1); promotional, it shows no previous price.
        assert!(
            block.contains(&format!(
                "<div class=\"shell-price\"><strong class=\"shell-price__current \
                 shell-price__current--promotional\"><span class=\"shell-price__promotional\">\
                 Aktionspreis</span> {}</strong></div>",
                price(29999)
            )),
            "{page}: {block}"
        );
    }
}
