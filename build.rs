//! The app's wasm keeps its relocations, which `wasm-split-cli` needs to
//! split the screens into modules of their own (`scripts/split-app`).
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bin=arbiter=--emit-relocs");
    }
}
