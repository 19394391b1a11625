export default defineNuxtConfig({ ssr: true });
