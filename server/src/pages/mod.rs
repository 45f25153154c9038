//! The shell origin's pages (header spec "Default page layout"): the page frame with its header
//! and footer slots, `<html lang>` from the site, `noindex`, canonical and app links, a strict
//! Content-Security-Policy, and the content: the home page's products with add-to-cart
//! buttons, a product page, the cart and checkout pages, the every-kind showcase, the design
//! system's gallery (`/design-system`, filled by the shell) and the plain HTML host page that embeds a fragment through `mount()` only.
//!
//! The pages the header links to (header spec section 2 "Routes and link targets"): the search
//! page (`/search?query=&site=&filters=`), the terms page, the store finder's results, the
//! local login (`/signin`, `/logout`, see `account.rs`), `/account`, `/register`,
//! `/orderhistory`, `/watchlist`, `/beanaccount` (the member's beans), `/subscribenewsletter`
//! (the sign-up fragment's slot over the server's own form, `signup_form.rs`), and every
//! category and theme world the navigation services name (`navigation.rs`, `themeworlds.rs`).
//!
//! The pages the footer links to (newsletter spec section 2 "Footer"): its service, help and
//! legal pages that are no page of their own above (contact, FAQ, shipping costs, returns,
//! loyalty-card registration, imprint, privacy, withdrawal, ...), made from the site's footer
//! document (`footer.rs`): the link's text is the title.
//!
//! Every page sets the `csrf` cookie when the request has none (`csrf.rs`) and names it in its
//! shell configuration, with `miniCartEnabled`.
//!
//! This module holds the frame, the routing of a page and the plain host page; `parts` the
//! server-rendered parts the fragments lay out alike (benefits, logo and icons, product tiles and
//! price blocks, static promotions), `cart_forms` the cart page and the add and remove forms
//! that work without JavaScript, `content_pages` the pages inside the frame.
//!
//! Sites: DE at `/`, the others under a path prefix: `/at/`, `/ch/`, `/ch-fr/`, `/pl/`, `/cz/`,
//! `/hu/`, `/sk/`, `/tr/` (`/de/` is DE too); the search page's `site` parameter overrides the
//! prefix. `?contentHeader=NO_HEADER,NO_FOOTER` stands in for the content header of a CMS page.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use shop_core::cart::service::Offer;
use shop_core::cart::{
    CART_PAGE_URL, Cart, CartError, CartErrorCode, CartItem, CartLine, CartMessage,
    CartModification, DimensionView, ItemList, MiniCartState, ShownChangeError, badge_text,
    begin_removal, change_error_message, item_count, line_kind_text_key, load_error_message,
    mini_cart_view, removal_payload, restore_payload, rollback_removal,
};
use shop_core::content::footer::LegalLink;
use shop_core::content::link::{LinkTarget, NEW_TAB_REL};
use shop_core::content::promotion::{
    Cta, ImageCutout, Promotion, PromotionImage, PromotionKind, Theme,
};
use shop_core::header::flyout::{FlyoutContext, cart_flyout_allowed};
use shop_core::header::links::{
    HEADER_PATHS, NEWSLETTER_SIGNUP_PATH, STORE_FINDER_SEARCH_PATH, coffee_path,
};
use shop_core::header::navigation::navigation_bar;
use shop_core::header::{
    BASKET_PAGE_TYPE, CHECKOUT_PAGE_TYPE, HeaderVariant, NavEntry, header_variant, is_basket_page,
};
use shop_core::json::{self, ToJson};
use shop_core::layout::page_slots;
use shop_core::price::{PriceLine, format_count, format_price, price_view};
use shop_core::search::{
    AVAILABLE_FILTER, SEARCH_PAGE_PATH, SearchTarget, TERMS_PAGE_PATH, clean_search_term,
    prefill_from_query_string, search_page_url, search_target,
};
use shop_core::site::{Locale, Site};
use shop_core::url::{encode_component, query_value};

use crate::account::{self, ACCOUNTS, Login};
use crate::api::{code, from_code};
use crate::app::AppState;
use crate::csrf::{CSRF_COOKIE, Csrf};
use crate::footer::FooterPage;
use crate::fragments::{HEADER_REMOTE, Remote};
use crate::html::{escape, json_island};
use crate::navigation::category;
use crate::search_api::{article, available, matching_articles};
use crate::signup_form::{self, Submitted, signup_html};
use crate::stores::find_stores;
use crate::texts::text;
use crate::themeworlds::theme_worlds;
use crate::visitor::Visitor;

mod cart_forms;
mod content_pages;
mod parts;
pub use cart_forms::*;
use content_pages::*;
use parts::*;

/// The file in which a browser build (the shell's, a fragment's) has one group of its texts in
/// one locale: `texts.<group>.<locale>.js`, without a hash (`build/federation.cjs`, ADR 0030).
/// The design system's texts are the group `ui`, the header fragment's the group `header`.
fn texts_file(group: &str, locale: Locale) -> String {
    format!("texts.{group}.{}.js", locale.tag())
}

/// The path prefix of a site (`""` for DE).
pub fn site_prefix(site: Site) -> String {
    match site {
        Site::De => String::new(),
        other => format!("/{}", other.code().to_lowercase().replace('_', "-")),
    }
}

/// A page's path on every site (`/x`, `/at/x`, ..., and `/de/x`, which is DE too), for routes.
pub fn on_every_site(path: &str) -> Vec<String> {
    Site::ALL
        .into_iter()
        .map(site_prefix)
        .chain(std::iter::once("/de".to_owned()))
        .map(|prefix| [prefix.as_str(), path].concat())
        .collect()
}

/// The site a path belongs to and the path inside that site.
pub fn split_site(path: &str) -> (Site, &str) {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    let site = Site::ALL
        .into_iter()
        .find(|site| site_prefix(*site).trim_start_matches('/') == first && !first.is_empty())
        .or_else(|| (first == "de").then_some(Site::De));
    match site {
        Some(site) => (site, rest),
        None => (Site::De, trimmed),
    }
}

/// The host the request names without port, when it is a plain host name or IPv4 address.
fn declared_host(headers: &HeaderMap) -> Option<String> {
    let name = crate::hosts::host_name(headers.get(header::HOST)?.to_str().ok()?)?;
    name.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        .then(|| name.to_owned())
}

/// The host of the request without port, restricted to host-name characters (`localhost` for a
/// missing or other one: the links this server writes point back to itself).
fn request_host(headers: &HeaderMap) -> String {
    declared_host(headers).unwrap_or_else(|| "localhost".to_owned())
}

/// The consent manager's configuration for a request: the test one only on a host the request
/// names and the core counts as internal (a missing or unreadable host is public).
fn consent_domain_script(site: Site, headers: &HeaderMap) -> String {
    shop_core::consent::consent_domain_script(site, &declared_host(headers).unwrap_or_default())
}

/// The shell's built files for one entry, from `shell/dist/entries.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, shop_core::json::FromJson)]
#[serde(default)]
struct EntryFiles {
    js: Vec<String>,
    css: Vec<String>,
    /// Files the page fetches at once although its scripts ask for them only later (the core's
    /// `.wasm`): `<link rel="preload">`, as the core's own fetch asks (CORS mode, same-origin
    /// credentials), so that fetch takes the preloaded answer.
    preload: Vec<String>,
}

impl EntryFiles {
    /// The entry's scripts, deferred, from the shell's folder on this origin.
    fn script_tags(&self) -> String {
        self.js
            .iter()
            .map(|file| format!("<script defer src=\"/shell/{}\"></script>", escape(file)))
            .collect()
    }
}

fn entry_files(root: &Path, entry: &str) -> EntryFiles {
    let folder = if entry == "shell" {
        "shell/dist"
    } else {
        "shell/dist/embed"
    };
    let manifest =
        std::fs::read_to_string(root.join(folder).join("entries.json")).unwrap_or_default();
    let entries: std::collections::BTreeMap<String, EntryFiles> =
        json::from_str(&manifest).unwrap_or_default();
    entries.get(entry).cloned().unwrap_or_default()
}

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct ShellConfig {
    site: &'static str,
    page_type: &'static str,
    remotes: Vec<RemoteConfig>,
    cart: shop_core::cart::CartSettings,
    /// Whether the header may open the mini cart (`SHOP_MINICART_ENABLED=0` switches it off).
    mini_cart_enabled: bool,
    /// The cookie whose value scripts send as `x-csrf-token` (double submit, `csrf.rs`).
    csrf_cookie: &'static str,
    /// The site's path prefix on this server (`""` for DE, `/at`, ...): the header puts it
    /// before its own links.
    base_path: String,
    /// The top banner promotion the header shows above its bar on this page (the home page's).
    #[serde(skip_serializing_if = "Option::is_none")]
    top_banner: Option<&'static str>,
    /// The request carried the staff auth cookie (the core's `STAFF_AUTH_COOKIE`): the shell
    /// loads the preview panel, which asks the auth check before it shows. Shoppers never load it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    staff_preview: bool,
    /// The page is the basket (the core's `is_basket_page`): its forms change the cart without
    /// scripts, so the shell asks the service's cart when it loads, for the badge and the shop's
    /// other tabs (without loading the core on every other page to find out).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    basket_page: bool,
    /// The consent manager's change event and the data-layer event the shell pushes then.
    consent: shop_core::consent::ConsentSettings,
    /// The site's words for a cart change that could not be made: a product tile shows them when
    /// the browser is offline before the shell's own texts have come (its form would end on the
    /// browser's error page).
    offline_add_error: String,
}

#[derive(ToJson)]
struct RemoteConfig {
    name: &'static str,
    manifest: String,
}

/// What every page shares.
struct Frame<'a> {
    site: Site,
    locale: Locale,
    host: String,
    port: u16,
    /// The page's path inside its site (without the site prefix).
    path: String,
    page_type: &'static str,
    title: String,
    remotes: &'a [Remote],
    mini_cart_enabled: bool,
    /// The request carried the staff auth cookie.
    staff_preview: bool,
    /// The consent manager's `data-domain-script` for this request.
    consent_domain_script: String,
    /// The page as requested (path with its site prefix, and query without the tile notices):
    /// where a product tile's form without JavaScript comes back to.
    current: String,
    /// The outcome of a product tile's form without JavaScript, for the tile it names.
    tile_notice: Option<TileNotice>,
    /// The header benefits bar the static header shows (`~header_top`), if one runs.
    benefits: Option<Promotion>,
    /// The promotions the page's places show, as this request's viewer sees them.
    promotions: crate::promotions::PagePromotions<'static>,
    /// The page's own `<style>` (the promotion copies' rules).
    style: PageStyle,
}

/// The page's own `<style>`: the rules of the promotion copies rendered so far (each copy's
/// element id counts on), allowed by a CSP nonce fresh for each answer, only when it has rules.
#[derive(Default)]
struct PageStyle {
    copies: u32,
    rules: String,
    nonce: Option<String>,
}

impl PageStyle {
    /// A new copy's element id, its rules (made for that id) added.
    fn add_copy(&mut self, rules: impl FnOnce(&str) -> String) -> String {
        self.copies += 1;
        let element_id = format!("shell-promo-{}", self.copies);
        self.rules += &rules(&element_id);
        element_id
    }

    /// Once the page is complete: a fresh nonce when it has rules.
    fn seal(&mut self) {
        if !self.rules.is_empty() {
            self.nonce = Some(crate::visitor::random_token());
        }
    }

    /// The CSP's source for the style element (` 'nonce-...'`); empty without one.
    fn csp_source(&self) -> String {
        self.nonce
            .as_deref()
            .map(|nonce| format!(" 'nonce-{nonce}'"))
            .unwrap_or_default()
    }

    /// The `<style>` element for the page's head; empty without one.
    fn element(&self) -> String {
        match &self.nonce {
            Some(nonce) => format!("<style nonce=\"{nonce}\">{}</style>", self.rules),
            None => String::new(),
        }
    }
}

/// What a product tile's add-to-cart form without JavaScript did, shown in that tile.
struct TileNotice {
    /// The tile's id (`tile_id`).
    tile: String,
    /// The added item's title goes into `product.added`; a refusal's cart text and limit.
    refusal: Option<CartMessage>,
}

impl Frame<'_> {
    fn t(&self, key: &str) -> String {
        text(self.locale, key, &[])
    }

    fn link(&self, path: &str) -> String {
        format!("{}{}", site_prefix(self.site), path)
    }

    /// script-src / style-src / connect-src: this origin and the remotes' origins; WebAssembly
    /// compilation allowed, no eval, nothing inline but the page's own `<style>` by its nonce.
    fn content_security_policy(&self) -> String {
        let mut origins = String::from("'self'");
        for remote in self.remotes {
            origins.push(' ');
            origins.push_str(&remote.origin(&self.host));
        }
        let style_nonce = self.style.csp_source();
        format!(
            "default-src 'self'; script-src {origins} 'wasm-unsafe-eval'; style-src {origins}{style_nonce}; \
             img-src {origins} data:; connect-src {origins}; font-src 'self'; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
        )
    }

    /// The shell configuration the page carries: the remotes' manifest URLs. Changing it
    /// (`SHOP_REMOTE_<NAME>`) needs no rebuild of the shell.
    fn shell_config(&self) -> String {
        json_island(&json::to_string(&ShellConfig {
            site: self.site.code(),
            page_type: self.page_type,
            remotes: self
                .remotes
                .iter()
                .map(|remote| RemoteConfig {
                    name: remote.name,
                    manifest: remote.manifest_url(&self.host),
                })
                .collect(),
            cart: shop_core::cart::cart_settings(self.site),
            mini_cart_enabled: self.mini_cart_enabled,
            csrf_cookie: CSRF_COOKIE,
            base_path: site_prefix(self.site),
            top_banner: self.top_banner(),
            staff_preview: self.staff_preview,
            basket_page: is_basket_page(self.page_type),
            consent: shop_core::consent::CONSENT_SETTINGS,
            offline_add_error: cart_message_text(
                self.locale,
                shop_core::cart::change_error_message(shop_core::cart::CartError {
                    code: shop_core::cart::CartErrorCode::Unknown,
                    limit: None,
                }),
            ),
        }))
    }

    /// What a page with the header fetches at once, although its scripts would ask for it only
    /// once their own start-up has run and the header waits for it: the core's `.wasm` (as the
    /// core's fetch asks: CORS mode, same-origin credentials), the header fragment's manifest
    /// (as the Module Federation runtime fetches it: CORS, no credentials across origins,
    /// wherever the remote is), so those fetches take the preloaded answers; and the texts of
    /// the page's locale that the shell's design system and the header load (ADR 0030), as their
    /// builds' scripts load a chunk (a plain script).
    fn header_preloads(&self, shell: &EntryFiles) -> String {
        let wasm = shell.preload.iter().map(|file| {
            format!(
                "<link rel=\"preload\" href=\"/shell/{}\" as=\"fetch\" type=\"application/wasm\" crossorigin>",
                escape(file)
            )
        });
        let header = self
            .remotes
            .iter()
            .find(|remote| remote.name == HEADER_REMOTE);
        let manifest = header.map(|remote| {
            format!(
                "<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin>",
                escape(&remote.manifest_url(&self.host))
            )
        });
        let texts =
            std::iter::once(format!("/shell/{}", texts_file("ui", self.locale)))
                .chain(header.map(|remote| {
                    remote.file_url(&self.host, &texts_file(HEADER_REMOTE, self.locale))
                }))
                .map(|url| {
                    format!(
                        "<link rel=\"preload\" href=\"{}\" as=\"script\">",
                        escape(&url)
                    )
                });
        wasm.chain(manifest).chain(texts).collect()
    }

    /// The home page has a top banner (the promotion `top-banner`) when one runs for this
    /// viewer; its row is reserved in the static header so that it shifts nothing when it
    /// arrives. Without one (an editor took it down, or its schedule ended) no empty band is
    /// reserved, and the header fragment is given none to show.
    fn top_banner(&self) -> Option<&'static str> {
        (self.page_type == "home" && self.promotions.get(TOP_BANNER_PROMOTION).is_some())
            .then_some(TOP_BANNER_PROMOTION)
    }
}

/// The page around the content: header slot, content, footer slot.
fn frame_html(
    frame: &Frame,
    slots_query: &str,
    badge: Option<String>,
    count: u32,
    content: &str,
    shell: &EntryFiles,
) -> String {
    let slots = page_slots(slots_query);
    let locale = frame.locale;
    let canonical = format!(
        "http://{}:{}{}",
        frame.host,
        frame.port,
        frame.link(&frame.path)
    );
    let mut head_links: String = shell
        .css
        .iter()
        .map(|file| format!("<link rel=\"stylesheet\" href=\"/shell/{}\">", escape(file)))
        .collect();
    // A page without the header loads the core later (the footer near the viewport), if at all.
    if slots.header {
        head_links.push_str(&frame.header_preloads(shell));
    }
    let scripts = shell.script_tags();
    // The consent manager with the site's configuration (the test one on an internal host).
    let consent_manager = format!(
        "<script async src=\"{src}\" data-domain-script=\"{id}\" data-changed-event=\"{changed}\" \
         data-settings-event=\"{settings}\"></script>",
        src = shop_core::consent::CONSENT_SCRIPT_PATH,
        id = escape(&frame.consent_domain_script),
        changed = shop_core::consent::CONSENT_CHANGED_EVENT,
        settings = shop_core::content::footer::CONSENT_SETTINGS_EVENT,
    );
    // The cart link's name says the count as the header fragment's does (the core's key).
    let cart_label = text(
        locale,
        shop_core::cart::cart_link_text_key(i64::from(count)),
        &[("count", &count.to_string())],
    );
    let header = if !slots.header {
        String::new()
    } else if header_variant(frame.page_type) == HeaderVariant::Reduced {
        // The checkout's reduced header: logo and the secure-purchase hint (the fragment adds
        // the back button).
        format!(
            "<header id=\"shell-header\" class=\"shell-slot shell-slot--header shell-slot--reduced\">\
             <div class=\"shell-header\" data-static-header>\
             <div class=\"shell-header__bar\">{logo}\
             <p class=\"shell-header__secure\">{secure}</p></div></div></header>",
            logo = logo_html(frame),
            secure = escape(&frame.t("header.reduced.secure")),
        )
    } else {
        // The full header's frame with the fragment's row heights (benefits, bar, navigation:
        // 32 + 64 + 48 px), the cart link and the navigation's fallback entries: a page that
        // works before and without the header fragment, and gives way to it without a shift.
        let fallback: String = navigation_bar(frame.site, None, None)
            .entries
            .iter()
            .filter_map(|entry| match entry {
                NavEntry::Fallback { key, url } => Some(format!(
                    "<li><a href=\"{}\">{}</a></li>",
                    escape(&frame.link(url)),
                    escape(&frame.t(&format!("navigation.fallback.{}", code(key))))
                )),
                _ => None,
            })
            .collect();
        // The icon bar as links that work without the fragment: the search and store-finder
        // pages (each with its form), the account page (which signs in) and the cart page.
        let icon_link = |path: &str, label_key: &str, glyph: &str| {
            format!(
                "<li><a class=\"shell-icon\" href=\"{}\" aria-label=\"{}\">{}</a></li>",
                escape(&frame.link(path)),
                escape(&frame.t(label_key)),
                icon_svg(glyph)
            )
        };
        let icons = [
            icon_link(SEARCH_PAGE_PATH, "header.search.open", "search"),
            icon_link(
                HEADER_PATHS.store_finder_search,
                "header.storeFinder.open",
                "storeFinder",
            ),
            icon_link(HEADER_PATHS.account, "header.userMenu.open", "userMenu"),
        ]
        .concat();
        // The fragment adds the cart preview's toggle beside the cart where the cart flyout may
        // open: the static bar keeps its room, so the icons do not move when it arrives.
        let toggle_room = cart_flyout_allowed(FlyoutContext {
            page_is_basket: is_basket_page(frame.page_type),
            mini_cart_enabled: frame.mini_cart_enabled,
        });
        format!(
            "<header id=\"shell-header\" class=\"shell-slot shell-slot--header\">\
             <div class=\"shell-header\" data-static-header>\
             <div class=\"shell-header__benefits\">{benefits}</div>{top_banner}\
             <div class=\"shell-header__bar\">{logo}\
             <ul class=\"shell-icons{toggle_room}\">{icons}\
             <li class=\"shell-cart-item\"><a id=\"shell-cart\" class=\"shell-icon shell-cart\" href=\"{cart}\" aria-label=\"{cart_label}\">{cart_icon}\
             <span id=\"shell-cart-badge\" class=\"shell-cart__badge\" data-item-count=\"{count}\"{hidden}>{badge}</span></a>{cart_toggle}</li></ul></div>\
             <nav class=\"shell-header__nav\" aria-label=\"{nav_label}\"><ul>{fallback}</ul></nav>\
             </div><div id=\"shell-minicart\"></div></header>",
            logo = logo_html(frame),
            benefits = benefits_html(frame),
            toggle_room = if toggle_room {
                " shell-icons--cart-toggle"
            } else {
                ""
            },
            cart = escape(&frame.link(CART_PAGE_URL)),
            cart_label = escape(&cart_label),
            cart_icon = icon_svg("cart"),
            // The cart preview's toggle, as the fragment has one where the cart flyout may
            // open: hidden until the shell has the mini cart to show (`cartButton.ts`), the
            // cart icon itself staying a link to the cart page.
            cart_toggle = if toggle_room {
                format!(
                    "<button id=\"shell-cart-preview\" type=\"button\" class=\"shell-cart-toggle\" \
                     aria-label=\"{}\" aria-haspopup=\"dialog\" aria-expanded=\"false\" hidden>{}</button>",
                    escape(&frame.t("header.cart.preview")),
                    icon_svg("cartPreview")
                )
            } else {
                String::new()
            },
            hidden = if badge.is_some() { "" } else { " hidden" },
            badge = escape(&badge.unwrap_or_default()),
            nav_label = escape(&frame.t("navigation.label")),
            top_banner = if frame.top_banner().is_some() {
                "<div class=\"shell-header__top-banner\"></div>"
            } else {
                ""
            },
        )
    };
    let footer = if slots.footer {
        let sites: String = Site::ALL
            .into_iter()
            .map(|site| {
                let current = if site == frame.site {
                    " aria-current=\"page\""
                } else {
                    ""
                };
                format!(
                    "<li><a href=\"{}/\" hreflang=\"{}\" lang=\"{}\" data-site=\"{}\"{current}>{}</a></li>",
                    site_prefix(site),
                    site.locale().tag(),
                    site.locale().tag(),
                    site.code(),
                    site.code().replace('_', " ")
                )
            })
            .collect();
        // The legal links (imprint, privacy, terms, ...) from the site's footer document, so
        // they are there before and without the footer fragment; the consent settings need the
        // consent manager's script and come with the fragment.
        let legal: String = crate::footer::legal_links(frame.site)
            .iter()
            .filter_map(|link| static_legal_link(frame.site, link))
            .collect();
        format!(
            "<footer id=\"shell-footer\" class=\"shell-slot shell-slot--footer\" aria-label=\"{label}\">\
             <div data-static-footer><nav aria-label=\"{chooser}\"><ul class=\"shell-sites\">{sites}</ul></nav>\
             <ul class=\"shell-legal\">{legal}</ul>\
             <p class=\"shell-vat\">{vat}</p></div></footer>",
            label = escape(&frame.t("footer.label")),
            chooser = escape(&frame.t("page.siteChooser")),
            vat = escape(&frame.t("footer.vat")),
        )
    } else {
        String::new()
    };
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><meta name=\"robots\" content=\"noindex\">\
         <link rel=\"icon\" href=\"data:,\"><link rel=\"canonical\" href=\"{canonical}\">\
         <link rel=\"alternate\" href=\"android-app://com.shop.app/http/{host}{path}\">\
         <link rel=\"alternate\" href=\"ios-app://1234567890/http/{host}{path}\">\
         {head_links}{scripts}{consent_manager}{page_style}\
         <script type=\"application/json\" id=\"shell-config\">{config}</script></head>\
         <body data-page-type=\"{page_type}\"><a class=\"shell-skip\" href=\"#content\">{skip}</a>\
         {header}<main id=\"content\" class=\"shell-content\" tabindex=\"-1\">{content}</main>{footer}</body></html>",
        lang = locale.tag(),
        page_style = frame.style.element(),
        title = escape(&frame.title),
        canonical = escape(&canonical),
        host = escape(&frame.host),
        path = escape(&frame.link(&frame.path)),
        config = frame.shell_config(),
        page_type = frame.page_type,
        skip = escape(&frame.t("page.skipToContent")),
    )
}

/// A legal link of the static footer as a list item: the footer document's link as the core's
/// footer view gives it (`LinkTarget` from `link_target`), a site path under the site's prefix,
/// a link that opens in a new tab (http, mailto) with the core's `rel` (`NEW_TAB_REL`: no
/// opener, no referrer; newsletter spec section 2 "Footer"). `None` for the consent settings'
/// link (it needs the consent manager's script and comes with the fragment) and for a link the
/// core dropped as unsafe.
pub fn static_legal_link(site: Site, link: &LegalLink) -> Option<String> {
    if link.opens_consent_settings {
        return None;
    }
    let target = link.target.as_ref()?;
    let href = if target.href.starts_with('/') {
        [site_prefix(site).as_str(), &target.href].concat()
    } else {
        target.href.clone()
    };
    Some(format!(
        "<li><a href=\"{}\"{}>{}</a></li>",
        escape(&href),
        new_tab_attributes(target),
        escape(&link.text)
    ))
}

/// ` target="_blank" rel="..."` for a link target that opens in a new tab, with the core's `rel`
/// (`link_target` sets `NEW_TAB_REL`), and `NEW_TAB_REL` for a target that came without one;
/// empty for one that does not.
fn new_tab_attributes(target: &LinkTarget) -> String {
    if !target.new_tab {
        return String::new();
    }
    format!(
        " target=\"_blank\" rel=\"{}\"",
        escape(target.rel.as_deref().unwrap_or(NEW_TAB_REL))
    )
}

/// Every page of the shell origin that is not a service or a file.
pub async fn page(
    State(state): State<AppState>,
    visitor: Visitor,
    csrf: Csrf,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    render_page(&state, visitor, csrf, &method, &uri, &headers, None)
}

/// The body of a page's form (`form` names it in a refusal), read as text: url-encoded, from
/// this origin and within the form limit ([`account::read_local_form`]); the refusal otherwise.
fn local_form(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    form: &str,
) -> Result<String, Box<Response>> {
    account::read_local_form(headers, body, form)
        .map(|body| String::from_utf8_lossy(&body).into_owned())
}

/// `POST {site prefix}/subscribenewsletter`: the sign-up page's form without JavaScript
/// (`signup_form.rs`), answered with the page showing its outcome. Only url-encoded forms from
/// this origin are read.
pub async fn post_signup_form(
    State(state): State<AppState>,
    visitor: Visitor,
    csrf: Csrf,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let form = match local_form(&headers, body, "sign-up form") {
        Ok(form) => form,
        Err(refused) => return *refused,
    };
    let (site, _) = split_site(uri.path());
    let base = crate::newsletter::customer_base_data(account::current_login(&state, &headers));
    let submitted = signup_form::submit(&state, site, &form, base.as_ref(), visitor.known_id());
    render_page(
        &state,
        visitor,
        csrf,
        &Method::POST,
        &uri,
        &headers,
        Some(submitted),
    )
}

/// A page; on the sign-up page with the outcome of a posted form.
fn render_page(
    state: &AppState,
    visitor: Visitor,
    csrf: Csrf,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    submitted: Option<Submitted>,
) -> Response {
    let (prefix_site, rest) = split_site(uri.path());
    let path = rest.trim_end_matches('/');
    let query = uri.query().unwrap_or("");
    // The search page's `site` parameter names its site (the core's search URLs carry it).
    let site = match (path, query_value(query, "site")) {
        ("search", Some(code)) => Site::from_code_or_default(&code),
        _ => prefix_site,
    };
    if path == "logout" {
        return account::log_out(state, method, headers, site);
    }
    if path == "search"
        && let Some(elsewhere) = search_leads_elsewhere(query, site)
    {
        return Redirect::to(&elsewhere).into_response();
    }
    let content_header = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("contentHeader="))
        .unwrap_or("");
    let locale = site.locale();
    let offers = state.store.offers(site).unwrap_or_default();
    let login = account::current_login(state, headers);
    let cart = crate::cart_api::current_cart(
        state,
        crate::cart_api::CartOwner::with_login(&visitor, site, login.as_ref()),
    )
    .ok();
    let count = item_count(&MiniCartState {
        cart: cart.clone(),
        ..MiniCartState::default()
    });
    let promotions = crate::promotions::PagePromotions::for_request(state, headers, site);
    let mut frame = Frame {
        site,
        locale,
        host: request_host(headers),
        port: state.shell.port,
        path: "/".to_owned(),
        page_type: "home",
        title: text(locale, "page.title", &[]),
        remotes: &state.shell.remotes,
        mini_cart_enabled: state.shell.minicart_enabled,
        staff_preview: crate::api::request_cookie(
            headers,
            shop_core::content::abtest::STAFF_AUTH_COOKIE,
        )
        .is_some_and(|token| !token.is_empty()),
        consent_domain_script: consent_domain_script(site, headers),
        current: page_without_notices(uri),
        tile_notice: tile_notice(query),
        benefits: promotions.header_benefits(),
        promotions,
        style: PageStyle::default(),
    };
    let articles: Vec<&Offer> = offers
        .iter()
        .filter(|o| o.list == ItemList::Articles)
        .collect();
    let (status, content) = match path {
        "" => {
            let phase_weekly = promotion_slot(&mut frame, "phase-weekly");
            (
                StatusCode::OK,
                [
                    heading(&frame.t("page.title")),
                    products_section(&articles, &frame),
                    phase_weekly,
                ]
                .concat(),
            )
        }
        "showcase" => {
            frame.path = "/showcase".to_owned();
            // Its own title, not the home page's (WCAG 2.4.2).
            frame.title = frame.t("page.showcase");
            let others: Vec<&Offer> = offers
                .iter()
                .filter(|o| o.list != ItemList::Articles)
                .collect();
            (
                StatusCode::OK,
                heading(&frame.t("page.showcase"))
                    + &product_list(&others, &frame, CardTitle::UnderPageHeading),
            )
        }
        "design-system" => {
            frame.path = "/design-system".to_owned();
            frame.page_type = "designSystem";
            frame.title = frame.t("page.designSystemTitle");
            (
                StatusCode::OK,
                format!(
                    "<h1 class=\"shell-heading\">{}</h1><div id=\"design-system-gallery\" class=\"shell-gallery\">\
                     <p>{}</p></div>",
                    escape(&frame.title),
                    escape(&frame.t("page.designSystemLoading"))
                ),
            )
        }
        "cart" => {
            frame.path = "/cart".to_owned();
            frame.page_type = BASKET_PAGE_TYPE;
            frame.title = frame.t("page.cartPageTitle");
            // The cart as the cart service would answer it: nothing when it cannot be read (or
            // its `cartLoad` test fault is on), which the page says instead of "empty".
            let readable = cart.as_ref().filter(|_| state.faults.cart_load().is_none());
            (StatusCode::OK, cart_page(&frame, readable, query, &offers))
        }
        "checkout" | "service/checkoutfrontend/checkout" => {
            frame.path = "/checkout".to_owned();
            frame.page_type = CHECKOUT_PAGE_TYPE;
            frame.title = frame.t("page.checkoutTitle");
            (StatusCode::OK, heading(&frame.title))
        }
        "search" => search_page(&mut frame, query, &offers),
        terms if Some(terms) == TERMS_PAGE_PATH.strip_prefix('/') => terms_page(&mut frame),
        "service/storefinder/search" | "service/storefinder" => {
            store_finder_page(&mut frame, path, query)
        }
        "signin" => sign_in_page(&mut frame, query, login, referring_path(headers)),
        "account" => account_page(&mut frame, login),
        "beanaccount" => bean_account_page(&mut frame, login),
        "register" => plain_page(&mut frame, "/register", "register", "page.register"),
        "orderhistory" => plain_page(
            &mut frame,
            "/orderhistory",
            "orderHistory",
            "page.orderHistory",
        ),
        "watchlist" => plain_page(&mut frame, "/watchlist", "watchlist", "page.watchlist"),
        "subscribenewsletter" => newsletter_page(&mut frame, query, submitted.as_ref(), login),
        item if item.starts_with("p/") || item.starts_with("partner/") => {
            match offer_at(&offers, &frame.link(&["/", item].concat())) {
                Some(offer) => {
                    frame.path = ["/", item].concat();
                    frame.page_type = "product";
                    let shown = shown(&offer.item, &frame);
                    frame.title = shown.title.clone();
                    (
                        StatusCode::OK,
                        heading(&shown.title)
                            + &product_list(&[offer], &frame, CardTitle::UnderPageHeading),
                    )
                }
                None => not_found(&mut frame),
            }
        }
        other => content_page(&mut frame, other, &offers),
    };
    frame.style.seal();
    let shell = entry_files(&state.shell.root, "shell");
    let html = frame_html(
        &frame,
        content_header,
        badge_text(i64::from(count)),
        count,
        &content,
        &shell,
    );
    csrf.with_cookie(visitor.with_cookie(html_response(
        status,
        html,
        &frame.content_security_policy(),
    )))
}

/// An HTML answer, never cached, with a referrer policy and the page's Content-Security-Policy
/// (`nosniff`, as on every answer: `api::no_sniffing`).
pub fn html_response(status: StatusCode, html: String, csp: &str) -> Response {
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    if let Ok(value) = HeaderValue::from_str(csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    response
}

/// The plain HTML host page: no React of its own, it embeds the mini cart through `mount()`, on
/// every site (`/embed`, `/pl/embed`, ...): the page's language is the site's, from which the
/// fragment reads the site.
///
/// A developers' page: its heading is in English (marked so, for screen readers); the title,
/// which cannot carry a language of its own, is in the site's language.
pub async fn embed_page(
    State(state): State<AppState>,
    csrf: Csrf,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    /// The page's heading, in English (marked so).
    const EMBED_HEADING_EN: &str = "Plain host page: the mini cart through mount()";
    let (site, _) = split_site(uri.path());
    let locale = site.locale();
    let title = text(locale, "page.embedTitle", &[]);
    let frame = Frame {
        site,
        locale,
        host: request_host(&headers),
        port: state.shell.port,
        path: uri.path().to_owned(),
        page_type: "embed",
        title,
        remotes: &state.shell.remotes,
        mini_cart_enabled: state.shell.minicart_enabled,
        staff_preview: false,
        // The plain host page brings its own consent management, if any.
        consent_domain_script: String::new(),
        current: "/embed".to_owned(),
        tile_notice: None,
        benefits: None,
        promotions: crate::promotions::PagePromotions::none(),
        style: PageStyle::default(),
    };
    let scripts = entry_files(&state.shell.root, "embed").script_tags();
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><meta name=\"robots\" content=\"noindex\"><link rel=\"icon\" href=\"data:,\">{scripts}\
         <script type=\"application/json\" id=\"shell-config\">{config}</script></head>\
         <body><main><h1 lang=\"en\">{heading}</h1>\
         <button type=\"button\" id=\"embed-open\" aria-haspopup=\"dialog\" hidden>{cart}</button>\
         <p id=\"embed-count\" role=\"status\"></p><div id=\"embed-minicart\"></div></main></body></html>",
        lang = frame.locale.tag(),
        title = escape(&frame.title),
        heading = escape(EMBED_HEADING_EN),
        config = frame.shell_config(),
        cart = escape(&frame.t("header.cart")),
    );
    csrf.with_cookie(html_response(
        StatusCode::OK,
        html,
        &frame.content_security_policy(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shop_core::content::promotion::parse_promotion_document;
    use shop_core::json;

    fn frame() -> Frame<'static> {
        Frame {
            site: Site::De,
            locale: Locale::DeDe,
            host: "localhost".to_owned(),
            port: 8080,
            path: "/kaffee".to_owned(),
            page_type: "category",
            title: String::new(),
            remotes: &[],
            mini_cart_enabled: true,
            staff_preview: false,
            consent_domain_script: String::new(),
            current: "/kaffee".to_owned(),
            tile_notice: None,
            benefits: None,
            promotions: crate::promotions::PagePromotions::none(),
            style: PageStyle::default(),
        }
    }

    /// The copy of a category banner with this document, and the page's style after it.
    fn copy_of(content: &str) -> (String, String) {
        let promotion =
            parse_promotion_document("ApiCategory", json::from_str(content).unwrap_or_default())
                .unwrap_or_else(|| unreachable!("not a promotion: {content}"));
        let mut frame = frame();
        let copy = static_promotion(&promotion, &mut frame);
        (copy, frame.style.rules)
    }

    #[test]
    fn the_home_page_reserves_the_top_banners_row_only_when_a_top_banner_runs() {
        let banner = crate::promotions::SeededPromotion {
            id: TOP_BANNER_PROMOTION.to_owned(),
            kind: "ApiTopBannerPromotion".to_owned(),
            content: json::from_str(r#"{"headline": "10 % auf Kaffee"}"#).unwrap_or_default(),
            ..Default::default()
        };
        let later = crate::promotions::SeededPromotion {
            valid_from: Some("2999-01-01T00:00".to_owned()),
            ..banner.clone()
        };
        let shown = |page_type: &'static str,
                     seeded: &'static [crate::promotions::SeededPromotion]| {
            let mut frame = frame();
            frame.page_type = page_type;
            frame.promotions = crate::promotions::PagePromotions::of(seeded);
            frame.top_banner()
        };
        let running: &'static [_] = Box::leak(Box::new([banner.clone()]));
        let not_yet: &'static [_] = Box::leak(Box::new([later]));
        assert_eq!(shown("home", running), Some(TOP_BANNER_PROMOTION));
        assert_eq!(shown("category", running), None);
        assert_eq!(shown("home", not_yet), None);
        assert_eq!(shown("home", &[]), None);
    }

    /// The static header's benefits bar for a `~header_top` document on DE.
    fn benefits_bar_of(content: &str) -> String {
        let mut frame = frame();
        frame.benefits = parse_promotion_document(
            "ApiHeaderBenefitsPromotion",
            json::from_str(content).unwrap_or_default(),
        );
        parts::benefits_html(&frame)
    }

    #[test]
    fn a_benefits_bar_without_benefits_shows_its_headline_as_the_fragments_bar_does() {
        // An editor's bar of one line: it links to its button's page ...
        let bar = benefits_bar_of(
            r#"{"headline": "Nur heute: 20 % auf Kaffee", "ctaButton": {"ctaLink": {"url": "/kaffee", "text": "Zum Kaffee"}}}"#,
        );
        assert!(
            bar.starts_with("<ul class=\"shell-benefits\" aria-label="),
            "{bar}"
        );
        assert!(
            bar.contains("<li><a href=\"/kaffee\">Nur heute: 20 % auf Kaffee</a></li>"),
            "{bar}"
        );
        // ... or, without one, to the newsletter sign-up, as every benefit without a link does.
        let bar = benefits_bar_of(r#"{"headline": "Newsletter & Vorteile"}"#);
        assert!(
            bar.contains("<li><a href=\"/subscribenewsletter\">Newsletter &amp; Vorteile</a></li>"),
            "{bar}"
        );
        let bar =
            benefits_bar_of(r#"{"headline": "Ignored", "links": [{"text": "Versandkostenfrei"}]}"#);
        assert!(
            bar.contains("<li><a href=\"/subscribenewsletter\">Versandkostenfrei</a></li>")
                && !bar.contains("Ignored"),
            "{bar}"
        );
        assert_eq!(benefits_bar_of(r#"{"subline": "no headline"}"#), "");
    }

    #[test]
    fn a_promotion_without_a_headline_still_has_its_copy() {
        let (copy, _) = copy_of(r#"{"links": [{"url": "/kaffee/espresso", "text": "Espresso"}]}"#);
        assert!(copy.contains("data-static-promotion"), "{copy}");
        assert!(!copy.contains("<h2"), "{copy}");
        assert!(
            copy.contains("<a href=\"/kaffee/espresso\">Espresso</a>"),
            "{copy}"
        );
    }

    #[test]
    fn the_copy_escapes_the_editors_texts_and_opens_links_that_leave_the_shop_in_a_new_tab() {
        let (copy, _) = copy_of(
            r#"{"headline": "<script>x</script> & \"Co\"",
                    "links": [{"url": "https://example.com/a?b=1&c=2", "text": "<b>Partner</b>"}],
                    "legalText": "</div><img src=x onerror=alert(1)>"}"#,
        );
        assert!(
            copy.contains("&lt;script&gt;x&lt;/script&gt; &amp; &quot;Co&quot;"),
            "{copy}"
        );
        assert!(
            !copy.contains("<script") && !copy.contains("<img src=x"),
            "{copy}"
        );
        assert!(
            copy.contains(
                "<a href=\"https://example.com/a?b=1&amp;c=2\" target=\"_blank\" rel=\"noopener noreferrer\">&lt;b&gt;Partner&lt;/b&gt;</a>"
            ),
            "{copy}"
        );
    }

    #[test]
    fn each_cutouts_css_holds_only_where_the_fragment_shows_that_cutout() {
        let (copy, style) = copy_of(
            r#"{"headline": "H", "img": {"imageData": [
                {"imagePath": "/image-delivery/narrow.svg", "containerCss": "height: 120px", "imageCss": "object-position: 10% 20%"},
                {"imagePath": "/image-delivery/wide.svg", "breakpoint": 1023, "containerCss": "aspect-ratio: 3/1"},
                {"imagePath": "/image-delivery/wide-too.svg", "breakpoint": 1023, "containerCss": "aspect-ratio: 2/1"},
                {"imagePath": "/image-delivery/medium.svg", "breakpoint": 767, "containerCss": "aspect-ratio: 4/3"}]}}"#,
        );
        // Widest first; of two at 1023 px the first in the document, which the browser takes.
        assert!(
            copy.contains(
                "<picture><source media=\"(min-width: 1023px)\" srcset=\"/img/wide.svg\">\
                 <source media=\"(min-width: 1023px)\" srcset=\"/img/wide-too.svg\">\
                 <source media=\"(min-width: 767px)\" srcset=\"/img/medium.svg\">\
                 <img src=\"/img/narrow.svg\" alt=\"\"></picture>"
            ),
            "{copy}"
        );
        // The narrow cutout's height and position do not reach the wider ones.
        assert_eq!(
            style,
            "@media (max-width: 766.98px){#shell-promo-1 .shell-promo__media{height:120px;}\
             #shell-promo-1 .shell-promo__media img{object-position:10% 20%;}}\
             @media (min-width: 767px) and (max-width: 1022.98px){#shell-promo-1 .shell-promo__media{aspect-ratio:4/3;}\
             #shell-promo-1 .shell-promo__media img{}}\
             @media (min-width: 1023px){#shell-promo-1 .shell-promo__media{aspect-ratio:3/1;}\
             #shell-promo-1 .shell-promo__media img{}}"
        );
    }

    #[test]
    fn the_copys_style_carries_only_the_cores_checked_colours_and_declarations() {
        let (copy, style) = copy_of(
            r#"{"headline": "H",
                    "backgroundColor": {"colorCode": "red;}</style><script>"},
                    "img": {"imageData": [{"imagePath": "/image-delivery/a.svg",
                        "containerCss": "aspect-ratio: 3/2; height: 1px} body{display:none",
                        "imageCss": "object-position: 10% 20%; width: url(x)"}]}}"#,
        );
        assert!(copy.contains("id=\"shell-promo-1\""), "{copy}");
        assert_eq!(
            style,
            "#shell-promo-1 .shell-promo__media{aspect-ratio:3/2;}\
             #shell-promo-1 .shell-promo__media img{object-position:10% 20%;}"
        );
    }

    #[test]
    fn a_footer_page_lists_the_groups_other_links_not_itself_whatever_its_trailing_slash() {
        let link = |href: &str, text: &str| shop_core::content::footer::FooterLink {
            text: text.into(),
            target: shop_core::content::link::link_target(href, false)
                .unwrap_or_else(|| unreachable!()),
        };
        let page = FooterPage {
            title: "Versand".into(),
            text: None,
            links: vec![
                link("/versand/", "Versand"),
                link("/versand", "Versand"),
                link("/zahlung", "Zahlung"),
            ],
        };
        let mut frame = frame();
        let (status, html) = footer_page(&mut frame, "versand", &page);
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("href=\"/zahlung\""), "{html}");
        assert!(!html.contains("href=\"/versand/\""), "{html}");
        assert!(!html.contains("href=\"/versand\""), "{html}");
    }

    #[test]
    fn the_cart_pages_deductions_read_with_one_minus_sign() {
        let cart: Cart = json::from_str(
            r#"{"articles":[{"productId":"400006","tcm":"400006-01","title":"Tassen","quantity":{"quantity":1}}],"priceSummary":{"cartFinalSum":1299,"shippingCosts":0,"redeemedWsacDiscounts":[{"wsac":"SOMMER10","discount":500}],"totalRedeemedLoyaltyBeans":100}}"#,
        )
        .unwrap_or_default();
        let mut frame = frame();
        frame.page_type = "basket";
        let page = cart_page(&frame, Some(&cart), "", &[]);
        assert_eq!(
            page.matches("−&nbsp;").count() + page.matches("−\u{a0}").count(),
            2,
            "{page}"
        );
        for amount in ["5,00", "1,00"] {
            assert!(
                page.contains(&format!("−\u{a0}{amount}"))
                    || page.contains(&format!("−&nbsp;{amount}")),
                "{amount}: {page}"
            );
        }
        assert!(
            !page.contains("−\u{a0}−") && !page.contains("−&nbsp;−"),
            "{page}"
        );
    }

    #[test]
    fn a_removal_of_a_line_removed_elsewhere_meanwhile_reports_no_error() {
        let cart: Cart = json::from_str(
            r#"{"articles":[{"productId":"400006","tcm":"400006-01","title":"Tassen","quantity":{"quantity":1}},{"productId":"400201","tcm":"400201-01","title":"Karte","quantity":{"quantity":1}}],"giftCards":[{"article":{"productId":"400201","tcm":"400201-01","title":"Karte"}}]}"#,
        )
        .unwrap_or_default();
        let lines = shop_core::cart::cart_lines(&cart);
        let key = |list: &str| {
            lines
                .iter()
                .find(|line| line.key.starts_with(list))
                .map(|line| line.key.clone())
                .unwrap_or_else(|| unreachable!("no {list} line"))
        };
        let error = |code| CartError { code, limit: None };
        // Another tab's removal came between this one's reading and its change: nothing to say.
        assert_eq!(
            removal_error_query(&cart, &key("articles"), error(CartErrorCode::UnknownItem)),
            ""
        );
        // The service's refusals are said, a gift card's with its own words.
        assert_eq!(
            removal_error_query(&cart, &key("articles"), error(CartErrorCode::Unknown)),
            cart_error_query(error(CartErrorCode::Unknown))
        );
        assert!(
            removal_error_query(&cart, &key("giftCards"), error(CartErrorCode::Unknown))
                .ends_with(&["&", GIFT_CARD_REMOVAL_PARAM, "=1"].concat())
        );
    }
}
