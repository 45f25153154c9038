//! Bindings for `shop_core::cart` (being written).
