//! The seeded catalogues (`server/catalogue/{SITE}.json`), one per site: each site is its own
//! shop, with titles in its language, prices in its currency and links under its path prefix
//! (ADR 0017). Each holds every item kind of the header spec, articles in each availability, and
//! one offer of each defective kind, so every mini-cart tile can be reached. Read once into the
//! database on first start.

use shop_core::cart::service::Offer;
use shop_core::site::Site;

/// The catalogue documents, checked by the tests below.
fn document(site: Site) -> &'static str {
    match site {
        Site::De => include_str!("../catalogue/DE.json"),
        Site::At => include_str!("../catalogue/AT.json"),
        Site::Ch => include_str!("../catalogue/CH.json"),
        Site::ChFr => include_str!("../catalogue/CH_FR.json"),
        Site::Pl => include_str!("../catalogue/PL.json"),
        Site::Cz => include_str!("../catalogue/CZ.json"),
        Site::Hu => include_str!("../catalogue/HU.json"),
        Site::Sk => include_str!("../catalogue/SK.json"),
        Site::Tr => include_str!("../catalogue/TR.json"),
    }
}

/// A site's offers; an unreadable document is no offers (and fails the tests below).
pub fn offers(site: Site) -> Vec<Offer> {
    shop_core::json::from_str(document(site)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::cart::{Availability, CartItem, ItemList};
    use shop_core::price::format_price;

    fn parsed(site: Site) -> Vec<Offer> {
        let parsed: Result<Vec<Offer>, _> = shop_core::json::from_str(document(site));
        parsed.unwrap_or_else(|error| panic!("catalogue/{}.json: {error}", site.code()))
    }

    /// Every site's links lead into its own site.
    fn prefix(site: Site) -> String {
        match site {
            Site::De => String::new(),
            other => ["/", &other.code().to_lowercase().replace('_', "-")].concat(),
        }
    }

    /// The item's identity, links and money, whatever the kind.
    fn facts(item: &CartItem) -> (String, Vec<String>, Vec<i64>) {
        match item {
            CartItem::Article(a)
            | CartItem::FreeArticle(a)
            | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => (
                a.product_id.clone(),
                vec![a.product_url.clone()],
                [
                    Some(a.price.calculated_price),
                    a.price.calculated_original_price,
                    a.price.best_price_amount,
                    a.price.base_price.as_ref().map(|base| base.price),
                ]
                .into_iter()
                .flatten()
                .collect(),
            ),
            CartItem::PartnerProduct(p) => (
                p.partner_product_id.clone(),
                vec![p.form_url.clone()],
                vec![p.total_price],
            ),
            CartItem::Subscription(s) => {
                let articles = s.recurring_articles.iter().chain(&s.non_recurring_articles);
                (
                    s.subscription_configuration_id.clone(),
                    articles.clone().map(|a| a.product_url.clone()).collect(),
                    articles
                        .flat_map(|a| [a.price, a.current_shop_price])
                        .collect(),
                )
            }
        }
    }

    #[test]
    fn every_site_has_every_kind_and_availability() {
        for site in Site::ALL {
            let offers = parsed(site);
            for list in ItemList::ALL {
                assert!(
                    offers.iter().any(|offer| offer.list == list),
                    "{site:?} {list:?}"
                );
            }
            for availability in [
                Availability::InStock,
                Availability::Available,
                Availability::NotAvailable,
                Availability::Soldout,
                Availability::Shortage,
            ] {
                assert!(
                    offers.iter().any(|offer| matches!(&offer.item,
                        CartItem::Article(a) if a.availability == availability)),
                    "{site:?} {availability:?}"
                );
            }
        }
    }

    #[test]
    fn the_sites_offer_the_same_items_each_in_its_language_currency_and_site() {
        let de = parsed(Site::De);
        for site in Site::ALL {
            let offers = parsed(site);
            assert_eq!(offers.len(), de.len(), "{site:?}");
            for (offer, de_offer) in offers.iter().zip(&de) {
                let (id, links, money) = facts(&offer.item);
                assert_eq!(
                    (offer.list, offer.stock),
                    (de_offer.list, de_offer.stock),
                    "{site:?} {id}"
                );
                assert_eq!(
                    id,
                    facts(&de_offer.item).0,
                    "{site:?}: same items in the same order"
                );
                for link in links {
                    let inside = link.strip_prefix(&prefix(site)).is_some_and(|rest| {
                        rest.starts_with("/p/") || rest.starts_with("/partner/")
                    });
                    assert!(inside, "{site:?} {id}: {link} leads out of the site");
                }
                for cents in money {
                    assert!(cents >= 0, "{site:?} {id}");
                    // CZ and HU show no decimals: their prices are whole korunas and forints.
                    if matches!(site, Site::Cz | Site::Hu) {
                        assert_eq!(cents % 100, 0, "{site:?} {id}: {cents} has decimals");
                    }
                }
            }
        }
    }

    #[test]
    fn titles_are_in_the_sites_language_and_prices_in_its_currency() {
        let coffee = |site: Site| {
            parsed(site).into_iter().find_map(|offer| match offer.item {
                CartItem::Article(a) if a.product_id == "400001" => Some(a),
                _ => None,
            })
        };
        let Some(de) = coffee(Site::De) else {
            panic!("DE has no coffee");
        };
        for site in [Site::ChFr, Site::Pl, Site::Cz, Site::Hu, Site::Sk, Site::Tr] {
            let Some(local) = coffee(site) else {
                panic!("{site:?} has no coffee");
            };
            assert_ne!(
                local.title, de.title,
                "{site:?} titles its coffee in its language"
            );
        }
        // A kilogram of coffee costs about the same everywhere: shown in each currency, it is
        // between 10 and 30 euros' worth (rough rates: CHF 1, PLN 4.3, CZK 25, HUF 400, TRY 40).
        for (site, euro_rate) in [
            (Site::De, 1.0),
            (Site::At, 1.0),
            (Site::Ch, 1.0),
            (Site::ChFr, 1.0),
            (Site::Pl, 4.3),
            (Site::Cz, 25.0),
            (Site::Hu, 400.0),
            (Site::Sk, 1.0),
            (Site::Tr, 40.0),
        ] {
            let Some(local) = coffee(site) else {
                panic!("{site:?} has no coffee");
            };
            let euros = local.price.calculated_price as f64 / 100.0 / euro_rate;
            assert!(
                (10.0..30.0).contains(&euros),
                "{site:?}: {} is {euros:.2} euros' worth",
                format_price(local.price.calculated_price, site)
            );
        }
    }
}
