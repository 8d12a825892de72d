use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use laws::clock::{Clock, ClockAction, ClockCorrection, ClockDisplay, FlagFall, rule_flag_fall};
use laws::game::{Event, Game, GameState, Side};
use laws::irregularity::Finding;
use leptos::ev;
use leptos::prelude::*;
use shakmaty::Position;

use crate::components::clock::arbiter_clock_menu::ArbiterClockMenu;
use crate::components::clock::clock_face::{ClockFace, Shown, next_change_in};
use crate::components::clock::flag_ruling::FlagRuling;
use crate::components::clock::turn_to_settle::TurnNotice;
use crate::components::common::confirm_dialog::ConfirmDialog;
use crate::components::common::form_error::FormError;
use crate::components::common::later::Later;
use crate::components::common::pin_dialog::PinDialog;
use crate::components::event::call_button::CallArbiter;
use crate::components::shell::game_over::GameOver;
use crate::pages::not_found::MissingGame;
use crate::platform::alerts::{beep, vibrate};
use crate::platform::wake_lock::keep_screen_awake;
use crate::route::Route;
use crate::state::{AppState, now_ms};
use crate::text::laws_text;
use crate::{t, tf};

/// What a key on a keyboard does to the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyCommand {
    Press(Side),
    PauseOrResume,
}

/// The clock's keys, as documented on the screen: left Shift or A for
/// White, right Shift or L for Black, Space to pause or resume.
pub fn key_command(key: &str, code: &str) -> Option<KeyCommand> {
    match (key, code) {
        (_, "ShiftLeft") | ("a" | "A", _) => Some(KeyCommand::Press(Side::White)),
        (_, "ShiftRight") | ("l" | "L", _) => Some(KeyCommand::Press(Side::Black)),
        (" ", _) | (_, "Space") => Some(KeyCommand::PauseOrResume),
        _ => None,
    }
}

/// What a press on `side`'s half does now: the running side's press is its
/// move; any other tap (the opponent's half, a paused or unstarted clock)
/// does nothing, as on a clock.
fn press_action(running: Option<Side>, side: Side) -> Option<ClockAction> {
    (running == Some(side)).then_some(ClockAction::Press { side })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    Missing,
    Untimed,
    Timed,
}

/// The clock of game `id`, full screen.
#[component]
pub fn ClockPage(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = Memo::new({
        let id = id.clone();
        move |_| state.game(&id)
    });
    // Only a change between these rebuilds the screen, not every press.
    let found = Memo::new(move |_| {
        game.with(|game| match game {
            None => Found::Missing,
            Some(game) if game.clock().is_none() => Found::Untimed,
            Some(_) => Found::Timed,
        })
    });
    move || {
        match found.get() {
        Found::Missing => view! { <MissingGame id=id.clone() /> }.into_any(),
        Found::Untimed => view! {
            <section class="page">
                <h1>{t!("No clock for this game", "Ta partia nie ma zegara")}</h1>
                <p>{t!("Its time control gives the clock no time to run. Choose a time control in the game's details.", "Jej tempo gry nie daje zegarowi czasu do odmierzania. Wybierz tempo gry w danych partii.")}</p>
                <a class="button primary" href=Route::EditGame(id.clone()).href()>{t!("Edit details", "Edytuj dane")}</a>
            </section>
        }
        .into_any(),
        Found::Timed => view! { <ClockScreen id=id.clone() game=game /> }.into_any(),
    }
    }
}

/// A look at the clock waiting for its time (a running face's next second).
type Pending = Arc<Mutex<Option<TimeoutHandle>>>;

/// Sets `now` to the current time whenever what the faces show of `clock`
/// changes, and only then: a running face is looked at again when its next
/// second (tenth in the last twenty seconds) is due, not on every frame, so
/// that the page is idle in between and takes a press at once. A press, a
/// pause or a correction changes `clock`, and the looks start from it.
fn follow_time(
    now: RwSignal<u64>,
    clock: Memo<Option<Clock>>,
    reading: Memo<Option<ClockDisplay>>,
) {
    fn look(
        now: RwSignal<u64>,
        clock: Memo<Option<Clock>>,
        reading: Memo<Option<ClockDisplay>>,
        pending: Pending,
    ) {
        let at = now_ms();
        // Nothing to look at once the screen has gone.
        let (Some(due), Some(shown)) = (
            clock.try_with_untracked(|c| c.as_ref().map(|c| c.display(at))),
            reading.try_with_untracked(|r| Shown::of(*r)),
        ) else {
            return;
        };
        if Shown::of(due) != shown {
            now.set(at);
        }
        let Some(wait) = due.as_ref().and_then(next_change_in) else {
            return;
        };
        let next = pending.clone();
        let handle = set_timeout_with_handle(
            move || look(now, clock, reading, next),
            Duration::from_millis(wait),
        )
        .ok();
        *pending.lock().unwrap_or_else(PoisonError::into_inner) = handle;
    }
    fn cancel(pending: &Pending) {
        if let Some(handle) = pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            handle.clear();
        }
    }
    let pending = Pending::default();
    Effect::new({
        let pending = pending.clone();
        move |_| {
            clock.track();
            cancel(&pending);
            look(now, clock, reading, pending.clone());
        }
    });
    on_cleanup(move || cancel(&pending));
}

/// Shows why the last action was refused, or nothing once one is taken:
/// the line changes only when that does (not on every press).
fn show_problem(problem: RwSignal<Option<String>>, result: &Result<(), String>) {
    let now = result.as_ref().err();
    problem.maybe_update(|shown| {
        let changed = shown.as_ref() != now;
        if changed {
            *shown = now.cloned();
        }
        changed
    });
}

#[component]
fn ClockScreen(id: String, game: Memo<Option<Game>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    // Read from the game as it holds its log folded: a press folds nothing.
    let clock = Memo::new(move |_| game.with(|g| g.as_ref().and_then(Game::clock).cloned()));
    let position = Memo::new(move |_| {
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.fold().ok())
                .map(GameState::position)
                .unwrap_or_default()
        })
    });
    let result = Memo::new(move |_| {
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.fold().ok())
                .and_then(laws_text::game::game_over)
        })
    });
    let turn = Signal::derive(move || {
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.fold().ok())
                .and_then(GameState::turn_to_settle)
        })
    });
    let names = game.with_untracked(|g| {
        g.as_ref()
            .map(|g| (g.setup().white.name.clone(), g.setup().black.name.clone()))
            .unwrap_or_default()
    });
    // The class the core's rulings follow: the game's edition and the
    // competition's own class decide it, not the time control alone.
    let class = game.with_untracked(|g| g.as_ref().and_then(|g| g.fold().ok()).map(|p| p.class()));
    // The control and the Laws the game follows, in sight at the board.
    let rules = game.with_untracked(|g| {
        g.as_ref().map(|g| {
            let setup = g.setup();
            tf!(
                "{} · rulings follow {}",
                "{} · decyzje według: {}",
                laws_text::time_control::time_control(&setup.time_control),
                laws_text::ruleset::edition(setup.ruleset.edition)
            )
        })
    });
    let first_to_move = game.with_untracked(|g| {
        g.as_ref()
            .and_then(|g| g.fold().ok())
            .map_or(Side::White, |p| Side::from(p.start.turn()))
    });

    let now = RwSignal::new(now_ms());
    let reading = Memo::new(move |_| clock.with(|c| c.as_ref().map(|c| c.display(now.get()))));
    follow_time(now, clock, reading);
    let flagged_first = Memo::new(move |_| reading.with(|r| r.and_then(|r| r.flagged_first)));
    let flags = move || reading.with(|r| r.map(|r| (r.white.flag, r.black.flag)));
    let running = move || clock.with(|c| c.as_ref().and_then(|c| c.running_side()));
    let paused = move || clock.with(|c| c.as_ref().is_some_and(|c| c.is_paused()));
    let started = move || clock.with(|c| c.as_ref().is_some_and(|c| c.is_started()));
    keep_screen_awake(Signal::derive(move || running().is_some()));
    // Once the screen is shown, the press readied: measured on a tablet's
    // CPU, the first press took 20–40 ms more than the next ones otherwise.
    // Cleared if the screen goes first: its signals go with it.
    let readied = set_timeout_with_handle(
        {
            let id = id.clone();
            move || {
                // Nothing to ready when the screen has gone.
                let Some(running) =
                    clock.try_with_untracked(|c| c.as_ref().and_then(|c| c.running_side()))
                else {
                    return;
                };
                let press = running.map(|side| Event::Clock(ClockAction::Press { side }));
                state.ready_for(&id, press);
            }
        },
        Duration::ZERO,
    )
    .ok();
    on_cleanup(move || {
        if let Some(readied) = readied {
            readied.clear();
        }
    });

    let upright = RwSignal::new(false);
    let sound = RwSignal::new(false);
    let vibration = RwSignal::new(false);
    let starter = RwSignal::new(first_to_move);
    let confirm_menu = RwSignal::new(false);
    let menu_open = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let claim = RwSignal::new(
        None::<(
            Option<(Option<FlagFall>, Option<FlagFall>)>,
            laws::clock::FlagRuling,
        )>,
    );

    // Stored first (state.apply writes before the signal changes), shown after.
    let act = Callback::new({
        let id = id.clone();
        move |action: ClockAction| {
            let hands_back = matches!(action, ClockAction::Start { .. } | ClockAction::Resume);
            let result = state.apply(&id, Event::Clock(action));
            show_problem(problem, &result);
            if hands_back && result.is_ok() {
                // The game is the players' again: the arbiter's screens close.
                state.lock_arbiter();
            }
            result
        }
    });
    let correct = Callback::new({
        let id = id.clone();
        move |(correction, reason): (ClockCorrection, String)| {
            let result = state.apply(&id, Event::ClockCorrected { correction, reason });
            show_problem(problem, &result);
            result
        }
    });
    let press = Callback::new(move |side: Side| {
        if let Some(action) = press_action(untrack(running), side)
            && act.run(action).is_ok()
        {
            if sound.get_untracked() {
                beep(880.0, 60.0);
            }
            if vibration.get_untracked() {
                vibrate(40);
            }
        }
    });
    let pause_or_resume = move || {
        if untrack(paused) {
            let _ = act.run(ClockAction::Resume);
        } else if untrack(running).is_some() {
            let _ = act.run(ClockAction::Pause);
        }
    };
    let on_key = window_event_listener(ev::keydown, move |e| {
        if menu_open.get_untracked() && e.key() == "Escape" {
            menu_open.set(false);
            return;
        }
        if menu_open.get_untracked()
            || confirm_menu.get_untracked()
            || e.repeat()
            || e.ctrl_key()
            || e.alt_key()
            || e.meta_key()
        {
            return;
        }
        match key_command(&e.key(), &e.code()) {
            Some(KeyCommand::Press(side)) => press.run(side),
            Some(KeyCommand::PauseOrResume) => {
                // Not also a click on the focused button.
                e.prevent_default();
                pause_or_resume();
            }
            None => {}
        }
    });
    on_cleanup(move || on_key.remove());

    // A flag falling while the screen is open is heard, if sound is on.
    Effect::new(move |before: Option<Option<FlagFall>>| {
        let first = flagged_first.get();
        if first.is_some() && before.is_some_and(|b| b.is_none()) {
            if sound.get_untracked() {
                beep(440.0, 900.0);
            }
            if vibration.get_untracked() {
                vibrate(600);
            }
        }
        first
    });

    let ruling = Memo::new(move |_| {
        let first = flagged_first.get()?;
        let ruled_at_once = class.filter(|c| !c.flag_on_claim_only())?;
        clock.with(|c| {
            c.as_ref().map(|c| {
                rule_flag_fall(
                    c,
                    now.get_untracked().max(first.at_ms),
                    &position.get(),
                    ruled_at_once,
                    None,
                )
            })
        })
    });
    // The flag rulings go into the game log: the fold ends the game on them.
    let rule = {
        let id = id.clone();
        move |finding: Finding| {
            let result = state.apply(&id, Event::ruled(finding));
            show_problem(problem, &result);
            result
        }
    };
    let on_confirm = Callback::new({
        let rule = rule.clone();
        move |()| {
            let _ = rule(Finding::FlagSeen);
        }
    });
    let over = Signal::derive(move || result.with(Option::is_some));
    let on_claim = Callback::new(move |claimant: Side| {
        let Some(class) = class else { return };
        let ruling = clock.with_untracked(|c| {
            c.as_ref().map(|c| {
                rule_flag_fall(
                    c,
                    now_ms(),
                    &position.get_untracked(),
                    class,
                    Some(claimant),
                )
            })
        });
        claim.set(ruling.map(|r| (untrack(flags), r)));
        // The claim is ruled by the core and logged: a win on time ends the game (B6-B8).
        let _ = rule(Finding::TimeClaim { claimant });
    });
    // A claim's ruling stands while the flags are as they were when it was made.
    let claim_shown = Signal::derive(move || {
        claim.with(|c| {
            c.as_ref()
                .filter(|(at, _)| *at == flags())
                .map(|(_, r)| r.clone())
        })
    });

    let open_menu = Callback::new(move |()| {
        if untrack(running).is_some() {
            let _ = act.run(ClockAction::Pause);
        }
        menu_open.set(true);
    });
    // Behind the arbiter's PIN when one is set: a player cannot add time.
    let pin_set = state.settings.with_untracked(|s| s.arbiter_pin.is_some());
    let open_with_pin = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        open_menu.run(());
        Ok(())
    });
    let swapped = move || clock.with(|c| c.as_ref().is_some_and(|c| c.halves_swapped()));
    let main_control = move || {
        if result.with(Option::is_some) {
            // The game is over: nothing to start or resume.
            ().into_any()
        } else if !started() {
            let side = starter.get();
            view! {
                <button class="button primary clock-main" on:click=move |_| { let _ = act.run(ClockAction::Start { side }); }>
                    {tf!("Start {}", "Uruchom {}", laws_text::side::clock_of(side))}
                </button>
            }
            .into_any()
        } else if paused() {
            view! { <button class="button primary clock-main" on:click=move |_| pause_or_resume()>{t!("Resume", "Wznów")}</button> }.into_any()
        } else {
            view! { <button class="button clock-main" on:click=move |_| pause_or_resume()>{t!("Pause", "Pauza")}</button> }.into_any()
        }
    };
    let toggle = move |label: &'static str, on: RwSignal<bool>| {
        view! {
            <button class="button toggle" aria-pressed=move || on.get().to_string() on:click=move |_| on.update(|v| *v = !*v)>
                {label}
            </button>
        }
    };
    let (white_name, black_name) = names;
    let calling = id.clone();
    view! {
        <div class="clock-screen" class:swapped=swapped class:upright=upright class:flat=move || !upright.get() class:paused=paused>
            <div class="clock-half black-half">
                <ClockFace side=Side::Black name=black_name reading=reading over=over on_press=press />
            </div>
            <div class="clock-bar">
                <div class="clock-controls">
                    <a class="button" href=Route::Game(id.clone()).href()>{t!("Back to the game", "Wróć do partii")}</a>
                    {main_control}
                    <button class="button" on:click=move |_| confirm_menu.set(true)>{t!("Arbiter…", "Sędzia…")}</button>
                    {toggle(t!("Upright layout", "Układ pionowy"), upright)}
                    {toggle(t!("Sound", "Dźwięk"), sound)}
                    {toggle(t!("Vibration", "Wibracje"), vibration)}
                </div>
                <p class="clock-rules">{rules}</p>
                // What shows only when there is something to settle, in a
                // task after the faces': opened cold, the screen's first
                // task runs all its code for the first time.
                <Later>
                    <Show when=move || !menu_open.get()>
                        <TurnNotice turn=turn />
                    </Show>
                    {
                        let id = id.clone();
                        move || result.get().map(|result| view! { <GameOver result review=id.clone() /> })
                    }
                    <FormError error=problem />
                    <CallArbiter id=calling.clone() />
                    <FlagRuling flagged_first=flagged_first class=class ruling=ruling claim=claim_shown on_claim=on_claim over=over on_confirm=on_confirm />
                </Later>
                <p class="clock-keys">
                    {t!("Keys: ", "Klawisze: ")} <kbd>"A"</kbd> {t!(" or left ", " lub lewy ")} <kbd lang="en">"Shift"</kbd> {t!(" presses White's clock, ", " naciska zegar białych, ")}
                    <kbd>"L"</kbd> {t!(" or right ", " lub prawy ")} <kbd lang="en">"Shift"</kbd> {t!(" presses Black's, ", " naciska zegar czarnych, ")}
                    <kbd>{t!("Space", "Spacja")}</kbd> {t!(" pauses or resumes.", " zatrzymuje lub wznawia.")}
                </p>
            </div>
            <div class="clock-half white-half">
                <ClockFace side=Side::White name=white_name reading=reading over=over on_press=press />
            </div>
            <Later>
            {if pin_set {
                view! { <PinDialog open=confirm_menu title=t!("Arbiter's menu: it pauses the clocks", "Menu sędziego: zatrzymuje zegary") on_pin=open_with_pin /> }.into_any()
            } else {
                view! {
                    <ConfirmDialog
                        open=confirm_menu
                        question=t!("Open the arbiter's menu? It is for the arbiter only; opening it pauses the clocks.", "Otworzyć menu sędziego? Jest tylko dla sędziego; otwarcie zatrzymuje zegary.").to_owned()
                        confirm_label=t!("Open the arbiter's menu", "Otwórz menu sędziego")
                        on_confirm=open_menu
                    />
                }.into_any()
            }}
            <Show when=move || menu_open.get()>
                <ArbiterClockMenu
                    open=menu_open
                    reading=reading
                    started=Signal::derive(started)
                    starter=starter
                    act=act
                    correct=correct
                    turn=turn
                />
            </Show>
            </Later>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_press_each_side_and_space_pauses() {
        let white = Some(KeyCommand::Press(Side::White));
        let black = Some(KeyCommand::Press(Side::Black));
        for (key, code, command) in [
            ("Shift", "ShiftLeft", white),
            ("Shift", "ShiftRight", black),
            ("a", "KeyA", white),
            ("L", "KeyL", black),
            (" ", "Space", Some(KeyCommand::PauseOrResume)),
            ("Enter", "Enter", None),
        ] {
            assert_eq!(key_command(key, code), command, "{key} {code}");
        }
    }

    #[test]
    fn only_the_running_side_can_press() {
        assert_eq!(
            press_action(Some(Side::White), Side::White),
            Some(ClockAction::Press { side: Side::White })
        );
        assert_eq!(press_action(Some(Side::White), Side::Black), None);
        assert_eq!(press_action(None, Side::White), None);
    }
}
