//! Writes the built-in level files as the app includes them (src/levels/mod.rs
//! `level_files!`): each without its comments, and with only the sections of the
//! languages this build has (the features `lang-ru`, `lang-en`); and each
//! level's listing alone (src/levels/strip.rs `listing`), which every
//! build lists, and which a bundle without the level's scene opens in
//! place of the whole file (src/levels/mod.rs `file`).
//! The producer's presets (static/presets) are written without their
//! comments too (src/scenes/producer/model/presets.rs `source`).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "src/levels/strip.rs"]
mod strip;

fn main() {
    println!("cargo:rerun-if-changed=src/levels");
    println!("cargo:rerun-if-changed=src/levels/strip.rs");
    println!("cargo:rerun-if-changed=static/presets");
    let keep: Vec<&str> = [
        ("ru", "CARGO_FEATURE_LANG_RU"),
        ("en", "CARGO_FEATURE_LANG_EN"),
    ]
    .into_iter()
    .filter(|(_, feature)| env::var_os(feature).is_some())
    .map(|(lang, _)| lang)
    .collect();
    rewrite("src/levels", "level", "levels", |text, _| {
        strip::strip(text, &keep)
    });
    // What every level lists (src/levels/mod.rs `LISTINGS`).
    rewrite("src/levels", "level", "levels/listing", |text, _| {
        strip::listing(text, &keep)
    });
    // A preset has no sections: `strip` with none to keep drops its
    // comments and blank lines alone.
    rewrite("static/presets", "preset", "presets", |text, _| {
        strip::strip(text, &[])
    });
}

/// Writes each `*.{ext}` file of `dir` into OUT_DIR/`out`, under its own
/// name, as `built` makes it from the file's text.
fn rewrite(dir: &str, ext: &str, out: &str, built: impl Fn(&str, &Path) -> String) {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join(out);
    fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.unwrap_or_else(|e| panic!("{dir}: {e}")).path();
        if path.extension().is_some_and(|e| e == ext) {
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().expect("a file name");
            fs::write(out.join(name), built(&text, &path))
                .unwrap_or_else(|e| panic!("{}: {e}", out.display()));
        }
    }
}
