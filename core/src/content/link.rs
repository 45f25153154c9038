//! Safe links and colour codes, shared by the footer and the promotions (newsletter spec
//! section 2 "Footer": links starting with http or mailto open in a new tab with no referrer;
//! section 3 "Promotion": links, backgroundColorCode, textColor).
//!
//! Content comes from an editorial system, so every link and colour is checked before a view
//! puts it into an attribute: a link that could run script (`javascript:`, `data:`,
//! `vbscript:`, ...) or leave for another host by a protocol-relative path is dropped, and a
//! colour that is not a plain hex code (hostile CSS such as `red;background:url(x)`) is dropped.

use crate::json::Json;

/// The `rel` of a link that opens in a new tab: no opener, no referrer (footer behaviour).
pub const NEW_TAB_REL: &str = "noopener noreferrer";

/// The longest link accepted; longer ones are dropped.
pub const MAX_URL_LENGTH: usize = 4096;

/// The schemes a link may have; everything else (`javascript:`, `data:`, `vbscript:`, `file:`,
/// ...) is dropped.
pub const SAFE_SCHEMES: [&str; 4] = ["http", "https", "mailto", "tel"];

/// Where a link goes and how it opens (footer behaviour: links starting with http or mailto
/// open in a new tab with no referrer).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LinkTarget {
    /// The checked URL ([`safe_url`]).
    pub href: String,
    /// Whether the link opens in a new tab (`target="_blank"`).
    pub new_tab: bool,
    /// `"noopener noreferrer"` for a new-tab link, absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rel: Option<String>,
}

/// The link, if it is safe to put into an `href` (footer and promotion links): a same-origin
/// path (`/x`, but not `//host` or `/\host`), or an `http:`, `https:` (with a host), `mailto:`
/// or `tel:` URL. The scheme is case-insensitive and returned in lowercase; surrounding
/// whitespace is trimmed. Control characters anywhere, any other scheme, relative paths not
/// starting with `/` and links longer than [`MAX_URL_LENGTH`] give `None` (the link is dropped).
pub fn safe_url(url: &str) -> Option<String> {
    let url = url.trim();
    if url.is_empty() || url.len() > MAX_URL_LENGTH || url.chars().any(char::is_control) {
        return None;
    }
    if let Some(rest) = url.strip_prefix('/') {
        // `//host` and `/\host` are protocol-relative: another origin.
        return (!rest.starts_with(['/', '\\'])).then(|| url.to_owned());
    }
    let (scheme, rest) = url.split_once(':')?;
    let scheme = scheme.to_ascii_lowercase();
    if !SAFE_SCHEMES.contains(&scheme.as_str()) {
        return None;
    }
    if scheme.starts_with("http") {
        let host = rest.strip_prefix("//")?;
        let host_end = host.find(['/', '\\', '?', '#']).unwrap_or(host.len());
        if host_end == 0 {
            return None;
        }
    }
    Some([&scheme, ":", rest].concat())
}

/// Whether a link opens in a new tab with no referrer: it starts with `http` or `mailto`
/// (footer behaviour; case-insensitive, leading whitespace ignored).
pub fn link_opens_new_tab(url: &str) -> bool {
    let url = url.trim_start();
    ["http", "mailto"].iter().any(|prefix| {
        url.get(..prefix.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
    })
}

/// The view model of a link: the [`safe_url`] of `url` with its new-tab and `rel` settings
/// (footer behaviour); `None` when the link is unsafe and must be dropped. `new_tab` asks for a
/// new tab whatever the link (a category the navigation service marks `_blank`, a design-system
/// link told so); without it the footer's rule decides.
pub fn link_target(url: &str, new_tab: bool) -> Option<LinkTarget> {
    let href = safe_url(url)?;
    let new_tab = new_tab || link_opens_new_tab(&href);
    Some(LinkTarget {
        href,
        new_tab,
        rel: new_tab.then(|| NEW_TAB_REL.to_owned()),
    })
}

/// The colour code, if it is a plain hex colour: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (promotion
/// backgroundColorCode and textColor). Surrounding whitespace is trimmed; anything else (colour
/// names, `rgb()`, hostile CSS such as `red;background:url(x)`) gives `None`.
pub fn safe_color(color: &str) -> Option<String> {
    let color = color.trim();
    let hex = color.strip_prefix('#')?;
    (matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| color.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn safe_urls() {
        let table: &[(&str, Option<&str>)] = &[
            ("/subscribenewsletter", Some("/subscribenewsletter")),
            ("  /contact  ", Some("/contact")),
            ("/c/kaffee?x=1#top", Some("/c/kaffee?x=1#top")),
            ("/", Some("/")),
            (
                "https://www.example.com/x",
                Some("https://www.example.com/x"),
            ),
            ("HTTPS://www.example.com", Some("https://www.example.com")),
            ("http://example.com", Some("http://example.com")),
            (
                "mailto:service@example.com",
                Some("mailto:service@example.com"),
            ),
            ("MailTo:a@b.c", Some("mailto:a@b.c")),
            ("tel:+49401234", Some("tel:+49401234")),
            ("javascript:alert(1)", None),
            ("JavaScript:alert(1)", None),
            (" javascript:alert(1)", None),
            ("java\tscript:alert(1)", None),
            ("data:text/html,<script>alert(1)</script>", None),
            ("vbscript:msgbox(1)", None),
            ("file:///etc/passwd", None),
            ("//evil.example/x", None),
            ("/\\evil.example/x", None),
            ("https:///x", None),
            ("https:evil", None),
            ("http://", None),
            ("relative/path", None),
            ("#top", None),
            ("", None),
            ("   ", None),
            ("/a\nb", None),
            ("/a\u{0}b", None),
        ];
        for (input, expected) in table {
            assert_eq!(safe_url(input).as_deref(), *expected, "{input:?}");
        }
        let long = format!("/{}", "a".repeat(MAX_URL_LENGTH));
        assert_eq!(safe_url(&long), None);
    }

    #[test]
    fn new_tab_for_http_and_mailto() {
        let table = [
            ("https://x.example", true),
            ("http://x.example", true),
            ("HTTP://x.example", true),
            ("mailto:a@b.c", true),
            ("/contact", false),
            ("tel:+49", false),
            ("", false),
            ("ht", false),
            ("é", false),
        ];
        for (url, new_tab) in table {
            assert_eq!(link_opens_new_tab(url), new_tab, "{url}");
        }
    }

    #[test]
    fn link_targets() {
        assert_eq!(
            link_target("https://x.example", false),
            Some(LinkTarget {
                href: "https://x.example".into(),
                new_tab: true,
                rel: Some(NEW_TAB_REL.into()),
            })
        );
        assert_eq!(
            link_target("/contact", false),
            Some(LinkTarget {
                href: "/contact".into(),
                new_tab: false,
                rel: None,
            })
        );
        assert_eq!(link_target("javascript:alert(1)", false), None);
        // Asked for a new tab: any safe link gets one, with the same rel; an unsafe one stays out.
        assert_eq!(
            link_target("/contact", true),
            Some(LinkTarget {
                href: "/contact".into(),
                new_tab: true,
                rel: Some(NEW_TAB_REL.into()),
            })
        );
        assert_eq!(link_target("javascript:alert(1)", true), None);
        let json = serde_json::from_str::<serde_json::Value>(&crate::json::to_string(
            &link_target("/contact", false),
        ))
        .ok();
        assert_eq!(
            json,
            Some(serde_json::json!({"href": "/contact", "newTab": false}))
        );
    }

    #[test]
    fn safe_colors() {
        let table: &[(&str, Option<&str>)] = &[
            ("#fff", Some("#fff")),
            ("#FFAA00", Some("#FFAA00")),
            (" #ffaa0080 ", Some("#ffaa0080")),
            ("#fff8", Some("#fff8")),
            ("#fffff", None),
            ("#ggg", None),
            ("red", None),
            ("red;background:url(x)", None),
            ("#fff;background:url(x)", None),
            ("rgb(0,0,0)", None),
            ("", None),
            ("#", None),
        ];
        for (input, expected) in table {
            assert_eq!(safe_color(input).as_deref(), *expected, "{input:?}");
        }
    }

    proptest! {
        #[test]
        fn links_are_total_and_safe(input in any::<String>()) {
            if let Some(url) = safe_url(&input) {
                prop_assert!(!url.chars().any(char::is_control));
                prop_assert!(!url.starts_with("//"));
                let lower = url.to_ascii_lowercase();
                let known_scheme = SAFE_SCHEMES
                    .iter()
                    .any(|scheme| lower.strip_prefix(scheme).is_some_and(|rest| rest.starts_with(':')));
                prop_assert!(url.starts_with('/') || known_scheme);
            }
            let _ = link_opens_new_tab(&input);
            for new_tab in [false, true] {
                if let Some(target) = link_target(&input, new_tab) {
                    prop_assert_eq!(target.rel.is_some(), target.new_tab);
                }
            }
            if let Some(color) = safe_color(&input) {
                prop_assert!(color.starts_with('#'));
                prop_assert!(color.len() <= 9);
            }
        }

        #[test]
        fn links_are_total_on_url_like_input(input in "[a-zA-Z:/\\\\ \t#?.@]{0,24}") {
            let _ = safe_url(&input);
            let _ = link_target(&input, false);
        }
    }
}
