//! The producer's configuration, named and defaulted as in Kafka, and the
//! checks `KafkaProducer` makes before it will start.

/// `acks`: how many replicas must have a write before the broker answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Acks {
    /// `acks=0`: the producer does not wait for an answer at all.
    None,
    /// `acks=1`: the leader has written it.
    Leader,
    /// `acks=all` (default since 3.0): every in-sync replica has it.
    All,
}

impl Acks {
    pub fn id(self) -> &'static str {
        match self {
            Acks::None => "0",
            Acks::Leader => "1",
            Acks::All => "all",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "0" => Some(Acks::None),
            "1" => Some(Acks::Leader),
            "all" | "-1" => Some(Acks::All),
            _ => None,
        }
    }
}

/// A producer's settings. Defaults are Kafka 3.x's unless noted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProducerConfig {
    /// `batch.size` (16384 bytes).
    pub batch_size: u32,
    /// `linger.ms` (0 in 3.x, 5 in 4.0).
    pub linger_ms: u32,
    /// `max.in.flight.requests.per.connection` (5).
    pub max_in_flight: u32,
    /// `retries` (2147483647).
    pub retries: u32,
    /// `retry.backoff.ms` (100): the first retry's backoff.
    pub retry_backoff_ms: u32,
    /// `retry.backoff.max.ms` (1000): since 3.7 each retry waits twice as
    /// long as the one before, up to this (KIP-580).
    pub retry_backoff_max_ms: u32,
    /// `request.timeout.ms` (30000).
    pub request_timeout_ms: u32,
    /// `delivery.timeout.ms` (120000).
    pub delivery_timeout_ms: u32,
    /// `acks` (all).
    pub acks: Acks,
    /// `enable.idempotence` (true since 3.0).
    pub enable_idempotence: bool,
}

impl Default for ProducerConfig {
    fn default() -> Self {
        ProducerConfig {
            batch_size: 16384,
            linger_ms: 0,
            max_in_flight: 5,
            retries: 2_147_483_647,
            retry_backoff_ms: 100,
            retry_backoff_max_ms: 1000,
            request_timeout_ms: 30_000,
            delivery_timeout_ms: 120_000,
            acks: Acks::All,
            enable_idempotence: true,
        }
    }
}

/// Why `KafkaProducer` refuses a configuration (a `ConfigException`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfigError {
    /// The broker keeps the last 5 batches per producer; more in flight and
    /// it could not tell a retry from a new batch.
    IdempotenceNeedsAtMostFiveInFlight {
        max_in_flight: u32,
    },
    IdempotenceNeedsRetries,
    IdempotenceNeedsAcksAll,
    /// `delivery.timeout.ms` must cover `linger.ms + request.timeout.ms`.
    DeliveryTimeoutTooShort {
        delivery_timeout_ms: u32,
        at_least: u32,
    },
    MaxInFlightZero,
}

/// The most in flight the broker's duplicate cache can cover.
pub const IDEMPOTENT_MAX_IN_FLIGHT: u32 = 5;

impl ProducerConfig {
    /// The checks of `ProducerConfig.postProcessAndValidateIdempotenceConfigs`
    /// and `KafkaProducer.configureDeliveryTimeout`.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.max_in_flight == 0 {
            return Err(ConfigError::MaxInFlightZero);
        }
        if self.enable_idempotence {
            if self.max_in_flight > IDEMPOTENT_MAX_IN_FLIGHT {
                return Err(ConfigError::IdempotenceNeedsAtMostFiveInFlight {
                    max_in_flight: self.max_in_flight,
                });
            }
            if self.retries == 0 {
                return Err(ConfigError::IdempotenceNeedsRetries);
            }
            if self.acks != Acks::All {
                return Err(ConfigError::IdempotenceNeedsAcksAll);
            }
        }
        let at_least = self.linger_ms.saturating_add(self.request_timeout_ms);
        if self.delivery_timeout_ms < at_least {
            return Err(ConfigError::DeliveryTimeoutTooShort {
                delivery_timeout_ms: self.delivery_timeout_ms,
                at_least,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kafkas_defaults_are_valid() {
        assert_eq!(ProducerConfig::default().validate(), Ok(()));
    }

    #[test]
    fn idempotence_refuses_more_than_five_in_flight() {
        for n in 1..=10 {
            let c = ProducerConfig {
                max_in_flight: n,
                ..ProducerConfig::default()
            };
            let expected = if n <= 5 {
                Ok(())
            } else {
                Err(ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight: n })
            };
            assert_eq!(c.validate(), expected);
            let plain = ProducerConfig {
                enable_idempotence: false,
                ..c
            };
            assert_eq!(plain.validate(), Ok(()));
        }
    }

    #[test]
    fn idempotence_needs_retries_and_acks_all() {
        let c = ProducerConfig::default();
        assert_eq!(
            ProducerConfig { retries: 0, ..c }.validate(),
            Err(ConfigError::IdempotenceNeedsRetries)
        );
        assert_eq!(
            ProducerConfig {
                acks: Acks::Leader,
                ..c
            }
            .validate(),
            Err(ConfigError::IdempotenceNeedsAcksAll)
        );
        assert_eq!(
            ProducerConfig {
                delivery_timeout_ms: 100,
                request_timeout_ms: 90,
                linger_ms: 20,
                ..c
            }
            .validate(),
            Err(ConfigError::DeliveryTimeoutTooShort {
                delivery_timeout_ms: 100,
                at_least: 110
            })
        );
    }

    #[test]
    fn acks_ids_round_trip() {
        for a in [Acks::None, Acks::Leader, Acks::All] {
            assert_eq!(Acks::from_id(a.id()), Some(a));
        }
        assert_eq!(Acks::from_id("-1"), Some(Acks::All));
        assert_eq!(Acks::from_id("2"), None);
    }
}
