//! The reference shop server (see `main.rs` for the binary): the shell origin (pages, shell
//! files, the APIs the specs call, on SQLite, judged by the same `shop-core` the browser runs)
//! and one origin per fragment.

pub mod abtest;
pub mod account;
pub mod api;
pub mod app;
pub mod cart_api;
pub mod catalogue;
pub mod csrf;
pub mod faults;
pub mod footer;
pub mod fragments;
pub mod hosts;
pub mod html;
pub mod navigation;
pub mod newsletter;
pub mod pages;
pub mod preview;
pub mod promotions;
pub mod search_api;
pub mod seed;
pub mod serve;
pub mod signup_form;
pub mod store;
pub mod stores;
pub mod texts;
pub mod themeworlds;
pub mod visitor;
