//! The visitor cookie: carts belong to the browser that filled them.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use std::io::Read;

/// The cookie naming the visitor.
pub const VISITOR_COOKIE: &str = "shop_visitor";
/// How long the visitor cookie lasts (a year), from when it is set: a visitor's cart untouched
/// for longer can no longer be named by any browser (`Store::save_cart` deletes such carts).
pub const VISITOR_COOKIE_SECONDS: i64 = 365 * 24 * 60 * 60;

/// The visitor of a request: the id from the cookie, or a new one to set.
pub struct Visitor {
    pub id: String,
    new: bool,
}

/// A well-formed visitor id: 32 lowercase hex digits.
fn valid(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A new random token (32 lowercase hex digits) from the kernel's random source: visitor ids,
/// login tokens, CSRF tokens.
pub fn random_token() -> String {
    let mut bytes = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut file| file.read_exact(&mut bytes));
    if read.is_err() {
        // No random source: fall back to the clock and the process id, still unique per start.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.as_nanos())
            .unwrap_or_default();
        bytes = (nanos ^ (u128::from(std::process::id()) << 64)).to_le_bytes();
    }
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

impl Visitor {
    /// The id of a visitor who came with one: a new visitor has done nothing yet.
    pub fn known_id(&self) -> Option<&str> {
        (!self.new).then_some(self.id.as_str())
    }

    /// Sets the cookie on the response when the visitor is new.
    pub fn with_cookie(&self, mut response: Response) -> Response {
        if self.new {
            let cookie = format!(
                "{VISITOR_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={VISITOR_COOKIE_SECONDS}",
                self.id
            );
            if let Ok(value) = HeaderValue::from_str(&cookie) {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
        }
        response
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Visitor {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let existing = crate::api::cookie_headers(&parts.headers).find_map(|cookies| {
            cookies
                .split(';')
                .filter_map(|pair| pair.trim().split_once('='))
                .find(|(name, id)| *name == VISITOR_COOKIE && valid(id))
                .map(|(_, id)| id.to_owned())
        });
        Ok(match existing {
            Some(id) => Visitor { id, new: false },
            None => Visitor {
                id: random_token(),
                new: true,
            },
        })
    }
}
