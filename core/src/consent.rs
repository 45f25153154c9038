//! The consent manager (newsletter spec section 7, "Other integrations": "a third-party
//! consent-management script loaded with a per-site domain id (a test variant on internal
//! hosts), with an event pushed to the data layer on consent change"; section 2: a legal link
//! opens the consent settings).
//!
//! The page loads the script from [`CONSENT_SCRIPT_PATH`] with the site's domain id in its
//! `data-domain-script` attribute ([`consent_domain_script`]); on internal hosts the id gets the
//! [`CONSENT_TEST_SUFFIX`], so that the consent manager's test configuration answers there. The
//! script announces every change of the visitor's choice with the window event
//! [`CONSENT_CHANGED_EVENT`] (`detail.groups`, the active groups' ids), and the page pushes
//! [`CONSENT_DATA_LAYER_EVENT`] to the data layer with them. The footer's consent-settings link
//! fires [`crate::content::footer::CONSENT_SETTINGS_EVENT`], which opens the script's settings.

use crate::json::ToJson;
use crate::site::Site;

/// Where the page loads the consent manager from.
pub const CONSENT_SCRIPT_PATH: &str = "/service/consent/cmp.js";

/// What an internal host's domain id ends with: the consent manager's test configuration.
pub const CONSENT_TEST_SUFFIX: &str = "-test";

/// The window event the consent manager fires when the visitor's choice changes.
pub const CONSENT_CHANGED_EVENT: &str = "consent:changed";

/// The data-layer event the page pushes on a change, with the active groups.
pub const CONSENT_DATA_LAYER_EVENT: &str = "consent_update";

/// The consent manager's id of each site's configuration.
pub const fn consent_domain_id(site: Site) -> &'static str {
    match site {
        Site::De => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a01",
        Site::At => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a02",
        Site::Ch => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a03",
        Site::ChFr => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a04",
        Site::Pl => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a05",
        Site::Cz => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a06",
        Site::Hu => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a07",
        Site::Sk => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a08",
        Site::Tr => "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a09",
    }
}

/// Whether a host (without port, any case) is internal: a loopback or private IPv4 address,
/// `::1`, `localhost`, or a name under `localhost`, `local`, `internal` or `test`. Anything else
/// is public: an empty host, and a name without a dot too (a proxy's backend name says nothing
/// about who visits).
pub fn is_internal_host(host: &str) -> bool {
    let host = host.trim().trim_end_matches('.').to_ascii_lowercase();
    if host.is_empty() {
        return false;
    }
    if matches!(host.as_str(), "localhost" | "::1" | "[::1]") {
        return true;
    }
    if let Some(octets) = ipv4(&host) {
        return matches!(
            octets,
            [127, ..] | [10, ..] | [192, 168, ..] | [172, 16..=31, ..]
        );
    }
    [".localhost", ".local", ".internal", ".test"]
        .iter()
        .any(|suffix| host.ends_with(suffix))
}

/// The four numbers of a dotted IPv4 address, `None` for anything else.
fn ipv4(host: &str) -> Option<[u8; 4]> {
    let mut octets = [0u8; 4];
    let mut parts = host.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *octet = u8::try_from(part.bytes().fold(0u32, |n, b| n * 10 + u32::from(b - b'0'))).ok()?;
    }
    parts.next().is_none().then_some(octets)
}

/// The `data-domain-script` of a site's page on a host: the site's id, with
/// [`CONSENT_TEST_SUFFIX`] on an internal host.
pub fn consent_domain_script(site: Site, host: &str) -> String {
    let id = consent_domain_id(site);
    if is_internal_host(host) {
        [id, CONSENT_TEST_SUFFIX].concat()
    } else {
        id.to_owned()
    }
}

/// The names the page's script needs: the consent manager's change event and the data-layer
/// event it pushes then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct ConsentSettings {
    pub changed_event: &'static str,
    pub data_layer_event: &'static str,
}

pub const CONSENT_SETTINGS: ConsentSettings = ConsentSettings {
    changed_event: CONSENT_CHANGED_EVENT,
    data_layer_event: CONSENT_DATA_LAYER_EVENT,
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_site_has_its_own_id() {
        let ids: std::collections::BTreeSet<&str> =
            Site::ALL.into_iter().map(consent_domain_id).collect();
        assert_eq!(ids.len(), 9);
        for site in Site::ALL {
            let id = consent_domain_id(site);
            assert_eq!(consent_domain_script(site, "www.shop.example"), id);
            assert_eq!(
                consent_domain_script(site, "localhost"),
                [id, "-test"].concat()
            );
        }
        assert_eq!(
            consent_domain_script(Site::Tr, "shop.example"),
            "3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a09"
        );
    }

    #[test]
    fn internal_and_public_hosts() {
        for host in [
            "localhost",
            "LOCALHOST",
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.10",
            "172.16.0.1",
            "172.31.255.255",
            "::1",
            "[::1]",
            "app.localhost",
            "shop.local",
            "review.shop.internal",
            "shop.test",
            "shop.test.",
        ] {
            assert!(is_internal_host(host), "{host}");
        }
        for host in [
            "",
            " ",
            "www.shop.example",
            "shop.de",
            "8.8.8.8",
            "172.32.0.1",
            "172.15.0.1",
            "127.0.0",
            "127.0.0.1.5",
            "256.0.0.1",
            "localhost.example.com",
            "testshop.com",
            "intranet",
            "shop-backend",
            "in tranet",
            "<script>",
        ] {
            assert!(!is_internal_host(host), "{host:?}");
        }
    }

    /// Loopback is all of 127.0.0.0/8 (`127.0.1.1` is a Debian host's own name), private
    /// addresses all of 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16.
    #[test]
    fn loopback_and_private_ranges_are_internal_throughout() {
        for host in [
            "127.0.1.1",
            "127.255.255.254",
            "10.255.255.255",
            "172.20.10.1",
            "192.168.255.255",
        ] {
            assert!(is_internal_host(host), "{host}");
        }
        for host in ["128.0.0.1", "11.0.0.1", "192.169.0.1", "193.168.0.1"] {
            assert!(!is_internal_host(host), "{host}");
        }
    }

    /// A dotted IPv4 address has one to three digits per number: with more, the host is no
    /// address (and no loopback or private one).
    #[test]
    fn an_address_number_has_at_most_three_digits() {
        for host in ["0127.0.0.1", "0010.0.0.1", "0192.168.0.1", "127.0.0.0001"] {
            assert!(!is_internal_host(host), "{host}");
        }
    }

    proptest! {
        #[test]
        fn any_host_is_judged_without_panic(host in any::<String>()) {
            let script = consent_domain_script(Site::De, &host);
            prop_assert!(script.starts_with(consent_domain_id(Site::De)));
        }
    }
}
