//! The share group scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the share group scene.
    ShareMsg {
        Consumers => ("Консьюмеров в каждой дорожке", "Consumers in each lane"),
        Partitions => ("Партиций в топике", "Partitions in the topic"),
        LockDuration => ("Блокировка записи, мс (share.record.lock.duration.ms)", "Record lock, ms (share.record.lock.duration.ms)"),
        DeliveryLimit => ("Предел доставок (share.delivery.count.limit)", "Delivery limit (share.delivery.count.limit)"),
        Release => ("одна запись падает один раз: консьюмер делает RELEASE", "one record fails once: the consumer RELEASEs it"),
        LockTimeout => ("одна запись зависает на 35 с, дольше блокировки по умолчанию", "one record hangs for 35 s, past the default lock"),
        Poison => ("одна запись падает всегда (poison pill)", "one record fails every time (a poison pill)"),
        GroupLane => ("Группа консьюмеров: партиция у одного консьюмера", "Consumer group: one consumer per partition"),
        ShareLane => ("Share-группа: записи одной партиции у всех", "Share group: one partition's records go to everyone"),
        PoolLane => ("Пул воркеров по ключу: ключ у одного воркера", "Keyed worker pool: one worker per key"),
        Violations => ("Нарушений порядка", "Order violations"),
        ReadsWith => ("Ваш сервис читает топик так", "Your service reads the topic with"),
        Yours => ("ваш сервис", "your service"),
        PartitionTitle => ("Партиция глазами share-группы", "The partition, as the share group sees it"),
        Available => ("доступна", "available"),
        Acquired => ("захвачена", "acquired"),
        Acknowledged => ("подтверждена", "acknowledged"),
        Archived => ("в архиве", "archived"),
        WhenShare => ("Share-группа годится для независимых задач: письма, счета, картинки. Ей не нужны партиции по числу консьюмеров, а упавшую задачу она отдаст другому. Порядка она не обещает даже внутри партиции, поэтому поток событий одного заказа ей доверять нельзя: тут нужна группа консьюмеров или пул воркеров по ключу.", "A share group suits independent jobs: e-mails, invoices, thumbnails. It needs no partition per consumer, and it hands a failed job to someone else. It promises no order, not even within a partition, so it is the wrong tool for one order's stream of events: that needs a consumer group or a keyed worker pool."),
        Simplifies => ("Упрощение: когда записей ждут несколько консьюмеров, здесь их получает тот, кто ждёт дольше; у брокера это решает гонка запросов ShareFetch. Консьюмер отправляет подтверждения со следующим опросом.", "A simplification: when several consumers wait for records, the one that has waited longest gets them here; on a broker, whichever ShareFetch request comes first wins. A consumer sends its acknowledgements with its next poll."),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    ShareTitle {
        Title => ("Share-группы: очередь внутри Kafka", "Share groups: a queue inside Kafka"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    ShareLede {
        Lede => ("Один топик с событиями заказов читают тремя способами: группой консьюмеров, share-группой (KIP-932, Kafka 4.2) и пулом воркеров по ключу. Share-группа раздаёт записи одной партиции всем своим консьюмерам, каждую под блокировку на время, и подтверждает их по одной. Записи, которые вернулись в партицию, уходят следующему, и порядок событий одного заказа теряется.", "One topic of order events, read three ways: by a consumer group, by a share group (KIP-932, Kafka 4.2) and by a keyed worker pool. A share group hands one partition's records to all its consumers, each under a time lock, and takes acknowledgements one record at a time. A record that comes back goes to whoever asks next, and one order's events lose their order."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (9.2).
    ShareLesson {
        Narration => ("Share-группа — это очередь внутри Kafka: консьюмеров может быть больше, чем партиций, но порядка по ключу нет.", "A share group is a queue inside Kafka: more consumers than partitions, but no per-key order."),
        Question => ("Три консьюмера share-группы читают одну партицию. Что будет с событиями order-1?", "Three share group consumers read one partition. What happens to order-1's events?"),
        Ordered => ("Они придут по порядку: одна партиция — один порядок", "They arrive in order: one partition, one order"),
        Unordered => ("Их могут обработать не по порядку: записи одной партиции у разных консьюмеров", "They may be handled out of order: one partition's records go to different consumers"),
        Lost => ("Часть событий потеряется без следа", "Some events vanish without a trace"),
        Why => ("Share-группа захватывает записи для того, кто спросил, а не для владельца партиции. Два консьюмера обрабатывают соседние события одного заказа одновременно, и быстрый обгоняет медленного. Пропасть запись может только после предела доставок, и брокер помечает её как архивную.", "A share group acquires records for whoever asks, not for a partition's owner. Two consumers handle neighbouring events of one order at once, and the fast one overtakes the slow one. A record is dropped only after the delivery limit, and the broker marks it archived."),
    }
}
