//! Routing by the URL's hash (`#/game/ID`), so any static host serves every
//! screen from the one index.html.

use leptos::prelude::window;

/// A screen of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    Games,
    NewGame,
    Game(String),
    EditGame(String),
    /// The chess clock of a game, full screen.
    Clock(String),
    /// A game's scoresheet: the player's recording mode or the arbiter's check.
    Scoresheet(String),
    /// A finished or running game move by move, PGN and print.
    Review(String),
    /// A finished game's review opened at its players' QR code, for the
    /// arbiter to hold up.
    PlayersQr(String),
    /// Sealing the move and verifying the envelope (Appendix A1–A3).
    Adjourn(String),
    /// The resumption wizard (A5–A13).
    Resume(String),
    /// The arbiter's panel: rulings on irregularities (Article 7, Appendix B).
    Arbiter(String),
    /// Every envelope of every game.
    Envelopes,
    /// The chief arbiter's view of every board of the event.
    Event,
    /// A board tablet joining the event a join code names (its query:
    /// server, database, the chief arbiter's key).
    JoinEvent(String),
    /// One game of the event, read-only, from its database: a player's
    /// link, with the event's server and database (a join code's query,
    /// without a key) for a phone not yet in the event.
    EventGame(String, String),
    /// A finished game carried whole in the link (`game_link`): the
    /// players' copy, read on their phones.
    PlayersCopy(String),
    Settings,
    NotFound(String),
}

impl Route {
    /// Reads `location.hash` (with or without the leading `#`).
    pub fn parse(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => Route::Games,
            ["new"] => Route::NewGame,
            ["settings"] => Route::Settings,
            ["envelopes"] => Route::Envelopes,
            ["event"] => Route::Event,
            ["event", "join"] => Route::JoinEvent(query.to_owned()),
            ["event", "game", id] => Route::EventGame(decode(id), query.to_owned()),
            [crate::game_link::ROUTE, data] => Route::PlayersCopy((*data).to_owned()),
            ["game", id] => Route::Game(decode(id)),
            ["game", id, "edit"] => Route::EditGame(decode(id)),
            ["game", id, "clock"] => Route::Clock(decode(id)),
            ["game", id, "scoresheet"] => Route::Scoresheet(decode(id)),
            ["game", id, "review"] => Route::Review(decode(id)),
            ["game", id, "qr"] => Route::PlayersQr(decode(id)),
            ["game", id, "adjourn"] => Route::Adjourn(decode(id)),
            ["game", id, "resume"] => Route::Resume(decode(id)),
            ["game", id, "arbiter"] => Route::Arbiter(decode(id)),
            _ => Route::NotFound(hash.to_owned()),
        }
    }

    /// The game of this tablet the screen shows, if it shows one.
    #[must_use]
    pub fn game_id(&self) -> Option<&str> {
        match self {
            Route::Game(id)
            | Route::EditGame(id)
            | Route::Clock(id)
            | Route::Scoresheet(id)
            | Route::Review(id)
            | Route::PlayersQr(id)
            | Route::Arbiter(id)
            | Route::Adjourn(id)
            | Route::Resume(id) => Some(id),
            _ => None,
        }
    }

    /// The hash that leads to this screen, for `href`.
    pub fn href(&self) -> String {
        match self {
            Route::Games => "#/".to_owned(),
            Route::NewGame => "#/new".to_owned(),
            Route::Settings => "#/settings".to_owned(),
            Route::Game(id) => format!("#/game/{}", encode(id)),
            Route::EditGame(id) => format!("#/game/{}/edit", encode(id)),
            Route::Clock(id) => format!("#/game/{}/clock", encode(id)),
            Route::Scoresheet(id) => format!("#/game/{}/scoresheet", encode(id)),
            Route::Review(id) => format!("#/game/{}/review", encode(id)),
            Route::PlayersQr(id) => format!("#/game/{}/qr", encode(id)),
            Route::Adjourn(id) => format!("#/game/{}/adjourn", encode(id)),
            Route::Resume(id) => format!("#/game/{}/resume", encode(id)),
            Route::Arbiter(id) => format!("#/game/{}/arbiter", encode(id)),
            Route::Envelopes => "#/envelopes".to_owned(),
            Route::Event => "#/event".to_owned(),
            Route::JoinEvent(query) => format!("#/event/join?{query}"),
            Route::EventGame(id, query) => format!("#/event/game/{}?{query}", encode(id)),
            Route::PlayersCopy(data) => format!("#/{}/{data}", crate::game_link::ROUTE),
            Route::NotFound(hash) => hash.clone(),
        }
    }
}

// Game ids are ours (letters, digits, dashes), but an imported backup may
// carry anything: keep every id routable. (A join code's values too.)
pub(crate) fn encode(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub(crate) fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Goes to `route` (a hash change, so the back button works).
pub fn navigate(route: &Route) {
    let _ = window().location().set_hash(&route.href());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_round_trips_through_its_hash() {
        for route in [
            Route::Games,
            Route::NewGame,
            Route::Settings,
            Route::Game("m3k-9f2a".into()),
            Route::EditGame("odd id/ü".into()),
            Route::Clock("m3k-9f2a".into()),
            Route::Clock("odd id/ü".into()),
            Route::Scoresheet("m3k-9f2a".into()),
            Route::Scoresheet("odd id/ü".into()),
            Route::Review("m3k-9f2a".into()),
            Route::Review("odd id/ü".into()),
            Route::PlayersQr("odd id/ü".into()),
            Route::Adjourn("m3k-9f2a".into()),
            Route::Resume("odd id/ü".into()),
            Route::Arbiter("odd id/ü".into()),
            Route::Envelopes,
            Route::Event,
            Route::JoinEvent("server=http%3A%2F%2Fcouch.local%3A5984&database=open-2026".into()),
            Route::EventGame("odd id/ü".into(), "server=x&database=y".into()),
            Route::PlayersCopy("eNrT0-_z".into()),
        ] {
            assert_eq!(Route::parse(&route.href()), route);
        }
    }

    #[test]
    fn an_empty_hash_is_the_games_list_and_junk_is_not_found() {
        assert_eq!(Route::parse(""), Route::Games);
        assert_eq!(Route::parse("#"), Route::Games);
        assert_eq!(
            Route::parse("#/nonsense/deep"),
            Route::NotFound("#/nonsense/deep".into())
        );
    }
}
