//! The shop's rules, written once.
//!
//! Every rule of the two specifications (`shared/specs/`) that is not a view lives here:
//! sites and locales, price display, search, layout, the cart, forms and content documents.
//! The browser reaches it through the `wasm` crate (`@shop/core`), the reference server uses it
//! natively, so both sides judge a form or a cart change with the same code.
//!
//! Invariants (see `docs/ARCHITECTURE.md`):
//! - no I/O and no clock: "now" is always a parameter (milliseconds since the epoch);
//! - total: every public function returns a value or an error value for any input, never panics
//!   (no `unwrap`, `expect` or unchecked indexing; the workspace lints deny them);
//! - money is integer minor units (cents), never floats.

// `#[derive(Json)]` names `::shop_core::json`, inside this crate as in the bindings.
extern crate self as shop_core;

pub mod cart;
pub mod content;
pub mod forms;
pub mod header;
pub mod json;
pub mod layout;
pub mod price;
pub mod search;
pub mod site;
pub mod url;

pub use site::{Currency, Locale, Site};
