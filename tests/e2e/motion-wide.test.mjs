// Records travel, at a laptop's width, in English: motion.test.mjs says
// what is checked, at a phone's.
import { useBrowser } from './harness.mjs';
import { travelTests } from './motion.mjs';

const env = useBrowser();

travelTests(env, 'en', { width: 1280, height: 800 });
