//! Sound and vibration for the clock, each optional: a short tick on a
//! press, a long tone when a flag falls.

use std::cell::RefCell;

use web_sys::AudioContext;

thread_local! {
    // One audio context for the page: browsers limit how many there may be.
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Plays a tone of `hz` for `ms`; silent where the browser has no audio.
pub fn beep(hz: f32, ms: f64) {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        let Some(context) = audio.as_ref() else {
            return;
        };
        let (Ok(tone), Ok(volume)) = (context.create_oscillator(), context.create_gain()) else {
            return;
        };
        tone.frequency().set_value(hz);
        volume.gain().set_value(0.25);
        let start = context.current_time();
        let _ = tone
            .connect_with_audio_node(&volume)
            .and_then(|_| volume.connect_with_audio_node(&context.destination()))
            .and_then(|_| tone.start())
            .and_then(|()| tone.stop_with_when(start + ms / 1000.0));
    });
}

/// Vibrates for `ms` where the device can.
pub fn vibrate(ms: u32) {
    let _ = leptos::prelude::window()
        .navigator()
        .vibrate_with_duration(ms);
}
