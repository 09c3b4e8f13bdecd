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
        NewTopic => ("новый топик с дренажом", "new topic with a drain"),
        AboutNaive => ("Продюсер сразу считает партицию по новому числу. Ранние события заказа остались в старой партиции, поздние уходят в новую — и быстрый консьюмер новой партиции может обработать их раньше.", "The producer routes with the new count at once. An order's early events stay in its old partition, its later ones go to a new one, and the new partition's fast consumer can handle them first."),
        AboutTwoPhase => ("Заказы, которые уже начались, закреплены за старой партицией в таблице (или в своём партиционере), пока не завершатся. Новые заказы идут по новому числу. Таблица пустеет сама, и потом все ключи живут по новому правилу.", "Orders already under way are pinned to their old partition in a table (or a custom partitioner) until they finish. New orders use the new count. The table empties by itself, and then every key follows the new rule."),
        AboutNewTopic => ("Создаётся новый топик с нужным числом партиций. Продюсеры ставят запись на паузу (копят в буфере), консьюмеры дочитывают старый топик до конца, и только потом продюсеры переключаются. Порядок цел, цена — пауза.", "A new topic is created with the new count. Producers pause (and buffer), consumers read the old topic to its end, and only then do producers switch. Order holds; the price is the pause."),
        KeysTitle => ("Какие ключи переедут", "Which keys move"),
        ConsistentNote => ("Kafka не использует консистентное хеширование: партиция — это остаток от деления, и при смене числа партиций переезжает большинство ключей.", "Kafka does not use consistent hashing: the partition is a remainder, so changing the count moves most keys."),
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
        TableTitle => ("Таблица закреплённых заказов", "The pinned-orders table"),
        PauseTitle => ("Цена паузы", "The price of the pause"),
        CompareTitle => ("Три способа на одном seed", "Three ways on one seed"),
        Violations => ("Нарушений", "Violations"),
        Pause => ("Пауза продюсеров", "Producer pause"),
        ExtraState => ("Доп. состояние", "Extra state"),
        None => ("нет", "none"),
    }
}
