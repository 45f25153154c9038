use shop_core::cart::Availability;
use shop_core::cart::{
    self, AddToCartOutcome, AvailabilityNote, Cart, CartAnswer, CartError, CartErrorCode, CartLine,
    CartMessage, CartModification, ChangeRefused, ChangeStart, LineKind, LoadStart, MiniCartState,
    MiniCartView,
};
use shop_core::json::Json;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use crate::{integer, read, write};

/// A cart answer read: the cart, or the error to show.
#[derive(Json, Tsify)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CartAnswerResult {
    Cart { answer: Box<CartAnswer> },
    Error { error: CartError },
}

/// A change asked for: started (optimistic state + payload to send) or refused.
#[derive(Json, Tsify)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ChangeResult {
    Started { start: Box<ChangeStart> },
    Refused { reason: ChangeRefused },
}

fn change(result: Result<ChangeStart, ChangeRefused>) -> Result<Ts<ChangeResult>, JsError> {
    write(&match result {
        Ok(start) => ChangeResult::Started {
            start: Box::new(start),
        },
        Err(reason) => ChangeResult::Refused { reason },
    })
}

/// A request's number as given back by the caller (a whole number from 0 to 2^32 - 1).
fn request_number(request: f64) -> Result<u32, JsError> {
    u32::try_from(integer(request, "request")?)
        .map_err(|_| JsError::new("@shop/core: request must be a request number from beginLoad, beginRemoval or beginUndo"))
}

/// A change settled by the service's cart: reads the arguments, applies `settle`.
fn settled_with_cart(
    state: Ts<MiniCartState>,
    key: JsValue,
    cart: Ts<Cart>,
    request: f64,
    settle: fn(MiniCartState, &str, Cart, u32) -> MiniCartState,
) -> Result<Ts<MiniCartState>, JsError> {
    let key = &crate::text(key, "key")?;
    write(&settle(
        read(state, "mini cart state")?,
        key,
        read(cart, "cart")?,
        request_number(request)?,
    ))
}

/// A change settled by an error at `now`: reads the arguments, applies `settle`.
fn settled_with_error(
    state: Ts<MiniCartState>,
    key: JsValue,
    error: Ts<CartError>,
    now: f64,
    settle: fn(MiniCartState, &str, CartError, f64) -> MiniCartState,
) -> Result<Ts<MiniCartState>, JsError> {
    let key = &crate::text(key, "key")?;
    write(&settle(
        read(state, "mini cart state")?,
        key,
        read(error, "cart error")?,
        now,
    ))
}

fn optional_cart(cart: Option<Ts<Cart>>) -> Result<Option<Cart>, JsError> {
    cart.map(|cart| read(cart, "cart")).transpose()
}

/// Checkout is enabled only for a cart with an article or partner product, no defective items
/// and no NOT_AVAILABLE / SOLDOUT article or free article. `null` / `undefined`: no cart.
#[wasm_bindgen(js_name = checkoutEnabled)]
pub fn checkout_enabled(cart: Option<Ts<Cart>>) -> Result<bool, JsError> {
    Ok(cart::checkout_enabled(optional_cart(cart)?.as_ref()))
}

/// Articles, partner products or any defective items.
#[wasm_bindgen(js_name = cartNonEmpty)]
pub fn cart_non_empty(cart: Ts<Cart>) -> Result<bool, JsError> {
    Ok(cart::cart_non_empty(&read(cart, "cart")?))
}

/// `/checkout`, or the checkout-frontend path for carts with subscriptions.
#[wasm_bindgen(js_name = checkoutUrl)]
pub fn checkout_url(cart: Ts<Cart>) -> Result<String, JsError> {
    Ok(cart::checkout_url(&read(cart, "cart")?).to_owned())
}

/// Whether the defective-items banner shows.
#[wasm_bindgen(js_name = defectiveBanner)]
pub fn defective_banner(cart: Ts<Cart>) -> Result<bool, JsError> {
    Ok(cart::defective_banner(&read(cart, "cart")?))
}

/// The badge text: `undefined` (hidden) at 0, the count, `"+99"` above 99.
#[wasm_bindgen(js_name = badgeText)]
pub fn badge_text(count: f64) -> Result<Option<String>, JsError> {
    Ok(cart::badge_text(integer(count, "count")?))
}

/// The text key of the cart link's name for `count` articles.
#[wasm_bindgen(js_name = cartLinkTextKey)]
pub fn cart_link_text_key(count: f64) -> Result<String, JsError> {
    Ok(cart::cart_link_text_key(integer(count, "count")?).to_owned())
}

/// The note for an availability (SHORTAGE, NOT_AVAILABLE), if any.
#[wasm_bindgen(js_name = availabilityNote)]
pub fn availability_note(
    availability: Ts<Availability>,
) -> Result<Option<Ts<AvailabilityNote>>, JsError> {
    cart::availability_note(read(availability, "availability")?)
        .as_ref()
        .map(write)
        .transpose()
}

/// Every line of a cart with its stable key, in display order.
#[wasm_bindgen(js_name = cartLines)]
pub fn cart_lines(cart: Ts<Cart>) -> Result<Vec<Ts<CartLine>>, JsError> {
    cart::cart_lines(&read(cart, "cart")?)
        .iter()
        .map(write)
        .collect()
}

/// The payload that removes a line (`undefined` when its delete is disabled).
#[wasm_bindgen(js_name = removalPayload)]
pub fn removal_payload(line: Ts<CartLine>) -> Result<Option<Ts<CartModification>>, JsError> {
    cart::removal_payload(&read(line, "cart line")?)
        .as_ref()
        .map(write)
        .transpose()
}

/// Reads a cart service answer (status 0 for a network failure).
#[wasm_bindgen(js_name = parseCartAnswer)]
pub fn parse_cart_answer(
    status: u16,
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Ts<CartAnswerResult>, JsError> {
    let body = &crate::body(body)?;
    write(&match cart::parse_cart_answer(status, body) {
        Ok(answer) => CartAnswerResult::Cart {
            answer: Box::new(answer),
        },
        Err(error) => CartAnswerResult::Error { error },
    })
}

/// The outcome of an add-to-cart made elsewhere on the page (200 / 304 / other).
#[wasm_bindgen(js_name = addToCartOutcome)]
pub fn add_to_cart_outcome(
    status: u16,
    #[wasm_bindgen(unchecked_param_type = "string")] body: JsValue,
) -> Result<Ts<AddToCartOutcome>, JsError> {
    let body = &crate::body(body)?;
    write(&cart::add_to_cart_outcome(status, body))
}

/// The change-error text (key and `{limit}`).
#[wasm_bindgen(js_name = changeErrorMessage)]
pub fn change_error_message(error: Ts<CartError>) -> Result<Ts<CartMessage>, JsError> {
    write(&cart::change_error_message(read(error, "cart error")?))
}

/// The load-error text.
#[wasm_bindgen(js_name = loadErrorMessage)]
pub fn load_error_message(code: Ts<CartErrorCode>) -> Result<Ts<CartMessage>, JsError> {
    write(&cart::load_error_message(read(code, "cart error code")?))
}

/// Starts a load: the state counting it and the request's number for its answer.
#[wasm_bindgen(js_name = beginLoad)]
pub fn begin_load(state: Ts<MiniCartState>) -> Result<Ts<LoadStart>, JsError> {
    write(&cart::begin_load(read(state, "mini cart state")?))
}

/// Load `request` answered with the cart: shown, errors cleared (an older answer than the
/// shown one changes nothing; the stored cart a page starts with is request 0).
#[wasm_bindgen(js_name = loadSucceeded)]
pub fn load_succeeded(
    state: Ts<MiniCartState>,
    cart: Ts<Cart>,
    request: f64,
) -> Result<Ts<MiniCartState>, JsError> {
    write(&cart::load_succeeded(
        read(state, "mini cart state")?,
        read(cart, "cart")?,
        request_number(request)?,
    ))
}

/// Load `request` failed: cart cleared, load error set (unless a later answer is shown).
#[wasm_bindgen(js_name = loadFailed)]
pub fn load_failed(
    state: Ts<MiniCartState>,
    error: Ts<CartError>,
    request: f64,
) -> Result<Ts<MiniCartState>, JsError> {
    write(&cart::load_failed(
        read(state, "mini cart state")?,
        read(error, "cart error")?,
        request_number(request)?,
    ))
}

/// Starts an optimistic removal of a line at `now` (ms).
#[wasm_bindgen(js_name = beginRemoval)]
pub fn begin_removal(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    now: f64,
) -> Result<Ts<ChangeResult>, JsError> {
    let key = &crate::text(key, "key")?;
    change(cart::begin_removal(
        read(state, "mini cart state")?,
        key,
        now,
    ))
}

/// The service confirmed removal `request` with this cart.
#[wasm_bindgen(js_name = removalSucceeded)]
pub fn removal_succeeded(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    cart: Ts<Cart>,
    request: f64,
) -> Result<Ts<MiniCartState>, JsError> {
    settled_with_cart(state, key, cart, request, cart::removal_succeeded)
}

/// The removal failed: the line goes back where it was, the change error shows from `now`.
#[wasm_bindgen(js_name = rollbackRemoval)]
pub fn rollback_removal(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    error: Ts<CartError>,
    now: f64,
) -> Result<Ts<MiniCartState>, JsError> {
    settled_with_error(state, key, error, now, cart::rollback_removal)
}

/// Starts undoing a removal within the 10 s window.
#[wasm_bindgen(js_name = beginUndo)]
pub fn begin_undo(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    now: f64,
) -> Result<Ts<ChangeResult>, JsError> {
    let key = &crate::text(key, "key")?;
    change(cart::begin_undo(read(state, "mini cart state")?, key, now))
}

/// The service confirmed undo `request` with this cart.
#[wasm_bindgen(js_name = undoSucceeded)]
pub fn undo_succeeded(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    cart: Ts<Cart>,
    request: f64,
) -> Result<Ts<MiniCartState>, JsError> {
    settled_with_cart(state, key, cart, request, cart::undo_succeeded)
}

/// Whether a failed change makes the mini cart load the cart again (UNKNOWN_ITEM: the cart was
/// changed elsewhere).
#[wasm_bindgen(js_name = reloadsAfterFailedChange)]
pub fn reloads_after_failed_change(error: Ts<CartError>) -> Result<bool, JsError> {
    Ok(cart::reloads_after_failed_change(read(
        error,
        "cart error",
    )?))
}

/// Whether the cart is asked for after a change's answer (request `request`) was settled, the
/// shown answer being `shownRequest`'s: the answer came after a later request's (another order
/// than asked for), so neither is known to be the service's cart now.
#[wasm_bindgen(js_name = reloadsAfterChangeAnswer)]
pub fn reloads_after_change_answer(
    #[wasm_bindgen(js_name = shownRequest)] shown_request: u32,
    request: u32,
) -> bool {
    cart::reloads_after_change_answer(shown_request, request)
}

/// Whether the cart asked for after a change of `key` with an unknown outcome shows it made (a
/// removal's line gone, an undo's line back).
#[wasm_bindgen(js_name = changeMade)]
pub fn change_made(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    cart: Ts<Cart>,
) -> Result<bool, JsError> {
    let key = &crate::text(key, "key")?;
    Ok(cart::change_made(
        &read(state, "mini cart state")?,
        key,
        &read(cart, "cart")?,
    ))
}

/// Whether a change that failed with `status` may still have been made by the service (no
/// answer, a gateway's 502 or 504, an unreadable 2xx): the cart is then asked for again.
#[wasm_bindgen(js_name = changeOutcomeUnknown)]
pub fn change_outcome_unknown(status: u16) -> bool {
    cart::change_outcome_unknown(status)
}

/// The undo failed: the line is deleted again and the change error shows.
#[wasm_bindgen(js_name = undoFailed)]
pub fn undo_failed(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
    error: Ts<CartError>,
    now: f64,
) -> Result<Ts<MiniCartState>, JsError> {
    settled_with_error(state, key, error, now, cart::undo_failed)
}

/// Drops deleted lines older than 10 s and a change error older than 7.5 s.
#[wasm_bindgen]
pub fn expire(state: Ts<MiniCartState>, now: f64) -> Result<Ts<MiniCartState>, JsError> {
    write(&cart::expire(read(state, "mini cart state")?, now))
}

/// Milliseconds until the next expiry (`undefined` when nothing will expire).
#[wasm_bindgen(js_name = nextExpiry)]
pub fn next_expiry(state: Ts<MiniCartState>, now: f64) -> Result<Option<f64>, JsError> {
    Ok(cart::next_expiry(&read(state, "mini cart state")?, now))
}

/// The item count for the badge and the document event.
#[wasm_bindgen(js_name = itemCount)]
pub fn item_count(state: Ts<MiniCartState>) -> Result<u32, JsError> {
    Ok(cart::item_count(&read(state, "mini cart state")?))
}

/// The cart text a tile of a kind is labelled with; `undefined` for a plain article.
#[wasm_bindgen(js_name = lineKindTextKey)]
pub fn line_kind_text_key(kind: Ts<LineKind>) -> Result<Option<String>, JsError> {
    Ok(cart::line_kind_text_key(read(kind, "line kind")?).map(str::to_owned))
}

/// Everything the mini cart shows for a state, on a site, at `now`.
#[wasm_bindgen(js_name = miniCartView)]
pub fn mini_cart_view(
    state: Ts<MiniCartState>,
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
    now: f64,
) -> Result<Ts<MiniCartView>, JsError> {
    write(&cart::mini_cart_view(
        &read(state, "mini cart state")?,
        crate::site(site)?,
        now,
    ))
}

/// The cart's shared names for a site: its storage key, the service's site header, reload
/// events, item-count event, service path.
#[wasm_bindgen(js_name = cartSettings)]
pub fn cart_settings(
    #[wasm_bindgen(unchecked_param_type = "Site")] site: JsValue,
) -> Result<Ts<cart::CartSettings>, JsError> {
    write(&cart::cart_settings(crate::site(site)?))
}
