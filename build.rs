//! The app's wasm keeps its relocations, which `wasm-split-cli` needs to
//! split the screens into modules of their own (`scripts/split-app`), and
//! its data in one segment per symbol: merged in one `.rodata`, the data of
//! several modules, each aligned again, no longer fits where it was, and
//! `wasm-split-cli` leaves all of it, every screen's text, in the main module.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bin=arbiter=--emit-relocs");
        println!("cargo:rustc-link-arg-bin=arbiter=--no-merge-data-segments");
    }
}
