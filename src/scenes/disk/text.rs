//! The disk scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the disk scene.
    DiskMsg {
        Device => ("Накопитель", "Device"),
        SeekUs => ("Время поиска, мкс", "Seek time, µs"),
        MbS => ("Последовательная скорость, МБ/с", "Sequential rate, MB/s"),
        RecordBytes => ("Размер сообщения, байт", "Record size, bytes"),
        Streams => ("Консьюмеров на разных партициях", "Consumers on different partitions"),
        LinearScale => ("Полосы в линейном масштабе; случайное чтение", "The bars are to a linear scale; random reads are"),
        Illustrative => ("Модель иллюстративная: типичные цифры, а не замер вашего железа.", "An illustrative model: typical figures, not a measurement of your hardware."),
        Sequential => ("Последовательная запись в конец лога", "Sequential appends to the log"),
        Random => ("Запись на место, как в B-дереве: поиск перед каждым сообщением", "In-place writes (B-tree-like): a seek per record"),
        SeekShare => ("доля времени на поиск", "share of time spent seeking"),
        StreamsLine => ("Несколько консьюмеров читают разные партиции, каждый по порядку, и диск переходит от одного к другому раз на окно read-ahead (128\u{a0}КиБ).", "Several consumers read different partitions, each in order: the disk moves between them once per read-ahead window (128 KiB)."),
        PageCache => ("Страничный кеш и read-ahead", "The page cache and read-ahead"),
        PageSize => ("4\u{a0}КиБ", "4 KiB"),
        Cached => ("в кеше", "cached"),
        OnDisk => ("только на диске", "on disk only"),
        NotWritten => ("ещё не записано", "not written yet"),
        Hits => ("Попаданий в кеш", "Cache hits"),
        Misses => ("Промахов (поиск + чтение)", "Misses (seek + read)"),
        Prefetched => ("Подгружено заранее", "Read ahead"),
        Reader => ("консьюмер", "consumer"),
        Writer => ("запись в конец", "append"),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    DiskTitle {
        Title => ("Почему лог быстрый: последовательный ввод-вывод", "Why a log is fast: sequential I/O"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    DiskLede {
        Lede => ("Лог только дописывается в конец файла-сегмента, поэтому диск пишет подряд, без поиска (на HDD это перемещение головки к нужному месту). Консьюмер читает вперёд, и ядро заранее подгружает следующие страницы (read-ahead) в страничный кеш — память ОС, где лежат недавно прочитанные и записанные части файлов. Сравните с тем, как те же данные пишутся вразброс.", "A log is only ever appended to the end of its segment file, so the disk writes without seeking. A consumer reads forward, and the kernel loads the next pages into the cache ahead of it. Compare with writing the same records all over the place."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (8.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    DiskLesson {
        Narration => ("Kafka быстра не вопреки логу, а благодаря ему: писать в лог — значит дописывать в конец файла, а чтение по порядку идёт подряд и попадает в страничный кеш. Сравните последовательное чтение со случайным на диске и на NVMe.", "Kafka is fast because of the log, not despite it: a write appends to the end of a file, and an in-order read runs straight through and hits the page cache. Compare sequential and random reads on a disk and on NVMe."),
    }
}
