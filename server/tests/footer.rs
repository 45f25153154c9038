//! The footer document of every site (`SHOP_FOOTER` on the promotion service) read by the core
//! as the footer fragment reads it; the pages behind its links and the pictures it names; the
//! footer facts per site (newsletter spec section 9); the `footer` test fault; the A/B test
//! assignment the footer fires on load.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Shop, h1, text};
use shop_core::content::footer::{FOOTER_KEY, Footer, FooterIcon, parse_footer};
use shop_core::content::link::LinkTarget;
use shop_core::content::promotion::PROMOTION_PATH;
use shop_core::header::ContentPage;
use shop_core::header::links::{CONTENT_PAGES, content_page_path};
use shop_core::site::Site;
use shop_server::html::escape;
use shop_server::pages::site_prefix;

fn footer_path() -> String {
    [PROMOTION_PATH, FOOTER_KEY].concat()
}

/// The footer answer for a `site` header value (none: no header).
async fn footer_for(shop: &mut Shop, site: Option<&str>) -> (String, Footer) {
    let headers: Vec<(&str, &str)> = site.map(|code| ("site", code)).into_iter().collect();
    let answer = shop.get_with(&footer_path(), &headers).await;
    assert_eq!(answer.status, StatusCode::OK, "{site:?}");
    assert!(
        answer
            .header("content-type")
            .starts_with("application/json")
    );
    assert_eq!(answer.header("cache-control"), "no-store");
    let body = answer.json();
    assert_eq!(text(&body, &["type"]), "ApiFooter");
    // contentJSON is a JSON string, not an object.
    assert!(text(&body, &["contentJSON"]).starts_with('{'));
    let footer = parse_footer(&answer.body).unwrap_or_else(|| panic!("{site:?}: {}", answer.body));
    (answer.body, footer)
}

async fn footer(shop: &mut Shop, site: Site) -> Footer {
    footer_for(shop, Some(site.code())).await.1
}

/// Every link target of a footer with the text it is shown with.
fn targets(footer: &Footer) -> Vec<(String, LinkTarget)> {
    let mut out = Vec::new();
    for group in &footer.teaser_groups {
        if let (Some(text), Some(target)) = (&group.heading.text, &group.heading.target) {
            out.push((text.clone(), target.clone()));
        }
        out.extend(
            group
                .links
                .iter()
                .map(|link| (link.text.clone(), link.target.clone())),
        );
    }
    for column in footer.seo.iter().flat_map(|seo| &seo.columns) {
        out.extend(
            column
                .iter()
                .map(|link| (link.text.clone(), link.target.clone())),
        );
    }
    for group in [&footer.social_media, &footer.app_references]
        .into_iter()
        .flatten()
    {
        out.extend(
            group
                .icons
                .iter()
                .map(|icon| (icon.label.clone().unwrap_or_default(), icon.target.clone())),
        );
    }
    for logo in footer.quality_logos.iter().flat_map(|logos| &logos.logos) {
        if let Some(target) = &logo.target {
            out.push((logo.label.clone().unwrap_or_default(), target.clone()));
        }
    }
    for link in &footer.legal_links {
        if let Some(target) = &link.target {
            out.push((link.text.clone(), target.clone()));
        }
    }
    if let Some(link) = footer.sales_tax.as_ref().and_then(|tax| tax.link.as_ref()) {
        out.push((link.text.clone(), link.target.clone()));
    }
    out
}

/// The same-origin links of a footer: root-relative site paths.
fn internal_links(footer: &Footer) -> Vec<String> {
    let mut links: Vec<String> = targets(footer)
        .into_iter()
        .filter(|(_, target)| !target.new_tab && target.href.starts_with('/'))
        .map(|(_, target)| target.href)
        .collect();
    links.sort();
    links.dedup();
    links
}

/// Every text a footer shows.
fn texts(footer: &Footer) -> String {
    let mut out: Vec<String> = footer.headline.iter().cloned().collect();
    for group in &footer.teaser_groups {
        out.extend(group.heading.text.iter().cloned());
        out.extend(group.introductory_text.iter().cloned());
    }
    out.extend(targets(footer).into_iter().map(|(text, _)| text));
    if let Some(tax) = &footer.sales_tax {
        out.extend(tax.text_before_link.iter().cloned());
        out.extend(tax.text_after_link.iter().cloned());
    }
    out.join("\n")
}

#[tokio::test]
async fn every_site_has_a_complete_footer() {
    let mut shop = Shop::open("footer", false);
    for site in Site::ALL {
        let footer = footer(&mut shop, site).await;
        assert!(footer.headline.is_some(), "{site:?}");

        let groups = &footer.teaser_groups;
        assert!((3..=4).contains(&groups.len()), "{site:?}");
        assert!(groups.iter().any(|group| group.hide_group_in_checkout));
        assert!(groups.iter().any(|group| !group.hide_group_in_checkout));
        for group in groups {
            let name = group.heading.text.clone().unwrap_or_default();
            assert!(group.heading.icon.is_some(), "{site:?} {name}");
            assert!(group.heading.target.is_some(), "{site:?} {name}");
            assert!(group.introductory_text.is_some(), "{site:?} {name}");
            assert!((3..=6).contains(&group.links.len()), "{site:?} {name}");
            // The overview link first; the classic view on mobile shows only it.
            assert!(!group.links[0].hide_in_classic, "{site:?} {name}");
            assert!(
                group.links[1..].iter().all(|link| link.hide_in_classic),
                "{site:?} {name}"
            );
        }
        assert!(groups.iter().any(|group| !group.images.is_empty()));

        let seo = footer.seo.as_ref().unwrap_or_else(|| panic!("{site:?}"));
        assert!(seo.heading.is_some() && seo.columns.len() >= 3, "{site:?}");
        // The popular categories are categories of the site's navigation.
        let prefix = site_prefix(site);
        for link in seo.columns.iter().flatten() {
            let href = format!("{prefix}{}", link.target.href);
            let category = shop_server::navigation::category(site, &href)
                .unwrap_or_else(|| panic!("{site:?}: {href} is no category"));
            assert_eq!(category.title, link.text, "{href}");
        }

        let icons = |group: &Option<shop_core::content::footer::IconGroup>| {
            let group = group.as_ref().unwrap_or_else(|| panic!("{site:?}"));
            assert!(group.heading.is_some(), "{site:?}");
            for icon in &group.icons {
                assert!(icon.target.href.starts_with("https://"), "{site:?}");
                assert!(icon.target.new_tab && icon.label.is_some(), "{site:?}");
            }
            group.icons.iter().map(|icon| icon.icon).collect::<Vec<_>>()
        };
        use FooterIcon::{Android, Appleinc, Facebook, Instagram, Pinterest, Youtube};
        assert_eq!(
            icons(&footer.social_media),
            [Facebook, Instagram, Youtube, Pinterest]
        );
        assert_eq!(icons(&footer.app_references), [Android, Appleinc]);

        let logos = footer
            .quality_logos
            .as_ref()
            .unwrap_or_else(|| panic!("{site:?}"));
        assert!(
            logos.heading.is_some() && logos.logos.len() >= 5,
            "{site:?}"
        );
        for logo in &logos.logos {
            assert!(
                logo.label.is_some() && logo.target.is_some(),
                "{}",
                logo.src
            );
            assert!(
                logo.width.is_some() && logo.height.is_some(),
                "{}",
                logo.src
            );
        }

        let legal = &footer.legal_links;
        assert_eq!(legal.len(), 6, "{site:?}");
        let consent: Vec<_> = legal
            .iter()
            .filter(|link| link.opens_consent_settings)
            .collect();
        assert_eq!(consent.len(), 1, "{site:?}");
        assert_eq!(consent[0].target, None);
        assert!(
            legal
                .iter()
                .any(|link| link.target.as_ref().is_some_and(|t| t.href == "/privacy")),
            "{site:?}"
        );

        let changer = footer.view_changer.as_ref();
        assert!(changer.is_some_and(|c| c.to_mobile.is_some() && c.to_desktop.is_some()));
        let tax = footer
            .sales_tax
            .as_ref()
            .unwrap_or_else(|| panic!("{site:?}"));
        assert!(tax.text_before_link.is_some() && tax.text_after_link.is_some());
        assert!(tax.link.is_some(), "{site:?}");

        // The links the spec's footer names (section 2), root-relative as the header's.
        let links = internal_links(&footer);
        for required in [
            "/contact",
            "/subscribenewsletter",
            "/account",
            "/service/storefinder/",
            "/privacy",
        ] {
            assert!(
                links.iter().any(|link| link == required),
                "{site:?} {required}"
            );
        }
        // The loyalty card's free registration and the private card (no card on TR).
        match content_page_path(site, ContentPage::LoyaltyCard) {
            Some(card) => {
                let below = format!("{card}/");
                let pages = links.iter().filter(|link| link.starts_with(&below)).count();
                assert_eq!(pages, 2, "{site:?}");
            }
            None => assert_eq!(site, Site::Tr),
        }
        // Root-relative as an editor writes them: the fragment puts the prefix in front.
        if !prefix.is_empty() {
            let prefixed = format!("{prefix}/");
            assert!(
                links.iter().all(|link| !link.starts_with(&prefixed)),
                "{site:?}"
            );
        }
    }
}

#[tokio::test]
async fn the_site_comes_from_the_site_header_and_unknown_is_de() {
    let mut shop = Shop::open("footer-site", false);
    let (de, _) = footer_for(&mut shop, Some("DE")).await;
    let (none, _) = footer_for(&mut shop, None).await;
    let (unknown, _) = footer_for(&mut shop, Some("XX")).await;
    assert_eq!(none, de);
    assert_eq!(unknown, de);
    let (tr, _) = footer_for(&mut shop, Some("TR")).await;
    assert_ne!(tr, de);
    // The footer has no tags: a filter that asks for one leaves it out.
    let filtered = shop
        .get_with(&format!("{}?allOfTags=header", footer_path()), &[])
        .await;
    assert_eq!(filtered.status, StatusCode::NOT_FOUND);
    let excluded = shop
        .get_with(&format!("{}?noneOfTags=header", footer_path()), &[])
        .await;
    assert_eq!(excluded.status, StatusCode::OK);
}

#[tokio::test]
async fn every_internal_link_leads_to_a_page_of_its_site() {
    let mut shop = Shop::open("footer-links", false);
    for site in Site::ALL {
        let prefix = site_prefix(site);
        let footer = footer(&mut shop, site).await;
        let links = internal_links(&footer);
        assert!(links.len() >= 25, "{site:?}: {links:?}");
        let mut footer_pages = 0;
        for link in links {
            let path = format!("{prefix}{link}");
            let page = shop.get(&path).await;
            assert_eq!(page.status, StatusCode::OK, "{site:?} {path}");
            assert!(
                page.body
                    .contains(&format!("lang=\"{}\"", site.locale().tag())),
                "{path}"
            );
            // The footer's own pages (not the header's content pages, the store finder, the
            // account's pages, ...) are titled with the link's text.
            let header_page = CONTENT_PAGES
                .iter()
                .any(|(page_site, _, page_path)| *page_site == site && *page_path == link);
            let content = page.body.contains("data-page-type=\"content\"");
            if let Some(found) = shop_server::footer::page(site, &link)
                && content
                && !header_page
            {
                assert_eq!(h1(&page.body), escape(&found.title), "{path}");
                footer_pages += 1;
            }
        }
        assert!(footer_pages >= 10, "{site:?}: {footer_pages}");
    }
}

#[tokio::test]
async fn the_footer_pages_carry_the_group_text_and_links_under_the_prefix() {
    let mut shop = Shop::open("footer-pages", false);
    let page = shop.get("/at/kundenkarte/registrieren").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(h1(&page.body), "Kostenlos registrieren");
    assert!(page.body.contains("Bohnen"));
    assert!(page.body.contains("href=\"/at/kundenkarte/privatkarte\""));
    assert!(page.body.contains("href=\"/at/subscribenewsletter\""));
    let shipping = shop.get("/tr/kargo-ucretleri").await;
    assert_eq!(h1(&shipping.body), "Kargo ücretleri");
    assert!(shipping.body.contains("1000\u{a0}TL"));
    let imprint = shop.get("/impressum").await;
    assert_eq!(h1(&imprint.body), "Impressum");
    assert!(imprint.body.contains("href=\"/privacy\""));
    // Texts go out escaped.
    assert!(
        shop.get("/privacy")
            .await
            .body
            .contains("Kaffee-Abo kündigen")
    );
    let french = shop.get("/ch-fr/cgv").await;
    assert!(french.body.contains("Résilier l&#39;abonnement café"));
    // A path of another site's footer is no page here.
    assert_eq!(
        shop.get("/tr/impressum").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn every_logo_and_teaser_image_is_an_accessible_svg() {
    let mut shop = Shop::open("footer-images", false);
    let mut seen = std::collections::BTreeSet::new();
    for site in Site::ALL {
        let footer = footer(&mut shop, site).await;
        let logos = footer.quality_logos.iter().flat_map(|logos| &logos.logos);
        let images = footer.teaser_groups.iter().flat_map(|group| &group.images);
        let pictures = logos
            .map(|logo| (logo.src.clone(), logo.label.clone()))
            .chain(images.map(|image| (image.src.clone(), image.label.clone())));
        for (src, label) in pictures {
            assert!(
                src.starts_with("/img/footer/") && src.ends_with(".svg"),
                "{src}"
            );
            assert!(label.is_some(), "{site:?} {src}: no label");
            if !seen.insert(src.clone()) {
                continue;
            }
            let picture = shop.get(&src).await;
            assert_eq!(picture.status, StatusCode::OK, "{src}");
            assert!(
                picture.header("content-type").starts_with("image/svg+xml"),
                "{src}: {}",
                picture.header("content-type")
            );
            let svg = &picture.body;
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{src}"
            );
            assert!(
                svg.contains("role=\"img\"") && svg.contains("<title"),
                "{src}"
            );
            assert!(svg.trim_end().ends_with("</svg>"), "{src}");
            assert!(svg.len() < 2048, "{src}: {} bytes", svg.len());
        }
    }
    assert!(seen.len() >= 30, "{}", seen.len());
}

#[tokio::test]
async fn the_footer_facts_of_each_site() {
    let facts = [
        (Site::De, "30 Tagen"),
        (Site::De, "20 €"),
        (Site::At, "14 Tagen"),
        (Site::Ch, "3 Monate"),
        (Site::ChFr, "3 mois"),
        (Site::Pl, "30 dni"),
        (Site::Pl, "Darmowa dostawa od 100 zł"),
        (Site::Cz, "30 dní"),
        (Site::Cz, "Doprava zdarma od 999 Kč"),
        (Site::Cz, "se zákaznickou kartou už od 499 Kč"),
        (Site::Cz, "každá 11. káva zdarma"),
        (Site::Hu, "30 napos elállási jog"),
        (Site::Sk, "30 dní"),
        (Site::Sk, "Doprava zdarma od 40 €"),
        (Site::Sk, "so zákazníckou kartou už od 20 €"),
        (Site::Sk, "každá 11. káva zdarma"),
        (Site::Tr, "90 gün ücretsiz iade ve değişim"),
        (Site::Tr, "1000 TL ve üzeri alışverişlerde kargo ücretsiz"),
        (Site::Tr, "1-2 iş günü"),
        (Site::Tr, "her gün 09:00-19:00"),
        (Site::Tr, "Hesabım ve sipariş durumu"),
    ];
    let mut shop = Shop::open("footer-facts", false);
    for (site, fact) in facts {
        // A number keeps its unit by a no-break space ("20\u{a0}€"): read as a space here.
        let shown = texts(&footer(&mut shop, site).await).replace(['\u{a0}', '\u{202f}'], " ");
        assert!(shown.contains(fact), "{site:?}: {fact:?} not in\n{shown}");
    }
    // Returns: 30 days except AT (14 days), CH (3 months) and TR (90 days).
    for site in [Site::At, Site::Ch, Site::ChFr, Site::Tr] {
        let shown = texts(&footer(&mut shop, site).await);
        assert!(
            !shown.contains("30 Tag") && !shown.contains("30 jours"),
            "{site:?}"
        );
    }
}

#[tokio::test]
async fn the_footer_fault_fails_the_footer_alone() {
    let mut shop = Shop::open("footer-fault", true);
    let headers = [("site", "AT")];
    shop.faults(r#"{"footer": true}"#).await;
    let failed = shop.get_with(&footer_path(), &headers).await;
    assert_eq!(failed.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(text(&failed.json(), &["error"]), "UNAVAILABLE");
    assert_eq!(parse_footer(&failed.body), None);
    let benefits = [PROMOTION_PATH, "~header_top"].concat();
    assert_eq!(
        shop.get_with(&benefits, &headers).await.status,
        StatusCode::OK
    );
    shop.faults(r#"{"promotions": true}"#).await;
    let failed = shop.get_with(&footer_path(), &headers).await;
    assert_eq!(failed.status, StatusCode::INTERNAL_SERVER_ERROR);
    shop.faults("{}").await;
    assert_eq!(
        shop.get_with(&footer_path(), &headers).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_assignment_call_answers_an_empty_object_never_cached() {
    let mut shop = Shop::open("footer-abtest", false);
    let path = shop_core::content::footer::AB_TEST_ASSIGNMENT_PATH;
    for url in [path.to_owned(), format!("{path}?site=TR&x=1")] {
        let answer = shop.get(&url).await;
        assert_eq!(answer.status, StatusCode::OK, "{url}");
        assert_eq!(answer.body, "{}");
        assert_eq!(answer.header("cache-control"), "no-store");
        assert!(
            answer
                .header("content-type")
                .starts_with("application/json")
        );
    }
}

#[tokio::test]
async fn the_static_footer_has_the_legal_links_of_the_site_s_document() {
    let mut shop = Shop::open("static-footer-legal", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let home = shop.get(&format!("{prefix}/")).await.body;
        let static_footer = home
            .split_once("<div data-static-footer>")
            .map_or("", |(_, rest)| rest);
        let legal = static_footer
            .split_once("<ul class=\"shell-legal\">")
            .and_then(|(_, rest)| rest.split_once("</ul>"))
            .map_or("", |(list, _)| list);
        // The document's legal links but the consent settings (they need the consent manager's
        // script), under the site's prefix, each a page of the site.
        let document = footer(&mut shop, site).await;
        let expected: Vec<&str> = document
            .legal_links
            .iter()
            .filter(|link| !link.opens_consent_settings)
            .map(|link| link.text.as_str())
            .collect();
        assert!(expected.len() >= 3, "{site:?}");
        for text in &expected {
            assert!(
                legal.contains(&format!(">{}</a>", shop_server::html::escape(text))),
                "{site:?}: {text}"
            );
        }
        assert_eq!(legal.matches("<li>").count(), expected.len(), "{site:?}");
        for href in legal
            .split("href=\"")
            .skip(1)
            .filter_map(|rest| rest.split_once('"'))
            .map(|(href, _)| href.to_owned())
        {
            if href.starts_with('/') {
                assert!(href.starts_with(&format!("{prefix}/")), "{site:?}: {href}");
                assert_eq!(
                    shop.get(&href).await.status,
                    StatusCode::OK,
                    "{site:?}: {href}"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_static_footer_opens_outside_links_in_a_new_tab_without_referrer() {
    // A footer document with every kind of legal link, read by the core as the static footer
    // reads its site's document.
    let document = r##"{"legalLinks": [
        {"link": {"url": "/impressum", "text": "Impressum"}},
        {"link": {"url": "https://www.example.com/agb", "text": "AGB"}},
        {"link": {"url": "mailto:datenschutz@example.com", "text": "Datenschutz"}},
        {"link": {"url": "javascript:alert(1)", "text": "Böse"}},
        {"link": {"url": "#consent-settings", "text": "Cookie-Einstellungen"}}
    ]}"##;
    let body = format!(
        r#"{{"type": "ApiFooter", "contentJSON": {}}}"#,
        shop_core::json::to_string(&document.to_owned())
    );
    let footer = parse_footer(&body).unwrap_or_else(|| panic!("{body}"));
    let shown: Vec<Option<String>> = footer
        .legal_links
        .iter()
        .map(|link| shop_server::pages::static_legal_link(Site::At, link))
        .collect();
    let rel = shop_core::content::link::NEW_TAB_REL;
    assert_eq!(
        shown,
        vec![
            Some("<li><a href=\"/at/impressum\">Impressum</a></li>".to_owned()),
            // Links starting with http or mailto: a new tab, no opener, no referrer (newsletter
            // spec section 2 "Footer"), the core's `rel`.
            Some(format!(
                "<li><a href=\"https://www.example.com/agb\" target=\"_blank\" rel=\"{rel}\">AGB</a></li>"
            )),
            Some(format!(
                "<li><a href=\"mailto:datenschutz@example.com\" target=\"_blank\" rel=\"{rel}\">Datenschutz</a></li>"
            )),
            // The consent settings' link comes with the fragment (the core drops the unsafe one).
            None,
        ]
    );
    assert!(rel.contains("noopener") && rel.contains("noreferrer"));

    // Every site's static footer: a link that opens a new tab carries the core's `rel`.
    let mut shop = Shop::open("static-footer-new-tab", false);
    for site in Site::ALL {
        let home = shop.get(&format!("{}/", site_prefix(site))).await.body;
        let static_footer = home
            .split_once("<div data-static-footer>")
            .map_or("", |(_, rest)| rest);
        assert_eq!(
            static_footer.matches("target=\"_blank\"").count(),
            static_footer
                .matches(&format!("target=\"_blank\" rel=\"{rel}\""))
                .count(),
            "{site:?}"
        );
    }
}

/// The return period a text states: its first number with the first two letters of the word
/// after it (`14 Ta`, `3 Mo`, `3 mo`, `30 dn`, `90 gü`).
fn return_period(text: &str) -> Option<String> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = text.get(start..)?;
    let (number, rest) = rest.split_at(rest.find(|c: char| !c.is_ascii_digit())?);
    let unit: String = rest.trim_start().chars().take(2).collect();
    Some(format!("{number} {unit}"))
}

#[tokio::test]
async fn the_design_system_gallery_s_return_periods_are_the_sites_own() {
    // The gallery's sample texts (`texts/gallery.json`) state each locale's return period; it is
    // the one the site's footer document states in its shipping and returns group (AT 14 days,
    // CH 3 months, TR 90 days, ...).
    let gallery = std::fs::read_to_string("../texts/gallery.json")
        .unwrap_or_else(|error| panic!("texts/gallery.json: {error}"));
    let gallery = shop_core::json::parse(&gallery).unwrap_or_else(|error| panic!("{error}"));
    let mut shop = Shop::open("gallery-return-periods", false);
    for site in Site::ALL {
        let sample = text(&gallery, &[site.locale().tag(), "gallery.sample.panelText"]);
        let period = return_period(sample).unwrap_or_else(|| panic!("{site:?}: {sample}"));
        let document = footer(&mut shop, site).await;
        let returns = document
            .teaser_groups
            .iter()
            .find(|group| group.heading.icon == Some(FooterIcon::FreeShipping))
            .unwrap_or_else(|| panic!("{site:?}: no shipping and returns group"));
        let stated: Vec<String> = returns
            .introductory_text
            .iter()
            .cloned()
            .chain(returns.links.iter().map(|link| link.text.clone()))
            .collect();
        assert!(
            stated.iter().any(|text| text.contains(&period)),
            "{site:?}: the gallery says {sample:?}, the footer {stated:?}"
        );
    }
}
