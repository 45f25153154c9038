//! The consent manager on every page (newsletter spec section 7, "Other integrations"): the
//! page loads it with its site's domain id, the test variant on an internal host, and tells the
//! shell the events it follows; the reference consent manager's files are served.

#![allow(clippy::panic)]

mod common;

use axum::http::StatusCode;
use common::Shop;
use shop_core::consent::{consent_domain_id, consent_domain_script};
use shop_core::site::Site;

/// The consent manager's script tag of a page.
fn script_tag(html: &str) -> &str {
    let start = html
        .find("<script async src=\"/service/consent/cmp.js\"")
        .unwrap_or_else(|| panic!("no consent manager in {html}"));
    let end = html[start..]
        .find("</script>")
        .map_or(html.len(), |end| start + end);
    &html[start..end]
}

#[tokio::test]
async fn every_site_loads_its_configuration_the_test_one_on_internal_hosts() {
    let mut shop = Shop::open("consent-pages", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        for (host, internal) in [("localhost:8080", true), ("www.shop.example", false)] {
            let answer = shop
                .get_with(&format!("{prefix}/"), &[("host", host)])
                .await;
            assert_eq!(answer.status, StatusCode::OK);
            let tag = script_tag(&answer.body);
            let id = consent_domain_script(site, host.split(':').next().unwrap_or(host));
            assert_eq!(id.ends_with("-test"), internal, "{host}");
            assert!(id.starts_with(consent_domain_id(site)));
            assert!(
                tag.contains(&format!("data-domain-script=\"{id}\"")),
                "{site:?} {host}: {tag}"
            );
            assert!(
                tag.contains("data-changed-event=\"consent:changed\""),
                "{tag}"
            );
            assert!(
                tag.contains("data-settings-event=\"shop:consent-settings\""),
                "{tag}"
            );
        }
    }
    // A request without a host, or with one that is no plain name (an IPv6 address, a proxy's
    // backend name without a dot), is public: the site's own configuration. (A name is answered
    // at all only when SHOP_HOSTS lists it: the suites list these in `common::config`.)
    let public = format!("data-domain-script=\"{}\"", consent_domain_id(Site::De));
    assert!(script_tag(&shop.get("/").await.body).contains(&public));
    for host in [
        "[2001:db8::1]:8080",
        "shop-backend:8080",
        "www.shop.example",
    ] {
        let page = shop.get_with("/", &[("host", host)]).await.body;
        assert!(script_tag(&page).contains(&public), "{host}");
    }
    // The plain host page brings its own consent management.
    assert!(
        !shop
            .get("/embed")
            .await
            .body
            .contains("/service/consent/cmp.js")
    );

    // The shell follows the consent manager's event and pushes the core's data-layer event.
    let home = shop.get("/").await.body;
    assert!(
        home.contains(
            r#""consent":{"changedEvent":"consent:changed","dataLayerEvent":"consent_update"}"#
        ),
        "{home}"
    );
}

#[tokio::test]
async fn the_reference_consent_managers_files_are_served() {
    let mut shop = Shop::open("consent-files", false);
    for (path, kind, marker) in [
        (
            "/service/consent/cmp.js",
            "javascript",
            "data-domain-script",
        ),
        ("/service/consent/cmp.css", "text/css", ".cmp-banner"),
    ] {
        let answer = shop.get(path).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert!(answer.header("content-type").contains(kind), "{path}");
        assert_eq!(answer.header("cache-control"), "no-cache");
        assert!(answer.body.contains(marker), "{path}");
    }
    let missing = shop.get("/service/consent/../Cargo.toml").await;
    assert_ne!(missing.status, StatusCode::OK);
}
