//! Bindings for `shop_core::price` (being written).
