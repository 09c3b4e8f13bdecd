//! The group scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the group scene.
    GroupMsg {
        Partitions => ("Партиций", "Partitions"),
        Members => ("Участников в начале", "Members at the start"),
        Assignor => ("Стратегия назначения (partition.assignment.strategy)", "Assignor (partition.assignment.strategy)"),
        Protocol => ("Протокол группы (group.protocol)", "Group protocol (group.protocol)"),
        ProtocolClassic => ("classic: запросы JoinGroup и SyncGroup, назначение считает клиент (по умолчанию во всех клиентах)", "classic: JoinGroup and SyncGroup, the client assigns (every client's default)"),
        ProtocolConsumer => ("consumer: KIP-848, Kafka 4.0 и новее; назначение считает брокер, а участники переходят на него по одному", "consumer: KIP-848, Kafka 4.0+, the broker assigns, members reconcile one by one"),
        RemoteAssignor => ("Стратегия назначения на брокере (group.remote.assignor)", "The broker's assignor (group.remote.assignor)"),
        ConsumerNote => ("По протоколу consumer группа не останавливается целиком. Брокер считает целевое назначение и при каждом изменении группы повышает её эпоху (номер версии группы), а каждый участник на своём heartbeat'е (периодическом запросе к брокеру «я жив») отдаёт лишние партиции и берёт освободившиеся. Партиция переходит к новому владельцу только после того, как прежний её отпустил, а остальные читаются без перерыва.", "Under the consumer protocol the group never stops as a whole: the broker computes a target assignment, and each member, on its own heartbeat, gives up what it must and takes what has been freed. A partition goes to its new owner only after the old one let it go; every other partition keeps being read."),
        Commit => ("Коммит offset'ов", "Offset commits"),
        Auto => ("автоматически: poll() коммитит то, что вернули предыдущие вызовы poll(), не чаще раза в auto.commit.interval.ms (здесь 1\u{a0}с, в Kafka 5\u{a0}с)", "automatic: poll() commits what the earlier polls returned, at most once per auto.commit.interval.ms (1 s here, 5 s in Kafka)"),
        Manual => ("commitSync() после каждого обработанного батча", "commitSync() after each processed batch"),
        Idempotent => ("идемпотентный обработчик: помнит идентификаторы обработанных сообщений и пропускает повторы", "idempotent handler: remember processed record ids and skip repeats"),
        Actions => ("Что и когда делают участники", "What the members do, when"),
        Eager => ("Классический протокол (group.protocol=classic, по умолчанию), ребалансировка eager: каждый участник отдаёт все свои партиции, и, пока группа раскладывает их заново, не читает никто.", "The classic protocol (group.protocol=classic, the default), eager rebalancing: while the group rebalances, every member stops."),
        Cooperative => ("Классический протокол (group.protocol=classic, по умолчанию), ребалансировка cooperative: участники отдают только переезжающие партиции, а остальные читаются без перерыва. Партицию, которая переходит от одного живого участника к другому, владелец сначала отзывает, и новый владелец получает её лишь на следующей ребалансировке, поэтому их нужно две. Партиции вышедшего или упавшего участника никому не принадлежат и переезжают за одну.", "The classic protocol (group.protocol=classic, the default), cooperative rebalancing: only the partitions that move are given up; the rest keep working. A partition moving from one live member to another is first revoked by its owner, and the new owner gets it only in the next rebalance: two rebalances. A member that left or crashed owns nothing, so its partitions move in one."),
        MembersTitle => ("Участники", "Members"),
        Active => ("работает", "active"),
        Idle => ("без партиций (это разрешено)", "no partitions (allowed)"),
        Crashed => ("упал: группа заметит это, лишь когда истечёт session.timeout.ms (здесь 1\u{a0}с, в Kafka 45\u{a0}с) — столько она ждёт от участника heartbeat, сигнала «я жив»; до тех пор его партиции числятся за ним", "crashed: the group notices after session.timeout.ms (1 s here, 45 s in Kafka), and until then its partitions stay its own"),
        Gone => ("вне группы", "out of the group"),
        AddMember => ("Добавить участника", "Add a member"),
        RemoveMember => ("выйти штатно", "leave cleanly"),
        CrashMember => ("упасть", "crash"),
        OwnersTitle => ("Кто владеет партициями", "Who owns which partition"),
        Partition => ("Партиция", "Partition"),
        Owner => ("Владелец", "Owner"),
        Before => ("Прежний", "Before"),
        Position => ("Позиция", "Position"),
        Committed => ("Закоммичено", "Committed"),
        Moved => ("переехала", "moved"),
        Paused => ("на паузе", "paused"),
        OwnerDown => ("владелец упал: партицию никто не читает, пока не истечёт session.timeout.ms", "owner down: nobody reads it until session.timeout.ms expires"),
        Revoked => ("отозвана: ждёт следующей ребалансировки", "revoked: waits for the next rebalance"),
        GenerationsTitle => ("Поколения группы: каждая ребалансировка начинает новое", "Group generations"),
        EpochsTitle => ("Эпохи группы (номер растёт при каждом изменении группы): кто какие партиции взял и отдал", "Group epochs: who took and let go of which partitions"),
        StatDuplicates => ("Повторённых побочных эффектов", "Side effects repeated"),
        StatSkipped => ("Повторов, пропущенных обработчиком", "Repeats skipped by the handler"),
        StatPaused => ("Простой партиций, мс", "Partition time paused, ms"),
        IdleNote => ("Участников больше, чем партиций, и лишние простаивают. Так и задумано: в группе у партиции только один владелец.", "More members than partitions: the extra ones sit idle. That is by design: a partition has one owner in a group."),
        TwiceTitle => ("Что обработано дважды", "What happened twice"),
        NothingTwice => ("Ничего: каждое сообщение обработано один раз.", "Nothing: every record was handled once."),
        FigureTitle => ("Кто какую партицию читает", "Who reads which partition"),
        PartitionsHead => ("Партиции", "Partitions"),
        RebalancePause => ("‖ ребалансировка: все ждут", "‖ rebalancing: everyone waits"),
        FigureLegend => ("Полоса — лог партиции, зелёным отмечена закоммиченная часть (◆), ⚠ — сообщение, обработанное дважды. Сплошная линия: владелец читает партицию; пунктир: партиция стоит.",
            "A bar is a partition's log, green is committed (◆), ⚠ marks a record handled twice. A solid line: its owner reads it; dashed: the partition waits."),
    }
}

catalogue! {
    /// The scene's name, in the menu and over its page: every bundle
    /// carries every scene's, as the menu lists them all.
    GroupTitle {
        Title => ("Группа консьюмеров и ребалансировки", "A consumer group and its rebalances"),
    }
}

catalogue! {
    /// The scene's lede, under its title: only the open scene's is shown,
    /// so only the scene's own bundle carries it ([`crate::scenes::SceneId::lede`]).
    GroupLede {
        Lede => ("Группа делит партиции топика между участниками. Когда участник входит в группу или уходит, группа проходит ребалансировку: раскладывает партиции заново и начинает новое поколение. В каждом поколении у партиции один владелец, поэтому её сообщения обрабатываются по порядку. Добавьте участника, выведите его из группы или уроните и посмотрите, что переезжает, сколько стоят партиции и что после падения обрабатывается второй раз.", "A group shares a topic's partitions: in each generation a partition has one owner, so its records are handled in order. Add a member, remove one or crash one, and see what moves, how long everyone waits, and what is handled twice after a crash."),
    }
}

catalogue! {
    /// The guided lesson's step on this scene (6.1): the narration, and
    /// the question asked before the scene runs on, with its three choices
    /// and the explanation shown after answering.
    GroupLesson {
        Narration => ("Через 100\u{a0}мс consumer-2 упадёт — между двумя автокоммитами.", "consumer-2 crashes in 100 ms, between auto-commits."),
        Question => ("Что будет с сообщениями, которые он обработал после последнего коммита?", "What happens to the records it handled since its last commit?"),
        ChoiceA => ("они потеряются", "they are lost"),
        ChoiceB => ("новый владелец обработает их ещё раз", "the new owner handles them again"),
        ChoiceC => ("ничего: они уже учтены", "nothing, they count"),
        Explanation => ("Новый владелец начнёт с закоммиченного offset'а, и всё, что упавший участник успел обработать после него, будет обработано второй раз. Поэтому и нужны идемпотентные обработчики: они пропускают уже обработанное.", "The new owner starts from the committed offset, so everything handled after it happens twice. Hence idempotent handlers."),
        ConsumerNarration => ("Та же группа по протоколу consumer (KIP-848): назначение считает брокер, а участники переходят на него по одному, каждый на своём heartbeat'е — периодическом запросе к брокеру. Через 100\u{a0}мс в группу вступит consumer-4.", "The same group under the consumer protocol (KIP-848): the broker computes the assignment, and members reconcile with it one by one, each on its own heartbeat. consumer-4 joins in 100 ms."),
        ConsumerQuestion => ("Что будет с партициями, которые остаются у своих владельцев?", "What happens to the partitions that stay with their owners?"),
        ConsumerChoiceA => ("будут стоять, пока группа перестраивается, как при eager", "they stand still while the group rebalances, as under eager"),
        ConsumerChoiceB => ("их читают без перерыва; стоит только переезжающая партиция", "they are read without a break; only the partition that moves waits"),
        ConsumerChoiceC => ("все они сразу переедут к новому участнику", "they all move to the new member at once"),
        ConsumerExplanation => ("Брокер отдаёт новому участнику партицию только после того, как прежний владелец отпустил её на своём heartbeat'е. Остальные партиции никто не отзывает, и их владельцы работают дальше.", "The broker gives the new member a partition only after its old owner let it go on its heartbeat. Nobody revokes the other partitions, and their owners keep working."),
    }
}
