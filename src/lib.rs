//! Arbiter, the web app: screens over the `laws` core. No chess rules here —
//! every verdict comes from `laws`; this crate renders derived state, routes,
//! and keeps the records in the browser.

pub mod adjourning;
pub mod alerts;
pub mod analyser;
pub mod analysis;
pub mod app;
pub mod arbiter_keys;
pub mod backup;
pub mod clock_reading;
pub mod components;
pub mod couch;
pub mod event_docs;
pub mod files;
pub mod game_link;
pub mod i18n;
pub mod join_code;
pub mod laws_text;
pub mod listing;
pub mod pages;
pub mod printing;
pub mod qr;
pub mod route;
pub mod state;
pub mod storage;
pub mod sync;
pub mod task;
pub mod update;
pub mod wake_lock;
