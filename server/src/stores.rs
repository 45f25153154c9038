//! The seeded stores of each site (`server/seed/stores.json`) for the store finder's results
//! page (`/service/storefinder/search?searchTerm=`, header spec section 2).
//!
//! A search term matches a store when, spaces and hyphens left out, it starts the store's
//! postcode (`201` finds 20095; `110 00` finds 110 00), or when it starts the city's name, case
//! folded as the core's suggestion highlight folds it (`münch` finds München, `ist` İstanbul).
//! An empty term lists every store of the site; a term of only hyphens finds none.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use shop_core::json::{self, FromJson};
use shop_core::search::split_suggestion;
use shop_core::site::Site;

const SEED: &str = include_str!("../seed/stores.json");

/// A store.
#[derive(Clone, Debug, Default, PartialEq, Eq, FromJson)]
#[serde(default)]
pub struct Store {
    pub name: String,
    pub street: String,
    pub postcode: String,
    pub city: String,
    /// Opening hours as the store writes them.
    pub hours: String,
}

fn stores() -> &'static BTreeMap<String, Vec<Store>> {
    static STORES: OnceLock<BTreeMap<String, Vec<Store>>> = OnceLock::new();
    STORES.get_or_init(|| json::from_str(SEED).unwrap_or_default())
}

fn compact(text: &str) -> String {
    text.chars().filter(|c| *c != ' ' && *c != '-').collect()
}

fn matches(store: &Store, term: &str) -> bool {
    let postcode = compact(term);
    if !postcode.is_empty() && compact(&store.postcode).starts_with(&postcode) {
        return true;
    }
    let city = split_suggestion(&store.city, term);
    city.prefix.is_empty() && !city.matched.is_empty()
}

/// The site's stores the term finds, in seed order; every store for an empty term.
pub fn find_stores(site: Site, term: &str) -> Vec<&'static Store> {
    let term = term.trim();
    stores()
        .get(site.code())
        .into_iter()
        .flatten()
        .filter(|store| term.is_empty() || matches(store, term))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_site_has_stores_and_terms_find_them() {
        let parsed: Result<BTreeMap<String, Vec<Store>>, _> = json::from_str(SEED);
        let seeded = parsed.unwrap_or_else(|error| panic!("stores.json: {error}"));
        for site in Site::ALL {
            assert!(seeded.get(site.code()).is_some_and(|list| list.len() >= 4));
        }
        let names = |site, term| -> Vec<&str> {
            find_stores(site, term)
                .into_iter()
                .map(|store| store.city.as_str())
                .collect()
        };
        assert_eq!(names(Site::De, "20"), vec!["Hamburg"]);
        assert_eq!(names(Site::De, "hamburg"), vec!["Hamburg", "Hamburg"]);
        assert_eq!(names(Site::De, "münch"), vec!["München"]);
        assert_eq!(names(Site::Cz, "110 0"), vec!["Praha"]);
        assert_eq!(names(Site::Pl, "00-01"), vec!["Warszawa"]);
        assert_eq!(names(Site::Tr, "İST"), vec!["İstanbul", "İstanbul"]);
        assert!(names(Site::De, "burg").is_empty(), "not inside a name");
        assert_eq!(find_stores(Site::At, "").len(), 5);
    }

    #[test]
    fn spaces_around_a_term_are_left_out() {
        let cities = |term| -> Vec<&str> {
            find_stores(Site::De, term)
                .into_iter()
                .map(|store| store.city.as_str())
                .collect()
        };
        assert_eq!(cities(" hamburg "), vec!["Hamburg", "Hamburg"]);
        assert_eq!(cities(" München"), vec!["München"]);
        assert_eq!(cities("   ").len(), 6, "only spaces: every store");
    }

    /// A term of only hyphens (and spaces) has no postcode digits left and starts no city's
    /// name: it finds no store, where an empty term lists them all.
    #[test]
    fn a_term_of_only_hyphens_finds_no_store() {
        for term in ["-", "---", "- -"] {
            assert!(find_stores(Site::De, term).is_empty(), "{term:?}");
        }
        assert_eq!(
            find_stores(Site::Pl, "-00-01-").len(),
            1,
            "hyphens around a postcode"
        );
    }
}
