//! The reference cart service's rules (header spec sections 3, 7 and 8): what a change does to a
//! stored cart, the limits it is refused by, and the cart's sums. `server/` runs them natively;
//! they are not exported to the browser, which only ever shows what the service answered.
//!
//! The spec names the limits' error codes but not their values; the reference service's values
//! are the constants below. Each site is its own shop (a [`Shop`]): its own catalogue and its
//! own shipping ([`shipping`]).

use super::{
    Availability, Cart, CartError, CartErrorCode, CartItem, CartLine, CartModification, GiftCard,
    ItemList, apply_removal, cart_lines, is_removal, put_line,
};
use crate::Site;
use crate::json::Json;
use crate::price::PriceSummary;

/// Most pieces of one article per purchase (ITEM_LIMIT).
pub const ITEM_LIMIT: u32 = 10;
/// Most pieces in one cart (CART_LIMIT).
pub const CART_LIMIT: u32 = 60;
/// What a site charges for shipping, in its currency's minor units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipping {
    /// Charged below the order value from which shipping is free.
    pub cost: i64,
    /// The order value from which shipping is free.
    pub free_from: i64,
    /// The lower order value from which it is free for loyalty-card holders, where the site
    /// grants one.
    pub card_member_free_from: Option<i64>,
    /// The value of coffee from which shipping is free, where the site grants it.
    pub coffee_free_from: Option<i64>,
}

/// A site's shipping, as the sites tell their shoppers: free from 20 EUR on DE and AT, from 30
/// CHF on CH, from 175 TL on coffee in TR (header spec section 1); PL from 100 zł, CZ from 999 Kč
/// (499 Kč with the loyalty card), SK from 40 EUR (20 EUR with the card), TR from 1000 TL
/// (newsletter spec section 9). HU names none (only free delivery to a store), so its threshold,
/// like every cost, is the reference service's own choice.
pub const fn shipping(site: Site) -> Shipping {
    let (cost, free_from) = match site {
        Site::De | Site::At => (495, 2_000),
        Site::Ch | Site::ChFr => (695, 3_000),
        Site::Pl => (1_499, 10_000),
        Site::Cz => (9_900, 99_900),
        Site::Hu => (149_000, 2_000_000),
        Site::Sk => (395, 4_000),
        Site::Tr => (4_990, 100_000),
    };
    let card_member_free_from = match site {
        Site::Cz => Some(49_900),
        Site::Sk => Some(2_000),
        _ => None,
    };
    let coffee_free_from = match site {
        Site::Tr => Some(17_500),
        _ => None,
    };
    Shipping {
        cost,
        free_from,
        card_member_free_from,
        coffee_free_from,
    }
}

/// One site's shop as a visitor orders from it: the site (whose shipping applies), its offers,
/// and whether the visitor holds the loyalty card.
#[derive(Clone, Copy, Debug)]
pub struct Shop<'a> {
    pub site: Site,
    pub offers: &'a [Offer],
    pub card_member: bool,
}

/// One offer of the catalogue: the line it becomes in a cart (quantity 1 for articles) and, for
/// articles, how many pieces are left (`None`: plenty).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[serde(rename_all = "camelCase")]
pub struct Offer {
    pub list: ItemList,
    pub item: CartItem,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<u32>,
    /// Coffee (beans, capsules, a coffee subscription): counts towards a site's coffee threshold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub coffee: bool,
}

fn refused(code: CartErrorCode, limit: Option<u32>) -> CartError {
    CartError { code, limit }
}

/// The catalogue offer an add or restore payload names.
fn offer_for<'a>(catalogue: Shop<'a>, change: &CartModification) -> Option<&'a Offer> {
    catalogue
        .offers
        .iter()
        .find(|offer| match (change, &offer.item) {
            (
                CartModification::SetArticle {
                    product_id, tcm, ..
                },
                CartItem::Article(a),
            ) => &a.product_id == product_id && (tcm.is_none() || tcm == &a.tcm),
            (
                CartModification::SetFreeArticle {
                    product_id,
                    campaign_id,
                    ..
                },
                CartItem::FreeArticle(f),
            ) => &f.product_id == product_id && f.campaign_id.as_ref() == Some(campaign_id),
            (
                CartModification::SetGiftCard {
                    product_id, tcm, ..
                },
                CartItem::GiftCard(GiftCard { article }),
            ) => &article.product_id == product_id && (tcm.is_none() || tcm == &article.tcm),
            (
                CartModification::SetPartnerProduct {
                    partner_product_id, ..
                },
                CartItem::PartnerProduct(p),
            ) => &p.partner_product_id == partner_product_id,
            (
                CartModification::RestoreSubscription { subscription_id },
                CartItem::Subscription(s),
            ) => &s.subscription_configuration_id == subscription_id,
            _ => false,
        })
}

/// Applies one change to a stored cart. Removals take the line out; `setArticle` with a
/// quantity above 0 adds the article or sets its quantity; the other payloads with
/// `remove: false` / `set: true` / `restoreSubscription` put the catalogue's line back.
/// Refused changes leave the cart as it was: UNKNOWN_ITEM for a line or offer that does not
/// exist, AVAILABILITY_LIMIT, ITEM_LIMIT and CART_LIMIT with their limits.
pub fn apply_change(
    cart: &Cart,
    catalogue: Shop,
    change: &CartModification,
) -> Result<Cart, CartError> {
    let mut next = if is_removal(change) {
        apply_removal(cart, change)?
    } else {
        let offer =
            offer_for(catalogue, change).ok_or(refused(CartErrorCode::UnknownItem, None))?;
        add_offer(cart, offer, change)?
    };
    recalculate(&mut next, catalogue);
    if next.number_of_articles > CART_LIMIT && next.number_of_articles > cart.number_of_articles {
        return Err(refused(CartErrorCode::CartLimit, Some(CART_LIMIT)));
    }
    Ok(next)
}

/// An add-to-cart from a product (`POST`): `setArticle` adds its quantity to the pieces of that
/// article already in the cart; a removal (quantity 0) and every other payload is applied as
/// [`apply_change`] does.
pub fn apply_addition(
    cart: &Cart,
    catalogue: Shop,
    change: &CartModification,
) -> Result<Cart, CartError> {
    let CartModification::SetArticle {
        product_id,
        tcm,
        quantity,
    } = change
    else {
        return apply_change(cart, catalogue, change);
    };
    if *quantity == 0 {
        return apply_change(cart, catalogue, change);
    }
    let held = cart
        .articles
        .iter()
        .find(|a| &a.product_id == product_id && (tcm.is_none() || &a.tcm == tcm))
        .map_or(0, |a| a.quantity.quantity);
    let total = CartModification::SetArticle {
        product_id: product_id.clone(),
        tcm: tcm.clone(),
        quantity: held.saturating_add(*quantity),
    };
    apply_change(cart, catalogue, &total)
}

fn add_offer(cart: &Cart, offer: &Offer, change: &CartModification) -> Result<Cart, CartError> {
    let mut item = offer.item.clone();
    if let (CartModification::SetArticle { quantity, .. }, CartItem::Article(article)) =
        (change, &mut item)
    {
        let unavailable = matches!(
            article.availability,
            Availability::NotAvailable | Availability::Soldout
        );
        let stock = if unavailable { Some(0) } else { offer.stock };
        if let Some(stock) = stock.filter(|stock| quantity > stock) {
            return Err(refused(CartErrorCode::AvailabilityLimit, Some(stock)));
        }
        if *quantity > ITEM_LIMIT {
            return Err(refused(CartErrorCode::ItemLimit, Some(ITEM_LIMIT)));
        }
        article.quantity.quantity = *quantity;
    }
    let mut next = cart.clone();
    let line = CartLine {
        key: String::new(),
        list: offer.list,
        position: u32::MAX,
        item,
    };
    let existing = cart_lines(cart)
        .into_iter()
        .find(|present| present.list == line.list && same_line(&present.item, &line.item));
    match existing {
        // An article already in the cart gets the new quantity in its place.
        Some(present) => {
            super::take_line(&mut next, &present.key);
            put_line(
                &mut next,
                &CartLine {
                    position: present.position,
                    ..line
                },
            );
        }
        None => put_line(&mut next, &line),
    }
    Ok(next)
}

/// Whether two items are the same line (same identity within a list).
fn same_line(a: &CartItem, b: &CartItem) -> bool {
    a.identity() == b.identity()
}

/// The cart's sums from its lines: item count, total, the site's shipping (none for an empty
/// cart; free from the site's threshold, the card holder's where the visitor holds the card, or
/// the coffee threshold where the coffee alone reaches it) and the price summary.
pub fn recalculate(cart: &mut Cart, shop: Shop) {
    let lines = cart_lines(cart);
    cart.number_of_articles = lines.iter().map(|line| line.item.pieces()).sum();
    let value = |item: &CartItem| match item {
        CartItem::Article(a) | CartItem::GiftCard(GiftCard { article: a }) => a
            .price
            .calculated_price
            .saturating_mul(i64::from(a.quantity.quantity)),
        CartItem::FreeArticle(_) => 0,
        CartItem::PartnerProduct(p) => p.total_price,
        CartItem::Subscription(s) => s
            .recurring_articles
            .iter()
            .chain(&s.non_recurring_articles)
            .map(|a| a.price.saturating_mul(i64::from(a.quantity)))
            .sum(),
    };
    let ordered = lines.iter().filter(|line| !line.list.defective());
    let total: i64 = ordered.clone().map(|line| value(&line.item)).sum();
    let coffee: i64 = ordered
        .filter(|line| {
            shop.offers.iter().any(|offer| {
                offer.coffee && offer.list == line.list && same_line(&offer.item, &line.item)
            })
        })
        .map(|line| value(&line.item))
        .sum();
    let rule = shipping(shop.site);
    let free_from = match rule.card_member_free_from {
        Some(threshold) if shop.card_member => threshold,
        _ => rule.free_from,
    };
    let free = total == 0
        || total >= free_from
        || rule
            .coffee_free_from
            .is_some_and(|threshold| coffee >= threshold);
    let shipping = if free { 0 } else { rule.cost };
    cart.total_sum = total;
    cart.shipping_cost = Some(shipping);
    cart.payment_on_delivery_cost = Some(0);
    cart.price_summary = Some(PriceSummary {
        cart_final_sum: total.saturating_add(shipping),
        shipping_costs: shipping,
        ..PriceSummary::default()
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::{Article, PartnerProduct, Quantity, Subscription};
    use crate::price::ArticlePrice;

    fn article(id: &str, cents: i64, availability: Availability) -> Article {
        Article {
            product_id: id.into(),
            tcm: Some(format!("tcm-{id}")),
            title: format!("Article {id}"),
            quantity: Quantity { quantity: 1 },
            availability,
            price: ArticlePrice {
                calculated_price: cents,
                ..ArticlePrice::default()
            },
            ..Article::default()
        }
    }

    fn offers() -> Vec<Offer> {
        vec![
            Offer {
                list: ItemList::Articles,
                item: CartItem::Article(article("100", 1299, Availability::InStock)),
                stock: None,
                coffee: false,
            },
            Offer {
                list: ItemList::Articles,
                item: CartItem::Article(article("200", 499, Availability::Shortage)),
                stock: Some(2),
                coffee: false,
            },
            Offer {
                list: ItemList::Articles,
                item: CartItem::Article(article("300", 999, Availability::Soldout)),
                stock: None,
                coffee: false,
            },
            Offer {
                list: ItemList::PartnerProducts,
                item: CartItem::PartnerProduct(PartnerProduct {
                    partner_product_id: "plan".into(),
                    total_quantity: 1,
                    total_price: 1000,
                    ..PartnerProduct::default()
                }),
                stock: None,
                coffee: false,
            },
            Offer {
                list: ItemList::Subscriptions,
                item: CartItem::Subscription(Subscription {
                    subscription_configuration_id: "abo".into(),
                    ..Subscription::default()
                }),
                stock: None,
                coffee: false,
            },
        ]
    }

    /// The test offers as DE's shop.
    fn on_de(offers: &[Offer]) -> Shop<'_> {
        Shop {
            site: Site::De,
            offers,
            card_member: false,
        }
    }

    fn set_article(id: &str, quantity: u32) -> CartModification {
        CartModification::SetArticle {
            product_id: id.into(),
            tcm: None,
            quantity,
        }
    }

    #[test]
    fn adding_setting_and_removing_articles() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let cart = apply_change(&Cart::default(), catalogue, &set_article("100", 1));
        let Ok(cart) = cart else {
            panic!("{cart:?}");
        };
        assert_eq!(cart.articles.len(), 1);
        assert_eq!((cart.number_of_articles, cart.total_sum), (1, 1299));
        assert_eq!(cart.shipping_cost, Some(shipping(Site::De).cost));
        let cart = apply_change(&cart, catalogue, &set_article("100", 2)).unwrap_or_default();
        assert_eq!((cart.number_of_articles, cart.total_sum), (2, 2598));
        assert_eq!(cart.shipping_cost, Some(0), "free from 20 euros");
        assert_eq!(
            cart.price_summary.as_ref().map(|s| s.cart_final_sum),
            Some(2598)
        );
        // The spec's delete payload, with the tcm the mini cart sends.
        let delete = CartModification::SetArticle {
            product_id: "100".into(),
            tcm: Some("tcm-100".into()),
            quantity: 0,
        };
        let empty = apply_change(&cart, catalogue, &delete).unwrap_or_default();
        assert!(empty.articles.is_empty());
        assert_eq!((empty.number_of_articles, empty.total_sum), (0, 0));
        assert_eq!(empty.shipping_cost, Some(0));
    }

    #[test]
    fn an_addition_adds_to_the_pieces_in_the_cart() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let add = |cart: &Cart, id: &str| apply_addition(cart, catalogue, &set_article(id, 1));
        let once = add(&Cart::default(), "100").unwrap_or_default();
        let twice = add(&once, "100").unwrap_or_default();
        assert_eq!(twice.articles.len(), 1);
        assert_eq!(twice.number_of_articles, 2);
        // Stock 2: the third piece is refused with the limit, the cart stays.
        let two = add(&add(&Cart::default(), "200").unwrap_or_default(), "200").unwrap_or_default();
        assert_eq!(
            add(&two, "200").err(),
            Some(refused(CartErrorCode::AvailabilityLimit, Some(2)))
        );
        // Other payloads behave as a change.
        let removal = CartModification::SetArticle {
            product_id: "100".into(),
            tcm: Some("tcm-100".into()),
            quantity: 0,
        };
        let cleared = apply_addition(
            &twice,
            catalogue,
            &CartModification::SetPartnerProduct {
                partner_product_id: "plan".into(),
                set: false,
            },
        );
        assert!(
            cleared.is_err(),
            "a partner product not in the cart is unknown"
        );
        assert!(
            apply_addition(&twice, catalogue, &removal).is_ok_and(|cart| cart.articles.is_empty())
        );
    }

    #[test]
    fn limits_refuse_and_name_the_limit() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let refused_with = |cart: &Cart, change| apply_change(cart, catalogue, &change).err();
        let empty = Cart::default();
        assert_eq!(
            refused_with(&empty, set_article("100", ITEM_LIMIT + 1)),
            Some(refused(CartErrorCode::ItemLimit, Some(ITEM_LIMIT)))
        );
        assert_eq!(
            refused_with(&empty, set_article("200", 3)),
            Some(refused(CartErrorCode::AvailabilityLimit, Some(2)))
        );
        assert_eq!(
            refused_with(&empty, set_article("300", 1)),
            Some(refused(CartErrorCode::AvailabilityLimit, Some(0)))
        );
        assert_eq!(
            refused_with(&empty, set_article("nope", 1)),
            Some(refused(CartErrorCode::UnknownItem, None))
        );
        assert_eq!(
            refused_with(&empty, set_article("100", 0)),
            Some(refused(CartErrorCode::UnknownItem, None)),
            "removing what is not there"
        );
        let mut full = Cart {
            articles: (0..CART_LIMIT)
                .map(|i| article(&format!("x{i}"), 100, Availability::InStock))
                .collect(),
            ..Cart::default()
        };
        recalculate(&mut full, on_de(&[]));
        assert_eq!(
            refused_with(&full, set_article("100", 1)),
            Some(refused(CartErrorCode::CartLimit, Some(CART_LIMIT)))
        );
    }

    #[test]
    fn the_sixtieth_piece_is_taken_and_a_cart_above_the_limit_can_still_be_emptied() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let pieces = |count: u32| {
            let mut cart = Cart {
                articles: (0..count)
                    .map(|i| article(&format!("x{i}"), 100, Availability::InStock))
                    .collect(),
                ..Cart::default()
            };
            recalculate(&mut cart, on_de(&[]));
            cart
        };
        let sixty = apply_change(&pieces(CART_LIMIT - 1), catalogue, &set_article("100", 1));
        assert_eq!(sixty.map(|cart| cart.number_of_articles), Ok(CART_LIMIT));
        // A cart over the limit (from before a lower limit, say): removals still go through.
        let over = pieces(CART_LIMIT + 2);
        let removal = CartModification::SetArticle {
            product_id: "x0".into(),
            tcm: Some("tcm-x0".into()),
            quantity: 0,
        };
        assert_eq!(
            apply_change(&over, catalogue, &removal).map(|cart| cart.number_of_articles),
            Ok(CART_LIMIT + 1)
        );
    }

    #[test]
    fn the_total_counts_what_can_be_ordered_and_what_it_costs() {
        let subscription_article = |price: i64, quantity: u32| crate::cart::SubscriptionArticle {
            quantity,
            price,
            ..crate::cart::SubscriptionArticle::default()
        };
        let mut cart = Cart {
            articles: vec![article("100", 1299, Availability::InStock)],
            // A gift costs nothing; a line that cannot be ordered is not in the total.
            free_articles: vec![article("gift", 999, Availability::InStock)],
            defective_articles: vec![article("old", 5000, Availability::NotAvailable)],
            // A subscription costs its recurring and its one-off articles.
            subscriptions: vec![Subscription {
                subscription_configuration_id: "abo".into(),
                recurring_articles: vec![subscription_article(799, 2)],
                non_recurring_articles: vec![subscription_article(1500, 1)],
                ..Subscription::default()
            }],
            ..Cart::default()
        };
        recalculate(&mut cart, on_de(&[]));
        assert_eq!(cart.total_sum, 1299 + 2 * 799 + 1500);
    }

    #[test]
    fn removed_lines_come_back_by_their_restore_payloads() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let mut cart = Cart::default();
        for change in [
            set_article("100", 2),
            CartModification::SetPartnerProduct {
                partner_product_id: "plan".into(),
                set: true,
            },
            CartModification::RestoreSubscription {
                subscription_id: "abo".into(),
            },
        ] {
            cart = apply_change(&cart, catalogue, &change).unwrap_or_default();
        }
        assert_eq!(cart_lines(&cart).len(), 3);
        for line in cart_lines(&cart) {
            let Some(removal) = crate::cart::removal_payload(&line) else {
                panic!("{line:?}");
            };
            let without = apply_change(&cart, catalogue, &removal).unwrap_or_default();
            assert_eq!(cart_lines(&without).len(), 2, "{removal:?}");
            let restore = crate::cart::restore_payload(&line);
            let back = apply_change(&without, catalogue, &restore);
            assert_eq!(
                back.as_ref().map(cart_lines).ok(),
                Some(cart_lines(&cart)),
                "{restore:?}"
            );
        }
    }

    #[test]
    fn each_site_charges_its_shipping_below_its_threshold() {
        // (site, cost, free from) as the sites tell their shoppers (HU: the reference's choice).
        let table = [
            (Site::De, 495, 2_000),
            (Site::At, 495, 2_000),
            (Site::Ch, 695, 3_000),
            (Site::ChFr, 695, 3_000),
            (Site::Pl, 1_499, 10_000),
            (Site::Cz, 9_900, 99_900),
            (Site::Hu, 149_000, 2_000_000),
            (Site::Sk, 395, 4_000),
            (Site::Tr, 4_990, 100_000),
        ];
        for (site, cost, free_from) in table {
            let rule = shipping(site);
            assert_eq!((rule.cost, rule.free_from), (cost, free_from), "{site:?}");
            let shop = Shop {
                site,
                offers: &[],
                card_member: false,
            };
            assert_eq!(
                priced(shop, free_from - 1),
                (cost, free_from - 1 + cost),
                "{site:?}"
            );
            assert_eq!(priced(shop, free_from), (0, free_from), "{site:?}");
            let mut empty = Cart::default();
            recalculate(&mut empty, shop);
            assert_eq!(empty.shipping_cost, Some(0), "{site:?}: nothing to ship");
        }
    }

    /// (shipping, final sum) of a cart holding one article "1" worth `cents`.
    fn priced(shop: Shop, cents: i64) -> (i64, i64) {
        let mut cart = Cart {
            articles: vec![article("1", cents, Availability::InStock)],
            ..Cart::default()
        };
        recalculate(&mut cart, shop);
        (
            cart.shipping_cost.unwrap_or(-1),
            cart.price_summary.map_or(-1, |s| s.cart_final_sum),
        )
    }

    #[test]
    fn card_holders_ship_free_from_less_on_cz_and_sk() {
        for (site, member_threshold) in [(Site::Cz, 49_900), (Site::Sk, 2_000)] {
            let shop = |card_member| Shop {
                site,
                offers: &[],
                card_member,
            };
            assert_eq!(shipping(site).card_member_free_from, Some(member_threshold));
            assert_eq!(priced(shop(true), member_threshold).0, 0, "{site:?}");
            assert_eq!(
                priced(shop(true), member_threshold - 1).0,
                shipping(site).cost
            );
            assert_eq!(
                priced(shop(false), member_threshold).0,
                shipping(site).cost,
                "{site:?}: not without the card"
            );
        }
        // Elsewhere the card changes nothing.
        for site in [Site::De, Site::Pl, Site::Tr] {
            assert_eq!(shipping(site).card_member_free_from, None);
            let member = Shop {
                site,
                offers: &[],
                card_member: true,
            };
            assert_eq!(
                priced(member, shipping(site).free_from - 1).0,
                shipping(site).cost
            );
        }
    }

    #[test]
    fn coffee_ships_free_from_175_tl_in_tr() {
        let coffee = |coffee| {
            vec![Offer {
                list: ItemList::Articles,
                item: CartItem::Article(article("1", 17_500, Availability::InStock)),
                stock: None,
                coffee,
            }]
        };
        let on_tr = |offers| Shop {
            site: Site::Tr,
            offers,
            card_member: false,
        };
        let (with_coffee, without) = (coffee(true), coffee(false));
        assert_eq!(shipping(Site::Tr).coffee_free_from, Some(17_500));
        assert_eq!(priced(on_tr(&with_coffee), 17_500).0, 0, "coffee of 175 TL");
        assert_eq!(
            priced(on_tr(&with_coffee), 17_499).0,
            4_990,
            "coffee below 175 TL"
        );
        assert_eq!(
            priced(on_tr(&without), 17_500).0,
            4_990,
            "anything else of 175 TL"
        );
        // On DE coffee counts as any other article.
        let on_de_coffee = Shop {
            site: Site::De,
            offers: &with_coffee,
            card_member: false,
        };
        assert_eq!(priced(on_de_coffee, 1_999).0, 495);
    }

    #[test]
    fn ten_pieces_of_an_article_are_taken() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let ten = apply_change(&Cart::default(), catalogue, &set_article("100", ITEM_LIMIT));
        assert_eq!(ten.map(|cart| cart.number_of_articles), Ok(ITEM_LIMIT));
    }

    #[test]
    fn the_answered_cart_states_its_shipping_and_no_cash_on_delivery_fee() {
        let offers = offers();
        let cart = apply_change(&Cart::default(), on_de(&offers), &set_article("100", 1))
            .unwrap_or_default();
        assert_eq!(cart.shipping_cost, Some(shipping(Site::De).cost));
        assert_eq!(cart.payment_on_delivery_cost, Some(0));
    }

    #[test]
    fn an_addition_of_another_variant_starts_from_its_own_pieces() {
        let mut offers = offers();
        offers.push(Offer {
            list: ItemList::Articles,
            item: CartItem::Article(Article {
                tcm: Some("tcm-100-red".into()),
                ..article("100", 1299, Availability::InStock)
            }),
            stock: None,
            coffee: false,
        });
        let catalogue = on_de(&offers);
        let two =
            apply_change(&Cart::default(), catalogue, &set_article("100", 2)).unwrap_or_default();
        let red = CartModification::SetArticle {
            product_id: "100".into(),
            tcm: Some("tcm-100-red".into()),
            quantity: 1,
        };
        let both = apply_addition(&two, catalogue, &red).unwrap_or_default();
        let pieces: Vec<(Option<&str>, u32)> = both
            .articles
            .iter()
            .map(|a| (a.tcm.as_deref(), a.quantity.quantity))
            .collect();
        assert_eq!(pieces, [(Some("tcm-100"), 2), (Some("tcm-100-red"), 1)]);
        assert_eq!(both.number_of_articles, 3);
    }

    #[test]
    fn a_new_quantity_keeps_the_article_in_its_place() {
        let offers = offers();
        let catalogue = on_de(&offers);
        let first =
            apply_change(&Cart::default(), catalogue, &set_article("100", 1)).unwrap_or_default();
        let both = apply_change(&first, catalogue, &set_article("200", 1)).unwrap_or_default();
        let more = apply_change(&both, catalogue, &set_article("100", 3)).unwrap_or_default();
        let order: Vec<(&str, u32)> = more
            .articles
            .iter()
            .map(|a| (a.product_id.as_str(), a.quantity.quantity))
            .collect();
        assert_eq!(order, [("100", 3), ("200", 1)]);
    }

    #[test]
    fn a_free_article_comes_back_only_from_its_own_campaign() {
        let gift = |campaign: &str| Article {
            campaign_id: Some(campaign.into()),
            uuid: Some(["u-", campaign].concat()),
            ..article("gift", 0, Availability::InStock)
        };
        let offers = vec![Offer {
            list: ItemList::FreeArticles,
            item: CartItem::FreeArticle(gift("spring")),
            stock: None,
            coffee: false,
        }];
        let catalogue = on_de(&offers);
        let restore = |campaign: &str| CartModification::SetFreeArticle {
            product_id: "gift".into(),
            campaign_id: campaign.into(),
            remove: false,
        };
        let back =
            apply_change(&Cart::default(), catalogue, &restore("spring")).unwrap_or_default();
        assert_eq!(back.free_articles, vec![gift("spring")]);
        assert_eq!(
            apply_change(&Cart::default(), catalogue, &restore("autumn")).err(),
            Some(refused(CartErrorCode::UnknownItem, None))
        );
    }

    #[test]
    fn only_the_coffee_offers_own_lines_count_as_coffee() {
        // A gift card under the coffee's product id and tcm is no coffee: TR ships it free
        // only from the general threshold.
        let beans = article("beans", 17_500, Availability::InStock);
        let offers = vec![Offer {
            list: ItemList::Articles,
            item: CartItem::Article(beans.clone()),
            stock: None,
            coffee: true,
        }];
        let on_tr = Shop {
            site: Site::Tr,
            offers: &offers,
            card_member: false,
        };
        let mut coffee = Cart {
            articles: vec![beans.clone()],
            ..Cart::default()
        };
        recalculate(&mut coffee, on_tr);
        assert_eq!(coffee.shipping_cost, Some(0));
        let mut gift_card = Cart {
            gift_cards: vec![GiftCard { article: beans }],
            ..Cart::default()
        };
        recalculate(&mut gift_card, on_tr);
        assert_eq!(gift_card.shipping_cost, Some(shipping(Site::Tr).cost));
    }

    proptest::proptest! {
        /// Any sequence of changes keeps the cart within its limits and its sums true; a
        /// refused change leaves it as it was.
        #[test]
        fn changes_keep_the_cart_consistent(
            changes in proptest::collection::vec((0usize..5, 0u32..13), 0..30)
        ) {
            let offers = offers();
        let catalogue = on_de(&offers);
            let mut cart = Cart::default();
            for (offer, quantity) in changes {
                let change = match offer {
                    0 => set_article("100", quantity),
                    1 => set_article("200", quantity),
                    2 => set_article("300", quantity),
                    3 => CartModification::SetPartnerProduct {
                        partner_product_id: "plan".into(),
                        set: quantity % 2 == 0,
                    },
                    _ => CartModification::DeleteSubscription { subscription_id: "abo".into() },
                };
                match apply_change(&cart, catalogue, &change) {
                    Ok(next) => cart = next,
                    Err(error) => proptest::prop_assert!(error.code != CartErrorCode::Unknown),
                }
                let pieces: u32 = cart_lines(&cart).iter().map(|line| line.item.pieces()).sum();
                proptest::prop_assert_eq!(cart.number_of_articles, pieces);
                proptest::prop_assert!(cart.articles.iter().all(|a| a.quantity.quantity <= ITEM_LIMIT));
                proptest::prop_assert!(cart.number_of_articles <= CART_LIMIT);
            }
        }
    }
}
