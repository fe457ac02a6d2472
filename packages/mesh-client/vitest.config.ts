import { defineConfig } from 'vitest/config';
import { packageTests } from '../../config/package-tools.js';

export default defineConfig(packageTests(90));
