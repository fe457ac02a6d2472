// Entry for Chromium (bundled by the runner): the fakes' addresses come in the page's hash, the results
// go to `window.smokeResults` for the runner to read.
import { runSmoke } from './smoke.mjs';

const targets = JSON.parse(decodeURIComponent(location.hash.slice(1)));
runSmoke(targets).then((results) => {
  window.smokeResults = results;
});
