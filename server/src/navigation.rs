//! The category navigation of the header (header spec sections 3 "Navigation tree node" and 7):
//! `GET /jsonflyoutnavigation?site=CODE` answers `{"list": [root]}`, the root's children being
//! the top-level categories, from the seed `server/seed/navigation.json` (titles per language,
//! the tree the same on every site). Unknown or missing site: DE. Credentials are not needed.
//!
//! A node's `href` is the site's path of the category: the site prefix the pages use, then one
//! segment per level made from the title in the site's language (`/kaffee/espresso`,
//! `/at/kaffee/espresso`, `/pl/kawa/espresso`); the root's is the site's home. The pages serve
//! every href ([`category`]). Top-level categories carry a teaser with two entries that link
//! to their children, with pictures under `/img/teasers/`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use shop_core::json::{self, FromJson, ToJson};
use shop_core::layout::TEASER_IMAGE_SIZE;
use shop_core::site::Site;

use crate::api::{self, json_error, json_response};
use crate::app::AppState;
use crate::pages::site_prefix;
use crate::seed::{Localized, language, pick, slug};

/// The path of the navigation service (the core's, which the header calls).
pub use shop_core::header::navigation::NAVIGATION_PATH;

const SEED: &str = include_str!("../seed/navigation.json");

#[derive(Debug, Default, FromJson)]
#[serde(rename_all = "camelCase", default)]
struct SeedTree {
    root: Localized,
    teaser_title: Localized,
    teaser_link: Localized,
    categories: Vec<SeedCategory>,
}

#[derive(Debug, Default, FromJson)]
#[serde(default)]
struct SeedCategory {
    title: Localized,
    target: Option<String>,
    /// Catalogue product ids the category's pages show (children show their parent's).
    products: Vec<String>,
    teaser: Option<SeedTeaser>,
    children: Vec<SeedCategory>,
}

#[derive(Debug, Default, FromJson)]
#[serde(default)]
struct SeedTeaser {
    /// The children the teaser's entries link to, by position.
    children: Vec<usize>,
    /// The entries' pictures, `/img/teasers/{name}.svg`.
    images: Vec<String>,
}

/// A node of the tree as the service sends it.
#[derive(Clone, Debug, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct NavNode {
    pub title: String,
    pub href: String,
    /// `null`, or `_blank` for a category that opens in a new tab.
    pub target: Option<String>,
    pub children: Vec<NavNode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teaser: Option<Teaser>,
    /// The position among its siblings.
    pub index: usize,
    pub child_is_selected: bool,
    pub last_selected_node: bool,
}

#[derive(Clone, Debug, ToJson)]
pub struct Teaser {
    pub title: String,
    pub list: Vec<TeaserEntry>,
}

#[derive(Clone, Debug, ToJson)]
pub struct TeaserEntry {
    pub title: String,
    pub link: TeaserLink,
    pub image: TeaserImage,
}

#[derive(Clone, Debug, ToJson)]
pub struct TeaserLink {
    pub title: String,
    pub url: String,
    pub target: Option<String>,
}

#[derive(Clone, Debug, ToJson)]
pub struct TeaserImage {
    pub src: String,
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

#[derive(ToJson)]
struct NavigationAnswer<'a> {
    list: [&'a NavNode; 1],
}

/// What a category's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Category {
    pub title: String,
    pub href: String,
    /// The catalogue product ids to show.
    pub products: Vec<String>,
    /// (title, href) of each child.
    pub children: Vec<(String, String)>,
}

/// One site's navigation: the tree, its answer and its categories by href.
struct SiteNavigation {
    root: NavNode,
    body: String,
    categories: BTreeMap<String, Category>,
}

fn seed() -> SeedTree {
    json::from_str(SEED).unwrap_or_default()
}

fn build_node(
    seed: &SeedCategory,
    index: usize,
    parent_href: &str,
    inherited_products: &[String],
    tree: &SeedTree,
    site: Site,
    categories: &mut BTreeMap<String, Category>,
) -> NavNode {
    let title = pick(&seed.title, site);
    let href = format!("{parent_href}/{}", slug(&title, language(site)));
    let products = if seed.products.is_empty() {
        inherited_products.to_vec()
    } else {
        seed.products.clone()
    };
    let children: Vec<NavNode> = seed
        .children
        .iter()
        .enumerate()
        .map(|(position, child)| {
            build_node(child, position, &href, &products, tree, site, categories)
        })
        .collect();
    let teaser = seed.teaser.as_ref().map(|teaser| Teaser {
        title: pick(&tree.teaser_title, site),
        list: teaser
            .children
            .iter()
            .zip(&teaser.images)
            .filter_map(|(position, image)| {
                let child = children.get(*position)?;
                Some(TeaserEntry {
                    title: child.title.clone(),
                    link: TeaserLink {
                        title: pick(&tree.teaser_link, site),
                        url: child.href.clone(),
                        target: None,
                    },
                    image: TeaserImage {
                        src: format!("/img/teasers/{image}.svg"),
                        alt: child.title.clone(),
                        width: TEASER_IMAGE_SIZE.0,
                        height: TEASER_IMAGE_SIZE.1,
                    },
                })
            })
            .collect(),
    });
    categories.insert(
        href.clone(),
        Category {
            title: title.clone(),
            href: href.clone(),
            products,
            children: children
                .iter()
                .map(|child| (child.title.clone(), child.href.clone()))
                .collect(),
        },
    );
    NavNode {
        title,
        href,
        target: seed.target.clone(),
        children,
        teaser,
        index,
        child_is_selected: false,
        last_selected_node: false,
    }
}

fn build(tree: &SeedTree, site: Site) -> SiteNavigation {
    let prefix = site_prefix(site);
    let mut categories = BTreeMap::new();
    let children = tree
        .categories
        .iter()
        .enumerate()
        .map(|(index, category)| {
            build_node(category, index, &prefix, &[], tree, site, &mut categories)
        })
        .collect();
    let root = NavNode {
        title: pick(&tree.root, site),
        href: format!("{prefix}/"),
        target: None,
        children,
        teaser: None,
        index: 0,
        child_is_selected: false,
        last_selected_node: false,
    };
    let body = json::to_string(&NavigationAnswer { list: [&root] });
    SiteNavigation {
        root,
        body,
        categories,
    }
}

fn navigations() -> &'static BTreeMap<Site, SiteNavigation> {
    static NAVIGATIONS: OnceLock<BTreeMap<Site, SiteNavigation>> = OnceLock::new();
    NAVIGATIONS.get_or_init(|| {
        let tree = seed();
        Site::ALL
            .into_iter()
            .map(|site| (site, build(&tree, site)))
            .collect()
    })
}

/// The root node of a site's tree (its children are the top-level categories).
pub fn tree(site: Site) -> Option<&'static NavNode> {
    navigations().get(&site).map(|navigation| &navigation.root)
}

/// The category at `href` (a full site path such as `/at/kaffee/espresso`).
pub fn category(site: Site, href: &str) -> Option<&'static Category> {
    navigations()
        .get(&site)
        .and_then(|navigation| navigation.categories.get(href))
}

/// `GET /jsonflyoutnavigation`.
pub async fn get_navigation(State(state): State<AppState>, uri: Uri) -> Response {
    if state.faults.navigation() {
        return json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "the navigation fails (test fault)",
        );
    }
    let Some(query) = api::query_string(uri.query()) else {
        return api::query_too_long();
    };
    let site = api::param(query, "site").map_or(Site::De, |code| Site::from_code_or_default(&code));
    match navigations().get(&site) {
        Some(navigation) => json_response(StatusCode::OK, navigation.body.clone()),
        None => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "UNAVAILABLE",
            "no navigation",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_parses_and_every_site_has_six_categories_with_teasers() {
        let parsed: Result<SeedTree, _> = json::from_str(SEED);
        let tree = parsed.unwrap_or_else(|error| panic!("navigation.json: {error}"));
        assert_eq!(tree.categories.len(), 6);
        for site in Site::ALL {
            let root = super::tree(site).unwrap_or_else(|| panic!("{site:?}"));
            assert_eq!(root.children.len(), 6);
            for top in &root.children {
                assert_eq!(top.teaser.as_ref().map(|t| t.list.len()), Some(2));
                assert!((4..=8).contains(&top.children.len()), "{}", top.href);
            }
        }
    }
}
