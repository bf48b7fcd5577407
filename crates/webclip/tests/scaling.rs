//! Hostile shapes scaled ×1 and ×4 through every method that needs no layout and every output
//! format: peak memory (counted by this binary's allocator) and time grow at most linearly and
//! stay within the stated bound. One test, so that no other test's allocations are counted.
//! The layout methods: `webclip-layout`'s `tests/scaling.rs`.

mod hostile;

use webclip::{MethodConfig, Options};

#[global_allocator]
static ALLOCATOR: hostile::Counting = hostile::Counting;

#[test]
fn hostile_shapes_grow_at_most_linearly_in_memory_and_time() {
    let methods: Vec<(&str, Options)> = MethodConfig::NAMES
        .iter()
        .map(|&name| (name, Options::with_method(MethodConfig::named(name).unwrap())))
        .filter(|(_, o)| !o.needs_layout())
        .collect();
    let (failures, worst) = hostile::check(3000, &methods, 3);
    eprintln!("worst: {worst}");
    assert!(failures.is_empty(), "superlinear or over the bound:\n{}", failures.join("\n"));
}
