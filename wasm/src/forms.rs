//! Bindings for `shop_core::forms` (being written).
