//! Dates as the browser's `datetime-local` inputs give them, read in the
//! tablet's time zone.

/// Milliseconds since the epoch of a `datetime-local` value, read in the
/// tablet's time zone; `None` when empty or not a date.
pub fn local_datetime_ms(text: &str) -> Option<u64> {
    if text.trim().is_empty() {
        return None;
    }
    let ms = js_sys::Date::new(&wasm_bindgen::JsValue::from_str(text.trim())).get_time();
    (ms.is_finite() && ms >= 0.0).then_some(ms as u64)
}
