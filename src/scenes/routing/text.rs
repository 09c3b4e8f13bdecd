//! The routing scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the routing scene.
    RoutingMsg {
        KeySection => ("Ключ → партиция", "Key → partition"),
        KeyLabel => ("Ключ записи", "Record key"),
        NullKey => ("ключ = null (записи без ключа)", "key = null (a record with no key)"),
        PartitionsLabel => ("Партиций в топике", "Partitions in the topic"),
        KeyBytes => ("Байты ключа (UTF-8)", "Key bytes (UTF-8)"),
        Partition => ("Партиция", "Partition"),
        NullExplain => ("У записи нет ключа: хеш не считается, партицию выберет стратегия для записей без ключа (ниже, в потоке событий). Пустой ключ \"\" — это другое: он хешируется, как любой ключ.", "The record has no key: nothing is hashed, and the keyless strategy picks the partition (see the stream below). An empty key \"\" is different: it is hashed like any other key."),
        AbsTitle => ("Ловушка abs()", "The abs() trap"),
        AbsSame => ("Для этого ключа abs() дал бы ту же партицию, но так бывает не всегда: попробуйте ключ 21.", "For this key abs() would give the same partition, but not for every key: try key 21."),
        HowHash => ("Как считается murmur2, шаг за шагом", "How murmur2 is computed, step by step"),
        HashStart => ("Начало: h = seed ^ длина", "Start: h = seed ^ length"),
        HashWord => ("Слово", "Word"),
        HashTail => ("Хвост", "Tail"),
        HashFinal => ("Финальное перемешивание", "Final mix"),
        HashResult => ("Итог как int в Java", "Result as a Java int"),
        Bytes => ("байты", "bytes"),
        Placement => ("Кто выбирает партицию", "Who picks the partition"),
        PlacementPartitioner => ("партиционер по хешу ключа (по умолчанию)", "the partitioner, by the key's hash (default)"),
        PlacementExplicit => ("явная партиция в самой записи", "an explicit partition on the record"),
        PlacementRegion => ("свой партиционер: по префиксу региона (eu/, us/, asia/)", "a custom partitioner: by region prefix (eu/, us/, asia/)"),
        Precedence => ("Порядок правил в Java-продюсере: явная партиция → свой партиционер → хеш ключа → стратегия без ключа.", "The Java producer's order of rules: explicit partition → custom partitioner → key hash → keyless strategy."),
        DecidedExplicit => ("Решила явная партиция: ключ не учитывается.", "The explicit partition decided: the key is not used."),
        DecidedHash => ("Решил хеш ключа: (murmur2 & 0x7fffffff) % N.", "The key's hash decided: (murmur2 & 0x7fffffff) % N."),
        DecidedKeyless => ("Ключа нет — решает стратегия для записей без ключа.", "No key: the keyless strategy decides."),
        ChapterTitle => ("Пример из главы: топик orders, 3 партиции", "The chapter's example: topic orders, 3 partitions"),
        ChapterNote => ("На схеме в главе order-42 идёт в партицию 1, а order-99 — в 2: это условные номера. Настоящий murmur2 отправляет оба ключа в партицию 0. Так и должно быть: Kafka обещает порядок внутри ключа, а не отдельную партицию на ключ. Параллелизм дают много ключей, разложенных по партициям.", "The chapter's diagram sends order-42 to partition 1 and order-99 to 2: those numbers are illustrative. The real murmur2 sends both keys to partition 0. That is normal: Kafka promises order per key, not a partition per key. Parallelism comes from many keys spread over the partitions."),
        ClientsTitle => ("Тот же ключ, другой клиент", "Same key, different client"),
        Client => ("Клиент", "Client"),
        Rule => ("Правило", "Rule"),
        AnyPartition => ("любая", "any"),
        RuleKafkaGo => ("ключ не учитывается: по кругу", "ignores the key: round-robin"),
        RuleEmptyLikeNull => ("пустой или null ключ не хешируется: одна случайная партиция на sticky.partitioning.linger.ms (2 × linger.ms, по умолчанию 10 мс); пока метаданных ещё нет, у каждой записи своя случайная партиция", "an empty or null key is not hashed: one random partition for sticky.partitioning.linger.ms (2 × linger.ms, 10 ms by default); until the first metadata arrives, each record gets a random one of its own"),
        ClientsLesson => ("Если в один топик пишут сервисы на разных клиентах, один ключ может оказаться в разных партициях, и порядок по ключу пропадёт. Договоритесь об одном партиционере, например murmur2 во всех клиентах.", "When services on different clients write to one topic, the same key can land in different partitions, and per-key order is gone. Agree on one partitioner, e.g. murmur2 in every client."),
        HistogramTitle => ("Как ложатся ключи order-1 … order-K", "Where the keys order-1 … order-K land"),
        HistogramKeys => ("Ключей", "Keys"),
        StreamTitle => ("Поток событий и порядок обработки", "A stream of events, and the order it is handled in"),
        StreamKeyed => ("Ключ — номер заказа: все события заказа попадают в одну партицию, и её консьюмер обрабатывает их по порядку. Нарушений нет при любом числе партиций.", "The key is the order id: all of an order's events go to one partition, and its consumer handles them in order. No violation, whatever the partition count."),
        StreamNull => ("Ключ = null: события одного заказа расходятся по партициям. Консьюмеры работают с разной скоростью, и «Paid» может быть обработан раньше «Created» — это и видит проверка порядка.", "Key = null: one order's events spread over partitions. The consumers run at different speeds, so \"Paid\" can be handled before \"Created\", which is what the order checker catches."),
        Strategy => ("Стратегия для записей без ключа", "Keyless strategy"),
        StrategyRoundRobin => ("round-robin (Kafka ≤ 2.3): по одной записи в каждую партицию по кругу", "round-robin (Kafka ≤ 2.3): one record per partition, in turn"),
        StrategySticky => ("sticky (2.4–3.2): партиция меняется, когда нужен новый батч", "sticky (2.4–3.2): the partition changes when a new batch is needed"),
        StrategyUniformSticky => ("uniform sticky (3.3+): партиция меняется после batch.size байт", "uniform sticky (3.3+): the partition changes after batch.size bytes"),
        BatchSizeHelp => ("Предел размера батча. В Kafka по умолчанию 16384 байта; записи в этом потоке по 14 байт, поэтому здесь меньше.", "The batch size limit. Kafka's default is 16384 bytes; this stream's records are 14 bytes each, so it is smaller here."),
        LingerHelp => ("Сколько открытый батч ждёт новых записей перед отправкой. По умолчанию 5 с Kafka 4.0 (KIP-1030), в 3.x — 0.", "How long an open batch waits for more records before it is sent. Default 5 since Kafka 4.0 (KIP-1030), 0 in 3.x."),
        AdaptiveNote => ("Упрощение: в 3.3+ следующая партиция выбирается с учётом длины очередей (адаптивное разбиение); здесь очереди почти равны, и выбор равномерный.", "A simplification: from 3.3 the next partition is weighted by queue length (adaptive partitioning); here the queues are about equal, so the choice is uniform."),
        Accumulator => ("Аккумулятор", "Accumulator"),
        OpenBatch => ("открытый батч", "open batch"),
        InFlight => ("в пути", "in flight"),
        HandledTitle => ("Порядок обработки в группе order-service", "Processing order in group order-service"),
        NothingHandled => ("Пока ничего не обработано: нажмите ▶.", "Nothing handled yet: press ▶."),
        Switches => ("Смен sticky-партиции", "Sticky partition switches"),
        OutOfOrder => ("не по порядку", "out of order"),
        CompareTitle => ("Тот же поток, тот же seed: все способы сразу", "The same stream and seed, every way at once"),
        CompareHow => ("Способ", "Routing"),
        ComparePerPartition => ("Записей по партициям", "Records per partition"),
        KeyedByOrder => ("ключ = номер заказа (murmur2)", "key = order id (murmur2)"),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    RoutingTitle {
        Title => ("Ключ решает порядок", "Keys decide order"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    RoutingLede {
        Lede => ("Порядок есть только внутри партиции, поэтому всё решает, в какую партицию попадёт запись. Java-продюсер берёт murmur2 от байтов ключа и делит по модулю на число партиций: одинаковый ключ — одна партиция — один порядок. Запись без ключа раскладывается по партициям, и порядок событий одного заказа теряется.", "Order exists only inside a partition, so everything depends on which partition a record goes to. The Java producer takes murmur2 of the key's bytes modulo the partition count: same key, same partition, one order. A record with no key is spread over partitions, and one order's events lose their order."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (3.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    RoutingLesson {
        Narration => ("Порядок есть только внутри партиции, поэтому всё решает, куда ляжет запись. Java-продюсер берёт murmur2 от байтов ключа по модулю числа партиций: у одного ключа одна партиция. Поменяйте ключ или число партиций и посмотрите, кто из Go-клиентов с Java не согласен.", "Order exists only inside a partition, so everything depends on where a record lands. The Java producer takes murmur2 of the key's bytes modulo the partition count: one key, one partition. Change the key or the partition count and see which Go clients disagree with Java."),
    }
}
