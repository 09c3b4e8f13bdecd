//! The view of scene "routing": the typed key's path to a partition, the
//! clients' disagreement, the key histogram, and the stream whose order a
//! null key breaks.

use super::params as declared;
use super::stream::view_stream;
use crate::i18n::Lang;
use crate::i18n::{fixed, t};
use crate::params::declare::Value;
use crate::params::{AppParams, Part};
use crate::scenes::routing::model::PlacementChoice;
use crate::scenes::routing::model::RoutingStream;
use crate::scenes::routing::text::RoutingMsg;
use crate::sim::clients::{Client, KeyedRoute};
use crate::sim::partitioner::{
    abs_partition, key_histogram, murmur2, murmur2_trace, partition_for_key, route, to_positive,
    KeyHasher, Murmur2Trace, Route, MAX_BLOCK_MS, MURMUR2_SEED,
};
use crate::sim::Sim;
use crate::widgets::form::{checked, edit, edit_number, input_value, max_of, min_of, NumberField};
use crate::widgets::memo::memo;
use crate::widgets::tip;
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
            <span class="label">{format!("{} · {}: ", t(lang, RoutingMsg::KeyBytes), super::numbered::byte_count(lang, key.len()))}</span>
            <code data-testid="key-bytes">{shown.join(" ")}</code>
            if more > 0 { <span class="dim">{format!(" {}", super::numbered::more_bytes(lang, more))}</span> }
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
                <tr><td colspan="5" class="dim">{super::numbered::skipped_words(lang, skipped)}</td></tr>
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
    let n = params.routing.partitions;
    let key = params.routing.key.as_bytes();
    let key_opt = (!params.routing.key_null).then_some(key);
    let routed = route(key_opt, n, params.routing.placement());
    let hash = murmur2(key);
    let masked = to_positive(hash);
    let by_hash = masked % n;

    let on_key = edit(params, on_params, |p, e: InputEvent| {
        p.routing.key = input_value(&e)
    });
    let on_null = edit(params, on_params, |p, e: Event| {
        p.routing.key_null = checked(&e)
    });
    let on_partitions = edit(params, on_params, |p, n: u32| {
        (declared::ROUTING_PARTITIONS.set)(p, Value::Number(u64::from(n)));
    });
    let on_placement = |choice: PlacementChoice| {
        edit(params, on_params, move |p, _: Event| {
            p.routing.placement = choice
        })
    };
    let on_explicit = edit_number(params, on_params, &declared::EXPLICIT_PARTITION);

    let (shown_partition, decided): (String, String) = match routed {
        Route::Explicit(p) => (
            p.to_string(),
            t(lang, RoutingMsg::DecidedExplicit).to_owned(),
        ),
        Route::MissingPartition(p) => (
            "—".to_owned(),
            super::numbered::missing_partition(lang, p, n, MAX_BLOCK_MS),
        ),
        Route::Region { region, partition } => (
            partition.to_string(),
            super::numbered::decided_region(lang, region, partition),
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
            params.routing.keyless.id()
        )
    } else {
        shown_partition.clone()
    };
    let abs = abs_partition(hash, n);

    html! {
        // The scene's figure is the stream, where records travel and orders
        // break; a page that shows the key alone has this panel instead.
        <section class="card key-panel" aria-labelledby="key-section"
            data-testid={(!params.shows(super::params::STREAM)).then_some("figure")}>
            <h2 id="key-section">{t(lang, RoutingMsg::KeySection)}</h2>
            <div class="inputs">
                <label class="field">
                    <span>{t(lang, RoutingMsg::KeyLabel)}</span>
                    <input type="text" data-testid="key-input" value={params.routing.key.clone()} oninput={on_key}
                        disabled={params.routing.key_null} spellcheck="false" autocomplete="off" />
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="key-null" checked={params.routing.key_null} onchange={on_null} />
                    <span>{t(lang, RoutingMsg::NullKey)}</span>
                </label>
                <label class="field narrow-field">
                    <span>{t(lang, RoutingMsg::PartitionsLabel)}</span>
                    <NumberField testid="partitions-input" min={*declared::ROUTING_PARTITIONS.range().start()}
                        max={*declared::ROUTING_PARTITIONS.range().end()} value={n} lang={lang} on_value={on_partitions} />
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
                                checked={params.routing.placement == choice} onchange={on_placement(choice)} />
                            <span>{label}</span>
                            if choice == PlacementChoice::Explicit {
                                <input type="number" class="inline-number" data-testid="explicit-partition" min={min_of(&declared::EXPLICIT_PARTITION)} max={max_of(&declared::EXPLICIT_PARTITION)}
                                    value={params.routing.explicit_partition.to_string()} oninput={on_explicit.clone()}
                                    disabled={params.routing.placement != PlacementChoice::Explicit}
                                    aria-label={t(lang, RoutingMsg::Partition)} />
                            }
                        </label>
                    }
                }} }
                <p class="dim small">{t(lang, RoutingMsg::Precedence)}</p>
            </fieldset>
            if params.routing.key_null {
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
            if !params.routing.key_null {
                <div class="abs-trap" data-testid="abs-trap" data-abs-partition={abs.to_string()}>
                    <h3>{t(lang, RoutingMsg::AbsTitle)}</h3>
                    if abs == i64::from(by_hash) {
                        <p>{t(lang, RoutingMsg::AbsSame)}</p>
                    } else {
                        <p class="warning">{format!("⚠ {}", super::numbered::abs_differs(lang, abs, by_hash, n))}</p>
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
    let n = params.routing.partitions;
    let key = params.routing.key.as_bytes();
    // The partition comes from the same rule the conformance suite checks
    // against each client on a real broker.
    let keyed = |client: Client| match client.keyed_route(key, n) {
        KeyedRoute::Partition(p) if !params.routing.key_null => Some(p.to_string()),
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
            <div class="table-scroll" role="group" tabindex="0" aria-labelledby="clients-title">
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
    let keys = params.routing.histogram_keys;
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
            <svg class="histogram" viewBox={format!("0 0 {} 130", fixed(width, 0))} role="img"
                aria-label={super::numbered::histogram_summary(lang, min, max, skew)} onmouseover={tip::on_hover(describe_bar)}>
                { tip::tip_title() }
                for (p, &c) in counts.iter().enumerate() { {{
                    let h = 100.0 * f64::from(c) / f64::from(max);
                    let x = p as f64 * bar_w;
                    html! {
                        <g data-testid="histogram-bar" data-partition={p.to_string()} data-count={c.to_string()}>
                            <rect x={fixed(x + 1.0, 1)} y={fixed(105.0 - h, 1)}
                                width={fixed((bar_w - 2.0).max(1.0), 1)} height={fixed(h, 1)} />
                            if counts.len() <= 16 {
                                <text x={fixed(x + bar_w / 2.0, 1)} y="122" text-anchor="middle">{p}</text>
                            }
                        </g>
                    }
                }} }
                <line class="mean" x1="0" x2={fixed(width, 0)} y1={fixed(105.0 - 100.0 * mean / f64::from(max), 1)}
                    y2={fixed(105.0 - 100.0 * mean / f64::from(max), 1)} />
            </svg>
            <p class="dim" data-testid="histogram-summary">{super::numbered::histogram_summary(lang, min, max, skew)}</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct HistogramProps {
    params: AppParams,
    on_params: Callback<AppParams>,
}

#[component(Histogram)]
fn histogram(props: &HistogramProps) -> Html {
    let counts = use_memo(
        (
            props.params.routing.histogram_keys,
            props.params.routing.partitions,
        ),
        |&(k, n)| key_histogram(k, n),
    );
    view_histogram(&props.params, &counts, &props.on_params)
}

pub fn view_routing_scene(
    sim: &Sim<RoutingStream>,
    outcome: &RoutingStream,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    // A course page may embed one part alone; an embedded frame with no
    // part named shows the trace, the scene's point, compactly.
    let shows = |p: Part| params.shows(p);
    html! {
        <div class="routing">
            // The stream first: it is what plays, and where an order breaks.
            if shows(super::params::STREAM) {
                { view_stream(sim, outcome, params, narrow, &on_params) }
            }
            if shows(super::params::TRACE) {
                { memo(view_key_panel, params, &on_params) }
            }
            if params.shown_part() == Part::All {
                { memo(|p, _| view_chapter_example(p.lang), params, &on_params) }
            }
            if shows(super::params::CLIENTS) {
                { memo(|p, _| view_clients(p), params, &on_params) }
            }
            if shows(super::params::HISTOGRAM) {
                { memo(|p, on| html! { <Histogram params={p.clone()} on_params={on.clone()} /> }, params, &on_params) }
            }
            if shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
            if shows(super::params::SWITCH) {
                { memo(super::switch::view_switch, params, &on_params) }
            }
        </div>
    }
}
