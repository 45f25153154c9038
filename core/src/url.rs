//! Building the query strings the specs' calls and links use.

/// Percent-encodes a query value or path segment: everything but the RFC 3986 unreserved
/// characters (`A-Z a-z 0-9 - . _ ~`) is encoded as UTF-8 bytes.
pub fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(hex_digit(byte >> 4));
            out.push(hex_digit(byte & 0x0f));
        }
    }
    out
}

fn hex_digit(nibble: u8) -> char {
    char::from_digit(u32::from(nibble), 16)
        .unwrap_or('0')
        .to_ascii_uppercase()
}

/// `key=value&key=value` from pairs, values percent-encoded, in the given order.
pub fn query(pairs: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for (key, value) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(key);
        out.push('=');
        out.push_str(&encode_component(value));
    }
    out
}

/// Appends a query string to a URL that may already have one.
pub fn with_query(url: &str, query: &str) -> String {
    if query.is_empty() {
        return url.to_owned();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{query}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn encodes_reserved_and_non_ascii() {
        assert_eq!(encode_component("Kaffee & Tee"), "Kaffee%20%26%20Tee");
        assert_eq!(encode_component("größe"), "gr%C3%B6%C3%9Fe");
        assert_eq!(encode_component("a-b_c.d~e"), "a-b_c.d~e");
        assert_eq!(query(&[("q", "a b"), ("site", "DE")]), "q=a%20b&site=DE");
        assert_eq!(with_query("/p/1", "q=x"), "/p/1?q=x");
        assert_eq!(with_query("/p/1?a=b", "q=x"), "/p/1?a=b&q=x");
        assert_eq!(with_query("/p/1", ""), "/p/1");
    }

    proptest! {
        #[test]
        fn encoded_output_is_plain_ascii(value in any::<String>()) {
            let encoded = encode_component(&value);
            prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
        }
    }
}
