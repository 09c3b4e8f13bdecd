//! A scene's release bundle: the library, whose start and exports are the
//! bundle's (src/lib.rs `release_start`), and the flags that say which
//! scene it plays (src/params/scene.rs `built_in`) and whether it opens
//! the levels (src/levels/mod.rs `built_in`), from the build's
//! environment: `KAFKA_LAB_BUNDLE_SCENE=pipeline`, and
//! `KAFKA_LAB_BUNDLE_LEVELS=1` for a scene's levels' bundle, `0` for its
//! page's (build/bundles.mjs). Cargo compiles this crate again when either
//! variable changes, and the library not. Built without them, the bundle
//! has every scene and opens the levels: the whole app.

pub use kafka_ordering_lab;

#[export_name = "kafka_lab_bundle_levels"]
pub static LEVELS: bool = match option_env!("KAFKA_LAB_BUNDLE_LEVELS") {
    Some(value) => matches!(value.as_bytes(), b"1"),
    None => true,
};

const SCENE: Option<&str> = option_env!("KAFKA_LAB_BUNDLE_SCENE");

/// One flag per scene of the library's registry, true for the scene named.
macro_rules! scene_flags {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        $(#[export_name = concat!("kafka_lab_bundle_scene_", $id)]
        pub static $variant: bool = match SCENE {
            Some(name) => same(name, $id),
            None => true,
        };)*
        // A name that is no scene's fails the build.
        const _: () = assert!(
            match SCENE {
                Some(name) => false $(|| same(name, $id))*,
                None => true,
            },
            "KAFKA_LAB_BUNDLE_SCENE names no scene"
        );
    };
}
kafka_ordering_lab::for_each_scene!(scene_flags);

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
