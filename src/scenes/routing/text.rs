//! The routing scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the routing scene.
    RoutingMsg {
        KeySection => ("Ключ → партиция", "Key → partition"),
        KeyLabel => ("Ключ сообщения", "Record key"),
        NullKey => ("ключ = null (сообщение без ключа)", "key = null (a record with no key)"),
        PartitionsLabel => ("Партиций в топике", "Partitions in the topic"),
        KeyBytes => ("Байты ключа (UTF-8)", "Key bytes (UTF-8)"),
        Partition => ("Партиция", "Partition"),
        NullExplain => ("У сообщения нет ключа, поэтому хеш не считается: партицию выберет стратегия для сообщений без ключа (её видно ниже, в потоке событий). Пустой ключ \"\" — другое дело: его хешируют, как любой другой ключ.", "The record has no key: nothing is hashed, and the keyless strategy picks the partition (see the stream below). An empty key \"\" is different: it is hashed like any other key."),
        AbsTitle => ("Ловушка abs()", "The abs() trap"),
        AbsSame => ("Для этого ключа abs() дал бы ту же партицию, но так бывает не с каждым ключом: попробуйте ключ 21.", "For this key abs() would give the same partition, but not for every key: try key 21."),
        HowHash => ("Как считается murmur2, шаг за шагом", "How murmur2 is computed, step by step"),
        HashStart => ("Начало: h = seed ^ длина", "Start: h = seed ^ length"),
        HashWord => ("Слово", "Word"),
        HashTail => ("Хвост", "Tail"),
        HashFinal => ("Финальное перемешивание", "Final mix"),
        HashResult => ("Результат как int в Java", "Result as a Java int"),
        Bytes => ("байты", "bytes"),
        Placement => ("Кто выбирает партицию", "Who picks the partition"),
        PlacementPartitioner => ("партиционер по хешу ключа (по умолчанию)", "the partitioner, by the key's hash (default)"),
        PlacementExplicit => ("партиция, указанная в самом сообщении", "an explicit partition on the record"),
        PlacementRegion => ("свой партиционер: по префиксу региона (eu/, us/, asia/)", "a custom partitioner: by region prefix (eu/, us/, asia/)"),
        Precedence => ("Java-продюсер проверяет правила в таком порядке: явная партиция → свой партиционер → хеш ключа → стратегия для сообщений без ключа.", "The Java producer's order of rules: explicit partition → custom partitioner → key hash → keyless strategy."),
        DecidedExplicit => ("Решила явная партиция: ключ не учитывается.", "The explicit partition decided: the key is not used."),
        DecidedHash => ("Решил хеш ключа: (murmur2 & 0x7fffffff) % N.", "The key's hash decided: (murmur2 & 0x7fffffff) % N."),
        DecidedKeyless => ("Ключа нет, поэтому решает стратегия для сообщений без ключа.", "No key: the keyless strategy decides."),
        ChapterTitle => ("Пример из главы: топик orders, 3 партиции", "The chapter's example: topic orders, 3 partitions"),
        ChapterNote => ("На схеме в главе order-42 идёт в партицию 1, а order-99 — в партицию 2, но это условные номера. Настоящий murmur2 отправляет оба ключа в партицию 0. Так и должно быть: Kafka обещает порядок внутри ключа, а не отдельную партицию для каждого ключа. Параллелизм появляется, когда ключей много и они разложены по всем партициям.", "The chapter's diagram sends order-42 to partition 1 and order-99 to 2: those numbers are illustrative. The real murmur2 sends both keys to partition 0. That is normal: Kafka promises order per key, not a partition per key. Parallelism comes from many keys spread over the partitions."),
        ClientsTitle => ("Тот же ключ, другой клиент", "Same key, different client"),
        Client => ("Клиент", "Client"),
        Rule => ("Правило", "Rule"),
        AnyPartition => ("любая", "any"),
        RuleKafkaGo => ("ключ не учитывается: партиции идут по кругу", "ignores the key: round-robin"),
        RuleEmptyLikeNull => ("пустой или null ключ не хешируется: все такие сообщения идут в одну случайную партицию, пока не пройдёт sticky.partitioning.linger.ms (2 × linger.ms, то есть двойное время ожидания батча; по умолчанию 10\u{a0}мс). Пока метаданных ещё нет, каждое сообщение получает свою случайную партицию", "an empty or null key is not hashed: one random partition for sticky.partitioning.linger.ms (2 × linger.ms, 10 ms by default); until the first metadata arrives, each record gets a random one of its own"),
        ClientsLesson => ("Если в один топик пишут сервисы на разных клиентах, один и тот же ключ может попасть в разные партиции, и порядок по ключу пропадёт. Договоритесь об одном партиционере для всех, например о murmur2.", "When services on different clients write to one topic, the same key can land in different partitions, and per-key order is gone. Agree on one partitioner, e.g. murmur2 in every client."),
        HistogramTitle => ("Куда попадают ключи order-1 … order-K", "Where the keys order-1 … order-K land"),
        HistogramKeys => ("Ключей", "Keys"),
        StreamTitle => ("Поток событий и порядок их обработки", "A stream of events, and the order it is handled in"),
        StreamKeyed => ("Ключ — номер заказа, поэтому все события заказа попадают в одну партицию, и её консьюмер обрабатывает их по порядку. При любом числе партиций нарушений не будет.", "The key is the order id: all of an order's events go to one partition, and its consumer handles them in order. No violation, whatever the partition count."),
        StreamNull => ("Ключ = null, и события одного заказа расходятся по разным партициям. Консьюмеры работают с разной скоростью, поэтому «Paid» может быть обработан раньше «Created» — именно это ловит проверка порядка.", "Key = null: one order's events spread over partitions. The consumers run at different speeds, so \"Paid\" can be handled before \"Created\", which is what the order checker catches."),
        Strategy => ("Стратегия для сообщений без ключа", "Keyless strategy"),
        StrategyRoundRobin => ("round-robin (Kafka ≤ 2.3): по одному сообщению в каждую партицию по кругу", "round-robin (Kafka ≤ 2.3): one record per partition, in turn"),
        StrategySticky => ("sticky (2.4–3.2): продюсер держится одной партиции, пока ему не понадобится новый батч", "sticky (2.4–3.2): the partition changes when a new batch is needed"),
        StrategyUniformSticky => ("uniform sticky (3.3+): продюсер держится одной партиции, пока туда не уйдёт batch.size байт", "uniform sticky (3.3+): the partition changes after batch.size bytes"),
        BatchSizeHelp => ("batch.size — наибольший размер батча в байтах: заполненный батч сразу уходит брокеру. В Kafka по умолчанию 16\u{a0}384 байта, а сообщения этого потока весят по 14 байт, поэтому здесь предел меньше.", "The batch size limit. Kafka's default is 16384 bytes; this stream's records are 14 bytes each, so it is smaller here."),
        LingerHelp => ("linger.ms — сколько открытый батч ждёт новых сообщений, прежде чем уйти брокеру. В Kafka 4.0 по умолчанию 5\u{a0}мс (KIP-1030), в 3.x — 0.", "How long an open batch waits for more records before it is sent. Default 5 since Kafka 4.0 (KIP-1030), 0 in 3.x."),
        AdaptiveNote => ("Здесь упрощение: с версии 3.3 продюсер выбирает следующую партицию с учётом длины очередей к брокерам (адаптивное разбиение). В этом потоке очереди почти равны, поэтому выбор равномерный.", "A simplification: from 3.3 the next partition is weighted by queue length (adaptive partitioning); here the queues are about equal, so the choice is uniform."),
        OpenBatch => ("открытый батч", "open batch"),
        InFlight => ("в полёте", "in flight"),
        HandledTitle => ("Порядок обработки в группе order-service", "Processing order in group order-service"),
        NothingHandled => ("Пока ничего не обработано: нажмите ▶.", "Nothing handled yet: press ▶."),
        Switches => ("Смен sticky-партиции", "Sticky partition switches"),
        OutOfOrder => ("не по порядку", "out of order"),
        CompareTitle => ("Тот же поток и тот же seed: все способы сразу", "The same stream and seed, every way at once"),
        CompareHow => ("Способ", "Routing"),
        ComparePerPartition => ("Сообщений по партициям", "Records per partition"),
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
        Lede => ("Порядок есть только внутри партиции, поэтому всё зависит от того, в какую партицию попадёт сообщение. Java-продюсер пропускает байты ключа через хеш-функцию murmur2, получает 32-битное число и берёт остаток от его деления на число партиций: один ключ — одна партиция — один порядок. Сообщения без ключа расходятся по партициям, и события одного заказа теряют свой порядок.", "Order exists only inside a partition, so everything depends on which partition a record goes to. The Java producer takes murmur2 of the key's bytes modulo the partition count: same key, same partition, one order. A record with no key is spread over partitions, and one order's events lose their order."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (3.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    RoutingLesson {
        Narration => ("Порядок есть только внутри партиции, поэтому всё решает, куда попадёт сообщение. Java-продюсер считает от байтов ключа хеш murmur2 и берёт остаток от деления на число партиций, так что у ключа всегда одна партиция. Поменяйте ключ или число партиций и посмотрите, какие Go-клиенты с Java не согласны.", "Order exists only inside a partition, so everything depends on where a record lands. The Java producer takes murmur2 of the key's bytes modulo the partition count: one key, one partition. Change the key or the partition count and see which Go clients disagree with Java."),
    }
}
