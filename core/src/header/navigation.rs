//! The main navigation (spec section 2 "Main navigation bar", section 3 "Navigation tree
//! node", section 4 "Navigation", section 7 `GET /jsonflyoutnavigation` and "Tracking").
//!
//! The service answer `{"list": [root, ...]}` holds the categories as the `children` of every
//! root, in order. [`parse_navigation`] reads them leniently into [`NavNode`]s; the same reader
//! ([`nodes_from_value`]) reads nodes handed back by JavaScript, so a node written by the core
//! reads back as the same node. The view keeps the open entry, the hover timers (300 ms,
//! [`crate::layout::NAVIGATION_OPEN_DELAY_MS`]) and the scroll freeze; the core answers which
//! entries the bar shows, what is preselected, what a drill-down click or a tap does and what
//! is tracked.

use crate::content::link::safe_url;
use crate::json::{ToJson, Value};
use crate::layout::TEASER_IMAGE_SIZE;
use crate::site::Site;
use crate::url::decode_path;

use super::links::{ContentPage, coffee_path, content_page_path};
use super::theme_worlds::{ThemeWorldFlyout, ThemeWorldOverview};
use super::{count_at, flag_at, items_at, link_at, parse_document, text_at};

/// The navigation service.
pub const NAVIGATION_PATH: &str = "/jsonflyoutnavigation";
/// The theme-world flyout's service.
pub const THEME_WORLDS_PATH: &str = "/service/themeworld-frontend/api/themeworlds/navigation";
/// Category levels kept: the categories are level 1; the children of level 6 are dropped.
/// Not in the spec: a guard so a hostile answer cannot nest the views arbitrarily deep.
pub const NAVIGATION_MAX_DEPTH: usize = 6;
/// Nodes kept in all, counted in document order (a parent before its children); later nodes
/// are dropped. Not in the spec: a guard against a hostile or runaway answer.
pub const NAVIGATION_MAX_NODES: usize = 500;
pub use crate::tracking::{TRACKING_EVENT, TrackingEvent};
/// The data-layer category of the navigation's tracking.
pub const TRACKING_CATEGORY: &str = "navigation";
/// Joins the labels of a tracked navigation path.
pub const TRACKING_LABEL_SEPARATOR: &str = ">";

/// Where a link opens: the only two `target` values kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum NavTarget {
    #[serde(rename = "_blank")]
    Blank,
    #[serde(rename = "_self")]
    SameTab,
}

/// A category of the navigation tree. Every `href` has passed `safe_url`.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NavNode {
    pub title: String,
    /// Absent for a node without a link (it only opens its children).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<NavTarget>,
    pub children: Vec<NavNode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teaser: Option<Teaser>,
    /// The service's own `index` of the node, verbatim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
    /// The server marks the path to the current page: set on each ancestor ...
    pub child_is_selected: bool,
    /// ... and on the selected node itself.
    pub last_selected_node: bool,
}

/// The teaser area of a category flyout; left out when no entry is usable.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Teaser {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub list: Vec<TeaserEntry>,
}

/// One teaser; dropped without a safe link.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TeaserEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub link: NavTeaserLink,
    /// Absent when the image has no safe `src`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<TeaserImage>,
}

/// A teaser's link: the service's `url`, else its `href`.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NavTeaserLink {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<NavTarget>,
}

/// A teaser image. Width and height are 488 × 287 ([`TEASER_IMAGE_SIZE`]) unless the service
/// gives both as positive whole numbers (one alone would distort the ratio).
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TeaserImage {
    pub src: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,
    pub width: u32,
    pub height: u32,
}

/// The navigation call: a route given by the page wins when it is a safe link
/// ([`safe_url`]; credentials are included, so no script or protocol-relative URL is fetched);
/// otherwise `/jsonflyoutnavigation?site=<CODE>`.
pub fn navigation_url(site: Site, route: Option<&str>) -> String {
    if let Some(route) = route.and_then(safe_url) {
        return route;
    }
    [NAVIGATION_PATH, "?site=", site.code()].concat()
}

fn target_at(value: &Value, key: &str) -> Option<NavTarget> {
    let target = text_at(value, key)?;
    let target = target.trim();
    if target.eq_ignore_ascii_case("_blank") {
        Some(NavTarget::Blank)
    } else if target.eq_ignore_ascii_case("_self") {
        Some(NavTarget::SameTab)
    } else {
        None
    }
}

fn read_image(value: &Value) -> Option<TeaserImage> {
    let src = link_at(value, "src").ok().flatten()?;
    let positive = |key| count_at(value, key).filter(|size| *size > 0);
    let (width, height) = match (positive("width"), positive("height")) {
        (Some(width), Some(height)) => (width, height),
        _ => TEASER_IMAGE_SIZE,
    };
    Some(TeaserImage {
        src,
        alt: text_at(value, "alt"),
        width,
        height,
    })
}

fn read_teaser_entry(value: &Value) -> Option<TeaserEntry> {
    let link = value.get("link")?;
    let url = match link_at(link, "url").ok()? {
        Some(url) => url,
        None => link_at(link, "href").ok().flatten()?,
    };
    let entry = TeaserEntry {
        title: text_at(value, "title"),
        link: NavTeaserLink {
            title: text_at(link, "title"),
            url,
            target: target_at(link, "target"),
        },
        image: value.get("image").and_then(read_image),
    };
    // A link needs a name: its title, its call to action or its picture's alt.
    let named = entry.title.is_some()
        || entry.link.title.is_some()
        || entry
            .image
            .as_ref()
            .is_some_and(|image| image.alt.is_some());
    named.then_some(entry)
}

fn read_teaser(value: &Value) -> Option<Teaser> {
    let list: Vec<TeaserEntry> = items_at(value, "list")
        .iter()
        .filter_map(read_teaser_entry)
        .collect();
    (!list.is_empty()).then(|| Teaser {
        title: text_at(value, "title"),
        list,
    })
}

/// Whether a node can be read at all: it has a title and no unsafe `href`.
fn readable(value: &Value) -> bool {
    text_at(value, "title").is_some() && link_at(value, "href").is_ok()
}

/// Where a node lies in the parsed document: its identity among the nodes kept.
fn address(value: &Value) -> usize {
    std::ptr::from_ref(value) as usize
}

/// The nodes kept of a tree under the node budget: [`NAVIGATION_MAX_NODES`] readable nodes, level
/// by level (every category before any subcategory, every subcategory before any of their
/// children), and within a level taken in turns from each parent's children (the first child of
/// each, then the second of each, ...), no deeper than [`NAVIGATION_MAX_DEPTH`]. A large tree
/// loses leaves, never whole categories, and one category with hundreds of children does not
/// take the others' subcategories.
fn kept_nodes<'a>(categories: impl Iterator<Item = &'a Value>) -> Vec<usize> {
    let mut kept = Vec::new();
    // The level's nodes, grouped by parent.
    let mut level: Vec<Vec<&Value>> = vec![categories.collect()];
    let mut depth = 1;
    while !level.is_empty() && kept.len() < NAVIGATION_MAX_NODES {
        let mut next = Vec::new();
        let widest = level.iter().map(Vec::len).max().unwrap_or(0);
        'turns: for position in 0..widest {
            for value in level.iter().filter_map(|siblings| siblings.get(position)) {
                if !readable(value) {
                    continue;
                }
                if kept.len() == NAVIGATION_MAX_NODES {
                    break 'turns;
                }
                kept.push(address(value));
                let children = items_at(value, "children");
                if depth < NAVIGATION_MAX_DEPTH && !children.is_empty() {
                    next.push(children.iter().collect());
                }
            }
        }
        level = next;
        depth += 1;
    }
    kept
}

/// A node, if it is one of the `kept` ([`kept_nodes`]), with its kept children.
fn read_node(value: &Value, kept: &[usize]) -> Option<NavNode> {
    if !kept.contains(&address(value)) {
        return None;
    }
    let title = text_at(value, "title")?;
    let href = link_at(value, "href").ok()?;
    Some(NavNode {
        title,
        href,
        target: target_at(value, "target"),
        children: read_level(items_at(value, "children"), kept),
        teaser: value.get("teaser").and_then(read_teaser),
        index: count_at(value, "index"),
        child_is_selected: flag_at(value, "childIsSelected"),
        last_selected_node: flag_at(value, "lastSelectedNode"),
    })
}

fn read_level(items: &[Value], kept: &[usize]) -> Vec<NavNode> {
    items
        .iter()
        .filter_map(|item| read_node(item, kept))
        .collect()
}

/// Categories given as a JSON array of nodes (as the core wrote them, or as the service
/// spells them), read by the rules of [`parse_navigation`]; `None` when the value is not an
/// array.
pub fn nodes_from_value(value: &Value) -> Option<Vec<NavNode>> {
    let categories = value.as_array()?;
    Some(read_level(categories, &kept_nodes(categories.iter())))
}

/// The categories of a navigation answer `{"list": [root, ...]}`: the `children` of every root,
/// in order. Nodes without a title or with an unsafe `href` are dropped with their children;
/// teaser entries without a safe link are dropped; an image `src` must be safe; `target` is
/// kept only when `_blank` or `_self`; at most [`NAVIGATION_MAX_DEPTH`] levels and
/// [`NAVIGATION_MAX_NODES`] nodes, breadth first ([`kept_nodes`]: a large tree loses leaves,
/// never whole categories). `None` — the fallback entries stay — when the body is not
/// such a document, is above [`super::HEADER_DOCUMENT_MAX_BYTES`] or holds no category at all.
pub fn parse_navigation(body: &str) -> Option<Vec<NavNode>> {
    let document = parse_document(body)?;
    let roots = document.get("list")?.as_array()?;
    let categories = || roots.iter().flat_map(|root| items_at(root, "children"));
    let kept = kept_nodes(categories());
    let categories: Vec<NavNode> = categories()
        .filter_map(|node| read_node(node, &kept))
        .collect();
    (!categories.is_empty()).then_some(categories)
}

/// The path part of a link for comparison: scheme and host of an absolute URL, the query and
/// the fragment dropped, trailing slashes ignored (the root stays `/`).
fn url_path(url: &str) -> &str {
    let url = url.trim();
    // `scheme://host/path`: the path starts at the first `/` after the `//`. Found by
    // characters, not by a string pattern (a substring search would cost the browser build).
    let rest = match url.find(['/', ':']) {
        Some(colon) if url.get(colon..).is_some_and(|rest| rest.starts_with("://")) => {
            let after = url.get(colon + 3..).unwrap_or_default();
            after
                .find('/')
                .and_then(|at| after.get(at..))
                .unwrap_or("/")
        }
        _ => url,
    };
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let path = rest.get(..end).unwrap_or(rest).trim_end_matches('/');
    if path.is_empty() { "/" } else { path }
}

/// The server's preselection: from the top, the first node flagged `childIsSelected` or
/// `lastSelectedNode` on each level, down to the one flagged `lastSelectedNode` (or as far as
/// the flags lead).
fn flagged_path(nodes: &[NavNode]) -> Vec<usize> {
    let mut path = Vec::new();
    let mut level = nodes;
    while let Some((index, node)) = level
        .iter()
        .enumerate()
        .find(|(_, node)| node.child_is_selected || node.last_selected_node)
    {
        path.push(index);
        if node.last_selected_node {
            break;
        }
        level = &node.children;
    }
    path
}

/// Whether a link leads to the current page: the same path, query, fragment and trailing
/// slashes ignored, percent-encoding decoded (the rule [`selected_path`] finds a node by). A
/// link that is no safe link (empty, `#top`, `?x`, `javascript:`) leads nowhere and is never
/// current, as such a node is dropped when the navigation is read.
pub fn is_current_link(href: &str, current_path: &str) -> bool {
    crate::content::link::safe_url(href).is_some()
        && decode_path(url_path(href)) == decode_path(url_path(current_path))
}

/// The deepest node whose `href` path equals `current_path` (the first in document order among
/// equally deep ones), as its index path; empty when none matches. Paths are compared decoded:
/// a browser gives `/tr/ev-ya%C5%9Fam%C4%B1` for the link `/tr/ev-yaşamı`.
fn matching_path(nodes: &[NavNode], current_path: &str) -> Vec<usize> {
    let wanted = decode_path(url_path(current_path));
    let mut best = Vec::new();
    // Depth first without recursion: a tree built in Rust may be deeper than the reader allows.
    let mut stack: Vec<(Vec<usize>, &NavNode)> = nodes
        .iter()
        .enumerate()
        .rev()
        .map(|(index, node)| (vec![index], node))
        .collect();
    while let Some((path, node)) = stack.pop() {
        let matches = node
            .href
            .as_deref()
            .is_some_and(|href| decode_path(url_path(href)) == wanted);
        for (index, child) in node.children.iter().enumerate().rev() {
            let mut child_path = path.clone();
            child_path.push(index);
            stack.push((child_path, child));
        }
        if matches && path.len() > best.len() {
            best = path;
        }
    }
    best
}

/// The preselected drill-down path (indices from the categories down): the server's flags
/// when any node carries them; else the deepest node whose link's path equals the current
/// path (query, fragment and trailing slashes ignored), with its ancestors; else empty.
pub fn selected_path(nodes: &[NavNode], current_path: &str) -> Vec<usize> {
    let flagged = flagged_path(nodes);
    if flagged.is_empty() {
        matching_path(nodes, current_path)
    } else {
        flagged
    }
}

/// A drill-down click on the node at `clicked` (an index path): an unselected node becomes the
/// selection (its siblings' subtrees collapse); a selected node (on the selected path) is
/// unselected with its descendants, leaving its parent selected. An empty `clicked` changes
/// nothing.
pub fn toggle_drilldown(selected: &[usize], clicked: &[usize]) -> Vec<usize> {
    match clicked.split_last() {
        Some((_, parent)) if selected.starts_with(clicked) => parent.to_vec(),
        Some(_) => clicked.to_vec(),
        None => selected.to_vec(),
    }
}

/// What a tap on a navigation entry does on touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NavTapOutcome {
    /// Open the entry's flyout instead of following its link.
    Open,
    /// Follow the link.
    Follow,
}

/// Touch: the first tap on an entry opens its flyout, a tap on the entry whose flyout is open
/// follows its link. `open` and `tapped` are positions in the bar.
pub fn navigation_tap(open: Option<usize>, tapped: usize) -> NavTapOutcome {
    if open == Some(tapped) {
        NavTapOutcome::Follow
    } else {
        NavTapOutcome::Open
    }
}

/// The tracking of a navigation click (spec section 7 "Tracking"): event `ga_event`, category
/// `navigation`, the action, the labels (the clicked path's titles) joined with `>` as given.
/// `nonInteraction` is false: the navigation tracks a shopper's click, which is an interaction
/// (a non-interaction event would be an impression the shopper did not cause).
pub fn navigation_tracking(action: &str, labels: &[String]) -> TrackingEvent {
    TrackingEvent {
        event: TRACKING_EVENT,
        category: TRACKING_CATEGORY,
        action: action.to_owned(),
        label: labels.join(TRACKING_LABEL_SEPARATOR),
        non_interaction: false,
        subscription: None,
    }
}

/// The fixed entries shown until both navigation answers have loaded; the view translates the
/// key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FallbackKey {
    ThemeWorlds,
    WeeklyOffers,
    Coffee,
    StoreLocator,
}

/// The four fallback entries, in bar order.
pub const FALLBACK_KEYS: [FallbackKey; 4] = [
    FallbackKey::ThemeWorlds,
    FallbackKey::WeeklyOffers,
    FallbackKey::Coffee,
    FallbackKey::StoreLocator,
];

/// A fallback entry's link on a site: the content page, or the coffee category.
pub fn fallback_url(site: Site, key: FallbackKey) -> Option<&'static str> {
    match key {
        FallbackKey::ThemeWorlds => content_page_path(site, ContentPage::ThemeWorlds),
        FallbackKey::WeeklyOffers => content_page_path(site, ContentPage::WeeklyOffers),
        FallbackKey::Coffee => Some(coffee_path(site)),
        FallbackKey::StoreLocator => content_page_path(site, ContentPage::StoreLocator),
    }
}

/// An entry of the navigation bar. JSON: internally tagged by `kind` (`themeWorlds`,
/// `category`, `fallback`), as the core's other tagged results.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum NavEntry {
    /// The theme-world flyout's entry: the overview's title and link.
    ThemeWorlds { title: String, url: String },
    /// A category: `index` is its position in the categories (the first step of its drill-down
    /// path); `url` is absent for a category without a link; `target` where its link opens, as
    /// the service says for the node (the same as its flyout's "show all" link).
    Category {
        title: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        url: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<NavTarget>,
        index: usize,
    },
    /// A fixed entry, shown until both answers have loaded.
    Fallback { key: FallbackKey, url: &'static str },
}

/// The main navigation bar.
#[derive(Clone, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct NavigationBar {
    /// Both answers have loaded: the header counts as fully shown.
    pub complete: bool,
    pub entries: Vec<NavEntry>,
}

/// The bar: once both the categories and the theme worlds have loaded, the theme-world entry
/// first, then one entry per category; until then (and for good when a fetch failed) the four
/// fallback entries THEME_WORLDS, WEEKLY_OFFERS, COFFEE, STORE_LOCATOR with the site's links.
/// A fallback entry whose page a site lacks is left out rather than given an invented link
/// (every site has all four today).
pub fn navigation_bar(
    site: Site,
    categories: Option<&[NavNode]>,
    theme_worlds: Option<&ThemeWorldFlyout>,
) -> NavigationBar {
    navigation_bar_with_overview(
        site,
        categories,
        theme_worlds.map(|flyout| &flyout.overview),
    )
}

/// [`navigation_bar`] from the theme-world overview alone, the only part of the flyout the bar
/// shows (the bindings read no more of it from JavaScript).
pub fn navigation_bar_with_overview(
    site: Site,
    categories: Option<&[NavNode]>,
    overview: Option<&ThemeWorldOverview>,
) -> NavigationBar {
    match (categories, overview) {
        (Some(categories), Some(overview)) => {
            let entries = std::iter::once(NavEntry::ThemeWorlds {
                title: overview.title.clone(),
                url: overview.url.clone(),
            })
            .chain(
                categories
                    .iter()
                    .enumerate()
                    .map(|(index, node)| NavEntry::Category {
                        title: node.title.clone(),
                        url: node.href.clone(),
                        target: node.target,
                        index,
                    }),
            )
            .collect();
            NavigationBar {
                complete: true,
                entries,
            }
        }
        _ => NavigationBar {
            complete: false,
            entries: FALLBACK_KEYS
                .into_iter()
                .filter_map(|key| {
                    Some(NavEntry::Fallback {
                        key,
                        url: fallback_url(site, key)?,
                    })
                })
                .collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value as Json, json};

    fn node(title: &str, href: &str, children: Vec<NavNode>) -> NavNode {
        NavNode {
            title: title.into(),
            href: Some(href.into()),
            target: None,
            children,
            teaser: None,
            index: None,
            child_is_selected: false,
            last_selected_node: false,
        }
    }

    fn body(categories: Json) -> String {
        json!({"list": [{"title": "root", "children": categories}]}).to_string()
    }

    #[test]
    fn urls() {
        for site in Site::ALL {
            assert_eq!(
                navigation_url(site, None),
                ["/jsonflyoutnavigation?site=", site.code()].concat()
            );
            assert_eq!(navigation_url(site, Some("/nav/de.json")), "/nav/de.json");
            assert_eq!(
                navigation_url(site, Some("  ")),
                ["/jsonflyoutnavigation?site=", site.code()].concat()
            );
            assert_eq!(
                navigation_url(site, Some("javascript:alert(1)")),
                ["/jsonflyoutnavigation?site=", site.code()].concat()
            );
            assert_eq!(
                navigation_url(site, Some("//evil.example/nav")),
                ["/jsonflyoutnavigation?site=", site.code()].concat()
            );
        }
        assert_eq!(
            THEME_WORLDS_PATH,
            "/service/themeworld-frontend/api/themeworlds/navigation"
        );
    }

    #[test]
    fn parses_a_navigation_answer() {
        let answer = json!({"list": [
            {"title": "root", "children": [
                {"title": "Kaffee", "href": "/kaffee", "target": "_self", "index": 3, "childIsSelected": true,
                 "teaser": {"title": "Neu", "list": [
                    {"title": "Espresso", "link": {"title": "Mehr", "url": "/espresso", "target": "_blank"},
                     "image": {"src": "/img/e.jpg", "alt": "Bohnen", "width": 300, "height": 200}},
                    {"title": "Ohne Maße", "link": {"href": "/href-only"}, "image": {"src": "/img/x.jpg", "width": 300}},
                    {"title": "Böse", "link": {"url": "javascript:alert(1)"}},
                    {"title": "Ohne Link"},
                    {"title": "Böses Bild", "link": {"url": "/ok"}, "image": {"src": "javascript:x"}},
                    {"link": {"url": "/namenlos"}, "image": {"src": "/img/n.jpg", "alt": "\u{200B}"}}
                 ]},
                 "children": [
                    {"title": "Bohnen", "href": "/kaffee/bohnen", "lastSelectedNode": true, "target": "popup"},
                    {"title": "Böse", "href": "javascript:alert(1)", "children": [{"title": "Kind", "href": "/k"}]},
                    {"href": "/ohne-titel"},
                    {"title": "   ", "href": "/leer"},
                    {"title": "\u{200B}\u{00AD}\u{FEFF} ", "href": "/unsichtbar"},
                    {"title": "Ohne Link"}
                 ]},
                {"title": "Mode", "href": "https://shop.example/mode", "teaser": {"title": "Leer", "list": []}}
            ]},
            {"children": [{"title": "Zweite Wurzel", "href": "/zwei"}]},
            "garbage",
            {"children": "garbage"}
        ]});
        let categories = parse_navigation(&answer.to_string()).expect("categories");
        let titles: Vec<&str> = categories.iter().map(|n| n.title.as_str()).collect();
        assert_eq!(titles, ["Kaffee", "Mode", "Zweite Wurzel"]);
        let coffee = &categories[0];
        assert_eq!(coffee.href.as_deref(), Some("/kaffee"));
        assert_eq!(coffee.target, Some(NavTarget::SameTab));
        assert_eq!(coffee.index, Some(3));
        assert!(coffee.child_is_selected && !coffee.last_selected_node);
        let children: Vec<(&str, Option<&str>)> = coffee
            .children
            .iter()
            .map(|n| (n.title.as_str(), n.href.as_deref()))
            .collect();
        assert_eq!(
            children,
            [("Bohnen", Some("/kaffee/bohnen")), ("Ohne Link", None)]
        );
        assert_eq!(coffee.children[0].target, None);
        assert!(coffee.children[0].last_selected_node);
        let teaser = coffee.teaser.as_ref().expect("teaser");
        assert_eq!(teaser.title.as_deref(), Some("Neu"));
        assert_eq!(
            teaser.list,
            vec![
                TeaserEntry {
                    title: Some("Espresso".into()),
                    link: NavTeaserLink {
                        title: Some("Mehr".into()),
                        url: "/espresso".into(),
                        target: Some(NavTarget::Blank),
                    },
                    image: Some(TeaserImage {
                        src: "/img/e.jpg".into(),
                        alt: Some("Bohnen".into()),
                        width: 300,
                        height: 200,
                    }),
                },
                TeaserEntry {
                    title: Some("Ohne Maße".into()),
                    link: NavTeaserLink {
                        title: None,
                        url: "/href-only".into(),
                        target: None,
                    },
                    image: Some(TeaserImage {
                        src: "/img/x.jpg".into(),
                        alt: None,
                        width: 488,
                        height: 287,
                    }),
                },
                TeaserEntry {
                    title: Some("Böses Bild".into()),
                    link: NavTeaserLink {
                        title: None,
                        url: "/ok".into(),
                        target: None,
                    },
                    image: None,
                },
            ]
        );
        // A teaser without a usable entry is left out.
        assert_eq!(categories[1].teaser, None);
        assert_eq!(
            categories[1].href.as_deref(),
            Some("https://shop.example/mode")
        );
    }

    #[test]
    fn malformed_answers_keep_the_fallback() {
        for text in [
            "",
            "not json",
            "[]",
            "{}",
            "{\"list\": {}}",
            "{\"list\": []}",
            "{\"list\": [{\"children\": []}]}",
            "{\"list\": [{\"children\": [{\"href\": \"/x\"}]}]}",
            "null",
            "{\"list\": [",
        ] {
            assert_eq!(parse_navigation(text), None, "{text}");
        }
    }

    #[test]
    fn depth_and_count_are_capped() {
        // Ten levels deep: six kept.
        let mut deep = json!({"title": "level 10", "href": "/10"});
        for level in (1..10).rev() {
            deep = json!({"title": format!("level {level}"), "href": format!("/{level}"), "children": [deep]});
        }
        let categories = parse_navigation(&body(json!([deep]))).expect("categories");
        let mut depth = 0;
        let mut level = &categories;
        while let Some(first) = level.first() {
            depth += 1;
            level = &first.children;
        }
        assert_eq!(depth, NAVIGATION_MAX_DEPTH);

        // 2000 categories with a child each: the first 500 categories kept, in document order,
        // before any child.
        let many: Vec<Json> = (0..2000)
            .map(|i| json!({"title": format!("c{i}"), "href": format!("/c{i}"), "children": [{"title": "x", "href": "/x"}]}))
            .collect();
        let categories = parse_navigation(&body(Json::Array(many))).expect("categories");
        fn count(nodes: &[NavNode]) -> usize {
            nodes.iter().map(|n| 1 + count(&n.children)).sum()
        }
        assert_eq!(count(&categories), NAVIGATION_MAX_NODES);
        assert_eq!(categories.len(), NAVIGATION_MAX_NODES);
        assert_eq!(categories[499].title, "c499");

        // A shop's tree of 8 categories, 15 subcategories each, 10 leaves each (1 328 nodes):
        // every category and subcategory stays; the budget's rest goes to the leaves in order.
        let tree: Vec<Json> = (0..8)
            .map(|c| {
                let subs: Vec<Json> = (0..15)
                    .map(|s| {
                        let leaves: Vec<Json> = (0..10)
                            .map(|l| json!({"title": format!("leaf {c}.{s}.{l}"), "href": format!("/{c}/{s}/{l}")}))
                            .collect();
                        json!({"title": format!("sub {c}.{s}"), "href": format!("/{c}/{s}"), "children": leaves})
                    })
                    .collect();
                json!({"title": format!("cat {c}"), "href": format!("/{c}"), "children": subs})
            })
            .collect();
        let categories = parse_navigation(&body(Json::Array(tree))).expect("categories");
        assert_eq!(categories.len(), 8);
        assert!(
            categories
                .iter()
                .all(|category| category.children.len() == 15)
        );
        assert_eq!(count(&categories), NAVIGATION_MAX_NODES);
        let leaves: usize = categories
            .iter()
            .flat_map(|category| &category.children)
            .map(|sub| sub.children.len())
            .sum();
        assert_eq!(leaves, NAVIGATION_MAX_NODES - 8 - 120);
        // The leaves are shared out in turns: every subcategory keeps three or four (372 for 120).
        let all_subs: Vec<&NavNode> = categories.iter().flat_map(|c| &c.children).collect();
        assert!(
            all_subs
                .iter()
                .all(|sub| (3..=4).contains(&sub.children.len()))
        );

        // One category with 600 children does not take the subcategories of the others.
        let crowded: Vec<Json> = (0..600)
            .map(|i| json!({"title": format!("many {i}"), "href": format!("/m/{i}")}))
            .collect();
        let tree = json!([
            {"title": "crowded", "href": "/m", "children": crowded},
            {"title": "second", "href": "/s", "children": [{"title": "s1", "href": "/s/1"}, {"title": "s2", "href": "/s/2"}]},
            {"title": "third", "href": "/t", "children": [{"title": "t1", "href": "/t/1"}]},
        ]);
        let categories = parse_navigation(&body(tree)).expect("categories");
        let counts: Vec<usize> = categories.iter().map(|c| c.children.len()).collect();
        assert_eq!(counts, [NAVIGATION_MAX_NODES - 3 - 3, 2, 1]);
    }

    #[test]
    fn written_nodes_read_back_the_same() {
        let answer = body(json!([
            {"title": "Kaffee", "href": "HTTPS://x.example/k", "target": "_BLANK", "index": "4",
             "teaser": {"list": [{"link": {"href": "/t"}, "image": {"src": "/i.jpg"}}]},
             "children": [{"title": "Bohnen", "href": "/b", "lastSelectedNode": "true"}]}
        ]));
        let categories = parse_navigation(&answer).expect("categories");
        let written = crate::json::to_string(&categories);
        let value = crate::json::parse(&written).expect("json");
        assert_eq!(nodes_from_value(&value), Some(categories));
        assert_eq!(nodes_from_value(&Value::Null), None);
        assert_eq!(
            nodes_from_value(&crate::json::parse("{}").expect("json")),
            None
        );
    }

    #[test]
    fn json_shape() {
        let mut n = node("Kaffee", "/kaffee", vec![]);
        n.target = Some(NavTarget::Blank);
        assert_eq!(
            crate::json::to_string(&n),
            r#"{"title":"Kaffee","href":"/kaffee","target":"_blank","children":[],"childIsSelected":false,"lastSelectedNode":false}"#
        );
    }

    fn tree() -> Vec<NavNode> {
        vec![
            node(
                "Kaffee",
                "/kaffee",
                vec![
                    node("Bohnen", "/kaffee/bohnen", vec![]),
                    node(
                        "Maschinen",
                        "/kaffee/maschinen",
                        vec![
                            node("Vollautomaten", "/kaffee/maschinen/voll", vec![]),
                            // The same path again, deeper: the deeper one wins.
                            node("Alle", "/kaffee/bohnen/", vec![]),
                        ],
                    ),
                ],
            ),
            node("Mode", "https://shop.example/mode?x=1", vec![]),
        ]
    }

    #[test]
    fn preselection_by_current_path() {
        let nodes = tree();
        let table: &[(&str, &[usize])] = &[
            ("/kaffee", &[0]),
            ("/kaffee/", &[0]),
            ("/kaffee?page=2#top", &[0]),
            ("/kaffee/maschinen/voll", &[0, 1, 0]),
            ("/kaffee/bohnen", &[0, 1, 1]),
            ("/mode", &[1]),
            ("https://shop.example/kaffee/maschinen", &[0, 1]),
            ("/tee", &[]),
            ("", &[]),
        ];
        for (path, expected) in table {
            assert_eq!(selected_path(&nodes, path), expected.to_vec(), "{path}");
        }
    }

    #[test]
    fn a_link_is_current_on_its_own_page_whatever_its_query_or_trailing_slash() {
        for (href, current, expected) in [
            ("/wochenangebote", "/wochenangebote", true),
            ("/wochenangebote?ref=nav", "/wochenangebote/", true),
            (
                "https://shop.example/wochenangebote#top",
                "/wochenangebote",
                true,
            ),
            ("/k%C3%BCche", "/küche", true),
            ("/wochenangebote", "/wochenangebote/kaffee", false),
            ("/at/wochenangebote", "/wochenangebote", false),
            ("/", "/", true),
            ("/", "/kaffee", false),
            ("", "/", false),
            ("#top", "/", false),
            ("?x", "/", false),
            ("javascript:alert(1)//", "/", false),
        ] {
            assert_eq!(
                is_current_link(href, current),
                expected,
                "{href} on {current}"
            );
        }
    }

    /// Two categories of the same depth link the same page (an editor's "Sale" under two
    /// departments): the first in the tree is preselected, as the shopper reads it.
    #[test]
    fn of_equally_deep_matches_the_first_is_preselected() {
        let nodes = vec![
            node("Damen", "/damen", vec![node("Sale", "/sale", vec![])]),
            node("Herren", "/herren", vec![node("Sale", "/sale", vec![])]),
        ];
        assert_eq!(selected_path(&nodes, "/sale"), [0, 0]);
    }

    /// A browser's `location.pathname` is percent-encoded; the service's links may not be (and
    /// the other way round).
    #[test]
    fn preselection_of_paths_with_letters_outside_ascii() {
        let nodes = vec![
            node("Ev yaşamı", "/tr/ev-yaşamı", vec![]),
            node("Küche", "/k%C3%BCche", vec![]),
            node("A+B", "/a+b", vec![]),
        ];
        assert_eq!(selected_path(&nodes, "/tr/ev-ya%C5%9Fam%C4%B1"), vec![0]);
        assert_eq!(selected_path(&nodes, "/tr/ev-yaşamı/"), vec![0]);
        assert_eq!(selected_path(&nodes, "/küche"), vec![1]);
        assert_eq!(selected_path(&nodes, "/k%c3%bcche"), vec![1]);
        assert_eq!(selected_path(&nodes, "/a+b"), vec![2]);
        assert_eq!(selected_path(&nodes, "/a%2Bb"), vec![2]);
        assert_eq!(selected_path(&nodes, "/a b"), Vec::<usize>::new());
    }

    #[test]
    fn preselection_by_server_flags_wins() {
        let mut nodes = tree();
        nodes[0].child_is_selected = true;
        nodes[0].children[1].child_is_selected = true;
        nodes[0].children[1].children[0].last_selected_node = true;
        assert_eq!(selected_path(&nodes, "/mode"), vec![0, 1, 0]);
        // The flags end where they end.
        nodes[0].children[1].children[0].last_selected_node = false;
        assert_eq!(selected_path(&nodes, "/mode"), vec![0, 1]);
        // lastSelectedNode on a category stops there.
        let mut nodes = tree();
        nodes[1].last_selected_node = true;
        assert_eq!(selected_path(&nodes, "/kaffee"), vec![1]);
    }

    #[test]
    fn a_teaser_named_by_its_picture_and_a_padded_target_are_kept() {
        let answer = body(json!([
            {"title": "Kaffee", "href": "/kaffee", "target": " _blank ",
             "teaser": {"list": [{"link": {"url": "/bohnen", "target": "\t_self "},
                                  "image": {"src": "/img/b.jpg", "alt": "Bohnen"}}]}}
        ]));
        let categories = parse_navigation(&answer).expect("categories");
        assert_eq!(categories[0].target, Some(NavTarget::Blank));
        let teaser = categories[0].teaser.as_ref().expect("teaser");
        assert_eq!(
            teaser.list,
            vec![TeaserEntry {
                title: None,
                link: NavTeaserLink {
                    title: None,
                    url: "/bohnen".into(),
                    target: Some(NavTarget::SameTab),
                },
                image: Some(TeaserImage {
                    src: "/img/b.jpg".into(),
                    alt: Some("Bohnen".into()),
                    width: 488,
                    height: 287,
                }),
            }]
        );
    }

    #[test]
    fn nodes_that_cannot_be_read_take_no_room_in_the_budget() {
        let mut categories: Vec<Json> = (0..10)
            .map(|i| json!({"href": format!("/untitled/{i}")}))
            .collect();
        categories.extend(
            (0..NAVIGATION_MAX_NODES)
                .map(|i| json!({"title": format!("c{i}"), "href": format!("/c{i}")})),
        );
        let categories = parse_navigation(&body(Json::Array(categories))).expect("categories");
        assert_eq!(categories.len(), NAVIGATION_MAX_NODES);
        assert_eq!(categories[NAVIGATION_MAX_NODES - 1].title, "c499");
    }

    #[test]
    fn the_server_preselection_ends_at_the_last_selected_node() {
        // A flag left below the last selected node does not lead further down.
        let mut nodes = tree();
        nodes[0].last_selected_node = true;
        nodes[0].children[1].child_is_selected = true;
        nodes[0].children[1].children[0].last_selected_node = true;
        assert_eq!(selected_path(&nodes, "/mode"), vec![0]);
    }

    #[test]
    fn drilldown_toggles() {
        let table: &[(&[usize], &[usize], &[usize])] = &[
            // Selecting an unselected node; siblings' subtrees collapse.
            (&[], &[0], &[0]),
            (&[0], &[0, 1], &[0, 1]),
            (&[0, 1], &[0, 2], &[0, 2]),
            (&[0, 1, 3], &[0, 2], &[0, 2]),
            (&[0, 1], &[1], &[1]),
            // Unselecting a selected node and its descendants.
            (&[0, 1], &[0, 1], &[0]),
            (&[0, 1, 3], &[0, 1], &[0]),
            (&[0, 1, 3], &[0], &[]),
            (&[0], &[0], &[]),
            // Nothing clicked.
            (&[0, 1], &[], &[0, 1]),
        ];
        for (selected, clicked, expected) in table {
            assert_eq!(
                toggle_drilldown(selected, clicked),
                expected.to_vec(),
                "{selected:?} {clicked:?}"
            );
        }
    }

    #[test]
    fn touch_taps() {
        assert_eq!(navigation_tap(None, 2), NavTapOutcome::Open);
        assert_eq!(navigation_tap(Some(1), 2), NavTapOutcome::Open);
        assert_eq!(navigation_tap(Some(2), 2), NavTapOutcome::Follow);
        assert_eq!(crate::json::to_string(&NavTapOutcome::Follow), "\"FOLLOW\"");
    }

    #[test]
    fn tracking() {
        let event = navigation_tracking("click", &["Kaffee".into(), "Bohnen".into()]);
        assert_eq!(
            crate::json::to_string(&event),
            r#"{"event":"ga_event","category":"navigation","action":"click","label":"Kaffee>Bohnen","nonInteraction":false}"#
        );
        assert_eq!(navigation_tracking("x", &[]).label, "");
        assert_eq!(navigation_tracking("x", &["a".into()]).label, "a");
    }

    fn theme_worlds() -> ThemeWorldFlyout {
        ThemeWorldFlyout {
            overview: ThemeWorldOverview {
                title: "Themenwelten".into(),
                url: "/themenwelten".into(),
            },
            sections: vec![],
        }
    }

    #[test]
    fn fallback_bar_of_every_site() {
        let table = [
            (
                Site::De,
                ["/themenwelten", "/wochenangebote", "/kaffee", "/filialen"],
            ),
            (
                Site::At,
                ["/themenwelten", "/wochenangebote", "/kaffee", "/filialen"],
            ),
            (
                Site::Ch,
                ["/themenwelten", "/wochenangebote", "/kaffee", "/filialen"],
            ),
            (
                Site::ChFr,
                ["/univers", "/offres-de-la-semaine", "/cafe", "/filiales"],
            ),
            (
                Site::Pl,
                ["/swiaty-tematyczne", "/oferty-tygodnia", "/kawa", "/sklepy"],
            ),
            (
                Site::Cz,
                ["/tematicke-svety", "/tydenni-nabidky", "/kava", "/prodejny"],
            ),
            (
                Site::Hu,
                ["/tematikus-vilagok", "/heti-ajanlatok", "/kave", "/uzletek"],
            ),
            (
                Site::Sk,
                ["/tematicke-svety", "/tyzdenne-ponuky", "/kava", "/predajne"],
            ),
            (
                Site::Tr,
                [
                    "/tema-dunyalari",
                    "/haftalik-firsatlar",
                    "/kahve",
                    "/magazalar",
                ],
            ),
        ];
        let categories = tree();
        let worlds = theme_worlds();
        for (site, urls) in table {
            let expected = NavigationBar {
                complete: false,
                entries: FALLBACK_KEYS
                    .into_iter()
                    .zip(urls)
                    .map(|(key, url)| NavEntry::Fallback { key, url })
                    .collect(),
            };
            // Until both answers have loaded, and for good when one failed.
            assert_eq!(navigation_bar(site, None, None), expected, "{site:?}");
            assert_eq!(
                navigation_bar(site, Some(&categories), None),
                expected,
                "{site:?}"
            );
            assert_eq!(
                navigation_bar(site, None, Some(&worlds)),
                expected,
                "{site:?}"
            );
        }
    }

    #[test]
    fn complete_bar() {
        let mut categories = tree();
        categories[1].href = None;
        categories[1].target = Some(NavTarget::Blank);
        let bar = navigation_bar(Site::Pl, Some(&categories), Some(&theme_worlds()));
        assert_eq!(
            bar,
            NavigationBar {
                complete: true,
                entries: vec![
                    NavEntry::ThemeWorlds {
                        title: "Themenwelten".into(),
                        url: "/themenwelten".into()
                    },
                    NavEntry::Category {
                        title: "Kaffee".into(),
                        url: Some("/kaffee".into()),
                        target: None,
                        index: 0
                    },
                    NavEntry::Category {
                        title: "Mode".into(),
                        url: None,
                        target: Some(NavTarget::Blank),
                        index: 1
                    },
                ],
            }
        );
        assert_eq!(
            crate::json::to_string(&bar.entries),
            r#"[{"kind":"themeWorlds","title":"Themenwelten","url":"/themenwelten"},{"kind":"category","title":"Kaffee","url":"/kaffee","index":0},{"kind":"category","title":"Mode","target":"_blank","index":1}]"#
        );
        assert_eq!(
            crate::json::to_string(&navigation_bar(Site::De, None, None).entries[2]),
            r#"{"kind":"fallback","key":"COFFEE","url":"/kaffee"}"#
        );
    }

    fn index_path() -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec(0usize..4, 0..5)
    }

    proptest! {
        #[test]
        fn parsing_is_total_on_strings(text in any::<String>(), current in any::<String>()) {
            if let Some(nodes) = parse_navigation(&text) {
                let _ = selected_path(&nodes, &current);
            }
            let _ = is_current_link(&text, &current);
            for site in Site::ALL {
                let _ = navigation_url(site, Some(&text));
            }
        }

        #[test]
        fn parsing_is_total_on_json(value in super::super::strategies::json(), current in ".*") {
            let tree: Value = value.clone().into();
            if let Some(nodes) = nodes_from_value(&tree) {
                let _ = selected_path(&nodes, &current);
                for site in Site::ALL {
                    let _ = navigation_bar(site, Some(&nodes), None);
                }
            }
            let text = json!({"list": [{"children": [value.clone()]}, {"children": value}]}).to_string();
            if let Some(nodes) = parse_navigation(&text) {
                prop_assert!(!nodes.is_empty());
                let path = selected_path(&nodes, &current);
                prop_assert!(path.len() <= NAVIGATION_MAX_DEPTH);
                // What the core writes, it reads back unchanged.
                let written = crate::json::parse(&crate::json::to_string(&nodes)).ok();
                prop_assert_eq!(written.as_ref().and_then(nodes_from_value), Some(nodes.clone()));
                let bar = navigation_bar(Site::De, Some(&nodes), Some(&theme_worlds()));
                prop_assert_eq!(bar.entries.len(), nodes.len() + 1);
            }
        }

        #[test]
        fn drilldown_tap_and_tracking_are_total(selected in index_path(), clicked in index_path(), wild in proptest::collection::vec(any::<usize>(), 0..8), open in proptest::option::of(any::<usize>()), tapped in any::<usize>(), action in ".*", labels in proptest::collection::vec(".*", 0..4)) {
            let _ = toggle_drilldown(&wild, &clicked);
            let _ = toggle_drilldown(&selected, &wild);
            let next = toggle_drilldown(&selected, &clicked);
            if !clicked.is_empty() {
                // Clicking twice gives back a path that the click toggled.
                prop_assert!(next == clicked || clicked.starts_with(&next));
            }
            let _ = navigation_tap(open, tapped);
            let event = navigation_tracking(&action, &labels);
            prop_assert_eq!(event.label, labels.join(">"));
            for site in Site::ALL {
                prop_assert!(navigation_bar(site, None, None).entries.len() <= 4);
                for key in FALLBACK_KEYS {
                    prop_assert!(fallback_url(site, key).is_some_and(|url| url.starts_with('/')));
                }
            }
        }

        #[test]
        fn preselection_is_total_on_deep_trees(depth in 0usize..300, current in ".*") {
            let mut deep = node("leaf", "/leaf", vec![]);
            for _ in 0..depth {
                deep = node("n", "/n", vec![deep]);
            }
            let nodes = vec![deep];
            let _ = selected_path(&nodes, &current);
            let path = selected_path(&nodes, "/leaf");
            prop_assert_eq!(path.len(), depth + 1);
        }
    }
}
