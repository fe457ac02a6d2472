// Runs before each test file (vitest `setupFiles`): the test files share their modules (`isolate:
// false`), so what each file must have of its own is registered here, once per file.
import { checkRequestsOfThisFile } from './openapi.js';

checkRequestsOfThisFile();
