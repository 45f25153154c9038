//! `@shop/core`: thin wasm-bindgen bindings over the `shop-core` crate.
//!
//! Bindings only: every rule lives in `shop-core`. Each module here mirrors the core module of the
//! same name, exports camelCase functions, and converts at the boundary:
//! - structured values go through `tsify::Ts<T>` (TypeScript types generated from the Rust types)
//!   as JSON text, read and written by `shop_core::json` (ADRs 0003 and 0005); a value that does
//!   not fit its type is a thrown `Error` naming what was malformed, never a trap;
//! - numbers arrive as JS numbers (`f64`) and are checked before they become integers.

// Tests may format and search texts with the standard tools (clippy.toml keeps them out of the
// browser build).
#![cfg_attr(test, allow(clippy::disallowed_methods, clippy::disallowed_macros))]

use shop_core::json::{FromJson, ToJson};
use tsify::{Ts, Tsify};
use wasm_bindgen::{JsCast, JsError, JsValue};

pub mod allocator;
mod cart;
mod content;
mod forms;
mod header;
mod layout;
mod price;
mod search;
mod site;

/// The browser build allocates through the core's own small allocator, not dlmalloc (ADR 0011).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator::new();

/// The error a malformed argument throws: names the argument, quotes at most 200 characters of
/// the reason (a reason may echo the input, which can be huge).
pub(crate) fn malformed(what: &str, reason: &str) -> JsError {
    const REASON_MAX_CHARS: usize = 200;
    let reason = match reason.char_indices().nth(REASON_MAX_CHARS) {
        Some((cut, _)) => [reason.get(..cut).unwrap_or_default(), "…"].concat(),
        None => reason.to_owned(),
    };
    JsError::new(&["@shop/core: malformed ", what, ": ", &reason].concat())
}

/// Reads any JS value as `T` through JSON. `JSON.stringify` runs with its exceptions caught, so
/// symbols, functions, BigInts and cyclic objects are a thrown `malformed` error like any other
/// misfit, never an exception unwinding through the module.
pub(crate) fn from_json<T: FromJson>(value: &JsValue, what: &str) -> Result<T, JsError> {
    T::from_json(&json_tree(value, what)?).map_err(|error| malformed(what, error.message()))
}

/// The JSON tree of any JS value: the part of reading every type shares, kept out of line so
/// it exists once rather than in each type's reader.
#[inline(never)]
pub(crate) fn json_tree(value: &JsValue, what: &str) -> Result<shop_core::json::Value, JsError> {
    let json = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|json| json.as_string())
        .ok_or_else(|| malformed(what, "not representable as JSON"))?;
    shop_core::json::parse(&json).map_err(|error| malformed(what, error.message()))
}

/// Reads a structured argument; `what` names it in the error a malformed value throws.
pub(crate) fn read<T>(value: Ts<T>, what: &str) -> Result<T, JsError>
where
    T: Tsify + FromJson,
{
    from_json(&value.js_value(), what)
}

/// Hands a structured result to JavaScript: written as JSON text, parsed by `JSON.parse`.
pub(crate) fn write<T>(value: &T) -> Result<Ts<T>, JsError>
where
    T: Tsify + ToJson,
{
    hand_over(&shop_core::json::to_string(value)).map(Ts::new_unchecked)
}

/// A JSON text as the JS value it denotes: the part of writing every type shares.
#[inline(never)]
pub(crate) fn hand_over(json: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(json)
        .map_err(|_| JsError::new("@shop/core: a result could not be handed over"))
}

/// A string argument. A non-string is a thrown error: wasm-bindgen's own `&str` conversion
/// would write through a bogus length instead.
pub(crate) fn text(value: JsValue, what: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| malformed(what, "expected a string"))
}

/// Every reader of a service answer refuses a body above its cap; these are the caps, the
/// header documents' the largest.
const LARGEST_BODY_BYTES: usize = shop_core::header::HEADER_DOCUMENT_MAX_BYTES;
const _: () = assert!(
    LARGEST_BODY_BYTES >= shop_core::cart::CART_ANSWER_MAX_BYTES
        && LARGEST_BODY_BYTES >= shop_core::content::MAX_DOCUMENT_BYTES
        && LARGEST_BODY_BYTES >= shop_core::forms::signup::SIGNUP_ERROR_BODY_MAX_BYTES
);

/// A service answer's body. One of more UTF-16 units than [`LARGEST_BODY_BYTES`] has more bytes
/// too, and every reader would refuse it: it reads as the empty body, which every reader refuses
/// alike, without being copied into the module's memory (which keeps any room it ever took, for
/// every fragment on the page).
pub(crate) fn body(value: JsValue) -> Result<String, JsError> {
    if value
        .dyn_ref::<js_sys::JsString>()
        .is_some_and(|text| text.length() as usize > LARGEST_BODY_BYTES)
    {
        return Ok(String::new());
    }
    text(value, "body")
}

/// An optional string argument: `null` and `undefined` are `None`.
pub(crate) fn optional_text(value: JsValue, what: &str) -> Result<Option<String>, JsError> {
    if value.is_null() || value.is_undefined() {
        Ok(None)
    } else {
        text(value, what).map(Some)
    }
}

/// A site argument, read as its code: the hot path of every price call, so no JSON round trip.
/// Unknown codes throw like any malformed value.
pub(crate) fn site(value: JsValue) -> Result<shop_core::Site, JsError> {
    let code = text(value, "site")?;
    shop_core::Site::from_code(&code)
        .ok_or_else(|| malformed("site", &["unknown site code \"", &code, "\""].concat()))
}

/// A JS number that must be a safe integer (cents, counts, milliseconds).
pub(crate) fn integer(value: f64, what: &str) -> Result<i64, JsError> {
    const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;
    if value.is_finite() && value.fract() == 0.0 && value.abs() <= MAX_SAFE_INTEGER {
        // In range and integral, so the cast is exact.
        Ok(value as i64)
    } else {
        // The value is not quoted: formatting a float would cost the browser build 14 KB.
        Err(JsError::new(
            &["@shop/core: ", what, " must be a safe integer"].concat(),
        ))
    }
}

/// A JS number that must be a non-negative integer of at most `u32::MAX`.
pub(crate) fn count(value: f64, what: &str) -> Result<u32, JsError> {
    u32::try_from(integer(value, what)?).map_err(|_| {
        JsError::new(
            &[
                "@shop/core: ",
                what,
                " must be an integer from 0 to 4294967295",
            ]
            .concat(),
        )
    })
}
