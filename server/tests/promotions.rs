//! The promotion service: every seeded promotion of every site read by the core as the
//! fragments read it, the tag filters in the form the core writes them, and the pages and
//! pictures the promotions link to.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::{Shop, text};
use shop_core::content::promotion::{
    Cta, HEADER_BENEFITS_ID, PROMOTION_PATH, Promotion, PromotionKind, parse_promotion_json,
    promotion_url,
};
use shop_core::site::Site;

const IDS: [(&str, PromotionKind); 4] = [
    (HEADER_BENEFITS_ID, PromotionKind::Benefits),
    ("top-banner", PromotionKind::Banner),
    ("category-coffee", PromotionKind::Category),
    ("phase-weekly", PromotionKind::PhaseIntegration),
];

fn url(id: &str, all: &[&str], any: &[&str], none: &[&str]) -> String {
    let tags = |list: &[&str]| list.iter().map(|tag| (*tag).to_owned()).collect::<Vec<_>>();
    promotion_url(id, &tags(all), &tags(any), &tags(none)).unwrap_or_default()
}

async fn promotion(shop: &mut Shop, site: Site, id: &str) -> Promotion {
    let answer = shop
        .get_with(&url(id, &[], &[], &[]), &[("site", site.code())])
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{site:?} {id}");
    assert!(
        answer
            .header("content-type")
            .starts_with("application/json")
    );
    // contentJSON is a JSON string, not an object.
    let body = answer.json();
    assert!(!text(&body, &["contentJSON"]).is_empty());
    parse_promotion_json(&answer.body).unwrap_or_else(|| panic!("{site:?} {id}: {}", answer.body))
}

#[tokio::test]
async fn every_seeded_promotion_of_every_site_reads_as_its_kind() {
    let mut shop = Shop::open("promotions", false);
    for (site, promotions) in shop_server::promotions::seeded() {
        // The four ids, the top banner's Advent campaign of December 2027 and the phase
        // integration's two variants for the A/B test `christmas-teaser` (December 2026).
        assert_eq!(promotions.len(), 7, "{site}");
        for seeded in promotions {
            let parsed = parse_promotion_json(&shop_server::promotions::answer_body(seeded));
            let expected = IDS
                .iter()
                .find(|(id, _)| *id == seeded.id)
                .map(|(_, kind)| *kind);
            assert_eq!(
                parsed.as_ref().map(|p| p.kind),
                expected,
                "{site} {}",
                seeded.id
            );
            // Scheduled ones too: every call to action leads to a page that exists.
            for link in parsed.iter().filter_map(|p| p.cta_button_link.clone()) {
                let page = shop.get(&link).await;
                assert_eq!(page.status, StatusCode::OK, "{site} {}: {link}", seeded.id);
            }
        }
    }
    for site in Site::ALL {
        for (id, kind) in IDS {
            let promotion = promotion(&mut shop, site, id).await;
            assert_eq!(promotion.kind, kind, "{site:?} {id}");
            // Every link of every promotion leads to a page that exists, every picture is served.
            let links = promotion
                .links
                .iter()
                .map(|link| link.url.clone())
                .chain(promotion.benefits.iter().filter_map(|b| b.url.clone()))
                .chain(promotion.cta_button_link.clone());
            for link in links {
                let page = shop.get(&link).await;
                assert_eq!(page.status, StatusCode::OK, "{site:?} {id}: {link}");
            }
            for cutout in promotion.image.iter().flat_map(|image| &image.cutouts) {
                assert!(cutout.image_path.starts_with("/img/promotions/"));
                let picture = shop.get(&cutout.image_path).await;
                assert_eq!(picture.status, StatusCode::OK, "{}", cutout.image_path);
            }
        }
    }
}

#[tokio::test]
async fn the_four_kinds_carry_what_their_views_need() {
    let mut shop = Shop::open("promotions-kinds", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let benefits = promotion(&mut shop, site, HEADER_BENEFITS_ID).await;
        assert_eq!(benefits.benefits.len(), 4, "{site:?}");
        let newsletter = &benefits.benefits[1];
        assert_eq!(newsletter.tracking_name, "newsletter registration");
        assert_eq!(
            newsletter.url.as_deref(),
            Some(format!("{prefix}/subscribenewsletter").as_str())
        );
        let ten = if site == Site::Tr { "%10" } else { "10" };
        assert!(
            newsletter.text.contains(ten),
            "{site:?}: {}",
            newsletter.text
        );

        let banner = promotion(&mut shop, site, "top-banner").await;
        assert_eq!(banner.cta, Cta::VoucherCode);
        assert!(banner.voucher_code.is_some() && banner.voucher_code_instructions.is_some());
        assert!(banner.legal_text.is_some() && banner.legal_text_hint.is_some());
        assert!(banner.legal_text_hint_short.is_some() && banner.headline.is_some());

        let category = promotion(&mut shop, site, "category-coffee").await;
        let cutouts = category
            .image
            .map(|image| image.cutouts)
            .unwrap_or_default();
        assert_eq!(cutouts.len(), 2);
        assert_eq!(cutouts[0].breakpoint, Some(1023));
        assert_eq!(category.links.len(), 3);

        let phase = promotion(&mut shop, site, "phase-weekly").await;
        assert_eq!(phase.cta, Cta::CtaButton);
        assert!(phase.image.is_some() && phase.cta_button_text.is_some());
    }
    // The free-shipping thresholds of the header facts.
    for (site, threshold) in [
        (Site::De, "20\u{a0}€"),
        (Site::At, "20\u{a0}€"),
        (Site::Ch, "CHF\u{a0}30"),
        (Site::Tr, "175\u{a0}TL"),
    ] {
        let benefits = promotion(&mut shop, site, HEADER_BENEFITS_ID).await;
        assert!(benefits.benefits[0].text.contains(threshold), "{site:?}");
    }
    // The other header facts (header spec section 1): over 550 stores on DE, the return period
    // of 3 months on CH, 30 days on HU and PL, each in its slot (2 cross-channel, 3 service).
    for (site, slot, fact) in [
        (Site::De, 2, "Über 550 Filialen"),
        (Site::Ch, 3, "3 Monate"),
        (Site::ChFr, 3, "3 mois"),
        (Site::Hu, 3, "30 napos"),
        (Site::Pl, 3, "30 dni"),
    ] {
        let benefits = promotion(&mut shop, site, HEADER_BENEFITS_ID).await;
        assert!(
            benefits.benefits[slot].text.contains(fact),
            "{site:?}: {}",
            benefits.benefits[slot].text
        );
    }
    let tr = promotion(&mut shop, Site::Tr, "category-coffee").await;
    assert_eq!(
        tr.headline.as_deref(),
        Some("Her damak zevkine uygun kahve")
    );
}

#[tokio::test]
async fn tag_filters_select_and_everything_else_is_404() {
    let mut shop = Shop::open("promotions-tags", false);
    let cases = [
        (
            url("top-banner", &["banner", "coffee"], &[], &[]),
            StatusCode::OK,
        ),
        (
            url("top-banner", &["banner", "tea"], &[], &[]),
            StatusCode::NOT_FOUND,
        ),
        (
            url("top-banner", &[], &["tea", "voucher"], &[]),
            StatusCode::OK,
        ),
        (url("top-banner", &[], &["tea"], &[]), StatusCode::NOT_FOUND),
        (
            url("top-banner", &[], &[], &["voucher"]),
            StatusCode::NOT_FOUND,
        ),
        (url("top-banner", &[], &[], &["tea", " "]), StatusCode::OK),
        (
            url("category-coffee", &["coffee"], &["category"], &["banner"]),
            StatusCode::OK,
        ),
        (
            url(HEADER_BENEFITS_ID, &["header"], &[], &[]),
            StatusCode::OK,
        ),
        (
            url("no-such-promotion", &[], &[], &[]),
            StatusCode::NOT_FOUND,
        ),
        // The footer document (`tests/footer.rs`) has no tags.
        (url("SHOP_FOOTER", &[], &[], &[]), StatusCode::OK),
        (
            url("SHOP_FOOTER", &["footer"], &[], &[]),
            StatusCode::NOT_FOUND,
        ),
        // An id, like a tag, is looked up without the spaces around it (as sent by a caller
        // that does not trim it, unlike the core's `promotion_url`); inside, a space is part
        // of it.
        (
            [PROMOTION_PATH, "%20top-banner%20"].concat(),
            StatusCode::OK,
        ),
        ([PROMOTION_PATH, "%20SHOP_FOOTER"].concat(), StatusCode::OK),
        (
            [PROMOTION_PATH, "top-%20banner"].concat(),
            StatusCode::NOT_FOUND,
        ),
        // A tag with a comma is one tag, not two.
        (
            url("top-banner", &["banner,coffee"], &[], &[]),
            StatusCode::NOT_FOUND,
        ),
    ];
    for (path, status) in cases {
        let answer = shop.get_with(&path, &[("site", "CZ")]).await;
        assert_eq!(answer.status, status, "{path}");
        if status == StatusCode::NOT_FOUND {
            assert_eq!(text(&answer.json(), &["error"]), "NOT_FOUND");
        }
    }
    // The site header chooses the document; none or an unknown one is DE.
    let de = shop.get(&url("top-banner", &[], &[], &[])).await.body;
    assert!(de.contains("KAFFEE10"));
    let unknown = shop
        .get_with(&url("top-banner", &[], &[], &[]), &[("site", "XX")])
        .await;
    assert_eq!(unknown.body, de);
    let fr = shop
        .get_with(&url("top-banner", &[], &[], &[]), &[("site", "CH_FR")])
        .await;
    assert!(fr.body.contains("CAFE10"));
    // Oversized requests are refused.
    let huge = format!(
        "{}?allOfTags={}",
        url("top-banner", &[], &[], &[]),
        "a".repeat(5000)
    );
    assert_eq!(shop.get(&huge).await.status, StatusCode::BAD_REQUEST);
    let long_id = url(&"x".repeat(300), &[], &[], &[]);
    assert_eq!(shop.get(&long_id).await.status, StatusCode::BAD_REQUEST);
    // Up to 200 characters (not bytes) an id is looked up: unknown, so 404, not refused.
    for (id, status) in [
        ("x".repeat(200), StatusCode::NOT_FOUND),
        ("ä".repeat(200), StatusCode::NOT_FOUND),
        ("x".repeat(201), StatusCode::BAD_REQUEST),
    ] {
        let answer = shop.get(&url(&id, &[], &[], &[])).await;
        assert_eq!(answer.status, status, "{} characters", id.chars().count());
    }
    // An id that is not text (bytes that are not UTF-8) is refused in the service's own shape.
    let not_text = shop.get("/service/promotion/api/promotion/%FF").await;
    assert_eq!(not_text.status, StatusCode::BAD_REQUEST);
    assert_eq!(text(&not_text.json(), &["error"]), "BAD_REQUEST");
}

#[tokio::test]
async fn the_promotions_fault_answers_500() {
    let mut shop = Shop::open("promotions-fault", true);
    let path = url(HEADER_BENEFITS_ID, &[], &[], &[]);
    shop.faults(r#"{"promotions":true}"#).await;
    let answer = shop.get(&path).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(parse_promotion_json(&answer.body), None);
    shop.faults("{}").await;
    assert_eq!(shop.get(&path).await.status, StatusCode::OK);
}

/// The top banner's headline a shopper of a site gets on a server whose clock says `utc`.
async fn headline_at(utc: &str, site: Site) -> String {
    let mut config = common::config(
        std::env::temp_dir().join(format!("shop-promotions-clock-{}", std::process::id())),
        false,
    );
    config.fixed_now = shop_server::abtest::parse_date_time(utc, false);
    let mut shop = Shop::with_config(config);
    promotion(&mut shop, site, "top-banner")
        .await
        .headline
        .unwrap_or_default()
}

#[tokio::test]
async fn a_campaign_starts_at_midnight_on_each_sites_own_clock() {
    const TODAY: &str = "10\u{a0}% Rabatt auf Kaffee";
    const ADVENT: &str = "Adventskalender: jeden Tag ein Angebot";
    const TR_TODAY: &str = "Kahvede %10 indirim";
    const TR_ADVENT: &str = "Yılbaşı takvimi: her gün yeni bir fırsat";
    // 22:30 UTC on 30 November: 23:30 in Berlin, 01:30 on 1 December in Istanbul.
    assert_eq!(headline_at("2027-11-30T22:30", Site::De).await, TODAY);
    assert_eq!(headline_at("2027-11-30T22:30", Site::Tr).await, TR_ADVENT);
    // 23:00 UTC: midnight in Berlin, Vienna and Zurich.
    assert_eq!(
        headline_at("2027-11-30T23:00", Site::At).await,
        "Adventkalender: jeden Tag ein Angebot"
    );
    assert_eq!(headline_at("2027-11-30T23:00", Site::De).await, ADVENT);
    // It ends at midnight of 25 December, local time.
    assert_eq!(headline_at("2027-12-24T22:59", Site::De).await, ADVENT);
    assert_eq!(headline_at("2027-12-24T23:00", Site::De).await, TODAY);
    assert_eq!(headline_at("2027-12-24T21:00", Site::Tr).await, TR_TODAY);
}

/// The slot's server-rendered copy of a promotion (`data-promotion-slot="<id>"` ... `</div></div>`
/// around `data-static-promotion`); empty when the slot holds none.
fn slot_copy<'a>(page: &'a str, id: &str) -> &'a str {
    let opening = format!("data-promotion-slot=\"{id}\">");
    let start = page
        .find(&opening)
        .unwrap_or_else(|| panic!("no slot {id}"))
        + opening.len();
    let rest = &page[start..];
    let end = rest.find("</div></div></div>").map_or(0, |end| end + 12);
    &rest[..end]
}

/// A promotion's button as the page's copy has it.
fn button(promotion: &Promotion) -> String {
    format!(
        "<a href=\"{}\" class=\"shell-promo__button\">{}</a>",
        promotion.cta_button_link.clone().unwrap_or_default(),
        shop_server::html::escape(&promotion.cta_button_text.clone().unwrap_or_default())
    )
}

#[tokio::test]
async fn pages_carry_their_promotions_as_the_service_answers_them_so_their_room_is_there_at_once() {
    let mut shop = Shop::open("promotion-slots", true);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let category = promotion(&mut shop, site, "category-coffee").await;
        let coffee = shop
            .get(&format!(
                "{prefix}{}",
                shop_core::header::links::coffee_path(site)
            ))
            .await;
        let copy = slot_copy(&coffee.body, "category-coffee");
        assert!(copy.contains("data-static-promotion"), "{site:?}: {copy}");
        assert!(copy.contains("shell-promo--category"), "{site:?}");
        // The service's headline and its button to the promotion's main link.
        assert_eq!(category.cta, Cta::CtaButton);
        let headline = category.headline.clone().unwrap_or_default();
        assert!(
            copy.contains(&format!(
                "<h2 class=\"shell-promo__headline\">{}</h2>",
                shop_server::html::escape(&headline)
            )),
            "{site:?}: {copy}"
        );
        assert!(copy.contains(&button(&category)), "{site:?}: {copy}");
        for link in &category.links {
            assert!(
                copy.contains(&shop_server::html::escape(&link.text)),
                "{site:?}"
            );
        }
        // The picture: the cutouts' paths as rewritten by the core, the wide one for 1023 px
        // and up; its room and the editor's colours in the page's style element, which the
        // answer's CSP allows by its nonce (and nothing else inline).
        assert!(
            copy.contains(
                "<picture><source media=\"(min-width: 1023px)\" srcset=\"/img/promotions/category-coffee-wide.svg\">\
                 <img src=\"/img/promotions/category-coffee.svg\" alt=\"\"></picture>"
            ),
            "{site:?}: {copy}"
        );
        let csp = coffee.header("content-security-policy").to_owned();
        let nonce = csp
            .split("'nonce-")
            .nth(1)
            .and_then(|rest| rest.split('\'').next())
            .unwrap_or_else(|| panic!("{site:?}: no style nonce in {csp}"));
        assert_eq!(nonce.len(), 32, "{site:?}");
        assert!(
            csp.contains("style-src 'self' ") && !csp.contains("unsafe-inline"),
            "{csp}"
        );
        let style = coffee
            .body
            .split(&format!("<style nonce=\"{nonce}\">"))
            .nth(1)
            .and_then(|rest| rest.split("</style>").next())
            .unwrap_or_else(|| panic!("{site:?}: no style element"));
        assert_eq!(
            style,
            "#shell-promo-1{background-color:#f4efe9;}\
             #shell-promo-1 .shell-promo__copy{background-color:#f4efe9;color:#3b2a1e;border-color:#3b2a1e;}\
             #shell-promo-1 .shell-promo__button{background-color:#3b2a1e;color:#f4efe9;border-color:#3b2a1e;}\
             #shell-promo-1{color:#3b2a1e;}#shell-promo-1 a:not(.shell-promo__button){color:inherit}\
             @media (max-width: 1022.98px){#shell-promo-1 .shell-promo__media{aspect-ratio:4/3;}\
             #shell-promo-1 .shell-promo__media img{object-fit:cover;}}\
             @media (min-width: 1023px){#shell-promo-1 .shell-promo__media{aspect-ratio:16/5;}\
             #shell-promo-1 .shell-promo__media img{object-fit:cover;object-position:50% 40%;}}",
            "{site:?}"
        );
        // Another answer, another nonce.
        let again = shop
            .get(&format!(
                "{prefix}{}",
                shop_core::header::links::coffee_path(site)
            ))
            .await;
        assert!(!again.header("content-security-policy").contains(nonce));

        // The home page's phase integration, with its button.
        let phase = promotion(&mut shop, site, "phase-weekly").await;
        let home = shop.get(&format!("{prefix}/")).await;
        let copy = slot_copy(&home.body, "phase-weekly");
        assert!(copy.contains("shell-promo--phase"), "{site:?}: {copy}");
        assert_eq!(phase.cta, Cta::CtaButton);
        assert!(copy.contains(&button(&phase)), "{site:?}: {copy}");
    }
}
