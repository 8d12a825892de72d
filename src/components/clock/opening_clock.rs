use laws::game::Side;
use leptos::prelude::*;

use crate::listing::{Listing, RestingClock};
use crate::text::laws_text;

/// A clock at rest opened cold: its faces as they stood when the game was
/// saved, laid out as the clock lays them, shown while the clock's module
/// comes (`opening` in `src/app.rs`). Nothing here can be pressed: at rest,
/// a press changes nothing, and the clock's own screen takes over in a
/// moment.
#[component]
pub fn OpeningClock(listing: Listing, clock: RestingClock, line: &'static str) -> impl IntoView {
    let face = |side: Side, name: String, time: String| {
        view! {
            <div class="clock-face">
                <span class="face-player">{laws_text::side::side(side)} " · " {name}</span>
                <span class="face-time" role="timer">{time}</span>
            </div>
        }
    };
    view! {
        <div class="clock-screen flat" class:swapped=clock.swapped>
            <div class="clock-half black-half">{face(Side::Black, listing.black, clock.black)}</div>
            <div class="clock-bar">
                <p class="opening">{line}</p>
            </div>
            <div class="clock-half white-half">{face(Side::White, listing.white, clock.white)}</div>
        </div>
    }
}
