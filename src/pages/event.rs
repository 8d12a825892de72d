//! The chief arbiter's screen: every board of the event at a glance.

use std::collections::HashMap;
use std::time::Duration;

use laws::adjournment::Phase;
use laws::clock::Clock;
use laws::game::{Event, Game, Pending, Side, Waiting};
use leptos::prelude::*;

use crate::components::common::pin_dialog::PinDialog;
use crate::components::event::arbiters_panel::ArbitersPanel;
use crate::components::event::broadcast_panel::BroadcastPanel;
use crate::components::event::calls_panel::CallsPanel;
use crate::components::event::rounds_panel::RoundsPanel;
use crate::event::docs::Fork;
use crate::event::sync::{MAX_REFUSED, SyncStatus};
use crate::listing::standing as progress;
use crate::platform::on_screen::OnScreen;
use crate::route::Route;
use crate::state::{AppState, now_ms};
use crate::text::clock_reading::format_clock;
use crate::text::i18n::local_time;
use crate::text::laws_text;
use crate::{t, tf};

/// A board number for ordering: numbers by value, anything else after.
fn board_order(board: &str) -> (u32, String) {
    let board = board.trim().to_owned();
    (board.parse().unwrap_or(u32::MAX), board)
}

/// One board's line of the event screen, folded once per change of its
/// log; the clocks are read from it at each tick.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardLine {
    pub id: String,
    /// The hash of the log's newest entry when the line was folded.
    pub head: Option<String>,
    pub board: String,
    pub round: String,
    pub players: String,
    pub status: String,
    pub move_number: u32,
    /// The clock as the log leaves it.
    pub clock: Option<Clock>,
    /// The envelope's state while the game is adjourned.
    pub envelope: Option<String>,
    /// What waits for the arbiter, as the fold says.
    pub pending: Pending,
    pub rulings: usize,
    /// The article of the last ruling given.
    pub last_ruling: Option<String>,
}

impl BoardLine {
    #[must_use]
    pub fn of(game: &Game) -> BoardLine {
        let setup = game.setup();
        let play = game.fold().ok();
        let clock = play.as_ref().and_then(|p| p.clock.clone());
        let adjourned = play.as_ref().is_some_and(|p| p.adjournment.adjourned());
        BoardLine {
            id: game.id().to_owned(),
            head: game.head().map(str::to_owned),
            board: setup.board.clone(),
            round: setup.round.clone(),
            players: laws_text::side::pairing(&setup.white.name, &setup.black.name),
            status: progress(game),
            move_number: play.as_ref().map_or(1, |p| p.sheet.next_slot().number),
            envelope: play.as_ref().filter(|_| adjourned).map(|p| {
                crate::text::laws_text::adjournment::envelope_status(&p.adjournment).to_owned()
            }),
            pending: play.as_ref().map(|p| p.pending()).unwrap_or_default(),
            last_ruling: play
                .as_ref()
                .and_then(|p| p.rulings.last())
                .map(|applied| laws_text::article::article(applied.ruling.article)),
            clock,
            rulings: game
                .log()
                .iter()
                .filter(|l| matches!(l.event, Event::Ruled { .. }))
                .count(),
        }
    }

    /// The lines of `games` in `round` (every round when empty), ordered by
    /// board. A game whose log has not grown since `before` was made keeps
    /// its line: with 200 boards, a move folds one game, not 200.
    #[must_use]
    pub fn all(games: &[Game], round: &str, before: &[BoardLine]) -> Vec<BoardLine> {
        let before: HashMap<&str, &BoardLine> =
            before.iter().map(|line| (line.id.as_str(), line)).collect();
        let mut lines: Vec<BoardLine> = games
            .iter()
            .filter(|g| round.is_empty() || g.setup().round == round)
            .map(|g| match before.get(g.id()) {
                Some(line) if line.head.as_deref() == g.head() => (*line).clone(),
                _ => BoardLine::of(g),
            })
            .collect();
        lines.sort_by_key(|line| board_order(&line.board));
        lines
    }

    /// `side`'s clock as it reads at `now_ms`; `None` for an untimed game.
    #[must_use]
    pub fn time(&self, side: Side, now_ms: u64) -> Option<String> {
        self.clock
            .as_ref()
            .map(|c| format_clock(c.remaining(side, now_ms)))
    }

    /// White's and Black's clocks as they read at `now_ms`.
    #[must_use]
    pub fn clocks(&self, now_ms: u64) -> [BoardClock; 2] {
        let fallen = self.fallen(now_ms);
        [Side::White, Side::Black].map(|side| BoardClock {
            time: self.time(side, now_ms).unwrap_or_else(|| "—".into()),
            fallen: fallen == Some(side),
        })
    }

    #[must_use]
    pub fn running(&self) -> Option<Side> {
        self.clock
            .as_ref()
            .filter(|c| !c.is_paused())
            .and_then(Clock::running_side)
    }

    /// What waits at `now_ms`, in the arbiter's words.
    #[must_use]
    pub fn waiting(&self, now_ms: u64) -> Vec<String> {
        self.pending.at(now_ms).iter().map(waiting_words).collect()
    }

    /// The side whose flag has fallen by `now_ms`, first.
    #[must_use]
    pub fn fallen(&self, now_ms: u64) -> Option<Side> {
        self.clock
            .as_ref()
            .and_then(|c| c.flagged_first(now_ms))
            .map(|f| f.side)
    }
}

/// One side's clock on the event screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardClock {
    /// The time left; a dash for an untimed game.
    pub time: String,
    pub fallen: bool,
}

/// One thing waiting, in the arbiter's words.
fn waiting_words(waiting: &Waiting) -> String {
    match waiting {
        Waiting::ClockStopped => t!(
            "Clock stopped: a claim or ruling is being dealt with",
            "Zegar zatrzymany: trwa reklamacja lub decyzja"
        )
        .to_owned(),
        Waiting::FlagFallen { side } => tf!(
            "{} flag has fallen: not yet ruled on",
            "Chorągiewka {} opadła: jeszcze bez decyzji",
            laws_text::side::sides(*side)
        ),
        Waiting::IrregularEntry { slot } => tf!(
            "Move {slot} on the scoresheet is not a legal move: a finding to rule on",
            "Posunięcie {slot} w zapisie nie jest prawidłowe: do rozstrzygnięcia"
        ),
        Waiting::ClockAndSheetApart(apart) => tf!(
            "The clock counts {} half-moves, the scoresheet {}: to check",
            "Zegar liczy półruchy: {}, zapis: {}; do sprawdzenia",
            apart.clock,
            apart.sheet
        ),
        Waiting::DrawClaimPostponed => t!(
            "Draw claim (10.2) postponed: the decision waits",
            "Reklamacja remisu (10.2) odroczona: decyzja czeka"
        )
        .to_owned(),
        Waiting::Adjournment { phase } => match phase {
            Phase::Sealing => t!(
                "The move is being sealed (A1a)",
                "Trwa pieczętowanie posunięcia (A1a)"
            ),
            Phase::Sealed => t!("Envelope to verify (A3)", "Koperta do sprawdzenia (A3)"),
            Phase::Resumed => t!("Envelope to open (A7)", "Koperta do otwarcia (A7)"),
            Phase::Missing => t!(
                "Envelope missing: the sealer states his move (A11a)",
                "Brak koperty: zapieczętowujący podaje posunięcie (A11a)"
            ),
            Phase::ReplySealed => t!(
                "Reply sealed: the sealer is awaited (A9c)",
                "Odpowiedź zapieczętowana: czeka się na zapieczętowującego (A9c)"
            ),
            _ => laws_text::adjournment::phase(*phase),
        }
        .to_owned(),
        Waiting::SealedMoveToRecord => t!(
            "The opened move is to be written on the scoresheet (A8)",
            "Otwarte posunięcie czeka na wpis do zapisu (A8)"
        )
        .to_owned(),
    }
}

/// Every board of the event, by board number, live; filtered by round.
#[component]
pub fn EventPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    let round = RwSignal::new(String::new());
    let rounds = Memo::new(move |_| {
        let mut rounds: Vec<String> = state
            .games
            .with(|games| games.iter().map(|g| g.setup().round.clone()).collect());
        rounds.sort();
        rounds.dedup();
        rounds
    });
    let hall_now = hall_tick();
    let on_screen = OnScreen::new("data-game");
    let catching_up = {
        let status = crate::event::couch::status();
        Memo::new(move |_| status.get() == Some(SyncStatus::CatchingUp))
    };
    let lines = Memo::new(move |before: Option<&Vec<BoardLine>>| {
        let chosen = round.get();
        let before = before.map_or(&[][..], Vec::as_slice);
        state
            .games
            .with(|games| BoardLine::all(games, &chosen, before))
    });
    let record = crate::event::couch::record();
    let forks = Memo::new({
        let record = record.clone();
        move |_| record.with(|r| r.forks.clone().into_iter().collect::<Vec<_>>())
    });
    let refused = Memo::new({
        let record = record.clone();
        move |_| record.with(|r| r.refused.clone())
    });
    let set_aside = Memo::new(move |_| record.with(|r| r.set_aside.clone()));
    let download = move |game: Game| {
        let name = format!("arbiter-set-aside-{}-{}.json", game.id(), game.updated_ms());
        let text = crate::backup::export(&[game], now_ms());
        match crate::platform::files::download(&name, "application/json", &text) {
            Ok(()) => state.tell(tf!("Saved as {name}.", "Zapisano jako {name}.")),
            Err(e) => state.warn(e),
        }
    };
    // A board opened as arbiter: the game's screens, behind this tablet's PIN.
    let opening = RwSignal::new(None::<String>);
    let asking_pin = RwSignal::new(false);
    let open_as_arbiter = Callback::new(move |id: String| {
        if state.settings.with_untracked(|s| s.arbiter_pin.is_none()) {
            state.warn(t!(
                "Set the arbiter's PIN in Settings first: a board opens as arbiter only behind it.",
                "Najpierw ustaw PIN sędziego w Ustawieniach: szachownica otwiera się jako sędzia tylko za nim."
            ));
            return;
        }
        opening.set(Some(id));
        asking_pin.set(true);
    });
    let unlock = Callback::new(move |pin: String| {
        state.unlock_arbiter(&pin)?;
        if let Some(id) = opening.get_untracked() {
            crate::route::navigate(&Route::Game(id));
        }
        Ok(())
    });
    view! {
        <section class="page event-page">
            <div class="page-head">
                <h1>{t!("Event", "Turniej")}</h1>
                <label class="field">
                    <span>{t!("Round", "Runda")}</span>
                    <select name="round" on:change=move |ev| round.set(event_target_value(&ev))>
                        <option value="">{t!("Every round", "Wszystkie rundy")}</option>
                        {move || rounds.get().into_iter().map(|r| view! { <option value=r.clone()>{r.clone()}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <CallsPanel />
            <Show when=move || state.settings.with(|s| s.event.is_none())>
                <p>{t!("This tablet is in no event: join one in Settings to see every board.", "Ten tablet nie należy do turnieju: dołącz w Ustawieniach, by widzieć wszystkie szachownice.")}</p>
            </Show>
            <For each=move || forks.get() key=|(id, fork)| (id.clone(), fork.index, fork.branches.len()) let:fork>
                <ForkCard id=fork.0 fork=fork.1 />
            </For>
            <Show when=move || !refused.with(Vec::is_empty)>
                <section class="panel" role="alert" aria-labelledby="refused-title">
                    <h2 id="refused-title">{t!("Documents refused", "Odrzucone dokumenty")}</h2>
                    <ul>{move || refused.get().into_iter().map(|r| view! { <li>{r.to_string()}</li> }).collect_view()}</ul>
                    <Show when=move || refused.with(|r| r.len() >= MAX_REFUSED)>
                        <p>{tf!("Only the first {MAX_REFUSED} are listed; any later ones are refused too.", "Wymienionych jest tylko pierwszych {MAX_REFUSED}; kolejne też są odrzucane.")}</p>
                    </Show>
                </section>
            </Show>
            <Show when=move || !set_aside.with(Vec::is_empty)>
                <section class="panel" aria-labelledby="set-aside-title">
                    <h2 id="set-aside-title">{t!("Histories set aside", "Historie odłożone")}</h2>
                    <p>{t!("Left behind by a choice at a fork, each kept whole: save one as a backup file to read it (Import backup on another tablet, or the laws command line).", "Pozostawione przy wyborze na rozwidleniu, każda zachowana w całości: zapisz ją jako plik kopii zapasowej, by ją odczytać (Import kopii na innym tablecie lub wiersz poleceń laws).")}</p>
                    <ul class="fork-branches">{move || set_aside.get().into_iter().map(|game| {
                        let s = game.setup();
                        let line = tf!("Board {}: {}: {}", "Szachownica {}: {}: {}", s.board, laws_text::side::pairing(&s.white.name, &s.black.name), history(&game));
                        view! {
                            <li>
                                <p>{line}</p>
                                <button type="button" class="button" on:click=move |_| download(game.clone())>{t!("Save as a backup file", "Zapisz jako plik kopii")}</button>
                            </li>
                        }
                    }).collect_view()}</ul>
                </section>
            </Show>
            // While more pages of the changes feed follow, no board is shown:
            // its clocks would run from an old position, flags falling that
            // have not fallen. A tablet joining 200 boards draws them once,
            // not at every page.
            <Show
                when=move || !catching_up.get()
                fallback=|| view! { <p role="status">{t!("Reading the event's changes: the boards are shown once the last is read.", "Wczytywanie zmian turnieju: szachownice pojawią się po wczytaniu ostatniej.")}</p> }
            >
                <table class="event-boards">
                    <thead><tr>
                        <th>{t!("Board", "Szachownica")}</th>
                        <th>{t!("Players", "Zawodnicy")}</th>
                        <th>{t!("Move", "Posunięcie")}</th>
                        <th>{t!("White's clock", "Zegar białych")}</th>
                        <th>{t!("Black's clock", "Zegar czarnych")}</th>
                        <th>{t!("Status", "Stan")}</th>
                        <th>{t!("Waiting", "Czeka")}</th>
                    </tr></thead>
                    <tbody>
                        <For each=move || lines.get() key=|line| line.clone() let:line>
                            <BoardRow line=line now=hall_now on_screen=on_screen open_as_arbiter=open_as_arbiter />
                        </For>
                    </tbody>
                </table>
            </Show>
            <p>{t!("A board's number opens its game read-only. \"Arbiter\" opens the game's screens behind the arbiter's PIN: what is done there is added to the board's log and reaches its tablet through the database; if both tablets act at once, a fork to resolve shows here.", "Numer szachownicy otwiera jej partię tylko do odczytu. „Sędzia” otwiera ekrany partii za PIN-em sędziego: to, co się tam zrobi, trafia do dziennika szachownicy i przez bazę do jej tabletu; jeśli oba tablety działają naraz, pojawi się tu rozwidlenie do rozstrzygnięcia.")}</p>
            <Show when=move || state.settings.with(|s| s.event.is_some())>
                <RoundsPanel />
                <Show when=move || state.settings.with(|s| s.event.as_ref().is_some_and(|e| e.is_chief()))>
                    <BroadcastPanel />
                </Show>
                <ArbitersPanel />
            </Show>
            <PinDialog open=asking_pin title=t!("Open the board as arbiter", "Otwórz szachownicę jako sędzia") on_pin=unlock />
        </section>
    }
}

#[component]
fn BoardRow(
    line: BoardLine,
    now: ReadSignal<u64>,
    on_screen: OnScreen,
    open_as_arbiter: Callback<String>,
) -> impl IntoView {
    let running = line.running();
    // Only a row whose clock runs, and which is on the screen or near it,
    // follows the hall's tick: with 200 boards, a tick reads the few in
    // sight. A row whose clocks stand is read once.
    let seen = RwSignal::new(false);
    let row = NodeRef::<leptos::html::Tr>::new();
    row.on_load(move |row| on_screen.watch(&row, seen));
    // Off the screen, a row keeps the reading it had.
    let now = Memo::new(move |before: Option<&u64>| match before {
        Some(before) if running.is_none() || !seen.get() => *before,
        _ => now.get(),
    });
    let clocks = {
        let line = line.clone();
        Memo::new(move |_| line.clocks(now.get()))
    };
    let clock = move |side: Side| {
        let at = usize::from(side == Side::Black);
        let fallen = move || clocks.with(|c| c[at].fallen);
        view! {
            <td class="event-clock" class:running=running == Some(side) class:fallen=fallen>
                <span class="event-time">{move || clocks.with(|c| c[at].time.clone())}</span>
                <Show when=fallen>
                    <span class="flag">{t!(" flag fallen", " flaga opadła")}</span>
                </Show>
            </td>
        }
    };
    let href = Route::Review(line.id.clone()).href();
    let id = line.id.clone();
    // A flag can fall only while a clock runs: follow the tick then alone,
    // and draw again only when what waits changes.
    let waiting = Memo::new({
        let line = line.clone();
        move |_| line.waiting(now.get())
    });
    let waiting = move || {
        waiting
            .get()
            .into_iter()
            .map(|w| view! { <li>{w}</li> })
            .collect_view()
    };
    view! {
        <tr node_ref=row data-board=line.board.clone() data-game=line.id.clone()>
            <td>
                <a class="button" href=href aria-label=tf!("Board {}: review", "Szachownica {}: przegląd", line.board)>{line.board.clone()}</a>
                <button type="button" class="button" aria-label=tf!("Board {}: open as arbiter", "Szachownica {}: otwórz jako sędzia", line.board)
                    on:click=move |_| open_as_arbiter.run(id.clone())>{t!("Arbiter", "Sędzia")}</button>
            </td>
            <td>{line.players.clone()}<br /><small>{tf!("round {}", "runda {}", line.round)}</small></td>
            <td class="event-move">{line.move_number}</td>
            {clock(Side::White)}
            {clock(Side::Black)}
            <td>
                {line.status.clone()}
                {line.envelope.clone().map(|e| view! { <br /><span>{tf!("Envelope: {e}", "Koperta: {e}")}</span> })}
                {(line.rulings > 0).then(|| view! { <br /><span>{tf!("Rulings: {}, the last under {}", "Decyzje: {}, ostatnia wg: {}", line.rulings, line.last_ruling.clone().unwrap_or_default())}</span> })}
            </td>
            <td><ul class="event-waiting">{waiting}</ul></td>
        </tr>
    }
}

/// How often a running clock's reading on this overview is read again:
/// twice a second, so it is at most half a second old (the board's own
/// clock is exact). Read one by one, 200 boards' seconds, which end at 200
/// moments, would change the page in nearly every frame; read together,
/// they change it in two frames a second.
const HALL_TICK_MS: u64 = 500;

/// The time the running clocks are read at, set every [`HALL_TICK_MS`]
/// while the page is shown.
fn hall_tick() -> ReadSignal<u64> {
    let (now, set_now) = signal(now_ms());
    let tick = set_interval_with_handle(
        move || set_now.set(now_ms()),
        Duration::from_millis(HALL_TICK_MS),
    )
    .ok();
    on_cleanup(move || {
        if let Some(tick) = tick {
            tick.clear();
        }
    });
    now
}

/// One history of a game in a line: its length, its last event, where it
/// stands.
fn history(game: &Game) -> String {
    let events = game.log().len();
    let word = crate::text::i18n::lang().plural(
        events as u64,
        ["event", "events"],
        ["zdarzenie", "zdarzenia", "zdarzeń"],
    );
    tf!(
        "{events} {word}, last at {}, round {}; {}",
        "{events} {word}, ostatnie o {}, runda {}; {}",
        local_time(game.updated_ms()),
        game.setup().round,
        progress(game)
    )
}

/// A game whose histories part: each shown, the arbiter chooses.
#[component]
fn ForkCard(id: String, fork: Fork) -> impl IntoView {
    let state = expect_context::<AppState>();
    let index = fork.index;
    let title = fork
        .branches
        .first()
        .map(|g| {
            let s = g.setup();
            tf!(
                "Board {}: {}, two histories from event {}",
                "Szachownica {}: {}, dwie historie od zdarzenia {}",
                s.board,
                laws_text::side::pairing(&s.white.name, &s.black.name),
                index + 1
            )
        })
        .unwrap_or_default();
    let branches = fork
        .branches
        .into_iter()
        .enumerate()
        .map(|(n, branch)| {
            let chosen = branch.log().get(index).map(|l| l.hash.clone()).unwrap_or_default();
            let id = id.clone();
            let summary = tf!("History {}: {}", "Historia {}: {}", n + 1, history(&branch));
            view! {
                <li>
                    <p>{summary}</p>
                    <button type="button" class="button" on:click=move |_| crate::event::couch::choose_branch(state, &id, index, &chosen)>
                        {tf!("Go on with history {}", "Kontynuuj historię {}", n + 1)}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel" role="alert">
            <h2>{title}</h2>
            <p>{t!("Two tablets wrote different events at the same place. Choose the history that goes on; the other stays readable in the database and on this tablet.", "Dwa tablety zapisały różne zdarzenia w tym samym miejscu. Wybierz historię, która trwa dalej; druga pozostaje do odczytu w bazie i na tym tablecie.")}</p>
            <ul class="fork-branches">{branches}</ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use laws::clock::ClockAction;
    use laws::game::{Player, Setup};

    use super::*;

    fn board(number: &str) -> Game {
        let setup = Setup {
            white: Player::named("Kowalski, Jan"),
            black: Player::named("Nowak, Anna"),
            round: "1".into(),
            board: number.into(),
            ..Setup::default()
        };
        Game::new(format!("g{number}"), setup, 1_000)
    }

    #[test]
    fn a_line_reads_the_clock_live_from_the_log() {
        let mut game = board("3");
        game.apply(
            Event::Clock(ClockAction::Start { side: Side::White }),
            10_000,
        )
        .unwrap();
        let line = BoardLine::of(&game);
        assert_eq!(line.players, "Kowalski, Jan – Nowak, Anna");
        assert_eq!(line.move_number, 1);
        assert_eq!(line.running(), Some(Side::White));
        // 90 minutes and 30 s for the first move each; White's running for 61 s.
        assert_eq!(line.time(Side::White, 71_000).as_deref(), Some("1:29:29"));
        assert_eq!(line.time(Side::Black, 71_000).as_deref(), Some("1:30:30"));
        assert_eq!(line.fallen(71_000), None);
        assert_eq!(line.fallen(10_000 + 5_430_001), Some(Side::White));
        let [white, black] = line.clocks(10_000 + 5_430_001);
        assert!(white.fallen && !black.fallen);
        assert_eq!(black.time, "1:30:30");
        assert!(line.waiting(71_000).is_empty());
        assert_eq!(
            line.waiting(10_000 + 5_430_001),
            ["White's flag has fallen: not yet ruled on"]
        );
        game.apply(Event::Clock(ClockAction::Pause), 80_000)
            .unwrap();
        let stopped = BoardLine::of(&game);
        assert_eq!(
            stopped.waiting(90_000),
            ["Clock stopped: a claim or ruling is being dealt with"]
        );
        assert!(stopped.running().is_none());
    }

    #[test]
    fn boards_are_ordered_by_number_then_by_name() {
        let games = [board("10"), board("2"), board("B"), board("1")];
        let order: Vec<String> = BoardLine::all(&games, "", &[])
            .into_iter()
            .map(|line| line.board)
            .collect();
        assert_eq!(order, ["1", "2", "10", "B"]);
    }

    #[test]
    fn only_a_game_whose_log_grew_is_folded_again() {
        let mut games = [board("1"), board("2")];
        let mut before = BoardLine::all(&games, "", &[]);
        // Marks what a fold would not write, to see which lines were kept.
        for line in &mut before {
            line.players = "kept".into();
        }
        games[1]
            .apply(
                Event::Clock(ClockAction::Start { side: Side::White }),
                10_000,
            )
            .unwrap();
        let lines = BoardLine::all(&games, "", &before);
        assert_eq!(lines[0].players, "kept");
        assert_eq!(lines[1].players, "Kowalski, Jan – Nowak, Anna");
        assert_eq!(lines[1].running(), Some(Side::White));
    }
}
