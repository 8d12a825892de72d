//! The chief arbiter's join code: what a board tablet needs to join his
//! event, as a link (`#/event/join?…`) and its QR code. It carries the
//! server and the database, never a user or a password; the chief
//! arbiter's signing key, whose signatures the board tablet then takes in
//! every game; and his arbiter's key with its fingerprint, so that the
//! envelopes sealed on the board tablet are sealed to him. Both keys are
//! confirmed at once, by one code read aloud ([`JoinCode::fingerprint`]).

use std::fmt;

use laws::encoding::fingerprint;
use laws::sealing::arbiter_key::{KeyError, PublicKey, Recipient};
use laws::signing::VerifyingKey;

use crate::arbiter_keys::key_error_text;
use crate::event::sync::EventLink;
use crate::route::{Route, decode, encode};
use crate::tf;

/// An event's join code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinCode {
    pub server: String,
    pub database: String,
    /// The chief arbiter: new envelopes on the joining tablet are sealed to
    /// him. None when his tablet has no arbiter's key yet.
    pub chief: Option<Recipient>,
    /// The chief arbiter's signing key: the joining tablet takes what it
    /// signs in any game of the event.
    pub signer: VerifyingKey,
}

/// Why a join code cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinError {
    /// A part every join code has is missing.
    Missing(&'static str),
    /// The key is no key, or its fingerprint is not the key's.
    Key(KeyError),
    /// The signing key is no key.
    Signer,
}

impl fmt::Display for JoinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JoinError::Missing(part) => f.write_str(&tf!(
                "the join code has no {part}: it was cut short; show it again on the chief arbiter's tablet",
                "kod dołączenia nie ma pola {part}: został ucięty; pokaż go jeszcze raz na tablecie sędziego głównego"
            )),
            JoinError::Key(e) => f.write_str(&key_error_text(e)),
            JoinError::Signer => f.write_str(&tf!(
                "the chief arbiter's signing key in the code is no key: it was altered or cut short",
                "klucz podpisu sędziego głównego w kodzie nie jest kluczem: został zmieniony lub ucięty"
            )),
        }
    }
}

impl JoinCode {
    /// The join code of the event `link` names, for the chief arbiter
    /// `chief`: the link's user and password stay out. `None` before this
    /// tablet has a signing key (it gets one when it joins).
    #[must_use]
    pub fn of(link: &EventLink, chief: Option<Recipient>) -> Option<JoinCode> {
        Some(JoinCode {
            server: link.server.trim().to_owned(),
            database: link.database.trim().to_owned(),
            chief,
            signer: link.chief_key()?,
        })
    }

    /// The code the arbiter reads aloud against the chief arbiter's screen,
    /// e.g. `3F9A-1C2B-77D0-52E1`: the first 64 bits of SHA-256 over both
    /// keys, so that neither can be swapped unseen.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        let chief = self.chief.as_ref().map(|c| c.public_key.as_bytes());
        let mut parts: Vec<&[u8]> = vec![self.signer.as_bytes()];
        parts.extend(chief.map(|key| key.as_slice()));
        fingerprint(b"arbiter join code v1\0", &parts)
    }

    /// The code as the query of its route.
    #[must_use]
    pub fn query(&self) -> String {
        let mut parts = vec![
            ("server", self.server.clone()),
            ("database", self.database.clone()),
            ("signer", self.signer.to_hex()),
        ];
        if let Some(chief) = &self.chief {
            parts.push(("chief", chief.name.clone()));
            parts.push(("key", chief.public_key.to_hex()));
            parts.push(("fingerprint", chief.fingerprint.clone()));
        }
        parts
            .iter()
            .map(|(name, value)| format!("{name}={}", encode(value)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The route a board tablet opens.
    #[must_use]
    pub fn route(&self) -> Route {
        Route::JoinEvent(self.query())
    }

    /// Reads a join code's query; a key whose fingerprint is not the one
    /// written beside it is refused (the code was altered or mistyped).
    pub fn parse(query: &str) -> Result<JoinCode, JoinError> {
        let value = |name: &str| {
            query
                .split('&')
                .filter_map(|part| part.split_once('='))
                .find(|(key, _)| *key == name)
                .map(|(_, value)| decode(value).trim().to_owned())
                .filter(|value| !value.is_empty())
        };
        let server = value("server").ok_or(JoinError::Missing("server"))?;
        let database = value("database").ok_or(JoinError::Missing("database"))?;
        let signer = VerifyingKey::from_hex(&value("signer").ok_or(JoinError::Missing("signer"))?)
            .map_err(|_| JoinError::Signer)?;
        let chief = match value("key") {
            None => None,
            Some(key) => {
                let public_key = PublicKey::from_hex(&key).map_err(JoinError::Key)?;
                let stated = value("fingerprint").ok_or(JoinError::Missing("fingerprint"))?;
                let recipient = Recipient::new(&value("chief").unwrap_or_default(), public_key);
                if recipient.fingerprint != stated {
                    return Err(JoinError::Key(KeyError::FingerprintMismatch {
                        stated,
                        computed: recipient.fingerprint,
                    }));
                }
                Some(recipient)
            }
        };
        Ok(JoinCode {
            server,
            database,
            chief,
            signer,
        })
    }
}

#[cfg(test)]
mod tests {
    use laws::sealing::arbiter_key::ArbiterSecret;
    use laws::signing::SigningKey;

    use super::*;

    fn chief() -> Recipient {
        Recipient::new(
            "Wiśniewski, Piotr",
            ArbiterSecret::from_seed(&[7; 32]).public_key(),
        )
    }

    fn link() -> EventLink {
        EventLink {
            server: " https://couch.example.org:6984/ ".into(),
            database: "open-2026".into(),
            user: "deputy-account".into(),
            password: "s3cret&pass".into(),
            signing_key: Some(SigningKey::from_seed([9; 32])),
            ..EventLink::default()
        }
    }

    #[test]
    fn a_join_code_carries_the_event_and_the_chief_never_the_password() {
        let code = JoinCode::of(&link(), Some(chief())).unwrap();
        let href = code.route().href();
        assert!(href.starts_with("#/event/join?server=https%3A%2F%2Fcouch"));
        for secret in ["s3cret", "pass", "deputy-account", "user"] {
            assert!(!href.contains(secret), "{secret} in {href}");
        }
        let Route::JoinEvent(query) = Route::parse(&href) else {
            panic!("{href} is no join route");
        };
        let back = JoinCode::parse(&query).unwrap();
        assert_eq!(back, code);
        assert_eq!(back.server, "https://couch.example.org:6984/");
        assert_eq!(back.chief.unwrap().name, "Wiśniewski, Piotr");
        // Without a key on the chief's tablet, the code still joins.
        let keyless = JoinCode::of(&link(), None).unwrap();
        assert_eq!(JoinCode::parse(&keyless.query()).unwrap(), keyless);
        // A tablet that joined passes on the chief's signing key, not its own.
        let board = EventLink {
            signing_key: Some(SigningKey::from_seed([1; 32])),
            chief: Some(SigningKey::from_seed([9; 32]).verifying_key()),
            ..link()
        };
        assert_eq!(JoinCode::of(&board, None), Some(keyless));
        assert_eq!(JoinCode::of(&EventLink::default(), None), None);
    }

    #[test]
    fn the_code_read_aloud_changes_with_either_key() {
        let code = JoinCode::of(&link(), Some(chief())).unwrap();
        let shown = code.fingerprint();
        assert!(
            shown.len() == 19 && shown.chars().filter(|c| *c == '-').count() == 3,
            "{shown}"
        );
        let other_signer = JoinCode {
            signer: SigningKey::from_seed([10; 32]).verifying_key(),
            ..code.clone()
        };
        let other_chief = JoinCode {
            chief: Some(Recipient::new(
                "Wiśniewski, Piotr",
                ArbiterSecret::from_seed(&[8; 32]).public_key(),
            )),
            ..code.clone()
        };
        assert_ne!(other_signer.fingerprint(), shown);
        assert_ne!(other_chief.fingerprint(), shown);
        assert_eq!(JoinCode::parse(&code.query()).unwrap().fingerprint(), shown);
    }

    #[test]
    fn an_altered_key_or_a_cut_code_is_refused() {
        let query = JoinCode::of(&link(), Some(chief())).unwrap().query();
        let other = ArbiterSecret::from_seed(&[8; 32]).public_key().to_hex();
        let swapped = query.replace(&chief().public_key.to_hex(), &other);
        match JoinCode::parse(&swapped) {
            Err(e @ JoinError::Key(KeyError::FingerprintMismatch { .. })) => {
                assert!(e.to_string().contains(&chief().fingerprint), "{e}");
            }
            other => panic!("{other:?}"),
        }
        let no_fingerprint = query.split("&fingerprint=").next().unwrap();
        assert_eq!(
            JoinCode::parse(no_fingerprint),
            Err(JoinError::Missing("fingerprint"))
        );
        assert_eq!(
            JoinCode::parse("server=x"),
            Err(JoinError::Missing("database"))
        );
        assert!(matches!(
            JoinCode::parse(&query.replace("key=", "key=zz")),
            Err(JoinError::Key(KeyError::NotAKey))
        ));
        assert_eq!(
            JoinCode::parse(&query.replace("signer=", "signer=zz")),
            Err(JoinError::Signer)
        );
        let unsigned: Vec<&str> = query
            .split('&')
            .filter(|p| !p.starts_with("signer="))
            .collect();
        assert_eq!(
            JoinCode::parse(&unsigned.join("&")),
            Err(JoinError::Missing("signer"))
        );
    }
}
