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
/// A list parameter's value as the shop's services read it: blank entries left out, the rest
/// trimmed, percent-encoded one by one and joined by a literal `,` (empty when none is left).
pub fn encoded_list(values: &[String]) -> String {
    values
        .iter()
        .map(|value| value.trim())
        .filter(|value| !value.is_empty())
        .map(encode_component)
        .collect::<Vec<_>>()
        .join(",")
}

/// A URL's three parts: what comes before the query, the query (without `?`, empty when there
/// is none) and the fragment (without `#`).
pub fn url_parts(url: &str) -> (&str, &str, Option<&str>) {
    let (before_fragment, fragment) = match url.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (url, None),
    };
    let (path, query) = before_fragment
        .split_once('?')
        .unwrap_or((before_fragment, ""));
    (path, query, fragment)
}

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

/// Appends a query string to a URL that may already have one, before its `#` part (a query
/// after the `#` would be part of the fragment, which the server never sees).
pub fn with_query(url: &str, query: &str) -> String {
    if query.is_empty() {
        return url.to_owned();
    }
    let (path, hash, fragment) = url
        .split_once('#')
        .map_or((url, "", ""), |(path, fragment)| (path, "#", fragment));
    let separator = if crate::contains_char(path, '?') {
        "&"
    } else {
        "?"
    };
    [path, separator, query, hash, fragment].concat()
}

/// Decodes `%XX` escapes and `+` as space; malformed escapes stay as they are.
pub fn decode_component(value: &str) -> String {
    decode(value, true)
}

/// Decodes the `%XX` escapes of a URL's path (`/tr/ev-ya%C5%9Fam%C4%B1` is `/tr/ev-yaşamı`, as
/// a browser's `location.pathname` gives it); `+` stays `+`, malformed escapes stay as they are.
pub fn decode_path(value: &str) -> String {
    decode(value, false)
}

fn decode(value: &str, plus_is_space: bool) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        let escaped = (byte == b'%')
            .then(|| {
                let high = char::from(*bytes.get(index + 1)?).to_digit(16)?;
                let low = char::from(*bytes.get(index + 2)?).to_digit(16)?;
                u8::try_from(high * 16 + low).ok()
            })
            .flatten();
        match (escaped, byte) {
            (Some(decoded), _) => {
                out.push(decoded);
                index += 3;
            }
            (None, b'+') if plus_is_space => {
                out.push(b' ');
                index += 1;
            }
            (None, other) => {
                out.push(other);
                index += 1;
            }
        }
    }
    lossy_text(&out)
}

/// Bytes as text, every invalid sequence replaced by U+FFFD as `String::from_utf8_lossy` does
/// (one per maximal invalid subpart), without the standard chunk iterator in the browser build.
fn lossy_text(mut bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(valid) => {
                text.push_str(valid);
                return text;
            }
            Err(error) => {
                let valid = bytes.get(..error.valid_up_to()).unwrap_or_default();
                text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                text.push(char::REPLACEMENT_CHARACTER);
                let skipped = error.valid_up_to() + error.error_len().unwrap_or(bytes.len());
                bytes = bytes.get(skipped..).unwrap_or_default();
            }
        }
    }
}

/// The raw (still encoded) values of every `name` parameter of a query string (with or without
/// the leading `?`), in order.
pub fn query_values<'a>(query_string: &'a str, name: &'a str) -> impl Iterator<Item = &'a str> {
    let query_string = query_string.strip_prefix('?').unwrap_or(query_string);
    query_string
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter(move |(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// The decoded value of the first `name` parameter of a query string (with or without the
/// leading `?`).
pub fn query_value(query_string: &str, name: &str) -> Option<String> {
    query_values(query_string, name)
        .next()
        .map(decode_component)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn invalid_bytes_are_replaced_as_the_standard_library_does(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            prop_assert_eq!(lossy_text(&bytes), String::from_utf8_lossy(&bytes).into_owned());
        }
    }

    #[test]
    fn a_parameter_given_twice_reads_as_its_first_value() {
        assert_eq!(query_value("q=1&q=2", "q").as_deref(), Some("1"));
        assert_eq!(query_value("?x=1&q=a%20b&q=2", "q").as_deref(), Some("a b"));
        assert_eq!(query_value("?qq=1", "q"), None);
    }

    #[test]
    fn a_url_in_its_parts() {
        assert_eq!(
            url_parts("/c/kaffee?page=2#top"),
            ("/c/kaffee", "page=2", Some("top"))
        );
        assert_eq!(url_parts("/c/kaffee#a?b"), ("/c/kaffee", "", Some("a?b")));
        assert_eq!(url_parts("/c/kaffee?"), ("/c/kaffee", "", None));
        assert_eq!(url_parts(""), ("", "", None));
    }

    #[test]
    fn a_decoded_invalid_sequence_becomes_the_replacement_character() {
        assert_eq!(decode_component("a%FFb%C3"), "a\u{FFFD}b\u{FFFD}");
        assert_eq!(decode_component("%C3%BC%E2%82"), "ü\u{FFFD}");
    }

    #[test]
    fn encodes_reserved_and_non_ascii() {
        assert_eq!(encode_component("Kaffee & Tee"), "Kaffee%20%26%20Tee");
        assert_eq!(encode_component("größe"), "gr%C3%B6%C3%9Fe");
        assert_eq!(encode_component("a-b_c.d~e"), "a-b_c.d~e");
        assert_eq!(query(&[("q", "a b"), ("site", "DE")]), "q=a%20b&site=DE");
        assert_eq!(with_query("/p/1", "q=x"), "/p/1?q=x");
        assert_eq!(with_query("/p/1?a=b", "q=x"), "/p/1?a=b&q=x");
        assert_eq!(with_query("/p/1", ""), "/p/1");
        // Before the `#` part: a query after it would be the fragment's.
        assert_eq!(
            with_query("/p/1#reviews", "q=x&dim1=9"),
            "/p/1?q=x&dim1=9#reviews"
        );
        assert_eq!(with_query("/p/1?a=b#top", "q=x"), "/p/1?a=b&q=x#top");
        assert_eq!(with_query("/p/1#", "q=x"), "/p/1?q=x#");
        assert_eq!(with_query("/p/1#a?b", "q=x"), "/p/1?q=x#a?b");
        assert_eq!(query_value("?a=1&q=x%20y+z", "q").as_deref(), Some("x y z"));
        assert_eq!(query_value("a=1", "q"), None);
        assert_eq!(decode_component("%zz%4"), "%zz%4");
    }

    proptest! {
        #[test]
        fn encoded_output_is_plain_ascii(value in any::<String>()) {
            let encoded = encode_component(&value);
            prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
            prop_assert_eq!(decode_component(&encoded), value.clone());
            let _ = query_value(&value, "q");
        }
    }
}
