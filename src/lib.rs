//! Arbiter, the web app: screens over the `laws` core. No chess rules here —
//! every verdict comes from `laws`; this crate renders derived state, routes,
//! and keeps the records in the browser.

pub mod adjournment_view;
pub mod app;
pub mod arbiter_keys;
pub mod arbiter_lock;
pub mod backup;
pub mod components;
pub mod event;
pub mod game_link;
pub mod listing;
pub mod pages;
pub mod platform;
pub mod route;
pub mod state;
pub mod storage;
pub mod text;
pub mod worker;
