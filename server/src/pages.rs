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
    Benefit, Cta, ImageCutout, Promotion, PromotionImage, PromotionKind, Theme,
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
    /// The header benefits the static header shows (`~header_top`).
    benefits: Vec<Benefit>,
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

    /// The home page has a top banner (the promotion `top-banner`); its row is reserved in the
    /// static header so that it shifts nothing when it arrives.
    fn top_banner(&self) -> Option<&'static str> {
        (self.page_type == "home").then_some(TOP_BANNER_PROMOTION)
    }
}

/// The static header's benefits bar: each benefit a link to its own page or, without one, to
/// the site's newsletter sign-up (as the fragment's bar has them), in one row.
fn benefits_html(frame: &Frame) -> String {
    if frame.benefits.is_empty() {
        return String::new();
    }
    let items: String = frame
        .benefits
        .iter()
        .map(|benefit| {
            let href = benefit
                .url
                .clone()
                .unwrap_or_else(|| frame.link(NEWSLETTER_SIGNUP_PATH));
            format!(
                "<li><a href=\"{}\"{}>{}</a></li>",
                escape(&href),
                if benefit.bold_link {
                    " class=\"shell-benefits__bold\""
                } else {
                    ""
                },
                escape(&benefit.text)
            )
        })
        .collect();
    format!(
        "<ul class=\"shell-benefits\" aria-label=\"{}\">{items}</ul>",
        escape(&frame.t("promotion.benefits.label"))
    )
}

/// A price block as the core's price view orders it.
fn price_html(lines: &[PriceLine], locale: Locale) -> String {
    let mut out = String::from("<div class=\"shell-price\">");
    for line in lines {
        match line {
            PriceLine::Previous { amount } => out.push_str(&format!(
                "<span class=\"shell-price__previous\">{}</span>",
                escape(&text(locale, "price.previous", &[("amount", amount)]))
            )),
            // A promotional price says so in words everybody sees, not by its colour alone (WCAG
            // 1.4.1; a contrast theme drops the colour), as the mini cart's does.
            PriceLine::Current {
                amount,
                promotional,
            } => {
                let (class, word) = if *promotional {
                    (
                        " shell-price__current--promotional",
                        format!(
                            "<span class=\"shell-price__promotional\">{}</span> ",
                            escape(&text(locale, "price.promotional", &[]))
                        ),
                    )
                } else {
                    ("", String::new())
                };
                out.push_str(&format!(
                    "<strong class=\"shell-price__current{class}\">{word}{}</strong>",
                    escape(amount)
                ));
            }
            PriceLine::BestPrice {
                amount,
                difference_percentage,
                tooltip,
            } => {
                let shown = match difference_percentage {
                    Some(percentage) => text(
                        locale,
                        "price.bestPriceDifference",
                        &[("amount", amount), ("percentage", &percentage.to_string())],
                    ),
                    None => amount.clone(),
                };
                // The tooltip's "i" right after the text, as the mini cart has it: after a word
                // joiner, in a part that does not break, so it goes to a new line with the
                // text's last word, never alone.
                let info = if *tooltip {
                    format!(
                        "<span class=\"shell-price__joint\">\u{2060}{}</span>",
                        best_price_info(locale)
                    )
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "<div class=\"shell-price__best\"><span>{}</span>{info}</div>",
                    escape(&text(locale, "price.bestPrice", &[("amount", &shown)]))
                ));
            }
            PriceLine::BasePrice { label, amount } => out.push_str(&format!(
                "<span class=\"shell-price__base\">{} / {}</span>",
                escape(amount),
                escape(label)
            )),
        }
    }
    out.push_str("</div>");
    out
}

/// The 30-day best price's tooltip where the core's price view shows it (header spec "Price
/// display": hidden on de-AT), without JavaScript: a disclosure whose summary is the "i" the
/// mini cart shows, named by a short name of what it opens as the mini cart's info button is
/// (`price.bestPriceInfoLabel`, visually hidden, `mfe-minicart/src/views/PriceLines.tsx`), and
/// which opens the tooltip's text (`price.bestPriceInfo`), said once, in the panel only.
fn best_price_info(locale: Locale) -> String {
    let label = escape(&text(locale, "price.bestPriceInfoLabel", &[]));
    let info = escape(&text(locale, "price.bestPriceInfo", &[]));
    format!(
        "<details class=\"shell-price__info\"><summary><span class=\"shell-price__info-icon\" \
         aria-hidden=\"true\">i</span><span class=\"shell-visually-hidden\">{label}</span></summary>\
         <p class=\"shell-price__info-text\">{info}</p></details>"
    )
}

/// What a tile shows of an offer: title, image, link, price block.
struct Shown {
    title: String,
    image: String,
    link: String,
    price: String,
}

fn shown(item: &CartItem, frame: &Frame) -> Shown {
    let safe = |url: &str| shop_core::content::link::safe_url(url).unwrap_or_default();
    match item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => Shown {
            title: a.title.clone(),
            image: safe(&a.image_url),
            link: safe(&a.product_url),
            price: price_html(&price_view(&a.price, frame.site), frame.locale),
        },
        CartItem::PartnerProduct(p) => Shown {
            title: p.title.clone(),
            image: safe(&p.image_url),
            link: safe(&p.form_url),
            price: format!(
                "<div class=\"shell-price\"><strong class=\"shell-price__current\">{}</strong></div>",
                escape(&format_price(p.total_price, frame.site))
            ),
        },
        CartItem::Subscription(s) => {
            let first = s
                .recurring_articles
                .first()
                .or(s.non_recurring_articles.first());
            Shown {
                title: first.map(|a| a.title.clone()).unwrap_or_default(),
                image: first.map(|a| safe(&a.image_url)).unwrap_or_default(),
                link: first.map(|a| safe(&a.product_url)).unwrap_or_default(),
                price: first
                    .map(|a| {
                        format!(
                            "<div class=\"shell-price\"><strong class=\"shell-price__current\">{}</strong></div>",
                            escape(&format_price(a.price, frame.site))
                        )
                    })
                    .unwrap_or_default(),
            }
        }
    }
}

/// The payload that puts an offer into the cart: one piece of an article, the kind's own
/// payload for the others.
fn add_payload(offer: &Offer) -> CartModification {
    match &offer.item {
        CartItem::Article(a) if offer.list == ItemList::Articles => CartModification::SetArticle {
            product_id: a.product_id.clone(),
            tcm: a.tcm.clone(),
            quantity: 1,
        },
        item => restore_payload(&CartLine {
            key: String::new(),
            list: offer.list,
            position: 0,
            item: item.clone(),
        }),
    }
}

/// The heading level of a product card's title: one below the heading its list stands under, so
/// the page's outline has no gap (`h1` page heading, `h2` subheading).
#[derive(Clone, Copy)]
enum CardTitle {
    /// The list follows the page's `h1` directly (the showcase, an item's page).
    UnderPageHeading,
    /// The list follows an `h2` subheading.
    UnderSubheading,
}

impl CardTitle {
    fn tag(self) -> &'static str {
        match self {
            CardTitle::UnderPageHeading => "h2",
            CardTitle::UnderSubheading => "h3",
        }
    }
}

fn product_card(offer: &Offer, frame: &Frame, title_level: CardTitle) -> String {
    let shown = shown(&offer.item, frame);
    let title = escape(&shown.title);
    let payload = json::to_string(&add_payload(offer));
    let tile = tile_id(&payload);
    // The outcome of this tile's form without JavaScript, as the script would have shown it.
    let (added, refused) = match frame
        .tile_notice
        .as_ref()
        .filter(|notice| notice.tile == tile)
    {
        Some(TileNotice { refusal: None, .. }) => (
            escape(&text(
                frame.locale,
                "product.added",
                &[("title", &shown.title)],
            )),
            String::new(),
        ),
        Some(TileNotice {
            refusal: Some(message),
            ..
        }) => (
            String::new(),
            escape(&cart_message_text(frame.locale, *message)),
        ),
        None => (String::new(), String::new()),
    };
    let image = if shown.image.is_empty() {
        String::new()
    } else {
        format!(
            "<img src=\"{}\" alt=\"\" width=\"240\" height=\"180\">",
            escape(&shown.image)
        )
    };
    format!(
        "<li class=\"shell-card\" id=\"{tile}\">\
         <a class=\"shell-card__image\" href=\"{link}\" tabindex=\"-1\" aria-hidden=\"true\">{image}</a>\
         <{tag} class=\"shell-card__title\"><a href=\"{link}\">{title}</a></{tag}>{price}\
         <form class=\"shell-card__form\" method=\"post\" action=\"{action}\">\
         <input type=\"hidden\" name=\"modification\" value=\"{payload}\">\
         <input type=\"hidden\" name=\"back\" value=\"{back}\">\
         <button type=\"submit\" class=\"shell-add\" data-add-to-cart=\"{payload}\" data-title=\"{title}\" \
         aria-label=\"{label}\">{add}</button></form>\
         <p class=\"shell-card__added\" role=\"status\">{added}</p>\
         <p class=\"shell-card__error\" role=\"alert\">{refused}</p></li>",
        link = escape(&shown.link),
        tag = title_level.tag(),
        price = shown.price,
        action = escape(&frame.link(ADD_TO_CART_FORM_PATH)),
        back = escape(&frame.current),
        payload = escape(&payload),
        label = escape(&text(
            frame.locale,
            "product.addItemToCart",
            &[("title", &shown.title)]
        )),
        add = escape(&frame.t("product.addToCart")),
    )
}

fn product_list(offers: &[&Offer], frame: &Frame, title_level: CardTitle) -> String {
    let cards: String = offers
        .iter()
        .map(|offer| product_card(offer, frame, title_level))
        .collect();
    // One article (a product page, a search's one hit) takes a phone's width, not a column's.
    let single = if offers.len() == 1 {
        " shell-products--single"
    } else {
        ""
    };
    format!("<ul class=\"shell-products{single}\">{cards}</ul>")
}

/// The promotion id of the home page's top banner.
const TOP_BANNER_PROMOTION: &str = "top-banner";

/// A place for a promotion (category banner, phase integration). The server renders the
/// promotion the viewer sees now into it (`static_promotion`), so the page has its room from the
/// first paint and shows it without JavaScript; the shell puts the header fragment's promotion
/// renderer (`header/Promotion`) over it, which adds the copy button, the tracking and the staff
/// preview's refetch. Empty when no promotion runs (the shell then still asks the fragment).
fn promotion_slot(frame: &mut Frame, id: &str) -> String {
    let shown = match frame.promotions.get(id) {
        Some(promotion) => static_promotion(&promotion, frame),
        None => String::new(),
    };
    format!(
        "<div class=\"shell-promotion\" data-promotion-slot=\"{}\">{shown}</div>",
        escape(id)
    )
}

/// A category banner or phase integration as the fragment lays it out (`CategoryBanner`,
/// `PhaseIntegration`): picture, headline (carrying the main link when no button does),
/// subline, text links, call to action, small print. Its own rules (`promotion_style`: the
/// editor's colours and the cutouts' CSS, which the fragment sets as inline style) go into the
/// page's style element. Other kinds are not placed in pages: empty.
fn static_promotion(promotion: &Promotion, frame: &mut Frame) -> String {
    let variant = match promotion.kind {
        PromotionKind::Category => "category",
        PromotionKind::PhaseIntegration => "phase",
        PromotionKind::Benefits | PromotionKind::Banner => return String::new(),
    };
    let headline_link = promotion
        .cta_button_link
        .as_deref()
        .filter(|_| promotion.kind == PromotionKind::Category && promotion.cta != Cta::CtaButton);
    let mut body = String::new();
    if let Some(headline) = &promotion.headline {
        let headline = match headline_link {
            Some(link) => static_link(link, &escape(headline), ""),
            None => escape(headline),
        };
        body += &format!("<h2 class=\"shell-promo__headline\">{headline}</h2>");
    }
    if let Some(subline) = &promotion.subline {
        body += &format!("<p class=\"shell-promo__subline\">{}</p>", escape(subline));
    }
    if promotion.kind == PromotionKind::Category && !promotion.links.is_empty() {
        let links: String = promotion
            .links
            .iter()
            .map(|link| {
                let text = escape(&link.text);
                let text = if link.bold_link {
                    format!("<strong>{text}</strong>")
                } else {
                    text
                };
                format!("<li>{}</li>", static_link(&link.url, &text, ""))
            })
            .collect();
        body += &format!("<ul class=\"shell-promo__links\">{links}</ul>");
    }
    match (
        &promotion.cta,
        &promotion.voucher_code,
        &promotion.cta_button_link,
        &promotion.cta_button_text,
    ) {
        (Cta::VoucherCode, Some(code), _, _) => {
            let instructions = promotion
                .voucher_code_instructions
                .as_deref()
                .map(|text| {
                    format!(
                        "<p class=\"shell-promo__instructions\">{}</p>",
                        escape(text)
                    )
                })
                .unwrap_or_default();
            // The copy button's room: the fragment's button, which copies, takes its place; it
            // is not there without scripts (nothing would copy).
            body += &format!(
                "<div class=\"shell-promo__voucher\">{instructions}<div class=\"shell-promo__voucher-row\">\
                 <span class=\"shell-promo__voucher-label\">{}</span><code>{}</code>\
                 <span class=\"shell-promo__copy\" aria-hidden=\"true\">{}</span></div></div>",
                escape(&frame.t("promotion.voucher.label")),
                escape(code),
                escape(&frame.t("promotion.voucher.copy"))
            );
        }
        (Cta::CtaButton, _, Some(link), Some(text)) => {
            body += &static_link(link, &escape(text), "shell-promo__button");
        }
        _ => {}
    }
    if let Some(legal) = &promotion.legal_text {
        body += &format!(
            "<p class=\"shell-promo__small-print\">{}</p>",
            escape(legal)
        );
    }
    let picture = promotion
        .image
        .as_ref()
        .map(static_picture)
        .unwrap_or_default();
    let theme = if promotion.theme == Theme::Dark {
        " shell-promo--dark"
    } else {
        ""
    };
    let element_id = frame
        .style
        .add_copy(|element_id| promotion_style(promotion, element_id));
    format!(
        "<div id=\"{element_id}\" class=\"shell-promo shell-promo--{variant}{theme}\" data-static-promotion>\
         {picture}<div class=\"shell-promo__body\">{body}</div></div>"
    )
}

/// A promotion's link as the fragment's `TextLink` has it: one that leaves the shop (http,
/// mailto; the core's `link_target`) opens in a new tab with the core's `rel`.
fn static_link(url: &str, inner_html: &str, class: &str) -> String {
    let class = if class.is_empty() {
        String::new()
    } else {
        format!(" class=\"{class}\"")
    };
    let new_tab = shop_core::content::link::link_target(url, false)
        .map(|target| new_tab_attributes(&target))
        .unwrap_or_default();
    format!(
        "<a href=\"{}\"{class}{new_tab}>{inner_html}</a>",
        escape(url)
    )
}

/// A promotion's responsive picture as the core lays it out (`PromotionImage::picture`, the fragment's
/// `Picture` alike). Decorative: the headline says what the promotion is.
fn static_picture(image: &PromotionImage) -> String {
    let view = &image.picture;
    let sources: String = view
        .sources
        .iter()
        .map(|source| {
            format!(
                "<source media=\"{}\" srcset=\"{}\">",
                escape(&source.media),
                escape(&source.srcset)
            )
        })
        .collect();
    format!(
        "<div class=\"shell-promo__media\"><picture>{sources}<img src=\"{}\" alt=\"\"></picture></div>",
        escape(&view.src)
    )
}

/// The rules the fragment sets as inline style, for the server's copy (the page's CSP allows no
/// inline style; the page's one `<style>` carries a nonce): the editor's colours (checked hex
/// codes) and the CSS of the cutout in use (the core's allow-list: no `{`, `}`, `;`, `<`,
/// quotes, `@` or unclosed brackets in a value). Each cutout's rules hold only for the widths at
/// which the fragment shows it (from its breakpoint up to the next wider one's), so no
/// narrower cutout's declaration stays in force under a wider one.
fn promotion_style(promotion: &Promotion, element_id: &str) -> String {
    let declarations = |list: &[shop_core::content::promotion::CssDeclaration]| -> String {
        list.iter()
            .map(|declaration| format!("{}:{};", declaration.property, declaration.value))
            .collect()
    };
    let scope = format!("#{element_id}");
    let mut css = String::new();
    if let Some(background) = &promotion.background_color_code {
        // On the editor's background the buttons take the text colour in effect, as the
        // fragment's do (`Surface.tsx`): the copy button's room (a secondary button) in it, a
        // call to action filled with it and lettered in the background.
        let text = promotion
            .text_color
            .as_deref()
            .unwrap_or("var(--shell-promo-text)");
        css += &format!(
            "{scope}{{background-color:{background};}}\
             {scope} .shell-promo__copy{{background-color:{background};color:{text};border-color:{text};}}\
             {scope} .shell-promo__button{{background-color:{text};color:{background};border-color:{text};}}"
        );
    }
    if let Some(text) = &promotion.text_color {
        css += &format!(
            "{scope}{{color:{text};}}{scope} a:not(.shell-promo__button){{color:inherit}}"
        );
    }
    let Some(image) = &promotion.image else {
        return css;
    };
    let cutout_rules = |cutout: &ImageCutout| {
        format!(
            "{scope} .shell-promo__media{{{}}}{scope} .shell-promo__media img{{{}}}",
            declarations(&cutout.container_css),
            declarations(&cutout.image_css)
        )
    };
    let view = &image.picture;
    let fallback = image.cutouts.get(view.fallback);
    // Of equal breakpoints the first (the one the browser takes), narrowest first.
    let mut ranges: Vec<(u32, &ImageCutout)> = Vec::new();
    for source in &view.sources {
        let Some(cutout) = image.cutouts.get(source.cutout) else {
            continue;
        };
        let breakpoint = cutout.breakpoint.unwrap_or_default();
        if ranges.last().is_none_or(|(last, _)| *last != breakpoint) {
            ranges.push((breakpoint, cutout));
        }
    }
    ranges.reverse();
    let below = |breakpoint: u32| format!("(max-width: {}.98px)", breakpoint.saturating_sub(1));
    match (fallback, ranges.first()) {
        (Some(fallback), None) => css += &cutout_rules(fallback),
        (Some(fallback), Some((narrowest, _))) if *narrowest > 0 => {
            css += &format!("@media {}{{{}}}", below(*narrowest), cutout_rules(fallback));
        }
        _ => {}
    }
    for (index, (breakpoint, cutout)) in ranges.iter().enumerate() {
        let upto = ranges
            .get(index + 1)
            .map(|(wider, _)| format!(" and {}", below(*wider)))
            .unwrap_or_default();
        css += &format!(
            "@media (min-width: {breakpoint}px){upto}{{{}}}",
            cutout_rules(cutout)
        );
    }
    css
}

/// The logo: a link to the site's home page.
fn logo_html(frame: &Frame) -> String {
    format!(
        "<a class=\"shell-logo\" href=\"{}\">SHOP<span class=\"shell-visually-hidden\"> – {}</span></a>",
        escape(&frame.link("/")),
        escape(&frame.t("header.home"))
    )
}

/// The icon bar's glyphs: the header fragment's own (`mfe-header/src/shared/icons.json`), so the
/// static header's icons are the ones the fragment shows when it takes over.
const ICON_GLYPHS: &str = include_str!("../../mfe-header/src/shared/icons.json");

/// A decorative icon of the icon bar (the link around it carries the name); empty for a name the
/// glyphs do not have.
fn icon_svg(name: &str) -> String {
    static GLYPHS: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    let glyphs = GLYPHS.get_or_init(|| json::from_str(ICON_GLYPHS).unwrap_or_default());
    glyphs.get(name).map_or_else(String::new, |path| {
        format!(
            "<svg class=\"shell-icon__glyph\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 24 24\" \
             width=\"24\" height=\"24\"><path fill-rule=\"evenodd\" fill=\"currentColor\" d=\"{}\"/></svg>",
            escape(path)
        )
    })
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

/// The cart page: the cart's lines as the mini cart shows them (the core's `mini_cart_view`:
/// pictures, titles, quantities, prices, notes and hints), each with a form that removes it
/// (`POST {prefix}/cart/remove`, with or without scripts) or, where the core disables its delete,
/// a disabled Remove button, the summary and the way to the checkout; a removal's outcome above
/// the lines, a failed one worded as the mini cart words it (`ShownChangeError`).
fn cart_page(frame: &Frame, cart: Option<&Cart>, query: &str, offers: &[Offer]) -> String {
    let t = |key: &str| escape(&frame.t(key));
    // A failed removal as the mini cart shows it after its rollback (the core's
    // `ShownChangeError`): the error the form carried back, and whether it was a gift card's.
    let change_error = query_value(query, CART_ERROR_PARAM).map(|_| ShownChangeError {
        error: cart_error_from_query(query),
        shown_at: 0.0,
        gift_card_removal: query_value(query, GIFT_CARD_REMOVAL_PARAM).is_some(),
    });
    let view = mini_cart_view(
        &MiniCartState {
            cart: cart.cloned(),
            change_error,
            ..MiniCartState::default()
        },
        frame.site,
        0.0,
    );
    let heading = heading(&frame.title);
    // A removal's outcome: the removed item's title (from the catalogue), or the refusal.
    let notice = if let Some(product) = query_value(query, REMOVED_PARAM) {
        let title = offers
            .iter()
            .find(|offer| offer_product_id(&offer.item) == product)
            .map(|offer| shown(&offer.item, frame).title);
        let message = title.map_or_else(
            || frame.t("cart.removed"),
            |title| text(frame.locale, "cart.removedItem", &[("title", &title)]),
        );
        format!(
            "<p id=\"{CART_NOTICE_ID}\" tabindex=\"-1\" class=\"shell-banner shell-banner--success\" role=\"status\">{}</p>",
            escape(&message)
        )
    } else if let Some(message) = view.change_error {
        format!(
            "<p id=\"{CART_NOTICE_ID}\" tabindex=\"-1\" class=\"shell-banner shell-banner--error\" role=\"alert\">{}</p>",
            escape(&cart_message_text(frame.locale, message))
        )
    } else {
        String::new()
    };
    if cart.is_none() {
        return format!(
            "{heading}{notice}<p class=\"shell-banner shell-banner--error\" role=\"alert\">{}</p>",
            escape(&cart_message_text(
                frame.locale,
                load_error_message(CartErrorCode::Unknown)
            ))
        );
    }
    if view.lines.is_empty() {
        return format!(
            "{heading}{notice}<h2 class=\"shell-subheading\">{}</h2><p>{}</p><p><a href=\"{}\">{}</a></p>",
            t("cart.emptyTitle"),
            t("cart.emptyText"),
            escape(&frame.link("/")),
            t("cart.continueShopping")
        );
    }
    let lines: String = view
        .lines
        .iter()
        .map(|line| {
            let image = if line.image_url.is_empty() {
                String::new()
            } else {
                format!(
                    "<img src=\"{}\" alt=\"\" width=\"96\" height=\"72\">",
                    escape(&line.image_url)
                )
            };
            let dimensions: String = line
                .dimensions
                .iter()
                .map(|dimension| dimension_html(frame, dimension))
                .collect();
            let note = line.availability_note.map_or_else(String::new, |note| {
                format!(
                    "<p class=\"shell-cart-line__note\">{}</p>",
                    t(&["cart.note.", &code(&note)].concat())
                )
            });
            let hint = line.defective_hint.map_or_else(String::new, |hint| {
                format!(
                    "<p class=\"shell-card__error\">{}</p>",
                    t(&["cart.hint.", &code(&hint)].concat())
                )
            });
            let label = escape(&text(frame.locale, "cart.removeItem", &[("title", &line.title)]));
            let remove = if line.delete_disabled {
                // The core says this line's delete is disabled (a defective item without tcm,
                // header spec section 5): the button is there, disabled, and posts nothing (its
                // form has no action, no method and no line; it only takes the enabled forms'
                // place in the line's grid).
                format!(
                    "<form class=\"shell-cart-line__remove-disabled\"><button type=\"button\" class=\"shell-cart-line__remove\" \
                     aria-label=\"{label}\" disabled>{remove}</button></form>",
                    remove = t("cart.remove"),
                )
            } else {
                format!(
                    "<form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"line\" value=\"{key}\">\
                     <button type=\"submit\" class=\"shell-cart-line__remove\" aria-label=\"{label}\">{remove}</button></form>",
                    action = escape(&frame.link(REMOVE_FROM_CART_FORM_PATH)),
                    key = escape(&line.key),
                    remove = t("cart.remove"),
                )
            };
            // As the mini cart's tile: what it is, and a subscription's articles instead of a
            // quantity.
            let kind = line_kind_text_key(line.kind).map_or_else(String::new, |key| {
                format!("<p class=\"shell-cart-line__kind\">{}</p>", t(key))
            });
            let amount = if !line.quantity_shown {
                let articles: String = line
                    .subscription_articles
                    .iter()
                    .map(|article| {
                        let delivery = if article.recurring {
                            "cart.recurring"
                        } else {
                            "cart.oneOff"
                        };
                        format!(
                            "<li>{} × {} · {} · {}</li>",
                            article.quantity,
                            escape(&article.title),
                            escape(&article.price),
                            t(delivery)
                        )
                    })
                    .collect();
                format!("<ul class=\"shell-cart-line__subscription\">{articles}</ul>")
            } else {
                format!(
                    "<p>{}</p>",
                    escape(&text(
                        frame.locale,
                        "cart.quantity",
                        &[("quantity", &line.quantity.to_string())]
                    ))
                )
            };
            format!(
                "<li class=\"shell-cart-line\">{image}<div class=\"shell-cart-line__text\">{kind}\
                 <h2 class=\"shell-cart-line__title\"><a href=\"{link}\">{title}</a></h2>{dimensions}\
                 {amount}{price}{note}{hint}</div>{remove}</li>",
                link = escape(&line.link_url),
                title = escape(&line.title),
                price = price_html(&line.price_lines, frame.locale),
            )
        })
        .collect();
    let summary: String = view
        .summary
        .iter()
        .map(|row| {
            let label = code(&row.label);
            let label = label.as_str();
            // The total stands out as in the mini cart: bold, over a rule, the VAT note under it.
            let (row_class, vat) = if label == "total" {
                (
                    " class=\"shell-cart-summary__total\"",
                    format!(" <span class=\"shell-vat\">{}</span>", t("price.vat")),
                )
            } else {
                ("", String::new())
            };
            format!(
                "<div{row_class}><dt>{}</dt><dd>{}{vat}</dd></div>",
                escape(&text(
                    frame.locale,
                    &["summary.", label].concat(),
                    &[("code", row.detail.as_deref().unwrap_or_default())]
                )),
                escape(&row.amount)
            )
        })
        .collect();
    let defective = if view.defective_banner {
        format!(
            "<p class=\"shell-banner shell-banner--warning\">{}</p>",
            t("cart.defectiveBanner")
        )
    } else {
        String::new()
    };
    let checkout = if view.checkout_enabled {
        format!(
            "<p><a class=\"shell-cart-checkout\" href=\"{}\">{}</a></p>",
            escape(&frame.link(&view.checkout_url)),
            t("cart.toCheckout")
        )
    } else {
        String::new()
    };
    format!(
        "{heading}{notice}<p>{count}</p>{defective}<ul class=\"shell-cart-lines\">{lines}</ul>\
         <dl class=\"shell-cart-summary\">{summary}</dl>{checkout}",
        count = escape(&text(
            frame.locale,
            "cart.itemCount",
            &[("count", &view.item_count.to_string())]
        )),
    )
}

/// A cart line's dimension as the mini cart shows it (the core's `dimension_view`): its words, a
/// swatch of its colour (an SVG fill: the page's CSP allows no inline style) or its picture. The
/// service sends a colour code or a picture's address and no words for them, so, as in the mini
/// cart, a swatch and a picture are named by what they are (`cart.dimensionColor`,
/// `cart.dimensionImage`: "Farbe: Farbfeld"), never by the code or the address.
fn dimension_html(frame: &Frame, dimension: &DimensionView) -> String {
    let value = match (&dimension.color, &dimension.image_url, &dimension.text) {
        (Some(color), _, _) => format!(
            "<svg class=\"shell-swatch\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" role=\"img\">\
             <title>{label}</title><rect x=\"0.5\" y=\"0.5\" width=\"13\" height=\"13\" \
             rx=\"3\" fill=\"{color}\"/></svg>",
            label = escape(&frame.t("cart.dimensionColor")),
            color = escape(color)
        ),
        (None, Some(url), _) => format!(
            "<img class=\"shell-dimension-image\" src=\"{}\" alt=\"{}\" width=\"20\" height=\"20\">",
            escape(url),
            escape(&frame.t("cart.dimensionImage"))
        ),
        (None, None, text) => escape(text.as_deref().unwrap_or_default()),
    };
    // "Farbe:", French "Couleur :" (the locale's punctuation before the value).
    let name = text(frame.locale, "cart.dimension", &[("name", &dimension.name)]);
    format!(
        "<p class=\"shell-cart-line__dimension\">{} {value}</p>",
        escape(&name)
    )
}

/// A cart error as the query of the page a cart form goes back to: `cartError=CODE[&limit=N]`.
fn cart_error_query(error: CartError) -> String {
    let limit = error
        .limit
        .map(|limit| ["&", LIMIT_PARAM, "=", &limit.to_string()].concat())
        .unwrap_or_default();
    [CART_ERROR_PARAM, "=", &code(&error.code), &limit].concat()
}

/// The cart error a page's query carries back from a cart form (`cart_error_query`); an unknown
/// code is UNKNOWN.
fn cart_error_from_query(query: &str) -> CartError {
    let code = query_value(query, CART_ERROR_PARAM).unwrap_or_default();
    CartError {
        code: from_code(&code).unwrap_or_default(),
        limit: query_value(query, LIMIT_PARAM).and_then(|limit| limit.parse().ok()),
    }
}

/// A cart message's text, with its limit.
fn cart_message_text(locale: Locale, message: CartMessage) -> String {
    let limit = message
        .limit
        .map(|limit| limit.to_string())
        .unwrap_or_default();
    text(locale, &code(&message.key), &[("limit", &limit)])
}

/// The offer a link of the site's catalogue leads to: an item's product page (articles, free
/// articles, gift cards, defective ones too), a subscription article's page (its subscription)
/// or a partner product's form. Every link a tile or a cart line shows has its page.
fn offer_at<'a>(offers: &'a [Offer], path: &str) -> Option<&'a Offer> {
    offers.iter().find(|offer| match &offer.item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => a.product_url == path,
        CartItem::PartnerProduct(p) => p.form_url == path,
        CartItem::Subscription(s) => s
            .recurring_articles
            .iter()
            .chain(&s.non_recurring_articles)
            .any(|a| a.product_url == path),
    })
}

/// The product id of a catalogue item (a subscription's first article's).
fn offer_product_id(item: &CartItem) -> &str {
    match item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(shop_core::cart::GiftCard { article: a }) => &a.product_id,
        CartItem::PartnerProduct(p) => &p.partner_product_id,
        CartItem::Subscription(s) => &s.subscription_configuration_id,
    }
}

/// Where the cart page's remove forms post (on every site's prefix).
pub const REMOVE_FROM_CART_FORM_PATH: &str = "/cart/remove";

/// The cart page's parameter naming the product a removal took out.
const REMOVED_PARAM: &str = "removed";

/// `POST {site prefix}/cart/remove` with the cart line's key: removes the line as the mini
/// cart's removal does (the core's `removal_payload`, the cart service's `modify`), then back
/// (303) to the cart page, which says what happened. Only url-encoded forms from this origin.
pub async fn post_remove_from_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let form = match local_form(&headers, body, "remove form") {
        Ok(form) => form,
        Err(refused) => return *refused,
    };
    let (site, _) = split_site(uri.path());
    let key = query_value(&form, "line").unwrap_or_default();
    let owner = crate::cart_api::CartOwner::of(&state, &visitor, site, &headers);
    let outcome = match crate::cart_api::current_cart(&state, owner) {
        // A cart that cannot be read says so, as a failed change does (not "nothing to remove").
        Err(_) => {
            let unreadable = CartError {
                code: CartErrorCode::Unknown,
                limit: None,
            };
            ["&", &cart_error_query(unreadable)].concat()
        }
        Ok(cart) => {
            let line = shop_core::cart::cart_lines(&cart)
                .into_iter()
                .find(|line| line.key == key);
            // A line that is gone (removed in another tab) or may not be removed: the cart as
            // it is.
            match line
                .as_ref()
                .and_then(|line| removal_payload(line).map(|payload| (line, payload)))
            {
                None => String::new(),
                Some((line, payload)) => match crate::cart_api::modify(
                    &state,
                    owner,
                    &payload,
                    shop_core::cart::service::apply_change,
                ) {
                    Ok(_) => [
                        "&",
                        REMOVED_PARAM,
                        "=",
                        &encode_component(offer_product_id(&line.item)),
                    ]
                    .concat(),
                    Err((_, error)) => match removal_error_query(&cart, &key, error) {
                        query if query.is_empty() => query,
                        query => ["&", &query].concat(),
                    },
                },
            }
        }
    };
    // Back at the removal's outcome (`#cart-notice`): the page opens there, and Tab goes on
    // from it, as an add-to-cart goes back to its tile, instead of at the top of the page.
    let notice = if outcome.is_empty() {
        String::new()
    } else {
        ["#", CART_NOTICE_ID].concat()
    };
    visitor.with_cookie(account::see_other(
        &[site_prefix(site).as_str(), CART_PAGE_URL, &outcome, &notice].concat(),
    ))
}

/// The id of the cart page's notice of a removal's outcome (removed, or why not).
const CART_NOTICE_ID: &str = "cart-notice";

/// A failed removal as the query of the cart page: the cart error (`cart_error_query`) and,
/// when the core's rollback of that removal says it was a gift card's (`rollback_removal`, whose
/// `ShownChangeError` then shows `cart.removalFailed`), `giftCardRemoval=1`. Empty when the
/// rollback shows no error (UNKNOWN_ITEM: the line was removed elsewhere meanwhile).
fn removal_error_query(cart: &Cart, key: &str, error: CartError) -> String {
    let state = MiniCartState {
        cart: Some(cart.clone()),
        ..MiniCartState::default()
    };
    let shown = begin_removal(state, key, 0.0)
        .ok()
        .map(|start| rollback_removal(start.state, key, error, 0.0).change_error);
    match shown {
        // The core shows no error: the line was removed elsewhere meanwhile (another tab's
        // removal between this one's reading and its change). What was asked for holds.
        Some(None) => String::new(),
        Some(Some(shown)) if shown.gift_card_removal => [
            cart_error_query(error).as_str(),
            "&",
            GIFT_CARD_REMOVAL_PARAM,
            "=1",
        ]
        .concat(),
        _ => cart_error_query(error),
    }
}

/// Where a product tile's add-to-cart form posts without JavaScript (on every site's prefix).
pub const ADD_TO_CART_FORM_PATH: &str = "/cart/add";

/// The query parameters that carry a tile form's outcome back to its page.
const ADDED_PARAM: &str = "added";
const REFUSED_PARAM: &str = "refused";
const CART_ERROR_PARAM: &str = "cartError";
const LIMIT_PARAM: &str = "limit";
/// The cart page's parameter saying that the failed removal was a gift card's (the core's
/// `ShownChangeError::gift_card_removal`).
const GIFT_CARD_REMOVAL_PARAM: &str = "giftCardRemoval";
const TILE_NOTICE_PARAMS: [&str; 5] = [
    ADDED_PARAM,
    REFUSED_PARAM,
    CART_ERROR_PARAM,
    LIMIT_PARAM,
    GIFT_CARD_REMOVAL_PARAM,
];

/// A product tile's id: the same for the same offer on every page (a digest of its add
/// payload), so a tile form's outcome finds its tile.
fn tile_id(payload: &str) -> String {
    // FNV-1a, 64 bits.
    let digest = payload
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    format!("offer-{digest:016x}")
}

/// The longest way back a tile's form carries: a browser writes each of its bytes as up to three
/// in the form's body, which must stay within [`account::MAX_FORM_BYTES`] with the payload.
const TILE_BACK_MAX_BYTES: usize = account::MAX_FORM_BYTES / 4;

/// The requested page (path and query) without the tile notices' parameters, as a tile's way
/// back: parameters that would make it longer than [`TILE_BACK_MAX_BYTES`] are left out (a page
/// opened with a query of kilobytes would otherwise write it into every tile, and its forms
/// would be too large to post).
fn page_without_notices(uri: &Uri) -> String {
    let mut back = uri.path().to_owned();
    for pair in uri.query().unwrap_or("").split('&').filter(|pair| {
        let name = pair.split_once('=').map_or(*pair, |(name, _)| name);
        !pair.is_empty() && !TILE_NOTICE_PARAMS.contains(&name)
    }) {
        if back.len() + 1 + pair.len() <= TILE_BACK_MAX_BYTES {
            back.push(if back.contains('?') { '&' } else { '?' });
            back.push_str(pair);
        }
    }
    back
}

/// A tile form's outcome from the page's query: `added=TILE`, or `refused=TILE` with the cart
/// error's `cartError` code and `limit`.
fn tile_notice(query: &str) -> Option<TileNotice> {
    if let Some(tile) = query_value(query, ADDED_PARAM) {
        return Some(TileNotice {
            tile,
            refusal: None,
        });
    }
    let tile = query_value(query, REFUSED_PARAM)?;
    Some(TileNotice {
        tile,
        refusal: Some(change_error_message(cart_error_from_query(query))),
    })
}

/// `POST {site prefix}/cart/add`: a product tile's add-to-cart without JavaScript. The tile's
/// payload is added as the cart service adds it (`cart_api::modify`), and the shopper goes back
/// (303) to the page the tile is on (`back`, a local path), at the tile, which then says what
/// happened. Only url-encoded forms from this origin are read.
pub async fn post_add_to_cart(
    State(state): State<AppState>,
    visitor: Visitor,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let form = match local_form(&headers, body, "add-to-cart form") {
        Ok(form) => form,
        Err(refused) => return *refused,
    };
    let Some(modification) = query_value(&form, "modification")
        .and_then(|payload| json::from_str::<CartModification>(&payload).ok())
    else {
        return crate::api::json_error(
            StatusCode::BAD_REQUEST,
            "BAD_REQUEST",
            "the form's modification is not a cart modification",
        );
    };
    let (site, _) = split_site(uri.path());
    // A local path (its own fragment dropped: the tile's comes last).
    let back = query_value(&form, "back")
        .filter(|path| account::safe_local_path(path))
        .map(|path| path.split('#').next().unwrap_or_default().to_owned())
        .filter(|path| !path.is_empty())
        .unwrap_or_else(|| format!("{}/", site_prefix(site)));
    let tile = tile_id(&json::to_string(&modification));
    let outcome = match crate::cart_api::modify(
        &state,
        crate::cart_api::CartOwner::of(&state, &visitor, site, &headers),
        &modification,
        shop_core::cart::service::apply_addition,
    ) {
        Ok(crate::cart_api::Modified::Changed(_)) => [ADDED_PARAM, "=", &tile].concat(),
        // Nothing changed (the service's 304): back to the tile, without a word.
        Ok(crate::cart_api::Modified::Unchanged) => String::new(),
        Err((_, error)) => [REFUSED_PARAM, "=", &tile, "&", &cart_error_query(error)].concat(),
    };
    let separator = match (outcome.is_empty(), back.contains('?')) {
        (true, _) => "",
        (false, true) => "&",
        (false, false) => "?",
    };
    visitor.with_cookie(account::see_other(
        &[back.as_str(), separator, &outcome, "#", &tile].concat(),
    ))
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

/// A page that does not exist: says so, offers the search (a shopper who followed an old link
/// is looking for something) and the way home.
fn not_found(frame: &mut Frame) -> (StatusCode, String) {
    frame.page_type = "notFound";
    frame.title = frame.t("page.notFoundTitle");
    (
        StatusCode::NOT_FOUND,
        format!(
            "<h1 class=\"shell-heading\">{}</h1><p>{}</p>{}<p><a href=\"{}\">{}</a></p>",
            escape(&frame.title),
            escape(&frame.t("page.notFoundText")),
            search_form(frame, "", false, ""),
            escape(&frame.link("/")),
            escape(&frame.t("page.backHome"))
        ),
    )
}

/// A page heading.
fn heading(title: &str) -> String {
    format!("<h1 class=\"shell-heading\">{}</h1>", escape(title))
}

/// A paragraph of text.
fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", escape(text))
}

/// A link inside the page's site.
fn site_link(frame: &Frame, path: &str, label: &str) -> String {
    format!(
        "<a href=\"{}\">{}</a>",
        escape(&frame.link(path)),
        escape(label)
    )
}

/// The login page's address that comes back to `path` (inside the site) afterwards.
fn sign_in_path(frame: &Frame, path: &str) -> String {
    format!(
        "/signin?{}",
        shop_core::url::query(&[("loginRedirect", &frame.link(path))])
    )
}

/// Sets the frame of a page of the route table: its path, page type and title.
fn set_page(frame: &mut Frame, path: &str, page_type: &'static str, title_key: &str) {
    frame.path = path.to_owned();
    frame.page_type = page_type;
    frame.title = frame.t(title_key);
}

/// A page with a heading and a short text: `{key}Title` and `{key}Text`.
fn plain_page(
    frame: &mut Frame,
    path: &str,
    page_type: &'static str,
    key: &str,
) -> (StatusCode, String) {
    set_page(frame, path, page_type, &format!("{key}Title"));
    (
        StatusCode::OK,
        heading(&frame.title) + &paragraph(&frame.t(&format!("{key}Text"))),
    )
}

/// The newsletter sign-up page: the slot the shell mounts the sign-up fragment into, over a
/// static part that stays when the fragment cannot load: a loading notice while scripts run, and
/// the server's own form (`signup_form.rs`), shown without scripts or when the fragment cannot
/// load. The answer to a posted form is that form's outcome, with no slot: the fragment does not
/// take over a page that answers what the shopper sent.
fn newsletter_page(
    frame: &mut Frame,
    query: &str,
    submitted: Option<&Submitted>,
    login: Option<Login>,
) -> (StatusCode, String) {
    set_page(
        frame,
        NEWSLETTER_SIGNUP_PATH,
        "newsletter",
        "page.newsletterTitle",
    );
    let heading = heading(&frame.title);
    // A logged-in customer's form is prefilled from the customer base data (newsletter spec
    // sections 4 and 6).
    let base = crate::newsletter::customer_base_data(login);
    let form = signup_html(frame.site, query, submitted, base.as_ref());
    match submitted {
        // The page's heading is part of the static part: the fragment brings its own (its title
        // as the page's `<h1>`) and hides the static part when it shows, so the page has one
        // main heading with and without it.
        None => (
            StatusCode::OK,
            format!(
                "<div id=\"shell-newsletter\" class=\"shell-newsletter\"><div data-static-newsletter>\
                 {heading}<p class=\"shell-newsletter__loading\">{}</p>{form}</div></div>",
                escape(&frame.t("page.newsletterText"))
            ),
        ),
        Some(submitted) => {
            let status = match submitted {
                Submitted::Sent { .. } => StatusCode::OK,
                Submitted::Refused { .. } => StatusCode::BAD_REQUEST,
                Submitted::Failed { .. } => StatusCode::SERVICE_UNAVAILABLE,
            };
            (
                status,
                format!("{heading}<div class=\"shell-newsletter\">{form}</div>"),
            )
        }
    }
}

/// The pages the sign-up page links to (the core's `newsletter_links`) that are no page of
/// their own: the voucher conditions, HU's data-protection notice, TR's legal pages, the sample
/// newsletter; the link's text from the newsletter texts is the title.
fn newsletter_link_page(frame: &mut Frame, path: &str) -> Option<(StatusCode, String)> {
    let links = shop_core::forms::newsletter::newsletter_links(frame.site);
    let own = format!("/{}", path.trim_matches('/'));
    let pages = [
        (
            Some(links.voucher_conditions),
            "newsletter.voucherConditionsLink",
        ),
        (
            links.data_protection_notice,
            "newsletter.dataProtectionNoticeLink",
        ),
        (
            links.newsletter_information,
            "newsletter.newsletterInformationLink",
        ),
        (
            links.commercial_message_consent,
            "newsletter.commercialMessageConsentLink",
        ),
        (links.marketing_consent, "newsletter.marketingConsentLink"),
        (links.privacy_notice, "newsletter.privacyNoticeLink"),
        (links.sample_newsletter, "newsletter.sampleNewsletterLink"),
        (Some(links.privacy), "newsletter.privacyLink"),
        (Some(links.contact), "newsletter.contactLink"),
    ];
    let key = pages
        .into_iter()
        .find_map(|(href, key)| (href.as_deref() == Some(own.as_str())).then_some(key))?;
    frame.path = own;
    frame.page_type = "content";
    frame.title = frame.t(key);
    let back = site_link(
        frame,
        "/subscribenewsletter",
        &frame.t("page.newsletterTitle"),
    );
    Some((
        StatusCode::OK,
        format!("{}<p>{back}</p>", heading(&frame.title)),
    ))
}

/// A page a footer link leads to: the link's text as its title, the text of its group (or the
/// sales-tax note) and the group's other links, all from the footer document.
fn footer_page(frame: &mut Frame, path: &str, found: &FooterPage) -> (StatusCode, String) {
    frame.path = format!("/{path}");
    frame.page_type = "content";
    frame.title = found.title.clone();
    let own = format!("/{path}");
    let links: String = found
        .links
        .iter()
        .filter(|link| link.target.href.trim_end_matches('/') != own)
        .map(|link| {
            let target = &link.target;
            let item = if target.new_tab {
                format!(
                    "<a href=\"{}\"{}>{}</a>",
                    escape(&target.href),
                    new_tab_attributes(target),
                    escape(&link.text)
                )
            } else {
                site_link(frame, &target.href, &link.text)
            };
            format!("<li>{item}</li>")
        })
        .collect();
    let links = if links.is_empty() {
        String::new()
    } else {
        format!("<ul class=\"shell-links\">{links}</ul>")
    };
    let text = found.text.as_deref().map(paragraph).unwrap_or_default();
    (
        StatusCode::OK,
        format!("{}{text}{links}", heading(&found.title)),
    )
}

/// A product list under the "our recommendations" subheading.
fn products_section(offers: &[&Offer], frame: &Frame) -> String {
    format!(
        "<h2 class=\"shell-subheading\">{}</h2>{}",
        escape(&frame.t("page.products")),
        product_list(offers, frame, CardTitle::UnderSubheading)
    )
}

/// The catalogue's articles with these product ids, in catalogue order.
fn articles_with_ids<'a>(offers: &'a [Offer], ids: &[String]) -> Vec<&'a Offer> {
    offers
        .iter()
        .filter(|offer| article(offer).is_some_and(|a| ids.contains(&a.product_id)))
        .collect()
}

/// Where a search sent by a form (the static header's search page, the search page's own form)
/// leads when that is not the search page: the header's search box goes there directly, as the
/// core says (on DE the term `agb` is the terms page).
fn search_leads_elsewhere(query: &str, site: Site) -> Option<String> {
    let typed = query_value(query, "query")?;
    match search_target(Some(&typed), site, false) {
        SearchTarget::Page { url, term } if url != search_page_url(&term, site) => {
            Some(format!("{}{url}", site_prefix(site)))
        }
        _ => None,
    }
}

/// `/search?query=&site=&filters=`: the catalogue's articles whose title contains the cleaned
/// term (only orderable ones with `filters=availability-available`).
fn search_page(frame: &mut Frame, query: &str, offers: &[Offer]) -> (StatusCode, String) {
    set_page(frame, "/search", "search", "page.searchTitle");
    let term = prefill_from_query_string(query);
    let only_available = query_value(query, "filters")
        .is_some_and(|filters| filters.split(',').any(|filter| filter == AVAILABLE_FILTER));
    let found: Vec<&Offer> = matching_articles(offers, &term)
        .into_iter()
        .filter(|offer| !only_available || article(offer).is_some_and(available))
        .collect();
    let summary = if term.is_empty() {
        frame.t("page.searchEmpty")
    } else if found.is_empty() {
        text(frame.locale, "page.searchNoResults", &[("query", &term)])
    } else {
        text(
            frame.locale,
            "page.searchResults",
            &[("count", &found.len().to_string()), ("query", &term)],
        )
    };
    let (filter, filter_note) = if only_available {
        (
            format!("<input type=\"hidden\" name=\"filters\" value=\"{AVAILABLE_FILTER}\">"),
            paragraph(&frame.t("page.searchAvailableOnly")),
        )
    } else {
        (String::new(), String::new())
    };
    // Reached without a term (the static header's search icon): the field is what the shopper
    // came for.
    let form = search_form(frame, &term, term.is_empty(), &filter);
    let results = if found.is_empty() {
        String::new()
    } else {
        product_list(&found, frame, CardTitle::UnderSubheading)
    };
    (
        StatusCode::OK,
        format!(
            "{}{form}<h2 class=\"shell-subheading\">{}</h2>{filter_note}{results}",
            heading(&frame.title),
            escape(&summary)
        ),
    )
}

/// The search page's form (the shell puts the header's search box over it), with `term` in its
/// field and `filter` (hidden inputs) sent along.
fn search_form(frame: &Frame, term: &str, autofocus: bool, filter: &str) -> String {
    format!(
        "<form class=\"shell-form\" action=\"{action}\" method=\"get\" role=\"search\" data-static-search>\
         <label for=\"shell-search-query\">{label}</label>\
         <input id=\"shell-search-query\" type=\"search\" name=\"query\" value=\"{term}\" maxlength=\"{max}\"{focus}>\
         <input type=\"hidden\" name=\"site\" value=\"{site}\">{filter}\
         <button type=\"submit\">{button}</button></form>",
        action = escape(shop_core::search::SEARCH_PAGE_PATH),
        label = escape(&frame.t("page.searchLabel")),
        term = escape(term),
        max = shop_core::search::SEARCH_TERM_MAX_CHARACTERS,
        focus = if autofocus { " autofocus" } else { "" },
        site = frame.site.code(),
        button = escape(&frame.t("page.searchButton")),
    )
}

/// `/agb-s400007325.html`, the terms page the DE search term `agb` leads to.
fn terms_page(frame: &mut Frame) -> (StatusCode, String) {
    plain_page(frame, TERMS_PAGE_PATH, "terms", "page.terms")
}

/// `/service/storefinder/search?searchTerm=`: the site's stores the term finds (every store
/// for an empty term, and at `/service/storefinder/`).
fn store_finder_page(frame: &mut Frame, path: &str, query: &str) -> (StatusCode, String) {
    set_page(
        frame,
        &format!("/{path}"),
        "storeFinder",
        "page.storeFinderTitle",
    );
    let term = query_value(query, "searchTerm")
        .map(|term| clean_search_term(Some(&term)))
        .unwrap_or_default();
    let stores = find_stores(frame.site, &term);
    let summary = if term.is_empty() {
        frame.t("page.storeAll")
    } else if stores.is_empty() {
        text(frame.locale, "page.storeNoResults", &[("term", &term)])
    } else {
        text(
            frame.locale,
            "page.storeResults",
            &[("count", &stores.len().to_string()), ("term", &term)],
        )
    };
    let list: String = stores
        .iter()
        .map(|store| {
            format!(
                "<li class=\"shell-store\"><h2 class=\"shell-store__name\">{}</h2>\
                 <p>{}<br>{} {}</p><p>{}</p></li>",
                escape(&store.name),
                escape(&store.street),
                escape(&store.postcode),
                escape(&store.city),
                escape(&text(
                    frame.locale,
                    "page.storeHours",
                    &[("hours", &store.hours)]
                )),
            )
        })
        .collect();
    let form = format!(
        "<form class=\"shell-form\" action=\"{action}\" method=\"get\" role=\"search\">\
         <label for=\"shell-store-term\">{label}</label>\
         <input id=\"shell-store-term\" type=\"search\" name=\"searchTerm\" value=\"{term}\">\
         <button type=\"submit\">{button}</button></form>",
        action = escape(&frame.link(STORE_FINDER_SEARCH_PATH)),
        label = escape(&frame.t("page.storeSearchLabel")),
        term = escape(&term),
        button = escape(&frame.t("page.storeSearchButton")),
    );
    (
        StatusCode::OK,
        format!(
            "{}{form}<p class=\"shell-summary\" role=\"status\">{}</p><ul class=\"shell-stores\">{list}</ul>",
            heading(&frame.title),
            escape(&summary)
        ),
    )
}

/// The path (and query) of the page a request came from, when it is a page of this server: the
/// `Referer` on the request's own host and port.
fn referring_path(headers: &HeaderMap) -> Option<String> {
    let referer = headers.get(header::REFERER)?.to_str().ok()?;
    let path = crate::api::below_own_origin(referer, headers)?;
    (!path.is_empty()).then(|| path.to_owned())
}

/// `/signin?loginRedirect=`: the local login's form (`account.rs`). The header's login link is
/// the spec's `/signin?loginRedirect=red` ([`account::LOGIN_REDIRECT_BACK`]): back to the page
/// the shopper came from, this server's page that referred to the login (not the login itself),
/// else the site's home; any other value is followed when it is a safe local path.
fn sign_in_page(
    frame: &mut Frame,
    query: &str,
    login: Option<Login>,
    referer: Option<String>,
) -> (StatusCode, String) {
    set_page(frame, "/signin", "login", "page.signinTitle");
    let current = login
        .map(|login| {
            format!(
                "<p class=\"shell-summary\">{} {}</p>",
                escape(&text(
                    frame.locale,
                    "page.signinCurrent",
                    &[("name", &login.account.name())]
                )),
                site_link(frame, "/logout", &frame.t("page.logoutLink"))
            )
        })
        .unwrap_or_default();
    let redirect = query_value(query, "loginRedirect")
        .and_then(|target| {
            if target == account::LOGIN_REDIRECT_BACK {
                referer
                    .clone()
                    .filter(|path| !split_site(path).1.starts_with("signin"))
            } else {
                Some(target)
            }
        })
        .filter(|path| account::safe_local_path(path))
        .map(|path| {
            format!(
                "<input type=\"hidden\" name=\"loginRedirect\" value=\"{}\">",
                escape(&path)
            )
        })
        .unwrap_or_default();
    let choices: String = ACCOUNTS
        .iter()
        .enumerate()
        .map(|(position, choice)| {
            let label = if choice.card_member {
                text(
                    frame.locale,
                    "page.signinMember",
                    &[
                        ("name", &choice.name()),
                        (
                            "beans",
                            &format_count(u64::from(choice.loyalty_beans), frame.site),
                        ),
                    ],
                )
            } else {
                text(
                    frame.locale,
                    "page.signinCustomer",
                    &[("name", &choice.name())],
                )
            };
            format!(
                "<label class=\"shell-choice\"><input type=\"radio\" name=\"account\" value=\"{}\"{}> {}</label>",
                choice.id,
                if position == 0 { " checked required" } else { "" },
                escape(&label)
            )
        })
        .collect();
    let form = format!(
        "<form class=\"shell-form shell-signin\" action=\"/signin\" method=\"post\">\
         <fieldset><legend>{legend}</legend>{choices}</fieldset>\
         <label class=\"shell-choice\"><input type=\"checkbox\" name=\"remember\" value=\"on\"> {remember}</label>\
         <input type=\"hidden\" name=\"site\" value=\"{site}\">{redirect}\
         <button type=\"submit\">{submit}</button></form>",
        legend = escape(&frame.t("page.signinAccount")),
        remember = escape(&frame.t("page.signinRemember")),
        site = frame.site.code(),
        submit = escape(&frame.t("page.signinSubmit")),
    );
    (
        StatusCode::OK,
        format!(
            "{}{current}{}{form}<p>{}</p>",
            heading(&frame.title),
            paragraph(&frame.t("page.signinText")),
            site_link(frame, "/register", &frame.t("page.registerLink"))
        ),
    )
}

/// `/account`: the welcome and the account's links when logged in, else the way to log in.
fn account_page(frame: &mut Frame, login: Option<Login>) -> (StatusCode, String) {
    set_page(frame, "/account", "account", "page.accountTitle");
    let body = match login {
        Some(login) => {
            let mut links = vec![
                site_link(frame, "/orderhistory", &frame.t("page.orderHistoryTitle")),
                site_link(frame, "/watchlist", &frame.t("page.watchlistTitle")),
            ];
            if login.account.card_member {
                links.push(site_link(
                    frame,
                    "/beanaccount",
                    &frame.t("page.beanAccountTitle"),
                ));
            }
            links.push(site_link(frame, "/logout", &frame.t("page.logoutLink")));
            let items: String = links
                .iter()
                .map(|link| format!("<li>{link}</li>"))
                .collect();
            format!(
                "{}<ul class=\"shell-links\">{items}</ul>",
                paragraph(&text(
                    frame.locale,
                    "page.accountWelcome",
                    &[("name", &login.account.name())]
                ))
            )
        }
        None => logged_out(frame, "page.accountLoggedOut", "/account"),
    };
    (StatusCode::OK, heading(&frame.title) + &body)
}

/// A logged-out visitor's text with the links to log in (back to `path`) and to register.
fn logged_out(frame: &Frame, text_key: &str, path: &str) -> String {
    format!(
        "{}<p><a href=\"{}\">{}</a> · {}</p>",
        paragraph(&frame.t(text_key)),
        escape(&frame.link(&sign_in_path(frame, path))),
        escape(&frame.t("page.signinLink")),
        site_link(frame, "/register", &frame.t("page.registerLink"))
    )
}

/// `/beanaccount`: the member's beans when logged in.
fn bean_account_page(frame: &mut Frame, login: Option<Login>) -> (StatusCode, String) {
    set_page(
        frame,
        "/beanaccount",
        "beanAccount",
        "page.beanAccountTitle",
    );
    let body = match login {
        Some(login) if login.account.card_member => format!(
            "<p class=\"shell-beans\">{}</p>",
            escape(&text(
                frame.locale,
                "page.beanAccountBalance",
                &[(
                    "beans",
                    &format_count(u64::from(login.account.loyalty_beans), frame.site),
                )]
            ))
        ),
        Some(_) => paragraph(&frame.t("page.beanAccountNoCard")),
        None => logged_out(frame, "page.beanAccountLoggedOut", "/beanaccount"),
    };
    (StatusCode::OK, heading(&frame.title) + &body)
}

/// A category of the navigation, the theme-world overview or a theme world, by path; else the
/// not-found page.
fn content_page(frame: &mut Frame, path: &str, offers: &[Offer]) -> (StatusCode, String) {
    let full = frame.link(&format!("/{path}"));
    let site = frame.site;
    if let Some(found) = category(site, &full) {
        frame.path = format!("/{path}");
        frame.page_type = "category";
        frame.title = found.title.clone();
        let children: String = found
            .children
            .iter()
            .map(|(title, href)| {
                format!(
                    "<li><a href=\"{}\">{}</a></li>",
                    escape(href),
                    escape(title)
                )
            })
            .collect();
        let children = if children.is_empty() {
            String::new()
        } else {
            format!(
                "<nav aria-label=\"{}\"><ul class=\"shell-links\">{children}</ul></nav>",
                escape(&frame.t("page.subcategories"))
            )
        };
        let products = articles_with_ids(offers, &found.products);
        let products = if products.is_empty() {
            paragraph(&frame.t("page.categoryText"))
        } else {
            products_section(&products, frame)
        };
        // The top-level coffee category carries the category banner.
        let banner = if path == coffee_path(site).trim_start_matches('/') {
            promotion_slot(frame, "category-coffee")
        } else {
            String::new()
        };
        return (
            StatusCode::OK,
            format!("{}{banner}{children}{products}", heading(&found.title)),
        );
    }
    // The header's content pages per site (help and service, stores, loyalty card, weekly
    // offers, supermarket offers), from the core's table: every header link leads somewhere.
    let content =
        shop_core::header::links::CONTENT_PAGES
            .iter()
            .find(|(page_site, kind, page_path)| {
                *page_site == site
                    && *kind != shop_core::header::ContentPage::ThemeWorlds
                    && page_path.strip_prefix('/') == Some(path)
            });
    if let Some((_, kind, page_path)) = content {
        let key = format!("page.content.{}", code(kind));
        return plain_page(frame, page_path, "content", &key);
    }
    // The footer's service and legal pages (`footer.rs`): every footer link leads somewhere.
    if let Some(found) = crate::footer::page(site, path) {
        return footer_page(frame, path, found);
    }
    // So does every link of the sign-up page.
    if let Some(page) = newsletter_link_page(frame, path) {
        return page;
    }
    let Some(worlds) = theme_worlds(site) else {
        return not_found(frame);
    };
    if full == worlds.overview.url {
        frame.path = format!("/{path}");
        frame.page_type = "themeWorlds";
        frame.title = worlds.overview.title.clone();
        let sections: String = worlds
            .sections
            .in_order()
            .iter()
            .filter(|(_, section)| !section.themeworlds.is_empty())
            .map(|(_, section)| {
                let cards: String = section
                    .themeworlds
                    .iter()
                    .map(|world| {
                        format!(
                            "<li class=\"shell-card\"><a href=\"{url}\">\
                             <img src=\"{image}\" alt=\"\" width=\"244\" height=\"144\"> {title}</a></li>",
                            url = escape(&world.url),
                            image = escape(&world.img_url),
                            title = escape(&world.title)
                        )
                    })
                    .collect();
                format!(
                    "<h2 class=\"shell-subheading\">{}</h2><ul class=\"shell-products\">{cards}</ul>",
                    escape(&section.headline)
                )
            })
            .collect();
        return (StatusCode::OK, heading(&frame.title) + &sections);
    }
    let Some(found) = worlds.pages.get(&full) else {
        return not_found(frame);
    };
    frame.path = format!("/{path}");
    frame.page_type = "themeWorld";
    frame.title = found.world.title.clone();
    let notes: String = found
        .availability
        .iter()
        .chain(&found.world.end_date_text)
        .chain(&found.world.only_x_days_left_text)
        .map(|note| format!("<li>{}</li>", escape(note)))
        .collect();
    let products = articles_with_ids(offers, &found.products);
    let products = if products.is_empty() {
        String::new()
    } else {
        products_section(&products, frame)
    };
    (
        StatusCode::OK,
        format!(
            "{}{}<ul class=\"shell-notes\">{notes}</ul>{}{products}<p>{}</p>",
            heading(&found.world.title),
            teaser_html(&found.world.img_url),
            paragraph(&found.text),
            site_link(
                frame,
                worlds
                    .overview
                    .url
                    .strip_prefix(&site_prefix(site))
                    .unwrap_or(&worlds.overview.url),
                &worlds.overview.title
            )
        ),
    )
}

/// A theme world's teaser picture, 488 x 287 px, and half that (the overview's card size) in a
/// window too narrow for it (below 488 px and the content's 2 x 16 px padding): a phone's page
/// does not scroll sideways, and both sizes are reserved before the picture arrives. A URL that
/// `srcset` would split (white space, comma) gets no narrow size.
fn teaser_html(url: &str) -> String {
    let image = escape(url);
    let narrow = if url.contains(|c: char| c.is_whitespace() || c == ',') {
        String::new()
    } else {
        format!(
            "<source media=\"(max-width: 519.98px)\" srcset=\"{image}\" width=\"244\" height=\"144\">"
        )
    };
    format!(
        "<picture>{narrow}<img class=\"shell-teaser\" src=\"{image}\" alt=\"\" width=\"488\" height=\"287\"></picture>"
    )
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
        benefits: Vec::new(),
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
            benefits: Vec::new(),
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
