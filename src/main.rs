//! trunk's development build: the app mounted on the page
//! (src/ui/start.rs). The release bundles start the library itself
//! (`release-start`, src/lib.rs).

fn main() {
    kafka_ordering_lab::ui::start();
}
