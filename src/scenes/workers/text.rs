//! The workers scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the workers scene.
    WorkersMsg {
        Mode => ("Как обрабатываем", "How records are handled"),
        Sequential => ("одна горутина, по очереди", "one goroutine, in order"),
        PerMessage => ("go process(msg): горутина на каждое сообщение", "go process(msg): a goroutine per message"),
        KeyedPool => ("пул воркеров по ключу: hash(key) % W", "a keyed worker pool: hash(key) % W"),
        AboutSequential => ("Порядок сохраняется, но скорость упирается во время обработки: если на одно сообщение уходит 10\u{a0}мс, партиция даёт около 100 сообщений в секунду.", "Order holds, but speed is capped by the processing time: at 10 ms a record, about 100 records a second per partition."),
        AboutPerMessage => ("Это быстро, но горутины заканчивают в случайном порядке, и «Paid» может быть обработан раньше «Created» того же заказа. Проверка порядка это ловит.", "Fast, but goroutines finish in any order: an order's Paid can be handled before its Created. The order checker catches it."),
        AboutKeyedPool => ("Все сообщения одного ключа идут через один канал к одному воркеру, и он обрабатывает их по очереди: порядок по ключу сохраняется, а разные ключи обрабатываются параллельно. Если ключ горячий (на него приходится большая доля сообщений), его канал переполняется, и цикл опроса встаёт в ожидании.", "All of a key's records go through one channel and are handled by one worker in turn: per-key order holds, and different keys run in parallel. A hot key fills its channel, and the poll loop blocks on it."),
        Workers => ("Воркеров (W)", "Workers (W)"),
        Hash => ("Хеш ключа", "Key hash"),
        HashFnv1a => ("FNV-1a (hash/fnv)", "FNV-1a (hash/fnv)"),
        HashXxHash64 => ("xxHash64", "xxHash64"),
        ProcessingMs => ("Обработка одного сообщения, мс (в среднем)", "Processing per record, ms (mean)"),
        Skew => ("Горячий ключ: доля сообщений order-1, %", "Hot key: share of records for order-1, %"),
        StripTitle => ("Offset'ы партиции", "The partition's offsets"),
        LowWatermark => ("коммит по нижней границе (всё до него обработано)", "low-watermark commit"),
        NaiveCommit => ("наивный коммит «всё, что получено»", "naive commit of everything polled"),
        Finished => ("обработано", "handled"),
        InProgress => ("в работе или в канале", "in progress or in a channel"),
        NotPolled => ("ещё не получено", "not polled yet"),
        LostMark => ("потеряется при падении (наивный коммит)", "lost on a crash (naive commit)"),
        WorkersTitle => ("Воркеры и их каналы", "Workers and their channels"),
        Goroutines => ("горутин сейчас работает", "goroutines running now"),
        PollBlocked => ("цикл опроса ждёт: канал воркера полон", "the poll loop waits: a worker's channel is full"),
        CrashTitle => ("Если консьюмер упадёт прямо сейчас", "If the consumer crashed right now"),
        StatThroughput => ("Сообщений в секунду", "Records per second"),
        StatLost => ("Потеряется при падении (наивный коммит)", "Lost on a crash (naive commit)"),
        StatRepeated => ("Повторится при падении (нижняя граница)", "Handled again on a crash (low watermark)"),
        ChartTitle => ("Пропускная способность при разном W (seed тот же)", "Throughput against W, same seed"),
        ChartRunning => ("Прогоняем сцену при каждом W…", "Running the scene at each W…"),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    WorkersTitle {
        Title => ("Порядок внутри Go-консьюмера", "Order inside a Go consumer"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    WorkersLede {
        Lede => ("Одна партиция, один цикл опроса, а дальше выбор за Go-разработчиком: обрабатывать сообщения по одному, запускать горутину на каждое или раздавать их воркерам по хешу ключа. Здесь видно, что каждый вариант делает с порядком, скоростью и коммитом offset'ов.", "One partition, one poll loop, and then the Go developer's choice: handle records one by one, start a goroutine per message, or hand records to workers by the key's hash. Here you see what each does to order, speed and offset commits."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (7.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    WorkersLesson {
        Narration => ("Go-консьюмер запускает go process(msg) на каждое сообщение.", "The Go consumer starts go process(msg) for every record."),
        Question => ("Сохранится ли порядок событий внутри заказа?", "Will each order's events keep their order?"),
        ChoiceA => ("да, сообщения идут по порядку offset'ов", "yes, records come in offset order"),
        ChoiceB => ("нет, горутины заканчивают в любом порядке", "no, goroutines finish in any order"),
        ChoiceC => ("только при GOMAXPROCS=1", "only with GOMAXPROCS=1"),
        Explanation => ("Горутины работают параллельно и заканчивают вразнобой. Порядок по ключу сохраняет пул воркеров по hash(key) % W.", "Goroutines run in parallel and finish in any order. A worker pool keyed by hash(key) % W keeps per-key order."),
    }
}
