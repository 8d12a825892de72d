//! The Laws' articles: their numbers, what each rules, a verdict with its reason.

use crate::text::i18n::{UiLang, lang};
use crate::tf;
use laws::article::Article;
use laws::irregularity::Outcome;

/// A verdict with the core's reason: "illegal: no knight can reach f3".
/// The reasons are the core's English prose; the Polish verdict stands
/// alone until the core gives them as values.
#[must_use]
pub fn with_reason(verdict: &str, reason: &str) -> String {
    match lang() {
        UiLang::English => format!("{verdict}: {reason}"),
        UiLang::Polish => verdict.to_owned(),
    }
}

/// "Article 7.4" / "Artykuł 7.4".
#[must_use]
pub fn article(article: Article) -> String {
    tf!("Article {article}", "Artykuł {article}")
}

/// The explanation of a ruling given by `article` with `outcome`; `english`
/// is the core's own wording.
#[must_use]
pub fn explain(article: Article, outcome: Outcome, english: &str) -> String {
    match lang() {
        UiLang::English => english.to_owned(),
        UiLang::Polish => format!(
            "{} Wynik: {}.",
            article_summary(article),
            super::outcome::outcome(outcome)
        ),
    }
}

/// The core's English explanation of a ruling by `article`, or in Polish
/// what the article rules (the particulars are shown beside it).
#[must_use]
pub fn article_text(article: Article, english: &str) -> String {
    match lang() {
        UiLang::English => english.to_owned(),
        UiLang::Polish => article_summary(article).to_owned(),
    }
}

/// What each article the core rules by says, in Polish (the FIDE Polish
/// wording, shortened). The English is the core's own explanation.
#[must_use]
pub fn article_summary(article: Article) -> &'static str {
    match article {
        Article::Art4_3a | Article::Art4_3b | Article::Art4_3c | Article::Art4_5 => {
            "Dotknięta bierka: zawodnik musi wykonać posunięcie zgodnie z zasadą „dotknięta – ruszona”."
        }
        Article::Art5_1a => "Mat kończy partię.",
        Article::Art5_1b => "Zawodnik poddał partię.",
        Article::Art5_2a => "Pat kończy partię remisem.",
        Article::Art5_2b | Article::Art9_6 => {
            "Powstała pozycja martwa: żaden z zawodników nie może dać mata żadną serią prawidłowych posunięć; partia kończy się remisem."
        }
        Article::Art6_9 | Article::Art6_10 => {
            "Opadnięcie chorągiewki: zawodnik, który nie zakończył przepisanej liczby posunięć w wyznaczonym czasie, przegrywa, chyba że przeciwnik nie może dać mata żadną serią prawidłowych posunięć — wtedy remis."
        }
        Article::Art6_13 => {
            "Sędzia koryguje ustawienie zegara, wyznaczając czasy według najlepszej oceny."
        }
        Article::Art7_1a => {
            "Pozycja początkowa bierek była nieprawidłowa: partię anuluje się i rozgrywa nową."
        }
        Article::Art7_1b => {
            "Jedynym błędem jest ustawienie szachownicy: pozycję przenosi się na prawidłowo ustawioną szachownicę i partia toczy się dalej."
        }
        Article::Art7_2 => "Partię rozpoczęto zamienionymi kolorami.",
        Article::Art7_3 => {
            "Zawodnik przesunął bierki i przywraca prawidłową pozycję na swój czas; w razie potrzeby przeciwnik może uruchomić jego zegar."
        }
        Article::Art7_4 | Article::Art7_5 => {
            "Nieprawidłowe posunięcie lub przesunięte bierki: przywraca się pozycję bezpośrednio przed nieprawidłowością, a czasy na zegarze — według najlepszej oceny; kara według wydania Przepisów."
        }
        Article::Art7_4b | Article::Art7_5b => {
            "Kolejne nieprawidłowe posunięcie tego samego zawodnika: sędzia ogłasza przegraną, chyba że przeciwnik nie może dać mata żadną serią prawidłowych posunięć — wtedy remis."
        }
        Article::Art10_2 => {
            "Reklamacja remisu w końcówce partii (10.2): sędzia uznaje ją, odkłada decyzję albo ją odrzuca, dodając czas przeciwnikowi."
        }
        Article::Art8_1 => {
            "W szachach klasycznych każdy zawodnik zapisuje na blankiecie posunięcia swoje i przeciwnika, posunięcie po posunięciu."
        }
        Article::Art8_4 => {
            "Zawodnik, który ma mniej niż pięć minut do końca okresu i nie otrzymuje dodatku co najmniej 30 sekund na posunięcie, nie musi zapisywać posunięć."
        }
        Article::Art9_1 => "Zawodnicy uzgodnili remis.",
        Article::Art9_2 => {
            "Trzykrotne powtórzenie pozycji: zawodnik mający posunięcie może reklamować remis."
        }
        Article::Art9_3 => {
            "Zasada 50 posunięć: po 50 posunięciach każdego zawodnika bez ruchu pionem i bez bicia zawodnik mający posunięcie może reklamować remis."
        }
        Article::B3 => "Szachy szybkie: zawodnicy nie muszą zapisywać posunięć.",
        Article::B4 => {
            "Po wykonaniu przez każdego zawodnika pierwszych posunięć nie można już reklamować ustawienia bierek, szachownicy ani zegara; partia toczy się dalej."
        }
        Article::B5 => {
            "W szachach szybkich sędzia orzeka o nieprawidłowości tylko na reklamację zawodnika, który od tego czasu nie wykonał posunięcia ani nie dotknął bierki."
        }
        Article::B6 => {
            "W szachach szybkich opadnięcie chorągiewki liczy się tylko po słusznej reklamacji zawodnika; sędzia go nie sygnalizuje."
        }
        Article::B7 => {
            "Reklamacja wygranej na czas: zawodnik zatrzymuje zegary; wygrywa, jeśli opadła chorągiewka przeciwnika, a jego własna nie — chyba że nie może dać mata żadną serią prawidłowych posunięć (wtedy remis)."
        }
        Article::B8 => "Obie chorągiewki opadły: partia kończy się remisem.",
        Article::C3 => {
            "W szachach błyskawicznych wykonane nieprawidłowe posunięcie przegrywa na reklamację przeciwnika, chyba że ten nie może dać mata żadną serią prawidłowych posunięć (wtedy remis)."
        }
        Article::A1a => {
            "Odłożenie partii: zawodnik mający posunięcie zapisuje je i wkłada do koperty."
        }
        Article::A1b => "Zawodnik, który zapieczętował posunięcie, nie może go już zmienić.",
        Article::A2 => "Koperta z zapisanym posunięciem: na kopercie podaje się dane partii.",
        Article::A3 => "Sędzia sprawdza dane na kopercie i odpowiada za jej przechowanie.",
        Article::A4 => {
            "Propozycja remisu złożona po odłożeniu partii jest ważna, dopóki przeciwnik jej nie przyjmie lub nie odrzuci."
        }
        Article::A5 => {
            "Wznowienie: na szachownicy ustawia się pozycję przed posunięciem zapieczętowanym, a zegary — na czasy z chwili odłożenia."
        }
        Article::A6 => {
            "Remis uzgodniony lub poddanie partii przed wznowieniem: kopertę archiwizuje się nieotwartą."
        }
        Article::A7 => "Kopertę otwiera się dopiero w obecności zawodnika, który ma odpowiedzieć.",
        Article::A8a => {
            "Zapieczętowane posunięcie jest niejednoznaczne: zawodnik, który je zapieczętował, przegrywa (chyba że pozycja jest martwa)."
        }
        Article::A8b => {
            "Zapieczętowanego posunięcia nie można odczytać: zawodnik, który je zapieczętował, przegrywa (chyba że pozycja jest martwa)."
        }
        Article::A8c => {
            "Zapieczętowane posunięcie jest nieprawidłowe: zawodnik, który je zapieczętował, przegrywa (chyba że pozycja jest martwa)."
        }
        Article::A9a => {
            "Koperta otwarta: zapieczętowane posunięcie zostaje wykonane na szachownicy i uruchamia się zegar przeciwnika."
        }
        Article::A9b => "Zawodnik odpowiadający jest nieobecny: jego zegar zostaje uruchomiony.",
        Article::A9c => "Zawodnik zapieczętował odpowiedź w nowej kopercie.",
        Article::A10 => {
            "Spóźnienie przy wznowieniu: zawodnik, który przybędzie po upływie dopuszczalnego spóźnienia, przegrywa, chyba że partia rozstrzygnęła się inaczej."
        }
        Article::A10a => "Spóźniony zawodnik nie przegrywa: zapieczętowane posunięcie dało mata.",
        Article::A10b => {
            "Spóźniony zawodnik nie przegrywa: zapieczętowane posunięcie dało pata lub pozycję martwą (remis)."
        }
        Article::A10c => {
            "Spóźniony zawodnik nie przegrywa: partia rozstrzygnęła się wcześniej według przepisu o opadnięciu chorągiewki."
        }
        Article::A11 | Article::A11a => {
            "Koperta zaginęła: partię wznawia się z pozycji i czasów z chwili odłożenia, a zawodnik podaje swoje posunięcie; jeśli pozycji nie da się odtworzyć, partię anuluje się."
        }
        Article::A11b => {
            "Koperta zaginęła, a pozycji nie da się odtworzyć: partię unieważnia się i rozgrywa nową."
        }
        Article::A12 => "Czas na zegarze był źle ustawiony: sędzia go koryguje przed wznowieniem.",
        Article::A13 => "Sędzia ogłasza sesję wznowienia: czas i miejsce.",
    }
}
