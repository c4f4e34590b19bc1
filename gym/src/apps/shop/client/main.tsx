import { createRoot } from 'react-dom/client';
import { App } from './app';

// The drifted page's root has another id (see drift.ts).
const root = document.getElementById('root') ?? document.getElementById('app');
if (root) createRoot(root).render(<App />);
