//! The disk scene's narration: what the latest step read or wrote, and
//! what it cost on the device's figures, in Russian and English.

use crate::i18n::Lang;
use crate::i18n::{decimal, millis, NBSP};
use crate::scenes::disk::model::{CostModel, DiskCaption};

/// A page of the picture, in bytes: the kernel's 4 KiB.
const PAGE_BYTES: u64 = 4096;

/// A duration in microseconds, as a learner reads it: whole microseconds
/// below a millisecond, else milliseconds with a decimal when it has one.
fn duration(lang: Lang, us: f64) -> String {
    let us = us.max(0.0);
    if us < 999.5 {
        let unit = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "мкс",
            #[cfg(feature = "lang-en")]
            Lang::En => "µs",
        };
        format!("{}{NBSP}{unit}", decimal(lang, us, 0))
    } else if (us / 100.0).round() % 10.0 == 0.0 {
        millis(lang, (us / 1000.0).round() as u64)
    } else {
        let unit = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "мс",
            #[cfg(feature = "lang-en")]
            Lang::En => "ms",
        };
        format!("{}{NBSP}{unit}", decimal(lang, us / 1000.0, 1))
    }
}

pub fn disk_caption(lang: Lang, c: DiskCaption, cost: CostModel) -> String {
    let ru = lang.is_ru();
    let seek_us = f64::from(cost.seek_us);
    match c {
        DiskCaption::Intro => if ru {
            "Нажмите ▶ или →: продюсер (✎) дописывает страницы в конец сегмента, а консьюмер (▲) читает его с начала. Следите, на какие чтения отвечает страничный кеш, а за какими приходится идти на диск."
        } else {
            "Press ▶ or →: the producer (✎) appends pages to the end of the segment, and the consumer (▲) reads it from the start. Watch which reads the page cache answers and which have to go to the disk."
        }
        .to_owned(),
        DiskCaption::Wrote { page } => if ru {
            format!("Продюсер дописал страницу {page} в конец сегмента. Она попадает в страничный кеш, а ядро позже сбросит её на диск подряд за предыдущими, без поиска.")
        } else {
            format!("The producer appended page {page} to the end of the segment. It lands in the page cache, and the kernel later writes it to the disk right after the pages before it, with no seek.")
        },
        DiskCaption::Missed { page, ahead } => {
            let seek = duration(lang, seek_us);
            match (ahead, ru) {
                (Some((first, last)), _) => {
                    // One seek, then one sequential pass over the page and
                    // its read-ahead window: MB/s is bytes per microsecond.
                    let bytes = u64::from(last - page + 1) * PAGE_BYTES;
                    let total = duration(lang, seek_us + bytes as f64 / f64::from(cost.seq_mb_s.max(1)));
                    if ru {
                        format!("Страницы {page} не было в страничном кеше — промах. Диск ищет её ({seek}), читает, а read-ahead ядра заодно читает страницы {first}–{last}: всего около {total}.")
                    } else {
                        format!("Page {page} was not in the page cache: a miss. The disk seeks to it ({seek}) and reads it, and the kernel's read-ahead reads pages {first}–{last} in the same pass: about {total} in all.")
                    }
                }
                (None, true) => format!("Страницы {page} не было в страничном кеше — промах. Диск ищет её ({seek}) и читает; за ней ещё ничего не записано, читать заранее нечего."),
                (None, false) => format!("Page {page} was not in the page cache: a miss. The disk seeks to it ({seek}) and reads it; nothing after it is written yet, so there is nothing to read ahead."),
            }
        }
        DiskCaption::Hit { page, after_miss } => match (after_miss, ru) {
            (Some(m), true) => format!("Страница {page} нашлась в страничном кеше: её подгрузил read-ahead после промаха на странице {m}. Ни поиска, ни чтения с диска — только копия из памяти."),
            (Some(m), false) => format!("Page {page} came from the page cache: the read-ahead after the miss on page {m} brought it in. No seek and no disk read, just a copy from memory."),
            (None, true) => format!("Страница {page} нашлась в страничном кеше. Ни поиска, ни чтения с диска — только копия из памяти."),
            (None, false) => format!("Page {page} came from the page cache. No seek and no disk read, just a copy from memory."),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::scenes::disk::model::Device;

    const ALL: [DiskCaption; 6] = [
        DiskCaption::Intro,
        DiskCaption::Wrote { page: 49 },
        DiskCaption::Missed {
            page: 9,
            ahead: Some((10, 17)),
        },
        DiskCaption::Missed {
            page: 95,
            ahead: None,
        },
        DiskCaption::Hit {
            page: 12,
            after_miss: Some(9),
        },
        DiskCaption::Hit {
            page: 12,
            after_miss: None,
        },
    ];

    #[test]
    fn every_caption_speaks_both_languages() {
        for device in [Device::Hdd, Device::Nvme] {
            for c in ALL {
                let cost = device.defaults();
                let (ru, en) = (
                    disk_caption(Lang::Ru, c, cost),
                    disk_caption(Lang::En, c, cost),
                );
                assert!(has_cyrillic(&ru), "{ru}");
                assert!(!has_cyrillic(&en), "{en}");
            }
        }
    }

    #[test]
    fn a_miss_costs_the_seek_and_one_pass_over_its_window() {
        let miss = ALL[2];
        // HDD: 10 ms, then 9 pages of 4 KiB at 150 MB/s, 246 µs.
        assert_eq!(
            disk_caption(Lang::En, miss, Device::Hdd.defaults()),
            "Page 9 was not in the page cache: a miss. The disk seeks to it (10\u{a0}ms) and reads it, and the kernel's read-ahead reads pages 10–17 in the same pass: about 10.2\u{a0}ms in all."
        );
        // NVMe: 20 µs, then 18 µs at 2000 MB/s.
        assert_eq!(
            disk_caption(Lang::Ru, miss, Device::Nvme.defaults()),
            "Страницы 9 не было в страничном кеше — промах. Диск ищет её (20\u{a0}мкс), читает, а read-ahead ядра заодно читает страницы 10–17: всего около 38\u{a0}мкс."
        );
        assert_eq!(
            disk_caption(Lang::Ru, ALL[4], Device::Hdd.defaults()),
            "Страница 12 нашлась в страничном кеше: её подгрузил read-ahead после промаха на странице 9. Ни поиска, ни чтения с диска — только копия из памяти."
        );
    }

    #[test]
    fn durations_read_as_a_person_writes_them() {
        assert_eq!(duration(Lang::En, 38.4), "38\u{a0}µs");
        assert_eq!(duration(Lang::En, 10_000.0), "10\u{a0}ms");
        assert_eq!(duration(Lang::Ru, 10_245.8), "10,2\u{a0}мс");
        assert_eq!(duration(Lang::En, 999.7), "1\u{a0}ms");
        assert_eq!(duration(Lang::En, 1_960.0), "2\u{a0}ms");
        assert_eq!(duration(Lang::En, 1_940.0), "1.9\u{a0}ms");
    }
}
