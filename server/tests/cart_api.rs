//! The cart service over HTTP semantics (axum router, real SQLite file in a temporary directory).

// Test code: a failed set-up is a failed test.
#![allow(clippy::panic)]

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use shop_core::cart::{Cart, CartAnswer, CartError, CartErrorCode, cart_lines, removal_payload};
use shop_server::app::{Config, router};
use tower::ServiceExt;

mod common;
use common::temp_dir;

struct Shop {
    router: Router,
    data_dir: std::path::PathBuf,
    cookie: Option<String>,
}

impl Shop {
    fn open(data_dir: std::path::PathBuf, test_faults: bool) -> Shop {
        let config = Config {
            port: 0,
            data_dir: data_dir.clone(),
            root: std::path::PathBuf::from(".."),
            test_faults,
            stopped_fragments: Vec::new(),
            remotes: Vec::new(),
            minicart_enabled: true,
            fixed_now: None,
            allowed_hosts: Default::default(),
        };
        let router = router(&config).unwrap_or_else(|error| panic!("{error:?}"));
        Shop {
            router,
            data_dir,
            cookie: None,
        }
    }

    /// The router's response to one request as it is.
    async fn answer(&self, request: Request<Body>) -> axum::response::Response {
        self.router
            .clone()
            .oneshot(request)
            .await
            .unwrap_or_else(|error| match error {})
    }

    async fn send(&mut self, method: &str, path: &str, body: &str) -> (StatusCode, String) {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(cookie) = &self.cookie {
            request = request.header(header::COOKIE, cookie);
        }
        if !body.is_empty() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let request = request
            .body(Body::from(body.to_owned()))
            .unwrap_or_else(|error| panic!("{error}"));
        let response = self.answer(request).await;
        if let Some(set) = response.headers().get(header::SET_COOKIE) {
            let set = set.to_str().unwrap_or_default();
            self.cookie = set.split(';').next().map(str::to_owned);
        }
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map(|body| body.to_bytes())
            .unwrap_or_default();
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn cart(&mut self) -> Cart {
        let (status, body) = self.send("GET", "/service/cart/api/cart", "").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        shop_core::json::from_str(&body).unwrap_or_else(|error| panic!("{error}: {body}"))
    }
}

fn add(product_id: &str, quantity: u32) -> String {
    format!(r#"{{"setArticle":{{"productId":"{product_id}","quantity":{quantity}}}}}"#)
}

#[tokio::test]
async fn a_visitor_fills_and_empties_the_cart_and_it_survives_a_restart() {
    let mut shop = Shop::open(temp_dir("fill"), false);
    assert!(cart_lines(&shop.cart().await).is_empty());
    assert!(shop.cookie.is_some(), "a new visitor gets a cookie");

    let (status, body) = shop
        .send("PUT", "/service/cart/api/cart", &add("400001", 2))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer: CartAnswer = shop_core::json::from_str(&body).unwrap_or_default();
    assert_eq!(answer.cart.number_of_articles, 2);
    assert_eq!(answer.cart.total_sum, 2 * 1699);
    assert_eq!(
        answer.added_product.map(|a| a.product_id).as_deref(),
        Some("400001")
    );

    // The same change again changes nothing: 304, as the spec's external add-to-cart expects.
    let (status, _) = shop
        .send("PUT", "/service/cart/api/cart", &add("400001", 2))
        .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);

    // An add-to-cart (POST) adds to the pieces in the cart; setting (PUT) goes back to 2.
    let (status, body) = shop
        .send("POST", "/service/cart/api/cart", &add("400001", 1))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer: CartAnswer = shop_core::json::from_str(&body).unwrap_or_default();
    assert_eq!(answer.cart.number_of_articles, 3);
    let (status, _) = shop
        .send("PUT", "/service/cart/api/cart", &add("400001", 2))
        .await;
    assert_eq!(status, StatusCode::OK);

    // Another visitor has their own cart.
    let mut other = Shop {
        cookie: None,
        ..Shop::open(shop.data_dir.clone(), false)
    };
    assert!(cart_lines(&other.cart().await).is_empty());

    // Restart: same data directory, same cart.
    let cookie = shop.cookie.clone();
    let mut restarted = Shop {
        cookie,
        ..Shop::open(shop.data_dir.clone(), false)
    };
    let cart = restarted.cart().await;
    assert_eq!(cart.number_of_articles, 2);

    // The mini cart's delete payload for that line removes it.
    let line = cart_lines(&cart).into_iter().next();
    let payload = line
        .as_ref()
        .and_then(removal_payload)
        .map(|p| shop_core::json::to_string(&p));
    let (status, body) = restarted
        .send(
            "PUT",
            "/service/cart/api/cart",
            &payload.unwrap_or_default(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(cart_lines(&restarted.cart().await).is_empty());
}

#[tokio::test]
async fn the_added_product_is_the_article_the_change_named_not_another_line() {
    let mut shop = Shop::open(temp_dir("added-product"), false);
    let mut added = Vec::new();
    for (method, product_id, quantity) in [
        ("PUT", "400001", 1),
        ("POST", "400002", 1),
        ("PUT", "400001", 3),
        ("POST", "400002", 2),
    ] {
        let (status, body) = shop
            .send(method, "/service/cart/api/cart", &add(product_id, quantity))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let answer: CartAnswer = shop_core::json::from_str(&body).unwrap_or_default();
        added.push(answer.added_product.map(|a| a.product_id));
    }
    let expected = ["400001", "400002", "400001", "400002"].map(|id| Some(id.to_owned()));
    assert_eq!(added, expected);
}

#[tokio::test]
async fn refused_changes_name_their_error_and_change_nothing() {
    let mut shop = Shop::open(temp_dir("refused"), false);
    shop.send("PUT", "/service/cart/api/cart", &add("400006", 1))
        .await;
    let before = shop.cart().await;
    let cases = [
        (
            add("400006", 11),
            StatusCode::CONFLICT,
            CartErrorCode::ItemLimit,
            Some(10),
        ),
        (
            add("400003", 3),
            StatusCode::CONFLICT,
            CartErrorCode::AvailabilityLimit,
            Some(2),
        ),
        (
            add("400005", 1),
            StatusCode::CONFLICT,
            CartErrorCode::AvailabilityLimit,
            Some(0),
        ),
        (
            add("nope", 1),
            StatusCode::NOT_FOUND,
            CartErrorCode::UnknownItem,
            None,
        ),
        (
            r#"{"deleteSubscription":{"subscriptionId":"abo-espresso"}}"#.to_owned(),
            StatusCode::NOT_FOUND,
            CartErrorCode::UnknownItem,
            None,
        ),
    ];
    for (payload, status, code, limit) in cases {
        let (got, body) = shop.send("PUT", "/service/cart/api/cart", &payload).await;
        assert_eq!(got, status, "{payload}: {body}");
        let error: CartError = shop_core::json::from_str(&body).unwrap_or_default();
        assert_eq!((error.code, error.limit), (code, limit), "{payload}");
    }
    assert_eq!(shop.cart().await, before);
}

#[tokio::test]
async fn malformed_and_oversized_requests_are_4xx_and_change_nothing() {
    let mut shop = Shop::open(temp_dir("malformed"), false);
    shop.send("PUT", "/service/cart/api/cart", &add("400001", 1))
        .await;
    let before = shop.cart().await;
    for body in [
        "",
        "{",
        "[]",
        r#"{"setArticle":{"productId":1}}"#,
        r#"{"dropTable":{}}"#,
    ] {
        let (status, answer) = shop.send("PUT", "/service/cart/api/cart", body).await;
        assert!(status.is_client_error(), "{body:?}: {status} {answer}");
    }
    let huge = format!(
        r#"{{"setArticle":{{"productId":"{}","quantity":1}}}}"#,
        "x".repeat(20_000)
    );
    for method in ["PUT", "POST"] {
        let (status, answer) = shop.send(method, "/service/cart/api/cart", &huge).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        // The service's own error shape, which the mini cart reads, not the framework's text.
        let error: Result<CartError, _> = shop_core::json::from_str(&answer);
        assert!(error.is_ok(), "{answer}");
        assert!(answer.starts_with(r#"{"error":"BAD_REQUEST""#), "{answer}");
    }
    assert_eq!(shop.cart().await, before);
}

#[tokio::test]
async fn a_change_is_read_only_as_json_whatever_the_case_of_its_media_type() {
    let mut shop = Shop::open(temp_dir("media-type"), false);
    shop.cart().await;
    let cookie = shop.cookie.clone().unwrap_or_default();
    for (content_type, expected) in [
        (None, StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (Some("text/plain"), StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (
            Some("application/jsonfoo"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (Some("Application/JSON; charset=UTF-8"), StatusCode::OK),
    ] {
        let mut request = Request::builder()
            .method("PUT")
            .uri("/service/cart/api/cart")
            .header(header::COOKIE, &cookie);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        let request = request
            .body(Body::from(add("400001", 1)))
            .unwrap_or_else(|error| panic!("{error}"));
        let response = shop.answer(request).await;
        assert_eq!(response.status(), expected, "{content_type:?}");
        let lines = cart_lines(&shop.cart().await).len();
        assert_eq!(
            lines,
            usize::from(expected == StatusCode::OK),
            "{content_type:?}"
        );
    }
}

#[tokio::test]
async fn a_change_of_exactly_16_kib_is_taken_and_one_byte_more_refused() {
    let mut shop = Shop::open(temp_dir("sixteen"), false);
    let payload = add("400001", 1);
    let padded = |length: usize| [payload.as_str(), &" ".repeat(length - payload.len())].concat();
    let (status, answer) = shop
        .send("PUT", "/service/cart/api/cart", &padded(16 * 1024 + 1))
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(cart_lines(&shop.cart().await).is_empty());
    let (status, answer) = shop
        .send("PUT", "/service/cart/api/cart", &padded(16 * 1024))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(cart_lines(&shop.cart().await).len(), 1);
}

#[tokio::test]
async fn faults_exist_only_when_configured_and_fail_the_cart_service() {
    let mut plain = Shop::open(temp_dir("nofaults"), false);
    let (status, _) = plain
        .send(
            "POST",
            "/service/test/faults",
            r#"{"cartChange":"UNKNOWN"}"#,
        )
        .await;
    assert!(status == StatusCode::NOT_FOUND || status == StatusCode::METHOD_NOT_ALLOWED);

    let mut shop = Shop::open(temp_dir("faults"), true);
    shop.send("PUT", "/service/cart/api/cart", &add("400001", 1))
        .await;
    let (status, _) = shop
        .send(
            "POST",
            "/service/test/faults",
            r#"{"cartChange":"CARTSTORAGE_UNAVAILABLE"}"#,
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let delete = r#"{"setArticle":{"productId":"400001","tcm":"400001-01","quantity":0}}"#;
    let (status, body) = shop.send("PUT", "/service/cart/api/cart", delete).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let error: CartError = shop_core::json::from_str(&body).unwrap_or_default();
    assert_eq!(error.code, CartErrorCode::CartstorageUnavailable);
    assert_eq!(
        shop.cart().await.number_of_articles,
        1,
        "the failed change changed nothing"
    );
    shop.send("POST", "/service/test/faults", r#"{"cartChange":null}"#)
        .await;
    let (status, _) = shop.send("PUT", "/service/cart/api/cart", delete).await;
    assert_eq!(status, StatusCode::OK);
}

/// The store's change is one step: a second change waits for the first to be stored and starts
/// from its cart, instead of both starting from the same cart and the later save undoing the
/// earlier one.
#[test]
fn a_change_that_comes_while_another_is_being_applied_starts_from_its_result() {
    use shop_core::cart::CartModification;
    use shop_core::cart::service::{Shop as SiteShop, apply_addition};
    use shop_core::site::Site;

    let store = shop_server::store::Store::open(&temp_dir("change-at-once"))
        .unwrap_or_else(|error| panic!("{error:?}"));
    let add_to = |cart: Cart, offers: &[shop_core::cart::service::Offer], product: &str| {
        let shop = SiteShop {
            site: Site::De,
            offers,
            card_member: false,
        };
        let modification = CartModification::SetArticle {
            product_id: product.to_owned(),
            tcm: None,
            quantity: 1,
        };
        apply_addition(&cart, shop, &modification).map(Some)
    };
    let (inside, first_is_inside) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        let first = scope.spawn(|| {
            store.change_cart("visitor-1", Site::De, |cart, offers| {
                let _ = inside.send(());
                // Long enough for the second change to be sent while this one is not stored.
                std::thread::sleep(std::time::Duration::from_millis(200));
                add_to(cart, offers, "400001")
            })
        });
        first_is_inside
            .recv()
            .unwrap_or_else(|error| panic!("{error}"));
        let second = store.change_cart("visitor-1", Site::De, |cart, offers| {
            add_to(cart, offers, "400002")
        });
        assert!(matches!(second, Ok(Ok(Some(_)))), "{second:?}");
        let first = first.join().unwrap_or_else(|_| panic!("first change"));
        assert!(matches!(first, Ok(Ok(Some(_)))), "{first:?}");
    });
    let cart = store
        .cart("visitor-1", Site::De)
        .unwrap_or_else(|error| panic!("{error:?}"));
    let mut products: Vec<_> = cart
        .articles
        .iter()
        .map(|article| article.product_id.as_str())
        .collect();
    products.sort_unstable();
    assert_eq!(products, ["400001", "400002"]);
}

/// Quick clicks on several tiles send their add-to-carts at once: every article arrives.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn add_to_carts_sent_at_once_all_arrive() {
    let mut shop = Shop::open(temp_dir("adds-at-once"), false);
    let products = ["400001", "400002", "400003", "400006"];
    for round in 0..10 {
        // A fresh visitor each round: the first answer gives the cookie all others send.
        shop.cookie = None;
        let (status, _) = shop.send("GET", "/service/cart/api/cart", "").await;
        assert_eq!(status, StatusCode::OK);
        let sends = products.iter().map(|product| {
            let mut visitor = Shop {
                router: shop.router.clone(),
                data_dir: shop.data_dir.clone(),
                cookie: shop.cookie.clone(),
            };
            let body = add(product, 1);
            tokio::spawn(async move {
                visitor
                    .send("POST", "/service/cart/api/cart", &body)
                    .await
                    .0
            })
        });
        for sent in sends.collect::<Vec<_>>() {
            let status = sent.await.unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(status, StatusCode::OK, "round {round}");
        }
        let cart = shop.cart().await;
        let mut arrived: Vec<_> = cart
            .articles
            .iter()
            .map(|article| article.product_id.clone())
            .collect();
        arrived.sort_unstable();
        assert_eq!(arrived, products, "round {round}");
    }
}

#[tokio::test]
async fn a_cookie_outside_ascii_from_another_app_does_not_cost_the_visitor_the_cart() {
    let mut shop = Shop::open(temp_dir("odd-cookie"), false);
    let (status, body) = shop
        .send("PUT", "/service/cart/api/cart", &add("400001", 2))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let visitor = shop.cookie.clone().unwrap_or_default();

    // A script of the host page (or another app on localhost) sets `greeting=Grüße`: the
    // browser sends its UTF-8 bytes beside the shop's cookie, before and after it.
    for odd in [
        format!("greeting=Grüße; {visitor}"),
        format!("{visitor}; greeting=Grüße"),
        format!("{visitor}; x=\u{fffd}\u{1F600}"),
    ] {
        shop.cookie = Some(odd.clone());
        let cart = shop.cart().await;
        assert_eq!(cart.number_of_articles, 2, "{odd}");
        assert_eq!(
            shop.cookie.as_deref(),
            Some(odd.as_str()),
            "no new visitor cookie"
        );
    }

    // Bytes that are not UTF-8 at all (Latin-1 from an old app): that pair alone is dropped.
    let mut bytes = b"legacy=Gr\xfc\xdfe; ".to_vec();
    bytes.extend_from_slice(visitor.as_bytes());
    let request = Request::builder()
        .uri("/service/cart/api/cart")
        .header(
            header::COOKIE,
            axum::http::HeaderValue::from_bytes(&bytes).unwrap_or_else(|error| panic!("{error}")),
        )
        .body(Body::empty())
        .unwrap_or_else(|error| panic!("{error}"));
    let response = shop.answer(request).await;
    assert!(
        response.headers().get(header::SET_COOKIE).is_none(),
        "no new visitor cookie"
    );
    let body = response
        .into_body()
        .collect()
        .await
        .map(|body| body.to_bytes())
        .unwrap_or_default();
    let cart: Cart = shop_core::json::from_str(&String::from_utf8_lossy(&body))
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(cart.number_of_articles, 2);
}

/// The `Set-Cookie` headers of a cart request sent without cookies (a new visitor).
async fn new_visitor_set_cookies(shop: &Shop) -> Vec<String> {
    let request = Request::builder()
        .uri("/service/cart/api/cart")
        .body(Body::empty())
        .unwrap_or_else(|error| panic!("{error}"));
    let response = shop.answer(request).await;
    assert_eq!(response.status(), StatusCode::OK);
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn the_visitor_cookie_is_kept_from_page_scripts() {
    let shop = Shop::open(temp_dir("http-only-cookie"), false);
    let cookies = new_visitor_set_cookies(&shop).await;
    let prefix = format!("{}=", shop_server::visitor::VISITOR_COOKIE);
    let visitor = cookies
        .iter()
        .find(|cookie| cookie.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no visitor cookie in {cookies:?}"));
    let attributes: Vec<&str> = visitor.split(';').skip(1).map(str::trim).collect();
    // Page scripts must not read the cart identity.
    assert!(attributes.contains(&"HttpOnly"), "{visitor}");
    assert!(attributes.contains(&"Path=/"), "{visitor}");
    assert!(attributes.contains(&"SameSite=Lax"), "{visitor}");
    assert!(attributes.contains(&"Max-Age=31536000"), "{visitor}");
}
