//! The view of scene "routing": the typed key's path to a partition, the
//! clients' disagreement, the key histogram, and the stream whose order a
//! null key breaks.

use super::params as declared;
use crate::i18n::{self, t, Msg, RoutingMsg};
use crate::params::{AppParams, Lang, PlacementChoice};
use crate::sim::clients::{Client, KeyedRoute};
use crate::sim::keyless::KeylessStrategy;
use crate::sim::partitioner::{
    abs_partition, key_histogram, murmur2, murmur2_trace, partition_for_key, route, to_positive,
    KeyHasher, Murmur2Trace, Route, MAX_BLOCK_MS, MURMUR2_SEED,
};
use crate::sim::scenes::routing::{
    order_key, processing_ms, run_to_end, RoutingStream, RoutingStreamConfig, StreamKeys, TOPIC,
};
use crate::sim::Sim;
use crate::ui::form::{checked, edit, edit_number, input_value, max_of, min_of};
use crate::ui::memo::memo;
use crate::ui::tip;
use crate::ui::violations::view_violations;
use yew::prelude::*;

/// Bytes shown before "… and N more bytes".
const SHOWN_BYTES: usize = 48;
/// Words of the hash walk-through shown at the start and at the end.
const SHOWN_WORDS_HEAD: usize = 6;
const SHOWN_WORDS_TAIL: usize = 2;

fn hex32(v: u32) -> String {
    format!("0x{v:08x}")
}

fn view_bytes(key: &[u8], lang: Lang) -> Html {
    let shown: Vec<String> = key
        .iter()
        .take(SHOWN_BYTES)
        .map(|b| format!("{b:02x}"))
        .collect();
    let more = key.len().saturating_sub(SHOWN_BYTES);
    html! {
        <p class="bytes">
            <span class="label">{format!("{} · {}: ", t(lang, RoutingMsg::KeyBytes), i18n::byte_count(lang, key.len()))}</span>
            <code data-testid="key-bytes">{shown.join(" ")}</code>
            if more > 0 { <span class="dim">{format!(" {}", i18n::more_bytes(lang, more))}</span> }
        </p>
    }
}

fn view_hash_steps(trace: &Murmur2Trace, lang: Lang) -> Html {
    let words = &trace.words;
    let skipped = words
        .len()
        .saturating_sub(SHOWN_WORDS_HEAD + SHOWN_WORDS_TAIL);
    let row = |w: &crate::sim::partitioner::WordStep| {
        html! {
            <tr>
                <td>{format!("{} {}", t(lang, RoutingMsg::HashWord), w.at / 4)}</td>
                <td><code>{w.bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")}</code></td>
                <td><code>{format!("k = {}", hex32(w.k))}</code></td>
                <td><code>{format!("k·m, k^=k>>>24, k·m = {}", hex32(w.k_mixed))}</code></td>
                <td><code>{format!("h = h·m ^ k = {}", hex32(w.h))}</code></td>
            </tr>
        }
    };
    let head: Html = if skipped > 0 {
        html! {
            <>
                for word in words[..SHOWN_WORDS_HEAD].iter() { {row(word)} }
                <tr><td colspan="5" class="dim">{i18n::skipped_words(lang, skipped)}</td></tr>
                for word in words[words.len() - SHOWN_WORDS_TAIL..].iter() { {row(word)} }
            </>
        }
    } else {
        html! { for word in words.iter() { {row(word)} } }
    };
    html! {
        <details class="hash-steps" data-testid="hash-steps">
            <summary>{t(lang, RoutingMsg::HowHash)}</summary>
            <table>
                <tbody>
                    <tr>
                        <td>{t(lang, RoutingMsg::HashStart)}</td>
                        <td colspan="4"><code>{format!("{} ^ {} = {}", hex32(MURMUR2_SEED), trace.len, hex32(trace.initial))}</code></td>
                    </tr>
                    {head}
                    for tail in trace.tail.as_ref() {
                        <tr>
                            <td>{t(lang, RoutingMsg::HashTail)}</td>
                            <td><code>{tail.bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")}</code></td>
                            <td colspan="2"><code>{format!("h ^= bytes = {}", hex32(tail.h_xored))}</code></td>
                            <td><code>{format!("h·m = {}", hex32(tail.h))}</code></td>
                        </tr>
                    }
                    <tr>
                        <td>{t(lang, RoutingMsg::HashFinal)}</td>
                        <td><code>{format!("h ^= h>>>13 → {}", hex32(trace.final_mix[0]))}</code></td>
                        <td colspan="2"><code>{format!("h·m → {}", hex32(trace.final_mix[1]))}</code></td>
                        <td><code>{format!("h ^= h>>>15 → {}", hex32(trace.final_mix[2]))}</code></td>
                    </tr>
                    <tr>
                        <td>{t(lang, RoutingMsg::HashResult)}</td>
                        <td colspan="4"><code>{trace.result.to_string()}</code></td>
                    </tr>
                </tbody>
            </table>
        </details>
    }
}

fn view_partition_strip(partitions: u32, lit: Option<u32>) -> Html {
    html! {
        <ol class="partition-strip" aria-hidden="true">
            for p in 0..partitions {
                <li class={classes!((Some(p) == lit).then_some("lit"))}>{p}</li>
            }
        </ol>
    }
}

fn view_key_panel(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let n = params.partitions;
    let key = params.key.as_bytes();
    let key_opt = (!params.key_null).then_some(key);
    let routed = route(key_opt, n, params.placement());
    let hash = murmur2(key);
    let masked = to_positive(hash);
    let by_hash = masked % n;

    let on_key = edit(params, on_params, |p, e: InputEvent| {
        p.key = input_value(&e)
    });
    let on_null = edit(params, on_params, |p, e: Event| p.key_null = checked(&e));
    let on_partitions = edit_number(params, on_params, &declared::ROUTING_PARTITIONS);
    let on_placement =
        |choice: PlacementChoice| edit(params, on_params, move |p, _: Event| p.placement = choice);
    let on_explicit = edit_number(params, on_params, &declared::EXPLICIT_PARTITION);

    let (shown_partition, decided): (String, String) = match routed {
        Route::Explicit(p) => (
            p.to_string(),
            t(lang, RoutingMsg::DecidedExplicit).to_owned(),
        ),
        Route::MissingPartition(p) => (
            "—".to_owned(),
            i18n::missing_partition(lang, p, n, MAX_BLOCK_MS),
        ),
        Route::Region { region, partition } => (
            partition.to_string(),
            i18n::decided_region(lang, region, partition),
        ),
        Route::Hashed { partition } => (
            partition.to_string(),
            t(lang, RoutingMsg::DecidedHash).to_owned(),
        ),
        Route::Keyless => (
            "any".to_owned(),
            t(lang, RoutingMsg::DecidedKeyless).to_owned(),
        ),
    };
    let lit = match routed {
        Route::Explicit(p)
        | Route::Region { partition: p, .. }
        | Route::Hashed { partition: p } => Some(p),
        Route::MissingPartition(_) | Route::Keyless => None,
    };
    let shown_text = if routed == Route::Keyless {
        format!(
            "{} · {}",
            t(lang, RoutingMsg::AnyPartition),
            params.keyless.id()
        )
    } else {
        shown_partition.clone()
    };
    let abs = abs_partition(hash, n);

    html! {
        <section class="card key-panel" aria-labelledby="key-section">
            <h2 id="key-section">{t(lang, RoutingMsg::KeySection)}</h2>
            <div class="inputs">
                <label class="field">
                    <span>{t(lang, RoutingMsg::KeyLabel)}</span>
                    <input type="text" data-testid="key-input" value={params.key.clone()} oninput={on_key}
                        disabled={params.key_null} spellcheck="false" autocomplete="off" />
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="key-null" checked={params.key_null} onchange={on_null} />
                    <span>{t(lang, RoutingMsg::NullKey)}</span>
                </label>
                <label class="field narrow-field">
                    <span>{t(lang, RoutingMsg::PartitionsLabel)}</span>
                    <input type="number" data-testid="partitions-input" min={min_of(&declared::ROUTING_PARTITIONS)} max={max_of(&declared::ROUTING_PARTITIONS)} value={n.to_string()} oninput={on_partitions} />
                </label>
            </div>
            <fieldset class="placement">
                <legend>{t(lang, RoutingMsg::Placement)}</legend>
                for &choice in PlacementChoice::ALL.iter() { {{
                    let label = match choice {
                        PlacementChoice::Partitioner => t(lang, RoutingMsg::PlacementPartitioner),
                        PlacementChoice::Explicit => t(lang, RoutingMsg::PlacementExplicit),
                        PlacementChoice::Region => t(lang, RoutingMsg::PlacementRegion),
                    };
                    html! {
                        <label class="check">
                            <input type="radio" name="placement" data-testid="placement" value={choice.id()}
                                checked={params.placement == choice} onchange={on_placement(choice)} />
                            <span>{label}</span>
                            if choice == PlacementChoice::Explicit {
                                <input type="number" class="inline-number" data-testid="explicit-partition" min={min_of(&declared::EXPLICIT_PARTITION)} max={max_of(&declared::EXPLICIT_PARTITION)}
                                    value={params.explicit_partition.to_string()} oninput={on_explicit.clone()}
                                    disabled={params.placement != PlacementChoice::Explicit}
                                    aria-label={t(lang, RoutingMsg::Partition)} />
                            }
                        </label>
                    }
                }} }
                <p class="dim small">{t(lang, RoutingMsg::Precedence)}</p>
            </fieldset>
            if params.key_null {
                <p class="note">{t(lang, RoutingMsg::NullExplain)}</p>
            } else {
                { view_bytes(key, lang) }
                <dl class="formula">
                    <div>
                        <dt><code>{"murmur2(key)"}</code></dt>
                        <dd data-testid="murmur2-value" data-value={hash.to_string()}>
                            <code>{format!("{hash} ({})", hex32(hash as u32))}</code>
                        </dd>
                    </div>
                    <div>
                        <dt><code>{"& 0x7fffffff"}</code></dt>
                        <dd><code>{masked.to_string()}</code></dd>
                    </div>
                    <div>
                        <dt><code>{format!("% {n}")}</code></dt>
                        <dd><code>{by_hash.to_string()}</code></dd>
                    </div>
                </dl>
            }
            <p class="routing-result">
                <span>{format!("{} ", t(lang, RoutingMsg::Partition))}</span>
                <strong data-testid="routing-partition" data-partition={shown_partition}>{shown_text}</strong>
            </p>
            { view_partition_strip(n, lit) }
            <p class={classes!("decided", matches!(routed, Route::MissingPartition(_)).then_some("error"))}
                data-testid={matches!(routed, Route::MissingPartition(_)).then_some("route-error")}>{decided}</p>
            if !params.key_null {
                <div class="abs-trap" data-testid="abs-trap" data-abs-partition={abs.to_string()}>
                    <h3>{t(lang, RoutingMsg::AbsTitle)}</h3>
                    if abs == i64::from(by_hash) {
                        <p>{t(lang, RoutingMsg::AbsSame)}</p>
                    } else {
                        <p class="warning">{format!("⚠ {}", i18n::abs_differs(lang, abs, by_hash, n))}</p>
                    }
                </div>
                { view_hash_steps(&murmur2_trace(key), lang) }
            }
        </section>
    }
}

fn view_chapter_example(lang: Lang) -> Html {
    let rows = ["order-42", "order-99"]
        .map(|k| (k, partition_for_key(KeyHasher::Murmur2, k.as_bytes(), 3)));
    html! {
        <section class="card" data-testid="chapter-example">
            <h2>{t(lang, RoutingMsg::ChapterTitle)}</h2>
            <ul class="plain">
                for (k, p) in rows.iter() {
                    <li><code>{format!("(murmur2(\"{k}\") & 0x7fffffff) % 3 = {p}")}</code></li>
                }
            </ul>
            <p>{t(lang, RoutingMsg::ChapterNote)}</p>
        </section>
    }
}

fn view_clients(params: &AppParams) -> Html {
    let lang = params.lang;
    let n = params.partitions;
    let key = params.key.as_bytes();
    // The partition comes from the same rule the conformance suite checks
    // against each client on a real broker.
    let keyed = |client: Client| match client.keyed_route(key, n) {
        KeyedRoute::Partition(p) if !params.key_null => Some(p.to_string()),
        _ => None,
    };
    let rows: [(&str, &str, String, Option<String>); 5] = [
        (
            "java",
            "Java, franz-go, kafka-python",
            "(murmur2 & 0x7fffffff) % N".into(),
            keyed(Client::Java),
        ),
        (
            "sarama",
            "sarama NewHashPartitioner",
            "|int32(fnv1a) % N|".into(),
            keyed(Client::Sarama),
        ),
        (
            "sarama-reference",
            "sarama NewReferenceHashPartitioner",
            "(int32(fnv1a) & 0x7fffffff) % N".into(),
            keyed(Client::SaramaReference),
        ),
        (
            "librdkafka",
            "librdkafka, confluent-kafka-go (consistent_random)",
            format!("crc32 % N; {}", t(lang, RoutingMsg::RuleEmptyLikeNull)),
            keyed(Client::ConfluentKafkaGo),
        ),
        (
            "kafka-go",
            "segmentio/kafka-go Writer",
            t(lang, RoutingMsg::RuleKafkaGo).to_owned(),
            keyed(Client::KafkaGo),
        ),
    ];
    html! {
        <section class="card" aria-labelledby="clients-title">
            <h2 id="clients-title">{t(lang, RoutingMsg::ClientsTitle)}</h2>
            <div class="table-scroll">
                <table class="clients">
                    <thead><tr>
                        <th scope="col">{t(lang, RoutingMsg::Client)}</th>
                        <th scope="col">{t(lang, RoutingMsg::Rule)}</th>
                        <th scope="col">{t(lang, RoutingMsg::Partition)}</th>
                    </tr></thead>
                    <tbody>
                        for (id, name, rule, partition) in rows.into_iter() { {{
                            let value = partition.clone().unwrap_or_else(|| "any".to_owned());
                            let text = partition.unwrap_or_else(|| t(lang, RoutingMsg::AnyPartition).to_owned());
                            html! {
                                <tr data-testid="client-partition" data-client={id} data-partition={value}>
                                    <th scope="row">{name}</th>
                                    <td><code>{rule}</code></td>
                                    <td class="num">{text}</td>
                                </tr>
                            }
                        }} }
                    </tbody>
                </table>
            </div>
            <p>{t(lang, RoutingMsg::ClientsLesson)}</p>
        </section>
    }
}

/// The histogram's tooltip: a bar's partition and its count of keys, read
/// from the bar's attributes.
fn describe_bar(el: &web_sys::Element) -> Option<String> {
    let p = tip::attr(el, "[data-testid=histogram-bar]", "data-partition")?;
    let c = tip::attr(el, "[data-testid=histogram-bar]", "data-count")?;
    Some(format!("{p}: {c}"))
}

fn view_histogram(params: &AppParams, counts: &[u32], on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let keys = params.histogram_keys;
    let max = counts.iter().copied().max().unwrap_or(0).max(1);
    let min = counts.iter().copied().min().unwrap_or(0);
    let mean = f64::from(keys) / counts.len().max(1) as f64;
    let skew = if mean > 0.0 {
        f64::from(max) / mean
    } else {
        0.0
    };
    let on_keys = edit_number(params, on_params, &declared::KEYS);
    let width = 640.0;
    let bar_w = width / counts.len() as f64;
    html! {
        <section class="card" aria-labelledby="histogram-title">
            <h2 id="histogram-title">{t(lang, RoutingMsg::HistogramTitle)}</h2>
            <label class="field narrow-field">
                <span>{format!("{} K = {keys}", t(lang, RoutingMsg::HistogramKeys))}</span>
                <input type="range" data-testid="histogram-keys" min={min_of(&declared::KEYS)} max={max_of(&declared::KEYS)} step="1"
                    value={keys.to_string()} oninput={on_keys} />
            </label>
            <svg class="histogram" viewBox={format!("0 0 {width} 130")} role="img"
                aria-label={i18n::histogram_summary(lang, min, max, skew)} onmouseover={tip::on_hover(describe_bar)}>
                { tip::tip_title() }
                for (p, &c) in counts.iter().enumerate() { {{
                    let h = 100.0 * f64::from(c) / f64::from(max);
                    let x = p as f64 * bar_w;
                    html! {
                        <g data-testid="histogram-bar" data-partition={p.to_string()} data-count={c.to_string()}>
                            <rect x={format!("{:.1}", x + 1.0)} y={format!("{:.1}", 105.0 - h)}
                                width={format!("{:.1}", (bar_w - 2.0).max(1.0))} height={format!("{h:.1}")} />
                            if counts.len() <= 16 {
                                <text x={format!("{:.1}", x + bar_w / 2.0)} y="122" text-anchor="middle">{p}</text>
                            }
                        </g>
                    }
                }} }
                <line class="mean" x1="0" x2={format!("{width}")} y1={format!("{:.1}", 105.0 - 100.0 * mean / f64::from(max))}
                    y2={format!("{:.1}", 105.0 - 100.0 * mean / f64::from(max))} />
            </svg>
            <p class="dim" data-testid="histogram-summary">{i18n::histogram_summary(lang, min, max, skew)}</p>
        </section>
    }
}

fn strategy_label(lang: Lang, s: KeylessStrategy) -> &'static str {
    match s {
        KeylessStrategy::RoundRobin => t(lang, RoutingMsg::StrategyRoundRobin),
        KeylessStrategy::Sticky => t(lang, RoutingMsg::StrategySticky),
        KeylessStrategy::UniformSticky => t(lang, RoutingMsg::StrategyUniformSticky),
    }
}

const LANE_LABEL_W: f64 = 210.0;
const ACC_W: f64 = 130.0;
// A record's size; style.css draws its rects at this size
// (`.routing-figure .record`).
const CELL_W: f64 = 60.0;
const CELL_H: f64 = 34.0;
const CELL_GAP: f64 = 4.0;
const LANE_PAD: f64 = 8.0;

fn view_stream(
    sim: &Sim<RoutingStream>,
    outcome: &RoutingStream,
    params: &AppParams,
    narrow: bool,
    on_params: &Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let s = sim.model();
    let width = if narrow { 360.0 } else { 960.0 };
    let cells_x = if narrow { 8.0 } else { LANE_LABEL_W + ACC_W };
    let per_line =
        (((width - cells_x - 8.0 + CELL_GAP) / (CELL_W + CELL_GAP)).floor() as usize).max(1);
    // At most a handful of partitions hold this stream's 20 records: draw
    // those (and any with a batch on the way), and count the empty rest.
    // They are the partitions that hold records when the run ends, drawn
    // from the start: lanes do not appear while it plays and push the ones
    // below them down, and a replay does not build them all again. A log
    // only grows, so the outcome's is never shorter than the one on view.
    let final_len = |p: u32| {
        outcome
            .logs
            .get(p as usize)
            .map_or(0, |l| l.log_end_offset())
    };
    let shown: Vec<u32> = (0..s.config.partitions)
        .filter(|&p| {
            s.config.partitions <= 8
                || final_len(p) > 0
                || s.accumulator.open_batch(p).is_some()
                || s.in_flight.iter().any(|f| f.batch.partition == p)
        })
        .collect();
    let mut y = 8.0;
    let mut lanes = Vec::new();
    for &p in &shown {
        // Tall enough for what the lane will hold, so it does not grow
        // while the run plays.
        let lines = (final_len(p) as usize).div_ceil(per_line).max(1);
        let top = y;
        let header_h = if narrow { 36.0 } else { 0.0 };
        let h = LANE_PAD * 2.0 + header_h + lines as f64 * (CELL_H + CELL_GAP);
        lanes.push((p, top, h, header_h));
        y += h + 6.0;
    }
    let empty = s.config.partitions as usize - shown.len();
    let height = y + if empty > 0 { 24.0 } else { 0.0 };
    let consumers = &s.consumers;

    let on_strategy = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(s) = KeylessStrategy::from_id(&select.value()) {
            p.keyless = s;
        }
    });
    let on_batch = edit_number(params, on_params, &declared::ROUTING_BATCH_SIZE);
    let on_linger = edit_number(params, on_params, &declared::ROUTING_LINGER_MS);
    let violations = s.checker.violations();
    let sent = s.in_flight.len();

    html! {
        <section class="card stream" aria-labelledby="stream-title">
            <h2 id="stream-title">{t(lang, RoutingMsg::StreamTitle)}</h2>
            <p>{ if params.key_null { t(lang, RoutingMsg::StreamNull) } else { t(lang, RoutingMsg::StreamKeyed) } }</p>
            <div class="stream-params">
                <label class="field">
                    <span>{t(lang, RoutingMsg::Strategy)}</span>
                    <select data-testid="keyless-strategy" onchange={on_strategy} disabled={!params.key_null}>
                        for &k in KeylessStrategy::ALL.iter() {
                            <option value={k.id()} selected={params.keyless == k}>{strategy_label(lang, k)}</option>
                        }
                    </select>
                </label>
                <label class="field">
                    <span><code>{"batch.size"}</code>{format!(" = {}", params.batch_size)}</span>
                    <input type="range" data-testid="batch-size" min={min_of(&declared::ROUTING_BATCH_SIZE)} max={max_of(&declared::ROUTING_BATCH_SIZE)}
                        step="2" value={params.batch_size.to_string()} oninput={on_batch} />
                    <span class="help">{t(lang, RoutingMsg::BatchSizeHelp)}</span>
                </label>
                <label class="field">
                    <span><code>{"linger.ms"}</code>{format!(" = {}", params.linger_ms)}</span>
                    <input type="range" data-testid="linger-ms" min={min_of(&declared::ROUTING_LINGER_MS)}
                        max={max_of(&declared::ROUTING_LINGER_MS)} step="5" value={params.linger_ms.to_string()} oninput={on_linger} />
                    <span class="help">{t(lang, RoutingMsg::LingerHelp)}</span>
                </label>
            </div>
            <svg class="stream-figure routing-figure" data-testid="stream-figure" viewBox={format!("0 0 {width} {height:.0}")} role="img"
                aria-label={t(lang, RoutingMsg::StreamTitle)} onmouseover={tip::on_hover(tip::order_record)}>
                { tip::tip_title() }
                // One keyed node per lane: with many partitions the lanes on
                // show come and go, and each must keep its own records.
                { lanes.iter().map(|&(p, top, h, header_h)| {
                    let log = &s.logs[p as usize];
                    let consumer = &consumers[p as usize];
                    let (lo, hi) = processing_ms(p);
                    let speed = i18n::consumer_speed(lang, &consumer.client_id, (lo + hi) / 2);
                    let open = s.accumulator.open_batch(p);
                    let flying = s.in_flight.iter().filter(|f| f.batch.partition == p).map(|f| f.batch.records.len()).sum::<usize>();
                    let label_x = 10.0;
                    let busy = s.busy[p as usize].map(|(o, _)| o);
                    html! {
                        <g key={p.to_string()} class="lane" data-testid="partition-lane" data-partition={p.to_string()}>
                            <rect class="lane-bg" x="4" y={format!("{top:.1}")} width={format!("{:.1}", width - 8.0)} height={format!("{h:.1}")} rx="6" />
                            <text class="lane-title" x={format!("{label_x:.1}")} y={format!("{:.1}", top + 18.0)}>
                                {format!("{TOPIC}-{p}")}
                            </text>
                            <text class="lane-meta" x={format!("{:.1}", if narrow { 90.0 } else { label_x })} y={format!("{:.1}", top + if narrow { 18.0 } else { 34.0 })}>{speed}</text>
                            if !narrow {
                                <text class="lane-meta" x={format!("{:.1}", LANE_LABEL_W)} y={format!("{:.1}", top + 18.0)}>
                                    {format!("{}: {}", t(lang, RoutingMsg::OpenBatch), open.map_or(0, |b| b.records.len()))}
                                </text>
                                <text class="lane-meta" x={format!("{:.1}", LANE_LABEL_W)} y={format!("{:.1}", top + 34.0)}>
                                    {format!("{}: {flying}", t(lang, RoutingMsg::InFlight))}
                                </text>
                            } else {
                                <text class="lane-meta" x={format!("{label_x:.1}")} y={format!("{:.1}", top + 32.0)}>
                                    {format!("{}: {} · {}: {flying}", t(lang, RoutingMsg::OpenBatch), open.map_or(0, |b| b.records.len()), t(lang, RoutingMsg::InFlight))}
                                </text>
                            }
                            // A keyed list of its own, not spliced after the lane's
                            // header: Yew pairs an unkeyed list from its end, so a
                            // new record would re-create the header and every
                            // record before it.
                            { log.records().map(|r| {
                                let i = r.offset as usize;
                                let x = cells_x + (i % per_line) as f64 * (CELL_W + CELL_GAP);
                                let cy = top + LANE_PAD + header_h + (i / per_line) as f64 * (CELL_H + CELL_GAP);
                                let order = r.entity.trim_start_matches("order-").to_owned();
                                let state = if r.offset < consumer.processed_up_to() && busy != Some(r.offset) {
                                    "processed"
                                } else if busy == Some(r.offset) {
                                    "processing"
                                } else {
                                    "unread"
                                };
                                html! {
                                    <g key={format!("{p}-{}", r.offset)} class={classes!("record", "small", state, format!("order-{}", order))}
                                        data-testid="record" data-topic={TOPIC} data-partition={p.to_string()}
                                        data-offset={r.offset.to_string()} data-key={r.key.clone().unwrap_or_default()}
                                        data-key-null={r.key.is_none().then_some("true")} data-entity={r.entity.clone()}
                                        data-step={r.event.step().to_string()}
                                        transform={format!("translate({x:.1},{cy:.1})")}>
                                        <rect class="cell" />
                                        <rect class="key-bar" />
                                        <text x="4" y="16">{format!("#{order}")}</text>
                                        <text x="4" y="29">{r.event.value()}</text>
                                    </g>
                                }
                            }).collect::<Html>() }
                        </g>
                    }
                }).collect::<Html>() }
                if empty > 0 {
                    <text class="lane-meta" x="10" y={format!("{:.1}", height - 8.0)}>
                        {i18n::more_empty_partitions(lang, empty)}
                    </text>
                }
            </svg>
            <p class="dim small">{t(lang, RoutingMsg::AdaptiveNote)}</p>
            <KeylessComparison params={params.clone()} />
            <dl class="stats inline">
                <div><dt>{t(lang, RoutingMsg::Switches)}</dt>
                    <dd data-testid="stat" data-name="switches" data-value={s.accumulator.switches.to_string()}>{s.accumulator.switches}</dd></div>
                <div><dt>{t(lang, RoutingMsg::InFlight)}</dt>
                    <dd data-testid="stat" data-name="in-flight" data-value={sent.to_string()}>{sent}</dd></div>
                <div><dt>{t(lang, Msg::OrderViolations)}</dt>
                    <dd data-testid="stat" data-name="violations" data-value={violations.len().to_string()}>{violations.len()}</dd></div>
            </dl>
            <h3>{t(lang, RoutingMsg::HandledTitle)}</h3>
            if s.handled.is_empty() {
                <p class="dim">{t(lang, RoutingMsg::NothingHandled)}</p>
            } else {
                <ol class="handled" data-testid="handled">
                    // Keyed by position: the list only grows, and Yew pairs
                    // unkeyed items from the end, which would rewrite every item.
                    for (i, h) in s.handled.iter().enumerate() {
                        <li key={i} class={classes!(format!("order-{}", h.order), h.out_of_order.then_some("out-of-order"))}
                            data-partition={h.partition.to_string()} data-entity={order_key(h.order)} data-step={h.event.step().to_string()}>
                            if h.out_of_order { <span aria-hidden="true">{"⚠ "}</span> }
                            {format!("#{} {}", h.order, h.event.value())}
                            <span class="dim">{format!(" · p{}", h.partition)}</span>
                            if h.out_of_order { <span class="visually-hidden">{format!(" — {}", t(lang, RoutingMsg::OutOfOrder))}</span> }
                        </li>
                    }
                </ol>
            }
            { view_violations(violations, lang) }
        </section>
    }
}

/// Keeps the histogram's counts until K or N changes: up to 100,000 hashes
/// must not run again on every animation frame.
#[derive(Properties, PartialEq)]
struct HistogramProps {
    params: AppParams,
    on_params: Callback<AppParams>,
}

#[component(Histogram)]
fn histogram(props: &HistogramProps) -> Html {
    let counts = use_memo(
        (props.params.histogram_keys, props.params.partitions),
        |&(k, n)| key_histogram(k, n),
    );
    view_histogram(&props.params, &counts, &props.on_params)
}

#[derive(Properties, PartialEq)]
struct ComparisonProps {
    params: AppParams,
}

/// The stream under every routing at once, on the learner's seed and
/// settings. Each run is a few hundred events; they are redone only when
/// a setting changes, not on every frame.
#[component(KeylessComparison)]
fn keyless_comparison(props: &ComparisonProps) -> Html {
    let p = &props.params;
    let lang = p.lang;
    let rows = use_memo(
        (p.seed, p.partitions, p.batch_size, p.linger_ms),
        |&(seed, partitions, batch_size, linger_ms)| {
            let keys = [StreamKeys::OrderId]
                .into_iter()
                .chain(KeylessStrategy::ALL.map(StreamKeys::Null))
                .collect::<Vec<_>>();
            keys.into_iter()
                .map(|keys| {
                    let s = run_to_end(
                        RoutingStreamConfig {
                            partitions,
                            keys,
                            batch_size,
                            linger_ms,
                        },
                        seed,
                    );
                    let per_partition: Vec<u64> =
                        s.logs.iter().map(|l| l.log_end_offset()).collect();
                    (keys, per_partition, s.accumulator.switches, s.reorders())
                })
                .collect::<Vec<_>>()
        },
    );
    let current = p.routing_stream_config().keys;
    html! {
        <div class="table-scroll">
            <table class="clients compare" data-testid="keyless-comparison">
                <caption>{t(lang, RoutingMsg::CompareTitle)}</caption>
                <thead><tr>
                    <th scope="col">{t(lang, RoutingMsg::CompareHow)}</th>
                    <th scope="col">{t(lang, RoutingMsg::ComparePerPartition)}</th>
                    <th scope="col">{t(lang, RoutingMsg::Switches)}</th>
                    <th scope="col">{t(lang, Msg::OrderViolations)}</th>
                </tr></thead>
                <tbody>
                    for (keys, per_partition, switches, reorders) in rows.iter() { {{
                        let (id, name) = match keys {
                            StreamKeys::OrderId => ("order-id", t(lang, RoutingMsg::KeyedByOrder)),
                            StreamKeys::Null(s) => (s.id(), strategy_label(lang, *s)),
                        };
                        let shown: Vec<String> = per_partition.iter().take(16).map(u64::to_string).collect();
                        let more = if per_partition.len() > 16 { " …" } else { "" };
                        html! {
                            <tr data-testid="comparison-row" data-routing={id} data-violations={reorders.to_string()}
                                class={classes!((*keys == current).then_some("current"))}>
                                <th scope="row">{name}</th>
                                <td><code>{format!("{}{more}", shown.join(" · "))}</code></td>
                                <td class="num">{switches}</td>
                                <td class={classes!("num", (*reorders > 0).then_some("bad"))}>
                                    {if *reorders > 0 { format!("⚠ {reorders}") } else { "✓ 0".to_owned() }}
                                </td>
                            </tr>
                        }
                    }} }
                </tbody>
            </table>
        </div>
    }
}

pub fn view_routing_scene(
    sim: &Sim<RoutingStream>,
    outcome: &RoutingStream,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    html! {
        <div class="routing">
            { memo(view_key_panel, params, &on_params) }
            { memo(|p, _| view_chapter_example(p.lang), params, &on_params) }
            { memo(|p, _| view_clients(p), params, &on_params) }
            { memo(|p, on| html! { <Histogram params={p.clone()} on_params={on.clone()} /> }, params, &on_params) }
            { view_stream(sim, outcome, params, narrow, &on_params) }
        </div>
    }
}
