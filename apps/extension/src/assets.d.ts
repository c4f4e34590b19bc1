// Stylesheets are bundled by WXT (Vite); importing one only includes it.
declare module '*.css';
// `?url` imports (Vite): the address of the bundled file.
declare module '*?url' {
  const url: string;
  export default url;
}
