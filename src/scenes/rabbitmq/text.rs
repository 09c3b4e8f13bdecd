//! The RabbitMQ scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the RabbitMQ scene.
    RabbitMsg {
        Consumers => ("Конкурирующих консьюмеров", "Competing consumers"),
        Remedy => ("Средство RabbitMQ", "RabbitMQ's remedy"),
        RemedyNone => ("нет: одна очередь, конкурирующие консьюмеры", "none: one queue, competing consumers"),
        RemedySingle => ("single active consumer: работает один, остальные ждут", "single active consumer: one works, the others wait"),
        RemedyHash => ("consistent-hash exchange: ключ → своя очередь (идея партиций Kafka)", "consistent-hash exchange: key → its own queue (Kafka's partition idea)"),
        RabbitSide => ("RabbitMQ: очередь и конкурирующие консьюмеры", "RabbitMQ: a queue and competing consumers"),
        KafkaSide => ("Kafka: партиции и группа", "Kafka: partitions and a group"),
        Violations => ("Нарушений порядка", "Order violations"),
        RabbitNote => ("В RabbitMQ порядок есть, пока консьюмер один. Как только их двое, быстрое сообщение обгоняет медленное. В Kafka конкуренция идёт за партиции, а не за сообщения: ключ живёт в одной партиции у одного консьюмера.", "RabbitMQ keeps order while there is one consumer. With two, a fast message overtakes a slow one. In Kafka, consumers compete for partitions, not messages: a key lives in one partition with one consumer."),
    }
}
