//! CSRF protection of the personal-data service by double submit: the pages set a random
//! `csrf` cookie (SameSite=Lax, readable by scripts, see `ShellConfig.csrfCookie`), and
//! `GET /service/customerfrontenddata/api/v1/psdata` answers only requests that send the same
//! value in the `x-csrf-token` header. Another site can make the browser send the cookie, but
//! cannot read it to write the header.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::Response;

use crate::api::{request_cookie, set_cookie};
use crate::visitor::random_token;

/// The cookie holding the token (named in the pages' shell configuration) and the request header
/// that must repeat its value: the core's, which the fragments read too (`visitorSettings`).
pub use shop_core::content::visitor::{CSRF_COOKIE, CSRF_HEADER};

/// A well-formed token: 32 lowercase hex digits.
pub fn valid_token(token: &str) -> bool {
    token.len() == 32
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Whether the request carries the cookie's token in the header (compared in constant time).
pub fn double_submitted(headers: &HeaderMap) -> bool {
    let Some(cookie) = request_cookie(headers, CSRF_COOKIE).filter(|token| valid_token(token))
    else {
        return false;
    };
    let Some(header) = headers
        .get(CSRF_HEADER)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    header.len() == cookie.len()
        && header
            .bytes()
            .zip(cookie.bytes())
            .fold(0u8, |difference, (a, b)| difference | (a ^ b))
            == 0
}

/// The page's CSRF token: the cookie's, or a new one the response sets.
pub struct Csrf {
    pub token: String,
    new: bool,
}

impl Csrf {
    /// Sets the cookie on the response when the request had none (or a malformed one).
    pub fn with_cookie(&self, mut response: Response) -> Response {
        if self.new {
            set_cookie(
                &mut response,
                &format!("{CSRF_COOKIE}={}; Path=/; SameSite=Lax", self.token),
            );
        }
        response
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Csrf {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(
            match request_cookie(&parts.headers, CSRF_COOKIE).filter(|token| valid_token(token)) {
                Some(token) => Csrf { token, new: false },
                None => Csrf {
                    token: random_token(),
                    new: true,
                },
            },
        )
    }
}
