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
        RingNote => ("Каждая очередь привязана к exchange с весом 1, и на кольце у неё столько корзин, каков её вес. Корзину для ключа выбирает jump consistent hash — хеш, который при добавлении очереди переносит на неё только необходимую долю ключей. RabbitMQ хеширует ключ функцией erlang:phash2, а здесь вместо неё murmur2: ключ может попасть не в ту очередь, что на настоящем брокере, но у каждого ключа по-прежнему ровно одна очередь.", "Each queue is bound to the exchange with weight 1 and takes as many buckets of the ring as its weight; a key picks its bucket by jump consistent hash. RabbitMQ hashes the key with erlang:phash2; the scene uses murmur2 instead, so a key may land on another queue than on a real broker, but each key still has exactly one queue."),
        Requeue => ("одна доставка падает один раз: basic.nack с requeue=true", "one delivery fails once: basic.nack with requeue=true"),
        RabbitSide => ("RabbitMQ: очередь и конкурирующие консьюмеры", "RabbitMQ: a queue and competing consumers"),
        KafkaSide => ("Kafka: партиции и группа", "Kafka: partitions and a group"),
        Violations => ("Нарушений порядка", "Order violations"),
        RabbitNote => ("В RabbitMQ порядок сохраняется, пока консьюмер один и ничего не возвращается в очередь. Как только консьюмеров становится двое, сообщение, которое обработали быстрее, обгоняет медленное. В Kafka консьюмеры делят партиции, а не сообщения: все сообщения одного ключа лежат в одной партиции, и читает её один консьюмер.", "RabbitMQ keeps order while there is one consumer and nothing goes back to the queue. With two consumers, a fast message overtakes a slow one. In Kafka, consumers compete for partitions, not messages: a key lives in one partition with one consumer."),
        RequeueNote => ("Возвращённое сообщение встаёт в голову очереди, но консьюмер уже держит следующие, выданные ему заранее (basic.qos 4), и получит возвращённое только после них. Поэтому порядок ломается даже с одним консьюмером и с single active consumer. В Kafka консьюмер повторяет то же сообщение на его offset'е, а следующие ждут.", "The returned message goes to the head of the queue, but the consumer already holds the next ones of its prefetch (basic.qos 4) and gets it only after them: order breaks with one consumer too, and with a single active consumer. In Kafka the consumer handles the same record again at its offset, and the next ones wait."),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    RabbitMqTitle {
        Title => ("RabbitMQ и Kafka: кто с кем конкурирует", "RabbitMQ and Kafka: who competes for what"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    RabbitMqLede {
        Lede => ("Один и тот же поток событий заказов читают двумя способами. Слева — очередь RabbitMQ с конкурирующими консьюмерами, справа — топик Kafka, в котором партиций столько же, сколько консьюмеров в группе.", "One stream of order events, two models of competition. On the left, a RabbitMQ queue with competing consumers; on the right, a Kafka topic with as many partitions and a consumer group."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (9.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    RabbitMqLesson {
        Narration => ("В RabbitMQ конкурирующие консьюмеры ломают порядок. В Kafka консьюмеры делят между собой партиции, а не сообщения, и порядок по ключу сохраняется.", "In RabbitMQ competing consumers break order; in Kafka they compete for partitions."),
    }
}
