//! The repartition scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the repartition scene.
    RepartitionMsg {
        From => ("Партиций было", "Partitions before"),
        To => ("Стало", "Partitions after"),
        How => ("Как меняем", "How the change is made"),
        Naive => ("сразу, в лоб", "at once (naive)"),
        TwoPhase => ("двухфазная миграция", "two-phase migration"),
        NewTopic => ("новый топик, старый дочитать до конца", "new topic with a drain"),
        AboutNaive => ("Как только продюсер обновит метаданные, он начнёт считать партицию по новому числу. Ранние события заказа остались в старой партиции, поздние уходят в новую, и её быстрый консьюмер может обработать их первыми.", "The producer routes with the new count as soon as its metadata is refreshed. An order's early events stay in its old partition, its later ones go to a new one, and the new partition's fast consumer can handle them first."),
        AboutTwoPhase => ("Заказы, которые уже начались, закреплены за старыми партициями в таблице (или в своём партиционере), пока не завершатся, а новые заказы сразу идут по новому числу. Таблица постепенно пустеет, и тогда все ключи живут по новому правилу.", "Orders already under way are pinned to their old partition in a table (or a custom partitioner) until they finish. New orders use the new count. The table empties by itself, and then every key follows the new rule."),
        AboutNewTopic => ("Создаётся новый топик с нужным числом партиций — так число партиций можно и уменьшить. Продюсеры приостанавливают отправку и копят сообщения в буфере, консьюмеры дочитывают старый топик до конца, и только потом продюсеры переключаются на новый. Порядок сохраняется, а платим за это паузой.", "A new topic is created with the new count, a smaller one too: that is how a topic gets fewer partitions. Producers pause (and buffer), consumers read the old topic to its end, and only then do producers switch. Order holds; the price is the pause."),
        KeysTitle => ("Какие ключи переедут", "Which keys move"),
        ConsistentNote => ("Kafka не использует консистентное хеширование (при нём смена числа партиций переносит лишь неизбежную долю ключей): партиция — это остаток от деления, поэтому при смене числа партиций переезжает большинство ключей.", "Kafka does not use consistent hashing: the partition is a remainder, so changing the count moves most keys."),
        Moved => ("переезжает", "moves"),
        Stays => ("остаётся", "stays"),
        SplitTitle => ("История одного заказа", "One order's history"),
        ChooseOrder => ("Заказ", "Order"),
        Step => ("Шаг", "Step"),
        Where => ("Где лежит", "Where it is"),
        HandledAt => ("Обработан", "Handled at"),
        NotYet => ("ещё нет", "not yet"),
        LanesTitle => ("Партиции и их консьюмеры", "Partitions and their consumers"),
        AddedAtChange => ("новая", "new"),
        NobodyReads => ("группа ещё не читает", "not read yet"),
        TableTitle => ("Таблица закреплённых заказов", "The pinned-orders table"),
        PauseTitle => ("Цена паузы", "The price of the pause"),
        CompareTitle => ("Три способа на одном и том же seed", "Three ways on one seed"),
        CompareRunning => ("Прогоняем сцену тремя способами…", "Running the scene three ways…"),
        Violations => ("Нарушений", "Violations"),
        Pause => ("Пауза продюсеров", "Producer pause"),
        ExtraState => ("Чего это стоит", "Extra state"),
        None => ("нет", "none"),
        OffsetReset => ("Откуда группа начнёт читать новую партицию (auto.offset.reset)", "Where the group starts a new partition (auto.offset.reset)"),
        ResetEarliest => ("earliest: с первого сообщения (по умолчанию в этой сцене)", "earliest: from its first record (this scene's default)"),
        ResetLatest => ("latest: с конца лога (по умолчанию в Kafka)", "latest: from the log end, Kafka's default"),
        WindowTitle => ("Кто и когда видит новые партиции", "When each side sees the new partitions"),
        WindowEarliest => ("Пока продюсер пишет в новую партицию, а группа её ещё не читает, сообщения ждут там. С earliest группа прочтёт их все.", "While the producer writes to a new partition the group does not read yet, those records wait. With earliest the group reads them all."),
        WindowLatest => ("С latest группа начинает с конца лога: всё, что продюсер успел записать в новую партицию до ребалансировки, не прочтёт никто. Об этом предупреждает и документация Kafka к auto.offset.reset.", "With latest the group starts at the log end: whatever the producer wrote to a new partition before the rebalance is never read. Kafka's own documentation of auto.offset.reset warns of this."),
        Skipped => ("Пропущено из-за auto.offset.reset=latest", "Skipped by auto.offset.reset=latest"),
        NoKeyMoves => ("Число партиций не меняется: ни один ключ не переезжает.", "The partition count does not change: no key moves."),
        RefusedShort => ("отказ: INVALID_PARTITIONS", "refused: INVALID_PARTITIONS"),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    RepartitionTitle {
        Title => ("Ловушка: добавили партиции", "The trap of adding partitions"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    RepartitionLede {
        Lede => ("Партиция ключа — это hash(key) % число партиций. Стоит этому числу измениться, и у большинства ключей меняется партиция: история заказа разрывается между старой и новой партициями, и порядок ломается без единой ошибки в коде. Ниже видно, какие ключи переезжают, и показаны два безопасных способа миграции.", "A key's partition is hash(key) % partition count. Change the count and most keys change partition: an order's history is split between the old one and the new one, and order breaks with no bug in anyone's code. Below: what moves, and two safe ways to migrate."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (5.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    RepartitionLesson {
        Narration => ("Через мгновение топик вырастет с 3 до 4 партиций. Продюсер узнает об этом при ближайшем обновлении метаданных и начнёт считать партицию по новому числу.", "In a moment the topic grows from 3 to 4 partitions. The producer learns of it at its next metadata refresh, and then routes with the new count."),
        Question => ("Сломается ли порядок хотя бы одного заказа?", "Will at least one order be handled out of order?"),
        ChoiceA => ("да", "yes"),
        ChoiceB => ("нет, порядок внутри ключа гарантирован", "no, order within a key is guaranteed"),
        ChoiceC => ("только если добавить консьюмеров", "only if consumers are added"),
        Explanation => ("Ключ переезжает: ранние события ждут своей очереди в загруженной старой партиции, а поздние сразу обрабатывает консьюмер новой. Порядок ломается без единой ошибки.", "The key moves: its early events wait in a busy old partition while a new one handles the later ones at once. Order breaks without a single error."),
    }
}
