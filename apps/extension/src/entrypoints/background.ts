import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../background/root';

// The service worker: hosts the agent. Everything it is made of, and the listeners it
// registers at start-up, is the background's root (background/root.ts).

export default defineBackground(() => startBackground());
