//! The shop answers only for the hosts it knows (`SHOP_HOSTS`, `hosts.rs`): a page of another
//! name pointed at this machine (DNS rebinding) neither reads nor changes anything.

mod common;

use axum::http::StatusCode;
use common::Shop;

const ADD: &str = r#"{"setArticle":{"productId":"400001","quantity":2}}"#;
const JSON: (&str, &str) = ("content-type", "application/json");

/// A shop whose visitor has a cart, asked for from `localhost`; the cart as it answered.
async fn shop_with_a_cart(name: &str) -> (Shop, String) {
    let mut shop = Shop::open(name, false);
    let local = [("host", "localhost:8080"), JSON];
    let added = shop
        .send("PUT", "/service/cart/api/cart", &local, ADD)
        .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let before = shop.get_with("/service/cart/api/cart", &local).await.body;
    (shop, before)
}

#[tokio::test]
async fn another_host_gets_a_refusal_that_says_how_to_allow_it_and_changes_nothing() {
    let (mut shop, before) = shop_with_a_cart("hosts-refused").await;
    let local = [("host", "localhost:8080"), JSON];

    let rebound = [("host", "attacker.example:8080"), JSON];
    for (method, path, body) in [
        ("GET", "/", ""),
        ("GET", "/service/cart/api/cart", ""),
        ("GET", "/staff", ""),
        (
            "PUT",
            "/service/cart/api/cart",
            r#"{"setArticle":{"productId":"400001","quantity":0}}"#,
        ),
    ] {
        let answer = shop.send(method, path, &rebound, body).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{method} {path}");
        assert!(
            answer.body.contains("\"attacker.example:8080\""),
            "{}",
            answer.body
        );
        assert!(answer.body.contains("SHOP_HOSTS"), "{}", answer.body);
        assert!(!answer.body.contains("400001"), "{}", answer.body);
    }
    assert_eq!(
        shop.get_with("/service/cart/api/cart", &local).await.body,
        before,
        "the refused removal left the cart as it was"
    );
}

#[tokio::test]
async fn local_names_addresses_and_listed_names_are_answered() {
    let mut shop = Shop::open("hosts-answered", false);
    for host in [
        "localhost:8080",
        "127.0.0.1:8080",
        "[::1]:8080",
        "shop.localhost",
        "www.shop.example",
    ] {
        let answer = shop.get_with("/", &[("host", host)]).await;
        assert_eq!(answer.status, StatusCode::OK, "{host}");
    }
    // A request without a Host header comes from no browser: answered.
    assert_eq!(shop.get("/").await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_name_that_only_ends_in_localhost_is_another_host() {
    let mut shop = Shop::open("hosts-localhost-lookalike", false);
    for host in ["evillocalhost", "attacker-localhost:8080", "notlocalhost."] {
        let answer = shop.get_with("/", &[("host", host)]).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{host}");
    }
    let answer = shop.get_with("/", &[("host", "a.b.localhost:8080")]).await;
    assert_eq!(answer.status, StatusCode::OK);
}

#[tokio::test]
async fn a_second_host_header_or_another_host_in_the_request_target_is_refused() {
    let (mut shop, before) = shop_with_a_cart("hosts-smuggled").await;
    let local = [("host", "localhost:8080"), JSON];

    // Two Host headers, the allowed one first: 400, whatever their order.
    for hosts in [
        [("host", "localhost:8080"), ("host", "attacker.example")],
        [("host", "attacker.example"), ("host", "localhost:8080")],
    ] {
        let answer = shop.get_with("/service/cart/api/cart", &hosts).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{hosts:?}");
        assert!(
            answer.body.contains("more than one Host"),
            "{}",
            answer.body
        );
        assert!(!answer.body.contains("400001"), "{}", answer.body);
    }
    // An absolute request target naming another host, with an allowed Host header: 403, and
    // the removal it carries changes nothing.
    let answer = shop
        .send(
            "PUT",
            "http://attacker.example/service/cart/api/cart",
            &local,
            r#"{"setArticle":{"productId":"400001","quantity":0}}"#,
        )
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert!(
        answer.body.contains("\"attacker.example\""),
        "{}",
        answer.body
    );
    assert_eq!(
        shop.get_with("/service/cart/api/cart", &local).await.body,
        before
    );
    // The same target naming an allowed host is answered.
    let answer = shop
        .get_with("http://localhost:8080/service/cart/api/cart", &local)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
}
