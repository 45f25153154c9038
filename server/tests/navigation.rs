//! The header's navigation services: the category tree and the theme worlds, for every site,
//! and the pages behind every link they hold.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Shop, at, h1, list, text};
use shop_core::json::Value;
use shop_core::site::Site;

/// The theme worlds' service (the header's theme-world flyout).
const THEME_WORLDS_PATH: &str = "/service/themeworld-frontend/api/themeworlds/navigation";

/// Every node below `node`, depth first.
fn nodes(node: &Value) -> Vec<&Value> {
    let mut out = vec![node];
    for child in list(node, &["children"]) {
        out.extend(nodes(child));
    }
    out
}

/// Levels of the tree from `node` down.
fn depth(node: &Value) -> usize {
    1 + list(node, &["children"])
        .iter()
        .map(depth)
        .max()
        .unwrap_or(0)
}

/// A title as the pages write it.
fn escaped(title: &str) -> String {
    title.replace('&', "&amp;").replace('\'', "&#39;")
}

#[tokio::test]
async fn the_category_tree_has_every_field_and_speaks_the_site_language() {
    let mut shop = Shop::open("navigation", false);
    let cases = [
        ("/jsonflyoutnavigation", "/", "Kaffee", "/kaffee"),
        ("/jsonflyoutnavigation?site=XX", "/", "Kaffee", "/kaffee"),
        (
            "/jsonflyoutnavigation?site=AT",
            "/at/",
            "Kaffee",
            "/at/kaffee",
        ),
        (
            "/jsonflyoutnavigation?site=CH_FR",
            "/ch-fr/",
            "Café",
            "/ch-fr/cafe",
        ),
        ("/jsonflyoutnavigation?site=pl", "/pl/", "Kawa", "/pl/kawa"),
        ("/jsonflyoutnavigation?site=HU", "/hu/", "Kávé", "/hu/kave"),
        (
            "/jsonflyoutnavigation?site=TR",
            "/tr/",
            "Kahve",
            "/tr/kahve",
        ),
    ];
    for (path, root_href, coffee, coffee_href) in cases {
        let answer = shop.get(path).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert!(
            answer
                .header("content-type")
                .starts_with("application/json")
        );
        let body = answer.json();
        let roots = list(&body, &["list"]);
        assert_eq!(roots.len(), 1);
        let root = &roots[0];
        assert_eq!(text(root, &["href"]), root_href);
        let top = list(root, &["children"]);
        assert_eq!(top.len(), 6, "{path}");
        assert_eq!(text(&top[0], &["title"]), coffee);
        assert_eq!(text(&top[0], &["href"]), coffee_href);
        for (position, node) in top.iter().enumerate() {
            assert_eq!(at(node, &["index"]).as_u64(), Some(position as u64));
            let children = list(node, &["children"]);
            assert!((4..=8).contains(&children.len()), "{path}");
            let teaser = at(node, &["teaser"]);
            assert!(!text(teaser, &["title"]).is_empty());
            for entry in list(teaser, &["list"]) {
                assert!(!text(entry, &["title"]).is_empty());
                let href = format!("{}/", text(node, &["href"]));
                assert!(text(entry, &["link", "url"]).starts_with(&href));
                assert!(at(entry, &["link", "target"]).is_null());
                assert!(!text(entry, &["link", "title"]).is_empty());
                assert_eq!(at(entry, &["image", "width"]).as_u64(), Some(488));
                assert_eq!(at(entry, &["image", "height"]).as_u64(), Some(287));
                assert!(!text(entry, &["image", "alt"]).is_empty());
                let src = text(entry, &["image", "src"]).to_owned();
                assert!(src.starts_with("/img/teasers/"), "{src}");
            }
        }
        for node in nodes(root) {
            for key in ["title", "href", "target", "children", "index"] {
                assert!(node.get(key).is_some(), "{key} in {path}");
            }
            assert_eq!(at(node, &["childIsSelected"]).as_bool(), Some(false));
            assert_eq!(at(node, &["lastSelectedNode"]).as_bool(), Some(false));
            let target = at(node, &["target"]);
            assert!(target.is_null() || target.as_str() == Some("_blank"));
        }
        // Three levels below the root somewhere, never four.
        assert_eq!(depth(root), 4, "{path}");
    }
    // The site a path starts with stays out of the lookup: unknown codes are DE.
    let de = shop.get("/jsonflyoutnavigation?site=DE").await.body;
    assert_eq!(shop.get("/jsonflyoutnavigation?site=").await.body, de);
}

#[tokio::test]
async fn every_category_and_teaser_picture_is_served() {
    let mut shop = Shop::open("navigation-pages", false);
    for site in Site::ALL {
        let body = shop
            .get(&format!("/jsonflyoutnavigation?site={}", site.code()))
            .await
            .json();
        let root = &list(&body, &["list"])[0];
        let home = shop.get(text(root, &["href"])).await;
        assert_eq!(home.status, StatusCode::OK);
        let mut hrefs = std::collections::BTreeSet::new();
        for node in list(root, &["children"]).iter().flat_map(nodes) {
            let href = text(node, &["href"]).to_owned();
            assert!(hrefs.insert(href.clone()), "{href} twice");
            assert!(
                href.bytes().all(|b| b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || b == b'/'
                    || b == b'-'),
                "{href}"
            );
            let page = shop.get(&href).await;
            assert_eq!(page.status, StatusCode::OK, "{href}");
            assert_eq!(h1(&page.body), escaped(text(node, &["title"])), "{href}");
            assert!(page.body.contains("data-page-type=\"category\""), "{href}");
            if let Some(teaser) = node.get("teaser") {
                for entry in list(teaser, &["list"]) {
                    let picture = shop.get(text(entry, &["image", "src"])).await;
                    assert_eq!(picture.status, StatusCode::OK);
                    assert_eq!(picture.header("content-type"), "image/svg+xml");
                }
            }
        }
    }
    // Categories with catalogue articles show them; others a short text.
    let coffee = shop.get("/kaffee/espresso").await.body;
    assert!(coffee.contains("Barista Caffè Crema"));
    assert!(coffee.contains("class=\"shell-card\""));
    let balcony = shop.get("/garten/balkon").await.body;
    assert!(balcony.contains("Gartenschlauch"));
    let unknown = shop.get("/kaffee/tee").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn theme_worlds_have_four_sections_in_order_and_every_link_is_served() {
    let mut shop = Shop::open("themeworlds", false);
    let path = THEME_WORLDS_PATH;
    let overview_paths = [
        (Site::De, "/themenwelten"),
        (Site::At, "/at/themenwelten"),
        (Site::Ch, "/ch/themenwelten"),
        (Site::ChFr, "/ch-fr/univers"),
        (Site::Pl, "/pl/swiaty-tematyczne"),
        (Site::Cz, "/cz/tematicke-svety"),
        (Site::Hu, "/hu/tematikus-vilagok"),
        (Site::Sk, "/sk/tematicke-svety"),
        (Site::Tr, "/tr/tema-dunyalari"),
    ];
    for (site, overview) in overview_paths {
        // The site from the query, or from the header.
        let by_query = shop.get(&format!("{path}?site={}", site.code())).await;
        let by_header = shop.get_with(path, &[("site", site.code())]).await;
        assert_eq!(by_query.status, StatusCode::OK);
        assert_eq!(by_query.body, by_header.body);
        let body = by_query.json();
        assert_eq!(text(&body, &["overview", "url"]), overview);
        assert!(!text(&body, &["overview", "title"]).is_empty());
        let sections = at(&body, &["sections"]);
        let Value::Object(map) = sections else {
            panic!("sections is not an object");
        };
        let names: Vec<&str> = map.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["scout", "new", "more", "lastChance"]);
        for key in [
            "scout",
            "new",
            "preview",
            "onlineOnly",
            "nextWeekStore",
            "thisWeekStore",
            "storeAlso",
            "storeWednesday",
        ] {
            assert!(!text(&body, &["translations", key]).is_empty(), "{key}");
        }
        let mut with_end = 0;
        let mut card = 0;
        for (name, section) in map.iter() {
            assert!(!text(section, &["headline"]).is_empty());
            let worlds = list(section, &["themeworlds"]);
            if site == Site::Tr && name == "lastChance" {
                assert!(worlds.is_empty(), "TR has no last chance");
                continue;
            }
            assert!((2..=4).contains(&worlds.len()), "{site:?} {name}");
            for world in worlds {
                let url = text(world, &["url"]).to_owned();
                assert!(url.starts_with(&format!("{overview}/")), "{url}");
                assert!(!text(world, &["title"]).is_empty());
                assert!(at(world, &["tchiboCard"]).as_bool().is_some());
                for badge in list(world, &["badges"]) {
                    assert!(matches!(badge.as_str(), Some("scout" | "new" | "preview")));
                }
                for name in list(world, &["availability"]) {
                    assert!(
                        body.get("translations")
                            .and_then(|t| t.get(name.as_str().unwrap_or_default()))
                            .is_some()
                    );
                }
                card += usize::from(at(world, &["tchiboCard"]).as_bool() == Some(true));
                if let Some(end) = world.get("endDate") {
                    with_end += 1;
                    let end = end.as_str().unwrap_or_default();
                    assert!(end.ends_with('.') && end.contains('.'), "{end}");
                    assert!(!text(world, &["endDateText"]).is_empty());
                }
                let page = shop.get(&url).await;
                assert_eq!(page.status, StatusCode::OK, "{url}");
                assert!(page.body.contains("data-page-type=\"themeWorld\""));
                let picture = shop.get(text(world, &["imgUrl"])).await;
                assert_eq!(
                    picture.status,
                    StatusCode::OK,
                    "{}",
                    text(world, &["imgUrl"])
                );
            }
        }
        assert!(with_end >= 1 && card >= 1, "{site:?}");
        let page = shop.get(overview).await;
        assert_eq!(page.status, StatusCode::OK, "{overview}");
        assert_eq!(h1(&page.body), escaped(text(&body, &["overview", "title"])));
    }
    // End dates in the site's words: DE day first, HU month first.
    let de = shop.get(path).await.body;
    assert!(
        de.contains("\"endDate\":\"24.12.\",\"endDateText\":\"Endet am 24.12.\""),
        "{de}"
    );
    let hu = shop.get(&format!("{path}?site=HU")).await.body;
    assert!(hu.contains("\"endDateText\":\"12.24-ig elérhető\""), "{hu}");
    assert!(de.contains("\"onlyXDaysLeftText\":\"Nur noch 3 Tage\""));
}

/// A site's theme-world answer and every theme world of its sections.
async fn theme_worlds(shop: &mut Shop, site: Site) -> (Value, Vec<Value>) {
    let body = shop
        .get(&format!("{THEME_WORLDS_PATH}?site={}", site.code()))
        .await
        .json();
    let Value::Object(sections) = at(&body, &["sections"]) else {
        panic!("sections is not an object");
    };
    let worlds = sections
        .iter()
        .flat_map(|(_, section)| list(section, &["themeworlds"]))
        .cloned()
        .collect();
    (body, worlds)
}

#[tokio::test]
async fn a_theme_world_page_names_its_availability_in_the_site_language() {
    let mut shop = Shop::open("themeworld-availability", false);
    let mut notes = 0;
    for site in [Site::De, Site::Pl] {
        let (body, worlds) = theme_worlds(&mut shop, site).await;
        for world in &worlds {
            let url = text(world, &["url"]);
            let page = shop.get(url).await;
            assert_eq!(page.status, StatusCode::OK, "{url}");
            for name in list(world, &["availability"]) {
                let name = name.as_str().unwrap_or_default();
                let note = text(&body, &["translations", name]);
                assert_ne!(note, name);
                let item = format!("<li>{}</li>", escaped(note));
                assert!(page.body.contains(&item), "{url}: {item}");
                assert!(!page.body.contains(&format!("<li>{name}</li>")), "{url}");
                notes += 1;
            }
        }
    }
    assert!(notes >= 2);
}

#[tokio::test]
async fn navigation_faults_fail_the_services_with_500() {
    let mut shop = Shop::open("navigation-faults", true);
    shop.faults(r#"{"navigation":true}"#).await;
    assert_eq!(
        shop.get("/jsonflyoutnavigation").await.status,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    let worlds = THEME_WORLDS_PATH;
    assert_eq!(shop.get(worlds).await.status, StatusCode::OK);
    shop.faults(r#"{"themeWorlds":true}"#).await;
    assert_eq!(
        shop.get(worlds).await.status,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    assert_eq!(
        shop.get("/jsonflyoutnavigation").await.status,
        StatusCode::OK
    );
    shop.faults("{}").await;
    assert_eq!(shop.get(worlds).await.status, StatusCode::OK);
    // Malformed fault bodies are refused and change nothing.
    for body in [
        "[]",
        "{\"navigation\":1}",
        "{\"suggestionsDelayMs\":600000}",
        "nope",
    ] {
        let answer = shop.send("POST", "/service/test/faults", &[], body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
    }
    assert_eq!(
        shop.get("/jsonflyoutnavigation").await.status,
        StatusCode::OK
    );
}

/// The suggestions delay may be set up to its maximum, 60000 ms, and no further.
#[tokio::test]
async fn the_suggestions_delay_may_be_set_up_to_a_minute() {
    let mut shop = Shop::open("faults-delay-limit", true);
    for (delay, status) in [
        (60_000, StatusCode::NO_CONTENT),
        (60_001, StatusCode::BAD_REQUEST),
    ] {
        let body = format!("{{\"suggestionsDelayMs\":{delay}}}");
        let answer = shop.send("POST", "/service/test/faults", &[], &body).await;
        assert_eq!(answer.status, status, "{body}");
    }
    shop.faults("{}").await;
}

#[tokio::test]
async fn oversized_queries_are_refused() {
    let mut shop = Shop::open("navigation-huge", false);
    let huge = "x".repeat(5000);
    for path in [
        format!("/jsonflyoutnavigation?site={huge}"),
        format!("{THEME_WORLDS_PATH}?site={huge}"),
    ] {
        let answer = shop.get(&path).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert_eq!(text(&answer.json(), &["error"]), "BAD_REQUEST");
    }
}

#[tokio::test]
async fn every_site_s_end_date_reads_as_the_header_fragment_words_it() {
    // Header spec section 9: DE 'Endet am d.m.', HU month.day followed by '-ig elérhető'; every
    // site's `endDateText` (and the theme world's page, which shows it) is the header fragment's
    // own wording of the `endDate` (`navigation.themeWorlds.endDate` in texts/navigation.json).
    let mut shop = Shop::open("themeworld-end-dates", false);
    let mut checked = 0;
    for site in Site::ALL {
        let (_, worlds) = theme_worlds(&mut shop, site).await;
        for world in &worlds {
            let Some(end) = world.get("endDate").and_then(Value::as_str) else {
                continue;
            };
            let (day, month) = end
                .trim_end_matches('.')
                .split_once('.')
                .unwrap_or_else(|| panic!("{end}"));
            let expected = shop_server::texts::text(
                site.locale(),
                "navigation.themeWorlds.endDate",
                &[("day", day), ("month", month)],
            );
            assert_eq!(text(world, &["endDateText"]), expected, "{site:?}");
            let page = shop.get(text(world, &["url"])).await.body;
            assert!(
                page.contains(&format!("<li>{}</li>", escaped(&expected))),
                "{site:?}: {expected}"
            );
            checked += 1;
        }
    }
    assert!(checked >= Site::ALL.len(), "{checked}");
    let hu = shop.get(&format!("{THEME_WORLDS_PATH}?site=HU")).await.body;
    assert!(hu.contains("\"endDateText\":\"12.24-ig elérhető\""), "{hu}");
    assert!(!hu.contains(".-ig"), "{hu}");
    let de = shop.get(THEME_WORLDS_PATH).await.body;
    assert!(de.contains("\"endDateText\":\"Endet am 24.12.\""), "{de}");
}
