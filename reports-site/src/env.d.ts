// Vite bundles CSS imported from modules.
declare module '*.css';
