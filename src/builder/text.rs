//! The embed builder's words: its fixed strings, and a name for each part
//! a scene may show alone.

use crate::i18n::{catalogue, t, Lang};

catalogue! {
    /// Fixed strings of the embed builder page.
    BuilderMsg {
        PageTitle => ("Встроить сцену в страницу курса", "Embed a scene in a course page"),
        Intro => ("Выберите, что покажет сцена в iframe, посмотрите, как она выглядит на компьютере и на телефоне, и скопируйте код в страницу курса.", "Choose what the frame shows, see it at desktop and phone width, and copy the code into your course page."),
        FromLink => ("Начать со ссылки", "Start from a link"),
        FromLinkNote => ("Вставьте ссылку на любую сцену лаборатории, например из поля под плеером.", "Paste a link to any of the lab's scenes, such as the one under the player."),
        OpenLink => ("Взять эту ссылку", "Use this link"),
        NotALink => ("Это не ссылка на сцену лаборатории: ничего не изменилось.", "This is not a link to one of the lab's scenes; nothing changed."),
        OtherLanguage => ("Ссылка открывает сцену на другом языке, а здесь код собирается для русской версии.", "The link opens the scene in the other language; the code here is for the English one."),
        OtherLanguageLink => ("Собрать код на языке ссылки", "Build the code in the link's language"),
        LinkIssues => ("В ссылке есть ошибки, вместо них взяты значения по умолчанию:", "The link has errors; defaults were used instead:"),
        Scene => ("Сцена", "Scene"),
        Part => ("Часть сцены", "Part of the scene"),
        Language => ("Язык", "Language"),
        Theme => ("Тема", "Theme"),
        ThemeDark => ("тёмная", "dark"),
        ThemeLight => ("светлая", "light"),
        ThemeAuto => ("как в системе читателя", "following the reader's system setting"),
        Chrome => ("Что показать вокруг сцены", "What to show around the scene"),
        ShowTitle => ("заголовок", "the title"),
        ShowLede => ("вводный абзац", "the intro paragraph"),
        ShowPrefs => ("переключатели языка и темы", "the language and theme switches"),
        ShowShare => ("ссылку и экспорт в SVG и PNG", "the link and the SVG and PNG exports"),
        Preview => ("Предпросмотр", "Preview"),
        Desktop => ("Компьютер", "Desktop"),
        Phone => ("Телефон", "Phone"),
        Measuring => ("высота измеряется…", "measuring the height…"),
        Code => ("Код для страницы курса", "Code for the course page"),
        CodeNote => ("Скрипт после iframe подгоняет его высоту под содержимое. Странице с iframe-resizer 4 или с H5P скрипт не нужен: сцена поддерживает и их протоколы.", "The script after the frame fits its height to the content. A page that uses iframe-resizer 4 or shows H5P content needs no script: the scene speaks their protocols too."),
        Copy => ("Скопировать код", "Copy the code"),
        Back => ("← Вернуться к сцене", "← Back to the scene"),
    }
}

/// What a part is, by the id a scene's `part` parameter declares.
pub fn part_name(lang: Lang, id: &str) -> &'static str {
    let (ru, en) = match id {
        "all" => ("вся сцена", "the whole scene"),
        "figure" => ("рисунок", "the figure"),
        "settings" => ("настройки", "the settings"),
        "numbers" => ("счётчики и находки", "the numbers and findings"),
        "compare" => ("сравнение", "the comparison"),
        "go" => ("Go-линза", "the Go lens"),
        "trace" => ("путь ключа до партиции", "the key's way to its partition"),
        "clients" => (
            "что считает каждый Go-клиент",
            "what each Go client computes",
        ),
        "histogram" => ("гистограмма по партициям", "the histogram by partition"),
        "stream" => ("поток ключей", "the stream of keys"),
        "switch" => (
            "смена клиента: какие ключи переедут",
            "switching client: which keys move",
        ),
        "diagram" => ("диаграмма последовательности", "the sequence diagram"),
        "keys" => ("какие ключи переедут", "which keys move"),
        "timeline" => (
            "владельцы партиций во времени",
            "the partitions' owners over time",
        ),
        "chart" => (
            "пропускная способность по числу воркеров",
            "throughput by number of workers",
        ),
        _ => return t(lang, BuilderMsg::Part),
    };
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => ru,
        #[cfg(feature = "lang-en")]
        Lang::En => en,
    }
}
