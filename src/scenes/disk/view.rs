//! The disk scene's view: sequential against scattered I/O, and the page cache.

use super::narration::disk_caption;
use super::params as declared;
use crate::i18n::Lang;
use crate::i18n::{self, fixed, t};
use crate::params::{AppParams, Part};
use crate::scenes::disk::model::{Device, Disk, CACHE_PAGES, PAGES};
use crate::scenes::disk::text::DiskMsg;
use crate::sim::Sim;
use crate::widgets::fold::Fold;
use crate::widgets::form::{edit, edit_number, max_of, min_of};
use crate::widgets::memo::memo;
use crate::widgets::stats::stat;
use yew::prelude::*;

fn rate(lang: Lang, v: f64) -> String {
    i18n::records_per_second(lang, v.round() as u64)
}

/// The cost model, sequential against scattered reads: the scene's figure,
/// drawn from the link's parameters only.
fn view_disk_cost(params: &AppParams, _on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let cost = params.disk.cost;
    let bytes = u64::from(params.disk.record_bytes);
    let seq = cost.sequential_records_per_s(bytes);
    let random = cost.random_records_per_s(bytes);
    let streams_total = cost.interleaved_streams_bytes_per_s(params.disk.streams);
    // A linear scale, so the bars' lengths read true; a bar too short to
    // see keeps a sliver (CSS min-width), and the ratio is said in words.
    let bar = |v: f64| {
        format!(
            "width: {}%",
            fixed((v / seq.max(1.0) * 100.0).clamp(0.0, 100.0), 2)
        )
    };
    let slower = (seq / random.max(f64::MIN_POSITIVE)).round() as u64;
    html! {
        <>
            if params.shows(Part::Figure) {
                <section class="card cost" data-testid="figure">
                    <div class="cost-row" data-testid="cost-sequential" data-value={fixed(seq, 0)}>
                        <span>{t(lang, DiskMsg::Sequential)}</span>
                        <span class="bar-track"><span class="bar good" style={bar(seq)}></span></span>
                        <strong>{rate(lang, seq)}</strong>
                    </div>
                    <div class="cost-row" data-testid="cost-random" data-value={fixed(random, 0)}>
                        <span>{t(lang, DiskMsg::Random)}</span>
                        <span class="bar-track"><span class="bar bad-bar" style={bar(random)}></span></span>
                        <strong>{format!("{} · {}% {}", rate(lang, random), i18n::decimal(lang, cost.random_seek_share(bytes) * 100.0, 1), t(lang, DiskMsg::SeekShare))}</strong>
                    </div>
                    <p class="small" data-testid="cost-ratio" data-value={slower.to_string()}>
                        {format!("{} {}", t(lang, DiskMsg::LinearScale), super::numbered::times_slower(lang, slower))}
                    </p>
                    <p class="small" data-testid="cost-streams" data-value={fixed(streams_total / 1e6, 0)}>
                        {format!("{} {}: {}", t(lang, DiskMsg::StreamsLine), params.disk.streams, super::numbered::megabytes_per_second(lang, streams_total))}
                    </p>
                </section>
            }
        </>
    }
}

/// The disk's settings: they depend on the link's parameters only.
fn view_disk_settings(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let cost = params.disk.cost;
    let on_device = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(dev) = Device::from_id(&select.value()) {
            p.disk.device = dev;
            p.disk.cost = dev.defaults();
        }
    });
    let on_seek = edit_number(params, on_params, &declared::SEEK_US);
    let on_mbs = edit_number(params, on_params, &declared::MB_S);
    let on_bytes = edit_number(params, on_params, &declared::RECORD_BYTES);
    let on_streams = edit_number(params, on_params, &declared::STREAMS);
    html! {
        <>
            if params.shows(Part::Settings) {
                <Fold lang={lang}>
                    <section class="card">
                        <div class="inputs">
                            <label class="field narrow-field">
                                <span>{t(lang, DiskMsg::Device)}</span>
                                <select data-testid="device" onchange={on_device}>
                                    <option value="hdd" selected={params.disk.device == Device::Hdd}>{"HDD"}</option>
                                    <option value="nvme" selected={params.disk.device == Device::Nvme}>{"NVMe"}</option>
                                </select>
                            </label>
                            <label class="field narrow-field"><span>{t(lang, DiskMsg::SeekUs)}</span>
                                <input type="number" data-testid="seek-us" min={min_of(&declared::SEEK_US)} max={max_of(&declared::SEEK_US)} value={cost.seek_us.to_string()} oninput={on_seek} /></label>
                            <label class="field narrow-field"><span>{t(lang, DiskMsg::MbS)}</span>
                                <input type="number" data-testid="mb-s" min={min_of(&declared::MB_S)} max={max_of(&declared::MB_S)} value={cost.seq_mb_s.to_string()} oninput={on_mbs} /></label>
                            <label class="field narrow-field"><span>{t(lang, DiskMsg::RecordBytes)}</span>
                                <input type="number" data-testid="record-bytes" min={min_of(&declared::RECORD_BYTES)} max={max_of(&declared::RECORD_BYTES)} value={params.disk.record_bytes.to_string()} oninput={on_bytes} /></label>
                            <label class="field narrow-field"><span>{t(lang, DiskMsg::Streams)}</span>
                                <input type="number" data-testid="streams" min={min_of(&declared::STREAMS)} max={max_of(&declared::STREAMS)} value={params.disk.streams.to_string()} oninput={on_streams} /></label>
                        </div>
                        <p class="dim small">{t(lang, DiskMsg::Illustrative)}</p>
                    </section>
                </Fold>
            }
        </>
    }
}

pub fn view_disk_scene(
    sim: &Sim<Disk>,
    params: &AppParams,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let d = sim.model();
    html! {
        <div class="rest-scene">
            { memo(view_disk_cost, params, &on_params) }
            if params.shows(Part::Figure) {
                <section class="card" aria-labelledby="cache-title">
                    <h2 id="cache-title">{t(lang, DiskMsg::PageCache)}</h2>
                    <p class="small"><code>{"orders-0/00000000000000000000.log"}</code>{format!(" · {PAGES} × {}", t(lang, DiskMsg::PageSize))}</p>
                    <ol class="pages" data-testid="pages">
                        for p in 0..PAGES { {{
                            let state = if p >= d.written { "unwritten" } else if d.cached(p) { "cached" } else { "disk" };
                            let reader = p == d.read;
                            let writer = p == d.written;
                            html! {
                                <li class={classes!("page", state, reader.then_some("reader"), writer.then_some("writer"))}
                                    title={super::numbered::page_name(lang, p as u64)}>
                                    {if reader { "▲" } else if writer { "✎" } else { "" }}
                                </li>
                            }
                        }} }
                    </ol>
                    <p class="narration" aria-live="polite" data-testid="narration">
                        { disk_caption(lang, d.caption(sim.last_event().map(|(_, e)| e)), params.disk.cost) }
                    </p>
                    <ul class="legend inline-legend">
                        <li><span class="swatch processed"></span>{format!(" {} (≤ {CACHE_PAGES})", t(lang, DiskMsg::Cached))}</li>
                        <li><span class="swatch fetched"></span>{format!(" {}", t(lang, DiskMsg::OnDisk))}</li>
                        <li><span class="swatch unread"></span>{format!(" {}", t(lang, DiskMsg::NotWritten))}</li>
                        <li>{format!("▲ {} · ✎ {}", t(lang, DiskMsg::Reader), t(lang, DiskMsg::Writer))}</li>
                    </ul>
                    <dl class="stats">
                        { stat("hits", t(lang, DiskMsg::Hits), u64::from(d.hits)) }
                        { stat("misses", t(lang, DiskMsg::Misses), u64::from(d.misses)) }
                        { stat("prefetched", t(lang, DiskMsg::Prefetched), u64::from(d.prefetched)) }
                    </dl>
                </section>
            }
            { memo(view_disk_settings, params, &on_params) }
        </div>
    }
}
