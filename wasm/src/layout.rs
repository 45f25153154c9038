//! Bindings for `shop_core::layout` (being written).
