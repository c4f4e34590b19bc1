import { createRoot } from 'react-dom/client';
import { App } from '../../ui/privacy/App';
import '../../ui/styles.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
