//! A request that waits for the database (another process holds SQLite's write lock: a backup,
//! a second server on the same file) keeps no other request waiting, and the change it carries
//! is made once the lock is free.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::Shop;
use rusqlite::Connection;
use shop_server::store::DATABASE_FILE;

/// One worker thread, as on a machine with one core: a call that blocked it would hold up
/// every other request.
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_cart_change_waiting_for_the_database_holds_up_no_other_request() {
    let mut shopper = Shop::open("waiting-database", false);
    // The visitor's cookie and the database, as a first visit leaves them.
    assert_eq!(
        shopper.get("/service/cart/api/cart").await.status,
        StatusCode::OK
    );
    let mut other_visitor = shopper.another_browser();

    // Another process takes the write lock (in WAL mode readers go on; writers wait).
    let holder = Connection::open(shopper.data_dir.join(DATABASE_FILE)).expect("open the database");
    holder
        .execute_batch("BEGIN IMMEDIATE")
        .expect("take the write lock");

    let change = tokio::spawn(async move {
        shopper
            .send(
                "PUT",
                "/service/cart/api/cart",
                &[("content-type", "application/json")],
                r#"{"setArticle":{"productId":"400001","quantity":2}}"#,
            )
            .await
    });
    // The change reaches the database and waits there for the lock (had it not got there yet,
    // the test would show less, never fail wrongly).
    tokio::time::sleep(Duration::from_millis(300)).await;
    if change.is_finished() {
        let answer = change.await.expect("task");
        panic!(
            "the change did not wait for the lock: {} {}",
            answer.status, answer.body
        );
    }

    // Meanwhile another shopper's request (which needs no write) is answered.
    let other = tokio::time::timeout(
        Duration::from_secs(30),
        tokio::spawn(async move {
            other_visitor
                .get("/service/searchfrontend/api/cachekey")
                .await
        }),
    )
    .await
    .expect("answered")
    .expect("the request's task");
    assert_eq!(other.status, StatusCode::OK, "{}", other.body);
    assert!(
        !change.is_finished(),
        "the other request was answered while the change still waited"
    );

    // The lock is free again: the change is made, nothing the shopper put in the cart is lost.
    holder.execute_batch("ROLLBACK").expect("free the lock");
    let changed = change.await.expect("the change's task");
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert!(changed.body.contains("400001"), "{}", changed.body);
}
