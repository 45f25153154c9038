//! The reference shop services (see `main.rs` for the binary): the shell origin's APIs on
//! SQLite, judged by the same `shop-core` the browser runs.

pub mod app;
pub mod cart_api;
pub mod catalogue;
pub mod faults;
pub mod store;
pub mod visitor;
