//! The log scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the log scene.
    LogMsg {
        Producer => ("Продюсер", "Producer"),
        Consumer => ("Консьюмер", "Consumer"),
        AllSent => ("всё отправлено", "all sent"),
        ToSend => ("ждут отправки", "waiting to be sent"),
        PartitionTitle => ("Топик orders, партиция 0: файлы сегментов", "Topic orders, partition 0: segment files"),
        ActiveSegment => ("активный", "active"),
        Position => ("Позиция", "Position"),
        CommittedOffset => ("Закоммиченный offset", "Committed offset"),
        LegendLogEndOffset => ("offset, который получит следующее сообщение", "the offset the next record will get"),
        LegendPosition => ("следующий offset, который заберёт poll()", "the next offset poll() will fetch"),
        LegendCommitted => ("с него группа продолжит после перезапуска: последний обработанный offset + 1", "where the group resumes after a restart: last processed + 1"),
        Segments => ("Сегментов", "Segments"),
        ConsumerWaiting => ("ждёт в poll()", "waiting in poll()"),
        ConsumerDone => ("всё прочитано", "read everything"),
        SegmentBytesHelp => ("Когда очередное сообщение не помещается в активный сегмент, брокер закрывает этот файл и начинает новый, названный по первому offset'у в нём. В Kafka сегмент по умолчанию занимает 1\u{a0}ГиБ, а меньше 1\u{a0}МиБ Kafka 4.x для топика не разрешит. Здесь сегмент — несколько сотен байт, чтобы смену было видно; настоящий брокер так делает только с тестовой настройкой internal.segment.bytes.", "When the next record does not fit in the active segment, the broker closes it and opens a new file named after its first offset. Kafka's default is 1 GiB, and Kafka 4.x refuses less than 1 MiB for a topic; here it is a few hundred bytes so you can watch segments roll (a real broker does this only with its test setting internal.segment.bytes)."),
        SegmentBytes => ("Размер сегмента, байт", "Segment size, bytes"),
        IndexFile => ("разреженный индекс: offset относительно базового offset'а сегмента (+N) → позиция в файле", "sparse index: offset relative to the segment's base offset (+N) → position in the file"),
        Processed => ("обработано", "processed"),
        Fetched => ("получено через poll(), ждёт обработки", "fetched by poll(), not processed yet"),
        Unread => ("ещё не прочитано", "not read yet"),
        Processing => ("обрабатывается", "being processed"),
        CommittedShort => ("коммит", "committed"),
        ReadsInOrder => ("читает строго по порядку: 0 → 1 → 2 → …", "reads strictly in order: 0 → 1 → 2 → …"),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    LogTitle {
        Title => ("Партиция — это append-only лог", "A partition is an append-only log"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    LogLede {
        Lede => ("Продюсер пишет события заказов в партицию 0. Брокер только дописывает: каждое сообщение встаёт в конец лога и получает следующий offset, а записанное уже не меняется. Консьюмер читает строго по возрастанию offset'ов, поэтому события одного заказа видит в том же порядке, в каком они записаны.", "A producer writes order events to partition 0. The broker only ever appends: each record goes to the end of the log and gets the next offset, and nothing written changes again. The consumer reads strictly in offset order, so it sees each order's events in the order they were written."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (1.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    LogLesson {
        Narration => ("Партиция — это лог: сообщения только дописываются в конец и получают следующий offset, а консьюмер читает их по порядку. Запустите сцену кнопкой ▶ или идите по шагам стрелками.", "A partition is a log: records are only appended and get the next offset, and the consumer reads in order. Play it or step with the arrows."),
    }
}
