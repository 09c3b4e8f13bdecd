//! The producer scene's fixed text, in Russian and English.

use crate::i18n::{catalogue, Lang};
use crate::scenes::producer::model::FailReason;

catalogue! {
    /// Fixed strings of the producer scene.
    ProducerMsg {
        Presets => ("Сценарии", "Presets"),
        PresetCatastrophe => ("Катастрофа из главы", "The chapter's catastrophe"),
        PresetIdempotent => ("Идемпотентный продюсер", "Idempotent producer"),
        PresetInFlight1 => ("Один запрос в полёте", "One request in flight"),
        PresetLostAck => ("Потерянный ответ", "Lost answer"),
        PresetChaos => ("Хаос", "Chaos"),
        PresetNewProducer => ("Новый продюсер", "A new producer"),
        AboutNewProducer => ("Всё как в сценарии «Идемпотентный продюсер», но продюсер только что создан. Брокер о нём ещё ничего не знает и примет от него любой первый порядковый номер (KAFKA-15591), поэтому батч 2 записывается под offset 100. Повторы батча 1 получают OUT_OF_ORDER_SEQUENCE_NUMBER, пока не кончатся попытки: Created теряется, и продюсер переходит в новую эпоху — начинает нумеровать батчи заново. Идемпотентность бережёт порядок, только если брокер уже знает продюсера.", "As in the idempotent preset, but the producer was just created: the broker knows nothing of it and accepts any first sequence (KAFKA-15591). Batch 2 is written at offset 100, and the retries of batch 1 get OUT_OF_ORDER_SEQUENCE_NUMBER until none are left. Created is lost, and the producer takes a new epoch. Idempotence keeps order for a producer the broker already knows."),
        AboutCatastrophe => ("Пять запросов в полёте (отправлены, а ответа на них ещё нет), повторы включены, идемпотентность выключена. Батч 1 (Created) приходит повреждённым, и брокер отвечает ошибкой CORRUPT_MESSAGE. Батч 2 (Paid) к этому времени уже в полёте и записывается под offset 100, а повтор батча 1 ложится под 101. В логе заказ оплачен раньше, чем создан.", "Five requests in flight, retries on, idempotence off. Batch 1 (Created) arrives damaged and the broker refuses it with CORRUPT_MESSAGE; batch 2 (Paid) is already on its way and is written at offset 100, and the retry of batch 1 at 101: the log says the order was paid before it was created."),
        AboutIdempotent => ("Тот же сбой, но с enable.idempotence=true. Идемпотентный продюсер нумерует свои батчи в партиции по порядку, а брокер принимает только следующий номер. Этого продюсера брокер уже знает: offset'ы 0–99 записаны им же, с порядковыми номерами 0–99. Брокер ждёт номер 100 и отвергает батч 2 (номер 101) с ошибкой OUT_OF_ORDER_SEQUENCE_NUMBER. Продюсер повторяет батчи по порядку номеров, и события ложатся в лог в том порядке, в каком произошли.", "The same refusal with enable.idempotence=true, and the broker already knows this producer, which wrote offsets 0–99 itself, with sequences 0–99. The broker expects sequence 100 and refuses batch 2 (sequence 101) with OUT_OF_ORDER_SEQUENCE_NUMBER. The producer resends in sequence order, and the log stays in causal order."),
        AboutInFlight1 => ("Старый совет: max.in.flight.requests.per.connection=1 без идемпотентности. Батч 2 не уходит, пока брокер не подтвердил батч 1, так что обгонять некому. Порядок сохраняется, но каждый батч ждёт, пока предыдущий запрос дойдёт до брокера и ответ вернётся.", "The old advice: max.in.flight.requests.per.connection=1 without idempotence. Batch 2 does not leave until batch 1 is acknowledged, so nothing can overtake. Order holds, but every batch waits a full round trip."),
        AboutLostAck => ("Брокер записал батч 1, но соединение оборвалось раньше, чем он успел ответить, и батч 2, который был ещё в полёте, пропал вместе с соединением. Продюсер повторяет оба батча, и без идемпотентности повторы уходят в обратном порядке: в логе оказываются Created, Paid и ещё раз Created. Включите идемпотентность — брокер узнает повтор батча 1, ответит его прежним offset'ом и второй раз его не запишет.", "The broker wrote batch 1, but the connection broke before the answer left, and batch 2, still on its way, was lost with it. The producer retries both, and without idempotence the retries go newest first: the log holds Created, Paid and Created again. Turn idempotence on: the broker recognises batch 1 and answers with its original offset, without writing it twice."),
        AboutChaos => ("Продюсер отправляет две тысячи сообщений по сети, где 3 запроса из 100 приходят повреждёнными или обрывают соединение, когда брокер их уже записал. Счётчики показывают повторы, перестановки, дубликаты и потери. Переключите идемпотентность и сравните результат на том же seed'е.", "Two thousand records over a network where 3 requests in 100 either arrive damaged or break the connection after the write. The counters show retries, reorders, duplicates and losses. Flip idempotence and compare on the same seed."),
        Settings => ("Настройки продюсера", "Producer settings"),
        HelpBatchSize => ("Наибольший размер батча в байтах. По умолчанию 16\u{a0}384.", "Batch size limit in bytes. Default 16384."),
        HelpLinger => ("Сколько миллисекунд батч ждёт новых сообщений перед отправкой. По умолчанию 5 (с Kafka 4.0), раньше 0; в сцене 0: сообщение уходит сразу.", "How long a batch waits for more records. Default 5 since Kafka 4.0 (KIP-1030), 0 before. The scene starts at 0: each record leaves at once."),
        HelpMaxInFlight => ("Сколько запросов продюсер отправляет, не дожидаясь ответа на предыдущие. По умолчанию 5.", "Requests sent without waiting for an answer. Default 5."),
        HelpRetries => ("Сколько раз продюсер повторит неудачную отправку. По умолчанию 2\u{a0}147\u{a0}483\u{a0}647, почти без предела.", "How many times a failed send is retried. Default 2147483647."),
        HelpRetryBackoffMax => ("Самая длинная пауза перед повтором, в миллисекундах. По умолчанию 1000.", "The longest pause before a retry, ms. Default 1000."),
        HelpKnownProducer => ("Записал ли сообщения до первого offset'а этот же продюсер. Если да, брокер знает его PID (номер продюсера) и последний порядковый номер; нового продюсера он примет с любого номера.", "Whether this producer wrote the offsets before the log start itself. Then the broker knows its PID and last sequence and expects the next one; a new producer it accepts from any sequence."),
        HelpRetryBackoff => ("Пауза перед первым повтором, мс, с разбросом ±20%; каждая следующая вдвое длиннее, но не больше retry.backoff.max.ms. По умолчанию 100.", "The pause before the first retry, ms (±20 % at random); each later one twice as long, up to retry.backoff.max.ms. Default 100."),
        HelpRequestTimeout => ("Сколько миллисекунд продюсер ждёт ответа, прежде чем закрыть соединение. По умолчанию 30\u{a0}000, в сцене меньше.", "How long to wait for an answer; then the connection is closed. Default 30000 (smaller here)."),
        HelpDeliveryTimeout => ("Срок от send() до итога, с повторами: потом батч считается недоставленным, даже если запрос в полёте. По умолчанию 120\u{a0}000; меньше linger.ms + request.timeout.ms — ConfigException.", "The limit for a record from send() to its outcome, retries included: at the deadline the batch is failed, even with its request still on its way. Default 120000. Here it is always set explicitly, so less than linger.ms + request.timeout.ms is a ConfigException; left unset, Kafka would raise it to that sum instead."),
        HelpAcks => ("Какого подтверждения продюсер ждёт от брокера: 0 — никакого, 1 — батч записал лидер, all — батч есть у всех реплик ISR. По умолчанию all.", "What to wait for: 0 nothing, 1 the leader's write, all every in-sync replica. Default all."),
        HelpIdempotence => ("Продюсер нумерует батчи, брокер принимает только следующий номер: повтор не запишется дважды и не обгонит поздний батч. Включено по умолчанию с Kafka 3.0. Задано явно, поэтому acks не all или retries=0 — ConfigException; больше 5 запросов в полёте Kafka 4.x не примет.", "Sequence numbers checked by the broker. On by default since Kafka 3.0. Here it is always set explicitly, so a conflict (acks other than all, retries=0) is a ConfigException; left unset, Kafka would turn idempotence off silently instead. More than 5 in flight Kafka 4.x refuses either way."),
        HelpLink => ("Сеть между продюсером и брокером: задержка в одну сторону, её случайный разброс (он зависит от seed) и сколько запросов из тысячи теряется.", "The network: one-way latency, seeded jitter, and losses per thousand requests."),
        LabelWorkload => ("Что отправляет продюсер", "What the producer sends"),
        LabelLogStart => ("Первый offset лога", "The log's first offset"),
        LabelKnownProducer => ("Брокер уже знает продюсера", "The broker already knows the producer"),
        LabelMaxInFlight => ("Запросов в полёте", "Requests in flight"),
        LabelRetries => ("Повторов, не больше", "Retries, at most"),
        LabelIdempotence => ("Идемпотентность", "Idempotence"),
        LabelBatchSize => ("Размер батча, байт", "Batch size, bytes"),
        LabelLinger => ("Ожидание батча, мс", "Batch linger, ms"),
        LabelRequestTimeout => ("Таймаут запроса, мс", "Request timeout, ms"),
        LabelRetryBackoff => ("Пауза перед повтором, мс", "Retry backoff, ms"),
        LabelRetryBackoffMax => ("Наибольшая пауза перед повтором, мс", "Longest retry backoff, ms"),
        LabelDeliveryTimeout => ("Срок доставки, мс", "Delivery timeout, ms"),
        LabelLatency => ("Задержка сети в одну сторону, мс", "One-way network latency, ms"),
        LabelJitter => ("Разброс задержки, мс", "Latency jitter, ms"),
        LabelFaults => ("Сбои по батчам и попыткам", "Faults by batch and attempt"),
        LabelOutages => ("Отключения сети", "Network outages"),
        Accumulator => ("Аккумулятор", "Accumulator"),
        AccumulatorHelp => ("Аккумулятор (RecordAccumulator) — буфер продюсера: в нём сообщения копятся в батчи, по одному на партицию, пока батч не уйдёт в сеть.", "The accumulator (RecordAccumulator) is the producer's buffer: records gather there into batches, one per partition, until a batch goes on the wire."),
        Queue => ("очередь отправки", "send queue"),
        Wire => ("Сеть", "Network"),
        Broker => ("Брокер · orders-1", "Broker · orders-1"),
        Earlier => ("раньше", "earlier"),
        Duplicate => ("дубликат", "duplicate"),
        StateOpen => ("открыт", "open"),
        StateQueued => ("ждёт отправки", "queued"),
        StateInFlight => ("в полёте", "in flight"),
        StateBackoff => ("пауза перед повтором", "backing off"),
        StateAcked => ("подтверждён", "acknowledged"),
        StateSentNoAck => ("отправлен, ответа не будет (acks=0)", "sent, no answer will come (acks=0)"),
        StateFailed => ("не доставлен", "not delivered"),
        OnTheWire => ("Запросы в сети: вмешайтесь", "Requests on the wire: interfere"),
        NothingOnWire => ("Сейчас в сети нет ни одного запроса. Поставьте сцену на паузу, когда запрос будет в полёте.", "Nothing is on the wire now. Pause while a request is travelling."),
        FaultCorrupt => ("повредить: CORRUPT_MESSAGE", "corrupt it: CORRUPT_MESSAGE"),
        FaultDisconnect => ("записать и оборвать соединение", "write it, then break the connection"),
        Delay => ("задержать на 200\u{a0}мс", "delay by 200 ms"),
        BrokerOutage => ("Брокер недоступен 300\u{a0}мс", "Broker unavailable for 300 ms"),
        Interventions => ("Ваши вмешательства", "Your interventions"),
        ClearInterventions => ("убрать все", "clear all"),
        Diagram => ("Диаграмма последовательности", "Sequence diagram"),
        LifelineProducer => ("Продюсер", "Producer"),
        LifelineBroker => ("Брокер (партиция 1)", "Broker (partition 1)"),
        StatSent => ("Отправлено сообщений", "Records sent"),
        StatRetries => ("Повторов", "Retries"),
        StatReorders => ("Перестановок", "Reorders"),
        StatDuplicates => ("Дубликатов", "Duplicates"),
        StatWritten => ("Сообщений в логе (без повторов)", "Records in the log (once each)"),
        StatFailed => ("Приложение получило «не доставлено»", "Reported failed to the application"),
        StatLost => ("Потеряно", "Lost"),
        StatEpoch => ("Эпоха продюсера", "Producer epoch"),
        BrokerKnows => ("Брокер знает продюсера: ждёт следующий номер после", "The broker knows this producer: it expects the sequence after"),
        BrokerNew => ("Брокер не знает продюсера и примет любой первый номер (KAFKA-15591).", "The broker does not know this producer and accepts any first sequence (KAFKA-15591)."),
        StatThroughput => ("Подтверждённых сообщений в секунду", "Records per second (acknowledged)"),
        PriceTitle => ("Цена старого совета: минута работы модели без сбоев", "The price of the old advice: one simulated minute without faults"),
        PriceOne => ("max.in.flight = 1, без идемпотентности", "max.in.flight = 1, no idempotence"),
        PriceFive => ("max.in.flight = 5, идемпотентность", "max.in.flight = 5, idempotence"),
        PriceNote => ("Приложение отправляет 500 сообщений в секунду. С одним запросом в полёте каждый батч ждёт, пока предыдущий дойдёт до брокера и вернётся ответ, и продюсер не успевает за приложением.", "The application sends 500 records a second. With one request in flight every batch waits a round trip, and the producer falls behind."),
        FlipIdempotence => ("Переключить идемпотентность", "Flip idempotence"),
        CompareTitle => ("Тот же seed с идемпотентностью и без", "The same seed with and without idempotence"),
        WithIdempotence => ("с идемпотентностью", "with idempotence"),
        WithoutIdempotence => ("без идемпотентности", "without idempotence"),
        NothingToCompare => ("Сравнивать здесь нечего: сравнение настроек есть у сценариев «Идемпотентный продюсер», «Один запрос в полёте» и «Хаос».", "Nothing to compare here: the presets \"Idempotent producer\", \"One request in flight\" and \"Chaos\" come with a comparison of settings."),
        NotStarted => ("Продюсер не создан: Kafka отвергла настройки. Исправьте их выше.", "The producer was not created: Kafka rejected the settings. Fix them above."),
        SummaryReordered => ("Итог: в логе позднее событие заказа стоит раньше раннего. Оно выделено красным и попало в список нарушений; шагните назад, чтобы увидеть, как так вышло.", "Outcome: the log holds an order's later event before its earlier one. See the red record and the violation; step back to see how it happened."),
        SummaryDuplicated => ("Итог: порядок цел, но одно и то же сообщение лежит в логе дважды — это повтор после потерянного ответа.", "Outcome: order holds, but the same record is in the log twice: a retry after a lost answer."),
        SummaryGap => ("Итог: история заказа разорвана — позднее событие в логе есть, а раннего нет. Порядок тут ни при чём, это потеря: посмотрите, о каких сообщениях приложение получило ответ «не доставлено».", "Outcome: an order's history is broken: the log holds a later event but not an earlier one. That is not order kept but a loss: see which records the application was told had failed."),
        SummaryLost => ("Итог: порядок в логе цел, но дошли не все сообщения — часть потеряна.", "Outcome: the log keeps order, but not every record got there: some were lost."),
        SummaryKept => ("Итог: каждое сообщение лежит в логе ровно один раз и в том порядке, в каком его отправило приложение.", "Outcome: every record is in the log exactly once, in the order the application sent it."),
        Caption0 => ("Нажмите ▶: приложение отправит события заказа, продюсер соберёт батчи и отправит их брокеру.", "Press ▶: the application sends the order's events, and the producer batches them and sends them to the broker."),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    ProducerTitle {
        Title => ("Продюсер сам ломает порядок", "The producer reorders its own records"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    ProducerLede {
        Lede => ("Порядок может сломаться ещё до того, как сообщения попадут на диск брокера. Продюсер держит в полёте несколько запросов сразу — отправленных, но ещё без ответа. Если брокер отказал первому запросу, а второй уже отправлен, повтор первого запишется после второго. Посмотрите, как это происходит и как это исправляют идемпотентность (брокер проверяет порядковые номера батчей и отбрасывает повторы) или один запрос в полёте.", "Order can break before a byte reaches the broker's disk. A producer keeps several requests in flight; if the broker refuses the first while the second is on its way, the first one's retry is written after the second. Watch it happen, and watch idempotence or a single request in flight prevent it."),
    }
}

/// Why the producer gave a batch up, as its failure says it.
pub fn fail_reason(lang: Lang, reason: FailReason) -> String {
    match (reason, lang.is_ru()) {
        (FailReason::RetriesExhausted, true) => "исчерпаны повторы (retries)".to_owned(),
        (FailReason::RetriesExhausted, false) => "retries exhausted".to_owned(),
        (FailReason::DeliveryTimeout, true) => "истёк delivery.timeout.ms".to_owned(),
        (FailReason::DeliveryTimeout, false) => "delivery.timeout.ms expired".to_owned(),
        (FailReason::Fatal(code), _) => code.name().to_owned(),
    }
}

catalogue! {
    /// The guided lesson's steps on this scene (4.1, 4.2): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    ProducerLesson {
        Narration1 => ("Пять запросов в полёте, идемпотентность выключена. Батч 1 (Created) пришёл повреждённым, и брокер ответил ошибкой CORRUPT_MESSAGE. Батч 2 (Paid) к этому времени уже в полёте и ляжет под offset 100.", "Five requests in flight, no idempotence. Batch 1 (Created) arrived damaged and the broker answered CORRUPT_MESSAGE; batch 2 (Paid) is already on its way and will land at offset 100."),
        Question1 => ("Продюсер повторит батч 1. Куда он ляжет?", "The producer will retry batch 1. Where will it land?"),
        ChoiceA1 => ("перед Paid, под offset 99", "before Paid, at offset 99"),
        ChoiceB1 => ("после Paid, под offset 101", "after Paid, at offset 101"),
        ChoiceC1 => ("никуда, он потерян", "nowhere, it is lost"),
        Explanation1 => ("Лог только дописывается, поэтому повтор встанет в конец, под offset 101. В логе заказ «оплачен» раньше, чем «создан».", "The log only appends: the retry goes to the end, at 101. The order is 'paid' before it is 'created'."),
        Narration2 => ("То же самое, но с enable.idempotence=true: продюсер нумерует батчи порядковыми номерами, а брокер проверяет, что номера идут подряд. Этого продюсера брокер уже знает — offset'ы 0–99 записаны им же, с номерами 0–99. У батча 1 номер 100, у батча 2 — 101.", "The same, with enable.idempotence=true, and the broker knows this producer, which wrote offsets 0–99 itself, with sequences 0–99. Batch 1 carries sequence 100, batch 2 sequence 101."),
        Question2 => ("Что брокер сделает с батчем 2, пока батча 1 нет?", "What will the broker do with batch 2 while batch 1 is missing?"),
        ChoiceA2 => ("запишет под offset 100", "write it at offset 100"),
        ChoiceB2 => ("откажет: OUT_OF_ORDER_SEQUENCE_NUMBER", "refuse it: OUT_OF_ORDER_SEQUENCE_NUMBER"),
        ChoiceC2 => ("молча выбросит", "drop it silently"),
        Explanation2 => ("Брокер знает продюсера и ждёт номер 100 — «последний + 1». Номер 101 идёт не по порядку, поэтому брокер отказывает, и продюсер повторит оба батча по порядку номеров. Незнакомого продюсера брокер принял бы с любого номера — это показывает сценарий «Новый продюсер».", "The broker knows this producer and expects 100, 'last + 1'. 101 is out of sequence, so it is refused, and the producer resends both in sequence order. A producer the broker has never seen it would accept at any sequence: see the “A new producer” preset."),
    }
}
