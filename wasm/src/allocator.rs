//! The browser build's memory allocator (ADR 0011): power-of-two size classes, one free list
//! per class, fresh blocks cut from pages the module grows. About 1 KB of code where the
//! standard library's dlmalloc is about 8 KB, for a module whose allocations are short-lived
//! strings and trees of one call. Blocks are never split or merged, so a freed block serves the
//! next request of its class; memory is never given back (dlmalloc does not either in wasm).
//!
//! The logic is generic over where pages come from, so native tests drive it over an arena.

use core::cell::UnsafeCell;

/// The smallest block: room for the free list's link and any alignment up to 16.
const SMALLEST_CLASS: u32 = 4;
/// The largest block, 1 GiB; larger requests fail (the module's memory is at most 4 GiB).
const LARGEST_CLASS: u32 = 30;
const CLASSES: usize = (LARGEST_CLASS + 1) as usize;
/// The size of a WebAssembly page.
pub const PAGE: usize = 65_536;

/// Where fresh pages come from: `grow(pages)` returns the address of the first new page (the
/// old end of memory), or `None` when memory cannot grow.
pub trait Pages {
    fn grow(&mut self, pages: usize) -> Option<usize>;
}

/// The allocator's state: a free list per class and the unused rest of the last pages.
pub struct SizeClasses<P> {
    free: [usize; CLASSES],
    next: usize,
    end: usize,
    pages: P,
}

/// The class of a request: the exponent of the power of two that holds both its size and its
/// alignment, or `None` when it is larger than the largest class.
fn class_of(size: usize, align: usize) -> Option<u32> {
    let block = size
        .max(align)
        .max(1 << SMALLEST_CLASS)
        .checked_next_power_of_two()?;
    let class = block.trailing_zeros();
    (class <= LARGEST_CLASS).then_some(class)
}

impl<P: Pages> SizeClasses<P> {
    pub const fn new(pages: P) -> Self {
        SizeClasses {
            free: [0; CLASSES],
            next: 0,
            end: 0,
            pages,
        }
    }

    /// A block for `size` bytes aligned to `align` (a power of two), or null.
    ///
    /// # Safety
    /// The memory `pages` hands out must be owned by this allocator alone.
    pub unsafe fn allocate(&mut self, size: usize, align: usize) -> *mut u8 {
        // Blocks are aligned to at most a page (what memory.grow gives); no type of the core
        // asks for more, and a request that did gets null rather than a misaligned block.
        if align > PAGE {
            return core::ptr::null_mut();
        }
        let Some(class) = class_of(size, align) else {
            return core::ptr::null_mut();
        };
        let slot = class as usize;
        let head = self.free.get(slot).copied().unwrap_or(0);
        if head != 0 {
            // SAFETY: a free block holds the address of the next free block of its class in
            // its first word (written by `release`), and blocks are at least 16 bytes.
            let after = unsafe { (head as *const usize).read() };
            if let Some(entry) = self.free.get_mut(slot) {
                *entry = after;
            }
            return head as *mut u8;
        }
        self.cut(1usize << class)
    }

    /// A fresh block of `block` bytes (a power of two) aligned to its own size, from the rest of
    /// the last pages or from new ones.
    fn cut(&mut self, block: usize) -> *mut u8 {
        // Blocks are aligned to their size (to a page above that), so any alignment up to the
        // size is met; `allocate` refuses alignments beyond a page.
        let align = block.min(PAGE);
        loop {
            let Some(start) = self.next.checked_add(align - 1).map(|n| n & !(align - 1)) else {
                return core::ptr::null_mut();
            };
            let Some(stop) = start.checked_add(block) else {
                return core::ptr::null_mut();
            };
            if self.end != 0 && stop <= self.end {
                self.next = stop;
                return start as *mut u8;
            }
            let short = if self.end == 0 {
                block
            } else {
                stop - self.end
            };
            let wanted = short.div_ceil(PAGE);
            let Some(first) = self.pages.grow(wanted) else {
                return core::ptr::null_mut();
            };
            if first != self.end {
                // Not contiguous with what was left (or the very first pages): start afresh
                // there; the rest of the old pages is given up.
                self.next = first;
            }
            // At the very top of a 4 GiB memory the end is not representable: give up there.
            let Some(end) = wanted
                .checked_mul(PAGE)
                .and_then(|bytes| first.checked_add(bytes))
            else {
                return core::ptr::null_mut();
            };
            self.end = end;
        }
    }

    /// Gives a block back to its class's free list.
    ///
    /// # Safety
    /// `pointer` must come from `allocate` or `resize` of this allocator with the same size and
    /// alignment, and must not be used afterwards.
    pub unsafe fn release(&mut self, pointer: *mut u8, size: usize, align: usize) {
        let Some(class) = class_of(size, align) else {
            return;
        };
        if let Some(head) = self.free.get_mut(class as usize) {
            // SAFETY: the block is ours, at least 16 bytes and aligned for a usize.
            unsafe { (pointer as *mut usize).write(*head) };
            *head = pointer as usize;
        }
    }

    /// The block `pointer` grown or shrunk to `new_size`: the same block while the class stays
    /// the same, else a new block holding the old contents.
    ///
    /// # Safety
    /// As for `release`; on success the old pointer must not be used afterwards.
    pub unsafe fn resize(
        &mut self,
        pointer: *mut u8,
        size: usize,
        align: usize,
        new_size: usize,
    ) -> *mut u8 {
        let class = class_of(size, align);
        if class.is_some() && class == class_of(new_size, align) {
            return pointer;
        }
        // SAFETY: the caller's contract is `allocate`'s and `release`'s.
        unsafe {
            let moved = self.allocate(new_size, align);
            if !moved.is_null() {
                core::ptr::copy_nonoverlapping(pointer, moved, size.min(new_size));
                self.release(pointer, size, align);
            }
            moved
        }
    }
}

/// The WebAssembly module's own memory.
pub struct ModuleMemory;

impl Pages for ModuleMemory {
    #[cfg(target_arch = "wasm32")]
    fn grow(&mut self, pages: usize) -> Option<usize> {
        let old = core::arch::wasm32::memory_grow(0, pages);
        (old != usize::MAX).then(|| old * PAGE)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn grow(&mut self, _pages: usize) -> Option<usize> {
        None
    }
}

/// The global allocator of the browser build. The module is single-threaded (no shared
/// memory, no atomics), so the state is never touched by two callers at once.
pub struct Allocator(UnsafeCell<SizeClasses<ModuleMemory>>);

// SAFETY: wasm32-unknown-unknown without the atomics feature runs on one thread.
unsafe impl Sync for Allocator {}

impl Allocator {
    pub const fn new() -> Self {
        Allocator(UnsafeCell::new(SizeClasses::new(ModuleMemory)))
    }
}

impl Default for Allocator {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: blocks are distinct until released, aligned to at least the layout's alignment, and
// at least the layout's size (the size classes above).
unsafe impl core::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: core::alloc::Layout) -> *mut u8 {
        unsafe { (*self.0.get()).allocate(layout.size(), layout.align()) }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: core::alloc::Layout) {
        unsafe { (*self.0.get()).release(pointer, layout.size(), layout.align()) }
    }

    unsafe fn realloc(
        &self,
        pointer: *mut u8,
        layout: core::alloc::Layout,
        new_size: usize,
    ) -> *mut u8 {
        unsafe { (*self.0.get()).resize(pointer, layout.size(), layout.align(), new_size) }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use super::*;
    use proptest::prelude::*;

    /// Pages from a fixed arena, as memory.grow hands them out (page-aligned, contiguous).
    struct Arena {
        base: usize,
        used: usize,
        limit: usize,
        _memory: Vec<u8>,
    }

    impl Arena {
        fn new(pages: usize) -> Arena {
            let memory = vec![0u8; (pages + 1) * PAGE];
            let start = memory.as_ptr() as usize;
            let base = start.div_ceil(PAGE) * PAGE;
            Arena {
                base,
                used: 0,
                limit: pages,
                _memory: memory,
            }
        }
    }

    impl Pages for Arena {
        fn grow(&mut self, pages: usize) -> Option<usize> {
            (self.used + pages <= self.limit).then(|| {
                let first = self.base + self.used * PAGE;
                self.used += pages;
                first
            })
        }
    }

    #[test]
    fn classes_hold_size_and_alignment() {
        assert_eq!(class_of(1, 1), Some(4));
        assert_eq!(class_of(16, 8), Some(4));
        assert_eq!(class_of(17, 1), Some(5));
        assert_eq!(class_of(8, 64), Some(6));
        assert_eq!(class_of(1 << 30, 1), Some(30));
        assert_eq!(class_of((1 << 30) + 1, 1), None);
        assert_eq!(class_of(usize::MAX, 1), None);
    }

    #[test]
    fn a_freed_block_serves_the_next_request_of_its_class() {
        let mut heap = SizeClasses::new(Arena::new(4));
        unsafe {
            let a = heap.allocate(100, 8);
            let b = heap.allocate(100, 8);
            assert_ne!(a, b);
            heap.release(a, 100, 8);
            assert_eq!(heap.allocate(120, 4), a);
            // Another class does not take it.
            heap.release(b, 100, 8);
            assert_ne!(heap.allocate(300, 8), b);
        }
    }

    #[test]
    fn growing_within_the_class_keeps_the_block_and_beyond_moves_the_contents() {
        let mut heap = SizeClasses::new(Arena::new(4));
        unsafe {
            let a = heap.allocate(20, 1);
            core::ptr::copy_nonoverlapping(b"twenty bytes of text".as_ptr(), a, 20);
            assert_eq!(heap.resize(a, 20, 1, 32), a);
            let moved = heap.resize(a, 32, 1, 33);
            assert_ne!(moved, a);
            assert_eq!(
                core::slice::from_raw_parts(moved, 20),
                b"twenty bytes of text"
            );
        }
    }

    #[test]
    fn large_blocks_take_new_pages_and_exhaustion_is_null_not_a_crash() {
        let mut heap = SizeClasses::new(Arena::new(3));
        unsafe {
            let big = heap.allocate(2 * PAGE, 8);
            assert!(!big.is_null());
            assert_eq!(big as usize % PAGE, 0);
            assert!(heap.allocate(2 * PAGE, 8).is_null());
            assert!(heap.allocate(1 << 31, 8).is_null());
            // Alignment beyond a page cannot be met: null, never a misaligned block.
            assert!(heap.allocate(8, 2 * PAGE).is_null());
            // A small request still gets the last page.
            assert!(!heap.allocate(64, 8).is_null());
        }
    }

    #[derive(Debug, Clone)]
    enum Step {
        Allocate { size: usize, align_log: u32 },
        Release { which: usize },
        Resize { which: usize, size: usize },
    }

    fn step() -> impl Strategy<Value = Step> {
        let size = prop_oneof![1usize..64, 64usize..4096, 4096usize..70_000];
        prop_oneof![
            4 => (size.clone(), 0u32..7).prop_map(|(size, align_log)| Step::Allocate { size, align_log }),
            2 => any::<usize>().prop_map(|which| Step::Release { which }),
            2 => (any::<usize>(), size).prop_map(|(which, size)| Step::Resize { which, size }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Any sequence of requests: every live block is aligned, lies in the arena, overlaps no
        /// other live block and keeps what was written into it until it is released.
        #[test]
        fn live_blocks_are_aligned_disjoint_and_keep_their_contents(steps in prop::collection::vec(step(), 1..120)) {
            let mut heap = SizeClasses::new(Arena::new(64));
            let (low, high) = (heap.pages.base, heap.pages.base + 64 * PAGE);
            // (pointer, size, align, fill byte)
            let mut live: Vec<(usize, usize, usize, u8)> = Vec::new();
            let mut fill = 0u8;
            for step in steps {
                unsafe {
                    match step {
                        Step::Allocate { size, align_log } => {
                            let align = 1usize << align_log;
                            let pointer = heap.allocate(size, align);
                            if pointer.is_null() { continue; }
                            fill = fill.wrapping_add(1);
                            core::ptr::write_bytes(pointer, fill, size);
                            live.push((pointer as usize, size, align, fill));
                        }
                        Step::Release { which } if !live.is_empty() => {
                            let (pointer, size, align, _) = live.swap_remove(which % live.len());
                            heap.release(pointer as *mut u8, size, align);
                        }
                        Step::Resize { which, size } if !live.is_empty() => {
                            let index = which % live.len();
                            let (pointer, old, align, byte) = live[index];
                            let moved = heap.resize(pointer as *mut u8, old, align, size);
                            if moved.is_null() { continue; }
                            let kept = old.min(size);
                            prop_assert!(core::slice::from_raw_parts(moved, kept).iter().all(|b| *b == byte));
                            core::ptr::write_bytes(moved, byte, size);
                            live[index] = (moved as usize, size, align, byte);
                        }
                        _ => {}
                    }
                }
                let mut spans: Vec<(usize, usize)> = live.iter().map(|(p, s, _, _)| (*p, p + s)).collect();
                spans.sort_unstable();
                for pair in spans.windows(2) {
                    prop_assert!(pair[0].1 <= pair[1].0, "blocks overlap: {:?}", pair);
                }
                for (pointer, size, align, byte) in &live {
                    prop_assert_eq!(pointer % align, 0);
                    prop_assert!(*pointer >= low && pointer + size <= high);
                    let bytes = unsafe { core::slice::from_raw_parts(*pointer as *const u8, *size) };
                    prop_assert!(bytes.iter().all(|b| b == byte));
                }
            }
        }
    }
}
