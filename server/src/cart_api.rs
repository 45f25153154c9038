//! The cart service of the header spec section 7, at `/service/cart/api/cart`, for the site its
//! `site` header names (the core's `CART_SITE_HEADER`; none or an unknown code: DE): each site is
//! its own shop with its own catalogue and its own cart per visitor (ADR 0017).
//! - `GET` (optional `?forceReload=true`): the visitor's cart;
//! - `PUT` with one modification payload (`setArticle`, `setFreeArticle`, `setGiftCard`,
//!   `setPartnerProduct`, `deleteSubscription`, and the shop's `restoreSubscription` for Undo):
//!   `{cart, addedProduct?}`; `304` when nothing changed;
//! - `POST` with the same payloads as an add-to-cart from a product: `setArticle` adds its
//!   quantity to the pieces already in the cart.
//!
//! Errors are `{"error": CODE, "limit"?: n}` with a 4xx/5xx status and change nothing:
//! 400 for a body that is not a payload, 413 above [`MAX_BODY_BYTES`] (axum's body limit on the
//! route, before the body is read), 415 for a body that is not JSON, 404 UNKNOWN_ITEM,
//! 409 for CART_LIMIT / ITEM_LIMIT / AVAILABILITY_LIMIT, 500 for a store failure, and the
//! configured fault (tests only) with 503.

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use shop_core::cart::service::{Shop, apply_addition, apply_change, recalculate};
use shop_core::cart::{
    Cart, CartAnswer, CartError, CartErrorCode, CartItem, CartModification, cart_lines,
};
use shop_core::json;
use shop_core::site::Site;

use crate::api::{json_error, json_response};
use crate::app::AppState;
use crate::store::StoreError;
use crate::visitor::Visitor;

/// Largest modification body read, in bytes (a payload is under 200).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

fn error_response(status: StatusCode, code: CartErrorCode, limit: Option<u32>) -> Response {
    json_response(status, json::to_string(&CartError { code, limit }))
}

/// A request the service cannot read: not a cart error code, so clients read it as UNKNOWN.
fn bad_request(status: StatusCode, message: &str) -> Response {
    json_error(status, "BAD_REQUEST", message)
}

fn store_failure() -> Response {
    error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        CartErrorCode::Unknown,
        None,
    )
}

/// The status a refused modification is answered with.
fn refusal_status(code: CartErrorCode) -> StatusCode {
    match code {
        CartErrorCode::UnknownItem => StatusCode::NOT_FOUND,
        CartErrorCode::CartLimit | CartErrorCode::ItemLimit | CartErrorCode::AvailabilityLimit => {
            StatusCode::CONFLICT
        }
        _ => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// Whose cart: the visitor's on a site, and whether the visitor holds the loyalty card (logged
/// in as a card member), which lowers the shipping threshold on some sites.
#[derive(Clone, Copy, Debug)]
pub struct CartOwner<'a> {
    pub visitor: &'a str,
    pub site: Site,
    pub card_member: bool,
}

impl<'a> CartOwner<'a> {
    /// The owner of a request's cart on `site`.
    pub fn of(state: &AppState, visitor: &'a Visitor, site: Site, headers: &HeaderMap) -> Self {
        CartOwner::with_login(
            visitor,
            site,
            crate::account::current_login(state, headers).as_ref(),
        )
    }

    /// The owner of a cart on `site` whose login is known already.
    pub fn with_login(
        visitor: &'a Visitor,
        site: Site,
        login: Option<&crate::account::Login>,
    ) -> Self {
        CartOwner {
            visitor: &visitor.id,
            site,
            card_member: login.is_some_and(|login| login.account.card_member),
        }
    }

    /// The owner of a cart service call: the site its `site` header names.
    fn of_call(state: &AppState, visitor: &'a Visitor, headers: &HeaderMap) -> Self {
        CartOwner::of(state, visitor, crate::api::header_site(headers), headers)
    }
}

/// The owner's cart as it stands now, with the site's catalogue: its sums and shipping for who
/// the owner is now (a login changes the card holder's threshold without a change of the cart).
pub fn current_cart(state: &AppState, owner: CartOwner) -> Result<Cart, StoreError> {
    let offers = state.store.offers(owner.site)?;
    let mut cart = state.store.cart(owner.visitor, owner.site)?;
    recalculate(&mut cart, shop(owner, &offers));
    Ok(cart)
}

fn shop<'a>(owner: CartOwner, offers: &'a [shop_core::cart::service::Offer]) -> Shop<'a> {
    Shop {
        site: owner.site,
        offers,
        card_member: owner.card_member,
    }
}

/// `GET /service/cart/api/cart`.
pub async fn get_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    headers: HeaderMap,
) -> Response {
    if let Some(code) = state.faults.cart_load() {
        return visitor.with_cookie(error_response(StatusCode::SERVICE_UNAVAILABLE, code, None));
    }
    let response = match current_cart(&state, CartOwner::of_call(&state, &visitor, &headers)) {
        Ok(cart) => json_response(StatusCode::OK, json::to_string(&cart)),
        Err(_) => store_failure(),
    };
    visitor.with_cookie(response)
}

/// `PUT /service/cart/api/cart` with one modification payload: sets what it names.
pub async fn change_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let response = change(&state, &visitor, &headers, body, apply_change);
    visitor.with_cookie(response)
}

/// `POST /service/cart/api/cart`: an add-to-cart; `setArticle` adds its quantity to the cart's.
pub async fn add_to_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let response = change(&state, &visitor, &headers, body, apply_addition);
    visitor.with_cookie(response)
}

type Apply = fn(&Cart, Shop, &CartModification) -> Result<Cart, CartError>;

/// A modification the cart took: the changed cart, or nothing changed (304).
pub enum Modified {
    Changed(Box<CartAnswer>),
    Unchanged,
}

/// Applies a modification to a visitor's cart on a site (the service's PUT and POST, and the
/// product tiles' and cart page's forms without JavaScript): the `cartChange` fault, the site
/// catalogue's rules (`apply`), then the store. A refusal comes with the status the service
/// answers it with.
pub fn modify(
    state: &AppState,
    owner: CartOwner,
    modification: &CartModification,
    apply: Apply,
) -> Result<Modified, (StatusCode, CartError)> {
    if let Some(code) = state.faults.cart_change() {
        return Err((
            StatusCode::SERVICE_UNAVAILABLE,
            CartError { code, limit: None },
        ));
    }
    let store_failure = (
        StatusCode::INTERNAL_SERVER_ERROR,
        CartError {
            code: CartErrorCode::Unknown,
            limit: None,
        },
    );
    // One step from reading to storing: two changes sent at once must not both start from the
    // same cart, or the later save would undo the earlier change.
    let changed = state
        .store
        .change_cart(owner.visitor, owner.site, |mut cart, offers| {
            recalculate(&mut cart, shop(owner, offers));
            let next = apply(&cart, shop(owner, offers), modification)
                .map_err(|error| (refusal_status(error.code), error))?;
            Ok((next != cart).then_some(next))
        })
        .map_err(|_| store_failure)?;
    let Some(next) = changed? else {
        return Ok(Modified::Unchanged);
    };
    let added_product = added_article(modification, &next);
    Ok(Modified::Changed(Box::new(CartAnswer {
        cart: next,
        added_product,
    })))
}

fn change(
    state: &AppState,
    visitor: &Visitor,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    apply: Apply,
) -> Response {
    // A body over the route's limit is refused while it is read (axum's `DefaultBodyLimit`):
    // answered in the service's own error shape like every other refusal, not axum's text.
    let body = match body {
        Ok(body) if body.len() <= MAX_BODY_BYTES => body,
        Err(rejection) if rejection.status() != StatusCode::PAYLOAD_TOO_LARGE => {
            return bad_request(StatusCode::BAD_REQUEST, "the body could not be read");
        }
        _ => {
            return bad_request(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the body is larger than 16 KiB",
            );
        }
    };
    let body = &body[..];
    if !crate::api::has_content_type(headers, "application/json") {
        return bad_request(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the payload as application/json",
        );
    }
    let Ok(text) = std::str::from_utf8(body) else {
        return bad_request(StatusCode::BAD_REQUEST, "the body is not UTF-8");
    };
    let modification: CartModification = match json::from_str(text) {
        Ok(modification) => modification,
        Err(error) => {
            return bad_request(
                StatusCode::BAD_REQUEST,
                &["not a cart modification: ", error.message()].concat(),
            );
        }
    };
    match modify(
        state,
        CartOwner::of_call(state, visitor, headers),
        &modification,
        apply,
    ) {
        Ok(Modified::Changed(answer)) => json_response(StatusCode::OK, json::to_string(&*answer)),
        Ok(Modified::Unchanged) => StatusCode::NOT_MODIFIED.into_response(),
        Err((status, error)) => error_response(status, error.code, error.limit),
    }
}

/// The article a `setArticle` with a quantity above 0 put into the cart.
fn added_article(modification: &CartModification, cart: &Cart) -> Option<shop_core::cart::Article> {
    let CartModification::SetArticle {
        product_id,
        quantity,
        ..
    } = modification
    else {
        return None;
    };
    if *quantity == 0 {
        return None;
    }
    cart_lines(cart)
        .into_iter()
        .find_map(|line| match line.item {
            CartItem::Article(article) if &article.product_id == product_id => Some(article),
            _ => None,
        })
}
