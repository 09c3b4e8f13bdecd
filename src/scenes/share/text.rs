//! The share group scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the share group scene.
    ShareMsg {
        Consumers => ("Консьюмеров в каждой дорожке", "Consumers in each lane"),
        Partitions => ("Партиций в топике", "Partitions in the topic"),
        LockDuration => ("Блокировка сообщения, мс (share.record.lock.duration.ms)", "Record lock, ms (share.record.lock.duration.ms)"),
        DeliveryLimit => ("Предел доставок (share.delivery.count.limit)", "Delivery limit (share.delivery.count.limit)"),
        Release => ("одно сообщение один раз падает, и консьюмер отпускает его (RELEASE)", "one record fails once: the consumer RELEASEs it"),
        LockTimeout => ("одно сообщение обрабатывается 35\u{a0}с — дольше, чем длится блокировка по умолчанию", "one record hangs for 35 s, past the default lock"),
        Poison => ("одно сообщение падает каждый раз (poison pill)", "one record fails every time (a poison pill)"),
        GroupLane => ("Группа консьюмеров: каждую партицию читает один консьюмер", "Consumer group: one consumer per partition"),
        ShareLane => ("Share-группа: сообщения одной партиции достаются всем", "Share group: one partition's records go to everyone"),
        PoolLane => ("Пул воркеров по ключу: каждый ключ обрабатывает один воркер", "Keyed worker pool: one worker per key"),
        Violations => ("Нарушений порядка", "Order violations"),
        ReadsWith => ("Ваш сервис читает топик так", "Your service reads the topic with"),
        Yours => ("ваш сервис", "your service"),
        PartitionTitle => ("Партиция глазами share-группы", "The partition, as the share group sees it"),
        Available => ("доступно", "available"),
        Acquired => ("захвачено", "acquired"),
        Acknowledged => ("подтверждено", "acknowledged"),
        Archived => ("в архиве", "archived"),
        WhenShare => ("Share-группа хороша для независимых задач: писем, счетов, картинок. Ей не нужно столько партиций, сколько консьюмеров, а упавшую задачу она отдаст другому консьюмеру. Но порядка она не обещает даже внутри партиции, поэтому события одного заказа ей доверять нельзя: для них нужна группа консьюмеров или пул воркеров по ключу.", "A share group suits independent jobs: e-mails, invoices, thumbnails. It needs no partition per consumer, and it hands a failed job to someone else. It promises no order, not even within a partition, so it is the wrong tool for one order's stream of events: that needs a consumer group or a keyed worker pool."),
        Simplifies => ("Упрощение: когда сообщений ждут несколько консьюмеров, здесь их получает тот, кто ждёт дольше, а у настоящего брокера — тот, чей запрос ShareFetch пришёл первым. Подтверждения консьюмер отправляет вместе со следующим опросом.", "A simplification: when several consumers wait for records, the one that has waited longest gets them here; on a broker, whichever ShareFetch request comes first wins. A consumer sends its acknowledgements with its next poll."),
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
        Lede => ("Один топик с событиями заказов читают тремя способами: группой консьюмеров, share-группой (KIP-932, Kafka 4.2) и пулом воркеров по ключу. Share-группа раздаёт сообщения одной партиции всем своим консьюмерам и каждое блокирует за получателем на время: пока блокировка действует, другим его не выдадут. Консьюмер подтверждает сообщения по одному (ACCEPT) или отпускает назад (RELEASE). Вернувшееся сообщение уходит тому, кто спросит следующим, и порядок событий одного заказа теряется.", "One topic of order events, read three ways: by a consumer group, by a share group (KIP-932, Kafka 4.2) and by a keyed worker pool. A share group hands one partition's records to all its consumers, each under a time lock, and takes acknowledgements one record at a time. A record that comes back goes to whoever asks next, and one order's events lose their order."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (9.2).
    ShareLesson {
        Narration => ("Share-группа — это очередь внутри Kafka: консьюмеров в ней может быть больше, чем партиций, но порядка по ключу она не держит.", "A share group is a queue inside Kafka: more consumers than partitions, but no per-key order."),
        Question => ("Три консьюмера share-группы читают одну партицию. Что будет с событиями order-1?", "Three share group consumers read one partition. What happens to order-1's events?"),
        Ordered => ("Они придут по порядку: одна партиция — один порядок", "They arrive in order: one partition, one order"),
        Unordered => ("Их могут обработать не по порядку: сообщения одной партиции достаются разным консьюмерам", "They may be handled out of order: one partition's records go to different consumers"),
        Lost => ("Часть событий потеряется без следа", "Some events vanish without a trace"),
        Why => ("Share-группа выдаёт сообщения тому, кто спросил, а не владельцу партиции. Два консьюмера обрабатывают соседние события одного заказа одновременно, и быстрый обгоняет медленного. Пропасть сообщение может, только когда его доставляли предельное число раз (share.delivery.count.limit): тогда брокер переводит его в архив.", "A share group acquires records for whoever asks, not for a partition's owner. Two consumers handle neighbouring events of one order at once, and the fast one overtakes the slow one. A record is dropped only after the delivery limit, and the broker marks it archived."),
    }
}
