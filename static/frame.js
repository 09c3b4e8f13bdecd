// In a course's frame, the page tells its host how tall it is, in each
// language a course site may already speak, so that an unchanged host page
// fits the frame to its content:
// - ours: {type: 'kafka-lab:resize', height} whenever the height changes;
// - H5P's resizer (h5p-resizer.js on the host): as an H5P frame does in
//   h5p.js's external embed, say `hello`; once the host answers `hello`,
//   send `prepareResize` with the height, and `resize` after the host's
//   `resizePrepared`; the host's `ready` asks for `hello` again, its
//   `resize` (its window changed) for a new `prepareResize`;
// - iframe-resizer 4's (iframeResizer.js on the host): as its
//   iframeResizer.contentWindow.js, announce `[iFrameResizerChild]Ready`,
//   answer the host's init message with `[iFrameSizer]id:height:width:init`,
//   then send `[iFrameSizer]id:height:width:resizeObserver` on each change,
//   and the size again when the host asks (`reset`, `resize`).
// Only the parent window is listened to, and only these messages; anything
// else is ignored without a word. The page's pre-rendered figure is measured
// the same way as the live app, so the host sizes the frame before the wasm
// arrives. The height is the document's own (its box, not its scrollHeight,
// which never drops below the frame's height and so would never shrink).
(() => {
  const host = window.parent;
  if (host === window) return;
  const IFRAME_SIZER = '[iFrameSizer]';
  let height = -1;
  let width = -1;
  let h5pFriendly = false;
  let sizerId = null;

  const send = (message) => host.postMessage(message, '*');
  const h5p = (action, data = {}) => send({ ...data, context: 'h5p', action });
  const sizer = (trigger) => send(`${IFRAME_SIZER}${sizerId}:${height}:${width}:${trigger}`);
  const measure = () => {
    const root = document.documentElement;
    height = Math.ceil(root.getBoundingClientRect().height);
    width = root.scrollWidth;
  };
  // H5P's host sets the frame to `clientHeight` and then to `scrollHeight`:
  // both are the content's height here, as the page never scrolls inside.
  const prepareResize = () => h5p('prepareResize', { scrollHeight: height, clientHeight: height });

  // A page the browser's cache answered holds its pre-rendered copy back
  // for a moment, while the app starts (build/prerender.mjs). Until the
  // copy or the live app is in the body the document has no height worth
  // telling: a host told it would shrink the frame to nothing, and grow it
  // again a moment later. What the host asks meanwhile is answered once
  // there is something to measure.
  const drawn = () => document.querySelector('body > .app') !== null;
  let initPending = false;

  const changed = () => {
    if (!drawn()) return;
    const before = height;
    measure();
    if (height === before) return;
    send({ type: 'kafka-lab:resize', height });
    if (h5pFriendly) prepareResize();
    else h5p('hello');
    if (sizerId !== null) sizer(initPending ? 'init' : 'resizeObserver');
    initPending = false;
  };

  addEventListener('message', (event) => {
    if (event.source !== host) return;
    const data = event.data;
    if (typeof data === 'string' && data.startsWith(IFRAME_SIZER)) {
      const fields = data.slice(IFRAME_SIZER.length).split(':');
      // The init message carries the host's settings: its third field is
      // `true` or `false` (iframeResizer.contentWindow.js, isInitMsg).
      if (fields[2] === 'true' || fields[2] === 'false') {
        sizerId = fields[0];
        if (!drawn()) initPending = true;
        else {
          measure();
          sizer('init');
        }
      } else if (sizerId !== null && drawn() && (fields[0] === 'reset' || fields[0] === 'resize')) {
        measure();
        sizer(fields[0] === 'reset' ? 'resetPage' : 'resizeParent');
      }
    } else if (data !== null && typeof data === 'object' && data.context === 'h5p') {
      if (data.action === 'ready') h5p('hello');
      else if (data.action === 'hello') {
        h5pFriendly = true;
        if (drawn()) {
          measure();
          prepareResize();
        }
      } else if (data.action === 'resizePrepared') h5p('resize', { scrollHeight: height });
      else if (data.action === 'resize' && h5pFriendly && drawn()) {
        measure();
        prepareResize();
      }
    }
  });
  new ResizeObserver(changed).observe(document.documentElement);
  send('[iFrameResizerChild]Ready');
})();
