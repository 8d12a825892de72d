//! The moves as a scoresheet shows them: one row per move number, White's
//! box and Black's box, each optionally with a verdict under it.

use laws::game::Side;
use laws::scoresheet::Slot;
use leptos::prelude::*;

use crate::t;

/// One box of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub slot: Slot,
    pub text: String,
    /// The arbiter's verdict in words, in check mode.
    pub detail: Option<String>,
    /// Ambiguous, unreadable or illegal.
    pub irregular: bool,
    /// The first irregularity of the sheet: highlighted.
    pub first_irregular: bool,
}

/// One row: the move number and the indices of White's and Black's cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: u32,
    pub white: Option<usize>,
    pub black: Option<usize>,
}

/// Groups cells (in the order of play) into numbered rows.
pub fn lines(cells: &[Cell]) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        if lines.last().is_none_or(|l| l.number != cell.slot.number) {
            lines.push(Line {
                number: cell.slot.number,
                white: None,
                black: None,
            });
        }
        let line = lines.last_mut().expect("pushed above");
        match cell.slot.side {
            Side::White => line.white = Some(i),
            Side::Black => line.black = Some(i),
        }
    }
    lines
}

/// The list; with `on_select`, each box is a button and the `selected`
/// one is marked.
#[component]
pub fn MoveList(
    #[prop(into)] cells: Signal<Vec<Cell>>,
    #[prop(into)] selected: Signal<Option<usize>>,
    #[prop(optional)] on_select: Option<Callback<usize>>,
    label: &'static str,
) -> impl IntoView {
    let cell_view = move |index: Option<usize>, side: &'static str| {
        let Some(i) = index else {
            return view! { <td class="move empty"></td> }.into_any();
        };
        let cell = cells.with(|c| c[i].clone());
        let name = format!(
            "{} {}: {}{}",
            cell.slot,
            side,
            cell.text,
            cell.detail
                .as_ref()
                .map(|d| format!(", {d}"))
                .unwrap_or_default()
        );
        let class = move || {
            let mut class = String::from("move");
            if cell.irregular {
                class.push_str(" irregular");
            }
            if cell.first_irregular {
                class.push_str(" first-irregular");
            }
            if selected.get() == Some(i) {
                class.push_str(" selected");
            }
            class
        };
        let content = view! {
            <span class="written">{cell.text.clone()}</span>
            // The space keeps the move and its verdict apart as words (both
            // are blocks, so nothing shows): a box's visible text then reads
            // as a part of its name, as screen-reader users speaking it expect.
            {cell.detail.clone().map(|d| view! { " " <span class="verdict">{d}</span> })}
        };
        match on_select {
            Some(on_select) => view! {
                <td class=class>
                    <button type="button" aria-label=name aria-current=move || (selected.get() == Some(i)).then_some("step")
                        on:click=move |_| on_select.run(i)>{content}</button>
                </td>
            }
            .into_any(),
            None => view! { <td class=class aria-label=name>{content}</td> }.into_any(),
        }
    };
    view! {
        <div class="move-list" role="region" aria-label=label tabindex="0">
            <table>
                <thead><tr><th scope="col">{t!("No.", "Nr")}</th><th scope="col">{t!("White", "Białe")}</th><th scope="col">{t!("Black", "Czarne")}</th></tr></thead>
                <tbody>
                    {move || cells.with(|c| lines(c)).into_iter().map(|line| view! {
                        <tr>
                            <th scope="row">{line.number}</th>
                            {cell_view(line.white, t!("White", "Białe"))}
                            {cell_view(line.black, t!("Black", "Czarne"))}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(number: u32, side: Side) -> Cell {
        Cell {
            slot: Slot { number, side },
            text: String::new(),
            detail: None,
            irregular: false,
            first_irregular: false,
        }
    }

    #[test]
    fn cells_group_into_numbered_rows() {
        let cells = [
            cell(1, Side::White),
            cell(1, Side::Black),
            cell(2, Side::White),
        ];
        assert_eq!(
            lines(&cells),
            [
                Line {
                    number: 1,
                    white: Some(0),
                    black: Some(1)
                },
                Line {
                    number: 2,
                    white: Some(2),
                    black: None
                },
            ]
        );
    }

    #[test]
    fn a_game_starting_with_black_has_an_empty_white_box() {
        let cells = [cell(30, Side::Black), cell(31, Side::White)];
        assert_eq!(
            lines(&cells)[0],
            Line {
                number: 30,
                white: None,
                black: Some(0)
            }
        );
    }
}
