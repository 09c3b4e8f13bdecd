//! The replication scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the replication scene.
    ReplicationMsg {
        Acks => ("acks продюсера", "Producer acks"),
        MinIsr => ("min.insync.replicas: сколько реплик должно быть в ISR, чтобы брокер принимал сообщения с acks=all", "min.insync.replicas: minimum in-sync replicas"),
        Unclean => ("unclean.leader.election.enable: разрешить выбор лидера вне ISR и ELR, даже ценой потери подтверждённых сообщений", "unclean.leader.election.enable: allow a leader from neither the ISR nor the ELR"),
        ReplicaActions => ("Что и когда случается с брокерами", "What happens to which broker, when"),
        CrashLeader => ("Уронить лидера", "Crash the leader"),
        Slow => ("замедлить", "slow down"),
        Heal => ("вернуть скорость", "speed up again"),
        Crash => ("уронить", "crash"),
        Leader => ("лидер", "leader"),
        Follower => ("фолловер", "follower"),
        InIsr => ("в ISR", "in the ISR"),
        InElr => ("в ELR: вне ISR, но всё подтверждённое у него есть; станет лидером, если ISR опустеет", "in the ELR: may lead if the ISR empties"),
        OutOfIsr => ("вне ISR", "out of the ISR"),
        Dead => ("упал", "down"),
        HighWatermark => ("high watermark: консьюмеры читают только сообщения ниже него", "high watermark: consumers read only below it"),
        HwFrozen => ("Пока ISR меньше минимума, лидер не сдвигает high watermark (так с Kafka 3.7). Новые сообщения не видны консьюмерам, а сообщения с acks=all брокер отклоняет с NOT_ENOUGH_REPLICAS ещё до записи в лог.", "While the ISR is below the minimum, the leader does not move the high watermark (since Kafka 3.7): new records stay invisible to consumers, and the broker refuses an acks=all write before it reaches the log, with NOT_ENOUGH_REPLICAS."),
        AboveHw => ("выше HW: консьюмеры этого ещё не видят", "above the HW: not yet visible to consumers"),
        DiffTitle => ("Сравнение живых реплик", "Live replicas compared"),
        NoDiff => ("Различий нет: ниже high watermark у всех живых реплик на каждом offset'е одно и то же сообщение, и в логе есть всё подтверждённое.", "No difference: below the high watermark every live replica holds the same record at every offset, and the log holds everything acknowledged."),
        NowPastEnd => ("теперь за концом лога", "now past the log's end"),
        Truncated => ("Обрезаны при смене лидера (были выше HW, консьюмеры их не видели)", "Truncated at the leader change (above the HW, never seen by consumers)"),
        Lost => ("Потеряны сообщения, подтверждённые ISR (лидер выбран вне ISR и ELR)", "Committed records lost (a leader from neither the ISR nor the ELR)"),
        StatAcked => ("Подтверждено", "Acknowledged"),
        StatNotEnough => ("NOT_ENOUGH_REPLICAS", "NOT_ENOUGH_REPLICAS errors"),
        StatTimedOut => ("Записаны, но не подтверждены (таймаут)", "Written, never confirmed (timed out)"),
        StatNoLeader => ("Нет лидера", "No leader"),
        StatAckedLost => ("Подтверждены, но потеряны", "Acknowledged, then lost"),
        RefusedNote => ("NOT_ENOUGH_REPLICAS: брокер отказал ещё до записи в лог, поэтому этих сообщений нет ни на одной реплике. Продюсер этой сцены отправку не повторяет, и у заказа может не хватать события; Java-продюсер повторял бы такую ошибку до delivery.timeout.ms.", "NOT_ENOUGH_REPLICAS: the broker refused before writing, so no replica holds these records. This scene's producer does not resend, so an order may miss an event; the Java producer would retry this error until delivery.timeout.ms."),
        TimedOutNote => ("Таймаут: сообщения попали в лог лидера, но high watermark не дошёл до них за request.timeout.ms — либо ISR стал меньше min.insync.replicas, либо упал лидер, который держал запрос. Продюсер считает их неудачными, и повтор может записать их второй раз. До Kafka 3.7 high watermark в такой момент сдвигался дальше и брокер отвечал NOT_ENOUGH_REPLICAS_AFTER_APPEND; теперь запрос ждёт, а этот ответ остался только для редкой гонки потоков брокера.", "Timed out: these records were written to the leader's log, but the high watermark did not reach them within request.timeout.ms: the ISR fell below min.insync.replicas, or the leader holding the request died. The producer counts them as failed, and a retry may write them twice. Before Kafka 3.7 the high watermark moved on at such a moment and the broker answered NOT_ENOUGH_REPLICAS_AFTER_APPEND; now the request waits, and that answer is left to a rare race between broker threads."),
        ElectedFromElr => ("ISR опустел вместе с лидером, и контроллер выбрал нового лидера из ELR — реплик, которые вышли из ISR, когда в нём уже было меньше min.insync.replicas. Всё, что ниже high watermark, у них есть: тогда он не сдвигался. А подтверждённое с acks=1 выше него могло пропасть. ELR (KIP-966) включён по умолчанию в кластерах, созданных Kafka 4.1 и новее; в кластере постарше его включают командой kafka-features upgrade.", "The ISR emptied with the leader, so the controller took a new leader from the ELR: replicas that left the ISR when it was already below min.insync.replicas. They hold everything committed, since the high watermark stood still then; records acknowledged with acks=1 above it may be gone. The ELR (KIP-966) is on by default in clusters created by Kafka 4.1 or later; an older cluster turns it on with kafka-features upgrade."),
        Offline => ("У партиции нет лидера: ни в ISR, ни в ELR не осталось живой реплики, а unclean.leader.election.enable выключен. Сообщения ждут на диске упавшего лидера.", "The partition has no leader: neither the ISR nor the ELR has a live replica, and unclean.leader.election.enable is off. The records wait on the dead leader's disk."),
        ReplicationNote => ("Выберите acks=all и min.insync.replicas=2, замедлите фолловера и уроните лидера: подтверждённое не потеряется, а offset'ы на всех репликах совпадут. Потом повторите то же с acks=1 и сравните счётчик потерянных подтверждённых сообщений.", "Pick acks=all and min.insync.replicas=2, slow a follower, crash the leader: nothing acknowledged is lost, and every replica keeps the same offsets. Then do the same with acks=1 and watch the count of acknowledged records lost."),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    ReplicationTitle {
        Title => ("Реплики хранят те же offset'ы", "Replicas keep the same offsets"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    ReplicationLede {
        Lede => ("Партиция живёт на трёх брокерах. Фолловеры копируют лог лидера в том же порядке, поэтому сообщение с offset'ом N везде одно и то же. ISR — реплики, которые успевают за лидером; только из них выбирают нового лидера. Консьюмеры видят лишь сообщения ниже high watermark — offset'а, до которого сообщения есть на всех репликах ISR. Уроните лидера и сравните реплики.", "The partition lives on three brokers. Followers copy the leader's log in its order, so the record at offset N is the same everywhere. Consumers see only records below the high watermark, which every in-sync replica has. Crash the leader and compare the replicas."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (2.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    ReplicationLesson {
        Narration => ("Реплики копируют лог лидера в том же порядке. Уроните лидера: новый лидер из ISR хранит те же offset'ы, и расхождений между репликами нет.", "Replicas copy the leader's log in its order. Crash the leader: the new leader from the ISR holds the same offsets, with no difference."),
    }
}
