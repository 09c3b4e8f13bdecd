//! The group scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the group scene.
    GroupMsg {
        Partitions => ("Партиций", "Partitions"),
        Members => ("Участников в начале", "Members at the start"),
        Assignor => ("Назначение (partition.assignment.strategy)", "Assignor (partition.assignment.strategy)"),
        Commit => ("Коммит offset'ов", "Offset commits"),
        Auto => ("автоматически, раз в auto.commit.interval.ms (1 с здесь, 5 с в Kafka)", "automatic, every auto.commit.interval.ms (1 s here, 5 s in Kafka)"),
        Manual => ("commitSync() после каждой обработанной пачки", "commitSync() after each processed batch"),
        Idempotent => ("идемпотентный обработчик: помнить идентификаторы обработанных записей и пропускать повторы", "idempotent handler: remember processed record ids and skip repeats"),
        Eager => ("Протокол eager: пока группа перестраивается, стоят все участники.", "Eager protocol: while the group rebalances, every member stops."),
        Cooperative => ("Протокол cooperative: отдаются только переезжающие партиции, остальные продолжают работать.", "Cooperative protocol: only the partitions that move are given up; the rest keep working."),
        MembersTitle => ("Участники", "Members"),
        Active => ("работает", "active"),
        Idle => ("без партиций (это разрешено)", "no partitions (allowed)"),
        Crashed => ("упал — группа узнает по session.timeout.ms", "crashed: the group notices after session.timeout.ms"),
        Gone => ("вне группы", "out of the group"),
        AddMember => ("Добавить участника", "Add a member"),
        RemoveMember => ("уйти чисто", "leave cleanly"),
        CrashMember => ("упасть", "crash"),
        OwnersTitle => ("Кто владеет партициями", "Who owns which partition"),
        Partition => ("Партиция", "Partition"),
        Owner => ("Владелец", "Owner"),
        Before => ("Был", "Before"),
        Position => ("Позиция", "Position"),
        Committed => ("Закоммичено", "Committed"),
        Moved => ("переехала", "moved"),
        Paused => ("на паузе", "paused"),
        GenerationsTitle => ("Поколения группы", "Group generations"),
        StatDuplicates => ("Побочных эффектов повторено", "Side effects repeated"),
        StatSkipped => ("Повторов пропущено обработчиком", "Repeats skipped by the handler"),
        StatPaused => ("Простой партиций, мс", "Partition time paused, ms"),
        IdleNote => ("Участников больше, чем партиций: лишние простаивают. Так и задумано: у партиции в группе только один владелец.", "More members than partitions: the extra ones sit idle. That is by design: a partition has one owner in a group."),
        TwiceTitle => ("Что произошло дважды", "What happened twice"),
        NothingTwice => ("Ничего: каждая запись обработана один раз.", "Nothing: every record was handled once."),
    }
}
