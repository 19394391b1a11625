module.exports = {
  title: 'Docs',
  url: 'https://example.org',
  baseUrl: '/',
}
