// Stylesheets are bundled by WXT (Vite); importing one only includes it.
declare module '*.css';
