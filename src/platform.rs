//! The browser's services the app uses, each behind a small API: sound and
//! vibration, the screen kept awake, the clipboard, files, dates typed, random bytes, printing, QR codes, yielding to
//! the browser, what is on the screen, and the service worker.

pub mod alerts;
pub mod clipboard;
pub mod files;
pub mod local_time;
pub mod next_task;
pub mod on_screen;
pub mod print;
pub mod qr;
pub mod random;
pub mod service_worker;
pub mod wake_lock;
