//! The seeded catalogue (`server/catalogue.json`): every item kind of the header spec, articles
//! in each availability, and one offer of each defective kind, so every mini-cart tile can be
//! reached. Read once into the database on first start.

use shop_core::cart::service::Offer;

/// The catalogue document, checked by `offers_parse` below.
const CATALOGUE: &str = include_str!("../catalogue.json");

/// The catalogue's offers; an unreadable document is no offers (and fails the test below).
pub fn offers() -> Vec<Offer> {
    shop_core::json::from_str(CATALOGUE).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::cart::{Availability, CartItem, ItemList};

    #[test]
    fn offers_parse_and_cover_every_kind_and_availability() {
        let parsed: Result<Vec<Offer>, _> = shop_core::json::from_str(CATALOGUE);
        let offers = parsed.unwrap_or_else(|error| panic!("catalogue.json: {error}"));
        for list in ItemList::ALL {
            assert!(offers.iter().any(|offer| offer.list == list), "{list:?}");
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
                "{availability:?}"
            );
        }
    }
}
