//! Sorting without the standard library's sorts, which bring 3.4-3.5 KB of code each to the
//! browser build: one heap sort, O(n log n) and without allocating, for every caller.

/// Sorts in place, ascending, in O(n log n) and without allocating.
pub(crate) fn heap_sort(keys: &mut [u64]) {
    sort_by(keys, |a, b| a < b);
}

/// Sorts in place by `less`, a heap sort: O(n log n) and without allocating; not stable (a
/// caller wanting ties in their given order makes the index part of what `less` compares).
pub(crate) fn sort_by<T>(items: &mut [T], less: impl Fn(&T, &T) -> bool) {
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
