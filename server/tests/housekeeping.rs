//! What the store keeps: nothing no browser can reach any more. Carts untouched for longer than
//! the visitor cookie lasts, and logins that have run out, go when a cart or a login is stored,
//! so a client that never keeps its cookies cannot grow the database for good.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::Shop;

const CART: &str = "/service/cart/api/cart";
const JSON: (&str, &str) = ("content-type", "application/json");
const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");
const ADD: &str = r#"{"setArticle":{"productId":"400001","tcm":"400001-01","quantity":1}}"#;
const DAY: i64 = 86_400;

fn database(shop: &Shop) -> rusqlite::Connection {
    rusqlite::Connection::open(shop.data_dir.join(shop_server::store::DATABASE_FILE))
        .unwrap_or_else(|error| panic!("{error}"))
}

fn rows(shop: &Shop, query: &str) -> i64 {
    database(shop)
        .query_row(query, [], |row| row.get(0))
        .unwrap_or_else(|error| panic!("{error}"))
}

/// A new visitor (no cookies) adds the coffee: one cart more.
async fn new_visitor_adds(shop: &mut Shop) {
    shop.cookies.clear();
    let answer = shop.send("POST", CART, &[JSON], ADD).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
}

#[tokio::test]
async fn carts_no_browser_can_name_any_more_go_when_a_cart_is_stored() {
    let mut shop = Shop::open("housekeeping-carts", false);
    for _ in 0..3 {
        new_visitor_adds(&mut shop).await;
    }
    assert_eq!(rows(&shop, "SELECT count(*) FROM site_carts"), 3);
    // One untouched for a year and a day (its visitor cookie has run out), one for a day less
    // than a year (its browser may still come back).
    database(&shop)
        .execute_batch(&format!(
            "UPDATE site_carts SET updated_at = unixepoch() - 366 * {DAY}
                 WHERE rowid = (SELECT min(rowid) FROM site_carts);
             UPDATE site_carts SET updated_at = unixepoch() - 364 * {DAY}
                 WHERE rowid = (SELECT max(rowid) FROM site_carts);"
        ))
        .unwrap_or_else(|error| panic!("{error}"));

    new_visitor_adds(&mut shop).await;
    assert_eq!(rows(&shop, "SELECT count(*) FROM site_carts"), 3);
    assert_eq!(
        rows(
            &shop,
            &format!(
                "SELECT count(*) FROM site_carts WHERE updated_at <= unixepoch() - 365 * {DAY}"
            )
        ),
        0
    );
    assert_eq!(
        rows(
            &shop,
            &format!(
                "SELECT count(*) FROM site_carts WHERE updated_at <= unixepoch() - 364 * {DAY}"
            )
        ),
        1,
        "the cart a browser may still name stays"
    );
}

#[tokio::test]
async fn logins_that_have_run_out_go_when_someone_signs_in() {
    let mut shop = Shop::open("housekeeping-logins", false);
    for form in ["account=member", "account=member&remember=on"] {
        shop.cookies.clear();
        let answer = shop.send("POST", "/signin", &[FORM], form).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{form}");
    }
    assert_eq!(rows(&shop, "SELECT count(*) FROM logins"), 2);
    // Two days on: the session login has run out (a day), the remembered one (30 days) has not.
    database(&shop)
        .execute(
            &format!("UPDATE logins SET created_at = created_at - 2 * {DAY}"),
            [],
        )
        .unwrap_or_else(|error| panic!("{error}"));

    shop.cookies.clear();
    let answer = shop
        .send("POST", "/signin", &[FORM], "account=member")
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(rows(&shop, "SELECT count(*) FROM logins"), 2);
    assert_eq!(
        rows(&shop, "SELECT count(*) FROM logins WHERE remembered = 0"),
        1
    );
}
