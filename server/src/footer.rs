//! The footer document of each site (newsletter spec section 2 "Footer", section 3 "Footer
//! content per site", section 7 `GET /service/promotion/api/promotion/SHOP_FOOTER`, section 9
//! "Footer facts per site") and the content pages its links lead to.
//!
//! The documents are seeded per site in `server/seed/footer.json` (site code -> document) and
//! use exactly the fields the core's `content::footer::parse_footer` reads: headline, teaser
//! groups, seo, socialMedia, appReferences, qualityLogos, legalLinks (the consent-settings one
//! with the URL `#consent-settings`), viewChanger and salesTax. Links are root-relative site
//! paths as an editor writes them (`/contact`); the fragment puts the site's path prefix in
//! front. Logo and teaser-image sources are files under `server/static/img/footer/`.
//!
//! The promotion service (`promotions.rs`) answers the promotion id `SHOP_FOOTER` with
//! [`answer_body`]; the pages (`pages/`) serve every internal footer link that is no page of
//! their own with [`page`]: its title is the link's text, its text the introductory text of
//! the link's service group (or the sales-tax note), followed by the other links of its group.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use shop_core::content::footer::{Footer, FooterLink, LegalLink, parse_footer};
use shop_core::content::link::LinkTarget;
use shop_core::json::{self, Value};
use shop_core::site::Site;

use crate::promotions::document_answer;

/// The promotion type of the footer answer.
pub const FOOTER_TYPE: &str = "ApiFooter";

const SEED: &str = include_str!("../seed/footer.json");

/// A content page a footer link leads to.
#[derive(Clone, Debug, PartialEq)]
pub struct FooterPage {
    /// The link's text.
    pub title: String,
    /// The introductory text of the link's group, or the sales-tax note.
    pub text: Option<String>,
    /// The links shown below the text: the rest of the group, or the legal links.
    pub links: Vec<FooterLink>,
}

/// One site's footer: the answer body and the pages by path (without the leading and trailing
/// `/`, without query or fragment).
struct SiteFooter {
    body: String,
    pages: BTreeMap<String, FooterPage>,
    /// The legal links, for the static footer.
    legal_links: Vec<LegalLink>,
}

/// Every site's footer document, by site code.
fn documents() -> &'static BTreeMap<String, Value> {
    static DOCUMENTS: OnceLock<BTreeMap<String, Value>> = OnceLock::new();
    DOCUMENTS.get_or_init(|| json::from_str(SEED).unwrap_or_default())
}

fn footers() -> &'static BTreeMap<Site, SiteFooter> {
    static FOOTERS: OnceLock<BTreeMap<Site, SiteFooter>> = OnceLock::new();
    FOOTERS.get_or_init(|| {
        Site::ALL
            .into_iter()
            .filter_map(|site| {
                let document = documents().get(site.code())?;
                let body = document_answer(FOOTER_TYPE, document);
                let footer = parse_footer(&body);
                let legal_links = footer
                    .as_ref()
                    .map(|footer| footer.legal_links.clone())
                    .unwrap_or_default();
                let pages = footer.map(pages_of).unwrap_or_default();
                Some((
                    site,
                    SiteFooter {
                        body,
                        pages,
                        legal_links,
                    },
                ))
            })
            .collect()
    })
}

/// The `SHOP_FOOTER` answer of a site: `{"type": "ApiFooter", "contentJSON": "<document>"}`;
/// `None` when the seed has no document for it.
pub fn answer_body(site: Site) -> Option<&'static str> {
    footers().get(&site).map(|footer| footer.body.as_str())
}

/// The site's legal links (imprint, privacy, terms, ...), as the footer document lists them: the
/// static footer shows them before and without the footer fragment.
pub fn legal_links(site: Site) -> &'static [LegalLink] {
    footers()
        .get(&site)
        .map_or(&[], |footer| footer.legal_links.as_slice())
}

/// The page a footer link of the site leads to, by its path inside the site (`contact`,
/// `kundenkarte/registrieren`; leading and trailing `/` ignored).
pub fn page(site: Site, path: &str) -> Option<&'static FooterPage> {
    footers().get(&site)?.pages.get(path.trim_matches('/'))
}

/// The page key of a same-origin link: its path without query, fragment and the slashes
/// around it; `None` for links to other origins.
fn page_key(target: &LinkTarget) -> Option<String> {
    if target.new_tab || !target.href.starts_with('/') {
        return None;
    }
    let path = target.href.split(['?', '#']).next().unwrap_or_default();
    Some(path.trim_matches('/').to_owned())
}

/// The pages of a footer's internal links. The first link naming a path gives its page: the
/// groups' links, then the legal links, the sales-tax link, the groups' headings and the
/// logos. The popular-categories links are category pages of their own.
fn pages_of(footer: Footer) -> BTreeMap<String, FooterPage> {
    let mut pages = BTreeMap::new();
    let mut add = |target: &LinkTarget, page: FooterPage| {
        if let Some(key) = page_key(target) {
            pages.entry(key).or_insert(page);
        }
    };
    for group in &footer.teaser_groups {
        let links: Vec<FooterLink> = group
            .links
            .iter()
            .map(|link| FooterLink {
                text: link.text.clone(),
                target: link.target.clone(),
            })
            .collect();
        for link in &links {
            add(
                &link.target,
                FooterPage {
                    title: link.text.clone(),
                    text: group.introductory_text.clone(),
                    links: links.clone(),
                },
            );
        }
    }
    let legal: Vec<FooterLink> = footer
        .legal_links
        .iter()
        .filter_map(|link| {
            Some(FooterLink {
                text: link.text.clone(),
                target: link.target.clone()?,
            })
        })
        .collect();
    for link in &legal {
        add(
            &link.target,
            FooterPage {
                title: link.text.clone(),
                text: None,
                links: legal.clone(),
            },
        );
    }
    if let Some(tax) = &footer.sales_tax
        && let Some(link) = &tax.link
    {
        let note = [
            tax.text_before_link.as_deref().unwrap_or_default(),
            &link.text,
            tax.text_after_link.as_deref().unwrap_or_default(),
        ]
        .concat();
        add(
            &link.target,
            FooterPage {
                title: link.text.clone(),
                text: Some(note.trim().to_owned()),
                links: Vec::new(),
            },
        );
    }
    for group in &footer.teaser_groups {
        if let (Some(text), Some(target)) = (&group.heading.text, &group.heading.target) {
            add(
                target,
                FooterPage {
                    title: text.clone(),
                    text: group.introductory_text.clone(),
                    links: Vec::new(),
                },
            );
        }
    }
    for logo in footer.quality_logos.iter().flat_map(|logos| &logos.logos) {
        if let (Some(label), Some(target)) = (&logo.label, &logo.target) {
            add(
                target,
                FooterPage {
                    title: label.clone(),
                    text: None,
                    links: Vec::new(),
                },
            );
        }
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_parses_into_a_footer_for_every_site() {
        let parsed: Result<BTreeMap<String, Value>, _> = json::from_str(SEED);
        let documents = parsed.unwrap_or_else(|error| panic!("footer.json: {error}"));
        let codes: Vec<&str> = documents.keys().map(String::as_str).collect();
        let mut expected: Vec<&str> = Site::ALL.iter().map(|site| site.code()).collect();
        expected.sort_unstable();
        assert_eq!(codes, expected);
        for site in Site::ALL {
            let body = answer_body(site).unwrap_or_else(|| panic!("{site:?}"));
            let footer = parse_footer(body).unwrap_or_else(|| panic!("{site:?}"));
            assert!((3..=4).contains(&footer.teaser_groups.len()), "{site:?}");
            assert!(
                footer.headline.is_some() && footer.seo.is_some(),
                "{site:?}"
            );
            assert!(footer.social_media.is_some() && footer.app_references.is_some());
            assert!(footer.quality_logos.is_some() && footer.view_changer.is_some());
            assert!(footer.sales_tax.is_some() && footer.legal_links.len() >= 6);
            // Every part of the document was read: nothing dropped as unsafe or unknown.
            let document = documents
                .get(site.code())
                .unwrap_or_else(|| panic!("{site:?}"));
            let groups = document
                .get("teaserGroups")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            assert_eq!(groups, footer.teaser_groups.len(), "{site:?}");
        }
    }

    #[test]
    fn pages_take_their_titles_from_the_link_texts() {
        let contact = page(Site::De, "contact").unwrap_or_else(|| panic!("no /contact"));
        assert_eq!(contact.title, "Kontakt");
        assert!(contact.text.is_some());
        assert!(contact.links.iter().any(|link| link.target.href == "/faq"));
        let shipping = page(Site::De, "/versandkosten/").unwrap_or_else(|| panic!("no page"));
        assert_eq!(shipping.title, "Versandkosten");
        let privacy = page(Site::Tr, "privacy").unwrap_or_else(|| panic!("no /privacy"));
        assert!(privacy.links.len() >= 5);
        // Category links are the navigation's pages, external links no pages at all.
        assert_eq!(page(Site::De, "kaffee"), None);
        assert_eq!(page(Site::De, "www.facebook.com/shop.de"), None);
        assert_eq!(page(Site::De, "consent-settings"), None);
    }
}
