//! What the JSON services share: the answer's headers, the error body, and reading the site
//! and the parameters of a request.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use shop_core::json::{self, FromJson, ToJson, Value};
use shop_core::site::Site;

/// The longest query string a service reads, in bytes; a longer one is refused with 400
/// (a search term is cut to 200 characters, which percent-encoded stays far below this).
pub const MAX_QUERY_BYTES: usize = 4096;

/// A JSON answer, never cached.
pub fn json_response(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// An error answer: `{"error": CODE, "message": text}`.
pub fn json_error(status: StatusCode, code: &str, message: &str) -> Response {
    let mut body = String::from("{\"error\":");
    json::write_str(&mut body, code);
    body.push_str(",\"message\":");
    json::write_str(&mut body, message);
    body.push('}');
    json_response(status, body)
}

/// What a 405 says: the address does not take the request's method.
pub fn method_not_allowed_message(method: &Method) -> String {
    ["this address does not take ", method.as_str()].concat()
}

/// 405 with `METHOD_NOT_ALLOWED` for a method a route does not take, in the services' error shape
/// (axum's own answer is empty); axum adds the `Allow` header.
pub async fn method_not_allowed(method: Method) -> Response {
    json_error(
        StatusCode::METHOD_NOT_ALLOWED,
        "METHOD_NOT_ALLOWED",
        &method_not_allowed_message(&method),
    )
}

/// 400 with `BAD_REQUEST`.
pub fn bad_request(message: &str) -> Response {
    json_error(StatusCode::BAD_REQUEST, "BAD_REQUEST", message)
}

/// The query string of a request; `None` when it is above [`MAX_QUERY_BYTES`] (answer with
/// [`query_too_long`]).
pub fn query_string(query: Option<&str>) -> Option<&str> {
    let query = query.unwrap_or("");
    (query.len() <= MAX_QUERY_BYTES).then_some(query)
}

/// 400 for a query string above [`MAX_QUERY_BYTES`].
pub fn query_too_long() -> Response {
    bad_request("the query string is longer than 4096 bytes")
}

/// The decoded value of a query parameter (the first one of that name).
pub fn param(query: &str, name: &str) -> Option<String> {
    shop_core::url::query_value(query, name)
}

/// The site a service request is for: the `site` query parameter, else the `site` header, else
/// DE; an unknown code is DE too (both specs: an unknown site falls back to DE).
pub fn request_site(query: &str, headers: &HeaderMap) -> Site {
    match param(query, "site") {
        Some(code) => Site::from_code_or_default(&code),
        None => header_site(headers),
    }
}

/// The site named by the `site` request header (the core's `SITE_HEADER`), else DE.
pub fn header_site(headers: &HeaderMap) -> Site {
    headers
        .get(shop_core::site::SITE_HEADER)
        .and_then(|value| value.to_str().ok())
        .map_or(Site::De, Site::from_code_or_default)
}

/// Each `Cookie` header of the request as text, without the `name=value` pairs that are not
/// UTF-8. One odd cookie (set by a script of the host page or another app on the same host, with
/// bytes outside ASCII) must not hide the shop's own: the visitor's cart, the login and the CSRF
/// token would all look missing, and the visitor would get a new cart.
pub fn cookie_headers(headers: &HeaderMap) -> impl Iterator<Item = String> + '_ {
    headers.get_all(header::COOKIE).iter().map(|value| {
        value
            .as_bytes()
            .split(|byte| *byte == b';')
            .filter_map(|pair| std::str::from_utf8(pair).ok())
            .collect::<Vec<_>>()
            .join(";")
    })
}

/// The value of a cookie of the request (every `Cookie` header is read, see [`cookie_headers`]).
pub fn request_cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    cookie_headers(headers)
        .find_map(|cookies| shop_core::layout::cookie_value(&cookies, name).map(str::to_owned))
}

/// Appends a `Set-Cookie` header.
pub fn set_cookie(response: &mut Response, cookie: &str) {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}

/// Whether the request's `Content-Type` is `media_type` (case-insensitive; parameters such as
/// `charset` allowed, `application/jsonfoo` is not `application/json`).
pub fn has_content_type(headers: &HeaderMap, media_type: &str) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|value| value.trim().eq_ignore_ascii_case(media_type))
}

/// `204 No Content`, never cached.
pub fn no_content() -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// What follows this server's own origin in a URL (`http://` or `https://` and the request's
/// `Host`): `Some("")` for the origin itself, `Some("/path?query")` below it, `None` for another
/// origin, a request without a `Host` or an unreadable URL.
pub fn below_own_origin<'a>(url: &'a str, headers: &HeaderMap) -> Option<&'a str> {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))?;
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let below = rest.strip_prefix(host)?;
    (below.is_empty() || below.starts_with('/')).then_some(below)
}

/// The code of one of the core's unit enums as it writes it (`MRS`, `DNE`, `WAITING_FOR_DOI`,
/// `cart.changeError`): for stored values, query parameters and text keys.
pub fn code<T: ToJson>(value: &T) -> String {
    json::to_string(value).trim_matches('"').to_owned()
}

/// The value of a code (`code`); `None` for a code the core does not know.
pub fn from_code<T: FromJson>(code: &str) -> Option<T> {
    T::from_json(&Value::String(code.to_owned())).ok()
}

/// Every answer, of the shop's origin and of the fragments' (pages, services, static files,
/// errors, redirects), says `nosniff`: a browser takes it as the type it names, never a JSON
/// answer with personal data as a script.
pub async fn no_sniffing(mut response: Response) -> Response {
    response.headers_mut().insert(
        axum::http::header::X_CONTENT_TYPE_OPTIONS,
        axum::http::HeaderValue::from_static("nosniff"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_follows_the_own_origin() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("localhost:8080"));
        for (url, below) in [
            ("http://localhost:8080", Some("")),
            ("https://localhost:8080/hu/p/1?x=1", Some("/hu/p/1?x=1")),
            ("http://localhost:80801/", None),
            ("http://localhost:8081/", None),
            ("http://evil.example/localhost:8080/", None),
            ("ftp://localhost:8080/", None),
            ("null", None),
        ] {
            assert_eq!(below_own_origin(url, &headers), below, "{url}");
        }
        assert_eq!(
            below_own_origin("http://localhost:8080/", &HeaderMap::new()),
            None
        );
    }
}
