//! The producer scene's narration: Kafka's refusals of a configuration,
//! each line of the sequence diagram with what it means, the diagram as
//! mermaid text, and the learner's interventions.

use super::numbered::{delay_by, fault_line, outage_line};
use super::text::ProducerMsg;
use crate::i18n::t;
use crate::i18n::Lang;
use crate::scenes::producer::model::{ErrorCode, Fault, FaultKind, Outage, SeqKind};
use crate::sim::producer::ConfigError;

pub fn config_error(lang: Lang, e: ConfigError) -> String {
    match (lang, e) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight }) => format!("ConfigException: при enable.idempotence=true max.in.flight.requests.per.connection должно быть не больше 5, а задано {max_in_flight}. Брокер помнит только 5 последних батчей продюсера: при большем числе он не отличит повтор от нового батча."),
        #[cfg(feature = "lang-en")]
        (Lang::En, ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight }) => format!("ConfigException: with enable.idempotence=true, max.in.flight.requests.per.connection must be at most 5, not {max_in_flight}. The broker remembers only a producer's last 5 batches; with more it could not tell a retry from a new batch."),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ConfigError::IdempotenceNeedsRetries) => "ConfigException: идемпотентному продюсеру нужны повторы: retries не может быть 0.".to_owned(),
        #[cfg(feature = "lang-en")]
        (Lang::En, ConfigError::IdempotenceNeedsRetries) => "ConfigException: an idempotent producer needs retries: retries cannot be 0.".to_owned(),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ConfigError::IdempotenceNeedsAcksAll) => "ConfigException: идемпотентному продюсеру нужен acks=all, иначе его гарантия не выполняется.".to_owned(),
        #[cfg(feature = "lang-en")]
        (Lang::En, ConfigError::IdempotenceNeedsAcksAll) => "ConfigException: an idempotent producer needs acks=all, or the guarantee does not hold.".to_owned(),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ConfigError::DeliveryTimeoutTooShort { delivery_timeout_ms, at_least }) => format!("ConfigException: delivery.timeout.ms ({delivery_timeout_ms}) должен быть не меньше linger.ms + request.timeout.ms ({at_least})."),
        #[cfg(feature = "lang-en")]
        (Lang::En, ConfigError::DeliveryTimeoutTooShort { delivery_timeout_ms, at_least }) => format!("ConfigException: delivery.timeout.ms ({delivery_timeout_ms}) must be at least linger.ms + request.timeout.ms ({at_least})."),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ConfigError::MaxInFlightZero) => "ConfigException: max.in.flight.requests.per.connection должно быть не меньше 1.".to_owned(),
        #[cfg(feature = "lang-en")]
        (Lang::En, ConfigError::MaxInFlightZero) => "ConfigException: max.in.flight.requests.per.connection must be at least 1.".to_owned(),
    }
}

/// One line of the sequence diagram, as its arrow's label.
pub fn seq_label(lang: Lang, kind: SeqKind, records: &str) -> String {
    let ru = lang.is_ru();
    match kind {
        SeqKind::Send {
            batch,
            attempt,
            epoch,
            base_seq,
        } => {
            // The epoch is named once a bump has moved it off 0.
            let seq = match (base_seq, epoch, ru) {
                (Some(s), 0, _) => format!(", seq {s}"),
                (Some(s), e, true) => format!(", эпоха {e}, seq {s}"),
                (Some(s), e, false) => format!(", epoch {e}, seq {s}"),
                (None, ..) => String::new(),
            };
            let retry = if attempt > 1 {
                if ru {
                    format!(" (повтор {})", attempt - 1)
                } else {
                    format!(" (retry {})", attempt - 1)
                }
            } else {
                String::new()
            };
            if ru {
                format!("Батч {batch}{retry}: {records}{seq}")
            } else {
                format!("Batch {batch}{retry}: {records}{seq}")
            }
        }
        SeqKind::RequestLost { batch, .. } => {
            if ru {
                format!("батч {batch} пропал вместе с оборванным соединением")
            } else {
                format!("batch {batch} lost with the broken connection")
            }
        }
        SeqKind::Append {
            batch,
            first_offset,
            last_offset,
        } => {
            let at = if first_offset == last_offset {
                format!("{first_offset}")
            } else {
                format!("{first_offset}–{last_offset}")
            };
            if ru {
                format!("батч {batch} записан под offset {at}")
            } else {
                format!("write batch {batch}: offset {at}")
            }
        }
        SeqKind::Duplicate { batch, base_offset } => {
            if ru {
                format!("батч {batch} уже записан (offset {base_offset}): второй раз не пишем")
            } else {
                format!("batch {batch} already here (offset {base_offset}): not written")
            }
        }
        SeqKind::Ack {
            batch,
            base_offset,
            duplicate,
        } => {
            let dup = match (duplicate, ru) {
                (true, true) => " · дубликат, второй раз не записан",
                (true, false) => " · a duplicate, not written again",
                (false, _) => "",
            };
            if ru {
                format!("ACK батча {batch}: offset {base_offset}{dup}")
            } else {
                format!("ACK batch {batch}: offset {base_offset}{dup}")
            }
        }
        SeqKind::Error { batch, code } => {
            if ru {
                format!("батч {batch}: {} ({})", code.name(), code.code())
            } else {
                format!("batch {batch}: {} ({})", code.name(), code.code())
            }
        }
        SeqKind::ConnectionBroken { batch } => {
            if ru {
                format!("батч {batch} записан, но соединение оборвалось до ответа")
            } else {
                format!("batch {batch} written, but the connection broke before the answer")
            }
        }
        SeqKind::Timeout { batch } => {
            if ru {
                format!("батч {batch}: истёк request.timeout.ms, соединение закрыто")
            } else {
                format!("batch {batch}: request.timeout.ms expired, connection closed")
            }
        }
        SeqKind::Disconnected { batch } => {
            if ru {
                format!("батч {batch}: сорвался вместе с соединением")
            } else {
                format!("batch {batch}: failed with the connection")
            }
        }
        SeqKind::LateAnswerIgnored { batch } => {
            if ru {
                format!("поздний ответ на батч {batch} уже никто не ждёт")
            } else {
                format!("a late answer for batch {batch}: nobody waits for it")
            }
        }
        SeqKind::Retry { batch, attempt } => {
            if ru {
                format!("повтор батча {batch} (попытка {attempt})")
            } else {
                format!("retry batch {batch} (attempt {attempt})")
            }
        }
        SeqKind::EpochBumped { epoch } => {
            if ru {
                format!("эпоха {epoch}: номера снова с 0")
            } else {
                format!("epoch {epoch}: sequences start again at 0")
            }
        }
        SeqKind::Failed { batch, reason } => {
            let why = super::text::fail_reason(lang, reason);
            if ru {
                format!("батч {batch} не доставлен: {why}")
            } else {
                format!("batch {batch} not delivered: {why}")
            }
        }
        SeqKind::BrokerDown => {
            if ru {
                "лидер партиции недоступен".to_owned()
            } else {
                "the partition leader is unavailable".to_owned()
            }
        }
        SeqKind::BrokerUp => {
            if ru {
                "лидер снова доступен".to_owned()
            } else {
                "the leader is back".to_owned()
            }
        }
    }
}

/// What the latest line of the diagram means, for the narration.
pub fn seq_explain(lang: Lang, kind: SeqKind, idempotent: bool) -> &'static str {
    let ru = lang.is_ru();
    match kind {
        SeqKind::Send { attempt: 1, .. } => {
            if ru {
                "Продюсер отправил батч. Не дожидаясь ответа, он может отправить следующие — всего до max.in.flight запросов в полёте."
            } else {
                "The producer sent a batch and, without waiting for the answer, may send more, up to max.in.flight requests."
            }
        }
        SeqKind::Send { .. } => {
            if ru {
                "Продюсер отправляет батч повторно. Если брокер тем временем уже записал более поздний батч, повтор встанет в лог после него."
            } else {
                "A resend. If the broker has written a later batch meanwhile, this one lands after it in the log."
            }
        }
        SeqKind::RequestLost { .. } => {
            if ru {
                "Соединение оборвалось, пока этот запрос был в полёте, и брокер его так и не получил. Продюсер узнает об этом, когда обнаружит, что соединение закрыто."
            } else {
                "The connection broke while this request was on its way: the broker never saw it. The producer finds out when it sees the connection closed."
            }
        }
        SeqKind::Append { .. } => {
            if ru {
                "Брокер дописал батч в конец лога: offset'ы он выдаёт в том порядке, в каком батчи пришли, а не в каком их отправили."
            } else {
                "The broker appended the batch to the log: offsets follow arrival order, not send order."
            }
        }
        SeqKind::Duplicate { .. } => {
            if ru {
                "Этот батч брокер уже записал: совпадают PID (номер, который брокер выдал продюсеру), эпоха и порядковые номера. Брокер отвечает без ошибки прежним offset'ом и второй раз батч не пишет."
            } else {
                "The broker already wrote this batch (same PID, epoch and sequence numbers): it answers with no error and the original offset, and does not write it again."
            }
        }
        SeqKind::Ack {
            duplicate: true, ..
        } => {
            if ru {
                "Продюсер получил подтверждение: дубликата в логе нет."
            } else {
                "The producer has its acknowledgement, and the log holds no duplicate."
            }
        }
        SeqKind::Ack { .. } => {
            if ru {
                "Продюсер получил подтверждение и offset, под которым записан батч."
            } else {
                "The producer got the acknowledgement with the record's offset."
            }
        }
        SeqKind::Error {
            code: ErrorCode::OutOfOrderSequenceNumber,
            ..
        } => {
            if ru {
                "Порядковый номер батча не следует за последним номером, который брокер записал от этого продюсера, и брокер отказывает, чтобы не нарушить порядок. Продюсер повторит батчи по порядку номеров."
            } else {
                "The sequence number does not follow the last one the broker wrote for this producer: it refuses, to keep order. The producer will resend the batches in sequence order."
            }
        }
        SeqKind::Error {
            code: ErrorCode::CorruptMessage,
            ..
        } => {
            if ru {
                "Батч пришёл повреждённым (не сошлась контрольная сумма CRC), и брокер отказал, ничего не записав. Ошибка временная, и продюсер повторит батч, но следующие запросы уже в полёте."
            } else {
                "The batch arrived damaged (its CRC check failed): the broker refused it and wrote nothing. The error is retriable, so the producer will resend it, but later requests are already on their way."
            }
        }
        SeqKind::Error {
            code: ErrorCode::InvalidProducerEpoch,
            ..
        } => {
            if ru {
                "У батча устаревшая эпоха продюсера — её номер меньше того, что брокер уже видел, — и этот отказ окончательный."
            } else {
                "The batch carries an older epoch than the broker has seen: the refusal is final."
            }
        }
        SeqKind::Error { .. } => {
            if ru {
                "Брокер сейчас не лидер партиции. Ошибка временная, и продюсер повторит запрос."
            } else {
                "The broker is not the partition's leader right now. The error is retriable; the producer will retry."
            }
        }
        SeqKind::ConnectionBroken { .. } => {
            if ru {
                "Брокер записал батч, но соединение оборвалось раньше, чем ушёл ответ. Продюсер так и не узнает, что батч записан, а все запросы, ответа на которые он ждёт на этом соединении, сорвутся вместе с ним."
            } else {
                "The broker wrote the batch, but the connection broke before the answer left. The producer will not learn that the write succeeded, and everything it waits for on this connection fails with it."
            }
        }
        SeqKind::Timeout { .. } => {
            if ru {
                "Ответа нет дольше request.timeout.ms, поэтому клиент закрывает соединение, и все запросы на нём считаются неудачными."
            } else {
                "No answer within request.timeout.ms: the client closes the connection, and every request on it counts as failed."
            }
        }
        SeqKind::Disconnected { .. } => {
            if ru {
                "Этот запрос сорвался вместе с закрытым соединением, и продюсер его повторит."
            } else {
                "This request failed with the closed connection and will be retried."
            }
        }
        SeqKind::LateAnswerIgnored { .. } => {
            if ru {
                "Ответ пришёл, когда продюсер уже перестал его ждать, и продюсер его не учитывает."
            } else {
                "The answer arrived after the producer gave up: it is ignored."
            }
        }
        SeqKind::Retry { .. } => {
            if idempotent {
                if ru {
                    "Повтор встаёт в очередь по своему порядковому номеру и уйдёт, когда этот номер станет наименьшим среди неподтверждённых."
                } else {
                    "The retry takes its place in sequence order and goes once its sequence is the lowest not yet acknowledged."
                }
            } else if ru {
                "Повтор встаёт в начало очереди, но всё, что уже отправлено, может быть записано раньше него."
            } else {
                "The retry goes to the head of the queue. But whatever was already sent may be written before it."
            }
        }
        SeqKind::EpochBumped { .. } => {
            if ru {
                "Батч не доставлен, и в порядковых номерах образовалась дыра. С Kafka 2.5 (KIP-360) продюсер переходит в следующую эпоху — номер, который растёт, когда продюсер начинает нумерацию заново, — и нумерует всё неподтверждённое с 0. Поэтому теряется только этот батч."
            } else {
                "A batch failed for good, leaving a gap in the sequences. Since Kafka 2.5 (KIP-360) the producer takes the next epoch and numbers everything unacknowledged from 0, so only that batch is lost."
            }
        }
        SeqKind::Failed { .. } => {
            if ru {
                "Продюсер прекратил попытки, и приложение получит ошибку в callback. Записан ли батч, по ошибке не понять: после таймаута он мог и дойти."
            } else {
                "The producer gave up: the application gets the error in its callback. The error does not say whether the batch was written: after a timeout it may have been."
            }
        }
        SeqKind::BrokerDown => {
            if ru {
                "Лидер партиции недоступен — например, потому что идут выборы нового лидера."
            } else {
                "The partition leader is unavailable (a leader election, say)."
            }
        }
        SeqKind::BrokerUp => {
            if ru {
                "Лидер снова принимает запросы."
            } else {
                "The leader accepts requests again."
            }
        }
    }
}

/// The diagram as mermaid text, in the chapter's format: lifelines,
/// `autonumber`, and one line per event; `label` words each line.
pub fn mermaid(lang: Lang, max_in_flight: u32, lines: &[(SeqKind, String)]) -> String {
    let (p, b) = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => (
            format!("Продюсер (max.in.flight={max_in_flight})"),
            "Брокер (Партиция 1)",
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => (
            format!("Producer (max.in.flight={max_in_flight})"),
            "Broker (Partition 1)",
        ),
    };
    let mut out = format!(
        "sequenceDiagram\n    autonumber\n    participant P as {p}\n    participant B as {b}\n"
    );
    for (kind, label) in lines {
        // Mermaid ends a message at a newline or a semicolon.
        let label = label.replace([';', '\n'], ",");
        out.push_str(&format!(
            "    {}: {label}\n",
            crate::scenes::producer::model::mermaid_arrow(*kind)
        ));
    }
    out
}

pub fn interventions_list(lang: Lang, faults: &[Fault], outages: &[Outage]) -> Vec<String> {
    let mut out: Vec<String> = faults
        .iter()
        .map(|f| {
            let what = match f.kind {
                FaultKind::Corrupt => t(lang, ProducerMsg::FaultCorrupt).to_owned(),
                FaultKind::Disconnect => t(lang, ProducerMsg::FaultDisconnect).to_owned(),
                FaultKind::Delay { ms } => delay_by(lang, ms),
            };
            fault_line(lang, f.batch, f.attempt, &what)
        })
        .collect();
    out.extend(outages.iter().map(|o| outage_line(lang, o.at, o.ms)));
    out
}

/// A label longer than `max` characters, split at the space nearest its
/// middle: on a phone the sequence diagram's longest notes would otherwise
/// run off its right edge.
pub(super) fn two_lines(label: &str, max: usize) -> Option<(&str, &str)> {
    let chars = label.chars().count();
    if chars <= max {
        return None;
    }
    let middle = label.char_indices().nth(chars / 2).map_or(0, |(i, _)| i);
    let at = label
        .match_indices(' ')
        .map(|(i, _)| i)
        .min_by_key(|&i| i.abs_diff(middle))?;
    Some((&label[..at], &label[at + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;

    #[test]
    fn mermaid_follows_the_chapters_format() {
        let lines = vec![
            (
                SeqKind::Send {
                    batch: 1,
                    attempt: 1,
                    epoch: 0,
                    base_seq: None,
                },
                "Batch 1: order-42 Created".to_owned(),
            ),
            (
                SeqKind::Append {
                    batch: 2,
                    first_offset: 100,
                    last_offset: 100,
                },
                "write batch 2: offset 100".to_owned(),
            ),
            (
                SeqKind::Ack {
                    batch: 2,
                    base_offset: 100,
                    duplicate: false,
                },
                "ACK; batch 2".to_owned(),
            ),
            (SeqKind::Timeout { batch: 1 }, "timeout".to_owned()),
        ];
        let text = mermaid(Lang::En, 5, &lines);
        assert_eq!(
            text,
            "sequenceDiagram\n    autonumber\n    participant P as Producer (max.in.flight=5)\n    participant B as Broker (Partition 1)\n    P->>B: Batch 1: order-42 Created\n    B->>B: write batch 2: offset 100\n    B-->>P: ACK, batch 2\n    Note over P: timeout\n"
        );
        assert!(mermaid(Lang::Ru, 5, &lines).contains("participant P as Продюсер"));
    }

    #[test]
    fn config_errors_and_diagram_lines_are_translated() {
        let e = ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight: 6 };
        assert!(config_error(Lang::En, e).contains("at most 5"));
        assert!(has_cyrillic(&config_error(Lang::Ru, e)));
        let k = SeqKind::Error {
            batch: 2,
            code: ErrorCode::OutOfOrderSequenceNumber,
        };
        assert_eq!(
            seq_label(Lang::En, k, ""),
            "batch 2: OUT_OF_ORDER_SEQUENCE_NUMBER (45)"
        );
        for lang in [Lang::Ru, Lang::En] {
            assert!(!seq_explain(lang, k, true).is_empty());
        }
    }

    #[test]
    fn a_long_label_splits_at_the_space_nearest_its_middle() {
        assert_eq!(two_lines("batch 1 lost", 40), None);
        let label = "батч 1: истёк request.timeout.ms, соединение закрыто";
        let (first, second) = two_lines(label, 40).unwrap();
        assert_eq!(format!("{first} {second}"), label);
        assert!(first.chars().count() <= 40 && second.chars().count() <= 40);
        assert_eq!(first, "батч 1: истёк request.timeout.ms,");
        // One long word: no space to split at, the label stays whole.
        assert_eq!(two_lines(&"x".repeat(50), 40), None);
    }
}
