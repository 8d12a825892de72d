//! A published round's results: each board, its game's standing and its
//! result in the pairing program's codes; on the tablet that published
//! it, the program's file with the results written back, to download.

use laws::game::Game;
use leptos::prelude::*;

use crate::components::event::round_players::{ByesList, player_words};
use crate::event::archive::{archive, read_games};
use crate::event::couch::record;
use crate::event::round::Round;
use crate::event::round_results::{
    archived_of, board_list, codes, file_with_results, round_pgn, round_results,
};
use crate::platform::files::{download, download_bytes};
use crate::state::AppState;
use crate::{t, tf};

#[component]
pub fn RoundResultsTable(round: Round) -> impl IntoView {
    let state = expect_context::<AppState>();
    let round = StoredValue::new(round);
    let archived = archive();
    let results = Memo::new({
        let archived = archived.clone();
        move |_| {
            state.games.with(|games| {
                archived.with(|archived| {
                    round.with_value(|round| round_results(round, games, archived))
                })
            })
        }
    });
    let number = round.with_value(|r| r.round);
    let trf = Memo::new(move |_| {
        record().with(|r| {
            let encoding = r.trf_encoding.get(&number).copied().unwrap_or_default();
            r.trf.get(&number).map(|text| (text.clone(), encoding))
        })
    });
    let export = move |_| {
        let Some((text, encoding)) = trf.get_untracked() else {
            return;
        };
        let written = round.with_value(|round| {
            results.with_untracked(|results| file_with_results(&text, round, results))
        });
        match written {
            Ok((text, unfinished)) => {
                let name = format!("round-{number}-results.trf");
                if let Err(e) = download_bytes(&name, "text/plain", &encoding.encode(&text)) {
                    state.warn(e);
                } else if unfinished.is_empty() {
                    state.tell(tf!(
                        "Saved as {name}: every board's result is in it.",
                        "Zapisano jako {name}: jest w nim wynik każdej szachownicy."
                    ));
                } else {
                    let boards = board_list(&unfinished);
                    state.warn(tf!(
                        "Saved as {name}, but the round is not finished: board(s) {boards} have no result yet and are left blank.",
                        "Zapisano jako {name}, ale runda nie jest zakończona: szachownice {boards} nie mają jeszcze wyniku i pozostają puste."
                    ));
                }
            }
            Err(e) => state.warn(e),
        }
    };
    let save_pgn = move |_| {
        // The round's archived games are read back from the journal first.
        let ids: Vec<String> = round.with_value(|round| {
            archived.with_untracked(|archived| {
                round
                    .boards
                    .iter()
                    .filter_map(|board| archived_of(round, board, archived))
                    .map(|a| a.id.clone())
                    .collect()
            })
        });
        leptos::task::spawn_local(async move {
            let (mut games, _) = read_games(&ids).await;
            state
                .games
                .with_untracked(|live| games.extend(live.iter().cloned()));
            save_round_pgn(state, round, &games);
        });
    };
    view! {
        <table class="round-boards">
            <caption>{move || round.with_value(|r| tf!("Round {}: {}", "Runda {}: {}", r.round, r.event.clone()))}</caption>
            <thead><tr>
                <th>{t!("Board", "Szachownica")}</th>
                <th>{t!("White", "Białe")}</th>
                <th>{t!("Black", "Czarne")}</th>
                <th>{t!("Result", "Wynik")}</th>
                <th>{t!("Where it stands", "Stan")}</th>
            </tr></thead>
            <tbody>
                <For each=move || results.get() key=|r| (r.board.number, r.result.map(codes), r.standing.clone()) let:r>
                    <tr data-board=r.board.number>
                        <td>{r.board.number}</td>
                        <td>{player_words(&r.board.white)}</td>
                        <td>{player_words(&r.board.black)}</td>
                        <td>{r.result.map(codes).unwrap_or_default()}</td>
                        <td>{r.standing.clone()}</td>
                    </tr>
                </For>
            </tbody>
        </table>
        <ByesList byes=round.with_value(|r| r.byes.clone()) />
        <div class="actions">
            <button type="button" class="button" on:click=save_pgn>
                {tf!("Download round {number}'s games (PGN)", "Pobierz partie rundy {number} (PGN)")}
            </button>
            <Show when=move || trf.with(Option::is_some)>
                <button type="button" class="button" on:click=export>
                    {tf!("Download the pairing program's file with round {number}'s results", "Pobierz plik programu kojarzącego z wynikami rundy {number}")}
                </button>
            </Show>
        </div>
    }
}

/// Downloads `round`'s games, found among `games`, as one PGN file.
fn save_round_pgn(state: AppState, round: StoredValue<Round>, games: &[Game]) {
    let (text, missing) = round.with_value(|round| round_pgn(round, games));
    let number = round.with_value(|r| r.round);
    let name = format!("round-{number}.pgn");
    if let Err(e) = download(&name, "application/x-chess-pgn", &text) {
        state.warn(e);
    } else if missing.is_empty() {
        state.tell(tf!("Saved as {name}.", "Zapisano jako {name}."));
    } else {
        let boards = board_list(&missing);
        state.tell(tf!(
            "Saved as {name}; board(s) {boards} have no game on this tablet yet.",
            "Zapisano jako {name}; szachownice {boards} nie mają jeszcze partii na tym tablecie."
        ));
    }
}
