use laws::game::{Player, Setup};
use leptos::prelude::*;

/// The time controls offered on the form (PGN `TimeControl` notation).
const TIME_CONTROLS: &[(&str, &str)] = &[
    ("40/5400+30:1800+30", "Standard: 90 min for 40 moves, then 30 min, 30 s per move"),
    ("5400+30", "Standard: 90 min, 30 s per move"),
    ("900+10", "Rapid: 15 min, 10 s per move"),
    ("180+2", "Blitz: 3 min, 2 s per move"),
];

/// Reads a FIDE ID as typed: empty is none, otherwise digits only.
pub fn parse_fide_id(text: &str) -> Result<Option<u32>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u32>()
        .ok()
        .filter(|id| *id > 0)
        .map(Some)
        .ok_or_else(|| format!("“{text}” is not a FIDE ID: it is a number such as 1503014"))
}

fn fide_id_text(id: Option<u32>) -> String {
    id.map(|id| id.to_string()).unwrap_or_default()
}

/// The game's details, for creating and for correcting a game.
#[component]
pub fn GameForm(initial: Setup, submit_label: &'static str, on_submit: Callback<Setup, Result<(), String>>) -> impl IntoView {
    let event = RwSignal::new(initial.event.clone());
    let site = RwSignal::new(initial.site.clone());
    let round = RwSignal::new(initial.round.clone());
    let board = RwSignal::new(initial.board.clone());
    let white = RwSignal::new(initial.white.name.clone());
    let white_id = RwSignal::new(fide_id_text(initial.white.fide_id));
    let black = RwSignal::new(initial.black.name.clone());
    let black_id = RwSignal::new(fide_id_text(initial.black.fide_id));
    let time_control = RwSignal::new(initial.time_control.clone());
    let error = RwSignal::new(None::<String>);
    let initial_fen = initial.start_fen.clone();

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let setup = (|| {
            Ok::<_, String>(Setup {
                event: event.get_untracked(),
                site: site.get_untracked(),
                round: round.get_untracked(),
                board: board.get_untracked(),
                white: Player { name: white.get_untracked(), fide_id: parse_fide_id(&white_id.get_untracked())? },
                black: Player { name: black.get_untracked(), fide_id: parse_fide_id(&black_id.get_untracked())? },
                time_control: time_control.get_untracked(),
                start_fen: initial_fen.clone(),
            })
        })();
        error.set(setup.and_then(|setup| on_submit.run(setup)).err());
    };

    let text_field = |label: &'static str, name: &'static str, value: RwSignal<String>, required: bool| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    name=name
                    required=required
                    autocomplete="off"
                    prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev))
                />
            </label>
        }
    };

    view! {
        <form class="game-form" on:submit=submit novalidate>
            <fieldset>
                <legend>"Players"</legend>
                {text_field("White", "white", white, true)}
                {text_field("White's FIDE ID (optional)", "white-fide-id", white_id, false)}
                {text_field("Black", "black", black, true)}
                {text_field("Black's FIDE ID (optional)", "black-fide-id", black_id, false)}
            </fieldset>
            <fieldset>
                <legend>"Event"</legend>
                {text_field("Event", "event", event, false)}
                {text_field("Site", "site", site, false)}
                {text_field("Round", "round", round, false)}
                {text_field("Board", "board", board, false)}
            </fieldset>
            <fieldset>
                <legend>"Time control"</legend>
                <label class="field">
                    <span>"Time control"</span>
                    <select name="time-control" on:change=move |ev| time_control.set(event_target_value(&ev))>
                        {TIME_CONTROLS.iter().map(|(code, label)| view! {
                            <option value=*code selected=move || time_control.get() == *code>{*label}</option>
                        }).collect_view()}
                    </select>
                </label>
            </fieldset>
            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button class="button primary" type="submit">{submit_label}</button>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::parse_fide_id;

    #[test]
    fn fide_ids_are_optional_numbers() {
        assert_eq!(parse_fide_id("  "), Ok(None));
        assert_eq!(parse_fide_id(" 1503014 "), Ok(Some(1_503_014)));
        assert!(parse_fide_id("15O3014").unwrap_err().contains("not a FIDE ID"));
        assert!(parse_fide_id("0").is_err());
    }
}
