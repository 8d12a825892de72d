//! The browser's services the app uses, each behind a small API: sound and
//! vibration, the screen kept awake, files, printing, QR codes, yielding to
//! the browser, and the service worker.

pub mod alerts;
pub mod files;
pub mod next_task;
pub mod print;
pub mod qr;
pub mod service_worker;
pub mod wake_lock;
