//! Sorting without the standard library's sorts, which bring 3.4-3.5 KB of code each to the
//! browser build: one heap sort, O(n log n) and without allocating, for every caller.

/// Sorts in place, ascending, in O(n log n) and without allocating.
pub(crate) fn heap_sort(keys: &mut [u64]) {
    sort_by(keys, |a, b| a < b);
}

/// Sorts in place by `less`, a heap sort: O(n log n) and without allocating; not stable (a
/// caller wanting ties in their given order makes the index part of what `less` compares).
fn sort_by<T>(items: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let sift_down = |items: &mut [T], mut root: usize, end: usize| {
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                return;
            }
            if let (Some(left), Some(right)) = (items.get(child), items.get(child + 1))
                && child + 1 < end
                && less(left, right)
            {
                child += 1;
            }
            match (items.get(root), items.get(child)) {
                (Some(parent), Some(larger)) if less(parent, larger) => {}
                _ => return,
            }
            items.swap(root, child);
            root = child;
        }
    };
    let len = items.len();
    for root in (0..len / 2).rev() {
        sift_down(items, root, len);
    }
    for end in (1..len).rev() {
        items.swap(0, end);
        sift_down(items, 0, end);
    }
}

/// The indices of `items` ordered by their keys, and among equal keys by index: each key's
/// run of items in their given order. What matching two lists by key, or finding repeated keys,
/// needs without a search per item.
pub(crate) fn indices_by_key<T>(items: &[T], key: impl Fn(&T) -> &str) -> Vec<usize> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_by(&mut order, |a, b| match (items.get(*a), items.get(*b)) {
        (Some(x), Some(y)) => {
            let (x, y) = (key(x), key(y));
            x < y || (x == y && a < b)
        }
        _ => false,
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The sort agrees with the standard library's on any keys.
        #[test]
        fn heap_sort_sorts(mut keys in proptest::collection::vec(any::<u64>(), 0..200)) {
            let mut expected = keys.clone();
            expected.sort_unstable();
            heap_sort(&mut keys);
            prop_assert_eq!(keys, expected);
        }

        /// Indices by key: each key's run in the given order, the runs by key.
        #[test]
        fn indices_by_key_orders_by_key_then_index(keys in proptest::collection::vec("[abc]{0,2}", 0..40)) {
            let mut expected: Vec<usize> = (0..keys.len()).collect();
            expected.sort_by(|a, b| (&keys[*a], a).cmp(&(&keys[*b], b)));
            prop_assert_eq!(indices_by_key(&keys, String::as_str), expected);
        }

        /// The general sort agrees with the standard library's, ties included (pairs whose
        /// second half the comparison leaves out).
        #[test]
        fn sort_by_sorts(mut pairs in proptest::collection::vec((0u8..8, any::<u8>()), 0..200)) {
            let mut expected: Vec<u8> = pairs.iter().map(|pair| pair.0).collect();
            expected.sort_unstable();
            sort_by(&mut pairs, |a, b| a.0 < b.0);
            prop_assert_eq!(pairs.iter().map(|pair| pair.0).collect::<Vec<_>>(), expected);
        }
    }
}
