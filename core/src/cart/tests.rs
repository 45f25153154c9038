use super::*;
use crate::price::{ArticlePrice, SummaryLabel};
use proptest::prelude::*;

fn article(id: &str, tcm: Option<&str>, quantity: u32, availability: Availability) -> Article {
    Article {
        product_id: id.into(),
        tcm: tcm.map(Into::into),
        title: format!("Article {id}"),
        quantity: Quantity { quantity },
        image_url: format!("/img/{id}.jpg"),
        product_url: format!("/p/{id}"),
        availability,
        price: ArticlePrice {
            calculated_price: 1299,
            ..ArticlePrice::default()
        },
        ..Article::default()
    }
}

fn partner(id: &str) -> PartnerProduct {
    PartnerProduct {
        partner_product_id: id.into(),
        title: "Mobile plan".into(),
        total_quantity: 1,
        total_price: 999,
        form_url: "/mobile/form".into(),
        ..PartnerProduct::default()
    }
}

fn subscription(id: &str) -> Subscription {
    Subscription {
        subscription_configuration_id: id.into(),
        recurring_articles: vec![SubscriptionArticle {
            quantity: 2,
            title: "Beans".into(),
            price: 1500,
            ..SubscriptionArticle::default()
        }],
        ..Subscription::default()
    }
}

fn everything() -> Cart {
    Cart {
        number_of_articles: 12,
        articles: vec![
            article("1", Some("t1"), 2, Availability::InStock),
            article("2", Some("t2"), 1, Availability::Shortage),
        ],
        free_articles: vec![FreeArticle {
            campaign_id: Some("c1".into()),
            uuid: Some("u1".into()),
            ..article("3", None, 1, Availability::Available)
        }],
        gift_cards: vec![GiftCard {
            article: article("4", Some("t4"), 1, Availability::Available),
        }],
        partner_products: vec![partner("p1")],
        subscriptions: vec![subscription("s1")],
        defective_articles: vec![article("5", None, 1, Availability::NotAvailable)],
        defective_gift_cards: vec![GiftCard {
            article: article("6", Some("t6"), 1, Availability::Available),
        }],
        defective_partner_products: vec![partner("p2")],
        defective_subscriptions: vec![subscription("s2")],
        total_sum: 10_000,
        ..Cart::default()
    }
}

fn simple() -> Cart {
    Cart {
        number_of_articles: 3,
        articles: vec![
            article("1", Some("t1"), 2, Availability::InStock),
            article("2", Some("t2"), 1, Availability::InStock),
        ],
        total_sum: 3897,
        ..Cart::default()
    }
}

const KEY_1: &str = "articles:1:t1";
const KEY_2: &str = "articles:2:t2";

#[test]
fn parses_every_item_kind_from_the_service_shape() {
    let body = r#"{
        "numberOfArticles": 3,
        "articles": [{"productId":"1","tcm":"t1","title":"Espresso","quantity":{"quantity":2},
            "availability":"SHORTAGE","dimensions":[{"name":"Size","value":"M","type":"TEXT"}],
            "price":{"calculatedPrice":1299,"calculatedOriginalPrice":1599,"isPricePromotional":false,
            "bestPriceAmount":1199,"bestPriceDifferencePercentage":8,"basePrice":{"label":"1 kg","price":2598}}}],
        "freeArticles": [{"productId":"3","campaignId":"c","uuid":"u","quantity":{"quantity":1}}],
        "giftCards": [{"article":{"productId":"4","tcm":"t4"}}],
        "partnerProducts": [{"partnerProductId":"p","totalPrice":999,"formUrl":"/f"}],
        "subscriptions": [{"subscriptionConfigurationId":"s","recurringArticles":[{"title":"B","price":1}]}],
        "defectiveArticles": [{"productId":"5","availability":"SOMETHING_NEW"}],
        "defectiveGiftCards": [], "defectivePartnerProducts": [], "defectiveSubscriptions": [],
        "totalSum": 2598,
        "priceSummary": {"cartFinalSum":2598,"shippingCosts":0,"redeemedWsacDiscounts":[{"wsac":"W","discount":100}]},
        "loyaltyBeanData": {"redeemedAmount":10,"redeemedValue":100},
        "redeemedWsacs": ["W"], "giftCardRedemptions": [{"cardNumber":"123","redeemedAmount":500}]
    }"#;
    let answer = parse_cart_answer(200, body).unwrap();
    let cart = answer.cart;
    assert_eq!(cart.articles[0].quantity.quantity, 2);
    assert_eq!(cart.articles[0].dimensions[0].kind, DimensionType::Text);
    assert_eq!(cart.free_articles[0].campaign_id.as_deref(), Some("c"));
    assert_eq!(cart.free_articles[0].product_id, "3");
    assert_eq!(cart.gift_cards[0].article.tcm.as_deref(), Some("t4"));
    assert_eq!(cart.partner_products[0].total_price, 999);
    assert_eq!(cart.subscriptions[0].recurring_articles[0].title, "B");
    assert_eq!(
        cart.defective_articles[0].availability,
        Availability::Unknown
    );
    assert_eq!(
        parse_cart_answer(200, r#"{"articles":[{"dimensions":[{"type":"VIDEO"}]}]}"#)
            .unwrap()
            .cart
            .articles[0]
            .dimensions[0]
            .kind,
        DimensionType::Other
    );
    assert_eq!(cart.gift_card_redemptions[0].redeemed_amount, 500);
    assert_eq!(
        cart.price_summary.unwrap().redeemed_wsac_discounts[0].wsac,
        "W"
    );

    let wrapped = parse_cart_answer(
        200,
        r#"{"cart":{"numberOfArticles":1},"addedProduct":{"productId":"9"}}"#,
    )
    .unwrap();
    assert_eq!(wrapped.cart.number_of_articles, 1);
    assert_eq!(wrapped.added_product.unwrap().product_id, "9");
}

#[test]
fn a_subscriptions_tracking_information_is_read_and_shown_on_its_line() {
    let body = r#"{"subscriptions":[{"subscriptionConfigurationId":"abo-1","subscriptionType":"MACHINE",
        "recurringIntervalDuration":{"intervalDuration":2,"intervalUnit":"MONTH"},
        "giftSubscriptionInformation":{"numberOfDeliveries":6},
        "recurringArticlesPrice":{"calculatedPrice":2999},
        "recurringArticles":[{"title":"Espresso","price":1499}]},
        {"subscriptionConfigurationId":"abo-2","subscriptionType":"TEA",
        "recurringIntervalDuration":{"intervalDuration":3,"intervalUnit":"FORTNIGHT"}}]}"#;
    let cart = parse_cart_answer(200, body).unwrap().cart;
    let expected = machine_subscription_tracking();
    assert_eq!(cart.subscriptions[0].tracking(), expected);
    // Types and units the shop does not know read as OTHER; nothing breaks.
    let odd = cart.subscriptions[1].tracking();
    assert_eq!(odd.subscription_type, Some(SubscriptionType::Other));
    assert_eq!(
        odd.recurring_interval_duration.map(|d| d.interval_unit),
        Some(IntervalUnit::Other)
    );
    assert_eq!(odd.recurring_articles_price, None);
    // The mini cart's line carries it; other lines carry none.
    let state = loaded(Cart {
        articles: simple().articles,
        ..cart
    });
    let view = mini_cart_view(&state, Site::De, 0.0);
    let tracked: Vec<_> = view
        .lines
        .iter()
        .map(|line| {
            line.subscription_tracking
                .as_ref()
                .map(|t| t.subscription_configuration_id.as_str())
        })
        .collect();
    assert!(tracked.contains(&Some("abo-1")) && tracked.contains(&Some("abo-2")));
    assert_eq!(
        tracked.iter().filter(|t| t.is_none()).count(),
        simple().articles.len()
    );
}

#[test]
fn a_cart_with_any_one_of_its_fields_reads_the_rest_as_empty() {
    // Each field alone, with its empty value (null for the optional ones).
    let empty = crate::json::parse(&crate::json::to_string(&Cart::default())).unwrap();
    for field in Cart::JSON_FIELDS {
        let value = empty
            .get(field)
            .map_or_else(|| "null".to_owned(), crate::json::to_string);
        let body = ["{\"", field, "\":", &value, "}"].concat();
        let answer = parse_cart_answer(200, &body);
        assert_eq!(
            answer.map(|answer| answer.cart),
            Ok(Cart::default()),
            "{body}"
        );
    }
    // The seventeen fields of the spec's cart (header spec section 3).
    assert_eq!(Cart::JSON_FIELDS.len(), 17);
    assert_eq!(
        parse_cart_answer(200, r#"{"numberOfArticles":0,"unknownLater":1}"#).map(|a| a.cart),
        Ok(Cart::default())
    );
}

#[test]
fn unreadable_answers_are_errors() {
    let unknown = CartError {
        code: CartErrorCode::Unknown,
        limit: None,
    };
    assert_eq!(parse_cart_answer(200, "<html>"), Err(unknown));
    assert_eq!(parse_cart_answer(200, "[]"), Err(unknown));
    assert_eq!(parse_cart_answer(200, r#"{"articles": 5}"#), Err(unknown));
    // An object that shares no field with a cart is not an empty cart.
    assert_eq!(parse_cart_answer(200, "{}"), Err(unknown));
    assert_eq!(
        parse_cart_answer(200, r#"{"status":"maintenance","items":[]}"#),
        Err(unknown)
    );
    assert_eq!(parse_cart_answer(200, r#"{"cart":null}"#), Err(unknown));
    assert_eq!(parse_cart_answer(0, ""), Err(unknown));
    // A body over the cap is not read, whatever it holds; one at the cap is.
    let cart = r#"{"numberOfArticles":1,"articles":[{"productId":"1","quantity":{"quantity":1}}]}"#;
    let padded = |bytes: usize| [cart, &" ".repeat(bytes - cart.len())].concat();
    assert!(parse_cart_answer(200, &padded(CART_ANSWER_MAX_BYTES)).is_ok());
    assert_eq!(
        parse_cart_answer(200, &padded(CART_ANSWER_MAX_BYTES + 1)),
        Err(unknown)
    );
    let limit = r#"{"error":"ITEM_LIMIT","limit":5}"#;
    let padded_error = |bytes: usize| [limit, &" ".repeat(bytes - limit.len())].concat();
    assert_eq!(
        parse_cart_answer(409, &padded_error(CART_ANSWER_MAX_BYTES)).map(|_| ()),
        Err(CartError {
            code: CartErrorCode::ItemLimit,
            limit: Some(5)
        })
    );
    assert_eq!(
        parse_cart_error(&padded_error(CART_ANSWER_MAX_BYTES + 1)),
        unknown
    );
    assert_eq!(
        parse_cart_answer(409, r#"{"error":"ITEM_LIMIT","limit":5}"#),
        Err(CartError {
            code: CartErrorCode::ItemLimit,
            limit: Some(5)
        })
    );
    assert_eq!(
        parse_cart_error(r#"{"error":"NEW_CODE"}"#).code,
        CartErrorCode::Other
    );
    assert_eq!(
        change_error_message(parse_cart_error(r#"{"error":"NEW_CODE"}"#)).key,
        CartMessageKey::ChangeError
    );
}

#[test]
fn non_empty_rule() {
    assert!(!cart_non_empty(&Cart::default()));
    assert!(cart_non_empty(&simple()));
    assert!(cart_non_empty(&Cart {
        partner_products: vec![partner("p")],
        ..Cart::default()
    }));
    assert!(cart_non_empty(&Cart {
        defective_subscriptions: vec![subscription("s")],
        ..Cart::default()
    }));
    assert!(cart_non_empty(&Cart {
        defective_gift_cards: vec![GiftCard::default()],
        ..Cart::default()
    }));
    // The spec counts only articles, partner products and defective items.
    assert!(!cart_non_empty(&Cart {
        subscriptions: vec![subscription("s")],
        ..Cart::default()
    }));
}

/// ADR 0019: a cart the spec counts as empty but which holds a line (a subscription, a gift
/// card) shows it, and cannot check out.
#[test]
fn a_cart_of_only_a_subscription_or_a_gift_card_shows_its_lines_and_cannot_check_out() {
    let gift_card = GiftCard {
        article: article("4", Some("t4"), 1, Availability::InStock),
    };
    for cart in [
        Cart {
            subscriptions: vec![subscription("s")],
            ..Cart::default()
        },
        Cart {
            gift_cards: vec![gift_card],
            ..Cart::default()
        },
    ] {
        assert!(!cart_non_empty(&cart));
        assert!(!checkout_enabled(Some(&cart)));
        let view = mini_cart_view(&loaded(cart), Site::De, 0.0);
        assert_eq!(view.status, MiniCartStatus::Filled);
        assert_eq!(view.lines.len(), 1);
        assert!(!view.checkout_enabled);
    }
}

#[test]
fn checkout_enablement() {
    assert!(!checkout_enabled(None));
    assert!(!checkout_enabled(Some(&Cart::default())));
    assert!(checkout_enabled(Some(&simple())));
    assert!(checkout_enabled(Some(&Cart {
        partner_products: vec![partner("p")],
        ..Cart::default()
    })));
    assert!(!checkout_enabled(Some(&everything())));
    for availability in [Availability::NotAvailable, Availability::Soldout] {
        let mut cart = simple();
        cart.articles[1].availability = availability;
        assert!(!checkout_enabled(Some(&cart)), "{availability:?}");
        let mut cart = simple();
        cart.free_articles.push(FreeArticle {
            campaign_id: Some("c".into()),
            ..article("f", None, 1, availability)
        });
        assert!(!checkout_enabled(Some(&cart)), "free {availability:?}");
    }
    for availability in [
        Availability::Shortage,
        Availability::InStock,
        Availability::Available,
        Availability::Unknown,
    ] {
        let mut cart = simple();
        cart.articles[0].availability = availability;
        assert!(checkout_enabled(Some(&cart)), "{availability:?}");
    }
    let defective_variants = [
        Cart {
            defective_articles: vec![Article::default()],
            ..simple()
        },
        Cart {
            defective_gift_cards: vec![GiftCard::default()],
            ..simple()
        },
        Cart {
            defective_partner_products: vec![partner("x")],
            ..simple()
        },
        Cart {
            defective_subscriptions: vec![subscription("x")],
            ..simple()
        },
    ];
    for cart in defective_variants {
        assert!(!checkout_enabled(Some(&cart)));
    }
}

#[test]
fn checkout_url_and_defective_banner() {
    assert_eq!(checkout_url(&simple()), "/checkout");
    assert_eq!(
        checkout_url(&Cart {
            subscriptions: vec![subscription("s")],
            ..simple()
        }),
        "/service/checkoutfrontend/checkout"
    );
    assert_eq!(
        checkout_url(&Cart {
            defective_subscriptions: vec![subscription("s")],
            ..simple()
        }),
        "/service/checkoutfrontend/checkout"
    );
    assert!(!defective_banner(&simple()));
    assert!(defective_banner(&Cart {
        defective_articles: vec![Article::default()],
        ..simple()
    }));
    assert!(defective_banner(&Cart {
        defective_gift_cards: vec![GiftCard::default()],
        ..simple()
    }));
    assert!(defective_banner(&Cart {
        defective_partner_products: vec![partner("x")],
        ..simple()
    }));
    assert!(!defective_banner(&Cart {
        defective_subscriptions: vec![subscription("x")],
        ..simple()
    }));
}

#[test]
fn badge() {
    let table = [
        (-1, None),
        (0, None),
        (1, Some("1")),
        (99, Some("99")),
        (100, Some("+99")),
        (i64::MAX, Some("+99")),
    ];
    for (count, text) in table {
        assert_eq!(badge_text(count).as_deref(), text, "{count}");
    }
}

#[test]
fn the_cart_links_name_says_one_article_in_the_singular() {
    let table = [
        (i64::MIN, "header.cart"),
        (0, "header.cart"),
        (1, "header.cart.withCountOne"),
        (2, "header.cart.withCount"),
        (100, "header.cart.withCount"),
    ];
    for (count, key) in table {
        assert_eq!(cart_link_text_key(count), key, "{count}");
    }
}

#[test]
fn availability_notes() {
    assert_eq!(
        availability_note(Availability::Shortage),
        Some(AvailabilityNote::FewAvailable)
    );
    assert_eq!(
        availability_note(Availability::NotAvailable),
        Some(AvailabilityNote::NotAvailableInQuantity)
    );
    for other in [
        Availability::InStock,
        Availability::Available,
        Availability::Soldout,
        Availability::Unknown,
    ] {
        assert_eq!(availability_note(other), None);
    }
}

#[test]
fn the_five_payloads_and_their_json() {
    let lines = cart_lines(&everything());
    let payload = |key: &str| {
        let line = lines.iter().find(|l| l.key == key).unwrap();
        removal_payload(line).map(|p| crate::json::to_string(&p))
    };
    assert_eq!(
        payload("articles:1:t1").as_deref(),
        Some(r#"{"setArticle":{"productId":"1","tcm":"t1","quantity":0}}"#)
    );
    assert_eq!(
        payload("freeArticles:3:c1:u1").as_deref(),
        Some(r#"{"setFreeArticle":{"productId":"3","campaignId":"c1","remove":true}}"#)
    );
    assert_eq!(
        payload("giftCards:4:t4").as_deref(),
        Some(r#"{"setGiftCard":{"productId":"4","tcm":"t4","set":false}}"#)
    );
    assert_eq!(
        payload("partnerProducts:p1").as_deref(),
        Some(r#"{"setPartnerProduct":{"partnerProductId":"p1","set":false}}"#)
    );
    assert_eq!(
        payload("subscriptions:s1").as_deref(),
        Some(r#"{"deleteSubscription":{"subscriptionId":"s1"}}"#)
    );
    assert_eq!(
        payload("defectiveGiftCards:6:t6").as_deref(),
        Some(r#"{"setGiftCard":{"productId":"6","tcm":"t6","set":false}}"#)
    );
    assert_eq!(
        payload("defectivePartnerProducts:p2").as_deref(),
        Some(r#"{"setPartnerProduct":{"partnerProductId":"p2","set":false}}"#)
    );
    assert_eq!(
        payload("defectiveSubscriptions:s2").as_deref(),
        Some(r#"{"deleteSubscription":{"subscriptionId":"s2"}}"#)
    );
    // A defective article without tcm cannot be deleted.
    assert_eq!(payload("defectiveArticles:5:"), None);
    let parsed: CartModification =
        crate::json::from_str(r#"{"setArticle":{"productId":"1","quantity":0}}"#).unwrap();
    assert!(is_removal(&parsed));
}

#[test]
fn delete_disabled_only_for_defective_lines_without_tcm() {
    for line in cart_lines(&everything()) {
        let expected = line.key == "defectiveArticles:5:";
        assert_eq!(delete_disabled(&line), expected, "{}", line.key);
    }
    let cart = Cart {
        defective_gift_cards: vec![GiftCard {
            article: article("g", Some(""), 1, Availability::Available),
        }],
        ..Cart::default()
    };
    assert!(delete_disabled(&cart_lines(&cart)[0]));
}

#[test]
fn restore_payloads_undo_each_kind() {
    for line in cart_lines(&everything()) {
        let restore = restore_payload(&line);
        assert!(!is_removal(&restore), "{}", line.key);
    }
    let line = &cart_lines(&simple())[0];
    assert_eq!(
        restore_payload(line),
        CartModification::SetArticle {
            product_id: "1".into(),
            tcm: Some("t1".into()),
            quantity: 2
        }
    );
}

#[test]
fn apply_removal_is_the_services_rule_too() {
    let cart = everything();
    for line in cart_lines(&cart) {
        let Some(payload) = removal_payload(&line) else {
            continue;
        };
        let next = apply_removal(&cart, &payload).unwrap();
        assert_eq!(
            cart_lines(&next).len(),
            cart_lines(&cart).len() - 1,
            "{}",
            line.key
        );
        assert!(!cart_lines(&next).iter().any(|l| l.key == line.key));
    }
    let unknown = CartModification::SetArticle {
        product_id: "nope".into(),
        tcm: None,
        quantity: 0,
    };
    assert_eq!(
        apply_removal(&cart, &unknown).unwrap_err().code,
        CartErrorCode::UnknownItem
    );
    let not_removal = CartModification::SetArticle {
        product_id: "1".into(),
        tcm: Some("t1".into()),
        quantity: 3,
    };
    assert!(apply_removal(&cart, &not_removal).is_err());
}

#[test]
fn error_messages_with_limit() {
    for code in [
        CartErrorCode::Unknown,
        CartErrorCode::CartstorageUnavailable,
        CartErrorCode::ProductdataUnavailable,
        CartErrorCode::PriceUnavailable,
        CartErrorCode::NotModified,
    ] {
        assert_eq!(load_error_message(code).key, CartMessageKey::LoadError);
        assert_eq!(
            change_error_message(CartError { code, limit: None }).key,
            CartMessageKey::ChangeError
        );
    }
    let limited = |code, limit| change_error_message(CartError { code, limit });
    assert_eq!(
        limited(CartErrorCode::CartLimit, Some(30)),
        CartMessage {
            key: CartMessageKey::CartLimit,
            limit: Some(30)
        }
    );
    assert_eq!(
        limited(CartErrorCode::ItemLimit, Some(5)),
        CartMessage {
            key: CartMessageKey::ItemLimit,
            limit: Some(5)
        }
    );
    assert_eq!(
        limited(CartErrorCode::AvailabilityLimit, Some(2)),
        CartMessage {
            key: CartMessageKey::AvailabilityLimit,
            limit: Some(2)
        }
    );
    assert_eq!(
        limited(CartErrorCode::CartLimit, None).key,
        CartMessageKey::ChangeError
    );
    // None left: "no longer available", not "only 0 pieces are still available".
    assert_eq!(
        limited(CartErrorCode::AvailabilityLimit, Some(0)),
        CartMessage {
            key: CartMessageKey::SoldOut,
            limit: None
        }
    );
    assert_eq!(
        crate::json::to_string(&CartMessageKey::SoldOut),
        r#""cart.soldOut""#
    );
    assert_eq!(
        crate::json::to_string(&CartMessageKey::ItemLimit),
        r#""cart.itemLimit""#
    );
}

#[test]
fn external_add_to_cart() {
    match add_to_cart_outcome(
        200,
        r#"{"cart":{"numberOfArticles":4},"addedProduct":{"productId":"7"}}"#,
    ) {
        AddToCartOutcome::Added {
            cart,
            added_product,
        } => {
            assert_eq!(cart.number_of_articles, 4);
            assert_eq!(added_product.unwrap().product_id, "7");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        add_to_cart_outcome(304, ""),
        AddToCartOutcome::NothingToShow
    );
    assert_eq!(
        add_to_cart_outcome(400, r#"{"error":"CART_LIMIT","limit":30}"#),
        AddToCartOutcome::Failed {
            error: CartError {
                code: CartErrorCode::CartLimit,
                limit: Some(30)
            },
            message: CartMessage {
                key: CartMessageKey::CartLimit,
                limit: Some(30)
            },
        }
    );
    assert!(matches!(
        add_to_cart_outcome(200, "garbage"),
        AddToCartOutcome::Failed { .. }
    ));
    assert!(matches!(
        add_to_cart_outcome(500, ""),
        AddToCartOutcome::Failed { .. }
    ));
}

fn loaded(cart: Cart) -> MiniCartState {
    let load = begin_load(MiniCartState::default());
    load_succeeded(load.state, cart, load.request)
}

/// Two removals whose answers come back in another order than asked for: the service did the
/// second one first, so the first one's answer (the newest cart) is dropped as older than the
/// shown one, whose total still counts the first line. The cart is asked for; its answer shows.
#[test]
fn answers_in_another_order_than_asked_for_make_the_cart_be_asked_for() {
    let first = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let second = begin_removal(first.state, KEY_2, 10.0).unwrap();
    // The service removed line 2 first: its answer still has line 1.
    let mut without_2 = simple();
    without_2
        .articles
        .retain(|article| article.product_id != "2");
    let mut neither = without_2.clone();
    neither.articles.clear();
    neither.total_sum = 0;
    let shown = removal_succeeded(second.state, KEY_2, without_2.clone(), second.request);
    assert!(!reloads_after_change_answer(
        shown.shown_request,
        second.request
    ));
    let late = removal_succeeded(shown, KEY_1, neither.clone(), first.request);
    assert_eq!(
        late.cart.as_ref().map(|cart| cart.total_sum),
        Some(without_2.total_sum)
    );
    assert!(reloads_after_change_answer(
        late.shown_request,
        first.request
    ));
    let reload = begin_load(late);
    let reloaded = load_succeeded(reload.state, neither.clone(), reload.request);
    assert_eq!(reloaded.cart, Some(neither));
}

/// A change the service refused because it does not know the item: the cart is loaded again,
/// and its error stays for its 7.5 s over the reloaded cart.
#[test]
fn an_unknown_item_reloads_the_cart_and_its_error_outlives_the_reload() {
    let unknown = CartError {
        code: CartErrorCode::UnknownItem,
        limit: None,
    };
    assert!(reloads_after_failed_change(unknown));
    for code in [
        CartErrorCode::Unknown,
        CartErrorCode::ItemLimit,
        CartErrorCode::CartstorageUnavailable,
    ] {
        assert!(!reloads_after_failed_change(CartError {
            code,
            limit: None
        }));
    }
    // The cart asked for after such a change says whether it was made: a removal's line is
    // gone, an undo's line is back.
    let removal = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let mut without_1 = simple();
    without_1.articles.remove(0);
    assert!(change_made(&removal.state, KEY_1, &without_1));
    assert!(!change_made(&removal.state, KEY_1, &simple()));
    assert!(!change_made(&removal.state, KEY_2, &without_1));
    let removed = removal_succeeded(removal.state, KEY_1, without_1.clone(), removal.request);
    assert!(!change_made(&removed, KEY_1, &without_1));
    let undo = begin_undo(removed, KEY_1, 100.0).unwrap();
    assert!(change_made(&undo.state, KEY_1, &simple()));
    assert!(!change_made(&undo.state, KEY_1, &without_1));
    // No answer, a gateway's, or an unreadable 2xx: the service may have made the change.
    for status in [0, 200, 204, 299, 502, 504] {
        assert!(change_outcome_unknown(status), "{status}");
    }
    // The service's own refusals changed nothing.
    for status in [304, 400, 404, 409, 422, 500, 501, 503, 505] {
        assert!(!change_outcome_unknown(status), "{status}");
    }
    let mut elsewhere = simple();
    elsewhere.articles.remove(0);

    // A removal the service does not know: the line was removed elsewhere already. What the
    // shopper asked for holds: the line stays out, with no error and no undo.
    let removal = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let rolled = rollback_removal(removal.state, KEY_1, unknown, 100.0);
    assert!(rolled.change_error.is_none());
    assert!(rolled.deleted.is_empty());
    let reload = begin_load(rolled);
    let reloaded = load_succeeded(reload.state, elsewhere.clone(), reload.request);
    let view = mini_cart_view(&reloaded, Site::De, 200.0);
    assert_eq!(view.lines.len(), 1);
    assert!(view.change_error.is_none());

    // An undo the service does not know: the line cannot come back; the error says so and
    // outlives the reload, for its 7.5 s.
    let removal = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let removed = removal_succeeded(removal.state, KEY_1, elsewhere.clone(), removal.request);
    let undo = begin_undo(removed, KEY_1, 1_000.0).unwrap();
    let failed = undo_failed(undo.state, KEY_1, unknown, 1_100.0);
    let reload = begin_load(failed);
    let reloaded = load_succeeded(reload.state, elsewhere, reload.request);
    assert!(
        mini_cart_view(&reloaded, Site::De, 1_200.0)
            .change_error
            .is_some()
    );
    assert!(expire(reloaded, 8_700.0).change_error.is_none());
}

#[test]
fn load_states() {
    let loading = MiniCartState::default();
    assert_eq!(
        mini_cart_view(&loading, Site::De, 0.0).status,
        MiniCartStatus::Loading
    );
    let failed = load_failed(
        loading.clone(),
        CartError {
            code: CartErrorCode::PriceUnavailable,
            limit: None,
        },
        1,
    );
    let view = mini_cart_view(&failed, Site::De, 0.0);
    assert_eq!(view.status, MiniCartStatus::LoadError);
    assert_eq!(view.load_error.unwrap().key, CartMessageKey::LoadError);
    assert_eq!(
        mini_cart_view(&loaded(Cart::default()), Site::De, 0.0).status,
        MiniCartStatus::Empty
    );
    let filled = load_succeeded(failed.clone(), simple(), 2);
    let view = mini_cart_view(&filled, Site::De, 0.0);
    assert_eq!(view.status, MiniCartStatus::Filled);
    assert!(view.load_error.is_none());
    assert_eq!(view.total_sum, "38,97");
    assert_eq!(view.lines.len(), 2);
    assert!(view.checkout_enabled);
    assert_eq!(view.badge.as_deref(), Some("3"));
    // A failed reload clears the cart.
    let reload_failed = load_failed(filled.clone(), CartError::default(), 3);
    assert!(reload_failed.cart.is_none());
}

#[test]
fn optimistic_delete_then_success_then_expiry() {
    let state = loaded(simple());
    let started = begin_removal(state.clone(), KEY_1, 1_000.0).unwrap();
    assert_eq!(
        started.payload,
        CartModification::SetArticle {
            product_id: "1".into(),
            tcm: Some("t1".into()),
            quantity: 0
        }
    );
    // The line left the cart at once but shows struck through, busy.
    assert_eq!(started.state.cart.as_ref().unwrap().articles.len(), 1);
    assert_eq!(item_count(&started.state), 1);
    let view = mini_cart_view(&started.state, Site::De, 1_000.0);
    assert_eq!(view.lines.len(), 2);
    assert_eq!(view.lines[0].key, KEY_1);
    assert!(view.lines[0].deleted && view.lines[0].busy && !view.lines[0].undo_available);

    // A second click on the same line sends nothing.
    assert_eq!(
        begin_removal(started.state.clone(), KEY_1, 1_050.0).unwrap_err(),
        ChangeRefused::Busy
    );

    let mut server = simple();
    server.articles.remove(0);
    server.number_of_articles = 1;
    let done = removal_succeeded(started.state.clone(), KEY_1, server, started.request);
    let view = mini_cart_view(&done, Site::De, 5_000.0);
    assert!(view.lines[0].deleted && view.lines[0].undo_available && !view.lines[0].busy);
    assert_eq!(next_expiry(&done, 5_000.0), Some(6_000.0));

    // Still there at 10.999 s, gone at 11 s.
    assert_eq!(expire(done.clone(), 10_999.0).deleted.len(), 1);
    let expired = expire(done.clone(), 11_000.0);
    assert!(expired.deleted.is_empty());
    assert_eq!(mini_cart_view(&expired, Site::De, 11_000.0).lines.len(), 1);
    assert_eq!(next_expiry(&expired, 11_000.0), None);
}

#[test]
fn undo_within_the_window() {
    let state = loaded(simple());
    let started = begin_removal(state.clone(), KEY_1, 0.0).unwrap();
    let mut server = simple();
    server.articles.remove(0);
    let done = removal_succeeded(started.state.clone(), KEY_1, server, started.request);

    assert_eq!(
        begin_undo(done.clone(), KEY_1, 10_000.0).unwrap_err(),
        ChangeRefused::WindowOver
    );
    let undo = begin_undo(done.clone(), KEY_1, 9_999.0).unwrap();
    assert_eq!(
        undo.payload,
        CartModification::SetArticle {
            product_id: "1".into(),
            tcm: Some("t1".into()),
            quantity: 2
        }
    );
    let view = mini_cart_view(&undo.state, Site::De, 9_999.0);
    assert_eq!(view.lines.len(), 2);
    assert_eq!(view.lines[0].key, KEY_1);
    assert!(!view.lines[0].deleted && view.lines[0].busy);
    assert_eq!(
        begin_removal(undo.state.clone(), KEY_1, 9_999.0).unwrap_err(),
        ChangeRefused::Busy
    );

    let restored = undo_succeeded(undo.state.clone(), KEY_1, simple(), undo.request);
    assert!(restored.deleted.is_empty());
    assert_eq!(mini_cart_view(&restored, Site::De, 10_000.0).lines.len(), 2);
    // Deleting again works.
    assert!(begin_removal(restored.clone(), KEY_1, 10_001.0).is_ok());
}

/// A service that adds a restored line back at its list's end: the line stays where it came
/// back, through the undo's answer and every answer after it, so no line moves under the
/// shopper's finger. A line new to the mini cart (added elsewhere) follows the known ones.
#[test]
fn lines_keep_their_place_on_screen_whatever_order_the_service_answers_in() {
    let three = |ids: &[&str]| Cart {
        articles: ids
            .iter()
            .map(|id| article(id, Some("t"), 1, Availability::InStock))
            .collect(),
        number_of_articles: 7,
        ..Cart::default()
    };
    let order = |state: &MiniCartState| -> Vec<String> {
        mini_cart_view(state, Site::De, 0.0)
            .lines
            .iter()
            .filter(|line| !line.deleted)
            .map(|line| line.key.clone())
            .collect()
    };
    let key = |id: &str| format!("articles:{id}:t");
    let removal = begin_removal(loaded(three(&["1", "2", "3"])), &key("2"), 0.0).unwrap();
    let removed = removal_succeeded(
        removal.state,
        &key("2"),
        three(&["1", "3"]),
        removal.request,
    );
    let undo = begin_undo(removed, &key("2"), 100.0).unwrap();
    let restored = undo_succeeded(undo.state, &key("2"), three(&["1", "3", "2"]), undo.request);
    assert_eq!(order(&restored), [key("1"), key("2"), key("3")]);
    // The answer's own count stays as the service gave it.
    assert_eq!(
        restored.cart.as_ref().map(|cart| cart.number_of_articles),
        Some(7)
    );
    // The next change's answer has the service's order again: the lines stay.
    let removal = begin_removal(restored, &key("1"), 200.0).unwrap();
    let removed = removal_succeeded(
        removal.state,
        &key("1"),
        three(&["3", "2"]),
        removal.request,
    );
    assert_eq!(order(&removed), [key("2"), key("3")]);
    // A load with a line added elsewhere: the known lines keep their order, the new one follows.
    let load = begin_load(removed);
    let loaded_again = load_succeeded(load.state, three(&["4", "3", "2"]), load.request);
    assert_eq!(order(&loaded_again), [key("2"), key("3"), key("4")]);
}

#[test]
fn a_line_being_brought_back_stays_when_a_load_without_it_answers_meanwhile() {
    // Removed, confirmed, then Undo: a reload started after the Undo answers before it, with
    // the cart of before the Undo. The line stays on screen, as it will be once Undo answers.
    let started = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let mut without = simple();
    without.articles.remove(0);
    let done = removal_succeeded(
        started.state.clone(),
        KEY_1,
        without.clone(),
        started.request,
    );
    let undo = begin_undo(done, KEY_1, 500.0).unwrap();
    let reload = begin_load(undo.state);
    let state = load_succeeded(reload.state, without, reload.request);
    let view = mini_cart_view(&state, Site::De, 600.0);
    let line = view.lines.iter().find(|line| line.key == KEY_1);
    assert!(
        line.is_some_and(|line| !line.deleted && line.busy),
        "{view:?}"
    );
    assert_eq!(view.lines.len(), 2);
}

#[test]
fn an_expiry_already_due_is_asked_for_at_once_never_in_the_past() {
    let started = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let mut server = simple();
    server.articles.remove(0);
    let done = removal_succeeded(started.state.clone(), KEY_1, server, started.request);
    // The timer was late (a background tab): the window ended 2 s ago.
    assert_eq!(next_expiry(&done, 12_000.0), Some(0.0));
}

#[test]
fn an_undone_line_keeps_its_place_when_the_service_adds_it_back_at_the_end() {
    // The first of two lines removed, then brought back: the service answers with it last.
    let started = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let mut server = simple();
    let first = server.articles.remove(0);
    let done = removal_succeeded(
        started.state.clone(),
        KEY_1,
        server.clone(),
        started.request,
    );
    let undo = begin_undo(done, KEY_1, 500.0).unwrap();
    server.articles.push(first);
    let restored = undo_succeeded(undo.state.clone(), KEY_1, server.clone(), undo.request);
    let keys = |state: &MiniCartState| -> Vec<String> {
        mini_cart_view(state, Site::De, 600.0)
            .lines
            .into_iter()
            .map(|line| line.key)
            .collect()
    };
    assert_eq!(keys(&restored), [KEY_1, KEY_2]);
    // The same lines and sums as the service's cart: only the order is the shopper's.
    let shown = restored.cart.clone().unwrap();
    assert_eq!(shown.number_of_articles, server.number_of_articles);
    assert_eq!(shown.articles.len(), 2);
    // The next load keeps it there too (a page loaded anew starts from the service's order).
    let load = begin_load(restored);
    let reloaded = load_succeeded(load.state, server, load.request);
    assert_eq!(keys(&reloaded), [KEY_1, KEY_2]);
}

#[test]
fn undo_failure_deletes_again_and_shows_the_error() {
    let started = begin_removal(loaded(simple()), KEY_2, 0.0).unwrap();
    let done = removal_succeeded(
        started.state.clone(),
        KEY_2,
        Cart {
            articles: vec![simple().articles[0].clone()],
            ..simple()
        },
        started.request,
    );
    let undo = begin_undo(done.clone(), KEY_2, 100.0).unwrap();
    let failed = undo_failed(
        undo.state.clone(),
        KEY_2,
        CartError {
            code: CartErrorCode::AvailabilityLimit,
            limit: Some(0),
        },
        200.0,
    );
    let view = mini_cart_view(&failed, Site::De, 200.0);
    let line = view.lines.iter().find(|l| l.key == KEY_2).unwrap();
    assert!(line.deleted && line.undo_available);
    assert_eq!(failed.cart.as_ref().unwrap().articles.len(), 1);
    assert_eq!(view.change_error.unwrap().key, CartMessageKey::SoldOut);
}

#[test]
fn failure_rolls_back_in_place_and_error_clears_after_7_5_s() {
    let state = loaded(simple());
    let started = begin_removal(state.clone(), KEY_1, 0.0).unwrap();
    let error = CartError {
        code: CartErrorCode::ItemLimit,
        limit: Some(5),
    };
    let rolled = rollback_removal(started.state.clone(), KEY_1, error, 300.0);
    assert_eq!(rolled.cart, state.cart);
    assert!(rolled.deleted.is_empty());
    let view = mini_cart_view(&rolled, Site::De, 300.0);
    assert_eq!(
        view.change_error,
        Some(CartMessage {
            key: CartMessageKey::ItemLimit,
            limit: Some(5)
        })
    );
    assert_eq!(view.lines[0].key, KEY_1);
    assert_eq!(next_expiry(&rolled, 300.0), Some(7_500.0));
    assert!(expire(rolled.clone(), 7_799.0).change_error.is_some());
    assert!(expire(rolled.clone(), 7_800.0).change_error.is_none());
}

#[test]
fn a_gift_cards_failed_removal_says_to_wait_a_few_minutes() {
    let gift_card = GiftCard {
        article: article("4", Some("t4"), 1, Availability::InStock),
    };
    for defective in [false, true] {
        let cart = if defective {
            Cart {
                defective_gift_cards: vec![gift_card.clone()],
                ..simple()
            }
        } else {
            Cart {
                gift_cards: vec![gift_card.clone()],
                ..simple()
            }
        };
        let key = if defective {
            "defectiveGiftCards:4:t4"
        } else {
            "giftCards:4:t4"
        };
        let started = begin_removal(loaded(cart.clone()), key, 0.0).unwrap();
        let rolled = rollback_removal(started.state, key, CartError::default(), 50.0);
        assert_eq!(rolled.cart.as_ref(), Some(&cart), "{key}");
        let view = mini_cart_view(&rolled, Site::De, 50.0);
        assert_eq!(
            view.change_error,
            Some(CartMessage {
                key: CartMessageKey::RemovalFailed,
                limit: None
            }),
            "{key}"
        );
        // A limit the service names keeps its own text.
        let started = begin_removal(loaded(cart), key, 0.0).unwrap();
        let limited = CartError {
            code: CartErrorCode::CartLimit,
            limit: Some(30),
        };
        let rolled = rollback_removal(started.state, key, limited, 50.0);
        assert_eq!(
            mini_cart_view(&rolled, Site::De, 50.0)
                .change_error
                .map(|m| m.key),
            Some(CartMessageKey::CartLimit)
        );
    }
    // An article's failed removal shows the technical text, as before.
    let started = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let rolled = rollback_removal(started.state, KEY_1, CartError::default(), 50.0);
    assert_eq!(
        mini_cart_view(&rolled, Site::De, 50.0)
            .change_error
            .map(|m| m.key),
        Some(CartMessageKey::ChangeError)
    );
    assert_eq!(
        crate::json::to_string(&CartMessageKey::RemovalFailed),
        r#""cart.removalFailed""#
    );
}

#[test]
fn rapid_clicks_on_two_lines_lose_nothing() {
    let state = loaded(simple());
    let first = begin_removal(state.clone(), KEY_1, 0.0).unwrap();
    let second = begin_removal(first.state.clone(), KEY_2, 10.0).unwrap();
    assert!(second.state.cart.as_ref().unwrap().articles.is_empty());
    // The answer to the first delete still holds line 2: it stays out while its delete runs.
    let mut after_first = simple();
    after_first.articles.remove(0);
    let state = removal_succeeded(second.state.clone(), KEY_1, after_first, first.request);
    assert!(state.cart.as_ref().unwrap().articles.is_empty());
    assert_eq!(mini_cart_view(&state, Site::De, 20.0).lines.len(), 2);
    // The second fails: only line 2 comes back, line 1 stays deleted.
    let state = rollback_removal(state.clone(), KEY_2, CartError::default(), 30.0);
    let articles = &state.cart.as_ref().unwrap().articles;
    assert_eq!(articles.len(), 1);
    assert_eq!(articles[0].product_id, "2");
    let view = mini_cart_view(&state, Site::De, 30.0);
    assert!(view.lines.iter().any(|l| l.key == KEY_1 && l.deleted));
    assert!(view.lines.iter().any(|l| l.key == KEY_2 && !l.deleted));
}

/// Two removals answered in the other order: the first one's answer, which still holds the
/// second line, comes last and must not bring that line back.
#[test]
fn a_late_answer_to_an_older_removal_does_not_bring_a_line_back() {
    let first = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let second = begin_removal(first.state.clone(), KEY_2, 10.0).unwrap();
    assert!(second.request > first.request);
    let state = removal_succeeded(second.state, KEY_2, Cart::default(), second.request);
    let mut with_line_2 = simple();
    with_line_2.articles.remove(0);
    let state = removal_succeeded(state, KEY_1, with_line_2, first.request);
    assert!(state.cart.as_ref().unwrap().articles.is_empty());
    let view = mini_cart_view(&state, Site::De, 20.0);
    assert_eq!(view.lines.len(), 2);
    assert!(
        view.lines
            .iter()
            .all(|line| line.deleted && line.undo_available)
    );
    assert_eq!(item_count(&state), 0);
}

/// A load asked for before a removal and answered after it: its cart is older than the one
/// shown, so the removed line stays removed.
#[test]
fn a_load_answered_after_a_later_removal_changes_nothing() {
    let load = begin_load(loaded(simple()));
    let removal = begin_removal(load.state, KEY_1, 0.0).unwrap();
    let mut server = simple();
    server.articles.remove(0);
    let state = removal_succeeded(removal.state, KEY_1, server, removal.request);
    assert_eq!(load_succeeded(state.clone(), simple(), load.request), state);
    assert_eq!(
        load_failed(state.clone(), CartError::default(), load.request),
        state
    );
    // A load asked for later is shown.
    let reload = begin_load(state);
    let shown = load_succeeded(reload.state, simple(), reload.request);
    assert_eq!(shown.cart.as_ref().unwrap().articles.len(), 2);
}

/// A change that succeeds after a reload failed shows its cart, and the load error goes
/// (spec section 4: on success the returned cart replaces the local one and errors clear).
#[test]
fn a_change_that_succeeds_after_a_failed_reload_clears_the_load_error() {
    let removal = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let reload = begin_load(removal.state);
    let failed = load_failed(reload.state, CartError::default(), reload.request);
    assert_eq!(
        mini_cart_view(&failed, Site::De, 1.0).status,
        MiniCartStatus::LoadError
    );
    let mut server = simple();
    server.articles.remove(0);
    let state = removal_succeeded(failed, KEY_1, server, removal.request);
    let view = mini_cart_view(&state, Site::De, 2.0);
    assert_eq!(view.status, MiniCartStatus::Filled);
    assert!(view.load_error.is_none());
    assert_eq!(state.load_error, None);
}

#[test]
fn deleting_the_last_line_keeps_the_filled_view_for_undo() {
    let cart = Cart {
        number_of_articles: 1,
        articles: vec![article("1", Some("t1"), 1, Availability::InStock)],
        ..Cart::default()
    };
    let started = begin_removal(loaded(cart), KEY_1, 0.0).unwrap();
    let done = removal_succeeded(
        started.state.clone(),
        KEY_1,
        Cart::default(),
        started.request,
    );
    let view = mini_cart_view(&done, Site::De, 1.0);
    assert_eq!(view.status, MiniCartStatus::Filled);
    assert!(!view.checkout_enabled);
    assert_eq!(view.badge, None);
    assert_eq!(
        mini_cart_view(&expire(done.clone(), 10_000.0), Site::De, 10_000.0).status,
        MiniCartStatus::Empty
    );
}

#[test]
fn refusals() {
    assert_eq!(
        begin_removal(MiniCartState::default(), KEY_1, 0.0).unwrap_err(),
        ChangeRefused::UnknownLine
    );
    let state = loaded(everything());
    assert_eq!(
        begin_removal(state.clone(), "articles:nope:", 0.0).unwrap_err(),
        ChangeRefused::UnknownLine
    );
    assert_eq!(
        begin_removal(state.clone(), "defectiveArticles:5:", 0.0).unwrap_err(),
        ChangeRefused::DeleteDisabled
    );
    assert_eq!(
        begin_undo(state.clone(), KEY_1, 0.0).unwrap_err(),
        ChangeRefused::UnknownLine
    );
}

#[test]
fn view_of_every_kind_with_hints() {
    let view = mini_cart_view(&loaded(everything()), Site::At, 0.0);
    assert!(view.defective_banner);
    assert!(!view.checkout_enabled);
    assert_eq!(view.checkout_url, "/service/checkoutfrontend/checkout");
    assert_eq!(view.badge.as_deref(), Some("12"));
    let kinds: Vec<(LineKind, bool, Option<DefectiveHint>)> = view
        .lines
        .iter()
        .map(|l| (l.kind, l.defective, l.defective_hint))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (
                LineKind::Article,
                true,
                Some(DefectiveHint::NotCurrentlyAvailable)
            ),
            (
                LineKind::GiftCard,
                true,
                Some(DefectiveHint::NotCurrentlyAvailable)
            ),
            (
                LineKind::PartnerProduct,
                true,
                Some(DefectiveHint::NoLongerAvailable)
            ),
            (
                LineKind::Subscription,
                true,
                Some(DefectiveHint::ChangeSelection)
            ),
            (LineKind::Article, false, None),
            (LineKind::Article, false, None),
            (LineKind::FreeArticle, false, None),
            (LineKind::GiftCard, false, None),
            (LineKind::PartnerProduct, false, None),
            (LineKind::Subscription, false, None),
        ]
    );
    let shortage = view
        .lines
        .iter()
        .find(|l| l.key == "articles:2:t2")
        .unwrap();
    assert_eq!(
        shortage.availability_note,
        Some(AvailabilityNote::FewAvailable)
    );
    let defective = &view.lines[0];
    assert_eq!(
        defective.availability_note,
        Some(AvailabilityNote::NotAvailableInQuantity)
    );
    assert!(defective.delete_disabled);
    let partner_line = view
        .lines
        .iter()
        .find(|l| l.key == "partnerProducts:p1")
        .unwrap();
    assert_eq!(partner_line.link_url, "/mobile/form");
    assert_eq!(
        partner_line.price_lines,
        vec![PriceLine::Current {
            amount: "9,99\u{a0}€".into(),
            promotional: false
        }]
    );
    let subscription_line = view
        .lines
        .iter()
        .find(|l| l.key == "subscriptions:s1")
        .unwrap();
    assert_eq!(
        subscription_line.subscription_articles[0].price,
        "15,00\u{a0}€"
    );
    // A subscription's removal is tracked as one; every other line's as a product's.
    assert_eq!(
        subscription_line.removal_event,
        crate::tracking::ShopEvent::SubscriptionRemoval
    );
    assert!(
        view.lines
            .iter()
            .filter(|l| l.kind != LineKind::Subscription)
            .all(|l| l.removal_event == crate::tracking::ShopEvent::ProductRemoval)
    );
    // A subscription lists its articles instead of a quantity; every other line shows its own.
    assert!(!subscription_line.quantity_shown);
    assert!(partner_line.quantity_shown);
    assert!(
        view.lines
            .iter()
            .filter(|l| l.kind != LineKind::Subscription)
            .all(|l| l.quantity_shown)
    );
    assert!(
        view.lines
            .iter()
            .find(|l| l.kind == LineKind::FreeArticle)
            .unwrap()
            .free
    );
}

#[test]
fn state_survives_json_round_trips() {
    let started = begin_removal(loaded(everything()), KEY_1, 42.0).unwrap();
    let json = crate::json::to_string(&started.state);
    let back: MiniCartState = crate::json::from_str(&json).unwrap();
    assert_eq!(back, started.state);
}

fn arbitrary_cart() -> impl Strategy<Value = Cart> {
    let article = (0u8..4, proptest::option::of(0u8..3), 0u32..5, 0usize..5).prop_map(
        |(id, tcm, quantity, availability)| {
            let availability = [
                Availability::InStock,
                Availability::Available,
                Availability::NotAvailable,
                Availability::Soldout,
                Availability::Shortage,
            ][availability];
            super::tests::article(
                &id.to_string(),
                tcm.map(|t| t.to_string()).as_deref(),
                quantity,
                availability,
            )
        },
    );
    (
        proptest::collection::vec(article.clone(), 0..4),
        proptest::collection::vec(article.clone(), 0..3),
        proptest::collection::vec(article, 0..2),
        proptest::collection::vec(0u8..3, 0..3),
        0u32..50,
    )
        .prop_map(|(articles, defective, gift, partners, count)| Cart {
            number_of_articles: count,
            articles,
            defective_articles: defective,
            gift_cards: gift
                .into_iter()
                .map(|article| GiftCard { article })
                .collect(),
            partner_products: partners
                .into_iter()
                .map(|p| partner(&p.to_string()))
                .collect(),
            ..Cart::default()
        })
}

#[derive(Clone, Debug)]
enum Step {
    Remove(usize),
    Undo(usize),
    Succeed(usize),
    Fail(usize),
    Tick(f64),
}

proptest! {
    /// An answer's lines take the order they have on screen, whatever the two hold (the same
    /// line twice included): the same order as searching the answer for each shown line in
    /// turn, which took seconds for an answer of a few thousand lines.
    #[test]
    fn an_answer_takes_the_shown_order(shown in arbitrary_cart(), answer in arbitrary_cart()) {
        let mut remaining = cart_lines(&answer);
        let mut expected = Vec::new();
        for line in cart_lines(&shown) {
            if let Some(index) = remaining.iter().position(|other| other.key == line.key) {
                expected.push(remaining.remove(index));
            }
        }
        expected.append(&mut remaining);
        let mut ordered = answer.clone();
        keep_shown_order(&shown, &mut ordered);
        for list in ItemList::ALL {
            let of_list = |lines: Vec<CartLine>| -> Vec<CartItem> {
                lines.into_iter().filter(|line| line.list == list).map(|line| line.item).collect()
            };
            prop_assert_eq!(of_list(cart_lines(&ordered)), of_list(expected.clone()));
        }
        prop_assert_eq!(ordered.number_of_articles, answer.number_of_articles);
    }

    #[test]
    fn parsing_is_total(status in any::<u16>(), body in any::<String>()) {
        let _ = parse_cart_answer(status, &body);
        let _ = add_to_cart_outcome(status, &body);
        let _ = parse_cart_error(&body);
    }

    #[test]
    fn any_sequence_of_changes_keeps_every_line_exactly_once(
        cart in arbitrary_cart(),
        steps in proptest::collection::vec(
            prop_oneof![
                (0usize..8).prop_map(Step::Remove),
                (0usize..8).prop_map(Step::Undo),
                (0usize..8).prop_map(Step::Succeed),
                (0usize..8).prop_map(Step::Fail),
                (0.0f64..20_000.0).prop_map(Step::Tick),
            ],
            0..25,
        ),
    ) {
        let keys: Vec<String> = cart_lines(&cart).into_iter().map(|l| l.key).collect();
        let server = cart.clone();
        let mut state = loaded(cart);
        let mut now = 0.0;
        // The number of each line's change in flight, given back with its answer.
        let mut in_flight = std::collections::HashMap::new();
        for step in steps {
            let key = |i: usize| keys.get(i % keys.len().max(1)).cloned().unwrap_or_default();
            let mut started = |start: Result<ChangeStart, ChangeRefused>, key: String, state: MiniCartState| match start {
                Ok(start) => {
                    in_flight.insert(key, start.request);
                    start.state
                }
                Err(_) => state,
            };
            state = match step {
                Step::Remove(i) => started(begin_removal(state.clone(), &key(i), now), key(i), state),
                Step::Undo(i) => started(begin_undo(state.clone(), &key(i), now), key(i), state),
                Step::Succeed(i) => {
                    let k = key(i);
                    let request = in_flight.get(&k).copied().unwrap_or_default();
                    match state.deleted.iter().find(|d| d.line.key == k).map(|d| d.phase) {
                        Some(DeletionPhase::Removing) => removal_succeeded(state.clone(), &k, server.clone(), request),
                        Some(DeletionPhase::Restoring) => undo_succeeded(state.clone(), &k, server.clone(), request),
                        _ => state,
                    }
                }
                Step::Fail(i) => {
                    let k = key(i);
                    match state.deleted.iter().find(|d| d.line.key == k).map(|d| d.phase) {
                        Some(DeletionPhase::Removing) => rollback_removal(state.clone(), &k, CartError::default(), now),
                        Some(DeletionPhase::Restoring) => undo_failed(state.clone(), &k, CartError::default(), now),
                        _ => state,
                    }
                }
                Step::Tick(ms) => { now += ms; expire(state.clone(), now) }
            };
            // Every line is either in the cart or shown as deleted, never both, never lost
            // (unless its deleted window expired after the service confirmed it).
            let in_cart: Vec<String> = state.cart.as_ref().map(cart_lines).unwrap_or_default().into_iter().map(|l| l.key).collect();
            for key in &keys {
                let shown_deleted = state.deleted.iter().filter(|d| &d.line.key == key && d.phase != DeletionPhase::Restoring).count();
                let present = in_cart.iter().filter(|k| *k == key).count();
                prop_assert!(present + shown_deleted <= keys.iter().filter(|k| *k == key).count().max(1));
            }
            let _ = mini_cart_view(&state, Site::De, now);
        }
    }
}

#[test]
fn a_deleted_line_stays_where_it_was() {
    let mut three = simple();
    three
        .articles
        .push(article("3", Some("t3"), 1, Availability::InStock));
    let started = begin_removal(loaded(three), KEY_2, 0.0).unwrap();
    let keys: Vec<String> = mini_cart_view(&started.state, Site::De, 0.0)
        .lines
        .into_iter()
        .map(|line| line.key)
        .collect();
    assert_eq!(keys, [KEY_1, KEY_2, "articles:3:t3"]);
}

#[test]
fn unsafe_links_and_images_from_the_service_are_not_shown() {
    let mut hostile = article("7", Some("t7"), 1, Availability::InStock);
    hostile.product_url = "javascript:alert(1)".into();
    hostile.image_url = "//evil.example/x.png".into();
    let safe = article("8", Some("t8"), 1, Availability::InStock);
    let mut sub = subscription("9");
    sub.recurring_articles[0].product_url = "data:text/html,<script>".into();
    let cart = Cart {
        articles: vec![hostile, safe.clone()],
        subscriptions: vec![sub],
        ..Cart::default()
    };
    let view = mini_cart_view(&loaded(cart), Site::De, 0.0);
    assert_eq!(view.lines[0].link_url, "");
    assert_eq!(view.lines[0].image_url, "");
    assert_eq!(view.lines[1].link_url, safe.product_url);
    assert_eq!(view.lines[2].subscription_articles[0].product_url, "");
    assert_eq!(view.lines[2].link_url, "");
}

#[test]
fn each_kind_but_the_plain_article_is_labelled() {
    assert_eq!(line_kind_text_key(LineKind::Article), None);
    assert_eq!(line_kind_text_key(LineKind::FreeArticle), Some("cart.free"));
    assert_eq!(
        line_kind_text_key(LineKind::GiftCard),
        Some("cart.giftCard")
    );
    assert_eq!(
        line_kind_text_key(LineKind::PartnerProduct),
        Some("cart.partnerProduct")
    );
    assert_eq!(
        line_kind_text_key(LineKind::Subscription),
        Some("cart.subscription")
    );
}

#[test]
fn each_site_keeps_its_cart_under_its_own_storage_key() {
    let keys: Vec<&str> = Site::ALL
        .iter()
        .map(|site| cart_settings(*site).storage_key)
        .collect();
    assert_eq!(
        keys,
        [
            "cart",
            "cart.AT",
            "cart.CH",
            "cart.CH_FR",
            "cart.PL",
            "cart.CZ",
            "cart.HU",
            "cart.SK",
            "cart.TR"
        ]
    );
    for site in Site::ALL {
        let settings = cart_settings(site);
        assert_eq!(settings.site_header, "site");
        assert_eq!(settings.service_path, "/service/cart/api/cart");
        assert_eq!(settings.item_count_event, "cartItemCountChanged");
        assert_eq!(settings.change_error_ms, 7_500);
        assert_eq!(settings.request_timeout_ms, 15_000);
        assert_eq!(
            settings.reload_events,
            ["cartTriggerUpdate", "tpModalBeforeClosing"]
        );
    }
}

#[test]
fn a_dimension_shows_by_its_type() {
    let dimension = |kind, value: &str| Dimension {
        name: "Farbe".into(),
        value: value.into(),
        kind,
    };
    // (text, colour, picture)
    type Shown = (Option<String>, Option<String>, Option<String>);
    let shown = |d: &Dimension| -> Shown {
        let view = dimension_view(d);
        assert_eq!(view.name, "Farbe");
        (view.text, view.color, view.image_url)
    };
    let text = |value: &str| -> Shown { (Some(value.to_owned()), None, None) };
    let table: &[(DimensionType, &str, Shown)] = &[
        (DimensionType::Text, "M", text("M")),
        (DimensionType::Other, "M", text("M")),
        // TEXT never becomes a swatch or a picture, whatever it looks like.
        (DimensionType::Text, "#1d1d1b", text("#1d1d1b")),
        (
            DimensionType::Color,
            "#1d1d1b",
            (None, Some("#1d1d1b".into()), None),
        ),
        (
            DimensionType::Color,
            " #FFF ",
            (None, Some("#FFF".into()), None),
        ),
        // A colour name, or CSS that is no colour code: the words, not a swatch.
        (DimensionType::Color, "Anthrazit", text("Anthrazit")),
        (
            DimensionType::Color,
            "red;background:url(x)",
            text("red;background:url(x)"),
        ),
        (
            DimensionType::Image,
            "/img/products/mugs-pattern.svg",
            (None, None, Some("/img/products/mugs-pattern.svg".into())),
        ),
        (
            DimensionType::Image,
            "javascript:alert(1)",
            text("javascript:alert(1)"),
        ),
        (DimensionType::Image, "Streifen", text("Streifen")),
    ];
    for (kind, value, expected) in table {
        assert_eq!(
            &shown(&dimension(*kind, value)),
            expected,
            "{kind:?} {value}"
        );
    }
    // The mini cart's tile carries them in the article's order.
    let mut mugs = article("1", Some("t1"), 1, Availability::InStock);
    mugs.dimensions = vec![
        dimension(DimensionType::Color, "#1d1d1b"),
        dimension(DimensionType::Text, "M"),
    ];
    let view = mini_cart_view(
        &loaded(Cart {
            articles: vec![mugs],
            ..Cart::default()
        }),
        Site::De,
        0.0,
    );
    let dimensions = &view.lines[0].dimensions;
    assert_eq!(dimensions.len(), 2);
    assert_eq!(dimensions[0].color.as_deref(), Some("#1d1d1b"));
    assert_eq!(dimensions[1].text.as_deref(), Some("M"));
}

proptest! {
    /// Whatever a dimension holds, exactly one way of showing it is chosen, and a swatch or a
    /// picture only ever gets what the core's colour and address rules let through.
    #[test]
    fn a_dimension_always_shows_one_way(value in any::<String>(), kind in 0usize..4) {
        let kind = [DimensionType::Text, DimensionType::Color, DimensionType::Image, DimensionType::Other][kind];
        let view = dimension_view(&Dimension { name: "n".into(), value: value.clone(), kind });
        let ways = [view.text.is_some(), view.color.is_some(), view.image_url.is_some()];
        prop_assert_eq!(ways.iter().filter(|way| **way).count(), 1);
        if let Some(color) = view.color {
            prop_assert_eq!(Some(color), crate::content::link::safe_color(&value));
        }
        if let Some(url) = view.image_url {
            prop_assert_eq!(Some(url), safe_url(&value));
        }
    }
}

#[test]
fn without_a_price_summary_the_carts_own_shipping_and_fee_make_one() {
    let rows = |cart: Cart| -> Vec<(SummaryLabel, String)> {
        mini_cart_view(&loaded(cart), Site::De, 0.0)
            .summary
            .into_iter()
            .map(|row| (row.label, row.amount))
            .collect()
    };
    let base = Cart {
        articles: vec![article("1", Some("t1"), 1, Availability::InStock)],
        total_sum: 1299,
        ..Cart::default()
    };
    // The service's own summary wins.
    let with_summary = rows(Cart {
        price_summary: Some(PriceSummary {
            cart_final_sum: 1794,
            shipping_costs: 495,
            ..PriceSummary::default()
        }),
        shipping_cost: Some(0),
        ..base.clone()
    });
    assert!(
        with_summary.contains(&(SummaryLabel::Total, "17,94".into())),
        "{with_summary:?}"
    );
    // None sent: shipping and the fee from the cart's own fields, the total with them.
    let from_fields = rows(Cart {
        shipping_cost: Some(495),
        payment_on_delivery_cost: Some(200),
        ..base.clone()
    });
    assert!(
        from_fields.contains(&(SummaryLabel::Shipping, "4,95".into())),
        "{from_fields:?}"
    );
    assert!(
        from_fields
            .iter()
            .any(|(label, _)| *label == SummaryLabel::CashOnDelivery)
    );
    assert!(
        from_fields.contains(&(SummaryLabel::Total, "19,94".into())),
        "{from_fields:?}"
    );
    let free = rows(Cart {
        shipping_cost: Some(0),
        ..base.clone()
    });
    assert!(
        free.iter()
            .any(|(label, _)| *label == SummaryLabel::FreeShipping),
        "{free:?}"
    );
    // Nothing about shipping at all: no summary rather than an invented "no shipping costs".
    assert!(rows(base).is_empty());
}

#[test]
fn removing_a_subscription_takes_one_piece_and_a_partner_product_its_quantity() {
    // The optimistic count is what the service will answer: a subscription counts as one
    // piece, a partner product as its total quantity.
    let cart = Cart {
        number_of_articles: 3 + 3 + 1,
        partner_products: vec![PartnerProduct {
            total_quantity: 3,
            ..partner("p1")
        }],
        subscriptions: vec![subscription("s1")],
        ..simple()
    };
    let state = loaded(cart);
    let view = mini_cart_view(&state, Site::De, 0.0);
    let quantity = |key: &str| {
        view.lines
            .iter()
            .find(|line| line.key == key)
            .map(|line| line.quantity)
    };
    assert_eq!(quantity("partnerProducts:p1"), Some(3));
    assert_eq!(quantity("subscriptions:s1"), Some(1));
    let without_plans = begin_removal(state.clone(), "partnerProducts:p1", 0.0).unwrap();
    assert_eq!(item_count(&without_plans.state), 4);
    let without_subscription = begin_removal(state, "subscriptions:s1", 0.0).unwrap();
    assert_eq!(item_count(&without_subscription.state), 6);
}

#[test]
fn only_2xx_answers_carry_a_cart() {
    let body = crate::json::to_string(&simple());
    assert_eq!(parse_cart_answer(299, &body).map(|a| a.cart), Ok(simple()));
    for status in [300, 301, 304, 400] {
        assert!(parse_cart_answer(status, &body).is_err(), "{status}");
    }
}

#[test]
fn undo_is_offered_until_the_window_ends_not_at_its_end() {
    let started = begin_removal(loaded(simple()), KEY_1, 0.0).unwrap();
    let mut server = simple();
    server.articles.remove(0);
    let done = removal_succeeded(started.state, KEY_1, server, started.request);
    let undo_offered = |now: f64| {
        mini_cart_view(&done, Site::De, now)
            .lines
            .iter()
            .any(|line| line.key == KEY_1 && line.undo_available)
    };
    assert!(undo_offered(9_999.0));
    // At 10 s Undo is refused, so the tile offers none, even before the expiry drops it.
    assert_eq!(
        begin_undo(done.clone(), KEY_1, 10_000.0).unwrap_err(),
        ChangeRefused::WindowOver
    );
    assert!(!undo_offered(10_000.0));
}

#[test]
fn a_subscription_tile_shows_its_first_article_and_lists_each_safely() {
    let mut sub = subscription("s1");
    sub.recurring_articles[0].product_url = "/p/beans".into();
    sub.recurring_articles[0].image_url = "/img/beans.jpg".into();
    sub.non_recurring_articles = vec![SubscriptionArticle {
        quantity: 1,
        title: "Mill".into(),
        image_url: "javascript:alert(1)".into(),
        product_url: "/p/mill".into(),
        price: 2999,
        ..SubscriptionArticle::default()
    }];
    let cart = Cart {
        subscriptions: vec![sub],
        ..Cart::default()
    };
    let view = mini_cart_view(&loaded(cart), Site::De, 0.0);
    let line = &view.lines[0];
    assert_eq!(
        (
            line.title.as_str(),
            line.link_url.as_str(),
            line.image_url.as_str()
        ),
        ("Beans", "/p/beans", "/img/beans.jpg")
    );
    let articles: Vec<(&str, bool, &str, &str)> = line
        .subscription_articles
        .iter()
        .map(|a| {
            (
                a.title.as_str(),
                a.recurring,
                a.product_url.as_str(),
                a.image_url.as_str(),
            )
        })
        .collect();
    assert_eq!(
        articles,
        [
            ("Beans", true, "/p/beans", "/img/beans.jpg"),
            ("Mill", false, "/p/mill", "")
        ]
    );
}

#[test]
fn a_successful_removal_clears_the_change_error_shown() {
    // Line 2's removal failed and its error shows; line 1's removal then succeeds: on success
    // errors clear (header spec section 4).
    let first = begin_removal(loaded(simple()), KEY_2, 0.0).unwrap();
    let failed = rollback_removal(first.state, KEY_2, CartError::default(), 100.0);
    assert!(
        mini_cart_view(&failed, Site::De, 100.0)
            .change_error
            .is_some()
    );
    let started = begin_removal(failed, KEY_1, 200.0).unwrap();
    let mut server = simple();
    server.articles.remove(0);
    server.number_of_articles = 1;
    let done = removal_succeeded(started.state, KEY_1, server, started.request);
    assert_eq!(mini_cart_view(&done, Site::De, 300.0).change_error, None);
}
