//! The cart (header spec sections 3, 4, 7, 8, 9): the model with every item kind and its
//! defective twin, the rules the mini cart shows, the modification payloads, and the mini
//! cart's optimistic changes as pure functions of (state, line, now).
//!
//! How a removal flows: `begin_removal` takes the line out of the cart, keeps it as a
//! [`DeletedLine`] (shown struck through, with Undo, for 10 s) and gives the payload to send.
//! `removal_succeeded` takes the service's cart; `rollback_removal` puts the line back where it
//! was and shows the change error for 7.5 s. A line with a request in flight refuses a second
//! one, so repeated clicks never send a second delete; every change touches its own line only,
//! so concurrent changes never lose another line. `expire` drops what has outlived its window.
//! Every request (`begin_load`, `begin_removal`, `begin_undo`) gets a number, given back with
//! its answer: an answer to an older request than the one shown never replaces the shown cart,
//! so a late answer cannot bring back a line removed since.

use crate::content::link::{safe_color, safe_url};
use crate::json::{Json, ToJson};

use crate::price::{
    ArticlePrice, PriceLine, PriceSummary, SummaryRow, format_price, price_view, summary_view,
};
use crate::site::Site;
use crate::sort::{heap_sort, indices_by_key};

/// A deleted line stays visible (struck through, with Undo) this long.
pub const DELETED_ITEM_WINDOW_MS: f64 = 10_000.0;
/// A change error and its limit clear themselves after this long.
pub const CHANGE_ERROR_WINDOW_MS: f64 = 7_500.0;
/// The badge never shows more than this; above it shows `+99`.
pub const BADGE_CAP: i64 = 99;
/// Browser storage key the cart is kept under and read from at start (header spec section 4).
pub const CART_STORAGE_KEY: &str = "cart";
/// The storage key per site, in [`Site::ALL`]'s order: DE keeps the spec's key; the other sites,
/// which share one origin with DE on the reference server (one storage), add their code, so no
/// site starts with another site's cart (ADR 0017).
const SITE_CART_STORAGE_KEYS: [&str; 9] = [
    CART_STORAGE_KEY,
    "cart.AT",
    "cart.CH",
    "cart.CH_FR",
    "cart.PL",
    "cart.CZ",
    "cart.HU",
    "cart.SK",
    "cart.TR",
];
/// The request header that names the site whose cart a cart service call is for (each site is
/// its own shop, with its own cart): the shop's one site header ([`crate::site::SITE_HEADER`]).
pub const CART_SITE_HEADER: &str = crate::site::SITE_HEADER;
/// Document events that reload the cart with force.
pub const RELOAD_EVENTS: [&str; 2] = ["cartTriggerUpdate", "tpModalBeforeClosing"];
/// Document event announcing a changed item count (`detail.itemCount`).
pub const ITEM_COUNT_EVENT: &str = "cartItemCountChanged";
/// The cart service.
pub const CART_SERVICE_PATH: &str = "/service/cart/api/cart";
/// The cart page (cart icon, "To the cart").
pub const CART_PAGE_URL: &str = "/cart?step=shopping_cart";
/// The checkout.
pub const CHECKOUT_URL: &str = "/checkout";
/// The checkout used when the cart holds subscriptions (or defective ones).
pub const SUBSCRIPTION_CHECKOUT_URL: &str = "/service/checkoutfrontend/checkout";
/// "Continue shopping" in an empty mini cart.
pub const CONTINUE_SHOPPING_URL: &str = "/";

/// The cart's names shared by the fragments and the host, in one object for the JS side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ToJson)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CartSettings {
    /// The browser storage key the site's cart is kept under.
    pub storage_key: &'static str,
    /// The header every cart service call names the site in (its value: the site's code).
    pub site_header: &'static str,
    /// Document events that make the mini cart reload the cart with force.
    pub reload_events: [&'static str; 2],
    /// The document event announcing the item count (`detail.itemCount`).
    pub item_count_event: &'static str,
    /// The cart service, same origin as the page.
    pub service_path: &'static str,
    /// How long a change error (and its limit) shows, in milliseconds (header spec section 9:
    /// 7500 ms), in the mini cart and in a product tile's refused add-to-cart alike.
    pub change_error_ms: u32,
    /// How long a cart service call may take before it counts as failed (a network failure,
    /// UNKNOWN), in milliseconds: the mini cart's calls and a product tile's add-to-cart alike.
    pub request_timeout_ms: u32,
}

/// The largest cart service answer read (guard, not in the spec): a cart holds at most a few
/// dozen lines, some kilobytes each. A larger body is an unreadable answer (UNKNOWN) before it
/// is parsed: reading tens of megabytes took seconds and held the memory of the one core
/// instance every fragment shares.
pub const CART_ANSWER_MAX_BYTES: usize = 1024 * 1024;

/// A cart service call that has not answered after this long counts as failed (the mini cart
/// then shows its error; a product tile its change error), so no button waits for ever.
pub const CART_REQUEST_TIMEOUT_MS: u32 = 15_000;

/// The cart's names for a site's pages.
pub fn cart_settings(site: Site) -> CartSettings {
    let position = Site::ALL.iter().position(|s| *s == site).unwrap_or(0);
    CartSettings {
        storage_key: SITE_CART_STORAGE_KEYS
            .get(position)
            .copied()
            .unwrap_or(CART_STORAGE_KEY),
        site_header: CART_SITE_HEADER,
        reload_events: RELOAD_EVENTS,
        item_count_event: ITEM_COUNT_EVENT,
        service_path: CART_SERVICE_PATH,
        change_error_ms: CHANGE_ERROR_WINDOW_MS as u32,
        request_timeout_ms: CART_REQUEST_TIMEOUT_MS,
    }
}

// ---------------------------------------------------------------------------------------------
// Model
// ---------------------------------------------------------------------------------------------

/// Availability of an article. Values the shop does not know read as `UNKNOWN`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Availability {
    InStock,
    #[default]
    Available,
    NotAvailable,
    Soldout,
    Shortage,
    #[serde(other)]
    Unknown,
}

/// How a dimension is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DimensionType {
    #[default]
    Text,
    Color,
    Image,
    /// Kinds the shop does not know are shown as text.
    #[serde(other)]
    Other,
}

/// A chosen variant dimension (size, colour, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Dimension {
    pub name: String,
    pub value: String,
    #[serde(rename = "type")]
    pub kind: DimensionType,
}

/// "quantity (an object holding quantity)".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Quantity {
    pub quantity: u32,
}

/// An article line. A free article is an article with `campaignId` and `uuid` (header spec: "as
/// article, plus campaignId and uuid"); ordinary articles have neither.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Article {
    pub product_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub tcm: Option<String>,
    pub title: String,
    pub quantity: Quantity,
    pub image_url: String,
    pub product_url: String,
    pub availability: Availability,
    pub dimensions: Vec<Dimension>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub tracking_name: Option<String>,
    pub price: ArticlePrice,
    /// Free articles only: the campaign that gave it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub campaign_id: Option<String>,
    /// Free articles only: the free article's own id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub uuid: Option<String>,
}

/// A free article: an article with the campaign that gave it.
pub type FreeArticle = Article;

/// A gift card, wrapping the article it was bought as.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct GiftCard {
    pub article: Article,
}

/// A partner product (e.g. a mobile plan), ordered through a form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct PartnerProduct {
    pub partner_product_id: String,
    pub title: String,
    pub image_url: String,
    pub total_quantity: u32,
    pub total_price: i64,
    pub form_url: String,
}

/// An article inside a subscription. Prices in cents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct SubscriptionArticle {
    pub quantity: u32,
    pub title: String,
    pub image_url: String,
    pub product_url: String,
    pub price: i64,
    pub current_shop_price: i64,
    pub rebate_percentage: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub tracking_name: Option<String>,
}

/// A gift subscription's extent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct GiftSubscriptionInformation {
    pub number_of_deliveries: u32,
}

/// What a subscription delivers (newsletter spec section 3, "Subscription info for tracking":
/// COFFEE or MACHINE); a type the shop does not know reads as OTHER.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SubscriptionType {
    Coffee,
    Machine,
    #[serde(other)]
    Other,
}

/// The unit of a subscription's delivery interval (DAY, WEEK or MONTH); unknown ones read as
/// OTHER.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum IntervalUnit {
    Day,
    Week,
    Month,
    #[serde(other)]
    Other,
}

/// How often a subscription delivers: every `interval_duration` `interval_unit`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RecurringIntervalDuration {
    pub interval_duration: u32,
    pub interval_unit: IntervalUnit,
}

/// The price of a subscription's recurring articles per delivery, in cents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct RecurringArticlesPrice {
    pub calculated_price: i64,
}

/// A coffee or machine subscription.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Subscription {
    pub subscription_configuration_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub gift_subscription_information: Option<GiftSubscriptionInformation>,
    pub recurring_articles: Vec<SubscriptionArticle>,
    pub non_recurring_articles: Vec<SubscriptionArticle>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub subscription_type: Option<SubscriptionType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub recurring_interval_duration: Option<RecurringIntervalDuration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub recurring_articles_price: Option<RecurringArticlesPrice>,
}

/// What a subscription's removal is tracked with (newsletter spec section 3, "Subscription info
/// for tracking"), in the spec's field names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct SubscriptionTracking {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub subscription_type: Option<SubscriptionType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub recurring_interval_duration: Option<RecurringIntervalDuration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub gift_subscription_information: Option<GiftSubscriptionInformation>,
    pub subscription_configuration_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub recurring_articles_price: Option<RecurringArticlesPrice>,
}

/// A machine subscription's tracking information, for the tests of the cart and the tracking.
#[cfg(test)]
pub(crate) fn machine_subscription_tracking() -> SubscriptionTracking {
    SubscriptionTracking {
        subscription_type: Some(SubscriptionType::Machine),
        recurring_interval_duration: Some(RecurringIntervalDuration {
            interval_duration: 2,
            interval_unit: IntervalUnit::Month,
        }),
        gift_subscription_information: Some(GiftSubscriptionInformation {
            number_of_deliveries: 6,
        }),
        subscription_configuration_id: "abo-1".into(),
        recurring_articles_price: Some(RecurringArticlesPrice {
            calculated_price: 2999,
        }),
    }
}

impl Subscription {
    /// Its tracking information.
    pub fn tracking(&self) -> SubscriptionTracking {
        SubscriptionTracking {
            subscription_type: self.subscription_type,
            recurring_interval_duration: self.recurring_interval_duration,
            gift_subscription_information: self.gift_subscription_information,
            subscription_configuration_id: self.subscription_configuration_id.clone(),
            recurring_articles_price: self.recurring_articles_price,
        }
    }
}

/// Loyalty beans redeemed on the cart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct LoyaltyBeanData {
    pub redeemed_amount: i64,
    pub redeemed_value: i64,
}

/// A gift card redeemed on the cart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct GiftCardRedemption {
    pub card_number: String,
    pub redeemed_amount: i64,
}

/// The cart as the cart service sends it (header spec section 3 "Cart"). Missing fields read
/// as empty; amounts are cents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct Cart {
    pub number_of_articles: u32,
    pub articles: Vec<Article>,
    pub free_articles: Vec<FreeArticle>,
    pub gift_cards: Vec<GiftCard>,
    pub partner_products: Vec<PartnerProduct>,
    pub subscriptions: Vec<Subscription>,
    pub defective_articles: Vec<Article>,
    pub defective_gift_cards: Vec<GiftCard>,
    pub defective_partner_products: Vec<PartnerProduct>,
    pub defective_subscriptions: Vec<Subscription>,
    pub total_sum: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub price_summary: Option<PriceSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub shipping_cost: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub payment_on_delivery_cost: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub loyalty_bean_data: Option<LoyaltyBeanData>,
    pub redeemed_wsacs: Vec<String>,
    pub gift_card_redemptions: Vec<GiftCardRedemption>,
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/// The cart counts as non-empty if it has articles or partner products or any defective items.
pub fn cart_non_empty(cart: &Cart) -> bool {
    !cart.articles.is_empty() || !cart.partner_products.is_empty() || has_defective_items(cart)
}

fn has_defective_items(cart: &Cart) -> bool {
    !cart.defective_articles.is_empty()
        || !cart.defective_gift_cards.is_empty()
        || !cart.defective_partner_products.is_empty()
        || !cart.defective_subscriptions.is_empty()
}

fn blocks_checkout(availability: Availability) -> bool {
    matches!(
        availability,
        Availability::NotAvailable | Availability::Soldout
    )
}

/// Checkout is enabled only if a cart exists, it has at least one article or partner product,
/// it has no defective items of any kind, and no article or free article is NOT_AVAILABLE or
/// SOLDOUT.
pub fn checkout_enabled(cart: Option<&Cart>) -> bool {
    let Some(cart) = cart else {
        return false;
    };
    (!cart.articles.is_empty() || !cart.partner_products.is_empty())
        && !has_defective_items(cart)
        && !cart
            .articles
            .iter()
            .any(|a| blocks_checkout(a.availability))
        && !cart
            .free_articles
            .iter()
            .any(|f| blocks_checkout(f.availability))
}

/// Where "Directly to checkout" leads: the checkout-frontend path when the cart holds
/// subscriptions or defective subscriptions, the checkout otherwise.
pub fn checkout_url(cart: &Cart) -> &'static str {
    if cart.subscriptions.is_empty() && cart.defective_subscriptions.is_empty() {
        CHECKOUT_URL
    } else {
        SUBSCRIPTION_CHECKOUT_URL
    }
}

/// The defective-items banner appears when defective articles, partner products or gift cards
/// exist.
pub fn defective_banner(cart: &Cart) -> bool {
    !cart.defective_articles.is_empty()
        || !cart.defective_partner_products.is_empty()
        || !cart.defective_gift_cards.is_empty()
}

/// The header badge: hidden at 0 (and below), the count up to 99, `+99` above.
pub fn badge_text(count: i64) -> Option<String> {
    match count {
        ..=0 => None,
        1..=BADGE_CAP => Some(crate::decimal(count.unsigned_abs())),
        _ => Some(["+", &crate::decimal(BADGE_CAP.unsigned_abs())].concat()),
    }
}

/// The text key of the cart link's name (the header's cart icon, static or fragment) for
/// `count` articles: just the cart at 0 (and below), the singular for one ("Panier, 1
/// article"), the count for more (`{count}`).
pub fn cart_link_text_key(count: i64) -> &'static str {
    match count {
        ..=0 => "header.cart",
        1 => "header.cart.withCountOne",
        _ => "header.cart.withCount",
    }
}

/// A note under an article about its availability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AvailabilityNote {
    /// SHORTAGE: "few available".
    FewAvailable,
    /// NOT_AVAILABLE: "no longer available in the desired quantity".
    NotAvailableInQuantity,
}

/// SHORTAGE shows "few available", NOT_AVAILABLE "no longer available in the desired quantity".
pub fn availability_note(availability: Availability) -> Option<AvailabilityNote> {
    match availability {
        Availability::Shortage => Some(AvailabilityNote::FewAvailable),
        Availability::NotAvailable => Some(AvailabilityNote::NotAvailableInQuantity),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Lines and modifications
// ---------------------------------------------------------------------------------------------

/// The list of the cart a line sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ItemList {
    Articles,
    FreeArticles,
    GiftCards,
    PartnerProducts,
    Subscriptions,
    DefectiveArticles,
    DefectiveGiftCards,
    DefectivePartnerProducts,
    DefectiveSubscriptions,
}

impl ItemList {
    /// Display order of the lists in the mini cart.
    pub const ALL: [ItemList; 9] = [
        ItemList::DefectiveArticles,
        ItemList::DefectiveGiftCards,
        ItemList::DefectivePartnerProducts,
        ItemList::DefectiveSubscriptions,
        ItemList::Articles,
        ItemList::FreeArticles,
        ItemList::GiftCards,
        ItemList::PartnerProducts,
        ItemList::Subscriptions,
    ];

    pub const fn defective(self) -> bool {
        matches!(
            self,
            ItemList::DefectiveArticles
                | ItemList::DefectiveGiftCards
                | ItemList::DefectivePartnerProducts
                | ItemList::DefectiveSubscriptions
        )
    }

    const fn name(self) -> &'static str {
        match self {
            ItemList::Articles => "articles",
            ItemList::FreeArticles => "freeArticles",
            ItemList::GiftCards => "giftCards",
            ItemList::PartnerProducts => "partnerProducts",
            ItemList::Subscriptions => "subscriptions",
            ItemList::DefectiveArticles => "defectiveArticles",
            ItemList::DefectiveGiftCards => "defectiveGiftCards",
            ItemList::DefectivePartnerProducts => "defectivePartnerProducts",
            ItemList::DefectiveSubscriptions => "defectiveSubscriptions",
        }
    }
}

/// One item of any kind.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum CartItem {
    Article(Article),
    FreeArticle(FreeArticle),
    GiftCard(GiftCard),
    PartnerProduct(PartnerProduct),
    Subscription(Subscription),
}

impl CartItem {
    /// The identity of the item within its list.
    fn identity(&self) -> String {
        match self {
            CartItem::Article(a) | CartItem::GiftCard(GiftCard { article: a }) => {
                [&a.product_id, ":", a.tcm.as_deref().unwrap_or_default()].concat()
            }
            CartItem::FreeArticle(f) => [
                &f.product_id,
                ":",
                f.campaign_id.as_deref().unwrap_or_default(),
                ":",
                f.uuid.as_deref().unwrap_or_default(),
            ]
            .concat(),
            CartItem::PartnerProduct(p) => p.partner_product_id.clone(),
            CartItem::Subscription(s) => s.subscription_configuration_id.clone(),
        }
    }

    /// How many pieces the line counts for in the item count.
    fn pieces(&self) -> u32 {
        match self {
            CartItem::Article(a)
            | CartItem::FreeArticle(a)
            | CartItem::GiftCard(GiftCard { article: a }) => a.quantity.quantity,
            CartItem::PartnerProduct(p) => p.total_quantity,
            CartItem::Subscription(_) => 1,
        }
    }

    /// The kind of tile the item is shown as.
    fn kind(&self) -> LineKind {
        match self {
            CartItem::Article(_) => LineKind::Article,
            CartItem::FreeArticle(_) => LineKind::FreeArticle,
            CartItem::GiftCard(_) => LineKind::GiftCard,
            CartItem::PartnerProduct(_) => LineKind::PartnerProduct,
            CartItem::Subscription(_) => LineKind::Subscription,
        }
    }
}

/// A line of the cart with its key (`list:identity`), stable across reloads.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub key: String,
    pub list: ItemList,
    pub position: u32,
    pub item: CartItem,
}

fn line_key(list: ItemList, item: &CartItem) -> String {
    [list.name(), ":", &item.identity()].concat()
}

fn items_of(cart: &Cart, list: ItemList) -> Vec<CartItem> {
    match list {
        ItemList::Articles => cart
            .articles
            .iter()
            .cloned()
            .map(CartItem::Article)
            .collect(),
        ItemList::DefectiveArticles => cart
            .defective_articles
            .iter()
            .cloned()
            .map(CartItem::Article)
            .collect(),
        ItemList::FreeArticles => cart
            .free_articles
            .iter()
            .cloned()
            .map(CartItem::FreeArticle)
            .collect(),
        ItemList::GiftCards => cart
            .gift_cards
            .iter()
            .cloned()
            .map(CartItem::GiftCard)
            .collect(),
        ItemList::DefectiveGiftCards => cart
            .defective_gift_cards
            .iter()
            .cloned()
            .map(CartItem::GiftCard)
            .collect(),
        ItemList::PartnerProducts => cart
            .partner_products
            .iter()
            .cloned()
            .map(CartItem::PartnerProduct)
            .collect(),
        ItemList::DefectivePartnerProducts => cart
            .defective_partner_products
            .iter()
            .cloned()
            .map(CartItem::PartnerProduct)
            .collect(),
        ItemList::Subscriptions => cart
            .subscriptions
            .iter()
            .cloned()
            .map(CartItem::Subscription)
            .collect(),
        ItemList::DefectiveSubscriptions => cart
            .defective_subscriptions
            .iter()
            .cloned()
            .map(CartItem::Subscription)
            .collect(),
    }
}

/// Every line of the cart in display order (defective lists first, as the banner points down).
pub fn cart_lines(cart: &Cart) -> Vec<CartLine> {
    let mut lines = Vec::new();
    for list in ItemList::ALL {
        for (position, item) in items_of(cart, list).into_iter().enumerate() {
            lines.push(CartLine {
                key: line_key(list, &item),
                list,
                position: u32::try_from(position).unwrap_or(u32::MAX),
                item,
            });
        }
    }
    lines
}

/// The keys of the cart's lines, in display order.
fn line_keys(cart: &Cart) -> Vec<String> {
    cart_lines(cart).into_iter().map(|line| line.key).collect()
}

/// Removes the line with `key`; gives it back with its position.
fn take_line(cart: &mut Cart, key: &str) -> Option<CartLine> {
    let line = cart_lines(cart).into_iter().find(|line| line.key == key)?;
    let index = usize::try_from(line.position).ok()?;
    let removed = match line.list {
        ItemList::Articles => remove_at(&mut cart.articles, index),
        ItemList::DefectiveArticles => remove_at(&mut cart.defective_articles, index),
        ItemList::FreeArticles => remove_at(&mut cart.free_articles, index),
        ItemList::GiftCards => remove_at(&mut cart.gift_cards, index),
        ItemList::DefectiveGiftCards => remove_at(&mut cart.defective_gift_cards, index),
        ItemList::PartnerProducts => remove_at(&mut cart.partner_products, index),
        ItemList::DefectivePartnerProducts => {
            remove_at(&mut cart.defective_partner_products, index)
        }
        ItemList::Subscriptions => remove_at(&mut cart.subscriptions, index),
        ItemList::DefectiveSubscriptions => remove_at(&mut cart.defective_subscriptions, index),
    };
    removed?;
    cart.number_of_articles = cart.number_of_articles.saturating_sub(line.item.pieces());
    Some(line)
}

fn remove_at<T>(items: &mut Vec<T>, index: usize) -> Option<()> {
    (index < items.len()).then(|| {
        items.remove(index);
    })
}

/// Puts a line back at its position (or at the end when the list got shorter). A line of the
/// wrong kind for its list is ignored.
fn put_line(cart: &mut Cart, line: &CartLine) {
    fn insert<T: Clone>(items: &mut Vec<T>, position: u32, item: &T) {
        let index = usize::try_from(position)
            .unwrap_or(usize::MAX)
            .min(items.len());
        items.insert(index, item.clone());
    }
    let position = line.position;
    match (line.list, &line.item) {
        (ItemList::Articles, CartItem::Article(a)) => insert(&mut cart.articles, position, a),
        (ItemList::DefectiveArticles, CartItem::Article(a)) => {
            insert(&mut cart.defective_articles, position, a)
        }
        (ItemList::FreeArticles, CartItem::FreeArticle(f)) => {
            insert(&mut cart.free_articles, position, f)
        }
        (ItemList::GiftCards, CartItem::GiftCard(g)) => insert(&mut cart.gift_cards, position, g),
        (ItemList::DefectiveGiftCards, CartItem::GiftCard(g)) => {
            insert(&mut cart.defective_gift_cards, position, g)
        }
        (ItemList::PartnerProducts, CartItem::PartnerProduct(p)) => {
            insert(&mut cart.partner_products, position, p)
        }
        (ItemList::DefectivePartnerProducts, CartItem::PartnerProduct(p)) => {
            insert(&mut cart.defective_partner_products, position, p)
        }
        (ItemList::Subscriptions, CartItem::Subscription(s)) => {
            insert(&mut cart.subscriptions, position, s)
        }
        (ItemList::DefectiveSubscriptions, CartItem::Subscription(s)) => {
            insert(&mut cart.defective_subscriptions, position, s)
        }
        _ => return,
    }
    cart.number_of_articles = cart.number_of_articles.saturating_add(line.item.pieces());
}

/// Puts the lines of `cart` (an answer) that `shown` (the cart on screen) has in the order they
/// have there; lines new to it follow them, in the answer's order. A line never moves under the
/// shopper's finger: a service that adds a restored line back at its list's end, or sorts
/// otherwise, does not make the next line's Remove slide to where the shopper is about to tap.
/// The next load after a page reload shows the service's order.
fn keep_shown_order(shown: &Cart, cart: &mut Cart) {
    // Each answer line's rank: the place of the shown line it is (the n-th line of a key on
    // screen is the answer's n-th line of that key), else after every shown line, in the
    // answer's order. Found by sorting the keys of both, not by searching the answer for each
    // shown line: an answer of thousands of lines costs O(n log n), not seconds.
    let mut lines = cart_lines(cart);
    let mut keys = line_keys(shown);
    let shown_count = keys.len();
    keys.extend(lines.iter().map(|line| line.key.clone()));
    let order = indices_by_key(&keys, String::as_str);
    let mut rank: Vec<u64> = (shown_count..keys.len())
        .map(|index| index as u64)
        .collect();
    // Within a key's run the shown lines come first, then the answer's.
    let (mut run, mut shown_in_run) = (0, 0);
    for (at, index) in order.iter().enumerate() {
        if at > 0 && keys.get(*index) != order.get(at - 1).and_then(|before| keys.get(*before)) {
            (run, shown_in_run) = (at, 0);
        }
        if *index < shown_count {
            shown_in_run += 1;
        } else if let (Some(rank), Some(place)) = (
            rank.get_mut(index - shown_count),
            order
                .get(run + (at - run - shown_in_run))
                .filter(|_| at - run < 2 * shown_in_run),
        ) {
            *rank = *place as u64;
        }
    }
    let mut order: Vec<u64> = rank
        .iter()
        .enumerate()
        .map(|(line, rank)| (rank << 32) | line as u64)
        .collect();
    heap_sort(&mut order);
    let count = cart.number_of_articles;
    for list in ItemList::ALL {
        clear_list(cart, list);
    }
    for key in order {
        if let Some(line) = lines.get_mut((key & u64::from(u32::MAX)) as usize) {
            line.position = u32::MAX;
            put_line(cart, line);
        }
    }
    cart.number_of_articles = count;
}

fn clear_list(cart: &mut Cart, list: ItemList) {
    match list {
        ItemList::Articles => cart.articles.clear(),
        ItemList::DefectiveArticles => cart.defective_articles.clear(),
        ItemList::FreeArticles => cart.free_articles.clear(),
        ItemList::GiftCards => cart.gift_cards.clear(),
        ItemList::DefectiveGiftCards => cart.defective_gift_cards.clear(),
        ItemList::PartnerProducts => cart.partner_products.clear(),
        ItemList::DefectivePartnerProducts => cart.defective_partner_products.clear(),
        ItemList::Subscriptions => cart.subscriptions.clear(),
        ItemList::DefectiveSubscriptions => cart.defective_subscriptions.clear(),
    }
}

/// A change sent to the cart service (header spec section 7), one payload per change:
/// `{"setArticle": {"productId", "tcm", "quantity": 0}}` and so on.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum CartModification {
    #[serde(rename_all = "camelCase")]
    SetArticle {
        product_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", tsify(optional))]
        tcm: Option<String>,
        quantity: u32,
    },
    #[serde(rename_all = "camelCase")]
    SetFreeArticle {
        product_id: String,
        campaign_id: String,
        remove: bool,
    },
    #[serde(rename_all = "camelCase")]
    SetGiftCard {
        product_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", tsify(optional))]
        tcm: Option<String>,
        set: bool,
    },
    #[serde(rename_all = "camelCase")]
    SetPartnerProduct {
        partner_product_id: String,
        set: bool,
    },
    #[serde(rename_all = "camelCase")]
    DeleteSubscription { subscription_id: String },
    /// Undo of `deleteSubscription` within the deleted-item window. Not in the spec's list of
    /// five: the spec has no undo; this is the shop's extension for it.
    #[serde(rename_all = "camelCase")]
    RestoreSubscription { subscription_id: String },
}

/// The delete button of a defective article or gift card is disabled when it has no tcm.
pub fn delete_disabled(line: &CartLine) -> bool {
    let tcm_missing = |article: &Article| article.tcm.as_deref().is_none_or(str::is_empty);
    match (line.list, &line.item) {
        (ItemList::DefectiveArticles, CartItem::Article(a))
        | (ItemList::DefectiveGiftCards, CartItem::GiftCard(GiftCard { article: a })) => {
            tcm_missing(a)
        }
        _ => false,
    }
}

/// The payload that removes a line; `None` when its delete is disabled.
pub fn removal_payload(line: &CartLine) -> Option<CartModification> {
    (!delete_disabled(line)).then(|| line_payload(&line.item, false))
}

/// The payload that brings a removed line back (Undo).
pub fn restore_payload(line: &CartLine) -> CartModification {
    line_payload(&line.item, true)
}

/// The one payload per item kind, setting the item present (Undo) or absent (delete).
fn line_payload(item: &CartItem, present: bool) -> CartModification {
    match item {
        CartItem::Article(a) => CartModification::SetArticle {
            product_id: a.product_id.clone(),
            tcm: a.tcm.clone(),
            quantity: if present { a.quantity.quantity } else { 0 },
        },
        CartItem::FreeArticle(f) => CartModification::SetFreeArticle {
            product_id: f.product_id.clone(),
            campaign_id: f.campaign_id.clone().unwrap_or_default(),
            remove: !present,
        },
        CartItem::GiftCard(g) => CartModification::SetGiftCard {
            product_id: g.article.product_id.clone(),
            tcm: g.article.tcm.clone(),
            set: present,
        },
        CartItem::PartnerProduct(p) => CartModification::SetPartnerProduct {
            partner_product_id: p.partner_product_id.clone(),
            set: present,
        },
        CartItem::Subscription(s) => {
            let subscription_id = s.subscription_configuration_id.clone();
            if present {
                CartModification::RestoreSubscription { subscription_id }
            } else {
                CartModification::DeleteSubscription { subscription_id }
            }
        }
    }
}

/// Whether a payload removes something (as opposed to setting or restoring it).
pub fn is_removal(modification: &CartModification) -> bool {
    matches!(
        modification,
        CartModification::SetArticle { quantity: 0, .. }
            | CartModification::SetFreeArticle { remove: true, .. }
            | CartModification::SetGiftCard { set: false, .. }
            | CartModification::SetPartnerProduct { set: false, .. }
            | CartModification::DeleteSubscription { .. }
    )
}

/// The key of the line a removal payload removes from `cart`, if any. The same matching serves
/// the mini cart and the cart service.
pub fn line_for_removal(cart: &Cart, modification: &CartModification) -> Option<String> {
    if !is_removal(modification) {
        return None;
    }
    cart_lines(cart)
        .into_iter()
        .find(|line| removal_payload(line).as_ref() == Some(modification))
        .map(|line| line.key)
}

/// Applies a removal payload to a cart: the line it names is gone, the item count reduced.
pub fn apply_removal(cart: &Cart, modification: &CartModification) -> Result<Cart, CartError> {
    let key = line_for_removal(cart, modification).ok_or(CartError {
        code: CartErrorCode::UnknownItem,
        limit: None,
    })?;
    let mut next = cart.clone();
    take_line(&mut next, &key);
    Ok(next)
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Error codes of the cart service (header spec section 8), plus the shop's own for a payload
/// naming no line. Unknown codes read as UNKNOWN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CartErrorCode {
    #[default]
    Unknown,
    CartstorageUnavailable,
    ProductdataUnavailable,
    PriceUnavailable,
    NotModified,
    CartLimit,
    ItemLimit,
    AvailabilityLimit,
    /// A payload that names no line of the cart.
    UnknownItem,
    /// Codes the shop does not know; shown like UNKNOWN.
    #[serde(other)]
    Other,
}

/// An error answer of the cart service: `{"error": CODE, "limit"?: n}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct CartError {
    #[serde(rename = "error")]
    pub code: CartErrorCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub limit: Option<u32>,
}

const UNKNOWN_ERROR: CartError = CartError {
    code: CartErrorCode::Unknown,
    limit: None,
};

/// Reads an error body; anything unreadable (a network failure included) is UNKNOWN.
pub fn parse_cart_error(body: &str) -> CartError {
    if body.len() > CART_ANSWER_MAX_BYTES {
        return UNKNOWN_ERROR;
    }
    crate::json::from_str(body).unwrap_or(UNKNOWN_ERROR)
}

/// A text the mini cart shows, as a message key and the `{limit}` to put into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CartMessage {
    pub key: CartMessageKey,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub limit: Option<u32>,
}

/// The mini cart's texts that depend on a rule; the fragments translate them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum CartMessageKey {
    /// "For technical reasons the cart content cannot be shown now, try later."
    #[serde(rename = "cart.loadError")]
    LoadError,
    /// "For technical reasons the cart content cannot be changed now, try later."
    #[serde(rename = "cart.changeError")]
    ChangeError,
    #[serde(rename = "cart.cartLimit")]
    CartLimit,
    #[serde(rename = "cart.itemLimit")]
    ItemLimit,
    #[serde(rename = "cart.availabilityLimit")]
    AvailabilityLimit,
    /// An availability limit of 0: "this article is no longer available" (not "only 0 pieces").
    #[serde(rename = "cart.soldOut")]
    SoldOut,
    /// A gift card's (or voucher code's) removal failed: "could not be removed, wait a few
    /// minutes and retry" (header spec section 8, "Defective items").
    #[serde(rename = "cart.removalFailed")]
    RemovalFailed,
}

/// Every load error shows the technical "cannot be shown" text.
pub fn load_error_message(_code: CartErrorCode) -> CartMessage {
    CartMessage {
        key: CartMessageKey::LoadError,
        limit: None,
    }
}

/// The change-error text: the three limits with their `{limit}`, the technical text otherwise
/// (a limit error without a limit included). An availability limit of 0 (a sold-out or no
/// longer available article) says that, instead of "only 0 pieces are still available".
pub fn change_error_message(error: CartError) -> CartMessage {
    let key = match (error.code, error.limit) {
        (CartErrorCode::CartLimit, Some(_)) => CartMessageKey::CartLimit,
        (CartErrorCode::ItemLimit, Some(_)) => CartMessageKey::ItemLimit,
        (CartErrorCode::AvailabilityLimit, Some(0)) => {
            return CartMessage {
                key: CartMessageKey::SoldOut,
                limit: None,
            };
        }
        (CartErrorCode::AvailabilityLimit, Some(_)) => CartMessageKey::AvailabilityLimit,
        _ => {
            return CartMessage {
                key: CartMessageKey::ChangeError,
                limit: None,
            };
        }
    };
    CartMessage {
        key,
        limit: error.limit,
    }
}

/// Hints on defective lines (header spec section 8 "Defective items").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DefectiveHint {
    /// Article or gift card: not currently available, retry later or remove it.
    NotCurrentlyAvailable,
    /// Partner product: no longer available.
    NoLongerAvailable,
    /// Subscription: not available in this combination, change the selection.
    ChangeSelection,
}

fn defective_hint(list: ItemList) -> Option<DefectiveHint> {
    match list {
        ItemList::DefectiveArticles | ItemList::DefectiveGiftCards => {
            Some(DefectiveHint::NotCurrentlyAvailable)
        }
        ItemList::DefectivePartnerProducts => Some(DefectiveHint::NoLongerAvailable),
        ItemList::DefectiveSubscriptions => Some(DefectiveHint::ChangeSelection),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Service answers
// ---------------------------------------------------------------------------------------------

/// A cart answer: the cart, and the product just added when there was one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CartAnswer {
    pub cart: Cart,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub added_product: Option<Article>,
}

/// Reads a cart service answer: 2xx bodies are a cart, bare or as `{cart, addedProduct}`;
/// other statuses (0 for a network failure) and unreadable bodies are errors. A bare cart's
/// missing fields read as empty, but an object without any of the cart's fields is no cart (a
/// proxy's or a maintenance page's JSON would otherwise show as an empty cart). A body over
/// [`CART_ANSWER_MAX_BYTES`] is unreadable.
pub fn parse_cart_answer(status: u16, body: &str) -> Result<CartAnswer, CartError> {
    if !(200..300).contains(&status) || body.len() > CART_ANSWER_MAX_BYTES {
        return Err(parse_cart_error(body));
    }
    /// The wrapped form; a bare cart reads as `cart: None`.
    #[derive(Json)]
    #[serde(rename_all = "camelCase")]
    struct Wrapped {
        cart: Option<Cart>,
        added_product: Option<Article>,
    }
    let tree = crate::json::parse(body).map_err(|_| UNKNOWN_ERROR)?;
    match <Wrapped as crate::json::FromJson>::from_json(&tree) {
        Ok(Wrapped {
            cart: Some(cart),
            added_product,
        }) => Ok(CartAnswer {
            cart,
            added_product,
        }),
        Ok(Wrapped { cart: None, .. })
            if Cart::JSON_FIELDS
                .iter()
                .any(|field| tree.get(field).is_some()) =>
        {
            <Cart as crate::json::FromJson>::from_json(&tree)
                .map(|cart| CartAnswer {
                    cart,
                    added_product: None,
                })
                .map_err(|_| UNKNOWN_ERROR)
        }
        _ => Err(UNKNOWN_ERROR),
    }
}

/// The outcome of an add-to-cart made outside the mini cart (header spec section 4).
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AddToCartOutcome {
    /// 200: the new cart and the product added.
    #[serde(rename_all = "camelCase")]
    Added {
        cart: Box<Cart>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", tsify(optional))]
        added_product: Option<Box<Article>>,
    },
    /// 304: nothing to show.
    NothingToShow,
    /// Anything else: the error, shown as the translated change-error text.
    #[serde(rename_all = "camelCase")]
    Failed {
        error: CartError,
        message: CartMessage,
    },
}

/// Status 200 gives the cart and added product, 304 nothing to show, anything else (an
/// unreadable 200 included) an error with its limit.
pub fn add_to_cart_outcome(status: u16, body: &str) -> AddToCartOutcome {
    let failed = |error: CartError| AddToCartOutcome::Failed {
        error,
        message: change_error_message(error),
    };
    match status {
        304 => AddToCartOutcome::NothingToShow,
        200 => match parse_cart_answer(status, body) {
            Ok(answer) => AddToCartOutcome::Added {
                cart: Box::new(answer.cart),
                added_product: answer.added_product.map(Box::new),
            },
            Err(error) => failed(error),
        },
        _ => failed(parse_cart_error(body)),
    }
}

// ---------------------------------------------------------------------------------------------
// The mini cart's state and its transitions
// ---------------------------------------------------------------------------------------------

/// Where a deleted line's change stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DeletionPhase {
    /// The removal is in flight.
    Removing,
    /// The service removed it; Undo is offered until the window ends.
    Removed,
    /// Undo is in flight; the line shows in the cart again.
    Restoring,
}

/// A line removed from the cart but still shown (struck through) for the deleted-item window.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DeletedLine {
    pub line: CartLine,
    pub deleted_at: f64,
    pub phase: DeletionPhase,
}

/// A change error on show since `shown_at`.
#[derive(Clone, Copy, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ShownChangeError {
    pub error: CartError,
    pub shown_at: f64,
    /// The failed change was a gift card's removal.
    #[serde(default)]
    pub gift_card_removal: bool,
}

impl ShownChangeError {
    /// The text shown: the removal-failed text for a gift card whose removal failed for a
    /// reason other than a limit, otherwise [`change_error_message`].
    pub fn message(self) -> CartMessage {
        let message = change_error_message(self.error);
        if self.gift_card_removal && message.key == CartMessageKey::ChangeError {
            CartMessage {
                key: CartMessageKey::RemovalFailed,
                limit: None,
            }
        } else {
            message
        }
    }
}

/// Everything the mini cart remembers. Start with the default (loading) state.
#[derive(Clone, Debug, Default, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct MiniCartState {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub cart: Option<Cart>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub load_error: Option<CartErrorCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub change_error: Option<ShownChangeError>,
    pub deleted: Vec<DeletedLine>,
    /// How many cart requests (loads and changes) were started: the last one's number.
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub requests: u32,
    /// The number of the request whose answer is shown (0: none, or the stored cart).
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub shown_request: u32,
}

/// Why a change was not started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeRefused {
    /// No cart, or no such line.
    UnknownLine,
    /// A change of this line is already in flight.
    Busy,
    /// The line's delete is disabled (defective, no tcm).
    DeleteDisabled,
    /// The deleted-item window is over.
    WindowOver,
}

/// A change started: the optimistic state and the payload to send.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ChangeStart {
    pub state: MiniCartState,
    pub payload: CartModification,
    /// The request's number, to give back with its answer.
    pub request: u32,
}

/// A load started: the state counting it and the request's number, to give back with its
/// answer.
#[derive(Clone, Debug, PartialEq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LoadStart {
    pub state: MiniCartState,
    pub request: u32,
}

/// Numbers the next request.
fn next_request(state: &mut MiniCartState) -> u32 {
    state.requests = state.requests.saturating_add(1);
    state.requests
}

/// Whether the answer to request `request` may replace what is shown: it was asked for after
/// the shown one, or no cart is shown. Answers can arrive in another order than they were
/// asked for; an older cart arriving late would bring back a line removed since.
fn answers_after_shown(state: &MiniCartState, request: u32) -> bool {
    request > state.shown_request || state.cart.is_none()
}

fn finite(now: f64) -> f64 {
    if now.is_finite() { now } else { 0.0 }
}

/// Takes the cart the service answered request `request` with as the one to show, unless a
/// later request's answer is shown already ([`answers_after_shown`]); either way the load error
/// clears. Lines still being removed stay out; lines
/// being restored stay in; a removed line the service has again (added back elsewhere) loses
/// its deleted marker.
fn adopt_cart(state: &mut MiniCartState, mut cart: Cart, request: u32) {
    state.load_error = None;
    if !answers_after_shown(state, request) {
        return;
    }
    state.shown_request = request;
    if let Some(shown) = &state.cart {
        keep_shown_order(shown, &mut cart);
    }
    let present = line_keys(&cart);
    state.deleted.retain(|deleted| {
        deleted.phase != DeletionPhase::Removed || !present.contains(&deleted.line.key)
    });
    for deleted in &state.deleted {
        let in_cart = present.contains(&deleted.line.key);
        match deleted.phase {
            DeletionPhase::Removing if in_cart => {
                take_line(&mut cart, &deleted.line.key);
            }
            DeletionPhase::Restoring if !in_cart => put_line(&mut cart, &deleted.line),
            _ => {}
        }
    }
    state.cart = Some(cart);
}

/// Starts a load (or a reload): counts it and gives its number.
pub fn begin_load(state: MiniCartState) -> LoadStart {
    let mut next = state;
    let request = next_request(&mut next);
    LoadStart {
        state: next,
        request,
    }
}

/// Load `request` answered with the cart: shown, the load error cleared; an answer older than
/// the shown one changes nothing. A change error stays for its 7.5 s: a reload does not undo
/// what the shopper was told about a change (the reload after an unknown item,
/// [`reloads_after_failed_change`], is there because of it). The stored cart a page starts with
/// is request 0.
pub fn load_succeeded(state: MiniCartState, cart: Cart, request: u32) -> MiniCartState {
    if !answers_after_shown(&state, request) {
        return state;
    }
    let mut next = state;
    adopt_cart(&mut next, cart, request);
    next
}

/// Load `request` failed: cart cleared, the load error set; after a later request's answer
/// has been shown it changes nothing.
pub fn load_failed(state: MiniCartState, error: CartError, request: u32) -> MiniCartState {
    if !answers_after_shown(&state, request) {
        return state;
    }
    MiniCartState {
        cart: None,
        load_error: Some(error.code),
        shown_request: request,
        ..state
    }
}

fn busy(state: &MiniCartState, key: &str) -> bool {
    state
        .deleted
        .iter()
        .any(|d| d.line.key == key && d.phase != DeletionPhase::Removed)
}

/// Starts removing a line: it leaves the cart at once and shows as deleted from `now`.
pub fn begin_removal(
    state: MiniCartState,
    key: &str,
    now: f64,
) -> Result<ChangeStart, ChangeRefused> {
    if busy(&state, key) {
        return Err(ChangeRefused::Busy);
    }
    let mut next = state;
    let cart = next.cart.as_mut().ok_or(ChangeRefused::UnknownLine)?;
    let line = cart_lines(cart)
        .into_iter()
        .find(|line| line.key == key)
        .ok_or(ChangeRefused::UnknownLine)?;
    let payload = removal_payload(&line).ok_or(ChangeRefused::DeleteDisabled)?;
    let line = take_line(cart, key).ok_or(ChangeRefused::UnknownLine)?;
    next.deleted.retain(|d| d.line.key != key);
    next.deleted.push(DeletedLine {
        line,
        deleted_at: finite(now),
        phase: DeletionPhase::Removing,
    });
    let request = next_request(&mut next);
    Ok(ChangeStart {
        state: next,
        payload,
        request,
    })
}

/// The service removed the line (removal `request`): the line stays as deleted, errors clear,
/// and its cart is shown unless a later request's answer is.
pub fn removal_succeeded(
    state: MiniCartState,
    key: &str,
    cart: Cart,
    request: u32,
) -> MiniCartState {
    let mut next = state;
    for deleted in next.deleted.iter_mut().filter(|d| d.line.key == key) {
        deleted.phase = DeletionPhase::Removed;
    }
    adopt_cart(&mut next, cart, request);
    next.change_error = None;
    next
}

/// The removal failed: the line is back where it was and the change error shows from `now`.
///
/// Except when the service does not know the line (UNKNOWN_ITEM): it was removed elsewhere
/// already (another tab, the cart page), so what the shopper asked for holds. The line stays
/// out, no undo is offered (it would put back what was removed there) and no error shows (a
/// "try again later" that no retry could help); the mini cart loads the cart as it is
/// ([`reloads_after_failed_change`]).
pub fn rollback_removal(
    state: MiniCartState,
    key: &str,
    error: CartError,
    now: f64,
) -> MiniCartState {
    let mut next = state;
    let position = next
        .deleted
        .iter()
        .position(|d| d.line.key == key && d.phase == DeletionPhase::Removing);
    let deleted = position.map(|index| next.deleted.remove(index));
    if error.code == CartErrorCode::UnknownItem {
        return next;
    }
    let gift_card_removal = deleted.as_ref().is_some_and(|deleted| {
        matches!(
            deleted.line.list,
            ItemList::GiftCards | ItemList::DefectiveGiftCards
        )
    });
    if let (Some(deleted), Some(cart)) = (&deleted, next.cart.as_mut()) {
        put_line(cart, &deleted.line);
    }
    next.change_error = Some(ShownChangeError {
        error,
        shown_at: finite(now),
        gift_card_removal,
    });
    next
}

/// Starts undoing a removal within the deleted-item window: the line is back in the cart at
/// once.
pub fn begin_undo(state: MiniCartState, key: &str, now: f64) -> Result<ChangeStart, ChangeRefused> {
    let mut next = state;
    let deleted = next
        .deleted
        .iter_mut()
        .find(|d| d.line.key == key)
        .ok_or(ChangeRefused::UnknownLine)?;
    if deleted.phase != DeletionPhase::Removed {
        return Err(ChangeRefused::Busy);
    }
    if finite(now) - deleted.deleted_at >= DELETED_ITEM_WINDOW_MS {
        return Err(ChangeRefused::WindowOver);
    }
    deleted.phase = DeletionPhase::Restoring;
    let line = deleted.line.clone();
    let cart = next.cart.get_or_insert_with(Cart::default);
    put_line(cart, &line);
    let request = next_request(&mut next);
    Ok(ChangeStart {
        state: next,
        payload: restore_payload(&line),
        request,
    })
}

/// The service restored the line (undo `request`): errors clear, and its cart is shown unless
/// a later request's answer is. The restored line keeps the place it came back to, where the
/// service's answer has it elsewhere (at its list's end): [`keep_shown_order`].
pub fn undo_succeeded(state: MiniCartState, key: &str, cart: Cart, request: u32) -> MiniCartState {
    let mut next = state;
    next.deleted.retain(|d| d.line.key != key);
    adopt_cart(&mut next, cart, request);
    next.change_error = None;
    next
}

/// Whether a failed change makes the mini cart load the cart again: the service does not know
/// the item (UNKNOWN_ITEM), so the cart was changed elsewhere (another tab, the cart page) and
/// the one shown is stale; every retry would fail the same way. No other failure does: a
/// reload while the service is down would only replace the cart with the load error.
pub fn reloads_after_failed_change(error: CartError) -> bool {
    error.code == CartErrorCode::UnknownItem
}

/// Whether the cart is asked for after a change's answer (request `request`) was settled, the
/// shown answer being `shown_request`'s: the answer was not shown, a later request's answer
/// being shown already. Answers came back in another order than asked for, so the service may
/// have made this change after the later one: neither answer is known to be its cart now (the
/// shown one may still hold a line removed since, and its totals count it), a load's answer is.
pub fn reloads_after_change_answer(shown_request: u32, request: u32) -> bool {
    shown_request != request
}

/// Whether a failed change's outcome is unknown, by the status it failed with: no answer came
/// (0: a network failure, or the request timeout), a gateway answered for the service (502,
/// 504), or the service answered 2xx with a body that is no cart. The service may then have
/// made the change, so the cart is asked for again and what the page shows is the service's
/// cart; a check that fails too leaves what is shown (the restored cart). Any other refusal
/// changed nothing.
pub fn change_outcome_unknown(status: u16) -> bool {
    matches!(status, 0 | 200..=299 | 502 | 504)
}

/// Whether the cart the service has now (asked for after a change of `key` whose outcome is
/// unknown, [`change_outcome_unknown`]) shows that change made: a removal's line is gone, an
/// undo's line is back. The change then settles as made with that cart (Undo offered after a
/// removal), not as failed with an error saying the cart could not be changed.
pub fn change_made(state: &MiniCartState, key: &str, cart: &Cart) -> bool {
    let present = cart_lines(cart).iter().any(|line| line.key == key);
    state
        .deleted
        .iter()
        .find(|deleted| deleted.line.key == key)
        .is_some_and(|deleted| match deleted.phase {
            DeletionPhase::Removing => !present,
            DeletionPhase::Restoring => present,
            DeletionPhase::Removed => false,
        })
}

/// Undo failed: the line is deleted again (its window unchanged) and the change error shows.
pub fn undo_failed(state: MiniCartState, key: &str, error: CartError, now: f64) -> MiniCartState {
    let mut next = state;
    let mut restoring = None;
    for deleted in next.deleted.iter_mut().filter(|d| d.line.key == key) {
        deleted.phase = DeletionPhase::Removed;
        restoring = Some(deleted.line.key.clone());
    }
    if let (Some(key), Some(cart)) = (restoring, next.cart.as_mut()) {
        take_line(cart, &key);
    }
    next.change_error = Some(ShownChangeError {
        error,
        shown_at: finite(now),
        gift_card_removal: false,
    });
    next
}

/// Drops deleted lines whose 10 s window is over (changes in flight stay) and a change error
/// shown 7.5 s or longer.
pub fn expire(state: MiniCartState, now: f64) -> MiniCartState {
    let now = finite(now);
    let mut next = state;
    next.deleted.retain(|d| {
        d.phase != DeletionPhase::Removed || now - d.deleted_at < DELETED_ITEM_WINDOW_MS
    });
    if next
        .change_error
        .is_some_and(|shown| now - shown.shown_at >= CHANGE_ERROR_WINDOW_MS)
    {
        next.change_error = None;
    }
    next
}

/// Milliseconds until the next expiry, for one timer; `None` when nothing will expire.
pub fn next_expiry(state: &MiniCartState, now: f64) -> Option<f64> {
    let now = finite(now);
    let deleted = state
        .deleted
        .iter()
        .filter(|d| d.phase == DeletionPhase::Removed)
        .map(|d| d.deleted_at + DELETED_ITEM_WINDOW_MS);
    let error = state
        .change_error
        .map(|shown| shown.shown_at + CHANGE_ERROR_WINDOW_MS);
    deleted
        .chain(error)
        .map(|at| (at - now).max(0.0))
        .fold(None, |soonest: Option<f64>, wait| {
            Some(soonest.map_or(wait, |s| s.min(wait)))
        })
}

/// The item count the header badge and the document event announce.
pub fn item_count(state: &MiniCartState) -> u32 {
    state
        .cart
        .as_ref()
        .map_or(0, |cart| cart.number_of_articles)
}

// ---------------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------------

/// Which of the mini cart's views shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MiniCartStatus {
    /// No cart and no load error yet.
    Loading,
    /// The load failed: the load-error banner.
    LoadError,
    Empty,
    Filled,
}

/// An article inside a subscription line, ready to show.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionArticleView {
    pub title: String,
    pub quantity: u32,
    pub image_url: String,
    pub product_url: String,
    pub price: String,
    pub recurring: bool,
}

/// A variant dimension of a tile, shown by its type (header spec section 3: TEXT, COLOR or
/// IMAGE): exactly one of `text`, `color` and `image_url` is set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DimensionView {
    pub name: String,
    /// The value as text: a TEXT dimension (and a kind the shop does not know), and a COLOR or
    /// IMAGE value that is no colour code or picture address the page may use.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub text: Option<String>,
    /// A COLOR dimension's colour code (the core's `safe_color`), shown as a swatch.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub color: Option<String>,
    /// An IMAGE dimension's picture (the core's `safe_url`), shown small.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub image_url: Option<String>,
}

/// How a dimension shows (see [`DimensionView`]).
pub fn dimension_view(dimension: &Dimension) -> DimensionView {
    let mut view = DimensionView {
        name: dimension.name.clone(),
        ..DimensionView::default()
    };
    match dimension.kind {
        DimensionType::Color => view.color = safe_color(&dimension.value),
        DimensionType::Image => view.image_url = safe_url(&dimension.value),
        DimensionType::Text | DimensionType::Other => {}
    }
    if view.color.is_none() && view.image_url.is_none() {
        view.text = Some(dimension.value.clone());
    }
    view
}

/// One tile of the mini cart, ready to show.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct LineView {
    pub key: String,
    pub list: ItemList,
    pub kind: LineKind,
    pub defective: bool,
    pub title: String,
    pub image_url: String,
    /// Where title and image link: the product page, or the form of a partner product.
    pub link_url: String,
    pub quantity: u32,
    /// Whether the tile shows `quantity`: not a subscription's, which lists its articles (each
    /// with its quantity) instead.
    pub quantity_shown: bool,
    pub dimensions: Vec<DimensionView>,
    pub price_lines: Vec<PriceLine>,
    pub free: bool,
    pub subscription_articles: Vec<SubscriptionArticleView>,
    /// The data-layer event a confirmed removal of this line pushes (a subscription's or a
    /// product's).
    pub removal_event: crate::tracking::ShopEvent,
    /// A subscription's tracking information, for its removal's data-layer event.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub subscription_tracking: Option<SubscriptionTracking>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub availability_note: Option<AvailabilityNote>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub defective_hint: Option<DefectiveHint>,
    pub delete_disabled: bool,
    /// Shown struck through.
    pub deleted: bool,
    /// Undo offered (deleted, confirmed, inside the window).
    pub undo_available: bool,
    /// A change of this line is in flight.
    pub busy: bool,
}

/// The kinds of tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LineKind {
    Article,
    FreeArticle,
    GiftCard,
    PartnerProduct,
    Subscription,
}

/// The text a tile of a kind is labelled with (a key of the cart texts): what it is when it is
/// not a plain article.
pub const fn line_kind_text_key(kind: LineKind) -> Option<&'static str> {
    match kind {
        LineKind::Article => None,
        LineKind::FreeArticle => Some("cart.free"),
        LineKind::GiftCard => Some("cart.giftCard"),
        LineKind::PartnerProduct => Some("cart.partnerProduct"),
        LineKind::Subscription => Some("cart.subscription"),
    }
}

/// Everything the mini cart shows.
#[derive(Clone, Debug, PartialEq, Eq, Json)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MiniCartView {
    pub status: MiniCartStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub load_error: Option<CartMessage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub change_error: Option<CartMessage>,
    pub item_count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", tsify(optional))]
    pub badge: Option<String>,
    pub total_sum: String,
    pub lines: Vec<LineView>,
    pub summary: Vec<SummaryRow>,
    pub defective_banner: bool,
    pub checkout_enabled: bool,
    pub checkout_url: String,
    pub cart_url: String,
    pub continue_shopping_url: String,
}

fn line_view(line: &CartLine, site: Site, deleted: Option<&DeletedLine>, now: f64) -> LineView {
    let mut view = LineView {
        key: line.key.clone(),
        list: line.list,
        kind: line.item.kind(),
        defective: line.list.defective(),
        title: String::new(),
        image_url: String::new(),
        link_url: String::new(),
        quantity: line.item.pieces(),
        quantity_shown: !matches!(line.item, CartItem::Subscription(_)),
        dimensions: Vec::new(),
        price_lines: Vec::new(),
        free: matches!(line.item, CartItem::FreeArticle(_)),
        subscription_articles: Vec::new(),
        removal_event: if matches!(line.item, CartItem::Subscription(_)) {
            crate::tracking::ShopEvent::SubscriptionRemoval
        } else {
            crate::tracking::ShopEvent::ProductRemoval
        },
        subscription_tracking: None,
        availability_note: None,
        defective_hint: defective_hint(line.list),
        delete_disabled: delete_disabled(line),
        deleted: deleted.is_some_and(|d| d.phase != DeletionPhase::Restoring),
        undo_available: deleted.is_some_and(|d| {
            d.phase == DeletionPhase::Removed && now - d.deleted_at < DELETED_ITEM_WINDOW_MS
        }),
        busy: deleted.is_some_and(|d| d.phase != DeletionPhase::Removed),
    };
    match &line.item {
        CartItem::Article(a)
        | CartItem::FreeArticle(a)
        | CartItem::GiftCard(GiftCard { article: a }) => {
            view.title = a.title.clone();
            view.image_url = a.image_url.clone();
            view.link_url = a.product_url.clone();
            view.dimensions = a.dimensions.iter().map(dimension_view).collect();
            view.price_lines = price_view(&a.price, site);
            view.availability_note = availability_note(a.availability);
        }
        CartItem::PartnerProduct(p) => {
            view.title = p.title.clone();
            view.image_url = p.image_url.clone();
            view.link_url = p.form_url.clone();
            view.price_lines = vec![PriceLine::Current {
                amount: format_price(p.total_price, site),
                promotional: false,
            }];
        }
        CartItem::Subscription(s) => {
            view.subscription_tracking = Some(s.tracking());
            view.subscription_articles = s
                .recurring_articles
                .iter()
                .map(|a| (a, true))
                .chain(s.non_recurring_articles.iter().map(|a| (a, false)))
                .map(|(a, recurring)| SubscriptionArticleView {
                    title: a.title.clone(),
                    quantity: a.quantity,
                    image_url: a.image_url.clone(),
                    product_url: a.product_url.clone(),
                    price: format_price(a.price, site),
                    recurring,
                })
                .collect();
            if let Some(first) = view.subscription_articles.first() {
                view.title = first.title.clone();
                view.image_url = first.image_url.clone();
                view.link_url = first.product_url.clone();
            }
        }
    }
    // Links and images from the service are shown only when safe (no `javascript:` and the
    // like); an unsafe one is empty and the tile shows no link or image.
    let safe = |url: &mut String| *url = safe_url(url).unwrap_or_default();
    safe(&mut view.link_url);
    safe(&mut view.image_url);
    for article in &mut view.subscription_articles {
        safe(&mut article.product_url);
        safe(&mut article.image_url);
    }
    view
}

/// Where a line shows: its list's place in `ItemList::ALL`, its position, and whether it is
/// live (a deleted line comes before the live line now at its old position).
type LinePlace = (Option<usize>, u32, bool);

/// The views ordered by (list, position, deleted before live), ties in their given order: a
/// heap sort of packed keys, each holding its view's index, so the order is stable. (The
/// standard library's stable sort would bring 3.5 KB of code to the browser build for this one
/// use.)
fn in_order(shown: Vec<(LinePlace, LineView)>) -> Vec<LineView> {
    const INDEX_BITS: u32 = 27;
    let mut keys: Vec<u64> = shown
        .iter()
        .enumerate()
        .map(|(index, ((list, position, live), _))| {
            let list = list.map_or(0, |list| list as u64 + 1);
            (list << 60)
                | (u64::from(*position) << 28)
                | (u64::from(*live) << INDEX_BITS)
                | (index as u64 & ((1 << INDEX_BITS) - 1))
        })
        .collect();
    heap_sort(&mut keys);
    let mut views: Vec<Option<LineView>> = shown.into_iter().map(|(_, view)| Some(view)).collect();
    keys.iter()
        .filter_map(|key| {
            let index = (key & ((1 << INDEX_BITS) - 1)) as usize;
            views.get_mut(index).and_then(Option::take)
        })
        .collect()
}

/// The price summary a cart shows: its own, or, when the service sent none, one from the cart's
/// own `shippingCost` and `paymentOnDeliveryCost` (header spec section 3: both are cart fields
/// too), so the shipping row, the fee row and the total with its VAT note still show. A cart
/// with neither says nothing about shipping, and shows no summary.
fn shown_summary(cart: &Cart) -> Option<PriceSummary> {
    if let Some(summary) = &cart.price_summary {
        return Some(summary.clone());
    }
    if cart.shipping_cost.is_none() && cart.payment_on_delivery_cost.is_none() {
        return None;
    }
    let shipping = cart.shipping_cost.unwrap_or(0);
    let fee = cart.payment_on_delivery_cost.unwrap_or(0);
    Some(PriceSummary {
        cart_final_sum: cart.total_sum.saturating_add(shipping).saturating_add(fee),
        shipping_costs: shipping,
        payment_on_delivery_costs: fee,
        ..PriceSummary::default()
    })
}

/// What the mini cart shows for a state on a site at `now`. Deleted lines appear where they
/// were, struck through, for their window.
pub fn mini_cart_view(state: &MiniCartState, site: Site, now: f64) -> MiniCartView {
    let now = finite(now);
    let empty = Cart::default();
    let cart = state.cart.as_ref().unwrap_or(&empty);
    // Live lines at their position; a deleted line where it was, before the live line that
    // now holds its old position in the same list.
    let list_order = |list: ItemList| ItemList::ALL.iter().position(|l| *l == list);
    let live = cart_lines(cart).into_iter().map(|line| {
        let restoring = state.deleted.iter().find(|d| d.line.key == line.key);
        let order = (list_order(line.list), line.position, true);
        (order, line_view(&line, site, restoring, now))
    });
    let deleted = state
        .deleted
        .iter()
        .filter(|d| d.phase != DeletionPhase::Restoring)
        .map(|d| {
            let order = (list_order(d.line.list), d.line.position, false);
            (order, line_view(&d.line, site, Some(d), now))
        });
    let shown: Vec<_> = live.chain(deleted).collect();
    let lines = in_order(shown);

    let status = match (&state.cart, state.load_error) {
        (None, None) => MiniCartStatus::Loading,
        (None, Some(_)) => MiniCartStatus::LoadError,
        (Some(cart), _) if cart_non_empty(cart) || !lines.is_empty() => MiniCartStatus::Filled,
        (Some(_), _) => MiniCartStatus::Empty,
    };
    let count = item_count(state);
    MiniCartView {
        status,
        load_error: state.load_error.map(load_error_message),
        change_error: state.change_error.map(ShownChangeError::message),
        item_count: count,
        badge: badge_text(i64::from(count)),
        total_sum: format_price(cart.total_sum, site),
        lines,
        summary: shown_summary(cart)
            .map(|summary| summary_view(&summary, site))
            .unwrap_or_default(),
        defective_banner: defective_banner(cart),
        checkout_enabled: checkout_enabled(state.cart.as_ref()),
        checkout_url: checkout_url(cart).to_owned(),
        cart_url: CART_PAGE_URL.to_owned(),
        continue_shopping_url: CONTINUE_SHOPPING_URL.to_owned(),
    }
}

pub mod service;

#[cfg(test)]
mod tests;
