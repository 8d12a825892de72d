//! The app's two languages, English and Polish.
//!
//! Text is written where it is shown, both languages side by side, with
//! [`t!`](crate::t) (plain text) or [`tf!`](crate::tf) (text with values):
//! a call missing one language does not compile. The language is this
//! tablet's setting (or the browser's language until one is chosen); the
//! shell renders every screen again when it changes, so text is read once,
//! at rendering, from [`lang`] — which also serves the messages written by
//! event handlers and by [`crate::state::AppState`], outside any component.
//!
//! A player's notation language (the game's setup) is a separate thing: it
//! is how his moves are written, and is never changed by this one.

use std::cell::Cell;

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use serde::{Deserialize, Serialize};

/// The language of the app's text, dates and numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UiLang {
    #[default]
    English,
    Polish,
}

impl UiLang {
    pub const ALL: [UiLang; 2] = [UiLang::English, UiLang::Polish];

    /// The language a browser asks for (`navigator.language`, "pl-PL"...).
    #[must_use]
    pub fn from_browser(tag: &str) -> UiLang {
        if tag.to_ascii_lowercase().starts_with("pl") {
            UiLang::Polish
        } else {
            UiLang::English
        }
    }

    /// The BCP 47 tag, for the page's `lang` attribute.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            UiLang::English => "en",
            UiLang::Polish => "pl",
        }
    }

    /// The language's name in itself, as the chooser shows it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            UiLang::English => "English",
            UiLang::Polish => "Polski",
        }
    }

    #[must_use]
    pub fn pick<T>(self, english: T, polish: T) -> T {
        match self {
            UiLang::English => english,
            UiLang::Polish => polish,
        }
    }

    /// `x` with `places` decimals: "4.5" in English, "4,5" in Polish.
    #[must_use]
    pub fn decimal(self, x: f64, places: usize) -> String {
        let text = format!("{x:.places$}");
        match self {
            UiLang::English => text,
            UiLang::Polish => text.replace('.', ","),
        }
    }

    /// A whole number with thousands grouped: "12,345" / "12 345" (Polish
    /// groups only from five digits on, with a non-breaking space).
    #[must_use]
    pub fn integer(self, n: u64) -> String {
        let digits = n.to_string();
        let separator = match self {
            UiLang::English => ",",
            UiLang::Polish if digits.len() <= 4 => return digits,
            UiLang::Polish => "\u{a0}",
        };
        let mut out = String::new();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(separator);
            }
            out.push(digit);
        }
        out
    }

    /// A calendar date: "1 Dec 2026" / "01.12.2026".
    #[must_use]
    pub fn date(self, date: Date) -> String {
        let Date { year, month, day } = date;
        match self {
            UiLang::English => {
                const MONTHS: [&str; 12] = [
                    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                    "Dec",
                ];
                let name = MONTHS[usize::from(month.clamp(1, 12)) - 1];
                format!("{day} {name} {year}")
            }
            UiLang::Polish => format!("{day:02}.{month:02}.{year}"),
        }
    }

    /// A date and time of day, always on the 24-hour clock:
    /// "1 Dec 2026, 14:05" / "01.12.2026, 14:05".
    #[must_use]
    pub fn date_time(self, date: Date, hour: u8, minute: u8) -> String {
        format!("{}, {hour:02}:{minute:02}", self.date(date))
    }

    /// A length of time in words: "1 h 30 min", "45 s".
    #[must_use]
    pub fn duration(self, ms: u64) -> String {
        let seconds = ms / 1000;
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
        let mut parts = Vec::new();
        if h > 0 {
            parts.push(format!("{h} {}", self.pick("h", "godz.")));
        }
        if m > 0 {
            parts.push(format!("{m} min"));
        }
        if s > 0 || parts.is_empty() {
            parts.push(format!("{s} s"));
        }
        parts.join(" ")
    }

    /// The word for `n` things, by the language's CLDR plural rules (the
    /// `intl_pluralrules` crate Fluent uses): English has one and other;
    /// Polish one (1), few (2–4, 22–24...) and many (0, 5–21, 25...).
    #[must_use]
    pub fn plural<'a>(self, n: u64, english: [&'a str; 2], polish: [&'a str; 3]) -> &'a str {
        let category = self
            .tag()
            .parse::<unic_langid::LanguageIdentifier>()
            .ok()
            .and_then(|tag| PluralRules::create(tag, PluralRuleType::CARDINAL).ok())
            .and_then(|rules| rules.select(n).ok())
            .unwrap_or(PluralCategory::OTHER);
        match (self, category) {
            (UiLang::English, PluralCategory::ONE) => english[0],
            (UiLang::English, _) => english[1],
            (UiLang::Polish, PluralCategory::ONE) => polish[0],
            (UiLang::Polish, PluralCategory::FEW) => polish[1],
            (UiLang::Polish, _) => polish[2],
        }
    }
}

/// A calendar date, as a person reads it (no time zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// Reads an ISO date, "2026-11-30" (what a date input gives).
    #[must_use]
    pub fn parse_iso(text: &str) -> Option<Date> {
        let mut parts = text.trim().splitn(3, '-');
        let year = parts.next()?.parse().ok()?;
        let month = parts
            .next()?
            .parse()
            .ok()
            .filter(|m| (1..=12).contains(m))?;
        let day = parts
            .next()?
            .parse()
            .ok()
            .filter(|d| (1..=31).contains(d))?;
        Some(Date { year, month, day })
    }
}

thread_local! {
    static CURRENT: Cell<UiLang> = const { Cell::new(UiLang::English) };
}

/// The language the screens are being rendered in.
#[must_use]
pub fn lang() -> UiLang {
    CURRENT.with(Cell::get)
}

/// Sets the language; the caller renders the screens again.
pub fn set_lang(lang: UiLang) {
    CURRENT.with(|current| current.set(lang));
}

/// A text worded in each language: text kept (a game's listing) where the
/// language may have changed by the time it is shown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Worded {
    pub english: String,
    pub polish: String,
}

impl Worded {
    /// What `text` writes in each language (it reads [`lang`], as `t!` does).
    #[must_use]
    pub fn of(text: impl Fn() -> String) -> Worded {
        let shown = lang();
        set_lang(UiLang::English);
        let english = text();
        set_lang(UiLang::Polish);
        let polish = text();
        set_lang(shown);
        Worded { english, polish }
    }

    /// The text in the current language.
    #[must_use]
    pub fn get(&self) -> &str {
        lang().pick(&self.english, &self.polish)
    }
}

/// A moment in the browser's local time, in the current language.
pub fn local_time(ms: u64) -> String {
    let at = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let date = Date {
        year: at.get_full_year() as i32,
        month: at.get_month() as u8 + 1,
        day: at.get_date() as u8,
    };
    lang().date_time(date, at.get_hours() as u8, at.get_minutes() as u8)
}

/// The time of day at `ms` on this tablet's clock, "14:32": for what
/// happened today.
pub fn local_hour_minute(ms: u64) -> String {
    let at = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!("{:02}:{:02}", at.get_hours(), at.get_minutes())
}

/// A date as an input gives it ("2026-11-30"), in the current language;
/// anything else is shown as written.
#[must_use]
pub fn iso_date(text: &str) -> String {
    Date::parse_iso(text).map_or_else(|| text.to_owned(), |date| lang().date(date))
}

/// Text in the current language: `t!("Save", "Zapisz")`.
#[macro_export]
macro_rules! t {
    ($english:literal, $polish:literal $(,)?) => {
        $crate::text::i18n::lang().pick($english, $polish)
    };
}

/// Text with values in the current language, as `format!` writes it:
/// `tf!("{n} games", "{n} partii")`, `tf!("round {}", "runda {}", r)`.
#[macro_export]
macro_rules! tf {
    ($english:literal, $polish:literal $(, $arg:expr)* $(,)?) => {
        match $crate::text::i18n::lang() {
            $crate::text::i18n::UiLang::English => format!($english $(, $arg)*),
            $crate::text::i18n::UiLang::Polish => format!($polish $(, $arg)*),
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_language_chooses_polish_only_for_polish() {
        assert_eq!(UiLang::from_browser("pl-PL"), UiLang::Polish);
        assert_eq!(UiLang::from_browser("PL"), UiLang::Polish);
        assert_eq!(UiLang::from_browser("en-GB"), UiLang::English);
        assert_eq!(UiLang::from_browser("de"), UiLang::English);
        assert_eq!(UiLang::from_browser(""), UiLang::English);
    }

    #[test]
    fn numbers_use_each_language_s_separators() {
        assert_eq!(UiLang::English.decimal(4.25, 1), "4.2");
        assert_eq!(UiLang::Polish.decimal(4.25, 1), "4,2");
        assert_eq!(UiLang::Polish.decimal(1024.0, 0), "1024");
        assert_eq!(UiLang::English.integer(1234), "1,234");
        assert_eq!(UiLang::English.integer(1_234_567), "1,234,567");
        assert_eq!(UiLang::Polish.integer(1234), "1234");
        assert_eq!(UiLang::Polish.integer(12345), "12\u{a0}345");
        assert_eq!(UiLang::English.integer(999), "999");
    }

    #[test]
    fn dates_read_day_month_year_on_a_24_hour_clock() {
        let date = Date::parse_iso("2026-12-01").unwrap();
        assert_eq!(UiLang::English.date(date), "1 Dec 2026");
        assert_eq!(UiLang::Polish.date(date), "01.12.2026");
        assert_eq!(UiLang::English.date_time(date, 14, 5), "1 Dec 2026, 14:05");
        assert_eq!(UiLang::Polish.date_time(date, 9, 0), "01.12.2026, 09:00");
        assert_eq!(Date::parse_iso("2026-13-01"), None);
        assert_eq!(Date::parse_iso("30/11/2026"), None);
    }

    #[test]
    fn durations_are_written_in_words() {
        assert_eq!(UiLang::English.duration(5_400_000), "1 h 30 min");
        assert_eq!(UiLang::Polish.duration(5_400_000), "1 godz. 30 min");
        assert_eq!(UiLang::Polish.duration(30_000), "30 s");
        assert_eq!(UiLang::English.duration(0), "0 s");
        assert_eq!(UiLang::English.duration(3_661_000), "1 h 1 min 1 s");
    }

    #[test]
    fn polish_plurals_have_three_forms() {
        let games =
            |lang: UiLang, n| lang.plural(n, ["game", "games"], ["partia", "partie", "partii"]);
        assert_eq!(games(UiLang::English, 1), "game");
        assert_eq!(games(UiLang::English, 0), "games");
        assert_eq!(games(UiLang::Polish, 1), "partia");
        assert_eq!(games(UiLang::Polish, 3), "partie");
        assert_eq!(games(UiLang::Polish, 5), "partii");
        assert_eq!(games(UiLang::Polish, 12), "partii");
        assert_eq!(games(UiLang::Polish, 22), "partie");
        assert_eq!(games(UiLang::Polish, 0), "partii");
    }

    #[test]
    fn text_follows_the_current_language() {
        let n = 3;
        set_lang(UiLang::Polish);
        assert_eq!(crate::t!("Save", "Zapisz"), "Zapisz");
        assert_eq!(crate::tf!("{n} games", "{n} partie"), "3 partie");
        assert_eq!(crate::tf!("move {}", "posunięcie {}", 7), "posunięcie 7");
        set_lang(UiLang::English);
        assert_eq!(crate::t!("Save", "Zapisz"), "Save");
        assert_eq!(crate::tf!("{n} games", "{n} partie"), "3 games");
    }
}
