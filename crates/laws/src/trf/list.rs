//! A round's pairings as a plain list, for an event with no pairing
//! program: a line a board, `board, white, black`, separated by commas,
//! semicolons or tabs (a spreadsheet's CSV, or pasted), a name with a
//! comma in quotes (`"Kowalski, Jan"`). A first line of headings is
//! skipped.
//!
//! ```
//! use laws::trf::list::read;
//!
//! let boards = read("board;white;black\n1;Kowalski, Jan;Nowak, Anna\n").unwrap();
//! assert_eq!((boards[0].number, boards[0].white.as_str()), (1, "Kowalski, Jan"));
//! ```

use super::{TrfError, TrfErrorKind};

/// A board of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedBoard {
    pub number: u32,
    pub white: String,
    pub black: String,
}

/// Reads the list; a line that is not a board, with its line and column.
pub fn read(text: &str) -> Result<Vec<ListedBoard>, TrfError> {
    let mut boards: Vec<ListedBoard> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let error = |column: usize, kind| TrfError {
            line: index + 1,
            column,
            kind,
        };
        let fields = fields(line).map_err(|column| {
            error(
                column,
                TrfErrorKind::Unreadable("a quote is not closed".into()),
            )
        })?;
        let [(number_at, number), (white_at, white), (black_at, black)] = &fields[..] else {
            return Err(error(
                1,
                TrfErrorKind::Unreadable(format!(
                    "a board is three fields, board, white and black: {} found",
                    fields.len()
                )),
            ));
        };
        let Ok(number) = number.parse::<u32>() else {
            // The headings.
            if boards.is_empty() && !number.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            return Err(error(
                *number_at,
                TrfErrorKind::NotANumber {
                    field: "board",
                    found: number.clone(),
                },
            ));
        };
        if number == 0 || boards.iter().any(|b| b.number == number) {
            return Err(error(
                *number_at,
                TrfErrorKind::Unreadable(format!("board {number} is listed twice, or is 0")),
            ));
        }
        for (at, name) in [(white_at, white), (black_at, black)] {
            if name.is_empty() {
                return Err(error(
                    *at,
                    TrfErrorKind::Unreadable("a player's name is empty".into()),
                ));
            }
        }
        boards.push(ListedBoard {
            number,
            white: white.clone(),
            black: black.clone(),
        });
    }
    Ok(boards)
}

/// The line's fields, trimmed, each with its column (from 1); the column
/// of a quote not closed as the error.
fn fields(line: &str) -> Result<Vec<(usize, String)>, usize> {
    let separator = if line.contains('\t') {
        '\t'
    } else if line.contains(';') {
        ';'
    } else {
        ','
    };
    let chars: Vec<char> = line.chars().collect();
    let mut fields = Vec::new();
    let mut i = 0;
    loop {
        let start = i + 1;
        while chars.get(i) == Some(&' ') {
            i += 1;
        }
        let mut field = String::new();
        if chars.get(i) == Some(&'"') {
            i += 1;
            loop {
                match chars.get(i) {
                    None => return Err(start),
                    Some('"') if chars.get(i + 1) == Some(&'"') => {
                        field.push('"');
                        i += 2;
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(&c) => {
                        field.push(c);
                        i += 1;
                    }
                }
            }
            while chars.get(i).is_some_and(|&c| c != separator) {
                i += 1;
            }
        } else {
            while let Some(&c) = chars.get(i).filter(|&&c| c != separator) {
                field.push(c);
                i += 1;
            }
        }
        fields.push((start, field.trim().to_owned()));
        if chars.get(i) == Some(&separator) {
            i += 1;
        } else {
            return Ok(fields);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(text: &str) -> Vec<(u32, String, String)> {
        read(text)
            .unwrap()
            .into_iter()
            .map(|b| (b.number, b.white, b.black))
            .collect()
    }

    #[test]
    fn commas_in_quotes_semicolons_or_tabs() {
        let expected = vec![
            (1, "Kowalski, Jan".to_owned(), "Nowak, Anna".to_owned()),
            (2, "O\"Brien, Pat".to_owned(), "Lee, Min".to_owned()),
        ];
        assert_eq!(
            pairs(
                "Board,White,Black\n1,\"Kowalski, Jan\",\"Nowak, Anna\"\n2,\"O\"\"Brien, Pat\",\"Lee, Min\"\n"
            ),
            expected
        );
        assert_eq!(
            pairs("1;Kowalski, Jan;Nowak, Anna\r\n\r\n2;O\"Brien, Pat;Lee, Min\r\n"),
            expected
        );
        assert_eq!(
            pairs("1\tKowalski, Jan\tNowak, Anna\n2\tO\"Brien, Pat\tLee, Min\n"),
            expected
        );
    }

    #[test]
    fn a_line_that_is_not_a_board_is_named() {
        let error = |text: &str| read(text).unwrap_err().to_string();
        assert_eq!(
            error("1;A;B\n2;C\n"),
            "line 2, column 1: a board is three fields, board, white and black: 2 found"
        );
        assert_eq!(
            error("1;A;B\nx2;C;D\n"),
            "line 2, column 1: the board is not a number: \"x2\""
        );
        assert_eq!(
            error("1;A;B\n1;C;D\n"),
            "line 2, column 1: board 1 is listed twice, or is 0"
        );
        assert_eq!(
            error("1;A; \n"),
            "line 1, column 5: a player's name is empty"
        );
        assert_eq!(
            error("1,\"A, B,C\n"),
            "line 1, column 3: a quote is not closed"
        );
    }
}
