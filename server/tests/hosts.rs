//! The shop answers only for the hosts it knows (`SHOP_HOSTS`, `hosts.rs`): a page of another
//! name pointed at this machine (DNS rebinding) neither reads nor changes anything.

mod common;

use axum::http::StatusCode;
use common::Shop;

const ADD: &str = r#"{"setArticle":{"productId":"400001","quantity":2}}"#;
const JSON: (&str, &str) = ("content-type", "application/json");

#[tokio::test]
async fn another_host_gets_a_refusal_that_says_how_to_allow_it_and_changes_nothing() {
    let mut shop = Shop::open("hosts-refused", false);
    let local = [("host", "localhost:8080"), JSON];
    let added = shop
        .send("PUT", "/service/cart/api/cart", &local, ADD)
        .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let before = shop.get_with("/service/cart/api/cart", &local).await.body;

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
