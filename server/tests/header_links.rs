//! Every link the header can show leads to a page on every site: the user menu's links and
//! buttons (logged out and logged in as a loyalty-card member), the navigation's fallback
//! entries, the header's content pages and the store finder, as the core writes them, under the
//! site's path prefix.

mod common;

use axum::http::StatusCode;
use common::Shop;
use shop_core::content::visitor::PersonalData;
use shop_core::header::NavEntry;
use shop_core::header::links::{CONTENT_PAGES, store_finder_url, user_menu};
use shop_core::header::navigation::navigation_bar;
use shop_core::site::Site;

fn header_links(site: Site) -> Vec<String> {
    let member = PersonalData {
        initialized: true,
        logged_in_or_remembered: true,
        customer_name: Some("Maria Muster".into()),
        loyalty_beans: 1250,
        community_member: true,
        tchibo_card_member: true,
    };
    let mut links = Vec::new();
    for visitor in [PersonalData::default(), member] {
        let menu = user_menu(site, &visitor);
        links.extend(menu.actions.iter().map(|action| action.url.to_owned()));
        // New-tab links go to other services (mobile plan, community), not to this shop.
        links.extend(
            menu.links
                .iter()
                .filter(|link| !link.new_tab)
                .map(|link| link.url.to_owned()),
        );
    }
    for entry in navigation_bar(site, None, None).entries {
        if let NavEntry::Fallback { url, .. } = entry {
            links.push(url.to_owned());
        }
    }
    links.extend(
        CONTENT_PAGES
            .iter()
            .filter(|(page_site, _, _)| *page_site == site)
            .map(|(_, _, path)| (*path).to_owned()),
    );
    links.push(store_finder_url("Hamburg"));
    links.sort();
    links.dedup();
    links
}

#[tokio::test]
async fn every_header_link_answers_with_a_page_on_every_site() {
    let mut shop = Shop::open("header-links", false);
    for site in Site::ALL {
        let prefix = shop_server::pages::site_prefix(site);
        let links = header_links(site);
        assert!(links.len() >= 10, "{site:?}: {links:?}");
        for link in links {
            assert!(link.starts_with('/'), "{link}");
            // Logging out redirects home; everything else is a page of its own.
            let page = shop.get(&format!("{prefix}{link}")).await;
            let expected = if link == "/logout" {
                StatusCode::SEE_OTHER
            } else {
                StatusCode::OK
            };
            assert_eq!(page.status, expected, "{site:?} {prefix}{link}");
            if expected == StatusCode::OK {
                assert!(
                    page.body
                        .contains(&format!("lang=\"{}\"", site.locale().tag())),
                    "{prefix}{link}"
                );
            }
        }
    }
}
