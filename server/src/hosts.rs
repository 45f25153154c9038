//! The host names the shop origin answers for (`SHOP_HOSTS`). A page of another site whose name
//! an attacker points at 127.0.0.1 (DNS rebinding) would otherwise count as this shop's own
//! origin to the browser and could read carts, the preview panel and the staff pages of a shop
//! running on a developer's machine. Such a request names the attacker's host in `Host`, so the
//! shop answers only for:
//! - `localhost` and names under `.localhost`,
//! - IP addresses (an attacker cannot make a browser send one for its own name),
//! - the names listed in `SHOP_HOSTS` (comma-separated, without port; `.example.com` also
//!   allows every name under `example.com`), the public names of a shop behind a proxy.
//!
//! A request without `Host` (not from a browser) is answered. Another host gets 403 with a
//! message saying how to allow it.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The extra names of `SHOP_HOSTS`, lowercased.
#[derive(Clone, Debug, Default)]
pub struct AllowedHosts(Arc<Vec<String>>);

impl AllowedHosts {
    /// The names of a comma-separated list (`SHOP_HOSTS`); blanks are skipped. An entry that
    /// could never match a browser's `Host` (a port, a `*` wildcard, a path, a name outside
    /// ASCII, which browsers send as punycode) is an error naming it, not a silent 403 later.
    pub fn from_list(list: &str) -> Result<AllowedHosts, String> {
        let mut names = Vec::new();
        for entry in list
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
        {
            let name = entry.trim_end_matches('.').to_ascii_lowercase();
            let usable = !name.is_empty()
                && name != "."
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
            if !usable {
                return Err(format!(
                    "SHOP_HOSTS: {entry:?} is no host name (names only, without port or wildcard; \
                     `.example.com` allows every name under example.com)"
                ));
            }
            names.push(name);
        }
        Ok(AllowedHosts(Arc::new(names)))
    }

    /// Whether the shop answers a request with this `Host` value (name and maybe port). A name
    /// longer than any domain name (253 letters, RFC 1035) is refused: the page writes its host
    /// into its policy and its links some twenty times, and a 128 KB `a.a.….localhost` made a
    /// 3.7 MB answer.
    pub fn allows(&self, host: &str) -> bool {
        let Some(name) = host_name(host)
            .map(|name| name.trim_end_matches('.'))
            .filter(|name| name.len() <= MAX_HOST_NAME_BYTES)
        else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        name == "localhost"
            || name.ends_with(".localhost")
            || is_ip_address(&name)
            || self
                .0
                .iter()
                .any(|allowed| match allowed.strip_prefix('.') {
                    Some(domain) => name == domain || name.ends_with(allowed.as_str()),
                    None => &name == allowed,
                })
    }
}

/// The longest domain name, in its written form (RFC 1035: 255 octets on the wire).
const MAX_HOST_NAME_BYTES: usize = 253;

/// The name of a `Host` value without its port: `[::1]:8080` -> `[::1]`, `shop:8080` -> `shop`.
/// `None` for an empty name or a port that is not a number.
pub(crate) fn host_name(host: &str) -> Option<&str> {
    let (name, port) = if host.starts_with('[') {
        let end = host.find(']')?;
        let (name, rest) = host.split_at(end + 1);
        if rest.is_empty() {
            (name, None)
        } else {
            (name, Some(rest.strip_prefix(':')?))
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        }
    };
    let port_ok =
        port.is_none_or(|port| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()));
    (!name.is_empty() && port_ok).then_some(name)
}

/// An IPv4 address in dotted form or an IPv6 address in brackets.
fn is_ip_address(name: &str) -> bool {
    match name
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
    {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => name.parse::<std::net::Ipv4Addr>().is_ok(),
    }
}

/// The middleware: a request for a host the shop does not answer for gets 403 and goes no
/// further. The host is the `Host` header's and, where the request names one, its URI's
/// authority (an absolute-form request target, HTTP/2's `:authority`): both must be allowed. A
/// request with more than one `Host` header gets 400 (RFC 9112, section 3.2): which one a
/// server behind a proxy would take is anyone's guess.
pub async fn only_allowed_hosts(
    allowed: AllowedHosts,
    request: Request<Body>,
    next: Next,
) -> Response {
    let host_headers = request.headers().get_all(header::HOST);
    if host_headers.iter().count() > 1 {
        return refusal(
            StatusCode::BAD_REQUEST,
            "A request names its host once: this one has more than one Host header.\n".to_owned(),
        );
    }
    let named = host_headers
        .iter()
        .map(|value| value.to_str().unwrap_or_default())
        .chain(
            request
                .uri()
                .authority()
                .map(|authority| authority.as_str()),
        );
    for host in named {
        if !allowed.allows(host) {
            return refusal(
                StatusCode::FORBIDDEN,
                format!(
                    "This shop server does not answer for the host {host:?}. To serve the shop \
                     under that name, add it to SHOP_HOSTS (comma-separated names).\n"
                ),
            );
        }
    }
    next.run(request).await
}

fn refusal(status: StatusCode, message: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        message,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_names_and_addresses_are_answered_without_configuration() {
        let none = AllowedHosts::default();
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST.",
            "shop.localhost:8081",
            "127.0.0.1:8080",
            "10.0.0.7",
            "[::1]:8080",
            "[2001:db8::1]",
        ] {
            assert!(none.allows(host), "{host}");
        }
    }

    #[test]
    fn other_names_only_when_listed() {
        let none = AllowedHosts::default();
        let listed =
            AllowedHosts::from_list(" www.shop.example , .shop.test,,").unwrap_or_default();
        for host in [
            "attacker.example",
            "attacker.example:8080",
            "localhost.attacker.example",
            "shop-backend",
        ] {
            assert!(!none.allows(host), "{host}");
            assert!(!listed.allows(host), "{host}");
        }
        for host in [
            "www.shop.example",
            "WWW.Shop.Example:443",
            "shop.test",
            "a.shop.test:8080",
        ] {
            assert!(!none.allows(host), "{host}");
            assert!(listed.allows(host), "{host}");
        }
        assert!(!listed.allows("evilshop.test"));
        assert!(!listed.allows("shop.example"));
    }

    #[test]
    fn a_list_entry_no_browser_would_send_is_an_error_naming_it() {
        for entry in [
            "shop.example:8443",
            "*.shop.example",
            "shop.example/x",
            "müller.example",
            ".",
        ] {
            let error = AllowedHosts::from_list(&["localhost,", entry].concat()).err();
            assert!(error.is_some_and(|text| text.contains(entry)), "{entry}");
        }
        assert!(AllowedHosts::from_list("").is_ok());
        assert!(AllowedHosts::from_list("xn--mller-kva.example, .shop.test.").is_ok());
    }

    #[test]
    fn malformed_hosts_are_refused() {
        let listed = AllowedHosts::from_list("shop.example").unwrap_or_default();
        for host in [
            "",
            ":8080",
            "shop.example:",
            "shop.example:80x",
            "[::1",
            "[::1]x",
            "[zz]:80",
            "999.1.1.1",
        ] {
            assert!(!listed.allows(host), "{host:?}");
        }
        // No domain name is longer than 253 letters: a longer local name is refused too.
        let local = |letters: usize| ["a.".repeat(letters / 2), "localhost".into()].concat();
        let longest = local(244);
        assert_eq!(longest.len(), 253);
        assert!(listed.allows(&longest));
        assert!(listed.allows(&[longest.as_str(), ".:8080"].concat()));
        assert!(!listed.allows(&["a", longest.as_str()].concat()));
        assert!(!listed.allows(&local(128 * 1024)));
    }
}
