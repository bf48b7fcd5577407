//! Hostile shapes scaled ×1 and ×4 through the layout methods (laid out by this engine) and
//! every output format: peak memory and time grow at most linearly and stay within the stated
//! bound with layout (`webclip::limits::memory_bound`). One test, so that no other test's
//! allocations are counted.

#[path = "../../webclip/tests/hostile/mod.rs"]
mod hostile;

use std::sync::Arc;
use webclip::{MethodConfig, Options};

#[global_allocator]
static ALLOCATOR: hostile::Counting = hostile::Counting;

#[test]
fn hostile_shapes_laid_out_grow_at_most_linearly_in_memory_and_time() {
    // One method per layout pass (their variants lay out the same way).
    let methods: Vec<(&str, Options)> = ["clg", "clipper"]
        .into_iter()
        .map(|name| {
            let o = Options::with_method(MethodConfig::named(name).unwrap());
            (name, o.layout(Arc::new(webclip_layout::Engine::default())))
        })
        .collect();
    let (failures, worst) = hostile::check(2000, &methods, 2);
    eprintln!("worst: {worst}");
    assert!(failures.is_empty(), "superlinear or over the bound:\n{}", failures.join("\n"));
}
