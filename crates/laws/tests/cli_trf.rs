//! `laws trf results`: a round's games (PGN) written into the pairing
//! program's file, printed whole.

mod laws_cli;

const DIR: &str = "tests/cases/trf";

fn results(file: &str, pgn: &str) -> (Vec<u8>, String, i32) {
    let out = laws_cli::run(
        &["trf", "results", &format!("{DIR}/{file}"), "--pgn", pgn],
        "",
    );
    (
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn temp(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("laws-trf-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_round_s_games_give_the_file_back_with_its_results_and_points() {
    let (stdout, stderr, status) = results(
        "byes-forfeits.trf",
        &format!("{DIR}/byes-forfeits.round3.pgn"),
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    // Checked column by column in tests/trf.rs: a win, a forfeit (no move
    // played), a draw, the half-point bye counted, the withdrawn player
    // unpaired.
    let expected = std::fs::read(format!("{DIR}/byes-forfeits.round3.trf")).unwrap();
    assert_eq!(
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(expected).unwrap()
    );
}

#[test]
fn an_unfinished_or_missing_game_is_named_and_its_result_left_blank() {
    let pgn = std::fs::read_to_string(format!("{DIR}/byes-forfeits.round3.pgn")).unwrap();
    let games: Vec<&str> = pgn.split("\n\n[Event").collect();
    // Board 1 still in play, board 3's game not in the file.
    let text = games[0]
        .replace("[Result \"1-0\"]", "[Result \"*\"]")
        .replace("4. Qxf7# 1-0", "*")
        + "\n\n[Event"
        + games[1];
    let (stdout, stderr, status) = results("byes-forfeits.trf", &temp("unfinished.pgn", &text));
    assert_eq!(status, 3, "{stderr}");
    assert!(
        stderr.contains("laws: round 3: board 1 is not finished: its result is left blank"),
        "{stderr}"
    );
    assert!(
        stderr.contains("laws: round 3: board 3 has no game in the PGN: its result is left blank"),
        "{stderr}"
    );
    let out = String::from_utf8(stdout).unwrap();
    let one = out.lines().find(|l| l.starts_with("001    1")).unwrap();
    // Paired, no result, the points as they were.
    assert!(
        one.ends_with(" 2.0    1     4 w 1     7 b 1     6 w  "),
        "{one:?}"
    );
    let seven = out.lines().find(|l| l.starts_with("001    7")).unwrap();
    assert!(seven.ends_with("     2 w +"), "{seven:?}");
}

#[test]
fn a_game_the_round_does_not_pair_is_refused_with_its_number() {
    let text = "[Round \"3.1\"]\n[White \"Kowalski, Jan\"]\n[Black \"Nowak, Anna\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    let (stdout, stderr, status) = results("byes-forfeits.trf", &temp("unpaired.pgn", text));
    assert_eq!((status, stdout.len()), (2, 0));
    assert!(
        stderr.contains("game 1: players 1 and 2 are not paired in round 3"),
        "{stderr}"
    );
    let stranger = text.replace("Nowak, Anna", "Carlsen, Magnus");
    let (_, stderr, status) = results("byes-forfeits.trf", &temp("stranger.pgn", &stranger));
    assert_eq!(status, 2);
    assert!(
        stderr.contains("game 1: Black \"Carlsen, Magnus\" is not a player of the file"),
        "{stderr}"
    );
    let other_round = text.replace("3.1", "2.1");
    let (_, stderr, _) = results("byes-forfeits.trf", &temp("round2.pgn", &other_round));
    assert!(stderr.contains("game 1 is of round 2, not 3"), "{stderr}");
}

/// `text` with the letters Latin-1 lacks written without their marks.
fn latin1_letters(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'ą' => 'a',
            'ć' => 'c',
            'ę' => 'e',
            'ł' => 'l',
            'ń' => 'n',
            'ś' => 's',
            'ź' | 'ż' => 'z',
            'Ś' => 'S',
            c => c,
        })
        .collect()
}

#[test]
fn a_latin1_file_comes_back_in_latin1() {
    let latin1 = |text: &str| -> Vec<u8> {
        latin1_letters(text)
            .chars()
            .map(|c| u8::try_from(c).expect("a Latin-1 letter"))
            .collect()
    };
    let read = |name: &str| std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
    let path = std::env::temp_dir().join(format!("laws-trf-{}-latin1.trf", std::process::id()));
    std::fs::write(&path, latin1(&read("byes-forfeits.trf"))).unwrap();
    // Müller and Wójcik keep their letters: Latin-1 has them.
    assert!(std::str::from_utf8(&std::fs::read(&path).unwrap()).is_err());
    let pgn = temp(
        "latin1.pgn",
        &latin1_letters(&read("byes-forfeits.round3.pgn")),
    );
    let out = laws_cli::run(
        &["trf", "results", path.to_str().unwrap(), "--pgn", &pgn],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, latin1(&read("byes-forfeits.round3.trf")));
}
