//! The replication scene's fixed text, in Russian and English.

use crate::i18n::catalogue;

catalogue! {
    /// Fixed strings of the replication scene.
    ReplicationMsg {
        Acks => ("acks продюсера", "Producer acks"),
        MinIsr => ("min.insync.replicas: минимум реплик в ISR", "min.insync.replicas: minimum in-sync replicas"),
        Unclean => ("unclean.leader.election.enable: разрешить лидера не из ISR", "unclean.leader.election.enable: allow a leader from outside the ISR"),
        CrashLeader => ("Уронить лидера", "Crash the leader"),
        Slow => ("замедлить", "slow down"),
        Heal => ("вернуть скорость", "speed up again"),
        Crash => ("уронить", "crash"),
        Leader => ("лидер", "leader"),
        Follower => ("фолловер", "follower"),
        InIsr => ("в ISR", "in the ISR"),
        OutOfIsr => ("вне ISR", "out of the ISR"),
        Dead => ("упал", "down"),
        HighWatermark => ("high watermark: консьюмеры читают только ниже", "high watermark: consumers read only below it"),
        AboveHw => ("выше HW: ещё не видно консьюмерам", "above the HW: not yet visible to consumers"),
        DiffTitle => ("Сравнение живых реплик", "Live replicas compared"),
        NoDiff => ("Различий нет: на каждом offset'е ниже high watermark у всех живых реплик одна и та же запись.", "No difference: below the high watermark every live replica holds the same record at every offset."),
        Truncated => ("Обрезаны при смене лидера (были выше HW, консьюмеры их не видели)", "Truncated at the leader change (above the HW, never seen by consumers)"),
        Lost => ("Потеряны закоммиченные записи (лидер не из ISR)", "Committed records lost (a leader from outside the ISR)"),
        StatAcked => ("Подтверждено", "Acknowledged"),
        StatNotEnough => ("NOT_ENOUGH_REPLICAS", "NOT_ENOUGH_REPLICAS errors"),
        StatNoLeader => ("Нет лидера", "No leader"),
        ReplicationNote => ("Выберите acks=all и min.insync.replicas=2, замедлите фолловера, уроните лидера: записи не теряются, а офсеты на всех репликах совпадают.", "Pick acks=all and min.insync.replicas=2, slow a follower, crash the leader: nothing is lost, and every replica keeps the same offsets."),
    }
}
