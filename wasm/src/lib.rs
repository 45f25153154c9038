//! `@shop/core`: thin wasm-bindgen bindings over the `shop-core` crate.
//!
//! Bindings only: every rule lives in `shop-core`. Each module here mirrors the core module of the
//! same name, exports camelCase functions, and converts at the boundary:
//! - structured values go through `tsify::Ts<T>` (TypeScript types generated from the Rust types);
//!   a value that does not fit its type is a thrown `Error` naming what was malformed, never a trap;
//! - numbers arrive as JS numbers (`f64`) and are checked before they become integers.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tsify::{Ts, Tsify};
use wasm_bindgen::JsError;

mod cart;
mod content;
mod forms;
mod layout;
mod price;
mod search;
mod site;

/// Reads a structured argument; `what` names it in the error a malformed value throws.
pub(crate) fn read<T>(value: Ts<T>, what: &str) -> Result<T, JsError>
where
    T: Tsify + DeserializeOwned,
    <T as Tsify>::JsType: Clone,
{
    value
        .to_rust()
        .map_err(|error| JsError::new(&format!("@shop/core: malformed {what}: {error}")))
}

/// Hands a structured result to JavaScript.
pub(crate) fn write<T>(value: &T) -> Result<Ts<T>, JsError>
where
    T: Tsify + Serialize,
{
    value
        .into_ts()
        .map_err(|error| JsError::new(&format!("@shop/core: {error}")))
}

/// A JS number that must be a safe integer (cents, counts, milliseconds).
pub(crate) fn integer(value: f64, what: &str) -> Result<i64, JsError> {
    const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;
    if value.is_finite() && value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER {
        // In range and integral, so the cast is exact.
        Ok(value as i64)
    } else {
        Err(JsError::new(&format!(
            "@shop/core: {what} must be a safe integer, got {value}"
        )))
    }
}
