//! Bindings for `shop_core::content` (being written).
